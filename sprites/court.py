"""The pictures of the Jack, Queen and King: a framed, double-ended bust drawn from vector shapes.

Each rank is told apart by what it wears, as on a printed deck: the King a crown, a beard and a
sceptre topped with his suit, the Queen a tiara, long hair and a flower, the Jack a cap with a long
feather. The robe is in the suit's colour, with gold and blue trim. Only the top half is drawn; the
bottom half is the same picture turned round, so the card reads the same either way up.
"""
from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.cards import JACK, KING, QUEEN, Card

from .palette import Colour, suit_colour
from .pips import ASPECT, draw_suit
from .shapes import Point, bezier, mirrored

INK = (48, 36, 40)
GOLD = (228, 176, 58)
BLUE = (42, 74, 152)
SKIN = (250, 224, 200)
PANEL = (250, 243, 226)
WHITE = (255, 255, 255)
LEAF = (60, 130, 70)
HAIR = {KING: (236, 232, 226), QUEEN: (176, 96, 44), JACK: (110, 70, 40)}


class _Pen:
    """Draws in figure units: one unit is the height of the half picture, x = 0 at its middle."""

    def __init__(self, surface: pygame.Surface, unit: float, top: float) -> None:
        self.surface = surface
        self.unit = unit
        self.top = top  # where y = 0 is, in pixels: below the frame
        self.middle = surface.get_width() / 2
        self.line = max(1, round(unit * 0.022))

    def at(self, x: float, y: float) -> tuple[float, float]:
        return self.middle + x * self.unit, self.top + y * self.unit

    def poly(self, colour: Colour, points: Sequence[Point], outline: bool = True) -> None:
        pixels = [self.at(x, y) for x, y in points]
        pygame.draw.polygon(self.surface, colour, pixels)
        if outline:
            pygame.draw.lines(self.surface, INK, True, pixels, self.line)

    def ellipse(self, colour: Colour, centre: Point, rx: float, ry: float, outline: bool = True) -> None:
        x, y = self.at(centre[0] - rx, centre[1] - ry)
        rect = pygame.Rect(round(x), round(y), round(2 * rx * self.unit), round(2 * ry * self.unit))
        pygame.draw.ellipse(self.surface, colour, rect)
        if outline:
            pygame.draw.ellipse(self.surface, INK, rect, self.line)

    def stroke(self, colour: Colour, points: Sequence[Point], width: float) -> None:
        """An open line `width` units wide, with round joins so thick bends do not crack."""
        pixels = [self.at(x, y) for x, y in points]
        thickness = max(1, round(width * self.unit))
        pygame.draw.lines(self.surface, colour, False, pixels, thickness)
        for p in pixels:
            pygame.draw.circle(self.surface, colour, p, thickness / 2)

    def suit(self, card: Card, centre: Point, height: float, colour: Colour | None = None) -> None:
        """The card's suit symbol, in the suit's colour unless told otherwise."""
        width = height * ASPECT[card.suit]
        x, y = self.at(centre[0] - width / 2, centre[1] - height / 2)
        draw_suit(self.surface, card.suit, colour or suit_colour(card.suit), (x, y, width * self.unit, height * self.unit))


def _robe(pen: _Pen, card: Card, shoulders: float) -> None:
    """A mantle in the suit's colour, open over a blue tunic, both edged in gold, and the neck.

    The mantle ends at the bottom of the half, where the turned-round copy takes it on."""
    colour = suit_colour(card.suit)
    outer = bezier((-0.11, 0.64), (-0.3, 0.66), (-shoulders, 0.7), (-shoulders - 0.04, 1.0), 10)
    pen.poly(colour, mirrored(outer + [(-shoulders - 0.04, 1.1)]))
    for side in (-1, 1):  # small gold suits strewn on the mantle
        for x, y in ((0.44, 0.86), (0.34, 0.98)):
            pen.suit(card, (side * x, y), 0.09, GOLD)
    pen.poly(BLUE, [(-0.11, 0.64), (0.11, 0.64), (0.24, 1.1), (-0.24, 1.1)])
    for side in (-1, 1):
        pen.stroke(GOLD, [(side * 0.11, 0.64), (side * 0.24, 1.1)], 0.045)
        for t in (0.3, 0.55, 0.8):
            pen.ellipse(WHITE, (side * (0.11 + 0.13 * t), 0.64 + 0.46 * t), 0.012, 0.012, outline=False)
    pen.stroke(GOLD, [(0.0, 0.7), (0.0, 1.1)], 0.03)  # the tunic's gold seam
    pen.poly(SKIN, [(-0.06, 0.55), (-0.065, 0.655), (0.0, 0.7), (0.065, 0.655), (0.06, 0.55)])


