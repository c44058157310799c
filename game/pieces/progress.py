"""What a search counts as progress in a game whose cards go home one by one, by suit from the Ace,
out of columns built down: the cards home, and what lies in the way of the cards still out.

Beleaguered Castle, whose columns hold every card face up, weighs these counts into its score
(Baker's Dozen's own search counts a column's the same way, `column_obstacles`); where cards go home
thirteen at a time (Scorpion, Simple Simon), progress is cards lying on the card above them in their
suit (`in_suit`).
"""
from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple

from ..cards import KING, Card, Suit
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
        over_lower, over_own = _pile_obstacles(pile)
        blocking += over_lower
        same_suit += over_own
        for depth, card in enumerate(pile):
            if card.rank == wanted[card.suit]:
                above_wanted += len(pile) - 1 - depth
    return Obstacles(sum(wanted) - len(Suit), blocking, same_suit, above_wanted)


@lru_cache(maxsize=1 << 16)
def _pile_obstacles(pile: tuple[Card, ...]) -> tuple[int, int]:
    """`column_obstacles` of a column of the model's cards, remembered: most columns come again in
    many of the positions a search meets."""
    return column_obstacles((card.rank, card.suit) for card in pile)


def column_obstacles(cards: Iterable[tuple[int, int]]) -> tuple[int, int]:
    """Of a column's cards, given as (rank, suit) from the bottom up, those lying above a lower card
    and those lying above a lower card of their own suit (a search over its own form of a position
    counts them too)."""
    blocking = same_suit = 0
    lowest, low = KING + 1, [KING + 1] * len(Suit)
    for rank, suit in cards:
        if rank > lowest:
            blocking += 1
        else:
            lowest = rank
        if rank > low[suit]:
            same_suit += 1
        else:
            low[suit] = rank
    return blocking, same_suit


def in_suit(state: State) -> int:
    """The face-up cards lying on the card one rank above them in their suit."""
    return sum(
        1
        for pile, hidden in zip(state.columns, state.hidden)
        for lower, upper in zip(pile[hidden:], pile[hidden + 1:])
        if upper.suit is lower.suit and upper.rank == lower.rank - 1
    )
