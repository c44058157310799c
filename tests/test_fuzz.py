"""A fixed-seed slice of bench/fuzz.py, so `make test` keeps what the long runs found (README,
"Fuzzing"): random window events, console lines and mutated board texts, for every game."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pygame
import pytest

from game.variants import offered_variants

FUZZ = Path(__file__).resolve().parent.parent / "bench" / "fuzz.py"
# The games a player picks: a game reached only through its family's option (Spider's relaxed deal)
# plays by the same rules module as the one listed, and make test's time is better spent elsewhere.
GAMES = [variant.key for variant in offered_variants()]


def load_fuzz():
    spec = importlib.util.spec_from_file_location("fuzz", FUZZ)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("fuzz", module)
    spec.loader.exec_module(module)
    return module


fuzz = load_fuzz()


@pytest.fixture
def window():
    pygame.init()
    yield
    pygame.quit()


@pytest.mark.parametrize("game", GAMES)
def test_random_window_events_lose_no_card_and_the_save_resumes(window: None, game: str) -> None:
    report = fuzz.fuzz_window(game, events=1000, seed=14, check_every=250)  # sixteen games: make test stays short
    assert report.failures == [] and report.events >= 1000


@pytest.mark.parametrize("game", GAMES)
def test_random_console_lines_stop_nothing(game: str) -> None:
    report = fuzz.fuzz_console(game, lines=1500, seed=14)
    assert report.failures == [] and report.events == 1500


@pytest.mark.parametrize("game", GAMES)
def test_mutated_board_texts_read_or_say_why(game: str) -> None:
    report = fuzz.fuzz_board(game, texts=400, seed=14)
    assert report.failures == [] and report.events == 400


# Issue 37's fault classes, a few seconds each (bench/fuzz.py says what each run checks).


def test_range_runs_interrupted_at_random_stop_in_time_and_keep_their_rows() -> None:
    report = fuzz.fuzz_range("freecell", runs=3, seed=14)
    assert report.failures == [] and report.events == 3


def test_hostile_things_at_the_data_folder_neither_hang_nor_lose_a_game() -> None:
    report = fuzz.fuzz_paths("golf", runs=10, seed=14)
    assert report.failures == [] and report.events == 10


def test_a_disk_that_fills_and_empties_while_playing_loses_no_move() -> None:
    report = fuzz.fuzz_disk("freecell", actions=300, seed=14)
    assert report.failures == [] and report.events == 300


def test_board_input_that_never_ends_is_refused_in_one_line() -> None:
    report = fuzz.fuzz_endless("freecell", runs=3, seed=14)
    assert report.failures == [] and report.events == 3


def test_a_solver_worker_stopped_and_killed_at_random_never_holds_the_window() -> None:
    report = fuzz.fuzz_worker("freecell", runs=4, seed=14)
    assert report.failures == [] and report.events == 4


def test_commands_on_narrow_terminal_encodings_never_break() -> None:
    report = fuzz.fuzz_locales("klondike", runs=6, seed=14)
    assert report.failures == [] and report.events == 6


def test_games_abandoned_in_the_window_on_a_full_disk_are_told_and_all_recorded(window: None) -> None:
    report = fuzz.fuzz_abandon("klondike", runs=2, seed=14)
    assert report.failures == [] and report.events == 2


def test_a_damaged_font_never_stops_the_window() -> None:
    report = fuzz.fuzz_fonts("golf", runs=4, seed=14)
    assert report.failures == [] and report.events == 4
