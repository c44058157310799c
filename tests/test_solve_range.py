"""`solve --range`: a winnability table over a range of deals, decided by a process pool."""
from __future__ import annotations

import csv
import subprocess
import sys
from pathlib import Path

import pytest

from game.solver import SolverError, Status, solve
from game.variants import find_variant, rules_for
from solitaire.cli import main
from solitaire.cli import solve as cli_solve
from solitaire.cli.solve import available_cores, wilson

ROOT = Path(__file__).resolve().parent.parent
ENV = {"PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True, timeout=120, env=ENV)


def test_a_range_is_decided_on_two_jobs_with_a_row_per_deal(tmp_path: Path) -> None:
    table = tmp_path / "deals.csv"
    jobs = min(2, available_cores())  # more than the cores would add a note on stderr
    result = run("solve", "--game", "bakers-game", "--range", "9-14", "--jobs", str(jobs), "--csv", str(table))
    assert result.returncode == 0, result.stderr
    # no progress bar when the output is not a terminal (where the solvers could not be compiled, their note alone)
    assert [line for line in result.stderr.splitlines() if "solver: plain Python" not in line] == []
    with table.open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert sorted(int(row["deal"]) for row in rows) == list(range(9, 15))  # written as each is decided
    assert list(rows[0]) == ["deal", "verdict", "moves", "seconds", "positions", "game", "time_limit", "max_positions"]
    assert {(row["game"], row["time_limit"], row["max_positions"]) for row in rows} == {("bakers-game", "60.0", "")}
    rules = rules_for(find_variant("bakers-game"))
    for row in rows:  # the same verdicts and solutions as one search in this process
        alone = solve(rules, rules.deal(int(row["deal"])), cpu_limit=60)
        assert row["verdict"] == alone.status.value
        assert int(row["moves"]) == len(alone.moves)
        assert int(row["positions"]) == alone.positions
        assert float(row["seconds"]) >= 0
    won = sum(row["verdict"] == "solved" for row in rows)
    lost = sum(row["verdict"] == "unsolvable" for row in rows)
    assert 0 < lost < 6  # Baker's Game: deal 10 is lost, so both verdicts are shown
    low, high = wilson(won, 6)
    assert result.stdout == (
        f"Baker's Game, deals 9-14: {won} won, {lost} lost, 0 unknown\n"
        f"winnable: {100 * won / 6:.1f} % of 6 decided (95 % interval {100 * low:.1f}-{100 * high:.1f} %)\n"
    )


def test_a_range_run_on_the_plain_python_solvers_says_so_once() -> None:
    """A table's verdicts depend on the positions its CPU seconds buy, a third to a fifth as many in
    plain Python: a run that would measure them so (here asked for; a build older than the sources
    likewise) says it before its first row."""
    result = subprocess.run([sys.executable, "main.py", "solve", "--game", "freecell", "--range", "1-2", "--jobs", "1"],
                            cwd=ROOT, capture_output=True, text=True, timeout=120, env={**ENV, "SOLITAIRE_PURE": "1"})
    assert result.returncode == 0, result.stderr
    assert result.stderr == "solitaire: solver: plain Python (SOLITAIRE_PURE is set)\n"
    assert result.stdout.startswith("FreeCell, deals 1-2: 2 won")


def test_deals_left_unknown_are_counted_and_set_the_exit_code() -> None:
    result = run("solve", "--game", "freecell", "--range", "11982-11982", "--max-positions", "100")
    assert result.returncode == 3
    assert result.stdout == "FreeCell, deals 11982-11982: 0 won, 0 lost, 1 unknown\nwinnable: no deal was decided\n"


@pytest.mark.parametrize(("arguments", "message"), [
    (["--range", "9-3"], "--range 9-3: the first deal is after the last"),
    (["--range", "1..5"], "--range '1..5' is not of the form A-B (for example 1-1000)"),
    (["--range", "0-5"], "--range 0-5: deal number 0 is out of range (1 to 2147483647)"),
    (["--range", "1-5", "--jobs", "0"], "--jobs must be 1 or more, not 0"),
    (["--range", "1-5", "--deal", "3"], "give --range, or --deal or --board, not both"),
    (["--deal", "3", "--csv", "x.csv"], "--jobs, --csv, --overwrite, --resume and --scheduler go with --range A-B"),
    (["--deal", "3", "--scheduler", "tcp://127.0.0.1:1"],
     "--jobs, --csv, --overwrite, --resume and --scheduler go with --range A-B"),
    (["--range", "1-5", "--resume"], "--resume goes with --csv FILE"),
    (["--range", "1-5", "--csv", "x.csv", "--resume", "--overwrite"], "give --resume or --overwrite, not both"),
    (["--range", "1-5", "--jobs", "1", "--scheduler", "tcp://127.0.0.1:1"],
     "give --jobs or --scheduler, not both: the cluster's workers decide at once"),
])
def test_a_bad_range_is_one_line_and_exit_code_2(arguments: list[str], message: str) -> None:
    result = run("solve", *arguments)
    assert result.returncode == 2
    assert result.stderr == f"solitaire: {message}; see solitaire solve --help\n"
    assert result.stdout == ""


def test_wilson_interval_matches_published_values() -> None:
    low, high = wilson(19, 20)  # 95 % Wilson interval of 19/20: 0.7639-0.9911 (Newcombe 1998)
    assert (round(low, 4), round(high, 4)) == (0.7639, 0.9911)
    assert wilson(0, 10)[0] == 0.0 and round(wilson(0, 10)[1], 4) == 0.2775
    assert wilson(0, 0) == (0.0, 1.0)


def test_a_solver_fault_leaves_its_deal_unknown_and_the_rest_of_the_run_standing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    """A solution the rules reject is a bug in the solver (`SolverError`); it once ended a whole
    range with a traceback, every deal decided before it lost. Now that deal is unknown, named on
    stderr, and the table and summary keep the others."""
    fault = "Klondike solver: wh is illegal: 4♥ can't go home: the foundation needs 3♥ next"

    def failing(rules: object, state: object, **limits: object) -> None:
        raise SolverError(fault)

    rules = rules_for(find_variant("bakers-game"))
    decided = cli_solve.decide(rules, 9, 60.0, None)  # before the fault is put in: a real verdict
    monkeypatch.setattr(cli_solve, "solve", failing)
    failed = cli_solve.decide(rules, 10, 60.0, None)
    assert (failed.deal, failed.verdict, failed.moves, failed.positions, failed.fault) == (10, Status.UNKNOWN, 0, 0, fault)
    monkeypatch.setattr(cli_solve, "decide_all", lambda *_: (row for row in [decided, failed]))
    table = tmp_path / "deals.csv"
    code = main(["--lang", "en", "solve", "--game", "bakers-game", "--range", "9-10", "--csv", str(table)])
    out, err = capsys.readouterr()
    assert code == 3
    assert out.splitlines()[0] == f"Baker's Game, deals 9-10: {int(decided.verdict is Status.SOLVED)} won, " \
                                  f"{int(decided.verdict is Status.UNSOLVABLE)} lost, 1 unknown"
    assert err == f"deal 10: the solver failed ({fault})\n"
    with table.open(newline="") as handle:
        assert [(row["deal"], row["verdict"]) for row in csv.DictReader(handle)] == [
            ("9", decided.verdict.value), ("10", "unknown")]
    # one deal: the same fault is one line and exit code 3, never a traceback
    assert main(["--lang", "en", "solve", "--game", "bakers-game", "--deal", "10"]) == 3
    out, err = capsys.readouterr()
    assert (out, err) == ("", f"the solver failed ({fault})\n")
