"""The window's code in rooms: imports that run one way (no circle in sprites/, counting the imports
made only for type checking), input that reads the table without importing it, functions a reader
can hold in mind, and keys that mean what the help says."""
from __future__ import annotations

import ast
from pathlib import Path

import pygame
import pytest

from sprites.intents import WINDOW_COMMANDS, Command, Pick
from sprites.keyboard import Keyboard, command_of
from sprites.layout import compute_layout

SPRITES = Path(__file__).resolve().parent.parent / "sprites"
LONGEST_FUNCTION = 100


def sprites_imports() -> dict[str, set[str]]:
    """Each module of sprites/ and the modules of sprites/ it imports, anywhere in it (TYPE_CHECKING included)."""
    modules = {path.stem for path in SPRITES.glob("*.py")}
    graph: dict[str, set[str]] = {}
    for path in SPRITES.glob("*.py"):
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level == 1:
                    found |= {node.module.split(".")[0]} if node.module else {alias.name for alias in node.names}
                elif node.level == 0 and node.module and node.module.split(".")[0] == "sprites":
                    parts = node.module.split(".")
                    found |= {parts[1]} if len(parts) > 1 else {alias.name for alias in node.names}
            elif isinstance(node, ast.Import):
                found |= {alias.name.split(".")[1] for alias in node.names if alias.name.startswith("sprites.")}
        graph[path.stem] = found & modules
    return graph


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
    for path in sorted(SPRITES.glob("*.py")):
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
    (pygame.K_s, True, False, None),  # Ctrl+S means nothing: only the plain letter opens the statistics
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
    assert keyboard.handle(space, layout) == Pick(second)
