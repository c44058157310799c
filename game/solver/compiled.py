"""Compiled copies of the solvers' modules (`MODULES`), used only when built from their sources.

The Klondike search spends its whole budget in Python code that generates moves
(`klondike_position`) and orders positions (`klondike`), and a deal's verdict depends on how many
positions fit in the window's 4 s of CPU. mypyc compiles those two modules, unchanged, into C
extension modules that run the same search about three times as fast (CPU of draw-3 deals 272 and
522: 2.7 and 3.5 times): the same positions in the same order, so the same verdicts, only more of
them within the budget. Most of that comes from the annotations: where the compiled code knows a
value's type it works on machine integers, and where it does not it calls into CPython as the
interpreter would (`klondike_position`'s note). FreeCell's search (`freecell`), little annotated
inside its loop, runs about a third faster so (the proof of deal 11982 in 0.33 s of CPU instead of
0.43, the median of deals 1..1000 1.8 ms instead of 2.5), with its searches unchanged too. Yukon's
(`yukon`) ran 2.9 times as fast when first compiled (the first 8,000 positions of deal 12 in 1.15 s
of CPU instead of 3.32); its bound has since worked on bit masks, about twice as fast again. Its
relaxed game (`yukon_relaxed`) runs about ten times as fast compiled (deal 25's proof, 16,907
positions, in 0.6 s of CPU instead of 6.4 to 7.4).

Compiled code holds the annotations to what the values are, where Python ignores them: a value of
another type raises TypeError, and a `type: ignore` that hides a wrong annotation becomes a crash.
And a `for` loop over a variable holding a sequence (bytes, str, tuple, list) reads the variable
at each step, where Python loops over the value it held at the start: rebinding it inside the loop
reads past the end of a shorter value (IndexError for bytes, unchecked memory for a tuple or str)
or loops over the new list, so it must not be done (`freecell._Search.settle` loops over a name of
its own). The tests compare the compiled and the plain searches
position for position.

Where the compiled modules come from:
- An installed wheel (`pipx install .`, `pip wheel .`: setup.py) carries them beside their sources,
  as extension modules that Python's ordinary import prefers to the `.py` files. The wheel's build
  compiles them where mypyc, a C compiler and Python's headers are found; elsewhere it leaves a note
  (`NOT_COMPILED_NOTE`) saying why, which `solitaire --version` repeats.
- The source tree: `tools/compile_solver.py` (run by `make`) builds them into `_compiled/<digest>/`,
  the digest taken over every module of the `game` package (mypyc compiles against the types of what
  the compiled modules import, so an edit anywhere in the model may change what the build should be)
  and the interpreter and machine. In a process started after a source was edited the digest
  differs, so the source runs as written, in plain Python, until the next build: a stale compiled
  copy is not loaded.

Nothing happens when `game.solver` is imported: `load` (through `game.solver.load_compiled`, called
by `solve` and by the command line at start) imports the modules once, putting the source tree's
build first on the package's path when there is one. A build that fails to load (a library it links
removed since, a copied tree) is dropped and the plain sources answer, in the source tree and in a
wheel alike. SOLITAIRE_PURE=1 turns the compiled copies off (profilers and debuggers see only Python code).
"""
from __future__ import annotations

import hashlib
import importlib
import importlib.machinery
import importlib.util
import os
import platform
import sys
import sysconfig
from pathlib import Path
from types import ModuleType

MODULES = (  # a module after those it imports: plain sources load in this order (`_load_sources`)
    "generic", "any_suit", "simon", "klondike_position", "klondike", "freecell", "yukon_relaxed", "yukon", "spider_position",
    "spider_stages", "spider", "beam", "forty_thieves_position", "forty_thieves", "pairs", "aces_up_relaxed", "aces_up", "staged",
    "gypsy", "canfield",
)
PACKAGE_DIR = Path(__file__).resolve().parent
GAME_DIR = PACKAGE_DIR.parent  # every module here goes into the digest
BUILDS = PACKAGE_DIR / "_compiled"
PURE = "SOLITAIRE_PURE"  # set (to anything but "" or "0") to run the plain Python sources
FORMAT = 1  # raised when the way of building changes, so older builds are not loaded
# Left by a wheel's build that could not compile, beside this module: why, in one line.
NOT_COMPILED_NOTE = PACKAGE_DIR / "not-compiled.txt"


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


def drop(package_path: list[str], folder: Path | None, package: str) -> None:
    """Take a build that fails to load off `package_path`, and forget the modules it left half
    imported, so that they can be loaded again from their sources."""
    if folder is not None and str(folder) in package_path:
        package_path.remove(str(folder))
    for name in (*MODULES, "klondike_bound"):  # klondike_bound reads klondike_position's tables
        sys.modules.pop(f"{package}.{name}", None)


def tree_build() -> Path | None:
    """The source tree's build of the current sources, or None (none built, or an installed copy,
    which has no `_compiled` folder and so is never hashed)."""
    if not BUILDS.is_dir():
        return None
    try:
        folder = build_directory()
    except OSError:  # a source that cannot be read: nothing to compare the build with
        return None
    return folder if folder.is_dir() else None


def load(package_path: list[str], package: str) -> Path | None:
    """Import the compiled modules of package `package` (whose `__path__` is `package_path`):
    compiled where a build loads, else from their sources. Returns the folder the compiled modules
    came from, or None when plain Python runs. Modules already imported stay as they are."""
    names = [f"{package}.{name}" for name in MODULES]
    if all(name in sys.modules for name in names):
        return compiled_folder([sys.modules[name] for name in names])
    if pure_requested():
        _load_sources(package)
        return None
    folder = tree_build()
    if folder is not None:
        package_path.insert(0, str(folder))
    try:
        modules = [importlib.import_module(name) for name in names]
    except ImportError:
        drop(package_path, folder, package)
        _load_sources(package)
        return None
    return compiled_folder(modules)


def compiled_folder(modules: list[ModuleType]) -> Path | None:
    """Where the modules were loaded from, when all of them are extension modules."""
    files = [getattr(module, "__file__", None) or "" for module in modules]
    if all(file.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)) for file in files):
        return Path(files[0]).parent
    return None


def _load_sources(package: str) -> None:
    """Import each module not yet imported from its `.py` file, even where an extension module of
    the same name sits beside it (a wheel's), which ordinary import would prefer."""
    parent = sys.modules[package]
    for name in MODULES:
        full = f"{package}.{name}"
        if full in sys.modules:
            continue
        spec = importlib.util.spec_from_file_location(full, PACKAGE_DIR / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[full] = module
        try:
            spec.loader.exec_module(module)
        except BaseException:
            sys.modules.pop(full, None)
            raise
        setattr(parent, name, module)


def not_compiled_reason() -> str | None:
    """Why the installed wheel's build left the solvers plain, when it said so."""
    try:
        return NOT_COMPILED_NOTE.read_text(encoding="utf-8").strip() or None
    except OSError:
        return None
