"""The window's code in rooms: imports that run one way (no circle in sprites/, counting the imports
made only for type checking), input that reads the table without importing it, functions a reader
can hold in mind, and keys that mean what the help says."""
from __future__ import annotations

import ast
from pathlib import Path

import pygame
import pytest

from sprites.scene.intents import WINDOW_COMMANDS, Command, Pick
from sprites.scene.keyboard import Keyboard, command_of
from sprites.window.layout import compute_layout

SPRITES = Path(__file__).resolve().parent.parent / "sprites"
LONGEST_FUNCTION = 100


def modules() -> list[Path]:
    """Every module of sprites/, in its rooms (the sub-packages), their `__init__` left out."""
    return sorted(path for path in SPRITES.rglob("*.py") if path.name != "__init__.py")


def imported_names(path: Path) -> set[str]:
    """The dotted names (under sprites) that the module at `path` imports, anywhere in it (TYPE_CHECKING
    included): `from ..deck.cards import font` in sprites/scene/table.py is `deck.cards`."""
    package = path.parent.relative_to(SPRITES).parts
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            module = node.module.split(".") if node.module else []
            if node.level:
                stem = [*package[: len(package) - node.level + 1], *module]
            elif module[:1] == ["sprites"]:
                stem = module[1:]
            else:
                continue
            found |= {".".join(stem)} | {".".join([*stem, alias.name]) for alias in node.names}
        elif isinstance(node, ast.Import):
            found |= {alias.name.removeprefix("sprites.") for alias in node.names if alias.name.startswith("sprites.")}
    return found


def sprites_imports() -> dict[str, set[str]]:
    """Each module of sprites/ (by its name, unique across the rooms) and the modules of sprites/ it imports."""
    dotted = {".".join(path.relative_to(SPRITES).with_suffix("").parts): path.stem for path in modules()}
    assert len(set(dotted.values())) == len(dotted), "two modules of sprites/ share a name"
    return {path.stem: {dotted[name] for name in imported_names(path) if name in dotted} for path in modules()}


def test_sprites_is_in_rooms_and_every_module_in_one() -> None:
    assert not [path.name for path in SPRITES.glob("*.py") if path.name != "__init__.py"]  # nothing left in the hall
    rooms = {path.parent.name for path in modules()}
    assert rooms == {"deck", "scene", "panels", "window"}
    assert all((SPRITES / room / "__init__.py").read_text(encoding="utf-8").startswith('"""') for room in rooms)


def test_the_card_drawing_imports_no_other_room() -> None:
    """The deck draws cards for anyone (the benchmarks, the chooser's pictures) and needs no window."""
    for path in modules():
        if path.parent.name == "deck":
            assert {name.split(".")[0] for name in imported_names(path)} <= {"deck"}, path.name


