"""Statistics arithmetic on histories written by hand, the same through the store, and `stats` on the command line."""
from __future__ import annotations

import io
import itertools
import random
import sqlite3
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.session import Session
from game.variants import find_variant
from solitaire.cli import main
from solitaire.cli.stats import format_table
from solitaire.store import DB_NAME, open_store
from solitaire.store.stats import GameRecord, Stats, compute_stats, format_seconds, format_streak


def history(text: str, key: str = "freecell") -> list[GameRecord]:
    """'W:120:300 L A' -> records: result letter, then optional moves and seconds."""
    results = {"W": "won", "L": "lost", "A": "abandoned"}
    records = []
    for word in text.split():
        letter, *numbers = word.split(":")
        moves, seconds = (int(numbers[0]), float(numbers[1])) if numbers else (50, 100.0)
        records.append(GameRecord(key, results[letter], moves, seconds))  # type: ignore[arg-type]
    return records


def test_streaks_rates_and_records_of_a_known_history() -> None:
    stats = compute_stats("freecell", history("W:90:300 W:80:400 L:10:20 W:120:250 W:100:500 W:95:350 A L"))
    assert (stats.played, stats.won, stats.lost, stats.abandoned) == (8, 5, 2, 1)
    assert stats.win_rate == pytest.approx(5 / 8)
    assert stats.longest_winning_streak == 3
    assert stats.longest_losing_streak == 2  # abandoned and lost both break a winning streak
    assert stats.current_streak == -2
    assert stats.best_seconds == 250.0  # the 20-second loss is not a record
    assert stats.fewest_moves == 80  # from another game than the best time


def test_a_history_ending_in_wins_has_a_positive_current_streak() -> None:
    stats = compute_stats("freecell", history("L L L W L W W"))
    assert stats.current_streak == 2
    assert (stats.longest_winning_streak, stats.longest_losing_streak) == (2, 3)


def test_no_games_means_zeros_and_no_records() -> None:
    stats = compute_stats("golf", [])
    assert stats == Stats("golf")
    assert stats.win_rate == 0.0 and stats.best_seconds is None and stats.fewest_moves is None


def test_only_losses_have_no_best_time() -> None:
    stats = compute_stats("golf", history("L A L", key="golf"))
    assert stats.best_seconds is None and stats.fewest_moves is None and stats.win_rate == 0.0
    assert stats.current_streak == -3 == -stats.longest_losing_streak


def test_other_games_records_are_ignored() -> None:
    mixed = history("W W", key="golf") + history("L") + history("W", key="freecell:3x10")
    stats = compute_stats("freecell", mixed)
    assert (stats.played, stats.won, stats.current_streak) == (1, 0, -1)


@given(st.lists(st.sampled_from(["won", "lost", "abandoned"]), max_size=60))
def test_streaks_match_a_count_of_runs(results: list[str]) -> None:
    records = [
        GameRecord("freecell", r, i + 1, float(i + 10)) for i, r in enumerate(results)  # type: ignore[arg-type]
    ]
    stats = compute_stats("freecell", records)
    runs = [(won, len(list(group))) for won, group in itertools.groupby(r == "won" for r in results)]
    assert stats.longest_winning_streak == max((n for won, n in runs if won), default=0)
    assert stats.longest_losing_streak == max((n for won, n in runs if not won), default=0)
    if runs:
        won, n = runs[-1]
        assert stats.current_streak == (n if won else -n)
    assert stats.won + stats.lost + stats.abandoned == stats.played == len(results)
    wins = [rec for rec in records if rec.result == "won"]
    assert stats.fewest_moves == (min(rec.moves for rec in wins) if wins else None)


def test_formatting_of_times_and_streaks() -> None:
    times = [format_seconds(s) for s in (None, 0, 59.9, 61, 3600, 3725)]
    assert times == ["-", "0:00", "0:59", "1:01", "1:00:00", "1:02:05"]
    assert [format_streak(n) for n in (3, -2, 0)] == ["3 won", "2 lost", "-"]


# -- through the store -----------------------------------------------------------------------------


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def finished(key: str, deal: int, moves: int, seconds: float) -> Session:
    """A session of `key` with `moves` legal moves made and `seconds` on its clock."""
    clock = FakeClock()
    session = Session(find_variant(key), deal, autoplay=False, clock=clock)
    rng = random.Random(deal)
    while session.move_count < moves:
        session.play(rng.choice(list(session.rules.legal_moves(session.state))))
    clock.now = seconds
    return session


