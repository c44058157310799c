"""A whole card face in one of the face styles: the card stock, both corner indices and the centre.

"pictured" is a printed deck's face: pips in their usual places on number cards, one large pip on an
Ace, a framed picture on a court card. "large-index" keeps the first look of this suite, one big suit
symbol (or the court's letter) on the card, for players who want to read a card from afar.
"""
from __future__ import annotations

import pygame

from game.cards import ACE, Card, Suit, rank_name

from .palette import EDGE, FACE, corner_radius, suit_colour
from .pips import pip, pip_positions, pip_width
from .typeface import font

FACE_STYLES = ("pictured", "large-index")
COURT_TINT = {11: (235, 242, 255), 12: (255, 238, 242), 13: (255, 248, 228)}  # large-index courts


def draw_face(card: Card, size: tuple[int, int], style: str, index: pygame.Surface, index_top: int,
              field_top: int, edge_only: bool = False) -> pygame.Surface:
    """The face of `card` with the corner `index` given, its centre kept below `field_top` and as far above the bottom.

    `edge_only` leaves out all but the top-left index: a card fanned sideways under the next shows
    only its left edge, and any sliver of its centre peeking out beside the index would be noise."""
    if style not in FACE_STYLES:
        raise ValueError(f"unknown face style {style!r}; one of {', '.join(FACE_STYLES)}")
    width, height = size
    surface = pygame.Surface(size, pygame.SRCALPHA)
    radius = corner_radius(width)
    body = COURT_TINT.get(card.rank, FACE) if style == "large-index" else FACE
    pygame.draw.rect(surface, body, surface.get_rect(), border_radius=radius)
    pygame.draw.rect(surface, EDGE, surface.get_rect(), width=1, border_radius=radius)
    pad = max(2, width // 16)
    surface.blit(index, (pad, index_top))
    if not edge_only:
        flipped = pygame.transform.rotate(index, 180)
        surface.blit(flipped, (width - flipped.get_width() - pad, height - flipped.get_height() - index_top))
        field = pygame.Rect(0, field_top, width, height - 2 * field_top)
        if style == "pictured":
            _pictured_centre(surface, card, field)
        else:
            _large_index_centre(surface, card)
    return surface


def _pictured_centre(surface: pygame.Surface, card: Card, field: pygame.Rect) -> None:
    from .court import GOLD, draw_court  # the court's drawings load with the first face drawn: kept faces need none

    width, height = surface.get_size()
    colour = suit_colour(card.suit)
    if card.rank > 10:
        margin = max(3, round(width * 0.11))
        frame = pygame.Rect(margin, field.top, width - 2 * margin, field.height)
        surface.blit(draw_court(card, frame.size), frame)
        return
    if card.rank == ACE:
        centre = (width / 2, height / 2)
        if card.suit is Suit.SPADES:  # the deck's showpiece: larger, inside a double gold ring
            tall = min(round(height * 0.36), field.height - 4)
            outer = min(tall * 0.72, width * 0.42)
            pygame.draw.aacircle(surface, GOLD, centre, outer, max(1, round(height / 160)))
            pygame.draw.aacircle(surface, GOLD, centre, outer - max(3, height / 70), 1)
        else:
            tall = min(round(height * 0.32), field.height)
        image = pip(card.suit, tall, colour)
        surface.blit(image, image.get_rect(center=centre))
        return
    # The pips' height: about a seventh of the card, as on a printed deck, or less where the 9 and 10's four rows
    # would not fit between the indices with a gap of a tenth of a pip between rows.
    tall = max(4, min(round(height * 0.135), int(field.height / 4.3)))
    spread = width * 0.25  # from the middle to the centre of a side column
    half_w = pip_width(card.suit, tall) / 2
    spread = max(spread, half_w * 2.2)  # a 10's centre pips must clear the side columns
    top, bottom = field.top + tall / 2, field.bottom - tall / 2
    for column, row, upside_down in pip_positions(card.rank):
        image = pip(card.suit, tall, colour, upside_down)
        x = width / 2 + (column * 2 - 1) * spread
        surface.blit(image, image.get_rect(center=(round(x), round(top + row * (bottom - top)))))


def _large_index_centre(surface: pygame.Surface, card: Card) -> None:
    """One big suit symbol, or the court's letter beside a smaller one, a little below the middle."""
    width, height = surface.get_size()
    colour = suit_colour(card.suit)
    centre = (width // 2, height // 2 + height // 20)
    if card.rank <= 10:
        image = pip(card.suit, round(height * (0.3 if card.rank == ACE else 0.24)), colour)
        surface.blit(image, image.get_rect(center=centre))
        return
    # the language's letter (French R D V)
    letter = font(round(height * 0.26), bold=True).render(rank_name(card.rank), True, colour)
    letter = letter.subsurface(letter.get_bounding_rect())
    symbol = pip(card.suit, letter.get_height(), colour)
    gap = max(1, width // 30)
    left = centre[0] - (letter.get_width() + gap + symbol.get_width()) // 2
    surface.blit(letter, letter.get_rect(midleft=(left, centre[1])))
    surface.blit(symbol, symbol.get_rect(midleft=(left + letter.get_width() + gap, centre[1])))
