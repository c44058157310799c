"""What `solitaire --version` says: the version, and which build of the solvers this copy runs, so
that a player who finds the "winnable?" check slow can see why (plain Python searches about a third
as many Klondike positions within the window's budget)."""
from __future__ import annotations

import platform

from game._version import __version__
from game.i18n import _


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


def version_text() -> str:
    return f"solitaire {__version__} (Python {platform.python_version()})\n{solver_build()}\n"
