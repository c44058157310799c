"""Turning a player's loose intent ("these cards, over there") into one exact move.

The view knows which pile a player picked and where they let go; how many cards that means is a
question of the rules, so it is answered here, by asking the rules, and never in the view.
"""
from __future__ import annotations

from .moves import FOUNDATION, Move, Pile, PileKind
from .rules import IllegalMove, Rules
from .state import State


def move_between(rules: Rules, state: State, src: Pile, dst: Pile, most: int) -> Move:
    """The legal move of the most cards (up to `most`) from `src` to `dst`.

    Raises the IllegalMove of the largest attempt, whose reason names the card the player meant.
    """
    if dst.kind is PileKind.FOUNDATION:
        dst, most = FOUNDATION, 1  # a foundation destination names no slot: each card has one home
    first_error: IllegalMove | None = None
    for count in range(max(most, 1), 0, -1):
        move = Move(src, dst, count)
        try:
            rules.check(state, move)
            return move
        except IllegalMove as error:
            first_error = first_error or error
    assert first_error is not None
    raise first_error


def longest_lift(rules: Rules, state: State, src: Pile, available: int) -> int:
    """How many of the `available` top cards of a pile can be picked up together (at least 1)."""
    for count in range(available, 1, -1):
        if rules.lift_reason(state, src, count) is None:
            return count
    return 1
