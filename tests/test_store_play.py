"""Starting the window (solitaire/cli/play.py): which game it opens, what happens to the game in progress when
another is named, and the kept settings it opens with. No window is opened here."""
from __future__ import annotations

import argparse
import random
from pathlib import Path

import pytest

from game.families.klondike import DRAW as DRAW_OPTION
from game.session import Session
from game.variants import find_variant
from solitaire.cli.common import UsageError, variant_from_args
from solitaire.cli.play import WindowOptions, choose_session, window_options
from solitaire.store import open_store
from solitaire.store.settings import ANIMATION_SPEED, FULLSCREEN, LAST_GAME, SOUND, WINDOW_SIZE, option_setting

from .test_store import random_play

DRAW = option_setting(DRAW_OPTION)

DEFAULT = (1280, 800)


def names(**given: object) -> argparse.Namespace:
    options = {"game": None, "deal": None, "cells": None, "columns": None, "draw": None}
    return argparse.Namespace(**{**options, **given})


def window_args(**given: object) -> argparse.Namespace:
    return argparse.Namespace(**{"size": None, "mute": False, "fullscreen": False, **given})


def saved_game(tmp_path: Path) -> Session:
    store, _ = open_store(tmp_path)
    session = Session(find_variant("freecell"), 31)
    random_play(session, random.Random(31), 10, store)
    store.close()
    return session


@pytest.mark.parametrize("named", [{"game": "golf"}, {"deal": 5}, {"game": "klondike", "draw": 3}, {"cells": 2}])
def test_naming_a_game_counts_the_one_in_progress_and_tells_the_player(tmp_path: Path, named: dict[str, object]) -> None:
    left = saved_game(tmp_path)
    store, _ = open_store(tmp_path)
    session, notes = choose_session(names(**named), store)
    expected = "won" if left.is_won else "lost" if left.is_lost else "abandoned"
    assert any(f"FreeCell #31 ({expected})" in note for note in notes)
    assert session.variant == variant_from_args(names(**named))
    assert session.deal_number == named.get("deal", session.deal_number)
    assert [(r.deal, r.result, r.moves) for r in store.games("freecell")] == [(31, expected, left.move_count)]
    store.close()
    store, _ = open_store(tmp_path)
    resumed, message = store.load_game()
    store.close()
    assert message is None and resumed is not None  # the game named, never the one counted resumed as well
    assert (resumed.variant, resumed.deal_number, resumed.actions) == (session.variant, session.deal_number, session.actions)


def test_the_window_does_a_named_games_writes_once_its_first_frame_is_up(tmp_path: Path) -> None:
    """What the first frame does not read waits for it (`later`): the game is neither remembered nor
    saved until the window runs those steps, and then it is both, as without waiting."""
    store, _ = open_store(tmp_path)
    before = store.settings.get(LAST_GAME)
    later: list = []
    named, _notes = choose_session(names(game="golf", deal=5), store, later)
    assert store.settings.get(LAST_GAME) == before != "golf" and store.load_game()[0] is None
    for step in later:
        step()
    saved, _message = store.load_game()
    assert store.settings.get(LAST_GAME) == "golf"
    assert saved is not None and (saved.variant.key, saved.deal_number) == ("golf", 5)
    store.close()


def test_a_named_game_is_reopened_when_the_window_is_killed_before_its_first_move(tmp_path: Path) -> None:
    """Issue 56, item 8: it was saved only at its first move, so the next start opened another deal."""
    store, _ = open_store(tmp_path)
    named, _notes = choose_session(names(game="golf", deal=5), store)
    store.close()  # what a kill leaves: the window saved nothing more (closing saves nothing by itself)
    store, _ = open_store(tmp_path)
    session, notes = choose_session(names(), store)
    store.close()
    assert (session.variant.key, session.deal_number) == ("golf", 5) and session.actions == named.actions
    assert "welcome back: Golf, deal #5" in notes


def test_a_bad_game_name_changes_nothing(tmp_path: Path) -> None:
    left = saved_game(tmp_path)
    store, _ = open_store(tmp_path)
    with pytest.raises(UsageError):
        choose_session(names(game="calculation"), store)
    assert store.games() == []
    resumed, _ = store.load_game()
    assert resumed is not None and resumed.actions == left.actions
    store.close()


def test_without_a_name_the_game_in_progress_is_resumed(tmp_path: Path) -> None:
    left = saved_game(tmp_path)
    store, _ = open_store(tmp_path)
    session, notes = choose_session(names(), store)
    assert session.actions == left.actions and any("welcome back" in note for note in notes)
    assert store.games() == []
    store.close()


