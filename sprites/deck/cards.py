"""Card faces and backs drawn at the current size, cached per size so every scale stays crisp.

This is the entry point the table uses: it sizes the corner index, keeps what was drawn, and asks
`faces` and `backs` to draw a card in the chosen style the first time it is wanted at a size.
"""
from __future__ import annotations

from functools import lru_cache

import pygame

from game.cards import Card, Suit, rank_name
from game.i18n import current_language

from . import face_cache
from .legible import LEGIBLE_INDEX, index_top
from .palette import BLACK, Inks, corner_radius, inks_for
from .styles import BACK_STYLES, FACE_STYLES, INDEX_SCALE
from .typeface import font, forget_fonts

__all__ = ["BACK_STYLES", "FACE_STYLES", "CardImages", "font", "forget_fonts"]

OUTLINE = (255, 255, 255, 90)
LEAST_FIELD = 4 * 4 + 3 * 2 + 3  # a 9's four rows of 4 px pips, 2 px between them, and 3 px of rounding
BOLD_OUTLINE = (255, 255, 255, 255)  # an empty pile's outline in high contrast
# Q's tail reaches lowest: the index that must fit a squeezed strip. Measured with the classic letter
# in every language, so a card's size and index do not change with it (R, D, V, K, B, C, S reach no lower).
TALLEST_INDEX = ("Q", Card.parse("QS").suit.symbol)


