"""The deal of the day: picked by the solver from the date and the game alone, the same in every run
and on every machine, another the next day; `--daily` and `--date` on play, console, show and solve;
its days counted in the statistics (days played, days won, the current run)."""
from __future__ import annotations

import csv
import datetime
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.session import Session
from game.solver import Status, solve
from game.solver.daily import DailyDeal, announced, candidate, daily_deal
from game.variants import find_variant, rules_for
from solitaire.cli import main
from solitaire.store import open_store
from solitaire.store.stats import GameRecord, compute_stats

DAY = datetime.date(2026, 12, 6)
ROOT = Path(__file__).resolve().parent.parent


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main([*argv, "--lang", "en"])
    except SystemExit as stop:  # argparse's own refusals end so
        code = stop.code  # type: ignore[assignment]
    out, err = capsys.readouterr()
    return code, out, err


# -- the pick --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["freecell", "klondike", "golf", "spider-1", "tripeaks"])
def test_the_daily_deal_is_the_same_in_two_runs_and_another_the_next_day(game: str) -> None:
    variant = find_variant(game)
    first, again = daily_deal(variant, DAY), daily_deal(variant, DAY)
    assert first == again and first.proven
    assert daily_deal(variant, DAY + datetime.timedelta(days=1)).number != first.number


def test_each_game_and_each_of_its_options_has_its_own_daily_deal() -> None:
    numbers = {candidate(find_variant(key), DAY, 0) for key in ("klondike", "klondike-draw3", "freecell", "freecell:3x10")}
    assert len(numbers) == 4


@pytest.mark.parametrize("game", ["freecell", "klondike-draw3", "pyramid", "golf-strict"])
def test_the_daily_deal_wins_with_solve(game: str) -> None:
    variant = find_variant(game)
    pick = daily_deal(variant, DAY)
    rules = rules_for(variant)
    result = solve(rules, rules.deal(pick.number), max_positions=200_000)
    assert pick.proven and result.status is Status.SOLVED  # `solve` replays its moves through the rules to a win


def test_a_deal_the_solver_cannot_prove_is_dealt_and_said_to_be_unproven(monkeypatch: pytest.MonkeyPatch) -> None:
    variant = find_variant("freecell")
    monkeypatch.setattr(type(variant.family), "daily_positions", 1)  # no candidate can be won in one position
    pick = daily_deal(variant, DAY)
    assert not pick.proven and pick.number == candidate(variant, DAY, 0)
    assert "could not prove it winnable" in announced(pick, variant.name)
    assert announced(DailyDeal(DAY, 5, True, 1), "FreeCell") == "Deal of the day, 2026-12-06: FreeCell #5, winnable"


def test_the_pick_does_not_depend_on_the_hash_seed_nor_on_the_compiled_solvers() -> None:
    """Other players run other processes: string hashing is salted per process, and a player may run
    the plain Python solvers where no C compiler built them."""
    shown = set()
    for seed, pure in (("1", "0"), ("2", "1")):
        environment = {**os.environ, "PYTHONHASHSEED": seed, "SOLITAIRE_PURE": pure}
        done = subprocess.run(
            [sys.executable, "main.py", "show", "--daily", "--date", "2026-12-06", "--game", "bakers-game", "--lang", "en"],
            cwd=ROOT, env=environment, capture_output=True, text=True, timeout=300, check=True,
        )
        shown.add((done.stdout, done.stderr))
    assert len(shown) == 1


# -- the command line ------------------------------------------------------------------------------------


def test_show_and_solve_daily_name_the_same_deal(capsys: pytest.CaptureFixture[str]) -> None:
    pick = daily_deal(find_variant("klondike"), DAY)
    code, out, err = run(capsys, "show", "--daily", "--date", "2026-12-06", "--game", "klondike")
    assert code == 0 and err == f"Deal of the day, 2026-12-06: Klondike #{pick.number}, winnable\n"
    code, board, _ = run(capsys, "show", "--deal", str(pick.number), "--game", "klondike")
    assert board == out
    code, moves, err = run(capsys, "solve", "--daily", "--date", "2026-12-06", "--game", "klondike")
    assert code == 0 and f"#{pick.number}" in err and "# solved in" in moves