@pytest.mark.parametrize("draw", [1, 3])
def test_the_kept_draw_setting_deals_klondike_that_way(tmp_path: Path, draw: int) -> None:
    store, _ = open_store(tmp_path)
    store.settings.set(LAST_GAME, "klondike")
    store.settings.set(DRAW, draw)
    store.close()
    store, _ = open_store(tmp_path)
    session, _ = choose_session(names(), store)
    assert session.variant.family.key == "klondike" and DRAW_OPTION.value(session.variant) == draw
    store.close()


def test_the_window_opens_as_the_player_left_it(tmp_path: Path) -> None:
    store, _ = open_store(tmp_path)
    assert window_options(window_args(), store.settings, DEFAULT) == WindowOptions(DEFAULT, True, 1.0, False)
    store.settings.set(WINDOW_SIZE, (1024, 700))
    store.settings.set(FULLSCREEN, True)
    store.settings.set(SOUND, False)
    store.settings.set(ANIMATION_SPEED, 2.5)
    store.close()
    store, _ = open_store(tmp_path)
    kept = window_options(window_args(), store.settings, DEFAULT)
    assert (kept.size, kept.fullscreen, kept.sound, kept.speed) == ((1024, 700), True, False, 2.5)
    store.close()


def test_the_command_line_wins_for_this_run_only(tmp_path: Path) -> None:
    store, _ = open_store(tmp_path)
    store.settings.set(WINDOW_SIZE, (1024, 700))
    given = window_options(window_args(size=(900, 600), mute=True, fullscreen=True), store.settings, DEFAULT)
    assert (given.size, given.sound, given.fullscreen) == ((900, 600), False, True)
    assert (store.settings.get(WINDOW_SIZE), store.settings.get(SOUND), store.settings.get(FULLSCREEN)) == (
        (1024, 700), True, False
    )
    store.close()


def test_animation_speed_is_a_setting_a_control_can_set_within_its_range(tmp_path: Path) -> None:
    store, _ = open_store(tmp_path)
    for bad in (0.1, 5, float("nan"), True, "fast"):
        with pytest.raises(ValueError):
            store.settings.set(ANIMATION_SPEED, bad)  # type: ignore[arg-type]
    assert store.settings.get(ANIMATION_SPEED) == 1.0  # refused values leave it as it was
    store.settings.set(ANIMATION_SPEED, 0.5)
    store.close()
    store, _ = open_store(tmp_path)
    assert window_options(window_args(), store.settings, DEFAULT).speed == 0.5
    store.close()


def test_the_window_is_told_every_start_up_note_at_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A read-only database and the resumed game: the status line must not lose "nothing will be saved"."""
    import solitaire.store as store_module
    import sprites.window.app
    from solitaire.cli import main

    left = saved_game(tmp_path)
    said: list[str] = []

    class FakeTable:
        def say(self, message: str) -> None:
            said.append(message)

    class FakeApp:
        def __init__(self, session: Session, size: tuple[int, int], **options: object) -> None:
            assert session.actions == left.actions
            self.table = FakeTable()

        def run(self) -> None:
            pass

    def read_only(path: Path) -> object:
        raise store_module.sqlite3.OperationalError("attempt to write a readonly database")

    monkeypatch.setattr(sprites.window.app, "App", FakeApp)
    monkeypatch.setattr(store_module, "connect", read_only)
    assert main(["play", "--data-dir", str(tmp_path)]) == 0
    assert len(said) == 1 and "nothing will be saved" in said[0] and "welcome back" in said[0]
    assert said[0].index("nothing will be saved") < said[0].index("welcome back")  # the warning comes first


def test_a_game_named_on_the_command_line_is_the_last_game(tmp_path: Path) -> None:
    """`solitaire --game klondike --draw 3`, won; the next plain `solitaire` deals Klondike draw 3 again."""
    store, _ = open_store(tmp_path)
    session, _ = choose_session(names(game="klondike", deal=3, draw=3), store)
    assert session.variant.key == "klondike-draw3"
    assert store.settings.get(LAST_GAME) == "klondike-draw3" and store.settings.get(DRAW) == 3
    store.record_game(session, "won")  # as the window records it when won: the game named is no longer saved
    store.close()
    store, _ = open_store(tmp_path)
    again, notes = choose_session(names(), store)
    assert again.variant.key == "klondike-draw3" and notes == []
    store.close()
