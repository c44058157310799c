"""The hint's move when its search found no solution in time.

`heuristic_move` is every family's fallback unless it has its own (`Family.hint_fallback`): each
legal move is tried on the model (`rules.perform`, then the model's own safe auto-play, as the session
would do) and the resulting position is scored; the move to the best score wins. The score counts
what a player wants gone: cards not home, cards face down, cards in the columns (Golf), cards in
cells; empty columns count in favour.

A one-look move can undo the last one (in Spider and Forty Thieves a run moved back and forth is as
good either way), so a player pressing Hint again and again would go round in circles. Those families
look further instead (`ranked_first_steps`: the best line a short search sees, a position met
earlier in the game never entered) and take the first move of it that leads somewhere new
(`first_new_move`).
"""
from __future__ import annotations

import heapq
from collections.abc import Callable, Collection, Hashable, Iterable
from itertools import count
from typing import TypeVar

from ..moves import Move
from ..rules import IllegalMove, Rules
from ..state import State
from .common import Budget

CHECK_EVERY = 64  # expansions between looks at the budget

P = TypeVar("P")  # a search's compact position
S = TypeVar("S")  # a search's step


def position_score(state: State) -> int:
    """Lower is better."""
    home = sum(len(pile) for pile in state.foundations)
    in_columns = sum(len(pile) for pile in state.columns)
    used_cells = sum(1 for c in state.cells if c is not None)
    empty = sum(1 for pile in state.columns if not pile)
    disorder = 0
    for pile in state.columns:
        low = 99
        for card in pile:
            if card.rank > low:
                disorder += 1
            else:
                low = card.rank
    return -4 * home + 3 * sum(state.hidden) + in_columns + 2 * used_cells - 3 * empty + 2 * disorder


def _autoplayed(rules: Rules, state: State) -> State:
    """The position after the model's safe auto-play, as a session with auto-play on reaches it."""
    for _ in range(rules.variant.pack.size):
        auto = rules.safe_autoplay(state)
        if auto is None:
            break
        state = rules.perform(state, auto)
    return state


def heuristic_move(rules: Rules, state: State) -> Move | None:
    """The legal move whose resulting position scores best, or None when there is no legal move."""
    best: tuple[int, int, Move] | None = None
    for order, move in enumerate(rules.legal_moves(state)):
        after = _autoplayed(rules, rules.perform(state, move))
        if rules.is_won(after):
            return move
        entry = (position_score(after), order, move)
        if best is None or entry[:2] < best[:2]:
            best = entry
    return None if best is None else best[2]


def heuristic_hint(rules: Rules, state: State, met: Collection[State]) -> Move | None:
    """`Family.hint_fallback` by default: `heuristic_move`, which does not look at the positions met."""
    return heuristic_move(rules, state)


def leads_back(rules: Rules, state: State, move: Move, met: Collection[State]) -> bool:
    """Whether `move` brings the game to a position met before, with auto-play on or off. An illegal
    move counts as leading back: it is no way forward either."""
    if not met:
        return False
    try:
        after = rules.perform(state, move)
    except IllegalMove:
        return True
    return after in met or _autoplayed(rules, after) in met


def first_new_move(rules: Rules, state: State, moves: Iterable[Move], met: Collection[State]) -> Move | None:
    """The first of `moves` that leads to a position not met before; None when none does."""
    return next((move for move in moves if not leads_back(rules, state, move, met)), None)


WON = -(1 << 60)  # the best score of a line that wins: below every score


def ranked_first_steps(
    root: P,
    children: Callable[[P], Iterable[tuple[S, P]]],
    key: Callable[[P], Hashable],
    score: Callable[[P], int],
    is_won: Callable[[P], bool],
    avoid: Collection[Hashable],
    budget: Budget,
) -> list[tuple[S, int]]:
    """The root's moves, best first, each with the lowest `score` (lower is better) a best-first search
    within `budget` saw on a line beneath it (`WON` for a line that wins). Positions whose key is in
    `avoid` are never entered, so neither is a move to one."""
    seen = set(avoid)
    seen.add(key(root))
    firsts: list[S] = []
    best: list[int] = []  # per first step, the lowest score seen beneath it
    tie = count()
    heap: list[tuple[int, int, int, P]] = []
    for step, child in children(root):
        k = key(child)
        if k not in seen:
            seen.add(k)
            firsts.append(step)
            best.append(WON if is_won(child) else score(child))
            heapq.heappush(heap, (best[-1], next(tie), len(firsts) - 1, child))
    positions = len(firsts)
    until_check = CHECK_EVERY
    while heap and until_check and WON not in best:
        _score, _tie, first, position = heapq.heappop(heap)
        for _step, child in children(position):
            k = key(child)
            if k in seen:
                continue
            seen.add(k)
            positions += 1
            child_score = WON if is_won(child) else score(child)
            best[first] = min(best[first], child_score)
            heapq.heappush(heap, (child_score, next(tie), first, child))
        until_check -= 1
        if not until_check and not budget.spent(positions):
            until_check = CHECK_EVERY
    order = sorted(range(len(firsts)), key=lambda i: (best[i], i))
    return [(firsts[i], best[i]) for i in order]
