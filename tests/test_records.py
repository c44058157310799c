"""Statistics that mean what they say (issue 14): a deal only auto-play moved is no game played, a game
the solver finished is no win, and hostile or impossible rows are never shown as they are."""
from __future__ import annotations

import argparse
import sqlite3
from pathlib import Path

import pygame
import pytest

from game.session import Session
from game.variants import find_variant
from solitaire.cli import main
from solitaire.cli.play import choose_session
from solitaire.store import DB_NAME, open_store
from solitaire.store.settings import SOUND
from solitaire.store.stats import GameRecord, compute_stats
from sprites.panels.statistics import COLUMNS, StatisticsOverlay
from sprites.window.app import App

from .gui_helpers import FakeClock, click, key, make_app, settle


def named(**given: object) -> argparse.Namespace:
    options = {"game": None, "deal": None, "cells": None, "columns": None, "draw": None}
    return argparse.Namespace(**{**options, **given})


@pytest.mark.parametrize("game", ["seahaven", "eightoff"])
def test_a_deal_only_auto_play_moved_is_not_a_game_played(tmp_path: Path, game: str) -> None:
    """`--game seahaven --deal 2`, Ctrl+Q, then start FreeCell: no game was played, none is counted."""
    store, _ = open_store(tmp_path)
    app = App(Session(find_variant(game), 2), now_ms=FakeClock(), store=store, analyse=False)
    app.step()
    assert app.table.session.actions and all(app.table.session.automatic)  # auto-play did move at the deal
    key(app, pygame.K_q, pygame.KMOD_CTRL)
    app.close()
    store, _ = open_store(tmp_path)
    session, notes = choose_session(named(game="freecell"), store)
    assert store.games() == [] and notes == []
    resumed, message = store.load_game()  # forgotten, not left to be resumed either: only the game named is
    store.close()
    assert message is None and resumed is not None and (resumed.variant.key, resumed.deal_number) == ("freecell",
                                                                                                        session.deal_number)


@pytest.mark.parametrize("result", ["abandoned", "lost"])
def test_a_deal_nobody_played_is_not_recorded_however_it_stands(tmp_path: Path, result: str) -> None:
    store, _ = open_store(tmp_path)
    session = Session(find_variant("seahaven"), 2)
    session.run_autoplay()
    assert session.actions and not session.player_acted
    assert not store.record_game(session, result)  # type: ignore[arg-type]
    session.play(next(iter(session.rules.legal_moves(session.state))))
    assert store.record_game(session, result)  # type: ignore[arg-type]
    assert [record.result for record in store.games()] == [result]
    store.close()


@pytest.mark.parametrize("game", ["seahaven", "eightoff"])
def test_undo_is_off_at_moves_0_when_only_auto_play_moved(game: str) -> None:
    app = App(Session(find_variant(game), 2), now_ms=FakeClock(), analyse=False)
    app.step()
    session = app.table.session
    assert session.actions and session.move_count == 0
    undo = next(button for button in app.table.buttons if button.label == "Undo")
    assert not undo.enabled() and not session.can_undo
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # the key does nothing either
    assert session.position_in_history == len(session.actions)
    app.close()


# -- a game the solver finished ---------------------------------------------------------------------------


def test_a_game_the_solve_button_finished_is_recorded_as_the_solvers(tmp_path: Path) -> None:
    """Solve at the deal used to give "1 played, 1 won" with a best time and fewest moves."""
    from .test_gui_solver import near_end_position, wait_for_verdict

    store, _ = open_store(tmp_path)
    app, clock = make_app(start=near_end_position(), autoplay=False, store=store)
    app.table.session.hints = 2
    wait_for_verdict(app)
    solve = next(b for b in app.table.buttons if b.label == "Solve")
    click(app, clock, solve.rect.center)
    settle(app, clock, limit_ms=120_000)
    session = app.table.session
    assert session.is_won and session.solver_played
    assert "finished by the solver" in app.overlays[-1].lines[0]
    assert app.overlays[-1].title == "Solved"  # not "You won!": the game is the solver's (issue 57 item 7)
    [record] = store.games()
    assert record.result == "solved" and record.hints == 2
    stats = store.statistics("freecell")
    assert (stats.played, stats.won, stats.solved, stats.hints) == (0, 0, 1, 2)
    assert (stats.best_seconds, stats.fewest_moves, stats.current_streak) == (None, None, 0)
    app.close()
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0