def fill(data_dir: Path) -> None:
    store, _ = open_store(data_dir)
    plan = [("freecell", "won", 6, 300), ("freecell", "lost", 2, 30), ("freecell", "won", 4, 500),
            ("freecell", "won", 5, 200), ("golf", "abandoned", 1, 10), ("freecell:3x10", "won", 3, 90)]
    for deal, (key, result, moves, seconds) in enumerate(plan, start=100):
        assert store.record_game(finished(key, deal, moves, seconds), result)  # type: ignore[arg-type]
    store.close()


def test_statistics_from_recorded_games(tmp_path: Path) -> None:
    fill(tmp_path)
    store, _ = open_store(tmp_path)
    stats = store.statistics("freecell")
    assert (stats.played, stats.won, stats.current_streak, stats.longest_losing_streak) == (4, 3, 2, 1)
    assert (stats.best_seconds, stats.fewest_moves) == (200.0, 4)
    assert list(store.all_statistics()) == ["freecell", "freecell:3x10", "golf"]
    record = store.games("freecell:3x10")[0]
    assert record.deal == 105 and record.moves == 3 and record.finished_at.endswith("+00:00")
    assert '"cells": 3' in record.options and '"columns": 10' in record.options
    store.close()


def test_reset_one_game_then_all(tmp_path: Path) -> None:
    fill(tmp_path)
    store, _ = open_store(tmp_path)
    assert store.reset_statistics("freecell") == 4
    assert store.statistics("freecell").played == 0 and store.statistics("golf").played == 1
    assert store.reset_statistics() == 2
    assert store.all_statistics() == {}
    store.close()


# -- the command ---------------------------------------------------------------------------------


def test_stats_command_prints_a_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fill(tmp_path)
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:4] == ["Game", "Played", "Won", "Win"]
    freecell = next(line for line in lines if line.startswith("FreeCell "))
    assert freecell.split() == ["FreeCell", "4", "3", "75%", "2", "won", "2", "1", "3:20", "4", "0", "0", "-"]
    assert any(line.startswith("FreeCell (3 cells, 10 columns)") for line in lines)
    assert any(line.startswith("Golf") and line.split()[1:4] == ["1", "0", "0%"] for line in lines)


def test_stats_command_for_one_game_by_alias(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fill(tmp_path)
    assert main(["stats", "--data-dir", str(tmp_path), "--game", "fc"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and lines[1].startswith("FreeCell ")


def test_stats_with_nothing_recorded(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out == "No games recorded yet.\n"


def test_table_alignment() -> None:
    text = format_table([Stats("freecell", 12, 6, 6, 0, 1, 2, 3, 65.0, 88), Stats("no-such-game", 1)])
    lines = text.splitlines()
    assert len({len(line) for line in lines[:2]}) == 1  # header and full row line up
    assert lines[2].startswith("no-such-game")  # a key this version does not know is shown as it is


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def played(tmp_path: Path) -> int:
    with sqlite3.connect(tmp_path / DB_NAME) as raw:
        return raw.execute("SELECT count(*) FROM games").fetchone()[0]


def test_reset_without_a_terminal_needs_yes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    fill(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO("y\n"))  # not a terminal, even though it says yes
    assert main(["stats", "--data-dir", str(tmp_path), "--reset"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--yes" in err
    assert played(tmp_path) == 6
    assert main(["stats", "--data-dir", str(tmp_path), "--reset", "--yes", "--game", "golf"]) == 0
    assert played(tmp_path) == 5


def test_reset_on_a_terminal_asks_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    fill(tmp_path)
    monkeypatch.setattr("sys.stdin", Terminal("n\n"))
    assert main(["stats", "--data-dir", str(tmp_path), "--reset"]) == 1
    assert "[y/N]" in capsys.readouterr().out and played(tmp_path) == 6
    monkeypatch.setattr("sys.stdin", Terminal("y\n"))
    assert main(["stats", "--data-dir", str(tmp_path), "--reset", "--game", "freecell"]) == 0
    assert "4 games forgotten" in capsys.readouterr().out and played(tmp_path) == 2


@pytest.mark.parametrize("argv", [["--yes"], ["--game", "calculation"], ["--reset", "--yes", "--game", "nope"]])
def test_stats_usage_errors_are_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    assert main(["stats", "--data-dir", str(tmp_path), *argv]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_stats_when_the_data_dir_cannot_be_made(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert main(["stats", "--data-dir", str(blocker / "sub")]) == 0
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and "no statistics can be shown" in captured.err
    assert "saved" not in captured.err  # the words of playing ("nothing will be saved") do not fit here
    assert captured.out == "No games recorded yet.\n"
    assert main(["stats", "--data-dir", str(blocker / "sub"), "--reset", "--yes"]) == 1
    assert "nothing was reset" in capsys.readouterr().err
