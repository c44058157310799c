"""The wheel's build: everything is declared in pyproject.toml but the compiled solvers, the desktop
files and the summary, which are made from the program itself.

Building the wheel (`pipx install .`, `pip install .`, `pip wheel .`) compiles the Klondike and
FreeCell solvers' modules with mypyc, as `make` does in the source tree, and puts the extension
modules beside their sources, where Python's ordinary import prefers them (game/solver/compiled.py).
Where mypyc, a C compiler or Python's headers are missing, or the compilation fails, the build says
so in one line, leaves that line in the wheel for `solitaire --version` to repeat, and goes on: the
solvers then run as plain Python. An editable install (`make`) compiles nothing here: the source
tree keeps its own build in game/solver/_compiled, rebuilt when a source changes.
"""
from __future__ import annotations

import os
import shutil
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

from setuptools import Distribution, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))

from game.solver.compiled import NOT_COMPILED_NOTE  # noqa: E402
from tools.compile_solver import missing, mypyc_arguments  # noqa: E402

# The desktop files (data/) travel in the wheel inside the `solitaire.cli` package, where `solitaire desktop` finds them,
# finished here: the entry and the AppStream file made from their templates, the man page made by argparse-manpage.
DESKTOP_DATA = ROOT / "data"
DESKTOP_DATA_IN_WHEEL = Path("solitaire", "cli", "data")


class AlwaysBuildExtensions(Distribution):
    """The compiled modules are only known once mypyc has run (in `BuildSolvers`), so the
    distribution says up front that it has extension modules: the wheel is then built for this
    platform and `build_ext` is run."""

    def has_ext_modules(self) -> bool:
        return True


class BuildSolvers(build_ext):
    def run(self) -> None:
        if self.editable_mode:
            return  # the source tree's build is `make`'s (tools/compile_solver.py)
        # pip builds in the clone, so build/ may hold an earlier build's outputs: the wheel must
        # carry this build's, the compiled modules or the note, never both.
        note = Path(self.build_lib, NOT_COMPILED_NOTE.relative_to(ROOT))
        note.unlink(missing_ok=True)
        failed = missing() or self._compile()
        if failed:
            for suffix in EXTENSION_SUFFIXES:
                for stale in note.parent.glob(f"*{suffix}"):
                    stale.unlink()
            print(f"Not compiled: {failed}. The solvers run as plain Python, Klondike's about a third as fast.",
                  file=sys.stderr, flush=True)
            note.parent.mkdir(parents=True, exist_ok=True)
            note.write_text(f"{failed}\n", encoding="utf-8")

    def _compile(self) -> str | None:
        """Compile the solver modules into the build; returns why that failed, or None."""
        from mypyc.build import mypycify

        os.chdir(ROOT)  # mypyc names each module by its path from here
        os.environ["MYPY_CACHE_DIR"] = str(Path(self.build_temp, "mypy-cache").resolve())
        compiler = build_ext(self.distribution)  # a plain build_ext of the modules mypyc wrote out
        compiler.build_lib, compiler.build_temp = self.build_lib, self.build_temp
        compiler.parallel = os.cpu_count() or 1  # the modules' C files compile at once
        try:
            # MYPYC_OPT_LEVEL, as mypy's own build reads it: the tests build with 0, in a third of the time
            self.distribution.ext_modules = mypycify(mypyc_arguments(), separate=True,
                                                     opt_level=os.environ.get("MYPYC_OPT_LEVEL", "3"),
                                                     target_dir=str(Path(self.build_temp, "mypyc")))
            compiler.ensure_finalized()
            compiler.run()
        except (Exception, SystemExit) as error:  # mypyc exits on a type error; a missing compiler raises
            for extension in self.distribution.ext_modules or []:  # none half there: all compiled or none
                Path(compiler.get_ext_fullpath(extension.name)).unlink(missing_ok=True)
            return _summary(error)
        return None


def _summary(error: BaseException) -> str:
    """Why the build failed, in a few words: a compiler's whole command line is no message for the
    one line a player reads (`pip install -v` shows the compiler's own messages)."""
    if type(error).__name__ in ("CompileError", "LinkError"):
        return "the C compiler failed (pip install -v shows why)"
    text = " ".join(str(error).split())
    return f"the build failed ({text[:120]}{'...' if len(text) > 120 else ''})"


class BuildWithDesktopData(build_py):
    """Puts data/'s desktop files, finished, into the `solitaire.cli` package of the build: the icon as
    it is; the desktop entry and the AppStream file made from their templates, naming every game of
    the registry; the man page (so that an installed copy never needs argparse-manpage)."""

    def run(self) -> None:
        from solitaire.cli.desktop import TEMPLATE, finished

        super().run()
        target = Path(self.build_lib, DESKTOP_DATA_IN_WHEEL)
        target.mkdir(parents=True, exist_ok=True)
        for path in DESKTOP_DATA.iterdir():
            if path.is_file() and not path.name.endswith(TEMPLATE):
                shutil.copy2(path, target / path.name)
        for name, text in finished(DESKTOP_DATA).items():
            (target / name).write_text(text, encoding="utf-8")


def summary() -> str:
    """The package's summary, naming every game of the registry (pyproject.toml's dynamic description)."""
    from solitaire.cli.metadata import summary

    return summary()


setup(distclass=AlwaysBuildExtensions, cmdclass={"build_ext": BuildSolvers, "build_py": BuildWithDesktopData},
      description=summary())
