"""A best-first search written only against the `Rules` interface, for games without their own solver.

It asks the model for `legal_moves` and `perform` and nothing else, so any game the model can play
it can search; it is slower than the FreeCell solver's compact positions but never disagrees with
the rules. Klondike uses it with a Klondike score and a stricter "safe to send home" rule.

A best-first search's order is fragile: one score wanders for its whole budget on a deal that
another, weighing progress differently, wins in a few hundred positions. So a family may name
other scores (`others`): a search by each takes turns with the main one, CHECK_EVERY expansions
at a time, on the same budget. Every search leaves out only what the rules leave out, so the first
to run dry proves the deal lost, and the first to win answers.
"""
from __future__ import annotations

import heapq
from collections.abc import Callable, Hashable, Sequence

from ..moves import Move
from ..rules import Rules
from ..state import State
from .common import Budget, SolveResult, Status, verified

CHECK_EVERY = 128

Score = Callable[[State], int]
Forced = Callable[[State], Move | None]
Key = Callable[[State], Hashable]


def default_score(state: State) -> int:
    """Cards not yet on a foundation and cards face down, both worth getting rid of."""
    home = sum(len(pile) for pile in state.foundations)
    return 4 * (52 - home) + 3 * sum(state.hidden) + sum(1 for c in state.cells if c is not None)


class _BestFirst:
    """One weighted best-first search from a settled start, expanding CHECK_EVERY positions a turn."""

    def __init__(self, rules: Rules, start: State, first: list[Move], score: Score,
                 settle: Callable[[State, list[Move]], State], key: Key, weight: int) -> None:
        self.rules, self.score, self.settle, self.key, self.weight = rules, score, settle, key, weight
        self.parents = [-1]
        self.depths = [len(first)]
        self.steps: list[list[Move]] = [first]
        self.seen = {key(start)}
        self.heap = [(score(start), 0, 0, start)]
        self.positions = 0
        self.won: list[Move] | None = None

    def turn(self) -> bool:
        """Expand up to CHECK_EVERY positions; False once the search won (`won`) or ran dry."""
        rules, parents, steps, depths = self.rules, self.parents, self.steps, self.depths
        for _ in range(CHECK_EVERY):
            if not self.heap:
                return False
            _score, _order, node, s = heapq.heappop(self.heap)
            depth = depths[node]
            for move in rules.legal_moves(s):
                done = [move]
                child = self.settle(rules.perform(s, move), done)
                k = self.key(child)
                if k in self.seen:
                    continue
                self.seen.add(k)
                self.positions += 1
                parents.append(node)
                steps.append(done)
                depths.append(depth + len(done))
                if rules.is_won(child):
                    self.won = self._path(len(parents) - 1)
                    return False
                entry = (self.score(child) + self.weight * depths[-1], self.positions, len(parents) - 1, child)
                heapq.heappush(self.heap, entry)
        return True

    def _path(self, at: int) -> list[Move]:
        moves: list[Move] = []
        while at >= 0:
            moves[:0] = self.steps[at]
            at = self.parents[at]
        return moves


def solve_generic(
    rules: Rules,
    state: State,
    budget: Budget,
    *,
    score: Score = default_score,
    forced: Forced | None = None,
    key: Key = lambda s: s,
    weight: int = 1,
    safe_moves: bool = False,
    others: Sequence[Score] = (),
) -> SolveResult:
    """Weighted best-first over the model's own moves; UNSOLVABLE only when every position was seen.

    `forced` names a move that can be made at once without losing anything (it is then the only
    child; `safe_moves` takes the rules' safe auto-play for it), `key` maps a position to what makes
    it distinct (a canonical form), `score` guides, and each of `others` guides a search that takes
    turns with it.
    """
    if safe_moves and forced is None:
        forced = rules.safe_autoplay

    def settle(s: State, done: list[Move]) -> State:
        if forced is not None:
            while (m := forced(s)) is not None:
                s = rules.perform(s, m)
                done.append(m)
        return s

    first: list[Move] = []
    start = settle(state, first)
    if rules.is_won(start):
        return verified(rules, state, first, 0, budget.elapsed())
    searches = [_BestFirst(rules, start, first, guide, settle, key, weight) for guide in (score, *others)]
    while True:
        for search in searches:
            going = search.turn()
            positions = sum(s.positions for s in searches)
            if search.won is not None:
                return verified(rules, state, search.won, positions, budget.elapsed())
            if not going:
                return SolveResult(Status.UNSOLVABLE, (), positions, budget.elapsed())
            reason = budget.spent(positions)
            if reason:
                return SolveResult(Status.UNKNOWN, (), positions, budget.elapsed(), reason)
