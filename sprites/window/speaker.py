"""The status bar's speaker: the sound's state as a picture, drawn as shapes rather than a font's
glyph (🔊 is missing from many fonts, the bundled DejaVu Sans among them). Drawn four times larger
and scaled down, for smooth edges, once per size, state and colour."""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

from ..deck.palette import Colour

SUPERSAMPLE = 4


@lru_cache(maxsize=16)
def speaker_image(side: int, on: bool, colour: Colour) -> pygame.Surface:
    """A `side`-pixel square: a speaker with two sound waves when `on`, with a cross beside it when off."""
    big = side * SUPERSAMPLE
    large = pygame.Surface((big, big), pygame.SRCALPHA)
    large.fill((*colour, 0))

    def at(x: float, y: float) -> tuple[float, float]:
        return x * big, y * big

    # The box and the cone, facing right, in the left half.
    pygame.draw.rect(large, colour, pygame.Rect(*at(0.08, 0.37), 0.16 * big, 0.26 * big))
    pygame.draw.polygon(large, colour, [at(0.22, 0.37), at(0.46, 0.16), at(0.46, 0.84), at(0.22, 0.63)])
    line = max(2, round(0.075 * big))
    if on:
        for radius in (0.17, 0.32):
            box = pygame.Rect(0, 0, 2 * radius * big, 2 * radius * big)
            box.center = (round(0.44 * big), big // 2)
            pygame.draw.arc(large, colour, box, -math.radians(50), math.radians(50), line)
    else:
        for start, end in (((0.6, 0.35), (0.9, 0.65)), ((0.6, 0.65), (0.9, 0.35))):
            pygame.draw.line(large, colour, at(*start), at(*end), line)
    return pygame.transform.smoothscale(large, (side, side))
