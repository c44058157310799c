"""The compiled solvers (`compiled.MODULES`): loaded only when built from the sources beside them,
only when asked (`load_compiled`), and searching exactly as the plain Python ones do."""
from __future__ import annotations

import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from game.solver import compiled
from tools.compile_solver import missing

ROOT = Path(__file__).resolve().parent.parent
BUILT = compiled.tree_build()  # the source tree's build of these sources, when `make` made it


def python(script: str, *args: str, cwd: Path = ROOT, **env: str) -> list[object]:
    """Run `script` in a fresh interpreter (where nothing is loaded yet) and read back its JSON."""
    result = subprocess.run([sys.executable, "-c", script, *args], cwd=cwd, env={**os.environ, **env},
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)  # type: ignore[no-any-return]


def test_importing_the_solver_loads_and_hashes_nothing() -> None:
    script = textwrap.dedent(
        """
        import json, sys
        from game.solver import compiled
        hashed = []
        compiled.digest = lambda: hashed.append(1) or "0" * 16
        import game.solver
        loaded = [name for name in compiled.MODULES if "game.solver." + name in sys.modules]
        print(json.dumps([loaded, hashed, [p for p in game.solver.__path__ if "_compiled" in p]]))
        """
    )
    assert python(script, SOLITAIRE_PURE="0") == [[], [], []]


