"""The compiled Klondike and FreeCell solvers: loaded only when built from the sources beside them,
and searching exactly as the plain Python ones do."""
from __future__ import annotations

import importlib
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
from tools.compile_solver import missing

ROOT = Path(__file__).resolve().parent.parent


def test_the_build_of_the_current_sources_goes_first_on_the_package_path(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(compiled, "BUILDS", tmp_path)
    monkeypatch.delenv(compiled.PURE, raising=False)
    path = ["/the/package"]
    assert compiled.use(path) is None and path == ["/the/package"]  # nothing built yet
    (tmp_path / compiled.digest()).mkdir()
    assert compiled.use(path) == tmp_path / compiled.digest()
    assert path == [str(tmp_path / compiled.digest()), "/the/package"]


@pytest.mark.parametrize("edited", ["solver/klondike_position.py", "cards.py"])
def test_a_build_of_other_sources_is_never_loaded(edited: str, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Edited since the build: a compiled module, or any other module of the model, whose types the
    compiled code was built against."""
    game_copy = tmp_path / "game"
    for path in compiled.GAME_DIR.rglob("*.py"):
        (game_copy / path.relative_to(compiled.GAME_DIR)).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, game_copy / path.relative_to(compiled.GAME_DIR))
    monkeypatch.setattr(compiled, "GAME_DIR", game_copy)
    monkeypatch.setattr(compiled, "BUILDS", tmp_path / "builds")
    monkeypatch.delenv(compiled.PURE, raising=False)
    compiled.build_directory().mkdir(parents=True)
    path: list[str] = []
    assert compiled.use(path) is not None  # built from these very sources
    with open(game_copy / edited, "a") as source:
        source.write("# edited since the build\n")
    path = []
    assert compiled.use(path) is None and path == []


def test_without_the_sources_to_compare_nothing_is_loaded(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Installed as bytecode only: the build of the sources that were there is not taken on trust."""
    monkeypatch.setattr(compiled, "BUILDS", tmp_path)
    monkeypatch.delenv(compiled.PURE, raising=False)
    (tmp_path / compiled.digest()).mkdir()
    monkeypatch.setattr(compiled, "GAME_DIR", tmp_path / "no-sources")
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


@pytest.mark.skipif(missing() is not None, reason=f"{missing()}: plain Python runs")
@pytest.mark.skipif(compiled.pure_requested(), reason="SOLITAIRE_PURE asks for plain Python")
def test_where_it_can_be_built_the_solvers_run_compiled() -> None:
    """`make test` builds them first; a build that fails (a type error mypyc rejects) fails here."""
    assert game.solver.COMPILED is not None, "run `make compiled` (tools/compile_solver.py) and see why it fails"
    for name in compiled.MODULES:
        module = importlib.import_module(f"game.solver.{name}")
        assert Path(module.__file__).parent == game.solver.COMPILED  # type: ignore[arg-type]


SOLVE = textwrap.dedent(
    """
    import json, sys
    from game.solver import freecell, klondike, solve
    from game.variants import find_variant, rules_for
    out = [klondike.__file__, freecell.__file__]
    for name, deal in json.loads(sys.argv[1]):
        rules = rules_for(find_variant(name))
        result = solve(rules, rules.deal(deal), max_positions=6000)
        out.append([result.status.name, result.positions, [m.notation for m in result.moves]])
    print(json.dumps(out))
    """
)


@pytest.mark.skipif(game.solver.COMPILED is None, reason="the solver is not compiled here")
@pytest.mark.parametrize("deals", [
    [["klondike", 8], ["klondike", 17], ["klondike-draw3", 5], ["klondike-draw3", 88],
     ["klondike-no-return", 3], ["klondike-draw3-no-return", 9], ["klondike", 342]],
    [["freecell", 1], ["freecell", 11982], ["freecell", 617], ["bakers-game", 1], ["bakers-game", 14],
     ["eight-off", 3], ["seahaven", 21]],
], ids=["klondike", "freecell"])
def test_the_compiled_and_the_plain_solver_search_alike(deals: list[list[object]]) -> None:
    """Same verdicts, same positions met, same moves: a compiled module that behaved otherwise anywhere
    along these searches (won, lost and cut off; Klondike in both draws, with and without cards back
    down; the FreeCell family's build rules and cells) differs."""
    runs = {}
    for pure in ("0", "1"):
        env = {**os.environ, compiled.PURE: pure}
        result = subprocess.run([sys.executable, "-c", SOLVE, json.dumps(deals)], cwd=ROOT, env=env,
                                capture_output=True, text=True, timeout=300)
        assert result.returncode == 0, result.stderr
        runs[pure] = json.loads(result.stdout)
    assert [Path(source).parent for source in runs["0"][:2]] == [game.solver.COMPILED] * 2
    assert runs["1"][:2] == [str(compiled.PACKAGE_DIR / "klondike.py"), str(compiled.PACKAGE_DIR / "freecell.py")]
    assert runs["0"][2:] == runs["1"][2:]
    assert {status for status, _, _ in runs["0"][2:]} == {"SOLVED", "UNSOLVABLE", "UNKNOWN"}


BROKEN = textwrap.dedent(
    """
    import importlib, importlib.machinery, json, sys
    from pathlib import Path
    import game.solver
    from game.solver import compiled
    broken, game_key, deal, module = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4]
    for name in compiled.MODULES:
        (broken / (name + importlib.machinery.EXTENSION_SUFFIXES[0])).write_bytes(b"not a library")
    game.solver.__path__.insert(0, str(broken))  # as `compiled.use` puts a build first
    game.solver.COMPILED = broken
    from game.solver import solve
    from game.variants import find_variant, rules_for
    rules = rules_for(find_variant(game_key))
    result = solve(rules, rules.deal(deal), max_positions=6000)
    print(json.dumps([result.status.name, str(game.solver.COMPILED), str(broken) in game.solver.__path__,
                      importlib.import_module("game.solver." + module).__file__]))
    """
)


@pytest.mark.parametrize(("game_key", "deal", "module"), [("klondike", 8, "klondike"), ("freecell", 1, "freecell")])
def test_a_build_that_fails_to_load_leaves_the_plain_solver_to_answer(
    game_key: str, deal: int, module: str, tmp_path: Path,
) -> None:
    """A build can pass its check and still fail to load later (a library it links removed): the
    solver then runs as plain Python instead of raising ImportError at the first deal it is asked."""
    env = {**os.environ, compiled.PURE: "1"}  # nothing but the broken build is put on the path
    result = subprocess.run([sys.executable, "-c", BROKEN, str(tmp_path), game_key, str(deal), module], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    status, loaded, still_on_path, source = json.loads(result.stdout)
    assert status == "SOLVED"
    assert loaded == "None" and not still_on_path
    assert source == str(compiled.PACKAGE_DIR / f"{module}.py")