def test_the_solvers_games_make_and_break_no_streak_and_set_no_record() -> None:
    records = [GameRecord("golf", result, moves, seconds, hints=1)  # type: ignore[arg-type]
               for result, moves, seconds in [("won", 30, 100.0), ("solved", 5, 1.0), ("won", 40, 200.0), ("lost", 9, 9.0),
                                              ("solved", 5, 1.0), ("solved", 5, 1.0)]]
    stats = compute_stats("golf", records)
    assert (stats.played, stats.won, stats.lost, stats.solved, stats.hints) == (3, 2, 1, 3, 6)
    assert (stats.longest_winning_streak, stats.current_streak) == (2, -1)
    assert (stats.best_seconds, stats.fewest_moves) == (100.0, 30)


def test_a_saved_game_keeps_that_the_solver_played_in_it(tmp_path: Path) -> None:
    store, _ = open_store(tmp_path)
    session = Session(find_variant("freecell"), 1)
    session.play(next(iter(session.rules.legal_moves(session.state))))
    session.solver_played = True
    assert store.save_game(session)
    store.close()
    store, _ = open_store(tmp_path)
    resumed, message = store.load_game()
    assert message is None and resumed is not None and resumed.solver_played
    store.close()


def test_the_stats_command_and_screen_show_the_solvers_games_and_hints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store, _ = open_store(tmp_path)
    for solver in (True, False):
        session = Session(find_variant("freecell"), 1)
        session.solver_played, session.hints = solver, 3
        assert store.record_game(session, "won")
    store.close()
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    header, row = capsys.readouterr().out.splitlines()
    assert header.endswith("Fewest moves  By solver  Hints  Best score") and row.split()[-3:] == ["1", "6", "-"]
    assert row.split()[1:3] == ["1", "1"]  # played 1, won 1: the solver's game is apart
    store, _ = open_store(tmp_path)
    app = App(Session(find_variant("freecell"), 2), now_ms=FakeClock(), store=store, analyse=False)
    key(app, pygame.K_s)
    overlay = app.overlays[-1]
    assert isinstance(overlay, StatisticsOverlay)
    [(current, row_cells)] = [(c, r) for c, r in overlay.rows() if r[0] == "FreeCell"]
    assert current and row_cells[1:3] == ("1", "1") and row_cells[-3:] == ("1", "6", "-")
    assert "By solver" in COLUMNS and "Hints" in COLUMNS
    app.close()


# -- hostile or impossible rows -------------------------------------------------------------------------------


def raw_database(data_dir: Path) -> sqlite3.Connection:
    store, _ = open_store(data_dir)
    for deal in (1, 2):
        session = Session(find_variant("freecell"), deal, clock=lambda: 0.0)
        session.play(next(iter(session.rules.legal_moves(session.state))))
        assert store.record_game(session, "won")
    store.close()
    return sqlite3.connect(data_dir / DB_NAME, isolation_level=None)


HOSTILE = {
    "a 300-digit best time": "UPDATE games SET seconds = '1' || printf('%.300d', 0) WHERE deal = 2",
    "a best time of 1e300": "UPDATE games SET seconds = 1e300 WHERE deal = 2",
    "an infinite time": "UPDATE games SET seconds = 9e999 WHERE deal = 2",
    "fewest moves -3": "UPDATE games SET moves = -3 WHERE deal = 2",
    "moves as a BLOB": "UPDATE games SET moves = x'00ff' WHERE deal = 2",
    "a game key as a BLOB": "UPDATE games SET game_key = x'66726565' WHERE deal = 2",
}


