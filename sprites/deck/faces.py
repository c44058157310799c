"""A whole card face in one of the face styles: the card stock, both corner indices and the centre.

"pictured" is a printed deck's face: pips in their usual places on number cards, one large pip on an
Ace, a framed picture on a court card. "large-index" is for players who read a card from afar: its
corner indices are half as large again, its court cards show their letter beside a large suit, and its
number cards keep their pips (smaller, in the same places), so what a card is worth still shows at a
glance. Either style is drawn in the deck's `Inks`: classic, four-colour, high contrast.
"""
from __future__ import annotations

import pygame

from game.cards import ACE, Card, Suit, rank_name

from .palette import CLASSIC, Inks, corner_radius
from .pips import pip, pip_positions, pip_width
from .styles import FACE_STYLES
from .typeface import font

COURT_TINT = {11: (235, 242, 255), 12: (255, 238, 242), 13: (255, 248, 228)}  # large-index courts
ROW_GAP = 0.25  # the least gap between two rows of pips, in pip heights: a 9 or 10's four rows never touch
COURT_MARGIN = 0.07  # a court picture's frame from the card's sides, as a share of its width
NOTCH_SHARE = 0.45  # the frame turns round the index where it takes no more of the frame's width than this


def draw_face(card: Card, size: tuple[int, int], style: str, index: pygame.Surface, index_top: int,
              field_top: int, inks: Inks = CLASSIC, court_index: tuple[int, int] = (0, 0)) -> pygame.Surface:
    """The face of `card` with the corner `index` given, its centre kept below `field_top` and as far above the bottom.

    `court_index` is how wide the widest court's index is at this size, and how tall the tallest
    index: every court's frame turns round that corner, so the courts of a deck are framed alike."""
    if style not in FACE_STYLES:
        raise ValueError(f"unknown face style {style!r}; one of {', '.join(FACE_STYLES)}")
    width, height = size
    surface = pygame.Surface(size, pygame.SRCALPHA)
    radius = corner_radius(width)
    tinted = style == "large-index" and inks.edge_width == 1  # high contrast keeps every face pure white
    body = COURT_TINT.get(card.rank, inks.stock) if tinted else inks.stock
    pygame.draw.rect(surface, body, surface.get_rect(), border_radius=radius)
    pygame.draw.rect(surface, inks.edge, surface.get_rect(), width=inks.edge_width, border_radius=radius)
    pad = max(2, width // 16)
    field = pygame.Rect(0, field_top, width, height - 2 * field_top)
    if style == "pictured":
        corner = pygame.Rect((pad, index_top), (max(index.get_width(), court_index[0]), max(index.get_height(), court_index[1])))
        _pictured_centre(surface, card, field, inks, corner)
    elif card.rank > 10:
        _large_letter(surface, card, field, inks)
    else:
        _number_centre(surface, card, field, inks)
    surface.blit(index, (pad, index_top))  # over the centre: a court's picture reaches up beside the index
    flipped = pygame.transform.rotate(index, 180)
    surface.blit(flipped, (width - flipped.get_width() - pad, height - flipped.get_height() - index_top))
    return surface


def _pictured_centre(surface: pygame.Surface, card: Card, field: pygame.Rect, inks: Inks, index: pygame.Rect) -> None:
    """Pips, or a court's picture: framed from near the card's top to near its bottom, a corner cut
    out of the frame round each index (as a printed court's frame leaves the index its corner), so
    the figures get the card's height rather than the field between the indices."""
    from .court import draw_court  # the court's drawings load with the first face drawn: kept faces need none

    width, height = surface.get_size()
    if card.rank > 10:
        margin = max(3, round(width * COURT_MARGIN))
        clear = max(2, height // 60)  # between an index and the frame round it
        notch = (index.right + clear - margin, index.bottom + clear - index.top)
        frame = pygame.Rect(margin, index.top, width - 2 * margin, height - 2 * index.top)
        if notch[0] > frame.width * NOTCH_SHARE:  # a small card's index is too wide to frame round
            frame, notch = pygame.Rect(margin, field.top, width - 2 * margin, field.height), (0, 0)
        surface.blit(draw_court(card, frame.size, inks, notch), frame)
        return
    _number_centre(surface, card, field, inks)


def _number_centre(surface: pygame.Surface, card: Card, field: pygame.Rect, inks: Inks) -> None:
    """An Ace's one large pip, or a 2–10's pips in the places a printed deck puts them."""
    from .court import GOLD  # the Ace of Spades' rings share the court pictures' gold

    width, height = surface.get_size()
    colour = inks.of(card.suit)
    if card.rank == ACE:
        centre = (width / 2, field.centery)
        if card.suit is Suit.SPADES:  # the deck's showpiece: larger, inside a double gold ring
            tall = min(round(height * 0.36), field.height - 4)
            outer = min(tall * 0.72, width * 0.42, field.height / 2 - 1)
            tall = min(tall, round(outer * 1.3))
            pygame.draw.aacircle(surface, GOLD, centre, outer, max(1, round(height / 160)))
            pygame.draw.aacircle(surface, GOLD, centre, outer - max(3, height / 70), 1)
        else:
            tall = min(round(height * 0.32), field.height)
        image = pip(card.suit, tall, colour)
        surface.blit(image, image.get_rect(center=centre))
        return
    tall = pip_height(height, field.height)
    spread = width * 0.25  # from the middle to the centre of a side column
    half_w = pip_width(card.suit, tall) / 2
    spread = max(spread, half_w * 2.2)  # a 10's centre pips must clear the side columns
    top, bottom = field.top + tall / 2, field.bottom - tall / 2

    def corner_at(column: float, row: float, size: tuple[int, int]) -> tuple[int, int]:
        """Where a pip's image goes; a lower-half pip exactly where its upper twin goes, turned round
        the card's centre, so the pips are as point-symmetric as the card (no pixel of rounding off)."""
        if row > 0.5:
            twin_x, twin_y = corner_at(1 - column, 1 - row, size)
            return width - twin_x - size[0], height - twin_y - size[1]
        x, y = width / 2 + (column * 2 - 1) * spread, top + row * (bottom - top)
        return round(x - size[0] / 2), round(y - size[1] / 2)

    for column, row, upside_down in pip_positions(card.rank):
        image = pip(card.suit, tall, colour, upside_down)
        surface.blit(image, corner_at(column, row, image.get_size()))


def pip_height(card_height: int, field_height: int) -> int:
    """The pips' height: about a seventh of the card, as on a printed deck, or less where the 9 and 10's
    four rows would not fit between the indices with `ROW_GAP` of a pip (and a pixel's rounding) between rows.

    Four rows of `t` spaced evenly over the field leave (field − 4t) / 3 between rows."""
    fitting = int((field_height - 3) / (4 + 3 * ROW_GAP))
    return max(4, min(round(card_height * 0.135), fitting))


def _large_letter(surface: pygame.Surface, card: Card, field: pygame.Rect, inks: Inks) -> None:
    """The court's letter (the language's: French R D V) beside a suit symbol as tall, in the middle."""
    width = surface.get_width()
    colour = inks.of(card.suit)
    centre = (width // 2, field.centery)
    letter = font(max(8, round(field.height * 0.5)), bold=True).render(rank_name(card.rank), True, colour)
    letter = letter.subsurface(letter.get_bounding_rect())
    symbol = pip(card.suit, letter.get_height(), colour)
    gap = max(1, width // 30)
    left = centre[0] - (letter.get_width() + gap + symbol.get_width()) // 2
    surface.blit(letter, letter.get_rect(midleft=(left, centre[1])))
    surface.blit(symbol, symbol.get_rect(midleft=(left + letter.get_width() + gap, centre[1])))
