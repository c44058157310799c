"""Rounded boxes with smooth corners: buttons, panels, the note box and the rings around piles.

`pygame.draw.rect(..., border_radius=r)` sets each pixel on or off, so its corners show stairs. Here
only the four corners are drawn four times larger and scaled down (each edge pixel then takes the
share of it the curve covers); the straight sides are plain fills. A box is made once per size and
colours and blitted after, so a button hovered every frame costs one blit.
"""
from __future__ import annotations

from functools import lru_cache

import pygame

Colour = tuple[int, int, int]
SUPERSAMPLE = 4  # each corner drawn this many times larger, then scaled down


def draw_box(surface: pygame.Surface, rect: pygame.Rect, radius: int, fill: Colour | None,
             edge: Colour | None = None, edge_width: int = 0) -> None:
    """A rounded box at `rect`: filled with `fill` (None: only its edge, a ring), edged `edge_width`
    pixels wide in `edge` when given."""
    if rect.width <= 0 or rect.height <= 0:
        return
    surface.blit(rounded_box(rect.size, radius, fill, edge, edge_width if edge is not None else 0), rect)


@lru_cache(maxsize=256)
def rounded_box(size: tuple[int, int], radius: int, fill: Colour | None, edge: Colour | None = None,
                edge_width: int = 0) -> pygame.Surface:
    """The box as a surface with an alpha channel: opaque inside, its corners' edge pixels partly so."""
    width, height = size
    radius = max(0, min(radius, width // 2, height // 2))
    edge_width = min(edge_width, radius) if radius else edge_width
    box = pygame.Surface(size, pygame.SRCALPHA)
    outer = edge if edge is not None and edge_width > 0 else fill
    if outer is None:
        return box
    box.fill(outer, (radius, 0, width - 2 * radius, height))
    box.fill(outer, (0, radius, width, height - 2 * radius))
    inner = (edge_width, edge_width, width - 2 * edge_width, height - 2 * edge_width)
    if outer is not fill:  # an edge: the inside is the fill, or clear for a ring
        inside = (*fill, 255) if fill is not None else (*outer, 0)
        inner_rect = pygame.Rect(inner)
        box.fill(inside, inner_rect.inflate(-2 * max(0, radius - edge_width), 0))
        box.fill(inside, inner_rect.inflate(0, -2 * max(0, radius - edge_width)))
    if radius:
        corner = _corner(radius, outer, fill, edge_width if outer is not fill else 0)
        # Copied, not blended: the corners' squares are still clear, and blending onto clear pixels
        # would darken the smooth edge (MAX with nothing is the pixel itself).
        copy = pygame.BLEND_RGBA_MAX
        box.blit(corner, (0, 0), special_flags=copy)
        box.blit(pygame.transform.flip(corner, True, False), (width - radius, 0), special_flags=copy)
        box.blit(pygame.transform.flip(corner, False, True), (0, height - radius), special_flags=copy)
        box.blit(pygame.transform.flip(corner, True, True), (width - radius, height - radius), special_flags=copy)
    return box


def _corner(radius: int, outer: Colour, fill: Colour | None, edge_width: int) -> pygame.Surface:
    """The top-left corner, `radius` square: drawn large and scaled down smoothly. Its clear pixels
    keep the colour beside them, so scaling blends towards that colour's transparency, not black."""
    big = radius * SUPERSAMPLE
    large = pygame.Surface((big, big), pygame.SRCALPHA)
    large.fill((*outer, 0))
    pygame.draw.circle(large, outer, (big, big), big)
    if edge_width:
        inside = (*fill, 255) if fill is not None else (*outer, 0)
        pygame.draw.circle(large, inside, (big, big), max(0, big - edge_width * SUPERSAMPLE))
    return pygame.transform.smoothscale(large, (radius, radius))
