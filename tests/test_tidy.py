"""The test run tidies after itself and says what it skipped: a run leaves nothing in the system's
temporary folder, names every skipped test with its reason, and the contributing words name the
Debian packages the real-window tests need (the ones `.ci/run` installs)."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SKIPPING = '''
import pytest


@pytest.mark.skipif(True, reason="wants a thing this machine lacks")
def test_wanting_a_thing() -> None:
    pass
'''


def test_a_run_leaves_no_folder_in_the_temporary_folder_and_names_its_skips(tmp_path: Path) -> None:
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "test_skipping.py").write_text(SKIPPING)
    env = {**os.environ, "TMPDIR": str(temporary), "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("PYTEST_XDIST_WORKER", None)
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:xdist", "-c", str(ROOT / "pyproject.toml"),
         "--rootdir", str(ROOT), str(ROOT / "tests" / "test_cards.py"), str(elsewhere / "test_skipping.py")],
        cwd=ROOT, capture_output=True, text=True, timeout=300, env=env,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    assert sorted(path.name for path in temporary.iterdir()) == []
    named = r"^SKIPPED \[1\] .*test_skipping\.py:\d+: wants a thing this machine lacks$"
    assert re.search(named, run.stdout, re.MULTILINE), run.stdout


def _ci_packages() -> list[str]:
    """The Debian packages `.ci/run` installs for the tests."""
    script = (ROOT / ".ci" / "run").read_text()
    (line,) = [line for line in script.splitlines() if "apt-get install" in line]
    return [word for word in line.split("apt-get install", 1)[1].split() if not word.startswith(("-", ">"))]


def test_the_contributing_words_name_what_the_real_window_tests_need() -> None:
    packages = _ci_packages()
    assert {"xvfb", "xdotool", "x11-utils", "x11-apps"} <= set(packages)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    contributing_in_readme = readme.split("## Contributing", 1)[1].split("\n## ", 1)[0]
    for page, text in (("README.md", contributing_in_readme), ("CONTRIBUTING.md", (ROOT / "CONTRIBUTING.md").read_text())):
        for package in ("xvfb", "xdotool", "x11-utils", "x11-apps"):
            assert re.search(rf"\b{package}\b", text), (page, package)
