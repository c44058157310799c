"""The colours and corner shape that every card drawing shares: faces, court pictures and backs.

Kept apart so the modules that draw one part of a card agree on what "red" or "the card stock" is
without importing one another. A deck's colours are one value, `Inks`: the classic two-colour deck,
the four-colour one (each suit told from the others by colour alone, as bridge and poker players
like), and either of them in high contrast (pure white stock, darker inks, a bold black edge) for
players who see less contrast. Every index colour passes WCAG AA (4.5:1) on its stock.
"""
from __future__ import annotations

from game.cards import Suit
from game.value import Value

Colour = tuple[int, int, int]

FACE: Colour = (252, 251, 246)  # the card stock
EDGE: Colour = (90, 90, 90)
RED: Colour = (200, 30, 40)
BLACK: Colour = (25, 25, 30)
GREEN: Colour = (0, 120, 50)  # the four-colour deck's clubs
BLUE: Colour = (20, 70, 190)  # ... and its diamonds
WHITE: Colour = (255, 255, 255)


class Inks(Value):
    """The colours a deck is printed in: each suit's, the card stock and its edge (how wide, too)."""

    __slots__ = __match_args__ = ("clubs", "diamonds", "hearts", "spades", "stock", "edge", "edge_width", "tag")

    def __init__(
        self,
        clubs: Colour,
        diamonds: Colour,
        hearts: Colour,
        spades: Colour,
        stock: Colour = FACE,
        edge: Colour = EDGE,
        edge_width: int = 1,
        tag: str = "",  # added to a face style's name where faces are kept: each deck's are its own
    ) -> None:
        self.clubs = clubs
        self.diamonds = diamonds
        self.hearts = hearts
        self.spades = spades
        self.stock = stock
        self.edge = edge
        self.edge_width = edge_width
        self.tag = tag

    def of(self, suit: Suit) -> Colour:
        return (self.clubs, self.diamonds, self.hearts, self.spades)[suit.value]


CLASSIC = Inks(BLACK, RED, RED, BLACK)
FOUR_COLOUR = Inks(GREEN, BLUE, RED, BLACK, tag="-4c")
HIGH_CONTRAST = Inks((0, 0, 0), (170, 0, 0), (170, 0, 0), (0, 0, 0), WHITE, (0, 0, 0), 2, "-hc")
FOUR_COLOUR_HIGH_CONTRAST = Inks((0, 95, 0), (0, 0, 170), (170, 0, 0), (0, 0, 0), WHITE, (0, 0, 0), 2, "-4c-hc")


def inks_for(four_colour: bool = False, high_contrast: bool = False) -> Inks:
    """The deck's colours for the player's two choices."""
    if high_contrast:
        return FOUR_COLOUR_HIGH_CONTRAST if four_colour else HIGH_CONTRAST
    return FOUR_COLOUR if four_colour else CLASSIC


def suit_colour(suit: Suit, inks: Inks = CLASSIC) -> Colour:
    return inks.of(suit)


def corner_radius(width: int) -> int:
    """How round a card's corners are: a share of its width, so every size has the same shape."""
    return max(3, width // 12)