@pytest.mark.parametrize("command", ["play", "console", "show", "solve"])
@pytest.mark.parametrize("date", ["2026-02-30", "06/12/2026", "20261206", "2026-12-6", "tomorrow", "２０２６-12-06"])
def test_a_bad_date_is_one_line_and_exit_status_2(capsys: pytest.CaptureFixture[str], command: str, date: str) -> None:
    code, out, err = run(capsys, command, "--daily", "--date", date)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "is not a day written YYYY-MM-DD" in err


@pytest.mark.parametrize(("argv", "said"), [
    (["--date", "2026-12-06"], "--date goes with --daily"),
    (["--daily", "--deal", "5"], "--daily names its own deal: give it without --deal"),
])
def test_daily_refuses_what_contradicts_it(capsys: pytest.CaptureFixture[str], argv: list[str], said: str) -> None:
    code, _, err = run(capsys, "show", *argv)
    assert code == 2 and said in err and err.count("\n") == 1


def test_the_console_plays_the_daily_deal_and_the_statistics_count_its_day(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    pick = daily_deal(find_variant("freecell"), DAY)
    rules = rules_for(find_variant("freecell"))
    solution = solve(rules, rules.deal(pick.number)).moves
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{move.notation}\n" for move in solution)))
    code, out, _ = run(capsys, "console", "--daily", "--date", "2026-12-06", "--data-dir", str(tmp_path))
    assert code == 0 and f"Deal of the day, 2026-12-06: FreeCell #{pick.number}, winnable" in out
    store, _ = open_store(tmp_path)
    (record,) = store.games()
    store.close()
    assert (record.result, record.deal, record.daily) == ("won", pick.number, "2026-12-06")
    code, out, _ = run(capsys, "stats", "--data-dir", str(tmp_path))
    assert "Deal of the day, FreeCell: 1 day played, 1 day won, a run of" in out
    code, out, _ = run(capsys, "stats", "--data-dir", str(tmp_path), "--csv")
    (row,) = csv.DictReader(io.StringIO(out))
    assert (row["days_played"], row["days_won"]) == ("1", "1")
    code, out, _ = run(capsys, "stats", "--data-dir", str(tmp_path), "--history", "--json")
    assert json.loads(out)["history"][0]["daily"] == "2026-12-06"


# -- the statistics --------------------------------------------------------------------------------------


def days(*plays: tuple[str, str]) -> list[GameRecord]:
    """Records of Golf's deal of the day: (day, result) each, oldest first; and a game of another deal."""
    return [GameRecord("golf", "won", 10, 60.0, daily=None)] + [
        GameRecord("golf", result, 10, 60.0, daily=day) for day, result in plays  # type: ignore[arg-type]
    ]


def test_the_days_count_each_day_once_and_the_run_ends_today_or_yesterday() -> None:
    records = days(("2026-12-01", "won"), ("2026-12-02", "lost"), ("2026-12-02", "won"), ("2026-12-03", "won"),
                   ("2026-12-04", "abandoned"))
    stats = compute_stats("golf", records, today=datetime.date(2026, 12, 4))
    assert (stats.days_played, stats.days_won, stats.day_run) == (4, 3, 3)  # today's not won yet: the run stands
    assert stats.played == 6  # every game counts as usual besides
    assert compute_stats("golf", records, today=datetime.date(2026, 12, 3)).day_run == 3


def test_a_missed_day_breaks_the_run() -> None:
    records = days(("2026-12-01", "won"), ("2026-12-02", "won"), ("2026-12-04", "won"))
    assert compute_stats("golf", records, today=datetime.date(2026, 12, 4)).day_run == 1
    assert compute_stats("golf", records, today=datetime.date(2026, 12, 6)).day_run == 0  # yesterday missed too


def test_a_day_the_solver_finished_is_played_but_not_won() -> None:
    stats = compute_stats("golf", days(("2026-12-05", "won"), ("2026-12-06", "solved")), today=datetime.date(2026, 12, 6))
    assert (stats.days_played, stats.days_won, stats.day_run) == (2, 1, 1)


def test_the_store_keeps_the_day_of_a_saved_and_a_recorded_game(tmp_path: Path) -> None:
    store, _ = open_store(tmp_path)
    session = Session(find_variant("golf"), 4, autoplay=False, daily=DAY)
    session.play(next(iter(session.rules.legal_moves(session.state))))
    assert store.save_game(session)
    store.close()
    store, _ = open_store(tmp_path)
    resumed, _ = store.load_game(autoplay=False)
    assert resumed is not None and resumed.daily == DAY
    store.record_game(resumed, "abandoned")
    assert [record.daily for record in store.games()] == ["2026-12-06"]
    store.close()