def test_the_build_of_the_current_sources_is_the_one_found(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(compiled, "BUILDS", tmp_path)
    assert compiled.tree_build() is None  # nothing built yet
    (tmp_path / "0123456789abcdef").mkdir()  # a build of other sources
    assert compiled.tree_build() is None
    (tmp_path / compiled.digest()).mkdir()
    assert compiled.tree_build() == tmp_path / compiled.digest()


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
    compiled.build_directory().mkdir(parents=True)
    assert compiled.tree_build() is not None  # built from these very sources
    with open(game_copy / edited, "a") as source:
        source.write("# edited since the build\n")
    assert compiled.tree_build() is None


def test_without_the_sources_to_compare_nothing_is_loaded(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Installed as bytecode only: the build of the sources that were there is not taken on trust."""
    monkeypatch.setattr(compiled, "BUILDS", tmp_path)
    (tmp_path / compiled.digest()).mkdir()
    monkeypatch.setattr(compiled, "GAME_DIR", tmp_path / "no-sources")
    assert compiled.tree_build() is None


LOADED = textwrap.dedent(
    """
    import importlib, json
    import game.solver
    folder = game.solver.load_compiled()
    files = [importlib.import_module("game.solver." + name).__file__ for name in game.solver.compiled.MODULES]
    print(json.dumps([folder and str(folder), files]))
    """
)


@pytest.mark.skipif(missing() is not None, reason=f"{missing()}: plain Python runs")
@pytest.mark.skipif(compiled.pure_requested(), reason="SOLITAIRE_PURE asks for plain Python")
def test_where_it_can_be_built_the_solvers_run_compiled() -> None:
    """`make test` builds them first; a build that fails (a type error mypyc rejects) fails here."""
    assert BUILT is not None, "run `make compiled` (tools/compile_solver.py) and see why it fails"
    folder, files = python(LOADED, SOLITAIRE_PURE="0")
    assert folder == str(BUILT)
    assert [Path(file).parent for file in files] == [BUILT] * len(compiled.MODULES)  # type: ignore[arg-type]


@pytest.mark.skipif(BUILT is None, reason="the solver is not compiled here")
def test_solitaire_pure_turns_the_build_off() -> None:
    folder, files = python(LOADED, SOLITAIRE_PURE="1")
    assert folder is None
    assert files == [str(compiled.PACKAGE_DIR / f"{name}.py") for name in compiled.MODULES]


SOLVE = textwrap.dedent(
    """
    import json, sys
    import game.solver
    game.solver.load_compiled()  # as `solve` and the command line do, before anything imports a solver module
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


@pytest.mark.skipif(BUILT is None, reason="the solver is not compiled here")
@pytest.mark.parametrize("deals", [
    [["klondike", 8], ["klondike", 17], ["klondike-draw3", 5], ["klondike-draw3", 88],
     ["klondike-no-return", 3], ["klondike-draw3-no-return", 9], ["klondike", 342]],
    [["freecell", 1], ["freecell", 11982], ["freecell", 617], ["bakers-game", 1], ["bakers-game", 14],
     ["eight-off", 3], ["seahaven", 21]],
    [["yukon", 1], ["yukon", 64], ["yukon", 52], ["russian", 2],
     ["spider-1", 1], ["spider-1", 2], ["spider-2", 2], ["spider", 1]],
], ids=["klondike", "freecell", "yukon and spider"])
def test_the_compiled_and_the_plain_solver_search_alike(deals: list[list[object]]) -> None:
    """Same verdicts, same positions met, same moves: a compiled module that behaved otherwise anywhere
    along these searches (won, lost and cut off; Klondike in both draws, with and without cards back
    down; the FreeCell family's build rules and cells; Yukon and Russian, Spider's three suit counts)
    differs. Yukon's deal 52 has the relaxed game prove wrongly in a few hundred positions when its
    bit masks lose the cards from 32 up (yukon_relaxed's note on i64)."""
    runs = {pure: python(SOLVE, json.dumps(deals), SOLITAIRE_PURE=pure) for pure in ("0", "1")}
    assert [Path(source).parent for source in runs["0"][:2]] == [BUILT] * 2  # type: ignore[arg-type]
    assert runs["1"][:2] == [str(compiled.PACKAGE_DIR / "klondike.py"), str(compiled.PACKAGE_DIR / "freecell.py")]
    assert runs["0"][2:] == runs["1"][2:]
    assert {status for status, _, _ in runs["0"][2:]} == {"SOLVED", "UNSOLVABLE", "UNKNOWN"}


BROKEN = textwrap.dedent(
    """
    import json, sys
    from pathlib import Path
    import game.solver
    from game.solver import compiled
    compiled.BUILDS = Path(sys.argv[1])  # the source tree's builds, here a broken one
    game_key, deal, module = sys.argv[2], int(sys.argv[3]), sys.argv[4]
    folder = game.solver.load_compiled()
    from game.solver import solve
    from game.variants import find_variant, rules_for
    rules = rules_for(find_variant(game_key))
    result = solve(rules, rules.deal(deal), max_positions=6000)
    print(json.dumps([result.status.name, folder and str(folder), [p for p in game.solver.__path__ if sys.argv[1] in p],
                      sys.modules["game.solver." + module].__file__]))
    """
)
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


@pytest.mark.parametrize(("game_key", "deal", "module"), [("klondike", 8, "klondike"), ("freecell", 1, "freecell")])
def test_a_build_that_fails_to_load_leaves_the_plain_solver_to_answer(
    game_key: str, deal: int, module: str, tmp_path: Path,
) -> None:
    """A build can pass its check and still fail to load later (a library it links removed): the
    solver then runs as plain Python instead of raising ImportError at the first deal it is asked."""
    broken = tmp_path / compiled.digest()
    broken.mkdir()
    for name in compiled.MODULES:
        (broken / (name + SUFFIX)).write_bytes(b"not a library")
    status, loaded, still_on_path, source = python(BROKEN, str(tmp_path), game_key, str(deal), module, SOLITAIRE_PURE="0")
    assert status == "SOLVED"
    assert loaded is None and still_on_path == []
    assert source == str(compiled.PACKAGE_DIR / f"{module}.py")


def test_a_broken_module_beside_its_source_leaves_the_plain_solver_to_answer(tmp_path: Path) -> None:
    """As in an installed wheel, where the compiled modules sit beside their sources and load by
    ordinary import: one that fails to load gives way to its source."""
    shutil.copytree(compiled.GAME_DIR, tmp_path / "game", ignore=shutil.ignore_patterns("_compiled", "__pycache__"))
    for name in compiled.MODULES:
        (tmp_path / "game" / "solver" / (name + SUFFIX)).write_bytes(b"not a library")
    script = LOADED.replace("print(json.dumps([", "from game.solver import solve\n"
                            "from game.variants import find_variant, rules_for\n"
                            "rules = rules_for(find_variant('klondike'))\n"
                            "print(json.dumps([solve(rules, rules.deal(8), max_positions=6000).status.name, ")
    status, folder, files = python(script, cwd=tmp_path, SOLITAIRE_PURE="0")
    assert status == "SOLVED" and folder is None
    assert files == [str(tmp_path / "game" / "solver" / f"{name}.py") for name in compiled.MODULES]
