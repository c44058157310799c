"""What a packager and a player get: the sdist (complete enough to build and test), and the wheel
built from it (the solvers compiled where they can be, LICENSE inside, one version everywhere).

Both are built here, offline, with this environment's setuptools and mypy (`--no-build-isolation`),
in a temporary folder: the sdist in seconds; the wheel, which runs mypyc, in about half a minute of
CPU, compiled without the C compiler's optimisations (MYPYC_OPT_LEVEL=0, read by setup.py), which
change how fast the solvers run, not what the wheel holds or whether it loads. All the tests here
share one sdist and one wheel, also when they run in two test processes: the slowest of `make test`.
"""
from __future__ import annotations

import contextlib
import importlib.machinery
import json
import os
import re
import subprocess
import sys
import tarfile
import textwrap
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]

from game._version import __version__
from game.solver import compiled
from tools.compile_solver import missing

ROOT = Path(__file__).resolve().parent.parent
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def shared_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of this run's: shared by its test processes under pytest-xdist, else this process's."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@contextlib.contextmanager
def taking_turns(folder: Path) -> Iterator[None]:
    """Hold the folder's lock, so that the test processes of a run build the sdist and the wheel once,
    one after the other: two sdists built at once from one tree collide (setuptools assembles each in
    a folder of the tree, and one removes it under the other)."""
    if fcntl is None:  # Windows: each process builds its own, and they may collide
        yield
        return
    with open(folder / "release.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        yield


@pytest.fixture(scope="module")
def unpacked_sdist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sdist built from this tree, unpacked (the archive beside it)."""
    folder = shared_folder(tmp_path_factory)
    name = f"solitaire_suite-{__version__}.tar.gz"
    out = folder / "sdist"
    with taking_turns(folder):
        if not (out / name).exists():
            out.mkdir(exist_ok=True)
            hook = "import sys; from setuptools import build_meta; print(build_meta.build_sdist(sys.argv[1]))"
            built = subprocess.run([sys.executable, "-c", hook, str(out)], cwd=ROOT, capture_output=True, text=True, timeout=300)
            assert built.returncode == 0, built.stderr
            assert built.stdout.strip().splitlines()[-1] == name
            with tarfile.open(out / name) as archive:
                archive.extractall(out, filter="data")
    return out / name.removesuffix(".tar.gz")


def test_the_sdist_holds_what_its_tests_and_build_need(unpacked_sdist: Path) -> None:
    for needed in ("LICENSE", "CHANGELOG.md", "CONTRIBUTING.md", "README.md", "setup.py", "tests/conftest.py",
                   "tools/compile_solver.py", "bench", "docs/architecture.md", "game/_version.py",
                   "data/org.solitaire_suite.Solitaire.desktop.in", "game/locale/fr/LC_MESSAGES/solitaire.mo"):
        assert (unpacked_sdist / needed).exists(), needed
    assert not list(unpacked_sdist.rglob(f"*{SUFFIX}"))  # sources only: no build of this machine's


def test_every_page_of_the_sdist_links_to_files_it_holds(unpacked_sdist: Path) -> None:
    """The README's screenshots and the docs' pages travel with them: the sdist's own tests check the
    links (tests/test_release_docs.py), and a packager's documentation shows the pictures."""
    pages = ["README.md", "CONTRIBUTING.md", "CHANGELOG.md", *(f"docs/{page.name}" for page in (ROOT / "docs").glob("*.md"))]
    for page in pages:
        for target in re.findall(r"\]\(([^)#:]+)\)", (unpacked_sdist / page).read_text(encoding="utf-8")):
            assert (unpacked_sdist / page).parent.joinpath(target).exists(), (page, target)


def test_the_sdist_collects_its_tests(unpacked_sdist: Path) -> None:
    """A packager runs the tests from the unpacked sdist: every test module imports, from there."""
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    collected = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"],
                               cwd=unpacked_sdist, capture_output=True, text=True, timeout=300, env=env)
    assert collected.returncode == 0, collected.stdout[-3000:] + collected.stderr[-3000:]
    files = {line.partition(":")[0] for line in collected.stdout.splitlines() if line.startswith("tests/")}
    assert files == {path.relative_to(ROOT).as_posix() for path in (ROOT / "tests").glob("test_*.py")}  # every one of ours


