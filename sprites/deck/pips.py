"""Suit symbols as vector shapes, and where the pips of each rank sit on a number card.

A font's ♠♥♦♣ depend on the font having them (pygame's own has none) and on its design; these shapes
are outlines drawn at several times the wanted size and smoothed down, so a pip is crisp on an 800×600
window's cards and on 4K ones alike, and the pips, court pictures and backs share one design.
"""
from __future__ import annotations

from functools import cache, lru_cache
from typing import NamedTuple

import pygame

from game.cards import Suit

from .palette import Colour
from .shapes import Point, bezier, mirrored

SUPERSAMPLE = 4  # drawn this many times larger, then smoothed down: pygame has no anti-aliased polygon

# Width of each suit's shape as a share of its height: a diamond is narrow, a club is nearly round.
ASPECT = {Suit.CLUBS: 0.94, Suit.DIAMONDS: 0.74, Suit.HEARTS: 0.94, Suit.SPADES: 0.88}


def _stem(cx: float, top: float) -> list[Point]:
    """The flared foot of a spade or a club: narrow where it leaves the body, wide at the base."""
    return mirrored(bezier((cx - 0.035, top), (cx - 0.035, top + 0.22), (cx - 0.1, 0.96), (cx - 0.24, 1.0), 10), cx)


class Circle(NamedTuple):
    centre: Point
    r: float


Part = Circle | list[Point]  # a filled circle, or a filled polygon through its points


@cache
def _parts(suit: Suit) -> list[Part]:
    """The suit's shape as filled parts in a box one unit tall and `ASPECT` units wide, point up.

    Worked out once per suit: every pip, court picture and back draws from the same outlines."""
    cx = ASPECT[suit] / 2
    if suit is Suit.HEARTS:
        lobe, r = 0.21, 0.25  # the lobes overlap, leaving the notch at the top
        side = bezier((cx - 0.46, 0.3), (cx - 0.46, 0.54), (cx - 0.16, 0.76), (cx, 1.0))
        body = mirrored([(cx, 0.3)] + side + [(cx, 1.0)], cx)
        return [Circle((cx - lobe, 0.3), r), Circle((cx + lobe, 0.3), r), body]
    if suit is Suit.SPADES:
        lobe, r = 0.21, 0.23
        side = bezier((cx, 0.0), (cx - 0.14, 0.17), (cx - 0.44, 0.33), (cx - 0.44, 0.56))
        body = mirrored(side + [(cx - 0.44, 0.56), (cx, 0.56)], cx)
        return [Circle((cx - lobe, 0.56), r), Circle((cx + lobe, 0.56), r), body, _stem(cx, 0.62)]
    if suit is Suit.CLUBS:
        r, spread = 0.215, 0.255
        centres = [(cx, 0.235), (cx - spread, 0.575), (cx + spread, 0.575)]
        return [*(Circle(c, r) for c in centres), centres, _stem(cx, 0.55)]
    # Diamond: four slightly hollow sides, the way printed decks draw it.
    top, right, bottom, left = (cx, 0.0), (2 * cx, 0.5), (cx, 1.0), (0.0, 0.5)
    outline: list[Point] = []
    for a, b in ((top, right), (right, bottom), (bottom, left), (left, top)):
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        pull = (cx - mx) * 0.12, (0.5 - my) * 0.12  # towards the centre
        outline += bezier(a, (a[0] + (mx - a[0]) * 0.7 + pull[0], a[1] + (my - a[1]) * 0.7 + pull[1]),
                          (b[0] + (mx - b[0]) * 0.7 + pull[0], b[1] + (my - b[1]) * 0.7 + pull[1]), b, 10)
    return [outline]


def draw_suit(
    surface: pygame.Surface, suit: Suit, colour: Colour | tuple[int, int, int, int],
    box: pygame.Rect | tuple[float, float, float, float],
) -> None:
    """Draw the suit's shape, point up and unsmoothed, filling `box` (for callers that smooth a whole picture)."""
    x, y, w, h = box
    scale_x, scale_y = w / ASPECT[suit], h
    for part in _parts(suit):
        if isinstance(part, Circle):
            (cx, cy), r = part
            pygame.draw.ellipse(surface, colour, pygame.Rect(round(x + (cx - r) * scale_x), round(y + (cy - r) * scale_y),
                                                             round(2 * r * scale_x), round(2 * r * scale_y)))
        else:
            pygame.draw.polygon(surface, colour, [(x + px * scale_x, y + py * scale_y) for px, py in part])


def pip_width(suit: Suit, height: int) -> int:
    return max(1, round(height * ASPECT[suit]))


@lru_cache(maxsize=256)
def pip(suit: Suit, height: int, colour: Colour, upside_down: bool = False) -> pygame.Surface:
    """One smoothed pip `height` pixels tall (plus a pixel of margin all round), cached per size.

    The surface is transparent but carries the pip's colour everywhere, so smoothing does not darken
    its edge with the black of empty pixels."""
    width = pip_width(suit, height)
    big = pygame.Surface(((width + 2) * SUPERSAMPLE, (height + 2) * SUPERSAMPLE), pygame.SRCALPHA)
    big.fill((*colour, 0))
    draw_suit(big, suit, (*colour, 255), (SUPERSAMPLE, SUPERSAMPLE, width * SUPERSAMPLE, height * SUPERSAMPLE))
    image = pygame.transform.smoothscale(big, (width + 2, height + 2))
    return pygame.transform.rotate(image, 180) if upside_down else image


# Where the pips of each number card sit, as (column, row): column 0 left, 0.5 centre, 1 right;
# row 0 at the top of the pip field, 1 at its bottom. These are the positions of the usual
# Anglo-American deck: the 7's odd pip sits in the upper half, the 10's two centre pips a sixth
# of the way in from either end.
_SIDES = {4: (0.0, 1.0), 5: (0.0, 1.0), 6: (0.0, 0.5, 1.0), 7: (0.0, 0.5, 1.0), 8: (0.0, 0.5, 1.0),
          9: (0.0, 1 / 3, 2 / 3, 1.0), 10: (0.0, 1 / 3, 2 / 3, 1.0)}
_MIDDLE = {2: (0.0, 1.0), 3: (0.0, 0.5, 1.0), 4: (), 5: (0.5,), 6: (), 7: (0.25,), 8: (0.25, 0.75), 9: (0.5,),
           10: (1 / 6, 5 / 6)}


def pip_positions(rank: int) -> list[tuple[float, float, bool]]:
    """(column, row, upside down) of each pip of a 2–10: pips below the middle are turned over."""
    spots = [(column, row) for column in (0.0, 1.0) for row in _SIDES.get(rank, ())]
    spots += [(0.5, row) for row in _MIDDLE[rank]]
    return [(column, row, row > 0.5) for column, row in spots]
