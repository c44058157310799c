"""A `solve --range` table on a disk that fills (issue 56, item 8): the row the disk refused was left
torn at the end of the file and counted by the summary; `--resume` repaired the file, but the summary
had already said more deals than the file holds. The full disk is a file size limit (RLIMIT_FSIZE,
which any user may set on their own processes): write() writes what fits, then fails with EFBIG."""
from __future__ import annotations

import csv
import re
import subprocess
import sys
from pathlib import Path

import pytest

resource = pytest.importorskip("resource")  # not on Windows

ROOT = Path(__file__).resolve().parent.parent
# No .pyc written under the limit: Python does not check a short write of one, and a cut-short file left
# in __pycache__ failed every later import of that module ("marshal data too short").
ENV = {"PATH": "/usr/bin:/bin", "LANGUAGE": "en", "PYTHONDONTWRITEBYTECODE": "1"}
LIMIT = 400  # bytes: the header and some seven rows


def small_disk() -> None:
    resource.setrlimit(resource.RLIMIT_FSIZE, (LIMIT, LIMIT))


def test_a_row_the_disk_refuses_is_cut_off_and_not_counted(tmp_path: Path) -> None:
    table = tmp_path / "deals.csv"
    result = subprocess.run(
        [sys.executable, "main.py", "solve", "--game", "freecell:2x6", "--range", "1-30", "--jobs", "1",
         "--max-positions", "100", "--csv", str(table)],
        cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=120, preexec_fn=small_disk,
    )
    assert result.returncode == 2 and result.stderr.startswith(f"solitaire: cannot write {table}: "), result.stderr
    text = table.read_bytes()
    assert 0 < len(text) <= LIMIT and text.endswith(b"\r\n"), text[-60:]  # whole rows only
    with table.open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    stopped = re.search(r"stopped after (\d+) of 30 deals", result.stdout)
    assert stopped is not None and int(stopped.group(1)) == len(rows) > 0, result.stdout
