"""The colours and corner shape that every card drawing shares: faces, court pictures and backs.

Kept apart so the modules that draw one part of a card agree on what "red" or "the card stock" is
without importing one another.
"""
from __future__ import annotations

from game.cards import Suit

Colour = tuple[int, int, int]

FACE: Colour = (252, 251, 246)  # the card stock
EDGE: Colour = (90, 90, 90)
RED: Colour = (200, 30, 40)
BLACK: Colour = (25, 25, 30)


def suit_colour(suit: Suit) -> Colour:
    return RED if suit.is_red else BLACK


def corner_radius(width: int) -> int:
    """How round a card's corners are: a share of its width, so every size has the same shape."""
    return max(3, width // 12)
