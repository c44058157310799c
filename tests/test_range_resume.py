"""`solve --range --csv FILE --resume`: a table that survives being killed. The resumed file holds the
rows an uninterrupted run writes, a torn last line is cut off rather than kept or doubled, and a file
of another game or budget is refused with one line and left as it was."""
from __future__ import annotations

import csv
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ENV = {"PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "LANGUAGE": "en"}
GAME = "bakers-game"  # deals 1-40: 33 won and 7 lost, each in well under a second of CPU
RANGE = "1-40"
HEADER = "deal,verdict,moves,seconds,positions,game,time_limit,max_positions\r\n"


def solve(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "main.py", "solve", "--game", GAME, "--jobs", "1", *args]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300, env=ENV)


def rows(table: Path) -> list[dict[str, str]]:
    with table.open(newline="") as handle:
        return list(csv.DictReader(handle))


def raw(table: Path) -> str:
    """The file's text as written, its \r\n line ends kept."""
    return table.read_bytes().decode()


def verdicts(table: Path) -> dict[int, tuple[str, str, str]]:
    """Deal: (verdict, moves, positions), the columns that do not depend on the machine's speed; a
    deal written twice would fail the caller's count check."""
    return {int(row["deal"]): (row["verdict"], row["moves"], row["positions"]) for row in rows(table)}


