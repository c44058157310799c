"""Issue 37, item 8: French, German or Spanish on a terminal that writes only ASCII (LC_ALL=C, no
UTF-8 mode) printed a UnicodeEncodeError traceback from games, solve, console, stats and --help."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("language", ["fr", "de", "es"])
@pytest.mark.parametrize(("command", "codes"), [
    (["games"], {0}),
    (["--help"], {0}),
    (["solve", "--deal", "1", "--max-positions", "100"], {0, 1, 3}),
    (["stats"], {0}),
    (["console", "--ascii", "--deal", "1"], {0}),
])
def test_every_command_speaks_on_an_ascii_terminal(language: str, command: list[str], codes: set[int], tmp_path: Path) -> None:
    env = {**os.environ, "LANGUAGE": language, "LC_ALL": "C", "PYTHONUTF8": "0", "SOLITAIRE_DATA_DIR": str(tmp_path)}
    env.pop("PYTHONIOENCODING", None)
    result = subprocess.run([sys.executable, "-m", "solitaire", "--lang", language, *command], cwd=ROOT, env=env,
                            input=b"q\n", capture_output=True, timeout=120)
    assert result.returncode in codes, result.stderr.decode("ascii", "replace")
    assert b"Traceback" not in result.stderr and result.stdout.strip()
    result.stdout.decode("ascii")  # what it wrote is ASCII: a stand-in for each letter the terminal lacks
