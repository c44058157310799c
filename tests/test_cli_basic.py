"""The command line as a player meets it: real processes, real exit codes, never a traceback."""
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

DEAL_617 = """\
Foundations: H-0 C-0 D-0 S-0
Freecells: - - - -
: 7D TD TH KD 4C 4S JD
: AD 7S QC 5H QS TS KS
: 5C QD 3H 9S 9C 2H KC
: 3S AC 9D 3C 9H 5D 4H
: 5S 6D 6S 8S 7C JC
: 8C 8H 8D 7H 6H 6C
: 2D AS 3D 4D 2C JH
: AH KH TC JS 2S QH
"""


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True, timeout=60,
        env={"PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"},
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
    lines = {line.split()[0]: line for line in result.stdout.splitlines()}
    for key, name, alias in [
        ("freecell", "FreeCell", "fc"),
        ("bakers-game", "Baker's Game", "bakers"),
        ("eight-off", "Eight Off", "8off"),
        ("seahaven", "Seahaven Towers", "seahaven-towers"),
    ]:
        assert name in lines[key] and alias in lines[key]


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("show", "--game", "nope", "--deal", "1"), "unknown game 'nope'"),
        (("show", "--deal", "0"), "deal number 0 is out of range"),
        (("show", "--deal", "2147483648"), "out of range"),
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