def _hand(pen: _Pen, at: Point) -> None:
    """A sleeve's gold cuff and the hand that holds the rank's emblem."""
    pen.ellipse(GOLD, (at[0], at[1] + 0.085), 0.075, 0.04)
    pen.ellipse(SKIN, at, 0.05, 0.06)


def _face(pen: _Pen, mouth: bool = True) -> None:
    """Head and features: calm, level eyes and a straight nose, as on a printed court card."""
    pen.ellipse(SKIN, (0.0, 0.43), 0.14, 0.17)
    for side in (-1, 1):
        pen.ellipse(INK, (side * 0.052, 0.415), 0.018, 0.012, outline=False)
        pen.stroke(INK, [(side * 0.026, 0.38), (side * 0.08, 0.375)], 0.014)
    pen.stroke(INK, [(0.006, 0.42), (-0.014, 0.48), (0.012, 0.486)], 0.011)
    if mouth:
        pen.stroke((190, 60, 60), [(-0.03, 0.535), (0.03, 0.535)], 0.018)


def _king(pen: _Pen, card: Card) -> None:
    hair = HAIR[KING]
    pen.poly(hair, mirrored([(-0.16, 0.32), (-0.19, 0.5), (-0.14, 0.62)]))  # hair behind the head
    _robe(pen, card, 0.6)
    # An ermine cape over the shoulders: white fur with black tails.
    cape = bezier((-0.11, 0.64), (-0.32, 0.655), (-0.58, 0.69), (-0.64, 0.84), 8) + [(-0.34, 0.8), (-0.13, 0.76)]
    for side in (-1, 1):
        pen.poly(WHITE, [(-side * x, y) for x, y in cape])
        for x, y in ((0.52, 0.76), (0.38, 0.73), (0.24, 0.73)):
            pen.ellipse(INK, (side * x, y), 0.012, 0.022, outline=False)
    _face(pen, mouth=False)
    beard = [(-0.14, 0.44), (-0.12, 0.6)] + bezier((-0.12, 0.6), (-0.08, 0.7), (-0.03, 0.76), (0.0, 0.79), 6)[:-1]
    pen.poly(hair, mirrored(beard))
    pen.stroke(INK, [(-0.08, 0.515), (-0.02, 0.495), (0.02, 0.495), (0.08, 0.515)], 0.02)  # moustache
    pen.stroke((190, 60, 60), [(-0.025, 0.55), (0.025, 0.55)], 0.015)
    # Crown: five points with pearls on a band set with stones.
    pen.poly(GOLD, [(-0.18, 0.3), (-0.2, 0.07), (-0.1, 0.18), (0.0, 0.02), (0.1, 0.18), (0.2, 0.07), (0.18, 0.3)])
    for x, y in ((-0.2, 0.07), (0.0, 0.02), (0.2, 0.07)):
        pen.ellipse(WHITE, (x, y), 0.026, 0.026)
    pen.poly(GOLD, [(-0.185, 0.245), (0.185, 0.245), (0.18, 0.32), (-0.18, 0.32)])
    pen.ellipse(BLUE, (0.0, 0.283), 0.032, 0.024)
    for side in (-1, 1):
        pen.ellipse(suit_colour(card.suit), (side * 0.11, 0.283), 0.02, 0.02)
    # A gold sceptre topped with the suit, held at the right.
    pen.stroke(INK, [(0.6, 0.34), (0.6, 1.0)], 0.055)
    pen.stroke(GOLD, [(0.6, 0.34), (0.6, 1.0)], 0.032)
    pen.ellipse(GOLD, (0.6, 0.33), 0.045, 0.032)
    pen.suit(card, (0.6, 0.19), 0.22)
    _hand(pen, (0.6, 0.8))