@pytest.mark.parametrize("edit", HOSTILE.values(), ids=HOSTILE.keys())
def test_an_impossible_statistics_row_is_set_aside_not_shown(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], edit: str
) -> None:
    raw = raw_database(tmp_path)
    raw.execute("PRAGMA ignore_check_constraints = ON")
    raw.execute(edit)
    raw.close()
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    captured = capsys.readouterr()
    assert "1 recorded game held impossible values" in captured.err and "set aside" in captured.err
    assert captured.err.count("\n") == 1 and len(captured.err) < 300
    [header, row] = captured.out.splitlines()
    assert row.split()[1:3] == ["1", "1"] and "0:00" in row  # the sound game alone, its own time
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().err == ""  # set aside once, kept for a bug report
    raw = sqlite3.connect(tmp_path / DB_NAME)
    assert raw.execute("SELECT count(*) FROM set_aside_games WHERE reason LIKE 'statistics row%'").fetchone() == (1,)
    raw.close()


def test_an_impossible_row_in_a_read_only_store_is_left_out(tmp_path: Path) -> None:
    raw = raw_database(tmp_path)
    raw.execute("UPDATE games SET moves = -3 WHERE deal = 2")
    raw.close()
    store, _ = open_store(tmp_path)
    store._conn.execute("PRAGMA query_only = ON")  # as a database that cannot be written
    stats = store.statistics("freecell")
    assert (stats.played, stats.fewest_moves) == (1, 1)
    notice = store.take_notice()
    assert notice is not None and not notice.kept and notice.games == 1  # left out, not set aside: nothing is written
    assert "left out of the statistics" in str(notice)
    store.close()


BLOBS = {
    "an action as a BLOB": "UPDATE saved_game_actions SET action = x'3361' WHERE seq = 0",
    "a game key as a BLOB": "UPDATE saved_games SET game_key = x'66726565636c6c'",
    "an owner as a path": "UPDATE saved_games SET owner = '../../../etc/passwd'",
    "a deal as text": "UPDATE saved_games SET deal = 'seven'",
    "a 300-digit time": "UPDATE saved_games SET seconds = '1' || printf('%.300d', 0)",
    "a negative cursor": "UPDATE saved_games SET cursor = -1",
    "a huge action": "UPDATE saved_game_actions SET action = printf('%.100000d', 0) WHERE seq = 0",
}


@pytest.mark.parametrize("edit", BLOBS.values(), ids=BLOBS.keys())
def test_a_hostile_saved_game_is_set_aside_and_the_window_starts(tmp_path: Path, edit: str) -> None:
    """A BLOB in a saved game made every start crash: setting it aside raised, and rolled back."""
    store, _ = open_store(tmp_path)
    session = Session(find_variant("freecell"), 7)
    for _ in range(3):
        session.play(next(iter(session.rules.legal_moves(session.state))))
    assert store.save_game(session)
    store.close()
    raw = sqlite3.connect(tmp_path / DB_NAME, isolation_level=None)
    raw.execute("PRAGMA ignore_check_constraints = ON")
    raw.execute(edit)
    raw.close()
    for start in range(2):  # the first start sets it aside; the second finds nothing left to trip on
        store, _ = open_store(tmp_path)
        resumed, notes = choose_session(named(), store)
        set_aside = [note for note in notes if "could not be restored" in note]
        assert len(set_aside) == (start == 0) and all(len(note) < 300 for note in notes)
        assert start or resumed.actions == []  # a new game (the next start resumes that one)
        app = App(resumed, now_ms=FakeClock(), store=store, analyse=False)
        app.step()
        app.close()
    raw = sqlite3.connect(tmp_path / DB_NAME)
    assert raw.execute("SELECT count(*) FROM set_aside_games").fetchone() == (1,)
    orphans = "SELECT count(*) FROM saved_game_actions WHERE slot NOT IN (SELECT slot FROM saved_games)"
    assert raw.execute(orphans).fetchone() == (0,)
    raw.close()


def test_a_database_without_its_settings_table_keeps_its_statistics(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    raw = raw_database(tmp_path)
    raw.execute("DROP TABLE settings")
    raw.close()
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    captured = capsys.readouterr()
    assert captured.err == "" and captured.out.splitlines()[1].split()[1:3] == ["2", "2"]
    assert not [p for p in tmp_path.iterdir() if "damaged" in p.name]
    store, message = open_store(tmp_path)
    assert message is None
    store.settings.set(SOUND, False)
    assert store.settings.get(SOUND) is False and store.statistics("freecell").won == 2
    store.close()
