"""Compiled copies of the Klondike solver's modules, used only when built from the sources beside them.

The Klondike search spends its whole budget in Python code that generates moves
(`klondike_position`) and orders positions (`klondike`), and a deal's verdict depends on how many
positions fit in the window's 4 s of CPU. mypyc compiles those two modules, unchanged, into C
extension modules that run the same search about twice as fast: the same positions in the same
order, so the same verdicts, only more of them within the budget.

`tools/compile_solver.py` (run by `make`) builds them into `_compiled/<digest>/`, the digest taken
over the sources and the interpreter; `use` puts that folder first on the package's search path
when it exists. A source edited since the last build has another digest, so it runs as written, in
plain Python, until the next build: a stale compiled copy is never loaded. Without mypyc or a C
compiler nothing is built and everything runs as plain Python. SOLITAIRE_PURE=1 turns the compiled
copies off (profilers and debuggers see only Python code).
"""
from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

MODULES = ("klondike_position", "klondike")
PACKAGE_DIR = Path(__file__).resolve().parent
BUILDS = PACKAGE_DIR / "_compiled"
PURE = "SOLITAIRE_PURE"  # set (to anything but "" or "0") to run the plain Python sources


def sources() -> list[Path]:
    return [PACKAGE_DIR / f"{name}.py" for name in MODULES]


def digest() -> str:
    """Names the build of exactly these sources for this interpreter."""
    h = hashlib.sha256(sys.implementation.cache_tag.encode())
    for path in sources():
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


def build_directory() -> Path:
    return BUILDS / digest()


def use(package_path: list[str]) -> Path | None:
    """Put the build of the current sources first on `package_path` (the package's `__path__`), so
    importing those modules finds the compiled copies; returns its folder, or None when there is
    none or SOLITAIRE_PURE asks for plain Python."""
    if os.environ.get(PURE, "") not in ("", "0"):
        return None
    try:
        folder = build_directory()
    except OSError:  # no sources to compare with (installed as bytecode only, or from a zip)
        return None
    if not folder.is_dir():
        return None
    package_path.insert(0, str(folder))
    return folder
