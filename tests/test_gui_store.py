"""The window keeps the game, the statistics and the settings in the store."""
from __future__ import annotations

import argparse

import pygame
import pytest

from cli.play import choose_session
from game.cards import Card
from game.moves import Move, column
from game.settings import AUTOPLAY, LAST_GAME, SOUND
from game.store import open_store
from sprites.app import App
from sprites.statistics import StatisticsOverlay

from .gui_helpers import FakeClock, board, card_point, click, key, make_app, settle
from .test_gui_table import first_column_move


@pytest.fixture(autouse=True)
def pygame_session():
    pygame.init()
    yield
    pygame.quit()


def no_names() -> argparse.Namespace:
    return argparse.Namespace(game=None, deal=None, cells=None, columns=None, draw=None)


def test_every_move_is_saved_and_the_next_start_resumes_with_history(tmp_path) -> None:
    store, _ = open_store(tmp_path)
    session, _ = choose_session(argparse.Namespace(game="freecell", deal=617, cells=None, columns=None, draw=None), store)
    app = App(session, (1000, 700), now_ms=FakeClock(), store=store, analyse=False)
    move = first_column_move(app, legal=True)
    app.table.try_move(lambda: move)
    app.table.try_move(lambda: Move(column(0), Move.parse("1a").dst))
    app.table.undo()
    position, history = session.state, session.actions
    app.close()  # also saves on quit, and closes the store

    store, message = open_store(tmp_path)
    resumed, notes = choose_session(no_names(), store)
    assert message is None and any("welcome back" in n for n in notes)
    assert (resumed.variant.key, resumed.deal_number) == ("freecell", 617)
    assert resumed.state == position and resumed.actions == history
    assert resumed.can_redo  # the undone move can still be redone
    store.close()


def test_a_won_game_is_recorded_and_a_new_deal_counts_the_old_one_abandoned(tmp_path) -> None:
    store, _ = open_store(tmp_path)
    start = board("freecell", {0: "KS"}, foundations={"C": 13, "D": 13, "H": 13, "S": 12})
    app, clock = make_app(start=start, autoplay=False, store=store, analyse=False)
    king = Card.parse("KS")
    click(app, clock, card_point(app, king))
    click(app, clock, card_point(app, king), gap_ms=100)
    settle(app, clock)
    assert store.statistics("freecell").won == 1
    app.start_game(app.table.session.variant, 617)  # won: not counted again
    move = first_column_move(app, legal=True)
    app.table.try_move(lambda: move)
    app.start_game(app.table.session.variant, 618)  # played and left: abandoned
    stats = store.statistics("freecell")
    assert (stats.played, stats.won, stats.abandoned, stats.current_streak) == (2, 1, 1, -1)
    key(app, pygame.K_s)
    overlay = app.overlays[-1]
    assert isinstance(overlay, StatisticsOverlay)
    current = [row for highlighted, row in overlay.rows() if highlighted]
    assert current == [("FreeCell", "2", "1", "50%", "1 lost", "1", "1", current[0][7], "1")]
    app.close()


def test_settings_persist_sound_autoplay_and_last_game(tmp_path) -> None:
    store, _ = open_store(tmp_path)
    app, clock = make_app(store=store, analyse=False)
    key(app, pygame.K_m)
    key(app, pygame.K_a)
    app.start_game(__import__("game.variants", fromlist=["find_variant"]).find_variant("golf"), 3)
    app.close()
    store, _ = open_store(tmp_path)
    assert store.settings.get(SOUND) is False
    assert store.settings.get(AUTOPLAY) is False
    assert store.settings.get(LAST_GAME) == "golf"
    resumed, _ = choose_session(no_names(), store)
    assert resumed.variant.key == "golf" and resumed.autoplay is False
    store.close()


def test_winnable_deals_only_is_a_kept_setting_that_new_deals_obey(tmp_path) -> None:
    from game.rules import rules_for
    from game.settings import WINNABLE_ONLY
    from game.solver import Status, solve

    store, _ = open_store(tmp_path)
    app, clock = make_app(game="golf", deal=3, store=store, analyse=False)
    key(app, pygame.K_w)
    assert store.settings.get(WINNABLE_ONLY) is True
    for _ in range(3):
        key(app, pygame.K_F2)
        session = app.table.session
        rules = rules_for(session.variant)
        assert "a winnable deal" in app.table.message
        assert solve(rules, session.initial, time_limit=20).status is Status.SOLVED
    game_button = next(b for b in app.table.buttons if b.label == "Game")
    click(app, clock, game_button.rect.center)
    app.step()
    toggle = next(b for b in app.overlays[-1].buttons if b.label.startswith("Winnable deals only"))
    assert toggle.label.endswith("on")
    click(app, clock, toggle.rect.center)
    app.step()
    assert store.settings.get(WINNABLE_ONLY) is False and toggle.label.endswith("off")
    app.close()


def test_window_size_full_screen_and_draw_three_are_kept_for_the_next_start(tmp_path) -> None:
    from cli.play import window_options
    from game.settings import DRAW, FULLSCREEN, WINDOW_SIZE
    from game.variants import find_variant

    store, _ = open_store(tmp_path)
    app, clock = make_app(size=(1000, 700), store=store, analyse=False)
    app.start_game(find_variant("klondike-draw3"), 4)
    app.close()
    store, _ = open_store(tmp_path)
    assert store.settings.get(WINDOW_SIZE) == (1000, 700) and store.settings.get(DRAW) == 3
    opened = window_options(argparse.Namespace(size=None, mute=False, fullscreen=False), store.settings, (1280, 800))
    assert opened.size == (1000, 700) and opened.fullscreen is False
    session, _ = choose_session(no_names(), store)  # the Klondike deal left open comes back, drawing three
    assert session.variant.family == "klondike" and session.variant.draw == 3

    app = App(session, opened.size, now_ms=FakeClock(), store=store, analyse=False, fullscreen=opened.fullscreen)
    key(app, pygame.K_F11)
    assert app.fullscreen and store.settings.get(FULLSCREEN) is True
    app.close()
    store, _ = open_store(tmp_path)
    opened = window_options(argparse.Namespace(size=None, mute=False, fullscreen=False), store.settings, (1280, 800))
    assert opened.fullscreen is True and opened.size == (1000, 700)  # the windowed size is kept for leaving it
    store.close()
