"""How small a card's corner index may be drawn and still be read, and where on the card it starts.

Kept apart from the drawing (pure numbers, no pygame), so the table's arithmetic can lay columns out
to show every covered card's index at least this tall without loading a font.
"""
from __future__ import annotations

# The least height of the tallest corner index (Q with its tail, and its suit) on any card the table
# shows: every index is then at least 10 px tall in the shipped typeface, counting the rows its ink
# covers at least half (tests/test_card_faces.py measures it), where ♣ and ♠, or 8 and 6, are still
# told apart. Drawn at 6 px, as long columns squeezed them at 800x600, they were not.
LEGIBLE_INDEX = 13


def index_top(card_height: int) -> int:
    """How far below the card's top edge its corner index begins."""
    return max(1, card_height // 40)


def legible_strip(card_height: int) -> int:
    """The least strip of a covered card a column may leave showing: its index whole at `LEGIBLE_INDEX`,
    and a pixel's clearance above the edge of the card that covers it."""
    return index_top(card_height) + LEGIBLE_INDEX + 1
