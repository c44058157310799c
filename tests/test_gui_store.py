"""The window keeps the game, the statistics and the settings in the store."""
from __future__ import annotations

import argparse

import pygame
import pytest

from game.cards import Card
from game.moves import Move, column
from game.session import Session
from game.variants import find_variant
from solitaire.cli.play import choose_session
from solitaire.store import open_store
from solitaire.store.settings import AUTOPLAY, LAST_GAME, SOUND
from sprites.panels.statistics import StatisticsOverlay
from sprites.window.app import App

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
    app.table.play.undo()
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
    app.life.start_game(app.table.session.variant, 617)  # won: not counted again
    move = first_column_move(app, legal=True)
    app.table.try_move(lambda: move)
    app.life.start_game(app.table.session.variant, 618)  # played and left: abandoned
    stats = store.statistics("freecell")
    assert (stats.played, stats.won, stats.abandoned, stats.current_streak) == (2, 1, 1, -1)
    key(app, pygame.K_s)
    overlay = app.overlays[-1]
    assert isinstance(overlay, StatisticsOverlay)
    current = [row for highlighted, row in overlay.rows() if highlighted]
    assert current == [("FreeCell", "2", "1", "50%", "1 lost", "1", "1", current[0][7], "1", "0", "0", "-")]
    app.close()


def test_settings_persist_sound_autoplay_and_last_game(tmp_path) -> None:
    store, _ = open_store(tmp_path)
    app, clock = make_app(store=store, analyse=False)
    key(app, pygame.K_m)
    key(app, pygame.K_a)
    app.life.start_game(__import__("game.variants", fromlist=["find_variant"]).find_variant("golf"), 3)
    app.close()
    store, _ = open_store(tmp_path)
    assert store.settings.get(SOUND) is False
    assert store.settings.get(AUTOPLAY) is False
    assert store.settings.get(LAST_GAME) == "golf"
    resumed, _ = choose_session(no_names(), store)
    assert resumed.variant.key == "golf" and resumed.autoplay is False
    store.close()


def test_winnable_deals_only_is_a_kept_setting_that_new_deals_obey(tmp_path) -> None:
    from game.solver import Status, solve
    from game.variants import rules_for
    from solitaire.store.settings import WINNABLE_ONLY

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
    from game.families.klondike import DRAW as DRAW_OPTION
    from game.variants import find_variant
    from solitaire.cli.play import window_options
    from solitaire.store.settings import FULLSCREEN, WINDOW_SIZE, option_setting
    DRAW = option_setting(DRAW_OPTION)

    store, _ = open_store(tmp_path)
    app, clock = make_app(size=(1000, 700), store=store, analyse=False)
    app.life.start_game(find_variant("klondike-draw3"), 4)
    app.close()
    store, _ = open_store(tmp_path)
    assert store.settings.get(WINDOW_SIZE) == (1000, 700) and store.settings.get(DRAW) == 3
    opened = window_options(argparse.Namespace(size=None, mute=False, fullscreen=False), store.settings, (1280, 800))
    assert opened.size == (1000, 700) and opened.fullscreen is False
    session, _ = choose_session(no_names(), store)  # the Klondike deal left open comes back, drawing three
    assert session.variant.family.key == "klondike" and DRAW_OPTION.value(session.variant) == 3

    app = App(session, opened.size, now_ms=FakeClock(), store=store, analyse=False, fullscreen=opened.fullscreen)
    key(app, pygame.K_F11)
    assert app.fullscreen and store.settings.get(FULLSCREEN) is True
    app.close()
    store, _ = open_store(tmp_path)
    opened = window_options(argparse.Namespace(size=None, mute=False, fullscreen=False), store.settings, (1280, 800))
    assert opened.fullscreen is True and opened.size == (1000, 700)  # the windowed size is kept for leaving it
    store.close()


@pytest.mark.filterwarnings("ignore::DeprecationWarning")  # pygame-ce frowns on drawing through this handle, not resizing
def test_quitting_in_full_screen_keeps_the_size_the_window_had_before_it(tmp_path) -> None:
    from solitaire.store.settings import WINDOW_SIZE

    store, _ = open_store(tmp_path)
    app, clock = make_app(size=(1000, 700), store=store, analyse=False)
    pygame.Window.from_display_module().size = (1100, 750)  # the player drags the window's corner
    app.step()
    assert app.size == (1100, 750)
    key(app, pygame.K_F11)
    assert app.fullscreen and app.size != (1100, 750)
    app.close()  # quitting in full screen
    store, _ = open_store(tmp_path)
    assert store.settings.get(WINDOW_SIZE) == (1100, 750)
    store.close()


def test_a_kept_window_size_below_the_least_opens_at_the_least() -> None:
    from solitaire.cli.play import window_options
    from solitaire.store.settings import MIN_WINDOW, WINDOW_SIZE, Settings

    kept = {"window_size": "[640, 480]"}  # written when the least window was 320x240
    settings = Settings(kept.get, kept.__setitem__)
    assert settings.get(WINDOW_SIZE) == MIN_WINDOW
    opened = window_options(argparse.Namespace(size=None, mute=False, fullscreen=False), settings, (1280, 800))
    app = App(Session(find_variant("freecell"), 1), opened.size, now_ms=FakeClock(), analyse=False)
    assert app.size == MIN_WINDOW
    app.close()
    kept["window_size"] = "[640, 900]"
    assert settings.get(WINDOW_SIZE) == (MIN_WINDOW[0], 900)  # only the side that is too small grows
    kept["window_size"] = "[0, 480]"
    assert settings.get(WINDOW_SIZE) is None  # not a size at all: the default
    with pytest.raises(ValueError, match="800x600"):
        settings.set(WINDOW_SIZE, (640, 480))  # the window never asks to keep one


@pytest.mark.parametrize("size", ["640x480", "800x599", "799x600"])
def test_size_below_the_least_window_is_one_line_naming_the_least(size: str, capsys: pytest.CaptureFixture[str]) -> None:
    from solitaire.cli import main

    with pytest.raises(SystemExit) as stopped:
        main(["play", "--size", size])
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "the least is 800x600" in error and size in error


def test_a_start_up_note_is_shown_in_full_at_the_least_window(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Through the real command: a data folder that cannot be made, a window of 800x600, one frame."""
    from solitaire.cli import main
    from sprites.panels.status import MESSAGE

    blocked = tmp_path / "a file"
    blocked.write_text("not a folder")
    seen: dict[str, object] = {}

    def one_frame(app: App) -> None:
        app.step()
        seen.update(message=app.table.message, lines=list(app.table.status.note_lines), box=app.table.status.note_rect,
                    status=app.table.view.layout.status, screen=app.screen.copy(), size=app.size)
        app.close()

    monkeypatch.setattr(App, "run", one_frame)
    assert main(["play", "--data-dir", str(blocked / "data"), "--size", "800x600", "--mute"]) == 0
    message, box, status, screen = seen["message"], seen["box"], seen["status"], seen["screen"]
    assert seen["size"] == (800, 600) and "nothing will be saved" in message and str(blocked) in message
    assert "".join(seen["lines"]).replace(" ", "") == message.replace(" ", "")  # every word, none cut
    assert box is not None and screen.get_rect().contains(box) and box.bottom <= status.top

    def message_pixels(area: pygame.Rect) -> int:
        return sum(screen.get_at((x, y))[:3] == MESSAGE
                   for x in range(area.left, area.right) for y in range(area.top, area.bottom))
    assert message_pixels(box) > 500 and message_pixels(status) == 0  # in the box, not cut short in the bar
