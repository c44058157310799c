"""A main search with series of noisy restarts beside it, sharing one budget.

A best-first search's order is fragile: on many won deals it wanders for hundreds of thousands of
positions where the same search with a little seeded noise in its scores wins in a few hundred. So
once the main search has met `alone` positions, series of noisy searches take turns with it, one
made by each factory in `noisy` (so each series can weigh positions its own way: searches that
weigh differently find different wins), each series kept to a `share`th of the main search's
positions, so a proof costs at most `len(noisy)`/`share` more positions. Each noisy search adds a
number below `noise` to its scores, taken from a table of JITTER entries, and is started afresh
with other noise every `restart` positions; the seeds are fixed, so every solve of a position
searches the same way. Every search leaves out only what its exact rules leave out, so the first
whose queue runs dry proves the deal lost.

FreeCell's, Klondike's, Yukon's, Spider's, Forty Thieves' and Canfield's searches run this way; each
search is an object with a `count` of the positions it has met and `run(budget, until, elsewhere)`.

Given `waiting` (Klondike's searches give it), the other searches skip their turns while the main
search is closing in on a proof: its positions met and not yet expanded fell over its last turn.
A lost deal's proof is the main search running dry, which the others' positions only put off,
while on a won deal that number keeps growing. With every deal capped at 250,000 positions, draw
3's proofs took 6 % fewer positions on deals 1..2000 (deal 272: 87,369 instead of 102,574; 680,
whose draw-1 search wanders, 63,466 instead of 103,989), its wins 0.5 % fewer; one deal took more
(1628: 45,496 instead of 42,204, a draw-1 proof). Draw 1's proofs on 1..1000 took 2 % fewer and its
wins 0.3 % more (deal 680: 90,391 instead of 82,021; 966: 82,998 instead of 90,588).
Yukon's main search keeps only tens to hundreds of positions waiting, on won and lost deals alike,
so a fall says little there; but fewer wait on the lost ones, and Yukon gives `closing_below` too:
the others skip their turns while fewer positions than that wait (yukon.py's CLOSING).

A search of an easier game can take turns too (`relaxed`, kept to `relaxed_ratio` times the main
search's positions): every line of play of the real game is one of the easier game's, so when the
easier game's search runs dry the real game is lost, while a win there says nothing and ends its
turns. Klondike draw 3 has draw 1 as its easier game, whose proofs are far smaller.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from .common import POSITION_LIMIT, Budget, Status

T = TypeVar("T")

JITTER = 1024  # entries in a noisy search's table; the n-th position met takes entry n % JITTER
JITTER_MASK = JITTER - 1
Outcome = tuple[Status, Any, str]  # status, the internal moves when solved, why it stopped (budget)


class Search(Protocol):
    @property
    def count(self) -> int:
        """The positions this search has met."""

    def run(self, budget: Budget, until: int, elsewhere: int) -> Outcome:
        """Search until a verdict, `until` positions met (UNKNOWN, no reason: "not yet") or the budget
        is spent (UNKNOWN with its reason); `elsewhere` is the positions other searches have met."""


def stopped(budget: Budget, count: int, until: int, elsewhere: int) -> Outcome | None:
    """What a resumable search answers when it looks at its budget between two expansions: UNKNOWN
    with the reason once the budget is spent (by its `count` positions and the other searches'),
    UNKNOWN with none once its positions reach `until` (its turn is over), else None: go on."""
    reason = budget.spent(elsewhere + count)
    if reason:
        return Status.UNKNOWN, None, reason
    if count >= until:
        return Status.UNKNOWN, None, ""
    return None


def path_to(parents: list[int], paths: list[list[T]], node: int) -> list[T]:
    """The steps from the first position to `node`'s, where each node keeps its parent and the
    steps from the parent's position to its own."""
    steps: list[T] = []
    while node >= 0:
        steps[:0] = paths[node]
        node = parents[node]
    return steps


class Restarts:
    """Noisy searches made by `make(jitter)`, one after another, each replaced by a fresh one with
    other noise once it has met `every` positions."""

    def __init__(self, make: Callable[[tuple[int, ...]], Search], seed: int, noise: int, every: int) -> None:
        self.make, self.seed, self.noise, self.every = make, seed, noise, every
        self.done = 0  # positions met by the searches before the current one
        self.current = self._restart()

    def _restart(self) -> Search:
        self.seed += 1
        rng = random.Random(self.seed)
        return self.make(tuple(rng.randrange(self.noise) for _ in range(JITTER)))

    @property
    def count(self) -> int:
        return self.done + self.current.count

    def run(self, budget: Budget, until: int, elsewhere: int) -> Outcome:
        """As `Search.run`, over the searches one after another (each leaves out nothing, so one whose
        queue runs dry proves the deal lost)."""
        while True:
            limit = min(until - self.done, self.every)
            status, path, reason = self.current.run(budget, limit, elsewhere + self.done)
            if status is not Status.UNKNOWN or reason or self.count >= until:
                return status, path, reason
            self.done += self.current.count
            if budget.room(elsewhere + self.done) <= 0:
                return Status.UNKNOWN, None, POSITION_LIMIT  # no room for the new search's first position
            self.current = self._restart()


class Relaxation:
    """A search of an easier game beside the main one: its running dry proves the real game lost;
    a win in it proves nothing, and it takes no more turns."""

    def __init__(self, search: Search) -> None:
        self.search = search
        self.won = False

    @property
    def count(self) -> int:
        return self.search.count

    def run(self, budget: Budget, until: int, elsewhere: int) -> Outcome:
        """As `Search.run`, but never SOLVED: UNSOLVABLE when the easier game is lost, else UNKNOWN."""
        if self.won:
            return Status.UNKNOWN, None, ""
        status, _, reason = self.search.run(budget, until, elsewhere)
        if status is Status.SOLVED:
            self.won = True
            return Status.UNKNOWN, None, ""
        return status, None, reason


class Capped:
    """A search that takes no more turns once it has met `most` positions: a search that keeps every
    position it met (to know it met it) holds memory by the count, and so stays within a bound
    whatever the budget; until then it is the search itself."""

    def __init__(self, search: Search, most: int) -> None:
        self.search = search
        self.most = most

    @property
    def count(self) -> int:
        return self.search.count

    def run(self, budget: Budget, until: int, elsewhere: int) -> Outcome:
        if self.search.count >= self.most:
            return Status.UNKNOWN, None, ""
        return self.search.run(budget, min(until, self.most), elsewhere)


def portfolio(
    main: Search, noisy: Sequence[Callable[[tuple[int, ...]], Search]], budget: Budget,
    *, alone: int, share: int = 1, noise: int, restart: int,
    relaxed: Search | None = None, relaxed_ratio: int = 1, waiting: Callable[[], int] | None = None,
    series_until: int | None = None, closing_below: int = 0,
    beside: Search | None = None, beside_share: tuple[int, int] = (1, 1),
    series_shares: Sequence[tuple[int, int]] = (),
) -> tuple[Status, Any, str, int]:
    """The main search alone for its first `alone` positions, then by turns with the noisy series,
    one for each factory in `noisy` (and the easier game's search, when given, which may meet
    `relaxed_ratio` positions for each of the main search's); the first search to answer answers.
    With `waiting` (the main search's positions met and not yet expanded), the others skip their
    turns while that falls, and while it is under `closing_below`; with `series_until`, the noisy
    series take no more turns once the main search has met that many positions (the easier game's
    search goes on: it looks for a proof). `beside` is a search of another kind whose every answer
    counts (Yukon's relaxed game, whose wins are followed in the real one): it meets
    `beside_share[0]` positions for every `beside_share[1]` of the main search's, and takes its
    turns also while the main search is closing in. `series_shares`, when given, holds each noisy
    series' own (positions, per main positions), in place of 1 per `share`.
    A main search that takes no more turns (`Capped`) leaves the others to go on by themselves, their
    shares growing as its turns would have, until the budget stops them or none of them can go on.
    Returns the outcome and the positions all of them met."""
    others: list[tuple[Search, int, int]] = []  # each search, and its positions per main position as a fraction

    def total() -> int:
        return main.count + sum(one.count for one, _, _ in others)

    relaxation = Relaxation(relaxed) if relaxed is not None else None
    status, path, reason = main.run(budget, alone, 0)
    pace = main.count  # the main search's positions as the others' shares count them
    stalled = False  # the main search met nothing in its last turn
    was_waiting = -1
    while status is Status.UNKNOWN and not reason:
        met_before = total()
        if not others:
            shares = series_shares or [(1, share)] * len(noisy)  # each series' positions per main position
            others = [
                (Restarts(make, 1000 * side, noise, restart), times, part)
                for side, (make, (times, part)) in enumerate(zip(noisy, shares, strict=True))
            ]
            if relaxation is not None:
                others.insert(0, (relaxation, relaxed_ratio, 1))
            if beside is not None:
                others.insert(0, (beside, beside_share[0], beside_share[1]))
            if total() > budget.room():
                # No room under a position limit for the first positions of the others (a search
                # may count the deal's): they never run, and only the main search's positions count.
                return Status.UNKNOWN, None, POSITION_LIMIT, main.count
        now_waiting = waiting() if waiting is not None else -1
        closing_in = 0 <= now_waiting < max(was_waiting, closing_below)
        was_waiting = now_waiting
        for one, times, part in others:
            if closing_in and one is not beside:
                continue  # the main search is closing in on a proof, which the others only put off
            if one is not relaxation and one is not beside and series_until is not None and main.count >= series_until:
                continue  # a noisy series, past its last turn
            allowed = pace * times // part
            if one.count < allowed:
                status, path, reason = one.run(budget, allowed, total() - one.count)
                if status is not Status.UNKNOWN or reason:
                    return status, path, reason, total()
        main_before = main.count
        status, path, reason = main.run(budget, main.count + max(1, main.count // 2), total() - main.count)
        if main.count > main_before:
            pace, stalled = max(pace, main.count), False
        elif stalled and total() == met_before:
            break  # a whole round with the others' shares grown met nothing: none can go on
        else:
            # The main search takes no more turns: the others go on by themselves, their shares growing
            # as its turns would have, until the budget stops them (it is asked only inside a search).
            pace, stalled = pace + max(1, pace // 2), True
    return status, path, reason, total()


class Split:
    """Searches run as one (the portfolio's `beside`), each given its share of the positions the one
    may meet (`shares`, in parts of their sum); the first to answer answers. One that has nothing
    left to meet (a bold search run dry) leaves its share unused. `until` is the total the portfolio
    lets them reach: `generic.solve_generic`, which asks one more position a turn, would give them
    none (Gypsy's beam takes turns through `staged.Turns` and `Beam`'s own `turn` instead)."""

    def __init__(self, searches: Sequence[Search], shares: Sequence[int]) -> None:
        self.searches, self.shares = searches, shares
        self.parts = sum(shares)

    @property
    def count(self) -> int:
        return sum(search.count for search in self.searches)

    def run(self, budget: Budget, until: int, elsewhere: int) -> Outcome:
        for search, share in zip(self.searches, self.shares, strict=True):
            allowed = until * share // self.parts
            if search.count < allowed:
                status, found, reason = search.run(budget, allowed, elsewhere + self.count - search.count)
                if status is not Status.UNKNOWN or reason:
                    return status, found, reason
        return Status.UNKNOWN, None, ""
