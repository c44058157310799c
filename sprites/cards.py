"""Card faces and backs drawn at the current size, cached per size so every scale stays crisp.

Suit symbols come from the bundled DejaVu Sans: pygame's default font has no ♠♥♦♣ glyphs.
"""
from __future__ import annotations

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


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    return pygame.font.Font(str(BOLD_FONT if bold else REGULAR_FONT), max(6, size))


def forget_fonts() -> None:
    """Fonts die with `pygame.quit()`; the next `pygame.init()` must load them afresh."""
    font.cache_clear()


class CardImages:
    """Every image a card can show at one size; a new size builds a new set on demand."""

    def __init__(self, width: int, height: int) -> None:
        self.size = (width, height)
        self._faces: dict[Card, pygame.Surface] = {}
        self._back: pygame.Surface | None = None
        self._empty: dict[str, pygame.Surface] = {}

    def face(self, card: Card) -> pygame.Surface:
        image = self._faces.get(card)
        if image is None:
            image = self._faces[card] = _draw_face(card, *self.size)
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


def _radius(width: int) -> int:
    return max(3, width // 12)


def _draw_face(card: Card, width: int, height: int) -> pygame.Surface:
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = _radius(width)
    body = COURT_TINT.get(card.rank, FACE)
    pygame.draw.rect(surface, body, surface.get_rect(), border_radius=radius)
    pygame.draw.rect(surface, EDGE, surface.get_rect(), width=1, border_radius=radius)
    colour = RED if card.is_red else BLACK
    # Rank and suit side by side, so both show in the strip a fanned column leaves visible.
    index = _corner_index(card, colour, round(height * 0.16))
    pad = max(2, width // 16)
    surface.blit(index, (pad, pad // 2))
    flipped = pygame.transform.rotate(index, 180)
    surface.blit(flipped, (width - flipped.get_width() - pad, height - flipped.get_height() - pad // 2))
    centre_size = round(height * (0.42 if card.rank in (1, 11, 12, 13) else 0.34))
    centre_text = card.suit.symbol if card.rank <= 10 else RANK_TEXT[card.rank] + card.suit.symbol
    centre = font(centre_size if card.rank <= 10 else round(centre_size * 0.62), bold=card.rank > 10).render(centre_text, True, colour)
    surface.blit(centre, centre.get_rect(center=(width // 2, height // 2 + height // 20)))
    return surface.convert_alpha() if pygame.display.get_surface() else surface


def _corner_index(card: Card, colour: tuple[int, int, int], size: int) -> pygame.Surface:
    rank = font(size, bold=True).render(RANK_TEXT[card.rank], True, colour)
    suit = font(size).render(card.suit.symbol, True, colour)
    index = pygame.Surface((rank.get_width() + suit.get_width(), max(rank.get_height(), suit.get_height())), pygame.SRCALPHA)
    index.blit(rank, (0, 0))
    index.blit(suit, (rank.get_width(), (index.get_height() - suit.get_height()) // 2))
    return index


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
