"""What a search counts as progress in a game whose cards go home thirteen at a time (Scorpion;
Grandfather weighs it too): cards lying on the card above them in their suit (`in_suit`).
"""
from __future__ import annotations

from ..state import State


def in_suit(state: State) -> int:
    """The face-up cards lying on the card one rank above them in their suit."""
    return sum(
        1
        for pile, hidden in zip(state.columns, state.hidden)
        for lower, upper in zip(pile[hidden:], pile[hidden + 1:])
        if upper.suit is lower.suit and upper.rank == lower.rank - 1
    )