def _queen(pen: _Pen, card: Card) -> None:
    hair = HAIR[QUEEN]
    flowing = bezier((-0.15, 0.28), (-0.27, 0.42), (-0.17, 0.62), (-0.29, 0.84), 8) + [(-0.12, 0.8)]
    pen.poly(hair, mirrored(flowing))
    _robe(pen, card, 0.56)
    necklace = bezier((-0.13, 0.655), (-0.08, 0.77), (0.08, 0.77), (0.13, 0.655), 6)
    for x, y in necklace:
        pen.ellipse(WHITE, (x, y), 0.02, 0.02)
    _face(pen)
    fringe = bezier((-0.145, 0.42), (-0.16, 0.24), (0.02, 0.24), (0.145, 0.38), 10) + [(0.05, 0.33), (-0.07, 0.34)]
    pen.poly(hair, fringe)
    # Tiara: a low gold band with one tall point holding a blue stone.
    pen.poly(GOLD, [(-0.15, 0.3), (-0.06, 0.225), (0.0, 0.1), (0.06, 0.225), (0.15, 0.3), (0.0, 0.28)])
    pen.ellipse(BLUE, (0.0, 0.205), 0.024, 0.032)
    # A flower in her hand: petals in the suit's colour round a gold heart.
    pen.stroke(LEAF, bezier((0.58, 0.86), (0.55, 0.7), (0.62, 0.5), (0.6, 0.36), 8), 0.028)
    pen.poly(LEAF, [(0.59, 0.62), (0.7, 0.5), (0.75, 0.53), (0.61, 0.66)])
    for dx, dy in ((0.0, -0.085), (0.08, -0.026), (0.05, 0.07), (-0.05, 0.07), (-0.08, -0.026)):
        pen.ellipse(suit_colour(card.suit), (0.6 + dx, 0.29 + dy), 0.052, 0.052)
    pen.ellipse(GOLD, (0.6, 0.29), 0.038, 0.038)
    _hand(pen, (0.58, 0.82))


def _jack(pen: _Pen, card: Card) -> None:
    hair = HAIR[JACK]
    pen.poly(hair, mirrored([(-0.16, 0.32), (-0.17, 0.5), (-0.13, 0.58)]))
    _robe(pen, card, 0.58)
    # A white collar lying flat over the mantle.
    pen.poly(WHITE, [(-0.24, 0.66), (-0.12, 0.64), (0.0, 0.72), (0.12, 0.64), (0.24, 0.66), (0.13, 0.79), (0.0, 0.75), (-0.13, 0.79)])
    _face(pen)
    # A feather sweeping back from the cap, then the cap itself over it.
    quill = bezier((0.1, 0.25), (0.24, 0.17), (0.36, 0.13), (0.5, 0.05), 10)
    vane = bezier((0.1, 0.22), (0.2, 0.04), (0.38, 0.0), (0.52, 0.03), 10) + quill[::-1]
    pen.poly(suit_colour(card.suit), vane)
    pen.stroke(GOLD, quill, 0.014)
    pen.poly(BLUE, bezier((-0.21, 0.33), (-0.26, 0.12), (0.15, 0.09), (0.21, 0.3), 12))
    pen.poly(GOLD, [(-0.215, 0.33), (0.215, 0.3), (0.21, 0.355), (-0.21, 0.385)])
    pen.ellipse(GOLD, (0.15, 0.25), 0.03, 0.03)
    # A small shield bearing his suit, held at the right.
    shield = [(0.46, 0.5), (0.74, 0.5), (0.74, 0.66)] + bezier((0.74, 0.66), (0.72, 0.77), (0.65, 0.82), (0.6, 0.86), 6)
    shield += [(1.2 - x, y) for x, y in reversed(shield[3:-1])] + [(0.46, 0.66)]
    pen.poly(GOLD, shield)
    inner = [(0.6 + (x - 0.6) * 0.78, 0.52 + (y - 0.5) * 0.82) for x, y in shield]
    pen.poly(PANEL, inner, outline=False)
    pen.suit(card, (0.6, 0.64), 0.17)


_FIGURES = {KING: _king, QUEEN: _queen, JACK: _jack}


def draw_court(card: Card, size: tuple[int, int]) -> pygame.Surface:
    """The framed picture of a J, Q or K, `size` big and opaque, to lay on the face below the index."""
    width, height = size
    scale = 3 if width < 200 else 2  # drawn larger and smoothed down: pygame draws no anti-aliased polygon
    half_h = (height + 1) // 2
    big = pygame.Surface((width * scale, half_h * scale))
    big.fill(PANEL)
    edge = max(1, round(big.get_height() * 0.03))
    unit = big.get_height() - 4 * edge  # the figure stands inside the frame, and runs on into the other half
    pen = _Pen(big, unit, 4 * edge)
    _FIGURES[card.rank](pen, card)
    pen.suit(card, (-0.5 * big.get_width() / unit + 0.22, 0.17), 0.26)
    # The frame: a line of the suit's colour with a gold one inside it, running on into the other
    # half (so drawn past this half's bottom).
    w, h = big.get_size()
    pygame.draw.rect(big, suit_colour(card.suit), (0, 0, w, h + 4 * edge), edge)
    pygame.draw.rect(big, GOLD, (2 * edge, 2 * edge, w - 4 * edge, h + 4 * edge), edge)
    top = pygame.transform.smoothscale(big, (width, half_h))
    picture = pygame.Surface(size)
    picture.blit(top, (0, 0))
    picture.blit(pygame.transform.rotate(top, 180), (0, height - half_h))
    return picture
