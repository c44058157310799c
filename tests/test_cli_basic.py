"""The command line as a player meets it: real processes, real exit codes, never a traceback."""
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.deals import MAX_DEAL
from solitaire.store import open_store

from .boards import DEAL_617

ROOT = Path(__file__).resolve().parent.parent


ENV = {"PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True, timeout=60, env=ENV,
    )


def test_show_prints_the_deal_as_board_text() -> None:
    result = run("show", "--game", "freecell", "--deal", "617")
    assert result.returncode == 0, result.stderr
    assert result.stdout == DEAL_617
    assert result.stderr == ""


def test_show_takes_aliases_and_custom_shapes() -> None:
    assert run("show", "--game", "fc", "--deal", "617").stdout == DEAL_617
    result = run("show", "--game", "freecell", "--deal", "1", "--cells", "0", "--columns", "10")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "Foundations: H-0 C-0 D-0 S-0" and len(lines) == 11
    assert lines[1] == ": JD 9S JS 4D 6D 2H"  # no Freecells line for a game without cells
    eight_off = run("show", "--game", "Eight Off", "--deal", "617").stdout.splitlines()
    assert eight_off[1] == "Freecells: JD KS KC 4H - - - -"


def test_games_lists_every_family_member_with_aliases() -> None:
    result = run("games")
    assert result.returncode == 0, result.stderr
    lines = {line.split()[0]: line for line in result.stdout.splitlines() if line}
    for key, name, alias in [
        ("freecell", "FreeCell", "fc"),
        ("bakers-game", "Baker's Game", "bakers"),
        ("eight-off", "Eight Off", "8off"),
        ("seahaven", "Seahaven Towers", "seahaven-towers"),
    ]:
        assert name in lines[key] and alias in lines[key]


def test_games_explains_custom_shapes_with_an_example_that_works() -> None:
    out = run("games").stdout
    shapes = out.rstrip().splitlines()[-1]
    assert "--cells" in shapes and "--columns" in shapes
    example = re.search(r"like (\S+:\d+x\d+)", shapes)
    assert example, shapes
    shown = run("show", "--game", example[1], "--deal", "1")
    assert shown.returncode == 0, shown.stderr
    cells, columns = (int(n) for n in example[1].split(":")[1].split("x"))
    assert len(shown.stdout.splitlines()) == 1 + (cells > 0) + columns


def test_output_that_cannot_be_written_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    if not Path("/dev/full").exists():
        pytest.skip("needs /dev/full")
    for args in (("show", "--deal", "1"), ("games",), ("console", "--deal", "1", "--data-dir", str(tmp_path))):
        with open("/dev/full", "w") as full:
            result = subprocess.run(
                [sys.executable, "main.py", *args], cwd=ROOT, stdout=full, stderr=subprocess.PIPE,
                stdin=subprocess.DEVNULL, text=True, timeout=60, env=ENV,
            )
        assert result.returncode == 1, (args, result.stderr)
        assert result.stderr == "solitaire: cannot write: No space left on device\n", (args, result.stderr)


def test_a_reader_that_stops_early_ends_the_console_quietly(tmp_path: Path) -> None:
    script = tmp_path / "script.txt"
    script.write_text("1a\nu\n" * 300)  # far more output than a pipe holds
    with script.open() as source:
        process = subprocess.Popen(
            [sys.executable, "main.py", "console", "--deal", "1", "--data-dir", str(tmp_path)], cwd=ROOT,
            stdin=source, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV,
        )
        assert process.stdout is not None and process.stderr is not None
        first = process.stdout.readline()
        process.stdout.close()  # as `| head -1` does
        errors = process.stderr.read()
        code = process.wait(timeout=60)
    assert first.startswith(b"FreeCell")
    assert errors == b""
    assert code == 141
    store, _ = open_store(tmp_path)
    assert [(game.deal, game.result) for game in store.games("freecell")] == [(1, "abandoned")]  # left, not lost
    store.close()


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("show", "--game", "nope", "--deal", "1"), "unknown game 'nope'"),
        (("show", "--deal", "0"), "deal number 0 is out of range"),
        (("show", "--deal", str(MAX_DEAL + 1)), f"deal number {MAX_DEAL + 1} is out of range (1 to {MAX_DEAL})"),
        (("show", "--game", "", "--deal", "1"), "unknown game ''"),
        (("console", "--game", " ", "--deal", "1"), "unknown game ' '"),
        (("show", "--deal", "abc"), "deal number 'abc' is not a whole number"),
        (("show", "--deal", "1", "--cells", "11"), "cells must be between 0 and 10, not 11"),
        (("show", "--deal", "1", "--columns", "3"), "columns must be between 4 and 10, not 3"),
        (("show", "--deal", "1", "--cells", "x"), "--cells"),
        (("show", "--game", "eight-off", "--deal", "1", "--cells", "2"), "Eight Off deals 4 cards to the cells"),
        (("show", "--game", "freecell:zz", "--deal", "1"), "GAME:CELLSxCOLUMNS"),
        (("show", "--deal", "1", "--bogus"), "--bogus"),
        (("show",), "--deal"),
        (("--game", "nope"), "unknown game 'nope'"),
    ],
)
def test_bad_arguments_get_one_line_and_exit_code_2(args: tuple[str, ...], needle: str) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1, result.stderr
    assert needle in result.stderr
    assert "Traceback" not in result.stderr
