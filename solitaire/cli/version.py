"""What `solitaire --version` says: the version, and which build of the solvers this copy runs, so
that a player who finds the "winnable?" check slow can see why (plain Python searches about a third
as many Klondike positions within the window's budget).

Run from a clone, the version names the commit its files come from (`1.1.0+g1a2b3c4`, a local
version in PEP 440's words), so a report from a clone is told from one from a release; an installed
wheel has no .git beside its packages and says its version alone. The commit is read from .git's
files, not asked of git: only --version reads it, and it needs no git installed.
"""
from __future__ import annotations

import platform
import re
from pathlib import Path

from game._version import __version__
from game.i18n import _

SOURCE_ROOT = Path(__file__).resolve().parents[2]  # the clone's folder, or site-packages in an install
COMMIT = re.compile(r"[0-9a-f]{40}")


def solver_build() -> str:
    """One line: compiled, or plain Python and why when that is known."""
    import game.solver
    from game.solver import compiled

    if game.solver.load_compiled() is not None:
        return _("solver: compiled with mypyc")
    if compiled.pure_requested():
        # TRANSLATORS: SOLITAIRE_PURE is the name of an environment variable; keep it as it is
        return _("solver: plain Python (SOLITAIRE_PURE is set)")
    reason = compiled.not_compiled_reason()
    if reason:
        # TRANSLATORS: {reason} is the build's own message, in English (e.g. "there is no C compiler (cc)")
        return _("solver: plain Python, not compiled when installed: {reason}").format(reason=reason)
    return _("solver: plain Python")


def _git_folders(root: Path) -> tuple[Path, Path] | None:
    """A clone's git folder and the folder its refs are shared in (the same but in a worktree)."""
    dot = root / ".git"
    if dot.is_dir():
        return dot, dot
    if not dot.is_file():
        return None
    pointer = dot.read_text(encoding="utf-8").strip()  # a worktree's: "gitdir: /clone/.git/worktrees/NAME"
    if not pointer.startswith("gitdir:"):
        return None
    folder = (root / pointer.partition(":")[2].strip()).resolve()
    common = folder / "commondir"
    return folder, (folder / common.read_text(encoding="utf-8").strip()).resolve() if common.is_file() else folder


def source_commit(root: Path = SOURCE_ROOT) -> str | None:
    """The commit checked out in the clone at `root`, or None where there is no clone (an install)."""
    try:
        folders = _git_folders(root)
        if folders is None:
            return None
        folder, common = folders
        head = (folder / "HEAD").read_text(encoding="utf-8").strip()
        if not head.startswith("ref:"):
            return head if COMMIT.fullmatch(head) else None  # a detached HEAD names its commit
        ref = head.partition(":")[2].strip()
        for place in (folder, common):
            if (place / ref).is_file():
                found = (place / ref).read_text(encoding="utf-8").strip()
                return found if COMMIT.fullmatch(found) else None
        packed = common / "packed-refs"
        for line in packed.read_text(encoding="utf-8").splitlines() if packed.is_file() else []:
            commit, _space, name = line.partition(" ")
            if name == ref and COMMIT.fullmatch(commit):
                return commit
    except (OSError, UnicodeDecodeError):
        pass  # an unreadable .git: the version alone
    return None


def shown_version(root: Path = SOURCE_ROOT) -> str:
    """The version, and in a clone the commit: `1.1.0+g1a2b3c4`."""
    commit = source_commit(root)
    return f"{__version__}+g{commit[:7]}" if commit else __version__


def version_text() -> str:
    return f"solitaire {shown_version()} (Python {platform.python_version()})\n{solver_build()}\n"
