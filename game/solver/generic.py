"""A best-first search written only against the `Rules` interface, for games without their own solver.

It asks the model for `legal_moves` and `perform` and nothing else, so any game the model can play
it can search; it is slower than the FreeCell solver's compact positions but never disagrees with
the rules. Klondike uses it with a Klondike score and a stricter "safe to send home" rule.
"""
from __future__ import annotations

import heapq
from collections.abc import Callable, Hashable

from ..moves import Move
from ..rules import Rules
from ..state import State
from .common import POSITION_LIMIT, Budget, SolveResult, Status, verified

CHECK_EVERY = 128

Score = Callable[[State], int]
Forced = Callable[[State], Move | None]
Key = Callable[[State], Hashable]


def default_score(state: State) -> int:
    """Cards not yet on a foundation and cards face down, both worth getting rid of."""
    home = sum(len(pile) for pile in state.foundations)
    return 4 * (52 - home) + 3 * sum(state.hidden) + sum(1 for c in state.cells if c is not None)


def solve_generic(
    rules: Rules,
    state: State,
    budget: Budget,
    *,
    score: Score = default_score,
    forced: Forced | None = None,
    key: Key = lambda s: s,
    weight: int = 1,
) -> SolveResult:
    """Weighted best-first over the model's own moves; UNSOLVABLE only when every position was seen.

    `forced` names a move that can be made at once without losing anything (it is then the only
    child), `key` maps a position to what makes it distinct (a canonical form), `score` guides.
    """
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
    parents = [-1]
    depths = [len(first)]
    steps: list[list[Move]] = [first]
    seen = {key(start)}
    heap = [(score(start), 0, 0, start)]
    positions = 0
    room = budget.room()
    until_check = CHECK_EVERY
    while heap:
        _, _, node, s = heapq.heappop(heap)
        depth = depths[node]
        for move in rules.legal_moves(s):
            done = [move]
            child = settle(rules.perform(s, move), done)
            k = key(child)
            if k in seen:
                continue
            if positions >= room:
                return SolveResult(Status.UNKNOWN, (), positions, budget.elapsed(), POSITION_LIMIT)
            seen.add(k)
            positions += 1
            parents.append(node)
            steps.append(done)
            depths.append(depth + len(done))
            if rules.is_won(child):
                moves: list[Move] = []
                at = len(parents) - 1
                while at >= 0:
                    moves[:0] = steps[at]
                    at = parents[at]
                return verified(rules, state, moves, positions, budget.elapsed())
            heapq.heappush(heap, (score(child) + weight * depths[-1], positions, len(parents) - 1, child))
        until_check -= 1
        if until_check <= 0:
            until_check = CHECK_EVERY
            reason = budget.spent(positions)
            if reason:
                return SolveResult(Status.UNKNOWN, (), positions, budget.elapsed(), reason)
    return SolveResult(Status.UNSOLVABLE, (), positions, budget.elapsed())
