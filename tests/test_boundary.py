"""The model must never depend on pygame: it runs in the terminal, the solver and the tests alone."""
import ast
import re
import subprocess
import sys
import textwrap
from pathlib import Path

from game.variants import all_variants

ROOT = Path(__file__).resolve().parent.parent


def test_game_imports_with_pygame_unimportable() -> None:
    script = textwrap.dedent(
        """
        import importlib, pkgutil, sys
        class Block:
            def find_spec(self, name, path=None, target=None):
                if name == "pygame" or name.startswith("pygame."):
                    raise ImportError("pygame is blocked in this test")
        sys.meta_path.insert(0, Block())
        import game
        for info in pkgutil.walk_packages(game.__path__, "game."):
            importlib.import_module(info.name)
        assert not any(m == "pygame" or m.startswith("pygame.") for m in sys.modules)
        print("ok", len([m for m in sys.modules if m.startswith("game.")]))
        """
    )
    result = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("ok")
    assert int(result.stdout.split()[1]) >= 8  # every model module was really imported


def test_no_source_line_in_game_mentions_pygame_import() -> None:
    offenders = [
        str(path)
        for path in (ROOT / "game").rglob("*.py")
        for line in path.read_text().splitlines()
        if line.strip().startswith(("import pygame", "from pygame"))
    ]
    assert offenders == []


# -- the rooms: which package may import which ----------------------------------------------------

# Each room is a package, named as it is imported: the suite's own rooms beyond the three the design
# card puts at the top live inside `solitaire`, so an install adds no generic top-level name.
ROOMS = ("game", "solitaire.store", "solitaire.console", "sprites", "solitaire.cli", "sounds")
FRONT_ENDS = ("solitaire.console", "sprites")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """Every module a file imports, at the top or inside a function, relative imports resolved."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([node.module] if node.module else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)  # `from . import solver` names a module
    return found


def sources(room: str) -> list[Path]:
    return sorted((ROOT / room.replace(".", "/")).rglob("*.py"))


def room_of(module: str) -> str | None:
    """The room a module belongs to (`solitaire.store.rows` to `solitaire.store`), or None."""
    return next((room for room in ROOMS if module == room or module.startswith(room + ".")), None)


def rooms_imported(room: str) -> dict[str, set[str]]:
    """For each file of a room, the other rooms it imports."""
    return {
        str(path.relative_to(ROOT)): {room_of(m) for m in imports_of(path)} - {room, None}
        for path in sources(room)
    }


def test_the_model_imports_no_other_room() -> None:
    leaks = {path: rooms for path, rooms in rooms_imported("game").items() if rooms}
    assert leaks == {}


def test_the_store_knows_the_model_but_no_front_end() -> None:
    leaks = {path: rooms - {"game"} for path, rooms in rooms_imported("solitaire.store").items() if rooms - {"game"}}
    assert leaks == {}
    assert any("game" in rooms for rooms in rooms_imported("solitaire.store").values())  # the check sees imports


def test_no_front_end_imports_another() -> None:
    for room in FRONT_ENDS:
        others = set(FRONT_ENDS) - {room}
        leaks = {path: rooms & others for path, rooms in rooms_imported(room).items() if rooms & others}
        assert leaks == {}, room


def test_no_import_circle_anywhere_in_the_project() -> None:
    """Not even through an import made only for type checking, or one made inside a function."""
    paths = [path for room in ("game", "solitaire", "sprites", "sounds", "tools") for path in sources(room)] + [ROOT / "main.py"]
    modules = {module_name(path): path for path in paths}
    graph = {name: {m for m in imports_of(path) if m in modules and m != name} for name, path in modules.items()}
    assert graph["game.variants"] >= {"game.variant", "game.rules"}  # the graph is really read
    # a family names its dialect and search by methods that import them when first called
    assert "game.families.klondike.dialect" in graph["game.families.klondike"]

    def circle_from(start: str) -> list[str] | None:
        stack, seen = [(start, [start])], set()
        while stack:
            node, trail = stack.pop()
            for nxt in graph[node]:
                if nxt == start:
                    return trail + [start]
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append((nxt, trail + [nxt]))
        return None

    circles = [circle for name in graph if (circle := circle_from(name))]
    assert circles == []


# -- the front ends ask the family, never which game it is ------------------------------------------

ASKING_ROOMS = ("solitaire.console", "solitaire.cli", "sprites", "solitaire.store")


def test_no_front_end_asks_which_family_a_game_is() -> None:
    """The window, the console, the command line and the store go through `game.variants` and
    `game.dialect` (which ask the family), so a new family needs no edit in any of them."""
    asking = [
        f"{path.relative_to(ROOT)}:{number}"
        for room in ASKING_ROOMS
        for path in sources(room)
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if re.search(r"\.family\b|\bfamily *(==|!=| in )", line)
    ]
    assert asking == []


def test_no_front_end_names_a_game() -> None:
    """No game's key or alias stands in the front ends' code (comments and docstrings aside): the
    default game, the game chooser's first shape and every game-specific text come from the model."""
    names = {variant.key for variant in all_variants()}
    named = []
    for room in ASKING_ROOMS:
        for path in sources(room):
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.lower() in names:
                    named.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value!r}")
    assert named == []
