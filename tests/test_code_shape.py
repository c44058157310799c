"""Functions a reader can hold in mind: none in the project runs over 100 lines."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ROOMS = ("game", "solitaire", "sprites", "sounds", "tools", "bench")
MOST_LINES = 100


def long_functions() -> list[str]:
    found = []
    for room in ROOMS:
        for path in sorted((ROOT / room).rglob("*.py")):
            if "_compiled" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    length = (node.end_lineno or node.lineno) - node.lineno + 1
                    if length > MOST_LINES:
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name} ({length} lines)")
    return found


def test_no_function_is_longer_than_a_reader_can_hold_in_mind() -> None:
    assert long_functions() == []


def test_the_measure_sees_functions() -> None:
    tree = ast.parse("def f():\n" + "    x = 1\n" * 120)
    node = tree.body[0]
    assert isinstance(node, ast.FunctionDef) and node.end_lineno == 121  # the count is of real lines
