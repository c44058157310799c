"""Input that never ends (issue 37, item 9): a board file read whole once read until memory ran out."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from solitaire.cli.solve import BOARD_LIMIT

ROOT = Path(__file__).resolve().parent.parent
ENV = {"PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "LANGUAGE": "en"}


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_a_board_file_that_never_ends_is_refused_in_one_line(device: str) -> None:
    if not Path(device).exists():
        pytest.skip(f"no {device} here")
    result = subprocess.run(
        [sys.executable, "main.py", "solve", "--board", device], cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=60
    )
    assert (result.returncode, result.stdout) == (2, "")
    too_big = f"{device} is more than {BOARD_LIMIT // 1024} KB: not a board"
    assert result.stderr == f"solitaire: {too_big}; see solitaire solve --help\n"


def test_a_board_file_just_under_the_limit_is_read_as_a_board(tmp_path: Path) -> None:
    """The limit is on size, not on the text: a long file within it still gets the board reader's own error."""
    board = tmp_path / "board.txt"
    board.write_text("Q" * (BOARD_LIMIT - 1))
    result = subprocess.run(
        [sys.executable, "main.py", "solve", "--board", str(board)], cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 2
    assert "not a board" not in result.stderr and result.stderr.startswith(f"solitaire: {board}: ")
