"""What a search counts as progress in a game whose cards go home one by one, by suit from the Ace,
out of columns built down: the cards home, and what lies in the way of the cards still out.

The families whose columns hold every card face up (Baker's Dozen, Beleaguered Castle) weigh these
counts into their scores, each its own way; where cards go home thirteen at a time (Scorpion, Simple
Simon), progress is cards lying on the card above them in their suit (`in_suit`).
"""
from __future__ import annotations

from typing import NamedTuple

from ..cards import KING, Suit
from ..state import State


class Obstacles(NamedTuple):
    home: int  # cards on the foundations
    blocking: int  # cards lying above a lower card: each must move before that card goes home
    same_suit: int  # cards lying above a lower card of their own suit: each must move to another pile
    above_wanted: int  # cards piled above the card its suit's foundation wants next


def obstacles(state: State) -> Obstacles:
    """The counts of a position whose foundations are one pile per suit."""
    wanted = [1] * len(Suit)
    for pile in state.foundations:
        if pile:
            wanted[pile[-1].suit] = pile[-1].rank + 1
    blocking = same_suit = above_wanted = 0
    for pile in state.columns:
        lowest, low = KING + 1, [KING + 1] * len(Suit)
        for depth, card in enumerate(pile):
            rank, suit = card.rank, card.suit
            if rank > lowest:
                blocking += 1
            else:
                lowest = rank
            if rank > low[suit]:
                same_suit += 1
            else:
                low[suit] = rank
            if rank == wanted[suit]:
                above_wanted += len(pile) - 1 - depth
    return Obstacles(sum(wanted) - len(Suit), blocking, same_suit, above_wanted)


def in_suit(state: State) -> int:
    """The face-up cards lying on the card one rank above them in their suit."""
    return sum(
        1
        for pile, hidden in zip(state.columns, state.hidden)
        for lower, upper in zip(pile[hidden:], pile[hidden + 1:])
        if upper.suit is lower.suit and upper.rank == lower.rank - 1
    )
