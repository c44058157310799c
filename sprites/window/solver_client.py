"""The window's client of the solver: the background winnability check of the game on the table, and
hints. The search runs in a worker process (game.solver.background), never in the window's own, so
a drag never waits for it; its module and the solver's load only when first needed, after the first
frame.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.moves import Move
from game.session import Session
from game.state import State

if TYPE_CHECKING:  # loaded when first used: the first frame needs neither
    from game.solver import SolveResult
    from game.solver.background import WinnabilityWatcher

HINT_SECONDS = 0.3
ANSWERED = pygame.event.custom_type()  # posted by the search thread: wakes a blocked loop to show the verdict


class SolverClient:
    """Holds the watcher of the game being played (or none, with `analyse` off until a Solve asks)."""

    def __init__(self, analyse: bool) -> None:
        self.analyse = analyse
        self.watcher: WinnabilityWatcher | None = None

    @property
    def analysing(self) -> bool:
        return self.analyse or self.watcher is not None

    def watch(self, session: Session) -> None:
        """A background check of winnability for this game's positions, the old game's one stopped."""
        self.close()
        if self.analyse:
            self.watcher = _watcher(session)
            self.watcher.request(session.state)

    def moved(self, state: State) -> None:
        """A new position: ask whether it can still be won."""
        if self.watcher is not None:
            self.watcher.request(state)

    def take_news(self) -> bool:
        """Whether an answer arrived since the last call."""
        return self.watcher is not None and self.watcher.take_news()

    def winnability(self, state: State) -> SolveResult | None:
        return self.watcher.answer(state) if self.watcher is not None else None

    def search_now(self, session: Session) -> None:
        """Search the position now (a Solve asked), starting a watcher if the background check is off."""
        if self.watcher is None:
            self.watcher = _watcher(session)
        self.watcher.request(session.state)

    def hint(self, session: Session) -> Move | None:
        """The first move of a known solution at once; otherwise a short search, then a good guess.
        Neither leads back to a position met earlier in the game, so pressing Hint again and again
        never goes round in circles."""
        from game.solver import Status, hint, positions_met
        from game.solver.heuristic import leads_back

        met = positions_met(session)
        known = self.winnability(session.state)
        first = known.moves[0] if known is not None and known.status is Status.SOLVED and known.moves else None
        if first is not None and not leads_back(session.rules, session.state, first, met):
            return first
        return hint(session.rules, session.state, time_limit=HINT_SECONDS, met=met)

    def close(self) -> None:
        if self.watcher is not None:
            self.watcher.close()
            self.watcher = None


def _watcher(session: Session) -> WinnabilityWatcher:
    """The search's watcher for this game, its module (and the solver's) loaded only now, after the first frame."""
    from game.solver.background import WinnabilityWatcher

    return WinnabilityWatcher(session.rules, on_answer=_wake_loop)


def _wake_loop() -> None:
    """Called on the search thread with each new answer: SDL's queue takes events from any thread."""
    try:
        pygame.event.post(pygame.event.Event(ANSWERED))
    except pygame.error:
        pass  # the window has closed (or its queue is full, and the loop is awake anyway)
