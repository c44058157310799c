"""A beam search: layer after layer, each the `width` best-scored new children of the layer before.

A best-first search goes back to whichever position scores best, wherever it lies, so on a game whose
stock is turned a card at a time (Forty & Eight) it wanders among orders of the same moves before
the stock's next card: on deal 7 its 300,000 positions never reached the end of the first pass
(docs/solvers.md). A beam never goes back: every layer is one move further on, so it walks the whole
game through, keeping only the `width` best positions met at each step. It leaves most positions
out, so its running dry proves nothing; it then starts again twice as wide (`Beam`), until a pass
keeps every position it meets (then there is nothing more for it to find, and it stops). Its wins
count, replayed like any other. It runs a turn at a time beside the exact search (`portfolio`).
"""
from __future__ import annotations

import heapq
from collections.abc import Callable, Generator, Hashable, Iterable, Sequence
from typing import Generic, TypeVar

from .common import POSITION_LIMIT, Budget, Status
from .portfolio import Outcome, path_to, stopped

LOOK = 2048  # positions met between looks at the budget

P = TypeVar("P")  # a position, as the game's search keeps it
S = TypeVar("S")  # a step from one position to the next


class Beam(Generic[P, S]):
    """The beam search, run a turn at a time (`run`); `count` is the positions it has met (each new
    child of a layer counts, kept or not). `children` gives each move's position with the steps to
        it. The first pass keeps `width` positions a layer; each pass that runs dry, twice as many. `dry`
    says it stopped, having met every position its moves reach (which proves nothing of the game: a
    game's beam may leave moves out)."""

    def __init__(
        self, start: P, children: Callable[[P], Iterable[tuple[list[S], P]]], key: Callable[[P], Hashable],
        score: Callable[[P], int], won: Callable[[P], bool], width: int, first: Sequence[S] = (), turn: int = 0,
    ) -> None:
        self.start, self.children, self.key, self.score, self.won = start, children, key, score, won
        self.first = list(first)  # the steps that led to `start`, which a win's steps begin with
        self.turn = turn  # the least positions a run meets (a turn beside searches that take turns of that size)
        self.width = width
        self.count = 0
        self.turn_ends = 0
        self.room = 0  # the positions it may meet in all, set by each turn: a position limit is kept exactly
        self.dry = False
        self.walk = self._widening()

    def run(self, budget: Budget, until: int, elsewhere: int) -> Outcome:
        until = max(until, self.count + self.turn)
        while not self.dry:
            halt = stopped(budget, self.count, until, elsewhere)
            if halt is not None:
                return halt
            self.room = budget.room(elsewhere)
            if self.count >= self.room:
                return Status.UNKNOWN, None, POSITION_LIMIT
            self.turn_ends = self.count + LOOK
            try:
                next(self.walk)
            except StopIteration as done:
                if done.value is None:
                    self.dry = True
                    break
                return Status.SOLVED, done.value, ""
        return Status.UNKNOWN, None, ""

    def _widening(self) -> Generator[None, None, list[S] | None]:
        """Passes ever twice as wide, until one wins (its steps) or one left nothing out (None)."""
        width = self.width
        while True:
            found, cut = yield from self._pass(width)
            if found is not None or not cut:
                return found
            width *= 2

    def _pass(self, width: int) -> Generator[None, None, tuple[list[S] | None, bool]]:
        """One walk through the game, `width` positions a layer: the steps to a win, or None when a
        layer has no new child; and whether a layer left a position out. Each position kept is a
        node: its parent's node and the steps from there, so a win's steps are read back
        (`portfolio.path_to`)."""
        key, score, won, children = self.key, self.score, self.won, self.children
        parents: list[int] = [-1]
        paths: list[list[S]] = [[]]
        layer: list[tuple[int, P]] = [(0, self.start)]
        seen = {key(self.start)}
        cut = False
        while layer:
            met: list[tuple[int, int, int, P, list[S]]] = []  # score, order met, parent node, child, steps
            for node, position in layer:
                for steps, child in children(position):
                    if won(child):
                        return self.first + path_to(parents, paths, node) + steps, cut
                    k = key(child)
                    if k in seen:
                        continue
                    seen.add(k)
                    self.count += 1
                    met.append((score(child), self.count, node, child, steps))
                    if self.count >= self.turn_ends or self.count >= self.room:
                        yield None
            layer = []
            cut = cut or len(met) > width
            for _score, _order, parent, child, steps in heapq.nsmallest(width, met):
                layer.append((len(parents), child))
                parents.append(parent)
                paths.append(steps)
        return None, cut