@pytest.fixture(scope="module")
def wheel(unpacked_sdist: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel built from the sdist's archive, as `pip install` of the sdist would (in a folder of
    its own, leaving the unpacked sdist as it was)."""
    folder = shared_folder(tmp_path_factory)
    out = folder / "wheel"
    with taking_turns(folder):
        found = list(out.glob(f"solitaire_suite-{__version__}-*.whl"))
        if found:
            return found[0]
        archive = unpacked_sdist.parent / f"{unpacked_sdist.name}.tar.gz"
        built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-cache-dir",
                                "--disable-pip-version-check", "-q", "-w", str(out), str(archive)],
                               capture_output=True, text=True, timeout=900, env={**os.environ, "MYPYC_OPT_LEVEL": "0"})
        assert built.returncode == 0, built.stderr[-3000:]
        (found_one,) = out.glob(f"solitaire_suite-{__version__}-*.whl")
        return found_one


def test_the_wheel_holds_the_compiled_solvers_or_says_why_not(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    extensions = {name for name in names if name.endswith(SUFFIX)}
    if missing() is None:
        assert {f"game/solver/{module}{SUFFIX}" for module in compiled.MODULES} <= extensions
        assert "game/solver/not-compiled.txt" not in names
    else:
        assert extensions == set() and "game/solver/not-compiled.txt" in names
    assert f"solitaire_suite-{__version__}.dist-info/licenses/LICENSE" in names
    assert {name.split("/")[0] for name in names if "/" in name} - {f"solitaire_suite-{__version__}.dist-info"} == {
        "game", "sounds", "sprites", "solitaire"}  # no main.py, no tests, no generic name of the suite's own rooms
    metadata = zipfile.ZipFile(wheel).read(f"solitaire_suite-{__version__}.dist-info/METADATA").decode()
    assert "License-Expression: MIT" in metadata and f"Version: {__version__}" in metadata


def test_the_wheel_holds_the_finished_desktop_files_and_a_summary_naming_every_game(wheel: Path) -> None:
    from solitaire.cli.desktop import ENTRY, MAN_PAGE, METAINFO, TEMPLATE
    from solitaire.cli.metadata import summary, titles

    archive = zipfile.ZipFile(wheel)
    data = {name.rpartition("/")[2] for name in archive.namelist() if name.startswith("solitaire/cli/data/")}
    assert data == {ENTRY, METAINFO, MAN_PAGE, "solitaire.svg"} and not any(name.endswith(TEMPLATE) for name in data)
    entry = archive.read(f"solitaire/cli/data/{ENTRY}").decode()
    assert all(name in entry for name in titles())
    assert archive.read(f"solitaire/cli/data/{MAN_PAGE}").decode().startswith('.TH SOLITAIRE "6" ')
    metadata = archive.read(f"solitaire_suite-{__version__}.dist-info/METADATA").decode()
    assert f"Summary: {summary()}\n" in metadata
    assert "Project-URL: Homepage, https://" in metadata and "Project-URL: Issues, https://" in metadata


DESKTOP_INSTALL = textwrap.dedent(
    """
    import runpy, sys
    class Block:  # an installed copy runs without the tools that build it
        def find_spec(self, name, path=None, target=None):
            if name.partition(".")[0] in ("argparse_manpage", "setuptools", "mypy"):
                raise ModuleNotFoundError(name, name=name)
    sys.meta_path.insert(0, Block())
    sys.argv[1:] = ["desktop", "install"]
    runpy.run_module("solitaire", run_name="__main__", alter_sys=True)
    """
)


def test_the_installed_copy_installs_its_desktop_files_without_the_build_tools(wheel: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    env = {**os.environ, "PYTHONPATH": str(site), "XDG_DATA_HOME": str(tmp_path / "share"), "HOME": str(tmp_path)}
    result = subprocess.run([sys.executable, "-c", DESKTOP_INSTALL], cwd=tmp_path, env=env, capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0, result.stderr
    page = tmp_path / "share" / "man" / "man6" / "solitaire.6"
    assert page.read_bytes() == (site / "solitaire" / "cli" / "data" / "solitaire.6").read_bytes()


INSTALLED = textwrap.dedent(
    """
    import json, subprocess, sys
    import game.solver
    folder = game.solver.load_compiled()
    from game.solver import solve
    from game.variants import find_variant, rules_for
    rules = rules_for(find_variant("freecell"))
    version = subprocess.run([sys.executable, "-m", "solitaire", "--version"], capture_output=True, text=True).stdout
    print(json.dumps([folder and str(folder), game.__file__, solve(rules, rules.deal(11982)).status.name, version]))
    """
)


def test_the_installed_copy_loads_its_compiled_solvers(wheel: Path, tmp_path: Path) -> None:
    """The wheel unpacked as pip installs it (its files into a site folder), run from elsewhere."""
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    env = {**os.environ, "PYTHONPATH": str(site), "SOLITAIRE_PURE": "0"}
    result = subprocess.run([sys.executable, "-c", INSTALLED], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    folder, game_file, status, version = json.loads(result.stdout)
    assert game_file == str(site / "game" / "__init__.py")
    assert status == "UNSOLVABLE"  # deal 11982, proven
    assert version.startswith(f"solitaire {__version__} ")
    if missing() is None:
        assert folder == str(site / "game" / "solver")
        assert version.endswith("solver: compiled with mypyc\n")
    else:
        assert folder is None and f"not compiled when installed: {missing()}" in version
