"""A one-look move for the hint when no solution was found in time.

Each legal move is tried on the model (`rules.perform`, then the model's own safe auto-play, as the
session would do) and the resulting position is scored; the move to the best score wins. The score
counts what a player wants gone: cards not home, cards face down, cards in the columns (Golf), cards
in cells; empty columns count in favour.
"""
from __future__ import annotations

from ..moves import Move
from ..rules import Rules
from ..state import State


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


def heuristic_move(rules: Rules, state: State) -> Move | None:
    """The legal move whose resulting position scores best, or None when there is no legal move."""
    best: tuple[int, int, Move] | None = None
    for order, move in enumerate(rules.legal_moves(state)):
        after = rules.perform(state, move)
        for _ in range(52):
            auto = rules.safe_autoplay(after)
            if auto is None:
                break
            after = rules.perform(after, auto)
        if rules.is_won(after):
            return move
        entry = (position_score(after), order, move)
        if best is None or entry[:2] < best[:2]:
            best = entry
    return None if best is None else best[2]
