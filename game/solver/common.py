"""What every solver shares: the result, the budget, and cancellation from another thread.

The window runs a solver in a worker process and must be able to stop it at any moment, so every
search loop asks its `Budget` every few hundred positions; a budget ends on a position count, a
wall-clock limit, a CPU-time limit or a cancel signal, whichever comes first. CPU time (of the
searching process) is what makes a verdict the same on a loaded machine as on a quiet one.
"""
from __future__ import annotations

import contextlib
import copy
import gc
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..i18n import N_
from ..moves import Move
from ..rules import IllegalMove, Rules
from ..state import State
from ..verdict import Status as Status  # every search takes it from here with the rest

Cancel = threading.Event | Callable[[], bool] | None

UNLIMITED = 1 << 60  # `Budget.room` without a position limit: more than any search meets, and a short int when compiled


# Why a search stopped undecided: kept in English, since code compares them, and translated where a
# player reads them (`_(result.reason)`).
CANCELLED = N_("cancelled")
POSITION_LIMIT = N_("position limit reached")
TIME_LIMIT = N_("time limit reached")
CPU_LIMIT = N_("CPU time limit reached")


@dataclass(frozen=True)
class SolveResult:
    """A solver's answer. `moves` is empty unless SOLVED; `reason` says why the answer is UNKNOWN."""

    status: Status
    moves: tuple[Move, ...] = ()
    positions: int = 0
    seconds: float = 0.0
    reason: str = ""

    @property
    def solved(self) -> bool:
        return self.status is Status.SOLVED

    def summary(self) -> str:
        """One line for people: verdict, length, work done."""
        head = {
            Status.SOLVED: f"solved in {len(self.moves)} moves",
            Status.UNSOLVABLE: "proven unsolvable",
            Status.UNKNOWN: f"unknown ({self.reason or 'gave up'})",
        }[self.status]
        return f"{head}; {self.positions} positions searched in {self.seconds:.3f} s"


class SolverError(RuntimeError):
    """A solver produced a solution the rules reject: a bug in the solver, never a player's fault."""


class Budget:
    """Limits on one search. `spent(positions)` returns a reason to stop, or None to go on.

    Reading the clock costs little but not nothing, so callers ask every few hundred positions; the
    cancel signal is a `threading.Event` or any callable that returns True to stop.
    """

    def __init__(
        self, max_positions: int | None = None, time_limit: float | None = None, cancel: Cancel = None,
        cpu_limit: float | None = None,
    ) -> None:
        self.max_positions = max_positions
        self.started = time.perf_counter()
        self.deadline = None if time_limit is None else self.started + time_limit
        self.cpu_deadline = None if cpu_limit is None else time.process_time() + cpu_limit
        if cancel is None:
            self._cancelled: Callable[[], bool] = lambda: False
        elif isinstance(cancel, threading.Event):
            self._cancelled = cancel.is_set
        else:
            self._cancelled = cancel

    def spent(self, positions: int) -> str | None:
        if self._cancelled():
            return CANCELLED
        if self.max_positions is not None and positions >= self.max_positions:
            return POSITION_LIMIT
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            return TIME_LIMIT
        if self.cpu_deadline is not None and time.process_time() >= self.cpu_deadline:
            return CPU_LIMIT
        return None

    def room(self, elsewhere: int = 0) -> int:
        """How many positions a search may meet in all, when the other searches of the same solve have
        met `elsewhere`. `spent` is asked every few hundred positions, which would let a search run
        past a position limit by as many; so a search compares its count with this figure at every
        position it meets, and stops (`POSITION_LIMIT`) rather than meet one more: a limit a user
        sets is kept exactly (`solve --max-positions 1` meets one position at most)."""
        if self.max_positions is None:
            return UNLIMITED
        return max(0, self.max_positions - elsewhere)

    def within(self, most: int) -> Budget:
        """This budget (its clocks and cancel signal) with at most `most` positions: a search that
        keeps every position it met holds memory by their count, so a cap keeps it bounded whatever
        the time it is given."""
        kept = copy.copy(self)
        kept.max_positions = most if self.max_positions is None else min(self.max_positions, most)
        return kept

    def elapsed(self) -> float:
        return time.perf_counter() - self.started


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Hold off the cyclic garbage collector while a search runs. A search makes hundreds of
    thousands of tuples, none of them in a reference cycle (reference counting frees them), and the
    collector walking them again and again cost 7 % of a proof (FreeCell deal 11982). It is turned
    back on only if it was on, so a caller that turned it off keeps it off."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def checked(rules: Rules, state: State, move: Move, number: int) -> State:
    """Move `number` of a solution through the model's own checks; a rejected move is a solver bug,
    so it raises."""
    try:
        return rules.apply(state, move)
    except IllegalMove as error:
        raise SolverError(f"solver move {number} ({move.notation}) is illegal: {error}") from None


def replay(rules: Rules, state: State, moves: list[Move] | tuple[Move, ...]) -> State:
    """Play `moves` through the model's own checks (`checked`)."""
    for number, move in enumerate(moves, start=1):
        state = checked(rules, state, move, number)
    return state


def won(rules: Rules, end: State, moves: list[Move], positions: int, seconds: float) -> SolveResult:
    """A SOLVED result for `moves`, which were played through `checked` and led to `end`, but only
    if the model itself agrees that `end` is won."""
    if not rules.is_won(end):
        raise SolverError("solver's moves are legal but do not win the game")
    return SolveResult(Status.SOLVED, tuple(moves), positions, seconds)


def verified(rules: Rules, state: State, moves: list[Move], positions: int, seconds: float) -> SolveResult:
    """A SOLVED result, but only after the model itself agrees that the moves win."""
    return won(rules, replay(rules, state, moves), moves, positions, seconds)
