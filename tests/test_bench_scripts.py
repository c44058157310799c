"""`make bench` runs every script of bench/ with no argument but those the Makefile keeps for running by
hand (`BY_HAND`). For ten days it stopped at its first script, a tool that needs a source tree on its
command line, so no figure after it was printed: each script it runs must answer `--help`, as must
each tool kept for the hand (which must still exist)."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def by_hand() -> set[str]:
    match = re.search(r"^BY_HAND\s*:=\s*(.+)$", (ROOT / "Makefile").read_text(encoding="utf-8"), re.MULTILINE)
    assert match, "the Makefile names the bench scripts run by hand in BY_HAND"
    return set(match.group(1).split())


def run(script: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, script, *args], cwd=ROOT, capture_output=True, text=True, timeout=120)


SCRIPTS = sorted(f"bench/{path.name}" for path in (ROOT / "bench").glob("*.py"))
RUN_BY_MAKE = [script for script in SCRIPTS if script not in by_hand()]


def test_make_bench_runs_the_scripts_that_need_no_argument() -> None:
    dry = subprocess.run(["make", "-n", "-o", "compiled", "-o", ".venv/.installed-stamp", "bench"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert dry.returncode == 0, dry.stderr
    assert all(script in dry.stdout for script in RUN_BY_MAKE)
    assert not any(script in dry.stdout for script in by_hand())


@pytest.mark.parametrize("script", RUN_BY_MAKE)
def test_a_script_make_bench_runs_answers_help(script: str) -> None:
    answer = run(script, "--help")
    assert answer.returncode == 0, answer.stderr
    assert answer.stdout.startswith("usage:")


@pytest.mark.parametrize("script", sorted(by_hand()))
def test_a_tool_run_by_hand_says_what_it_needs(script: str) -> None:
    assert (ROOT / script).is_file()
    answer = run(script, "--help")
    assert answer.returncode == 0, answer.stderr
    assert answer.stdout.startswith("usage:")
