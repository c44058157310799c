"""Card backs: a blue lattice in a border round a star, a red harlequin and a green bordered one.

Every back keeps a margin of white card stock round a coloured field, as printed backs do, and reads
the same either way up. Each is drawn at twice the size and smoothed down, so its fine lines stay
clean at every card size, and each is as finished as the others: a border and a centre motif.
"""
from __future__ import annotations

import math

import pygame

from game.cards import Suit

from .palette import CLASSIC, FACE, Colour, Inks, corner_radius
from .pips import ASPECT, draw_suit
from .styles import BACK_STYLES

SUPERSAMPLE = 2

BLUE, BLUE_LINE, BLUE_DARK = (30, 70, 150), (70, 115, 200), (22, 52, 118)
RED, RED_DARK, RED_LIGHT = (168, 30, 42), (138, 20, 32), (192, 52, 60)
GREEN, GREEN_DARK, GREEN_LIGHT = (30, 104, 72), (22, 84, 58), (58, 138, 98)
CREAM = (246, 236, 210)


def draw_back(style: str, width: int, height: int, inks: Inks = CLASSIC) -> pygame.Surface:
    """The back in `style`, `width` × `height`, with the card's rounded corners left transparent and
    the deck's edge (bold and black in high contrast) round it."""
    if style not in BACK_STYLES:
        raise ValueError(f"unknown back style {style!r}; one of {', '.join(BACK_STYLES)}")
    surface = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = corner_radius(width)
    pygame.draw.rect(surface, FACE, surface.get_rect(), border_radius=radius)
    inner = surface.get_rect().inflate(-max(4, width // 10), -max(4, width // 10))
    field_radius = max(2, radius - 2)
    big = pygame.Surface((width * SUPERSAMPLE, height * SUPERSAMPLE))
    big.fill(FACE)
    field = pygame.Rect([v * SUPERSAMPLE for v in inner])
    {"blue": _lattice, "red": _harlequin, "green": _bordered}[style](big, field, field_radius * SUPERSAMPLE)
    _round_off(big, field, field_radius * SUPERSAMPLE, smooth=False)
    surface.blit(pygame.transform.smoothscale(big, (width, height)), inner, area=inner)
    pygame.draw.rect(surface, inks.edge, surface.get_rect(), width=inks.edge_width, border_radius=radius)
    return surface


def _round_off(surface: pygame.Surface, field: pygame.Rect, radius: int, smooth: bool = True) -> None:
    """Paint card stock over the four corners of `field` outside its rounded outline.

    A pattern is drawn clipped to the field's rectangle, so without this its lines or diamonds run
    on into the corners the rounded field leaves white: a square corner, or a notch of stock with a
    stray stroke beyond it. `smooth` draws the cover larger and smooths it down, for a field drawn at
    the card's own size."""
    scale = 4 if smooth else 1
    size = radius * scale
    corner = pygame.Surface((size, size), pygame.SRCALPHA)  # the top-left one; the others are it turned over
    corner.fill((*FACE, 255))
    pygame.draw.circle(corner, (*FACE, 0), (size, size), size)
    if smooth:
        corner = pygame.transform.smoothscale(corner, (radius, radius))
    right, bottom = field.right - radius, field.bottom - radius
    for flip_x, flip_y, at in ((False, False, field.topleft), (True, False, (right, field.top)),
                               (False, True, (field.left, bottom)), (True, True, (right, bottom))):
        surface.blit(pygame.transform.flip(corner, flip_x, flip_y), at)


def _lattice(surface: pygame.Surface, field: pygame.Rect, radius: int) -> None:
    """Blue with a lighter diagonal lattice (the suite's first back), now inside a darker border between
    two cream rules, round a cream ring that holds an eight-pointed star."""
    pygame.draw.rect(surface, BLUE, field, border_radius=radius)
    step = max(8, field.width // 7)
    line = max(2, field.width // 60)
    clip = surface.get_clip()
    surface.set_clip(field)
    height = field.height
    for offset in range(-height, field.width + height, step):
        pygame.draw.line(surface, BLUE_LINE, (field.left + offset, field.top), (field.left + offset + height, field.bottom), line)
        pygame.draw.line(surface, BLUE_LINE, (field.left + offset, field.bottom), (field.left + offset + height, field.top), line)
    surface.set_clip(clip)
    band = max(4, field.width // 10)
    rule = max(1, field.width // 80)
    pygame.draw.rect(surface, BLUE_DARK, field, band, border_radius=radius)
    pygame.draw.rect(surface, CREAM, field.inflate(-band // 2, -band // 2), rule, border_radius=radius)
    pygame.draw.rect(surface, CREAM, field.inflate(-2 * band, -2 * band), rule, border_radius=max(1, radius // 2))
    cx, cy = field.center
    ring = field.width * 0.22
    pygame.draw.circle(surface, BLUE_DARK, (cx, cy), ring)
    pygame.draw.circle(surface, CREAM, (cx, cy), ring, rule)
    star = []
    for k in range(16):  # eight points, each between two notches
        angle = math.pi * k / 8 - math.pi / 2
        reach = ring * (0.8 if k % 2 == 0 else 0.36)
        star.append((cx + math.cos(angle) * reach, cy + math.sin(angle) * reach))
    pygame.draw.polygon(surface, CREAM, star)
    pygame.draw.circle(surface, BLUE, (cx, cy), ring * 0.16)


def _harlequin(surface: pygame.Surface, field: pygame.Rect, radius: int) -> None:
    """Red diamonds in two shades, edged in cream, inside a cream rule, with a medallion in the middle."""
    pygame.draw.rect(surface, RED, field, border_radius=radius)
    clip = surface.get_clip()
    surface.set_clip(field)
    across = 5  # diamonds across the field, so the pattern keeps its scale from card to card
    dw = field.width / across
    dh = dw * 1.5
    cx, cy = field.center
    rows = math.ceil(field.height / dh / 2) + 1
    line = max(1, round(field.width / 110))
    for row in range(-rows * 2, rows * 2 + 1):
        for col in range(-across, across + 1):
            x, y = cx + (col + (row % 2) / 2) * dw, cy + row * dh / 2
            shade = RED_DARK if row % 2 else RED_LIGHT  # diamonds sharing an edge are in neighbouring rows
            points = [(x, y - dh / 2), (x + dw / 2, y), (x, y + dh / 2), (x - dw / 2, y)]
            pygame.draw.polygon(surface, shade, points)
            pygame.draw.polygon(surface, RED, points, line)
    surface.set_clip(clip)
    rule = field.inflate(-field.width // 9, -field.width // 9)
    pygame.draw.rect(surface, CREAM, rule, max(1, field.width // 60), border_radius=radius)
    # Medallion: a cream oval ringing a red field that holds a diamond of cream.
    oval = pygame.Rect(0, 0, field.width * 0.5, field.width * 0.66)
    oval.center = field.center
    pygame.draw.ellipse(surface, CREAM, oval)
    pygame.draw.ellipse(surface, RED, oval.inflate(-field.width // 16, -field.width // 16))
    pygame.draw.ellipse(surface, CREAM, oval.inflate(-field.width // 8, -field.width // 8), max(1, field.width // 90))
    gem_w, gem_h = oval.width * 0.36, oval.height * 0.44
    draw_suit(surface, Suit.DIAMONDS, CREAM, (cx - gem_w / 2, cy - gem_h / 2, gem_w, gem_h))


def _bordered(surface: pygame.Surface, field: pygame.Rect, radius: int) -> None:
    """Green with a border of linked lozenges and a rosette of the four suits in the middle."""
    pygame.draw.rect(surface, GREEN, field, border_radius=radius)
    band = max(4, field.width // 9)
    inner = field.inflate(-2 * band, -2 * band)
    # Fine dots on the centre panel, in rows offset from one another.
    step = max(6, field.width // 14)
    dot = max(1, field.width / 120)
    cx, cy = field.center
    for row in range(-field.height // step, field.height // step + 1):
        for col in range(-field.width // step, field.width // step + 1):
            x, y = cx + (col + (row % 2) / 2) * step, cy + row * step * 0.866
            if inner.inflate(-step, -step).collidepoint(x, y):
                pygame.draw.circle(surface, GREEN_DARK, (x, y), dot)
    # The border band: a cream rule either side and a chain of lozenges along the middle.
    pygame.draw.rect(surface, GREEN_DARK, field.inflate(-band // 3, -band // 3), max(1, band // 2), border_radius=radius)
    line = max(1, field.width // 80)
    pygame.draw.rect(surface, CREAM, field.inflate(-band // 3, -band // 3), line, border_radius=radius)
    pygame.draw.rect(surface, CREAM, inner, line, border_radius=max(1, radius // 2))
    track = field.inflate(-band, -band)
    _chain(surface, track, band * 0.32)
    # Rosette: the four suits round a cream ring, spade and heart pointing out, the club's stem in.
    size = inner.width * 0.17
    ring = size * 1.75
    pygame.draw.circle(surface, GREEN_LIGHT, field.center, ring)
    pygame.draw.circle(surface, CREAM, field.center, ring, line)
    around = (((0, -1), Suit.SPADES, 0), ((0, 1), Suit.HEARTS, 0), ((-1, 0), Suit.CLUBS, 90), ((1, 0), Suit.DIAMONDS, 90))
    for (dx, dy), suit, turn in around:
        w, h = size * ASPECT[suit], size
        tile = pygame.Surface((w + 2, h + 2), pygame.SRCALPHA)
        draw_suit(tile, suit, CREAM, (1, 1, w, h))
        tile = pygame.transform.rotate(tile, turn)
        surface.blit(tile, tile.get_rect(center=(cx + dx * ring * 0.52, cy + dy * ring * 0.52)))


def _chain(surface: pygame.Surface, track: pygame.Rect, size: float) -> None:
    """Small cream lozenges spaced evenly along the sides of `track`, one at each corner."""
    for start, end in ((track.topleft, track.topright), (track.topright, track.bottomright),
                       (track.bottomright, track.bottomleft), (track.bottomleft, track.topleft)):
        length = math.dist(start, end)
        count = max(2, round(length / (size * 3.2)))
        for i in range(count):
            t = i / count
            x, y = start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t
            _lozenge(surface, (x, y), size)


def _lozenge(surface: pygame.Surface, centre: tuple[float, float], size: float, colour: Colour = CREAM) -> None:
    x, y = centre
    pygame.draw.polygon(surface, colour, [(x, y - size), (x + size * 0.7, y), (x, y + size), (x - size * 0.7, y)])
