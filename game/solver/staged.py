"""A search a deal at a time, for a game whose stock deals onto the columns whenever a player likes
(Gypsy, over the compact positions of `gypsy`).

A deal from such a stock is never taken back and changes every column at once, so a best-first
search over the whole game keeps going back to the positions before a deal, which look better than
any after it, and spends its budget there (Gypsy deals 1..10: none won in 10 s). A player tidies the
columns, deals, and looks back only when the game after the deal goes badly; `Staged` does that,
as `spider_stages` does for Spider over its compact positions:

- from a stage's first position it searches best first by the game's score, for at most `share`
  positions (FINAL times as many once the stock is empty, where the game must be won);
- every deal from a position met is a way to the next stage, ranked by the score of the position
  after it (the deal's cards are known, so a position is judged by what the deal makes of it);
- the `breadth` best, not tried before, are tried one after another, depth first: a stage none of
  whose ways leads to a win sends the search back to the next way of the stage before.

When every way has been tried it starts again with one more way a stage and twice the positions a
stage. It leaves moves out, so it never proves a deal lost: it takes turns beside the exact search
(`generic.solve_generic`'s `beside`), which alone can. Which deals look best depends on the score, and
one score's choices may lead nowhere where another's win: `Turns` runs several as one (Gypsy's by
three scores).
"""
from __future__ import annotations

import heapq
from collections.abc import Callable, Generator, Hashable, Iterable, Sequence
from typing import Generic, TypeVar

from ..moves import Move, PileKind
from .common import POSITION_LIMIT, Budget, Status
from .portfolio import Outcome, Search, stopped

LOOK = 2048  # positions met between looks at the budget
FINAL = 5  # a last stage's positions, in stages' shares: there the game must be won

P = TypeVar("P")  # a position, as the game's search keeps it (the model's `State`, or a compact form)
Way = tuple[P, list[Move]]  # a position and the moves to it from the search's first position
Walk = Generator[None, None, list[Move] | None]  # yields at each turn's end; returns the moves that win


class Staged(Generic[P]):
    """The search, run a turn at a time (`run`); `count` is the positions it has met. `children`
    gives each move's position with the model's moves that lead to it (a deal's first); `stocked`
    says whether a position's stock still holds cards; a turn meets at least `turn` positions (a
    search over compact positions, far faster than the exact search over the model's beside it, asks
    for longer turns so that their shares of the time are alike)."""

    def __init__(
        self, children: Callable[[P], Iterable[tuple[list[Move], P]]], won: Callable[[P], bool],
        stocked: Callable[[P], bool], start: P, first: list[Move], *, score: Callable[[P], int],
        key: Callable[[P], Hashable], share: int, breadth: int, turn: int = LOOK,
    ) -> None:
        self.children, self.won, self.stocked = children, won, stocked
        self.score, self.key = score, key
        self.share, self.breadth, self.turn = share, breadth, turn
        self.count = 0
        self.room = 0  # the positions it may meet in all, set by each turn
        self.turn_ends = 0
        self.walk = self._widening(start, first)

    def run(self, budget: Budget, until: int, elsewhere: int) -> Outcome:
        self.room = budget.room(elsewhere)
        until = max(until, self.count + self.turn)
        while True:
            halt = stopped(budget, self.count, until, elsewhere)
            if halt is not None:
                return halt
            if self.count >= self.room:
                return Status.UNKNOWN, None, POSITION_LIMIT
            self.turn_ends = self.count + LOOK
            before = self.count
            try:
                next(self.walk)
            except StopIteration as done:
                return Status.SOLVED, done.value, ""
            if self.count == before:  # a whole pass met nothing new: the turn goes back to the searches beside it
                return Status.UNKNOWN, None, ""

    def _widening(self, start: P, first: list[Move]) -> Generator[None, None, list[Move]]:
        """Tries every way with the given shares and breadths, then again wider, until a win."""
        share, breadth = self.share, self.breadth
        while True:
            tried: set[Hashable] = set()
            before = self.count
            found = yield from self._stages((start, first), share, breadth, tried)
            if found is not None:
                return found
            if self.count == before:
                yield None  # no position but deals to meet: wider passes meet none either, so give the turn back
            share, breadth = share * 2, breadth + 1

    def _stages(self, way: Way[P], share: int, breadth: int, tried: set[Hashable]) -> Walk:
        state, path = way
        found, deals = yield from self._stage(state, share if self.stocked(state) else share * FINAL, breadth, tried)
        if found is not None:
            return path + found
        for after, steps in deals:
            won = yield from self._stages((after, path + steps), share, breadth, tried)
            if won is not None:
                return won
        return None

    def _stage(
        self, start: P, limit: int, breadth: int, tried: set[Hashable],
    ) -> Generator[None, None, tuple[list[Move] | None, list[Way[P]]]]:
        """Best first from `start` for `limit` positions: the moves to a win, or the best deals met."""
        key, score, won, children = self.key, self.score, self.won, self.children
        seen = {key(start)}
        heap: list[tuple[int, int, P, list[Move]]] = [(score(start), 0, start, [])]
        deals: list[tuple[int, int, P, list[Move]]] = []
        met = 0
        while heap and met < limit:
            state, path = heapq.heappop(heap)[2:]
            for steps, child in children(state):
                if won(child):
                    return path + steps, []
                if steps[0].src.kind is PileKind.STOCK:
                    deals.append((score(child), len(deals), child, path + steps))
                    continue
                k = key(child)
                if k in seen:
                    continue
                seen.add(k)
                met += 1
                self.count += 1
                if self.count >= self.turn_ends or self.count >= self.room:
                    yield None
                heapq.heappush(heap, (score(child), -met, child, path + steps))
        chosen: list[Way[P]] = []
        for _score, _order, after, steps in sorted(deals, key=lambda deal: deal[:2]):
            k = key(after)
            if k not in tried:
                tried.add(k)
                chosen.append((after, steps))
                if len(chosen) == breadth:
                    break
        return None, chosen


class Turns:
    """Searches run as one, a turn each in order (a turn is a few thousand positions of each: about
    equal shares; one that has nothing left to meet gives its turn back at once); the first to
    answer answers. One run gives `each` turns (Gypsy's: one to each search, so that the exact search
    beside them waits for all of them, not each)."""

    def __init__(self, searches: Sequence[Search], each: int = 1) -> None:
        self.searches, self.each = searches, each
        self.turn = 0

    @property
    def count(self) -> int:
        return sum(search.count for search in self.searches)

    def run(self, budget: Budget, until: int, elsewhere: int) -> Outcome:
        for _ in range(self.each):
            search = self.searches[self.turn]
            self.turn = (self.turn + 1) % len(self.searches)
            status, found, reason = search.run(budget, search.count + 1, elsewhere + self.count - search.count)
            if status is not Status.UNKNOWN or reason:
                return status, found, reason
        return Status.UNKNOWN, None, ""