def test_a_killed_run_resumed_writes_the_rows_of_an_uninterrupted_one(tmp_path: Path) -> None:
    whole, resumed = tmp_path / "whole.csv", tmp_path / "resumed.csv"
    assert solve("--range", RANGE, "--csv", str(whole)).returncode == 0
    run = subprocess.Popen([sys.executable, "main.py", "solve", "--game", GAME, "--jobs", "1", "--range", RANGE,
                            "--csv", str(resumed)], cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 120
        while not (resumed.exists() and raw(resumed).count("\n") > 5):
            assert time.monotonic() < deadline and run.poll() is None, "no rows came before the run ended"
            time.sleep(0.01)
        run.send_signal(signal.SIGKILL)  # no chance to tidy up, as a power cut or the OOM killer
        run.communicate(timeout=30)
    finally:
        run.kill()
    before = len(rows(resumed))
    assert 5 <= before < 40, "the run was not stopped part-way"
    result = solve("--range", RANGE, "--csv", str(resumed), "--resume")
    assert result.returncode == 0, result.stderr
    assert verdicts(resumed) == verdicts(whole) and len(rows(resumed)) == 40
    assert raw(resumed).count(HEADER) == 1
    assert result.stdout == solve("--range", RANGE, "--csv", str(tmp_path / "again.csv")).stdout  # the whole file's summary


def test_a_torn_last_line_is_cut_off_and_its_deal_decided_again(tmp_path: Path) -> None:
    table = tmp_path / "deals.csv"
    assert solve("--range", "1-3", "--csv", str(table)).returncode == 0
    whole = verdicts(table)
    text = raw(table)
    kept = "".join(line for line in text.splitlines(keepends=True) if not line.startswith("2,"))
    torn = next(line for line in text.splitlines(keepends=True) if line.startswith("2,"))[:9]
    table.write_text(kept + torn, newline="")  # as if killed half-way through writing deal 2's row
    result = solve("--range", "1-3", "--csv", str(table), "--resume")
    assert result.returncode == 0, result.stderr
    assert verdicts(table) == whole and len(rows(table)) == 3
    assert raw(table).endswith("\r\n") and torn + "\r\n" not in raw(table)


def test_a_complete_table_resumed_decides_nothing_and_sums_the_whole_file(tmp_path: Path) -> None:
    table = tmp_path / "deals.csv"
    assert solve("--range", "1-6", "--csv", str(table)).returncode == 0
    text = raw(table)
    result = solve("--range", "3-4", "--csv", str(table), "--resume")
    assert raw(table) == text
    won = sum(verdict == "solved" for verdict, *_ in verdicts(table).values())
    head, share = result.stdout.splitlines()
    assert head == f"Baker's Game, deals 3-4 and 4 other deals in the file: {won} won, {6 - won} lost, 0 unknown"
    assert share.startswith(f"winnable: {100 * won / 6:.1f} % of 6 decided")


def test_a_range_resumed_past_the_file_adds_its_new_deals(tmp_path: Path) -> None:
    table = tmp_path / "deals.csv"
    assert solve("--range", "1-3", "--csv", str(table)).returncode == 0
    assert solve("--range", "1-5", "--csv", str(table), "--resume").returncode == 0
    assert sorted(verdicts(table)) == [1, 2, 3, 4, 5] and len(rows(table)) == 5


@pytest.mark.parametrize(("options", "theirs"), [
    (["--game", "freecell"], "freecell --time-limit 60"),
    (["--time-limit", "4"], "bakers-game --time-limit 4"),
    (["--max-positions", "5000"], "bakers-game --time-limit 60 --max-positions 5000"),
])
def test_a_table_of_another_game_or_budget_is_refused_and_left_alone(tmp_path: Path, options: list[str], theirs: str) -> None:
    table = tmp_path / "deals.csv"
    first = solve("--range", "1-2", "--csv", str(table), *options)  # a later --game wins over solve()'s
    assert first.returncode == 0, first.stderr
    text = raw(table)
    result = solve("--range", "1-4", "--csv", str(table), "--resume")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (f"solitaire: {table} holds deals of {theirs}, not of bakers-game --time-limit 60: "
                             "give another file; see solitaire solve --help\n")
    assert raw(table) == text


def test_a_table_written_before_rows_said_their_game_is_resumed_in_its_own_shape(tmp_path: Path) -> None:
    table = tmp_path / "deals.csv"
    assert solve("--range", "1-2", "--csv", str(table)).returncode == 0
    old = "".join(",".join(line.split(",")[:5]) + "\r\n" for line in raw(table).splitlines())
    table.write_text(old, newline="")
    result = solve("--range", "1-3", "--csv", str(table), "--resume")
    assert result.returncode == 0, result.stderr
    assert result.stderr == (f"solitaire: {table} does not say which game and budget its deals were decided under "
                             "(an older version wrote it): they are taken as this run's\n")
    assert raw(table).startswith(old)
    assert [list(row) for row in rows(table)] == [["deal", "verdict", "moves", "seconds", "positions"]] * 3


@pytest.mark.parametrize(("text", "message"), [
    ("deal;verdict\r\n", "{file} is not a table written by solve --range"),
    (HEADER + "1,solved,90,0.1,100,bakers-game,60.0,\r\nsome words\r\n", "{file}, line 3: not a row of a deal table"),
    (HEADER + "1,won,90,0.1,100,bakers-game,60.0,\r\n", "{file}, line 2: not a row of a deal table"),
    (HEADER + "1,solved,90,0.1,100,bakers-game,sixty,\r\n", "{file}, line 2: not a row of a deal table"),
    (HEADER + "1,solved\r2,solved\r\n", "{file}, line 2: not a row of a deal table"),
])
def test_a_file_that_is_no_table_is_refused_and_left_alone(tmp_path: Path, text: str, message: str) -> None:
    table = tmp_path / "deals.csv"
    table.write_text(text, newline="")
    result = solve("--range", "1-2", "--csv", str(table), "--resume")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == f"solitaire: {message.format(file=table)}; see solitaire solve --help\n"
    assert raw(table) == text


def test_a_table_being_written_by_another_run_is_refused(tmp_path: Path) -> None:
    fcntl = pytest.importorskip("fcntl")
    table = tmp_path / "deals.csv"
    with table.open("a") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)  # as a run writing it holds it
        result = solve("--range", "1-2", "--csv", str(table), "--resume")
    assert result.returncode == 2
    assert result.stderr == f"solitaire: {table} is being written by another run; see solitaire solve --help\n"
    assert raw(table) == ""


def test_resume_on_a_missing_file_starts_the_table(tmp_path: Path) -> None:
    table = tmp_path / "deals.csv"
    assert solve("--range", "1-2", "--csv", str(table), "--resume").returncode == 0
    assert raw(table).startswith(HEADER) and sorted(verdicts(table)) == [1, 2]


def test_a_table_written_to_a_pipe_is_written_whole_resumed_or_not() -> None:
    """A pipe cannot be read back, locked or searched: it is written like a new table, --resume or not."""
    for options in ([], ["--resume"]):
        result = solve("--range", "1-2", "--csv", "/dev/stdout", *options)
        assert result.returncode == 0, result.stderr
        lines = result.stdout.splitlines()
        assert lines[0] == HEADER.rstrip() and sorted(line.split(",")[0] for line in lines[1:3]) == ["1", "2"]