class CardImages:
    """Every image a card can show at one size, in one face style and one back; a new size builds a new set on demand.

    Faces are drawn one by one the first time each is wanted, so a resize costs only the cards on
    the table. A face comes in a few variants, each made only when first asked for: with a smaller
    corner index for a column squeezed so tight that the usual one would be cut (Q would read O),
    and with a narrower one for a waste card fanned sideways under the next one, which shows its
    left edge as a real fan does: its index whole, and a slice of its pips or picture under it.
    `four_colour` and `high_contrast` choose the deck's inks (see `palette.Inks`). `edge_room` is how
    much of a fanned waste card shows beside the next: its index is made narrow enough to show whole there.
    """

    def __init__(self, width: int, height: int, tightest_strip: int | None = None,
                 face_style: str = "pictured", back_style: str = "blue",
                 four_colour: bool = False, high_contrast: bool = False, edge_room: int | None = None) -> None:
        if face_style not in FACE_STYLES:
            raise ValueError(f"unknown face style {face_style!r}; one of {', '.join(FACE_STYLES)}")
        if back_style not in BACK_STYLES:
            raise ValueError(f"unknown back style {back_style!r}; one of {', '.join(BACK_STYLES)}")
        self.size = (width, height)
        self.face_style = face_style
        self.back_style = back_style
        self.inks: Inks = inks_for(four_colour, high_contrast)
        self._kept_as = face_style + self.inks.tag  # each deck's faces are kept apart
        self._faces: dict[tuple[Card, int, bool], pygame.Surface] = {}
        self.language = current_language()  # the faces' indices are in it (French R D V): another language draws them anew
        self._back: pygame.Surface | None = None
        self._empty: dict[str, pygame.Surface] = {}
        self._shadows: dict[tuple[int, int], pygame.Surface] = {}
        self.edge_room = edge_room
        self.index_top = index_top(height)
        self._usual_font = round(_usual_font(height) * INDEX_SCALE[face_style])
        self.index_height = _index_height(self._usual_font)  # the usual corner index, as tall as it is drawn
        # On the smallest cards (Baker's Dozen's thirteen columns at 800x600) a large index shrinks until the
        # centre holds a 9's four rows of the least pips with two pixels between them (faces.pip_height)
        while self._usual_font > 6 and height - 2 * self._field_top() < LEAST_FIELD:
            self._usual_font -= 1
            self.index_height = _index_height(self._usual_font)
        least = (tightest_strip if tightest_strip is not None else height) - self.index_top - 1
        self._least_index = max(min(LEGIBLE_INDEX, self.index_height), min(self.index_height, least))
        # The centre (pips, picture) starts this far down, clear of the usual index, and ends as far up.
        self.field_top = self._field_top()

    def _field_top(self) -> int:
        return self.index_top + self.index_height + max(2, self.size[1] // 40)

    def face(self, card: Card, strip: int | None = None, fanned: bool = False) -> pygame.Surface:
        """The face; `strip` is how much of it shows under the next card in a column, if covered;
        `fanned`, for a waste card covered by the next one fanned beside it."""
        index = self.index_height
        if strip is not None and strip - self.index_top - 1 < index:
            room = max(0, strip - self.index_top - 1 - self._least_index)
            step = max(2, self.index_height // 4)  # a few sizes only, so neighbours in a column match
            index = self._least_index + room // step * step
        if self.language != current_language():
            self._faces.clear()
            self.language = current_language()
        key = (card, index, fanned)
        image = self._faces.get(key)
        if image is None:
            image = face_cache.kept_face(self._kept_as, self.size, key, self.language)
            if image is None:
                from .faces import draw_face  # only a face no earlier run kept is drawn (styles)

                index_size = _index_font_size(self._usual_font, index)
                if fanned and self.edge_room is not None:
                    index_size = _index_font_size_for_width(index_size, self.edge_room - max(2, self.size[0] // 16) - 1)
                corner = _corner_index(rank_name(card.rank), card.suit.symbol, self.inks.of(card.suit), index_size)
                image = draw_face(card, self.size, self.face_style, corner, self.index_top, self.field_top, self.inks,
                                  (_widest_court_index(index_size, self.language), index))
            image = self._faces[key] = _for_display(image)
        return image

    def keep_faces(self) -> None:
        """Keep the faces drawn at this size for the next start (when the window has turned keeping on)."""
        face_cache.keep(self._kept_as, self.size, self._faces, self.language)

    def back(self) -> pygame.Surface:
        if self._back is None:
            from .backs import draw_back  # FreeCell's table shows none (styles)

            self._back = _for_display(draw_back(self.back_style, *self.size, self.inks))
        return self._back

    def empty(self, label: str = "") -> pygame.Surface:
        """The outline of an empty pile, with an optional faint label (a suit, "K", "↺")."""
        image = self._empty.get(label)
        if image is None:
            image = self._empty[label] = _draw_empty(label, *self.size, bold=self.inks.edge_width > 1)
        return image

    def shadow(self, size: tuple[int, int]) -> pygame.Surface:
        """A soft shadow for lifted cards covering `size`, made once per size (a run's height differs)."""
        image = self._shadows.get(size)
        if image is None:
            if len(self._shadows) > 16:
                self._shadows.clear()
            image = self._shadows[size] = _draw_shadow(size, corner_radius(self.size[0]))
        return image


def _for_display(image: pygame.Surface) -> pygame.Surface:
    """In the display's pixel format when there is a display, so blitting it each frame is cheap.

    Most displays already want the format a new SRCALPHA surface has; converting would then only
    copy it, a third of a millisecond for a large card, paid 52 times on a resize."""
    if pygame.display.get_surface() is None:
        return image
    probe = pygame.Surface((1, 1), pygame.SRCALPHA).convert_alpha()
    same = probe.get_masks() == image.get_masks() and probe.get_bitsize() == image.get_bitsize()
    return image if same else image.convert_alpha()


LEAST_INDEX_FONT = 20  # the font size whose rank glyph is 15 px tall, FreeCell's at 800×600


def _index_height(font_size: int) -> int:
    """The usual corner index's height at `font_size`: its tallest index, Q with its tail."""
    return _corner_index(*TALLEST_INDEX, BLACK, font_size).get_height()


def _usual_font(card_height: int) -> int:
    """The pictured face's index: rank and suit about a sixth of the card tall, and never drawn smaller
    than FreeCell's in the least window (ten columns at 800×600 make cards a fifth narrower)."""
    return max(LEAST_INDEX_FONT, round(card_height * 0.16))


@lru_cache(maxsize=64)
def _index_font_size(usual: int, height: int) -> int:
    """The largest font size, up to `usual`, whose tallest index (Q with its tail) is at most `height` tall.

    Every card of a set uses the same size, so a J is not drawn smaller than a 10 beside it."""
    size = usual
    while size > 6 and (ink := _corner_index(*TALLEST_INDEX, BLACK, size).get_height()) > height:
        size = max(6, min(size - 1, size * height // ink))
    return size


@lru_cache(maxsize=64)
def _widest_court_index(size: int, language: str) -> int:
    """How wide the widest court's corner index is at a font size, in `language`'s letters (French R D V)."""
    return max(_corner_index(rank_name(rank), suit.symbol, BLACK, size).get_width() for rank in (11, 12, 13) for suit in Suit)


@lru_cache(maxsize=64)
def _index_font_size_for_width(size: int, width: int) -> int:
    """The largest font size, up to `size`, whose widest index ("10" and a suit) is at most `width` wide:
    every fanned waste card the same, whatever its rank."""
    def widest(at: int) -> int:
        return max(_corner_index("10", suit.symbol, BLACK, at).get_width() for suit in Suit)

    while size > 6 and widest(size) > width:
        size -= 1
    return size


def _corner_index(rank_text: str, suit_symbol: str, colour: tuple[int, int, int], size: int) -> pygame.Surface:
    """Rank and suit side by side, cropped to their ink so a tight strip can hold them exactly.

    Side by side rather than stacked, so both show in the strip a fanned column leaves visible."""
    rank = font(size, bold=True).render(rank_text, True, colour)
    suit = font(size).render(suit_symbol, True, colour)
    index = pygame.Surface((rank.get_width() + suit.get_width(), max(rank.get_height(), suit.get_height())), pygame.SRCALPHA)
    index.blit(rank, (0, 0))
    index.blit(suit, (rank.get_width(), (index.get_height() - suit.get_height()) // 2))
    return index.subsurface(index.get_bounding_rect()).copy()


def _draw_shadow(size: tuple[int, int], radius: int) -> pygame.Surface:
    """A dark rounded rectangle with a soft edge: shrunk and scaled back up, a cheap blur."""
    width, height = size
    spread = max(4, width // 12)
    sharp = pygame.Surface((width + 2 * spread, height + 2 * spread), pygame.SRCALPHA)
    pygame.draw.rect(sharp, (0, 0, 0, 100), (spread, spread, width, height), border_radius=radius)
    small_size = (max(1, sharp.get_width() // spread * 2), max(1, sharp.get_height() // spread * 2))
    small = pygame.transform.smoothscale(sharp, small_size)
    return _for_display(pygame.transform.smoothscale(small, sharp.get_size()))


def _draw_empty(label: str, width: int, height: int, bold: bool = False) -> pygame.Surface:
    """An empty pile's slot: a faint outline, or in high contrast (`bold`) a solid white one twice as wide."""
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = corner_radius(width)
    pygame.draw.rect(surface, (0, 0, 0, 40), surface.get_rect(), border_radius=radius)
    pygame.draw.rect(surface, BOLD_OUTLINE if bold else OUTLINE, surface.get_rect(), width=4 if bold else 2,
                     border_radius=radius)
    if label:
        text = font(round(height * 0.4)).render(label, True, (255, 255, 255))
        text.set_alpha(70)
        surface.blit(text, text.get_rect(center=surface.get_rect().center))
    return surface
