"""Compile the Klondike solver's modules with mypyc, for `game.solver.compiled` to load.

    .venv/bin/python tools/compile_solver.py   # `make play`, `make test` and `make bench` run it

Builds `game/solver/_compiled/<digest>/` when it is missing (a few tens of seconds) and removes the
builds of older sources; does nothing when the build is there. Without mypyc or a C compiler it
says so and leaves the solver to run as plain Python, so `make` goes on either way.
"""
from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.solver import compiled  # noqa: E402


def build(target: Path) -> str | None:
    """Compile into `target`; returns why it could not, or None."""
    try:
        from mypyc.build import mypycify
        from setuptools import Distribution
    except ImportError as error:
        return f"{error.name} is not installed"
    with tempfile.TemporaryDirectory() as scratch:
        os.environ["MYPY_CACHE_DIR"] = str(Path(scratch, "mypy-cache"))
        os.chdir(ROOT)  # mypyc names each module by its path from here
        try:
            # Type errors elsewhere in the game are not this build's business: only the compiled
            # modules' own errors stop it.
            modules = mypycify(["--follow-imports=silent", *(str(path.relative_to(ROOT)) for path in compiled.sources())],
                               separate=True, target_dir=str(Path(scratch, "c")))
            distribution = Distribution({"name": "solver-compiled", "ext_modules": modules})
            command = distribution.get_command_obj("build_ext")
            command.build_lib = str(Path(scratch, "lib"))  # type: ignore[attr-defined]
            command.build_temp = str(Path(scratch, "temp"))  # type: ignore[attr-defined]
            distribution.run_command("build_ext")
        except (Exception, SystemExit) as error:  # mypyc exits on a type error; a missing compiler raises
            return f"the build failed ({error})"
        built = [path for path in Path(scratch, "lib", "game", "solver").iterdir() if path.suffix in (".so", ".pyd")]
        partial = target.with_name(target.name + ".partial")
        shutil.rmtree(partial, ignore_errors=True)
        partial.mkdir(parents=True)
        for path in built:
            shutil.copy2(path, partial / path.name)
        partial.rename(target)  # whole or not at all: `compiled.use` only looks for the final name
    return None


def main() -> int:
    target = compiled.build_directory()
    if target.is_dir():
        return 0
    print(f"Compiling the Klondike solver with mypyc into {target.relative_to(ROOT)} ...", flush=True)
    failed = build(target)
    if failed:
        print(f"Not compiled: {failed}. The solver runs as plain Python, about half as fast.")
        return 0
    for old in compiled.BUILDS.iterdir():
        if old != target:
            shutil.rmtree(old, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
