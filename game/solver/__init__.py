"""Solvers for every game, behind one call: `solve(rules, state, ...)` and `hint(rules, state, ...)`.

The answer is a `SolveResult` whose `status` is SOLVED (with the moves), UNSOLVABLE (proven) or
UNKNOWN (the budget ran out or the caller cancelled). Each game family names its search (its
family object's `search`), but they share the budget, the cancel signal and the final check:
every solution is replayed through the model's `rules.apply` before it is returned.

The window runs `solve` in a worker process (`background.py`); pass a `threading.Event`, a
`multiprocessing.Event` or a callable returning True to stop as `cancel`, and set it from elsewhere
to get UNKNOWN back within milliseconds.
"""
from __future__ import annotations

from collections.abc import Callable, Collection
from pathlib import Path
from typing import Protocol

from ..i18n import N_
from ..moves import Move, PileKind
from ..rules import Rules
from ..state import State
from ..variants import family_of
from . import compiled as _compiled
from .common import Budget, Cancel, SolverError, SolveResult, Status, collector_paused, replay
from .heuristic import leads_back

# Where the compiled solvers were loaded from (None: plain Python), once
# `load_compiled` has run; importing this package loads nothing and hashes nothing.
COMPILED: Path | None = None
_loaded = False

__all__ = [
    "Cancel", "SolveResult", "SolverError", "Status", "hint", "hint_note", "load_compiled", "positions_met",
    "replay", "solve",
]


def load_compiled() -> Path | None:
    """Load the compiled solver modules where a build of them loads, else their plain sources
    (`compiled.load`); returns the compiled modules' folder, or None for plain Python. Called by
    `solve` and by the command line at start; the later calls of a process only answer."""
    global COMPILED, _loaded
    if not _loaded:
        COMPILED = _compiled.load(__path__, __name__)
        _loaded = True
    return COMPILED


def solve(
    rules: Rules,
    state: State,
    *,
    max_positions: int | None = None,
    time_limit: float | None = None,
    cancel: Cancel = None,
    cpu_limit: float | None = None,
) -> SolveResult:
    """Solve `state` under `rules`, within the given limits (None means no limit of that kind).

    `max_positions` bounds the distinct positions examined, `time_limit` the wall-clock seconds,
    `cpu_limit` the CPU seconds of the calling process (the same verdict on a busy machine as on a
    quiet one), and `cancel` (an event or a callable) stops the search from another thread or process.
    """
    load_compiled()
    budget = Budget(max_positions, time_limit, cancel, cpu_limit)
    with collector_paused():
        return _solve(rules, state, budget)


def _solve(rules: Rules, state: State, budget: Budget) -> SolveResult:
    """The game's family names its search (`Family.search`). The compiled modules are loaded first
    (`load_compiled`), so a search the family imports is the compiled one when a build loads, else
    the plain source (a build that passed its check may still fail to load: a library it links gone
    since, a copied tree; that must cost speed, not the solver)."""
    load_compiled()
    search: Callable[[Rules, State, Budget], SolveResult] = family_of(rules.variant).search()
    return search(rules, state, budget)


def hint(
    rules: Rules,
    state: State,
    *,
    time_limit: float = 0.5,
    max_positions: int | None = 200_000,
    cancel: Cancel = None,
    met: Collection[State] = (),
) -> Move | None:
    """A good next move: the first move of a solution found within the limits, else the family's
    fallback (`Family.hint_fallback`). `met` are the positions met earlier in the game: a solution
    whose first move goes back to one of them is not taken (a player pressing Hint again and again
    must not go round in circles), and the fallback may avoid them too.

    Returns None only when no legal move exists, or when the position is proven lost (no move helps,
    and the GUI says so rather than suggest a pointless one).
    """
    result = solve(rules, state, max_positions=max_positions, time_limit=time_limit, cancel=cancel)
    if result.status is Status.SOLVED:
        if not result.moves:
            return None
        if not leads_back(rules, state, result.moves[0], met):
            return result.moves[0]
    if result.status is Status.UNSOLVABLE:
        return None
    load_compiled()
    return family_of(rules.variant).hint_fallback()(rules, state, met)


# What a hint says beside its move, or in place of one (marked for translation: the front ends say them)
NO_MOVE_LEFT = N_("no move is left")
NO_MOVE_FOUND = N_("no move found that helps here")
ONLY_THE_STOCK = N_("no move found that helps: deal from the stock")


def hint_note(rules: Rules, state: State, move: Move | None, met: Collection[State] = ()) -> str:
    """What the hint says of its move, marked with N_ ("" when the move speaks for itself): it says
    what it knows, never that there is nothing to do while a move is left. No hint while moves remain
    is "no move found that helps here" (the search found none that does not lead back, or the deal is
    lost: the verdict says which); the stock's deal when every other move leads back to a position
    met before is "no move found that helps: deal from the stock"."""
    legal = list(rules.legal_moves(state))
    if move is None:
        return NO_MOVE_FOUND if legal else NO_MOVE_LEFT
    others = [other for other in legal if other.src.kind is not PileKind.STOCK]
    if move.src.kind is PileKind.STOCK and all(leads_back(rules, state, other, met) for other in others):
        return ONLY_THE_STOCK
    return ""


class History(Protocol):
    """What `positions_met` reads of a game (`game.session.Session`, which this package does not import)."""

    @property
    def position_in_history(self) -> int: ...

    def state_at(self, position: int) -> State: ...


def positions_met(session: History) -> frozenset[State]:
    """The positions of a game from its deal to where it stands (undone moves left out)."""
    return frozenset(session.state_at(at) for at in range(session.position_in_history + 1))
