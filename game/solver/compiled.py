"""Compiled copies of the Klondike and FreeCell solvers' modules, used only when built from the sources beside them.

The Klondike search spends its whole budget in Python code that generates moves
(`klondike_position`) and orders positions (`klondike`), and a deal's verdict depends on how many
positions fit in the window's 4 s of CPU. mypyc compiles those two modules, unchanged, into C
extension modules that run the same search about three times as fast (CPU of draw-3 deals 272 and
522: 2.7 and 3.5 times): the same positions in the same order, so the same verdicts, only more of
them within the budget. Most of that comes from the annotations: where the compiled code knows a
value's type it works on machine integers, and where it does not it calls into CPython as the
interpreter would (`klondike_position`'s note). FreeCell's search (`freecell`), little annotated
inside its loop, runs about a third faster so (the proof of deal 11982 in 0.33 s of CPU instead of
0.43, the median of deals 1..1000 1.8 ms instead of 2.5), with its searches unchanged too.

Compiled code holds the annotations to what the values are, where Python ignores them: a value of
another type raises TypeError, and a `type: ignore` that hides a wrong annotation becomes a crash.
And a `for` loop over a variable holding a sequence (bytes, str, tuple, list) reads the variable
at each step, where Python loops over the value it held at the start: rebinding it inside the loop
reads past the end of a shorter value (IndexError for bytes, unchecked memory for a tuple or str)
or loops over the new list, so it must not be done (`freecell._Search.settle` loops over a name of
its own). The tests compare the compiled and the plain searches
position for position.

`tools/compile_solver.py` (run by `make`) builds them into `_compiled/<digest>/`, the digest taken
over every module of the `game` package (mypyc compiles against the types of what the compiled modules
import, so an edit anywhere in the model may change what the build should be) and the interpreter
and machine; `use` puts that folder first on the package's search path when it exists. In a
process started after a source was edited, the digest differs, so the source runs as written, in
plain Python, until the next build: a stale compiled copy is not loaded. Without mypyc, a C
compiler or Python's headers nothing is built and everything runs as plain Python, as it does in
an installation that is not the source tree (`pip install` without `--editable`): the build lives
beside the sources. A build that is there but fails to load (a library it links removed since its
check) is dropped at the first Klondike or FreeCell solve (`drop`), and the plain sources answer. SOLITAIRE_PURE=1
turns the compiled copies off (profilers and debuggers see only Python code).
"""
from __future__ import annotations

import hashlib
import os
import platform
import sys
import sysconfig
from pathlib import Path

MODULES = ("klondike_position", "klondike", "freecell")
PACKAGE_DIR = Path(__file__).resolve().parent
GAME_DIR = PACKAGE_DIR.parent  # every module here goes into the digest
BUILDS = PACKAGE_DIR / "_compiled"
PURE = "SOLITAIRE_PURE"  # set (to anything but "" or "0") to run the plain Python sources
FORMAT = 1  # raised when the way of building changes, so older builds are not loaded


def sources() -> list[Path]:
    """The modules compiled."""
    return [PACKAGE_DIR / f"{name}.py" for name in MODULES]


def digest() -> str:
    """Names the build of exactly these sources for this interpreter on this machine."""
    target = (FORMAT, sys.implementation.cache_tag, sysconfig.get_config_var("EXT_SUFFIX"), platform.machine())
    h = hashlib.sha256(repr(target).encode())
    for path in sorted(GAME_DIR.rglob("*.py")):
        h.update(path.relative_to(GAME_DIR).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def build_directory() -> Path:
    return BUILDS / digest()


def pure_requested() -> bool:
    return os.environ.get(PURE, "") not in ("", "0")


def drop(package_path: list[str], folder: Path, package: str) -> None:
    """Take a build that fails to load off `package_path`, and forget the modules it left half
    imported, so that the next import finds the plain sources."""
    if str(folder) in package_path:
        package_path.remove(str(folder))
    for name in (*MODULES, "klondike_bound"):  # klondike_bound reads klondike_position's tables
        sys.modules.pop(f"{package}.{name}", None)


def use(package_path: list[str]) -> Path | None:
    """Put the build of the current sources first on `package_path` (the package's `__path__`), so
    importing those modules finds the compiled copies; returns its folder, or None when there is
    none or SOLITAIRE_PURE asks for plain Python."""
    if pure_requested():
        return None
    try:
        folder = build_directory()
    except OSError:  # a source that cannot be read: nothing to compare the build with
        return None
    if not folder.is_dir():
        return None
    package_path.insert(0, str(folder))
    return folder
