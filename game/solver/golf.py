"""Golf, solved exactly: a depth-first search over every play with a memo of positions that lose.

A Golf position is fully described by how many cards are left in each column, how many in the stock,
and which card is on the foundation, so it packs into one integer and the whole reachable game
(rarely more than a few hundred thousand positions) can be searched to a proven answer.

Which card fits on which is not restated here: `_fit_table` asks the model's `legal_moves` about
every (foundation card, column card) pair once, so relaxed and strict Golf (and any future rule
change) are whatever `GolfRules` says they are. Solutions are replayed through `rules.apply`.
"""
from __future__ import annotations

from ..moves import FOUNDATION, STOCK, Move, column
from ..rules import Rules
from ..state import State
from .common import Budget, SolveResult, Status, verified

CHECK_EVERY = 1024
NO_CARD = 52  # the foundation is empty


def _fit_table(rules: Rules, n_columns: int) -> list[bytes]:
    """fits[top][card]: whether the model lets `card` go on a foundation topped by `top` (52: empty)."""
    from ..cards import card_from_index

    table = []
    for top in range(53):
        row = bytearray(52)
        foundation = () if top == NO_CARD else (card_from_index(top),)
        for card in range(52):
            if card == top:
                continue
            cols = ((card_from_index(card),),) + ((),) * (n_columns - 1)
            probe = State(cols, (), (foundation,), (0,) * n_columns, (), ())
            row[card] = any(m.src == column(0) for m in rules.legal_moves(probe))
        table.append(bytes(row))
    return table


def solve_golf(rules: Rules, state: State, budget: Budget) -> SolveResult:
    """Exhaustive search with memo: SOLVED with the moves or UNSOLVABLE, unless the budget ends first."""
    cols = [bytes(c.index for c in pile) for pile in state.columns]
    stock = bytes(c.index for c in state.stock)
    pile = state.foundations[0]
    top0 = pile[-1].index if pile else NO_CARD
    fits = _fit_table(rules, len(cols))
    n = len(cols)
    dead: set[tuple[tuple[int, ...], int, int]] = set()
    positions = 0
    until_check = CHECK_EVERY
    stopped = ""

    # Iterative depth-first search; each frame is (heights, stock count, top, next choice to try).
    heights0 = tuple(len(c) for c in cols)
    path: list[int] = []  # choices made: a column index, or -1 for the stock
    stack = [(heights0, len(stock), top0, 0)]
    if not any(heights0):
        return verified(rules, state, [], 0, budget.elapsed())
    while stack:
        heights, left, top, choice = stack[-1]
        # choices: columns 0..n-1, then n for the stock
        moved = False
        row = fits[top]
        while choice <= n:
            i = choice
            choice += 1
            if i < n:
                h = heights[i]
                if not h:
                    continue
                card = cols[i][h - 1]
                if not row[card]:
                    continue
                nh = heights[:i] + (h - 1,) + heights[i + 1:]
                child = (nh, left, card)
            else:
                if not left:
                    continue
                child = (heights, left - 1, stock[left - 1])
            if child in dead:
                continue
            stack[-1] = (heights, left, top, choice)
            positions += 1
            if not any(child[0]):
                path.append(i)
                moves = [Move(STOCK, FOUNDATION) if c == n else Move(column(c), FOUNDATION) for c in path]
                return verified(rules, state, moves, positions, budget.elapsed())
            path.append(i)
            stack.append((child[0], child[1], child[2], 0))
            moved = True
            break
        if not moved:
            dead.add((heights, left, top))
            stack.pop()
            if path:
                path.pop()
        until_check -= 1
        if until_check <= 0:
            until_check = CHECK_EVERY
            stopped = budget.spent(positions) or ""
            if stopped:
                return SolveResult(Status.UNKNOWN, (), positions, budget.elapsed(), stopped)
    return SolveResult(Status.UNSOLVABLE, (), positions, budget.elapsed())
