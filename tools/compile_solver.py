"""Compile the solvers' modules `game.solver.compiled.MODULES` names with mypyc, for `game.solver.compiled` to load.

    .venv/bin/python tools/compile_solver.py   # `make play`, `make test` and `make bench` run it

Builds `game/solver/_compiled/<digest>/` when it is missing (a few tens of seconds), checks that it
imports and solves a deal of each game in a fresh interpreter, and removes the builds of older sources; does
nothing when the build is there. Without mypyc, a C compiler or Python's headers, or when the check
fails, it says so in one line and leaves the solver to run as plain Python, so `make` goes on.
"""
from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.solver import compiled  # noqa: E402

PARTIAL = ".partial"  # a folder being filled: never loaded, since its name is no digest


# Run in a fresh interpreter on the built folder before it takes its final name: the compiled
# modules must import from it and solve a deal, or it is not used.
CHECK = """
import sys
import game.solver
game.solver.__path__.insert(0, sys.argv[1])
import importlib
from game.solver import compiled, solve
from game.variants import find_variant, rules_for
assert all(importlib.import_module("game.solver." + name).__file__.startswith(sys.argv[1]) for name in compiled.MODULES)
for key in ("klondike-draw3", "freecell", "yukon", "spider-1"):
    rules = rules_for(find_variant(key))
    assert solve(rules, rules.deal(1), max_positions=10_000).status.name == "SOLVED", key
"""


def missing() -> str | None:
    """What the build needs and this machine lacks (mypyc, setuptools, the C compiler setuptools
    would call, Python's headers), or None."""
    for module in ("mypyc", "setuptools"):
        if importlib.util.find_spec(module) is None:
            return f"{module} is not installed"
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"there is no C compiler ({compiler})"
    if not Path(sysconfig.get_paths()["include"], "Python.h").is_file():
        return "Python's C headers are missing (Debian: python3-dev)"
    return None


def mypyc_arguments() -> list[str]:
    """mypyc's command line, run from the project's root (mypyc names each module by its path from
    there), for this build and the wheel's (setup.py) alike.

    Type errors elsewhere in the game are not the build's business: only the compiled modules' own
    errors stop it. Nor are the project's checks for tidiness (pyproject.toml's `warn_unused_ignores`,
    which mypyc reads too): an ignore that mypy no longer needs is no fault in what is compiled."""
    return ["--follow-imports=silent", "--no-warn-unused-ignores", *(str(path.relative_to(ROOT)) for path in compiled.sources())]


def build(target: Path) -> str | None:
    """Compile into `target`; returns why it could not, or None."""
    lacking = missing()
    if lacking:
        return lacking
    from mypyc.build import mypycify
    from setuptools import Distribution  # type: ignore[import-untyped]

    with tempfile.TemporaryDirectory() as scratch:
        os.environ["MYPY_CACHE_DIR"] = str(Path(scratch, "mypy-cache"))
        os.chdir(ROOT)  # mypyc names each module by its path from here
        try:
            modules = mypycify(mypyc_arguments(), separate=True, target_dir=str(Path(scratch, "c")))
            distribution = Distribution({"name": "solver-compiled", "ext_modules": modules})
            command = distribution.get_command_obj("build_ext")
            command.build_lib = str(Path(scratch, "lib"))
            command.build_temp = str(Path(scratch, "temp"))
            command.parallel = os.cpu_count() or 1  # the modules' C files compile at once (83 s of wall time, now 60)
            distribution.run_command("build_ext")
        except (Exception, SystemExit) as error:  # mypyc exits on a type error; a missing compiler raises
            return f"the build failed ({error})"
        compiled.BUILDS.mkdir(parents=True, exist_ok=True)
        # A folder of its own, so that two builds at once (`make test` and `make play`) never mix.
        partial = Path(tempfile.mkdtemp(prefix=f"{target.name}.", suffix=PARTIAL, dir=compiled.BUILDS))
        for path in Path(scratch, "lib", "game", "solver").iterdir():
            if path.suffix in (".so", ".pyd"):
                shutil.copy2(path, partial / path.name)
    check = subprocess.run([sys.executable, "-c", CHECK, str(partial)], cwd=ROOT, capture_output=True, text=True,
                           env={**os.environ, compiled.PURE: "1"})
    if check.returncode:
        shutil.rmtree(partial, ignore_errors=True)
        return f"the compiled modules do not work ({(check.stderr.strip().splitlines() or ['no message'])[-1]})"
    try:
        partial.rename(target)  # whole or not at all: `compiled.tree_build` only looks for the final name
    except OSError:
        shutil.rmtree(partial, ignore_errors=True)
        if not target.is_dir():  # not a build at once that finished first
            raise
    return None


def main() -> int:
    target = compiled.build_directory()
    if target.is_dir():
        return 0
    print(f"Compiling the solvers' {len(compiled.MODULES)} modules with mypyc into {target.relative_to(ROOT)} ...", flush=True)
    failed = build(target)
    if failed:
        print(f"Not compiled: {failed}. The solvers run as plain Python, Klondike's about a third as fast.")
        return 0
    for old in compiled.BUILDS.iterdir():
        # builds of older sources, and folders left by builds interrupted an hour ago or more
        if old != target and (re.fullmatch("[0-9a-f]{16}", old.name)
                              or old.name.endswith(PARTIAL) and time.time() - old.stat().st_mtime > 3600):
            shutil.rmtree(old, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