def test_the_import_reader_follows_relative_imports_across_rooms() -> None:
    graph = sprites_imports()
    assert "cards" in graph["board_view"] and "look" in graph["board_view"] and "animation" in graph["board_view"]
    assert "face_cache" in graph["app"] and "display" in graph["app"] and "overlays" in graph["app"]


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every module that can reach itself by imports, with the path it takes back."""
    found = []
    for start in sorted(graph):
        stack, seen = [(start, [start])], set()
        while stack:
            module, path = stack.pop()
            for imported in sorted(graph[module]):
                if imported == start:
                    found.append([*path, start])
                elif imported not in seen:
                    seen.add(imported)
                    stack.append((imported, [*path, imported]))
    return found


def test_the_circle_finder_finds_a_circle() -> None:
    assert circles({"table": {"pointer"}, "pointer": {"table"}, "layout": set()}) == [
        ["pointer", "table", "pointer"], ["table", "pointer", "table"],
    ]


def test_no_import_circle_in_sprites() -> None:
    assert circles(sprites_imports()) == []


@pytest.mark.parametrize("helper", ["pointer", "keyboard", "assistant", "preferences", "solver_client", "dialogs", "intents"])
def test_input_and_the_windows_pieces_do_not_import_the_table(helper: str) -> None:
    assert "table" not in sprites_imports()[helper]


def test_no_function_in_sprites_is_over_a_hundred_lines() -> None:
    long = []
    for path in modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            is_function = isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            if is_function and node.end_lineno is not None and node.end_lineno - node.lineno + 1 > LONGEST_FUNCTION:
                long.append(f"{path.name}:{node.name}")
    assert long == []


@pytest.mark.parametrize(("key", "ctrl", "shift", "command"), [
    (pygame.K_z, True, False, Command.UNDO),
    (pygame.K_z, True, True, Command.REDO),
    (pygame.K_y, True, False, Command.REDO),
    (pygame.K_g, False, False, Command.CHOOSE_GAME),
    (pygame.K_g, True, False, Command.ASK_DEAL_NUMBER),
    (pygame.K_s, False, False, Command.STATISTICS),
    (pygame.K_s, True, False, Command.SAVE_FILE),  # Ctrl+S saves to a file: only the plain letter opens the statistics
    (pygame.K_o, True, False, Command.OPEN_FILE),
    (pygame.K_PLUS, True, False, Command.FASTER),  # + and - change the speed with or without Ctrl
    (pygame.K_KP_MINUS, False, False, Command.SLOWER),
    (pygame.K_ESCAPE, True, True, Command.CANCEL),
    (pygame.K_F2, False, False, Command.NEW_DEAL),
    (pygame.K_n, True, False, Command.NEW_DEAL),
    (pygame.K_n, False, False, None),
])
def test_keys_mean_their_commands(key: int, ctrl: bool, shift: bool, command: Command | None) -> None:
    assert command_of(key, ctrl, shift) == command


def test_the_windows_commands_are_the_panels_the_switches_and_leaving() -> None:
    assert {Command.HELP, Command.SETTINGS, Command.FULLSCREEN, Command.QUIT} <= WINDOW_COMMANDS
    assert not {Command.UNDO, Command.NEW_DEAL, Command.HINT} & WINDOW_COMMANDS  # the table's own


def test_the_focus_ring_walks_a_row_and_space_picks_the_focused_pile() -> None:
    from game.variants import find_variant

    layout = compute_layout(1280, 800, find_variant("freecell"))
    keyboard = Keyboard()
    assert keyboard.ring(layout) is None  # no ring until the keyboard plays
    right = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0)
    assert keyboard.handle(right, layout) is Command.FOCUS_MOVED
    first = keyboard.ring(layout)
    assert first is not None
    keyboard.handle(right, layout)
    second = keyboard.ring(layout)
    assert second is not None and second != first
    assert layout.pile_rect(second).top == layout.pile_rect(first).top  # along the same row
    space = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0)
    picked = keyboard.handle(space, layout)
    assert isinstance(picked, Pick) and picked.pile == second


LONGEST_CLASS = 350


def test_no_class_in_sprites_is_over_three_hundred_and_fifty_lines() -> None:
    """A class a reader can hold: the table's jobs are its own pieces (play, toolbar, felt) beside it."""
    long = []
    for path in modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            lines = node.end_lineno - node.lineno + 1 if isinstance(node, ast.ClassDef) and node.end_lineno else 0
            if lines > LONGEST_CLASS:
                long.append(f"{path.name}:{getattr(node, 'name', '')} {lines} lines")
    assert long == []


def written_attributes(path: Path) -> list[str]:
    """Every attribute chain the module assigns to (`a.b.c = ...`, `a.b += 1`), written out."""
    targets: list[ast.expr] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Assign):
            targets += node.targets
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            targets.append(node.target)
    return sorted(ast.unparse(target) for target in targets if isinstance(target, ast.Attribute))


def test_the_assistant_changes_the_game_only_through_intents() -> None:
    """Hints counted, auto-play held while Solve plays, the game marked the solver's: the table does
    each when the assistant asks by an intent; the assistant writes only its own fields."""
    written = written_attributes(SPRITES / "scene" / "assistant.py")
    assert written and all(name.startswith("self.") and name.count(".") == 1 for name in written), written


def test_the_writes_reader_sees_a_write_through_the_table(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("def f(self):\n    self.table.session.hints += 1\n    self.solution = []\n")
    assert written_attributes(module) == ["self.solution", "self.table.session.hints"]
