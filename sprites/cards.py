"""Card faces and backs drawn at the current size, cached per size so every scale stays crisp.

Suit symbols come from the bundled DejaVu Sans: pygame's default font has no ♠♥♦♣ glyphs.
"""
from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path

import pygame

from game.cards import Card

FONT_DIR = Path(__file__).resolve().parent / "fonts"
REGULAR_FONT = FONT_DIR / "DejaVuSans.ttf"
BOLD_FONT = FONT_DIR / "DejaVuSans-Bold.ttf"

FACE = (252, 251, 246)
EDGE = (90, 90, 90)
RED = (200, 30, 40)
BLACK = (25, 25, 30)
BACK = (30, 70, 150)
BACK_PATTERN = (70, 115, 200)
OUTLINE = (255, 255, 255, 90)
COURT_TINT = {11: (235, 242, 255), 12: (255, 238, 242), 13: (255, 248, 228)}
RANK_TEXT = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
TALLEST_INDEX = Card.parse("QS")  # Q's tail reaches lowest: the index that must fit a squeezed strip


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The bundled DejaVu Sans at `size`; pygame's own font, with one warning, when the file is missing
    or unreadable (a packager dropped it): suits may then show as boxes, but the game still plays."""
    path = BOLD_FONT if bold else REGULAR_FONT
    try:
        return pygame.font.Font(str(path), max(6, size))
    except (OSError, pygame.error) as error:
        if path not in _MISSING_FONTS:
            _MISSING_FONTS.add(path)
            sys.stderr.write(f"solitaire: cannot load the font {path.name} ({error}); using pygame's own font\n")
        return pygame.font.Font(None, max(6, size))


_MISSING_FONTS: set[Path] = set()  # warned about once a run


def forget_fonts() -> None:
    """Fonts die with `pygame.quit()`; the next `pygame.init()` must load them afresh."""
    font.cache_clear()


class CardImages:
    """Every image a card can show at one size; a new size builds a new set on demand.

    A face comes in a few variants, each made only when first asked for: with a smaller corner
    index for a column squeezed so tight that the usual one would be cut (Q would read O), and with
    its top-left index alone for a waste card fanned sideways under the next one (otherwise slivers
    of its centre symbol and of its other index would peek out).
    """

    def __init__(self, width: int, height: int, tightest_strip: int | None = None) -> None:
        self.size = (width, height)
        self._faces: dict[tuple[Card, int, bool], pygame.Surface] = {}
        self._back: pygame.Surface | None = None
        self._empty: dict[str, pygame.Surface] = {}
        self._shadows: dict[tuple[int, int], pygame.Surface] = {}
        self.index_top = max(1, height // 40)
        self.index_height = _index_height(height)  # the usual corner index, as tall as it is drawn
        least = (tightest_strip if tightest_strip is not None else height) - self.index_top - 1
        self._least_index = max(6, min(self.index_height, least))

    def face(self, card: Card, strip: int | None = None, edge_only: bool = False) -> pygame.Surface:
        """The face; `strip` is how much of it shows under the next card in a column, if covered."""
        index = self.index_height
        if strip is not None and strip - self.index_top - 1 < index:
            room = max(0, strip - self.index_top - 1 - self._least_index)
            step = max(2, self.index_height // 4)  # a few sizes only, so neighbours in a column match
            index = self._least_index + room // step * step
        key = (card, index, edge_only)
        image = self._faces.get(key)
        if image is None:
            image = self._faces[key] = _draw_face(card, *self.size, index, self.index_top, edge_only)
        return image

    def back(self) -> pygame.Surface:
        if self._back is None:
            self._back = _draw_back(*self.size)
        return self._back

    def empty(self, label: str = "") -> pygame.Surface:
        """The outline of an empty pile, with an optional faint label (a suit, "K", "↺")."""
        image = self._empty.get(label)
        if image is None:
            image = self._empty[label] = _draw_empty(label, *self.size)
        return image

    def shadow(self, size: tuple[int, int]) -> pygame.Surface:
        """A soft shadow for lifted cards covering `size`, made once per size (a run's height differs)."""
        image = self._shadows.get(size)
        if image is None:
            if len(self._shadows) > 16:
                self._shadows.clear()
            image = self._shadows[size] = _draw_shadow(size, _radius(self.size[0]))
        return image


def _radius(width: int) -> int:
    return max(3, width // 12)


def _index_height(card_height: int) -> int:
    """The usual corner index's height: rank and suit about a sixth of the card tall."""
    return _corner_index(TALLEST_INDEX, BLACK, round(card_height * 0.16)).get_height()


@lru_cache(maxsize=64)
def _index_font_size(usual: int, height: int) -> int:
    """The largest font size, up to `usual`, whose tallest index (Q with its tail) is at most `height` tall.

    Every card of a set uses the same size, so a J is not drawn smaller than a 10 beside it."""
    size = usual
    while size > 6 and (ink := _corner_index(TALLEST_INDEX, BLACK, size).get_height()) > height:
        size = max(6, min(size - 1, size * height // ink))
    return size


def _draw_face(card: Card, width: int, height: int, index_height: int, index_top: int, edge_only: bool) -> pygame.Surface:
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = _radius(width)
    body = COURT_TINT.get(card.rank, FACE)
    pygame.draw.rect(surface, body, surface.get_rect(), border_radius=radius)
    pygame.draw.rect(surface, EDGE, surface.get_rect(), width=1, border_radius=radius)
    colour = RED if card.is_red else BLACK
    # Rank and suit side by side, so both show in the strip a fanned column leaves visible.
    index = _corner_index(card, colour, _index_font_size(round(height * 0.16), index_height))
    pad = max(2, width // 16)
    surface.blit(index, (pad, index_top))
    if not edge_only:
        flipped = pygame.transform.rotate(index, 180)
        surface.blit(flipped, (width - flipped.get_width() - pad, height - flipped.get_height() - index_top))
        centre_size = round(height * (0.42 if card.rank in (1, 11, 12, 13) else 0.34))
        centre_text = card.suit.symbol if card.rank <= 10 else RANK_TEXT[card.rank] + card.suit.symbol
        symbol = font(centre_size if card.rank <= 10 else round(centre_size * 0.62), bold=card.rank > 10).render(centre_text, True, colour)
        surface.blit(symbol, symbol.get_rect(center=(width // 2, height // 2 + height // 20)))
    return surface.convert_alpha() if pygame.display.get_surface() else surface


def _corner_index(card: Card, colour: tuple[int, int, int], size: int) -> pygame.Surface:
    """Rank and suit side by side, cropped to their ink so a tight strip can hold them exactly."""
    rank = font(size, bold=True).render(RANK_TEXT[card.rank], True, colour)
    suit = font(size).render(card.suit.symbol, True, colour)
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
    small = pygame.transform.smoothscale(sharp, (max(1, sharp.get_width() // spread * 2), max(1, sharp.get_height() // spread * 2)))
    image = pygame.transform.smoothscale(small, sharp.get_size())
    return image.convert_alpha() if pygame.display.get_surface() else image


def _draw_back(width: int, height: int) -> pygame.Surface:
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = _radius(width)
    pygame.draw.rect(surface, FACE, surface.get_rect(), border_radius=radius)
    inner = surface.get_rect().inflate(-max(4, width // 10), -max(4, width // 10))
    pygame.draw.rect(surface, BACK, inner, border_radius=max(2, radius - 2))
    step = max(4, width // 8)
    clip = surface.get_clip()
    surface.set_clip(inner)
    for offset in range(-height, width + height, step):
        pygame.draw.line(surface, BACK_PATTERN, (inner.left + offset, inner.top), (inner.left + offset + height, inner.bottom), 2)
        pygame.draw.line(surface, BACK_PATTERN, (inner.left + offset, inner.bottom), (inner.left + offset + height, inner.top), 2)
    surface.set_clip(clip)
    pygame.draw.rect(surface, EDGE, surface.get_rect(), width=1, border_radius=radius)
    return surface.convert_alpha() if pygame.display.get_surface() else surface


def _draw_empty(label: str, width: int, height: int) -> pygame.Surface:
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = _radius(width)
    pygame.draw.rect(surface, (0, 0, 0, 40), surface.get_rect(), border_radius=radius)
    pygame.draw.rect(surface, OUTLINE, surface.get_rect(), width=2, border_radius=radius)
    if label:
        text = font(round(height * 0.4)).render(label, True, (255, 255, 255))
        text.set_alpha(70)
        surface.blit(text, text.get_rect(center=surface.get_rect().center))
    return surface
