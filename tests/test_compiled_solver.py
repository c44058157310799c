"""The compiled Klondike solver: loaded only when built from the sources beside it, and searching
exactly as the plain Python one does."""
from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import game.solver
from game.solver import compiled

ROOT = Path(__file__).resolve().parent.parent


def test_the_build_of_the_current_sources_goes_first_on_the_package_path(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(compiled, "BUILDS", tmp_path)
    monkeypatch.delenv(compiled.PURE, raising=False)
    path = ["/the/package"]
    assert compiled.use(path) is None and path == ["/the/package"]  # nothing built yet
    (tmp_path / compiled.digest()).mkdir()
    assert compiled.use(path) == tmp_path / compiled.digest()
    assert path == [str(tmp_path / compiled.digest()), "/the/package"]


def test_a_build_of_other_sources_is_never_loaded(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    sources = tmp_path / "solver"
    sources.mkdir()
    for name in compiled.MODULES:
        shutil.copy(compiled.PACKAGE_DIR / f"{name}.py", sources)
    monkeypatch.setattr(compiled, "PACKAGE_DIR", sources)
    monkeypatch.setattr(compiled, "BUILDS", tmp_path / "builds")
    monkeypatch.delenv(compiled.PURE, raising=False)
    compiled.build_directory().mkdir(parents=True)
    with open(sources / f"{compiled.MODULES[0]}.py", "a") as edited:
        edited.write("# edited since the build\n")
    path: list[str] = []
    assert compiled.use(path) is None and path == []


def test_without_the_sources_to_compare_nothing_is_loaded(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Installed as bytecode only, or from a zip: no digest can be taken, so plain Python runs."""
    monkeypatch.setattr(compiled, "PACKAGE_DIR", tmp_path / "no-sources")
    monkeypatch.delenv(compiled.PURE, raising=False)
    path: list[str] = []
    assert compiled.use(path) is None and path == []


def test_solitaire_pure_turns_the_build_off(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(compiled, "BUILDS", tmp_path)
    (tmp_path / compiled.digest()).mkdir()
    monkeypatch.setenv(compiled.PURE, "1")
    path: list[str] = []
    assert compiled.use(path) is None and path == []
    monkeypatch.setenv(compiled.PURE, "0")
    assert compiled.use(path) is not None


@pytest.mark.skipif(
    importlib.util.find_spec("mypyc") is None or shutil.which(os.environ.get("CC", "cc")) is None,
    reason="mypyc or a C compiler is missing: the solver runs as plain Python",
)
def test_with_mypyc_and_a_compiler_the_klondike_solver_runs_compiled() -> None:
    """`make test` builds it first; a build that fails (a type error mypyc rejects) fails here."""
    from game.solver import klondike, klondike_position

    assert game.solver.COMPILED is not None, "run `make compiled` (tools/compile_solver.py) and see why it fails"
    for module in (klondike, klondike_position):
        assert Path(module.__file__).parent == game.solver.COMPILED  # type: ignore[arg-type]


SOLVE = textwrap.dedent(
    """
    import json, sys
    from game.solver import solve
    from game.variants import find_variant, rules_for
    out = []
    for name, deal in json.loads(sys.argv[1]):
        rules = rules_for(find_variant(name))
        result = solve(rules, rules.deal(deal), max_positions=6000)
        out.append([result.status.name, result.positions, [m.notation for m in result.moves]])
    print(json.dumps(out))
    """
)


@pytest.mark.skipif(game.solver.COMPILED is None, reason="the solver is not compiled here")
def test_the_compiled_and_the_plain_solver_search_alike() -> None:
    """Same verdicts, same positions met, same moves: a compiled module that behaved otherwise anywhere
    along these searches (won, lost and cut off, both draws, with and without cards back down) differs."""
    deals = [["klondike", 8], ["klondike", 17], ["klondike-draw3", 5], ["klondike-draw3", 88],
             ["klondike-no-return", 3], ["klondike-draw3-no-return", 9], ["klondike", 342]]
    runs = {}
    for pure in ("0", "1"):
        env = {**os.environ, compiled.PURE: pure}
        result = subprocess.run([sys.executable, "-c", SOLVE, json.dumps(deals)], cwd=ROOT, env=env,
                                capture_output=True, text=True, timeout=300)
        assert result.returncode == 0, result.stderr
        runs[pure] = json.loads(result.stdout)
    assert runs["0"] == runs["1"]
    assert {status for status, _, _ in runs["0"]} == {"SOLVED", "UNSOLVABLE", "UNKNOWN"}
