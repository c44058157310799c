"""The pictures of the Jack, Queen and King: a framed, double-ended figure drawn from vector shapes.

Each of the twelve is its own figure, as on a printed deck. The rank shows on the head: the King a
crown and a beard, the Queen a crown, tiara or coronet over long hair, the Jack a cap or hat. The
suit shows in the livery, shared by its three courts: the mantle in the suit's colour over a tunic
of a second colour with its own pattern, and a lining of a third (spades blue and gold, hearts
yellow and blue, clubs red and blue, diamonds blue and yellow). And each holds an emblem of its
own in a hand raised in a blue sleeve: the Kings a sceptre, a sword, an orb and an axe, the Queens a
sceptre, a rose, a fan and a mirror, the Jacks a halberd, a torch, an oak sprig and a quill. Hair,
beard, crown and collar differ from card to card as well.

Only the top half is drawn, with the figure set a little to the left. The bottom half is the same
picture turned round, and the two meet at a gold rule slanting through the middle, lower on the
side each figure stands: the two figures fit together as on a traditional double-ended court card.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from functools import lru_cache
from typing import NamedTuple

import pygame

from game.cards import JACK, KING, QUEEN, Card, Suit

from .palette import CLASSIC, RED, Colour, Inks
from .pips import ASPECT, draw_suit
from .shapes import Point, bezier, mirrored

INK = (48, 36, 40)
GOLD = (228, 176, 58)
BLUE = (42, 74, 152)
SKIN = (250, 224, 200)
PANEL = (250, 243, 226)
WHITE = (255, 255, 255)
LEAF = (60, 130, 70)
YELLOW = (242, 204, 84)
STEEL = (200, 208, 218)
WOOD = (128, 84, 50)
LIPS = (190, 60, 60)
GLASS = (196, 222, 240)
FLAME, FLAME_HEART = (238, 118, 40), (255, 214, 90)
KEY = (255, 0, 255)  # a colour no drawing uses: marks what is to be left out when a surface is laid on another

BOTTOM = 1.3  # the figure is drawn this far down, past the slanting rule, which cuts it off
SLANT = 0.16  # how far the rule dips below the middle at the frame's left edge (rises as far at the right)
# Where the parts of a figure are drawn, as (scale, dx, dy) of the coordinates they are written in.
HEAD = (1.12, 0.0, 0.0)
BODY = (1.0, 0.0, -0.04)
HAND = (0.6, 0.8)  # where every emblem is held, as written
HELD = (0.85, 0.62 - 0.85 * HAND[0], 0.64 - 0.85 * HAND[1])  # ... and where the hand is put: at (0.62, 0.64)
TALL = 0.06  # emblems that reach the top of the frame as written are held this much lower in the fist
FIGURE_SCALE, FIGURE_SHIFT = 1.1, 0.1  # the figure a little larger than written, its head right of the index's corner
# A small picture (the least window's) shows its figure closer: head and shoulders this much larger, the
# rule cutting higher through the body, so each face is drawn with pixels enough to read as a face.
SMALL_PICTURE, CLOSE_UP = 90, 1.15
NOTCH_DROP = 0.3  # the head starts this share of the index's corner down, so the crown clears its frame
HEAD_ROOM = 1.2  # the half picture's height, in units, at least: the head and its longest beard (1.04 as drawn), a gap
FIGURE_WIDTH = 0.52  # the half figure's height (a unit) at most this share of the frame's width: it and its emblem fit across


class _Livery(NamedTuple):
    """A suit's dress: the tunic under the mantle and its pattern, and the mantle's turned-back lining."""

    tunic: Colour
    figure: Colour  # the pattern's colour
    pattern: str  # "lattice", "stripes", "dots" or "chevrons"
    lining: Colour


LIVERY = {
    Suit.SPADES: _Livery(BLUE, GOLD, "lattice", GOLD),
    Suit.HEARTS: _Livery(YELLOW, RED, "stripes", BLUE),
    Suit.CLUBS: _Livery(RED, GOLD, "dots", BLUE),
    Suit.DIAMONDS: _Livery(BLUE, YELLOW, "chevrons", YELLOW),
}


class _Pen:
    """Draws in figure units: one unit is the height of the half picture, x = 0 at its middle.

    `placed` draws a part scaled and moved, so a figure or the emblem in its hand can be set where
    the composition wants it without rewriting its coordinates."""

    def __init__(self, surface: pygame.Surface, unit: float, top: float, inks: Inks = CLASSIC) -> None:
        self.surface = surface
        self.inks = inks  # the deck's suit colours: a four-colour deck's courts wear their suit's
        self.unit = unit
        self.top = top  # where y = 0 is, in pixels: below the frame
        self.middle = surface.get_width() / 2
        self.line = max(1, round(unit * 0.022))
        self.scale, self.dx, self.dy = 1.0, 0.0, 0.0
        self._place()

    def _place(self) -> None:
        """(x, y) in figure units is drawn at pixel (ox + x × k, oy + y × k)."""
        self.k = self.scale * self.unit
        self.ox, self.oy = self.middle + self.dx * self.unit, self.top + self.dy * self.unit

    @contextmanager
    def placed(self, scale: float, dx: float = 0.0, dy: float = 0.0) -> Iterator[None]:
        """Within the block, (x, y) is drawn where (x × `scale` + `dx`, y × `scale` + `dy`) was."""
        saved = self.scale, self.dx, self.dy
        self.scale, self.dx, self.dy = saved[0] * scale, saved[1] + saved[0] * dx, saved[2] + saved[0] * dy
        self._place()
        try:
            yield
        finally:
            self.scale, self.dx, self.dy = saved
            self._place()

    def ink(self, card: Card) -> Colour:
        """The card's suit colour in this deck."""
        return self.inks.of(card.suit)

    def at(self, x: float, y: float) -> tuple[float, float]:
        return self.ox + x * self.k, self.oy + y * self.k

    def _pixels(self, points: Sequence[Point]) -> list[tuple[float, float]]:
        ox, oy, k = self.ox, self.oy, self.k
        return [(ox + x * k, oy + y * k) for x, y in points]

    def poly(self, colour: Colour, points: Sequence[Point], outline: bool = True) -> None:
        pixels = self._pixels(points)
        pygame.draw.polygon(self.surface, colour, pixels)
        if outline:
            pygame.draw.lines(self.surface, INK, True, pixels, self.line)

    def ellipse(self, colour: Colour, centre: Point, rx: float, ry: float, outline: bool = True) -> None:
        k = self.k
        left, top = round(self.ox + (centre[0] - rx) * k), round(self.oy + (centre[1] - ry) * k)
        rect = (left, top, round(2 * rx * k), round(2 * ry * k))
        pygame.draw.ellipse(self.surface, colour, rect)
        if outline:
            pygame.draw.ellipse(self.surface, INK, rect, self.line)

    def dot(self, colour: Colour, centre: Point, r: float, outline: bool = True) -> None:
        self.ellipse(colour, centre, r, r, outline)

    def stroke(self, colour: Colour, points: Sequence[Point], width: float) -> None:
        """An open line `width` units wide, with round joins so thick bends do not crack."""
        pixels = self._pixels(points)
        thickness = max(1, round(width * self.k))
        pygame.draw.lines(self.surface, colour, False, pixels, thickness)
        if thickness > 2:
            for p in pixels:
                pygame.draw.circle(self.surface, colour, p, thickness / 2)

    def rod(self, colour: Colour, points: Sequence[Point], width: float) -> None:
        """A shaft or a stem: a stroke with an ink edge."""
        self.stroke(INK, points, width + 0.024)
        self.stroke(colour, points, width)

    def suit(self, card: Card, centre: Point, height: float, colour: Colour | None = None) -> None:
        """The card's suit symbol, in the suit's colour unless told otherwise."""
        size = round(height * ASPECT[card.suit] * self.k), round(height * self.k)
        tile = _suit_tile(card.suit, colour or self.ink(card), *size)
        x, y = self.at(*centre)
        self.surface.blit(tile, (round(x - tile.get_width() / 2), round(y - tile.get_height() / 2)))


@lru_cache(maxsize=64)
def _suit_tile(suit: Suit, colour: Colour, width: int, height: int) -> pygame.Surface:
    """A suit symbol `width` × `height`, unsmoothed (the whole picture is smoothed later), on a keyed-out ground.

    The few sizes a picture uses are drawn once and stamped wherever a mantle or an emblem shows the suit."""
    tile = pygame.Surface((max(1, width), max(1, height)))
    tile.fill(KEY)
    tile.set_colorkey(KEY)
    draw_suit(tile, suit, colour, (0, 0, width, height))
    return tile


def _leaf(base: Point, tip: Point, width: float) -> list[Point]:
    """A pointed leaf or petal from `base` to `tip`, `width` at its widest."""
    (bx, by), (tx, ty) = base, tip
    length = math.hypot(tx - bx, ty - by)
    nx, ny = (by - ty) / length * width, (tx - bx) / length * width  # across the leaf

    def side(k: float) -> list[Point]:
        return bezier(base, (bx + (tx - bx) * 0.25 + k * nx, by + (ty - by) * 0.25 + k * ny),
                      (bx + (tx - bx) * 0.7 + k * nx * 0.8, by + (ty - by) * 0.7 + k * ny * 0.8), tip, 6)

    return side(1) + side(-1)[::-1][1:]


def _across(y: float) -> float:
    """Half the tunic's width at height `y`: it widens from the neck down."""
    return 0.11 + 0.19 * (y - 0.64) / (BOTTOM - 0.64)


# --- The dress: mantle, lining, tunic and its pattern, the neck. --------------------------------------------------

def _shoulder(shoulders: float) -> list[Point]:
    """The left shoulder's outline, from the neck sloping out and rounding over to the arm."""
    return bezier((-0.11, 0.64), (-0.26, 0.65), (-shoulders + 0.03, 0.665), (-shoulders, 0.78), 8)


def _dress(pen: _Pen, card: Card, shoulders: float) -> None:
    """The mantle in the suit's colour, sloping from the neck over the shoulders and falling a little wider,
    open over the tunic with its lining turned back along the opening; and the neck."""
    livery = LIVERY[card.suit]
    outer = _shoulder(shoulders)
    pen.poly(pen.ink(card), mirrored(outer + [(-shoulders - 0.12, BOTTOM)]))
    for side in (-1, 1):  # small gold suits strewn on the mantle
        for x, y in ((shoulders - 0.1, 0.8), (shoulders - 0.06, 0.98), (0.35, 1.08)):
            pen.suit(card, (side * x, y), 0.085, GOLD)
    for side in (-1, 1):  # the lining, turned back along the mantle's opening
        pen.poly(livery.lining, [(side * 0.11, 0.64), (side * 0.22, 0.645), (side * (_across(BOTTOM) + 0.16), BOTTOM),
                                 (side * _across(BOTTOM), BOTTOM)])
    pen.poly(livery.tunic, [(-0.11, 0.64), (0.11, 0.64), (_across(BOTTOM), BOTTOM), (-_across(BOTTOM), BOTTOM)])
    _pattern(pen, livery)
    for side in (-1, 1):  # a gold braid down each edge of the opening, stitched with dots
        pen.stroke(GOLD, [(side * 0.11, 0.65), (side * _across(BOTTOM), BOTTOM)], 0.016)
        for k in range(1, 6):
            y = 0.65 + k * (BOTTOM - 0.65) / 6
            pen.dot(WHITE, (side * _across(y), y), 0.007, False)
    pen.poly(SKIN, [(-0.06, 0.55), (-0.065, 0.655), (0.0, 0.7), (0.065, 0.655), (0.06, 0.55)])


def _pattern(pen: _Pen, livery: _Livery) -> None:
    """The tunic's pattern, kept inside its edges: stripes, chevrons, or a lattice of lozenges or dots."""
    colour = livery.figure
    if livery.pattern == "stripes":
        for f in (-0.55, 0.0, 0.55):
            top, bottom = f * _across(0.7), f * _across(BOTTOM)
            stripe = [(top - 0.018, 0.7), (top + 0.018, 0.7), (bottom + 0.03, BOTTOM), (bottom - 0.03, BOTTOM)]
            pen.poly(colour, stripe, False)
        return
    if livery.pattern == "chevrons":
        for y in (0.74, 0.86, 0.98, 1.1):
            reach = _across(y) - 0.03
            pen.stroke(colour, [(-reach, y - 0.03), (0.0, y + 0.035), (reach, y - 0.03)], 0.026)
        return
    for row, y in enumerate((0.76, 0.84, 0.92, 1.0, 1.08)):
        offset = 0.04 if row % 2 else 0.0
        for k in range(-4, 5):
            x = k * 0.08 + offset
            if abs(x) + 0.04 > _across(y):
                continue
            if livery.pattern == "lattice":
                pen.poly(colour, [(x, y - 0.026), (x + 0.018, y), (x, y + 0.026), (x - 0.018, y)], False)
            else:
                pen.dot(colour, (x, y), 0.017, False)


def _head(pen: _Pen) -> AbstractContextManager[None]:
    """Head, hair and headwear: drawn a little smaller than their coordinates say, so the body below is longer."""
    return pen.placed(*HEAD)


def _body(pen: _Pen) -> AbstractContextManager[None]:
    """The dress and what is worn on it, drawn higher than their coordinates say, up to the smaller head."""
    return pen.placed(*BODY)


def _held(pen: _Pen) -> AbstractContextManager[None]:
    """The emblem and the hand that holds it, drawn with the hand at `HAND` and set a little higher and smaller."""
    return pen.placed(*HELD)


def _hand(pen: _Pen, at: Point, sleeve: Colour, cuff: Colour = GOLD) -> None:
    """The raised arm's sleeve, rising from below the rule, its cuff, and the hand that holds the emblem."""
    x, y = at
    pen.poly(sleeve, [(x - 0.08, y + 0.1), (x + 0.08, y + 0.1), (x + 0.12, y + 0.6), (x - 0.1, y + 0.6)])
    pen.ellipse(cuff, (x, y + 0.085), 0.075, 0.04)
    pen.ellipse(SKIN, at, 0.05, 0.06)


# --- Collars and necklaces, worn over the dress. -------------------------------------------------------------------

def _ermine(pen: _Pen, shoulders: float) -> None:
    """A white fur cape over the shoulders, flecked with black tails."""
    cape = [(-0.2, 0.645)] + [p for p in _shoulder(shoulders) if p[0] < -0.21]  # over the shoulder, outside the lining
    cape += [(-shoulders - 0.015, 0.86), (-0.3, 0.8)]
    for side in (-1, 1):
        pen.poly(WHITE, [(-side * x, y) for x, y in cape])
        for x, y in ((shoulders - 0.05, 0.77), (0.38, 0.73), (0.27, 0.7)):
            pen.ellipse(INK, (side * x, y), 0.012, 0.022, outline=False)


def _ruff(pen: _Pen, spread: float = 0.19) -> None:
    """A pleated white ruff round the neck: a ring of small rounded folds."""
    for i in range(11):
        a = math.pi * (0.08 + 0.84 * i / 10)
        pen.dot(WHITE, (-math.cos(a) * spread, 0.655 + math.sin(a) * 0.045), 0.042)


def _chain(pen: _Pen, pendant: Colour | None = None) -> None:
    """A gold chain of links hanging in a curve over the chest, maybe with a jewel."""
    for x, y in bezier((-0.2, 0.66), (-0.16, 0.86), (0.16, 0.86), (0.2, 0.66), 9):
        pen.dot(GOLD, (x, y), 0.022)
    if pendant:
        pen.poly(GOLD, [(0.0, 0.8), (0.045, 0.85), (0.0, 0.91), (-0.045, 0.85)])
        pen.dot(pendant, (0.0, 0.853), 0.02, False)


def _square_collar(pen: _Pen, colour: Colour, stones: Colour | None = None) -> None:
    """A broad collar lying flat, square across the chest, maybe set with stones."""
    pen.poly(colour, mirrored([(-0.25, 0.78), (-0.27, 0.655), (-0.1, 0.63), (0.0, 0.7)]))
    if stones:
        for x in (-0.18, -0.06, 0.06, 0.18):
            pen.dot(stones, (x, 0.735), 0.022)


def _pointed_collar(pen: _Pen) -> None:
    """A white collar lying flat in two points each side."""
    pen.poly(WHITE, [(-0.24, 0.66), (-0.12, 0.64), (0.0, 0.72), (0.12, 0.64), (0.24, 0.66), (0.13, 0.79), (0.0, 0.75),
                     (-0.13, 0.79)])


def _pearls(pen: _Pen) -> None:
    """A string of pearls close round the neck."""
    for x, y in bezier((-0.13, 0.655), (-0.08, 0.77), (0.08, 0.77), (0.13, 0.655), 6):
        pen.dot(WHITE, (x, y), 0.02)


def _standing_collar(pen: _Pen) -> None:
    """A tall lace collar fanned out behind the head, with gold ribs."""
    fan = bezier((-0.12, 0.64), (-0.32, 0.6), (-0.36, 0.36), (-0.27, 0.26), 8)
    pen.poly(WHITE, mirrored(fan))
    for side in (-1, 1):
        for x, y in ((0.31, 0.3), (0.34, 0.42), (0.3, 0.53)):
            pen.stroke(GOLD, [(side * 0.13, 0.62), (side * x, y)], 0.012)


# --- Faces, hair and beards. ----------------------------------------------------------------------------------------

def _face(pen: _Pen, mouth: bool = True, lashes: bool = False) -> None:
    """Head and features: calm, level eyes and a straight nose, as on a printed court card."""
    pen.ellipse(SKIN, (0.0, 0.43), 0.14, 0.17)
    for side in (-1, 1):
        pen.ellipse(INK, (side * 0.052, 0.415), 0.02 if lashes else 0.018, 0.013 if lashes else 0.012, outline=False)
        pen.stroke(INK, [(side * 0.026, 0.38), (side * 0.08, 0.375)], 0.014)
        if lashes:
            pen.stroke(INK, [(side * 0.072, 0.41), (side * 0.088, 0.4)], 0.01)
            pen.dot((246, 186, 176), (side * 0.085, 0.49), 0.026, False)
    pen.stroke(INK, [(0.006, 0.42), (-0.014, 0.48), (0.012, 0.486)], 0.011)
    if mouth:
        pen.stroke(LIPS, [(-0.03, 0.535), (0.03, 0.535)], 0.02 if lashes else 0.018)


def _beard(pen: _Pen, style: str, colour: Colour) -> None:
    """A King's beard and moustache, in one of four cuts."""
    if style == "forked":  # long, parted into two points
        half = [(-0.14, 0.44), (-0.13, 0.62)] + bezier((-0.13, 0.62), (-0.11, 0.74), (-0.08, 0.8), (-0.055, 0.86), 5)
        pen.poly(colour, mirrored(half + [(0.0, 0.78)]))
        pen.stroke(INK, [(0.0, 0.6), (0.0, 0.78)], 0.01)
    elif style == "round":  # short and curled
        pen.poly(colour, mirrored([(-0.14, 0.44)] + bezier((-0.14, 0.56), (-0.13, 0.68), (-0.06, 0.7), (0.0, 0.7), 5)))
        for x, y in ((-0.1, 0.62), (-0.05, 0.66), (0.0, 0.67), (0.05, 0.66), (0.1, 0.62)):
            pen.dot(colour, (x, y), 0.03)
    elif style == "square":  # full, cut straight across
        pen.poly(colour, mirrored([(-0.14, 0.44), (-0.145, 0.7), (-0.1, 0.74)]))
        for x in (-0.07, 0.0, 0.07):
            pen.stroke(INK, [(x, 0.62), (x * 1.1, 0.72)], 0.009)
    else:  # "pointed": a narrow beard to a point, the cheeks clean
        pen.poly(colour, mirrored([(-0.1, 0.52), (-0.11, 0.6), (-0.05, 0.69), (0.0, 0.76)]))
    moustache = [(-0.1, 0.53), (-0.06, 0.5), (-0.02, 0.495), (0.02, 0.495), (0.06, 0.5), (0.1, 0.53)]
    pen.stroke(INK, moustache, 0.034)
    pen.stroke(colour, moustache, 0.018)
    pen.stroke(LIPS, [(-0.025, 0.55), (0.025, 0.55)], 0.015)


def _back_hair(pen: _Pen, style: str, colour: Colour) -> None:
    """Hair behind the head and over the shoulders."""
    if style == "short":
        pen.poly(colour, mirrored([(-0.16, 0.32), (-0.19, 0.5), (-0.14, 0.62)]))
    elif style == "long":
        falling = bezier((-0.15, 0.28), (-0.27, 0.42), (-0.17, 0.62), (-0.29, 0.84), 8)
        pen.poly(colour, mirrored(falling + [(-0.12, 0.8)]))
    elif style == "bob":
        pen.poly(colour, mirrored(bezier((-0.15, 0.28), (-0.22, 0.4), (-0.2, 0.52), (-0.19, 0.6), 6) + [(-0.13, 0.6)]))
    elif style == "curls":
        for side in (-1, 1):
            for x, y in ((0.16, 0.36), (0.175, 0.45), (0.17, 0.54)):
                pen.dot(colour, (side * x, y), 0.05)
    elif style == "braids":  # the braids themselves are drawn over the dress, by `_braids`
        pen.poly(colour, mirrored([(-0.15, 0.3), (-0.18, 0.48), (-0.14, 0.56)]))
    elif style == "rolled":  # to the jaw, rolled under in a curl each side
        pen.poly(colour, mirrored([(-0.15, 0.3), (-0.19, 0.45), (-0.17, 0.55)]))
        for side in (-1, 1):
            pen.ellipse(colour, (side * 0.165, 0.57), 0.06, 0.04)


def _braids(pen: _Pen, colour: Colour) -> None:
    """Two braids falling in front of the shoulders, tied with gold."""
    for side in (-1, 1):
        for i in range(5):
            pen.ellipse(colour, (side * (0.155 + 0.012 * i), 0.55 + 0.075 * i), 0.038, 0.048)
        pen.dot(GOLD, (side * 0.21, 0.9), 0.026)


def _fringe(pen: _Pen, colour: Colour, parted: bool = False) -> None:
    """Hair over the brow, swept to one side or parted in the middle."""
    if parted:  # over the crown of the head, down to a hairline parted in the middle
        crown = bezier((-0.145, 0.44), (-0.17, 0.26), (-0.08, 0.23), (0.0, 0.25), 8)
        hairline = bezier((0.0, 0.3), (-0.06, 0.29), (-0.12, 0.31), (-0.13, 0.44), 6)
        right = [(-x, y) for x, y in crown[-2::-1]] + [(-x, y) for x, y in hairline[::-1]]
        pen.poly(colour, crown + right + hairline[1:])
    else:
        sweep = bezier((-0.145, 0.42), (-0.16, 0.24), (0.02, 0.24), (0.145, 0.38), 10)
        pen.poly(colour, sweep + [(0.05, 0.33), (-0.07, 0.34)])


# --- Headwear. --------------------------------------------------------------------------------------------------------

def _crown(pen: _Pen, card: Card, style: str) -> None:
    """A crown on a jewelled band: pearl-tipped points, a closed crown with arches, spikes, or fleurons."""
    colour = pen.ink(card)
    if style in ("points", "fleurs"):  # an open crown over a blue velvet cap
        pen.poly(BLUE, bezier((-0.17, 0.27), (-0.18, 0.03), (0.18, 0.03), (0.17, 0.27), 10))
    if style == "points":  # five points tipped with pearls
        pen.poly(GOLD, [(-0.18, 0.3), (-0.2, 0.07), (-0.1, 0.18), (0.0, 0.02), (0.1, 0.18), (0.2, 0.07), (0.18, 0.3)])
        for x, y in ((-0.2, 0.07), (0.0, 0.02), (0.2, 0.07)):
            pen.dot(WHITE, (x, y), 0.026)
    elif style == "arched":  # a closed crown: a cap under two arches and a small cross
        pen.poly(BLUE if card.suit.is_red else RED, bezier((-0.17, 0.27), (-0.17, 0.06), (0.17, 0.06), (0.17, 0.27), 10))
        for x in (-0.085, 0.085):
            pen.stroke(INK, bezier((x * 2, 0.26), (x * 1.9, 0.12), (x * 0.6, 0.1), (0.0, 0.1), 6), 0.046)
            pen.stroke(GOLD, bezier((x * 2, 0.26), (x * 1.9, 0.12), (x * 0.6, 0.1), (0.0, 0.1), 6), 0.026)
        pen.dot(GOLD, (0.0, 0.095), 0.03)
        pen.rod(GOLD, [(0.0, 0.065), (0.0, -0.0)], 0.02)
        pen.rod(GOLD, [(-0.03, 0.025), (0.03, 0.025)], 0.02)
    elif style == "spikes":  # tall narrow spikes, alternately long and short
        spikes = [(-0.18, 0.3)]
        for i, x in enumerate((-0.18, -0.12, -0.06, 0.0, 0.06, 0.12, 0.18)):
            spikes.append((x, 0.03 if i % 2 == 0 else 0.14))
            if x < 0.18:
                spikes.append((x + 0.03, 0.22))
        pen.poly(GOLD, spikes + [(0.18, 0.3)])
    else:  # "fleurs": three trefoil heads on a band
        pen.poly(GOLD, [(-0.18, 0.3), (-0.185, 0.17), (0.185, 0.17), (0.18, 0.3)])
        for x, top in ((-0.13, 0.08), (0.0, 0.04), (0.13, 0.08)):
            pen.dot(GOLD, (x - 0.035, top + 0.055), 0.03)
            pen.dot(GOLD, (x + 0.035, top + 0.055), 0.03)
            pen.dot(GOLD, (x, top + 0.02), 0.035)
            pen.poly(GOLD, [(x - 0.025, 0.18), (x, top + 0.05), (x + 0.025, 0.18)])
    pen.poly(GOLD, [(-0.185, 0.245), (0.185, 0.245), (0.18, 0.32), (-0.18, 0.32)])
    pen.ellipse(BLUE if card.suit.is_red else RED, (0.0, 0.283), 0.032, 0.024)
    for side in (-1, 1):
        pen.dot(colour if style != "spikes" else WHITE, (side * 0.11, 0.283), 0.02)


# --- The Kings. ---------------------------------------------------------------------------------------------------

def _sceptre(pen: _Pen, card: Card, x: float = 0.6, top: float = 0.34, size: float = 0.22) -> None:
    """A gold sceptre topped with the suit."""
    pen.rod(GOLD, [(x, top), (x, 1.0)], 0.032)
    pen.ellipse(GOLD, (x, top - 0.01), 0.045, 0.032)
    pen.suit(card, (x, top - size * 0.65), size)


def _sword(pen: _Pen) -> None:
    """A broadsword held up, slanting out, with a gold cross-guard."""
    hilt, tip = (0.6, 0.74), (0.74, 0.0)
    dx, dy = tip[0] - hilt[0], tip[1] - hilt[1]
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    nx, ny = -uy * 0.035, ux * 0.035
    base = (hilt[0] + ux * 0.04, hilt[1] + uy * 0.04)
    shoulder = (tip[0] - ux * 0.08, tip[1] - uy * 0.08)
    pen.poly(STEEL, [(base[0] + nx, base[1] + ny), (shoulder[0] + nx, shoulder[1] + ny), tip,
                     (shoulder[0] - nx, shoulder[1] - ny), (base[0] - nx, base[1] - ny)])
    pen.stroke(INK, [base, shoulder], 0.008)
    pen.rod(GOLD, [(hilt[0] - nx * 3, hilt[1] - ny * 3), (hilt[0] + nx * 3, hilt[1] + ny * 3)], 0.03)
    pen.rod(WOOD, [hilt, (hilt[0] - ux * 0.2, hilt[1] - uy * 0.2)], 0.03)
    pen.dot(GOLD, (hilt[0] - ux * 0.22, hilt[1] - uy * 0.22), 0.032)


def _orb(pen: _Pen) -> None:
    """A gold orb banded with jewels and topped with a cross."""
    cx, cy, r = 0.6, 0.62, 0.11
    pen.rod(GOLD, [(cx, cy - r - 0.1), (cx, cy - r)], 0.026)
    pen.rod(GOLD, [(cx - 0.05, cy - r - 0.06), (cx + 0.05, cy - r - 0.06)], 0.026)
    pen.dot(GOLD, (cx, cy), r)
    pen.stroke(INK, [(cx - r, cy), (cx + r, cy)], 0.04)
    pen.stroke(BLUE, [(cx - r + 0.01, cy), (cx + r - 0.01, cy)], 0.024)
    pen.stroke(INK, [(cx, cy - r), (cx, cy)], 0.02)
    pen.dot(RED, (cx, cy), 0.024)


def _axe(pen: _Pen) -> None:
    """A long-handled battle axe with a crescent blade."""
    x = 0.62
    pen.rod(WOOD, [(x, 0.08), (x, 1.05)], 0.034)
    blade = bezier((x + 0.01, 0.12), (x + 0.12, 0.1), (x + 0.2, 0.06), (x + 0.22, 0.02), 5)
    blade += bezier((x + 0.22, 0.02), (x + 0.17, 0.14), (x + 0.17, 0.3), (x + 0.22, 0.42), 8)[1:]
    blade += bezier((x + 0.22, 0.42), (x + 0.2, 0.38), (x + 0.12, 0.34), (x + 0.01, 0.32), 5)[1:]
    pen.poly(STEEL, blade)
    pen.poly(GOLD, [(x - 0.03, 0.1), (x + 0.03, 0.1), (x + 0.03, 0.34), (x - 0.03, 0.34)])
    pen.poly(STEEL, [(x - 0.02, 0.1), (x, 0.0), (x + 0.02, 0.1)])


def _king(pen: _Pen, card: Card) -> None:
    hair, beard, crown = {  # hair and beard, the beard's cut, the crown
        Suit.SPADES: ((232, 228, 222), "forked", "points"),
        Suit.HEARTS: ((164, 74, 40), "round", "spikes"),
        Suit.CLUBS: ((74, 50, 36), "square", "arched"),
        Suit.DIAMONDS: ((206, 168, 98), "pointed", "fleurs"),
    }[card.suit]
    with _head(pen):
        _back_hair(pen, "short", hair)
    with _body(pen):
        _dress(pen, card, 0.5)
        if card.suit is Suit.SPADES:
            _ermine(pen, 0.5)
        elif card.suit is Suit.HEARTS:
            _chain(pen)
        elif card.suit is Suit.CLUBS:
            _ruff(pen)
        else:
            _square_collar(pen, GOLD, RED)
    with _head(pen):
        _face(pen, mouth=False)
        _beard(pen, beard, hair)
        _crown(pen, card, crown)
    with _held(pen):
        if card.suit is Suit.SPADES:
            _sceptre(pen, card)
        elif card.suit is Suit.HEARTS:
            with pen.placed(1.0, 0.0, TALL):
                _sword(pen)
        elif card.suit is Suit.CLUBS:
            _orb(pen)
        else:
            with pen.placed(1.0, 0.0, TALL):
                _axe(pen)
        _hand(pen, HAND, BLUE)


# --- The Queens. --------------------------------------------------------------------------------------------------

def _rose(pen: _Pen, card: Card) -> None:
    """A rose on a long stem, petals in the suit's colour round a gold heart."""
    pen.stroke(LEAF, bezier((0.58, 0.86), (0.55, 0.7), (0.62, 0.5), (0.6, 0.36), 8), 0.028)
    pen.poly(LEAF, _leaf((0.595, 0.62), (0.75, 0.5), 0.04))
    pen.poly(LEAF, _leaf((0.585, 0.72), (0.46, 0.6), 0.035))
    for dx, dy in ((0.0, -0.085), (0.08, -0.026), (0.05, 0.07), (-0.05, 0.07), (-0.08, -0.026)):
        pen.dot(pen.ink(card), (0.6 + dx, 0.29 + dy), 0.052)
    pen.dot(GOLD, (0.6, 0.29), 0.038)


def _fan(pen: _Pen, card: Card) -> None:
    """A pleated fan spread open above the hand: alternate folds of the suit's colour and gold."""
    pivot, r = (0.6, 0.8), 0.42
    folds = 8
    for i in range(folds):
        a0 = math.radians(-128 + 76 * i / folds)
        a1 = math.radians(-128 + 76 * (i + 1) / folds)
        points = [pivot, (pivot[0] + math.cos(a0) * r, pivot[1] + math.sin(a0) * r),
                  (pivot[0] + math.cos(a1) * r, pivot[1] + math.sin(a1) * r)]
        pen.poly(pen.ink(card) if i % 2 else GOLD, points)
    edge = [(pivot[0] + math.cos(a) * r, pivot[1] + math.sin(a) * r) for a in map(math.radians, range(-128, -51, 4))]
    pen.stroke(INK, edge, 0.04)
    pen.stroke(WHITE, edge, 0.02)


def _mirror(pen: _Pen) -> None:
    """A hand mirror: a gold oval frame on a handle, the glass catching the light."""
    cx, cy = 0.6, 0.4
    pen.rod(GOLD, [(cx, 0.82), (cx, cy + 0.14)], 0.036)
    pen.dot(GOLD, (cx, cy + 0.15), 0.03)
    pen.ellipse(GOLD, (cx, cy), 0.12, 0.15)
    pen.ellipse(GLASS, (cx, cy), 0.085, 0.115)
    pen.stroke(WHITE, [(cx - 0.04, cy - 0.05), (cx + 0.01, cy - 0.09)], 0.018)
    pen.stroke(WHITE, [(cx - 0.045, cy + 0.0), (cx - 0.035, cy - 0.015)], 0.014)


def _rod_sceptre(pen: _Pen) -> None:
    """A slender gold sceptre topped with a blue-set knop and a cross."""
    pen.rod(GOLD, [(0.6, 0.3), (0.6, 0.95)], 0.026)
    pen.dot(GOLD, (0.6, 0.25), 0.055)
    pen.rod(GOLD, [(0.6, 0.2), (0.6, 0.1)], 0.02)
    pen.rod(GOLD, [(0.56, 0.14), (0.64, 0.14)], 0.02)
    pen.dot(BLUE, (0.6, 0.25), 0.025, False)


def _queen(pen: _Pen, card: Card) -> None:
    hair, style = {  # hair, how it falls
        Suit.SPADES: ((52, 44, 52), "long"),
        Suit.HEARTS: ((214, 168, 76), "long"),
        Suit.CLUBS: ((110, 66, 38), "braids"),
        Suit.DIAMONDS: ((168, 76, 40), "curls"),
    }[card.suit]
    with _head(pen):
        if card.suit is Suit.SPADES:  # a white veil falling from the crown behind the hair
            pen.poly(WHITE, mirrored(bezier((-0.14, 0.16), (-0.3, 0.3), (-0.3, 0.6), (-0.4, 0.92), 8) + [(-0.2, 0.9)]))
        if card.suit is Suit.DIAMONDS:
            _standing_collar(pen)
        _back_hair(pen, style, hair)
    with _body(pen):
        _dress(pen, card, 0.44)
        if card.suit is Suit.HEARTS:
            _chain(pen, RED)
        elif card.suit is Suit.CLUBS:
            _ruff(pen, 0.17)
        else:
            _pearls(pen)
    with _head(pen):
        if style == "braids":
            _braids(pen, hair)
        _face(pen, lashes=True)
        _fringe(pen, hair, parted=card.suit in (Suit.SPADES, Suit.CLUBS))
        _queen_headdress(pen, card)
    with _held(pen):
        if card.suit is Suit.SPADES:
            _rod_sceptre(pen)
        elif card.suit is Suit.HEARTS:
            _rose(pen, card)
        elif card.suit is Suit.CLUBS:
            _fan(pen, card)
        else:
            _mirror(pen)
        _hand(pen, HAND, BLUE)


def _queen_headdress(pen: _Pen, card: Card) -> None:
    """Each Queen's crown: pointed over a veil, a tiara, a coronet of pearls, or fleurons."""
    if card.suit is Suit.SPADES:  # a crown of points
        _crown(pen, card, "points")
    elif card.suit is Suit.HEARTS:  # a low tiara with one tall point and a stone
        pen.poly(GOLD, [(-0.15, 0.3), (-0.06, 0.225), (0.0, 0.1), (0.06, 0.225), (0.15, 0.3), (0.0, 0.28)])
        pen.ellipse(RED, (0.0, 0.205), 0.024, 0.032)
    elif card.suit is Suit.CLUBS:  # a coronet: a gold band set with a row of pearls
        pen.poly(GOLD, [(-0.16, 0.3), (-0.15, 0.22), (0.15, 0.22), (0.16, 0.3)])
        for x in (-0.1, -0.033, 0.033, 0.1):
            pen.dot(WHITE, (x, 0.2), 0.022)
        pen.dot(BLUE, (0.0, 0.26), 0.022)
    else:
        _crown(pen, card, "fleurs")


# --- The Jacks. ---------------------------------------------------------------------------------------------------

def _halberd(pen: _Pen) -> None:
    """A halberd: a long shaft with a spike, an axe blade and a hook."""
    x = 0.64
    pen.rod(WOOD, [(x, 0.12), (x, 1.05)], 0.03)
    pen.poly(STEEL, [(x - 0.025, 0.16), (x, -0.02), (x + 0.025, 0.16)])
    pen.poly(STEEL, [(x + 0.01, 0.16), (x + 0.17, 0.12), (x + 0.15, 0.22), (x + 0.17, 0.32), (x + 0.01, 0.28)])
    pen.poly(STEEL, [(x - 0.01, 0.19), (x - 0.1, 0.17), (x - 0.07, 0.22), (x - 0.01, 0.25)])
    pen.dot(GOLD, (x, 0.34), 0.028)


def _torch(pen: _Pen) -> None:
    """A burning torch: a wooden handle, a gold cup and a flame."""
    x = 0.6
    pen.rod(WOOD, [(x, 0.9), (x, 0.38)], 0.04)
    pen.poly(GOLD, [(x - 0.07, 0.3), (x + 0.07, 0.3), (x + 0.04, 0.4), (x - 0.04, 0.4)])
    flame = bezier((x - 0.075, 0.3), (x - 0.12, 0.18), (x - 0.01, 0.14), (x + 0.02, 0.0), 8)
    flame += bezier((x + 0.02, 0.0), (x + 0.05, 0.12), (x + 0.13, 0.18), (x + 0.075, 0.3), 8)[1:]
    pen.poly(FLAME, flame)
    pen.poly(FLAME_HEART, [(x + (px - x) * 0.55, 0.3 + (py - 0.3) * 0.6) for px, py in flame], outline=False)


def _oak(pen: _Pen) -> None:
    """A sprig of oak: leaves up a curving stem and a pair of acorns."""
    stem = bezier((0.6, 0.86), (0.58, 0.6), (0.66, 0.4), (0.6, 0.12), 8)
    pen.stroke(WOOD, stem, 0.022)
    for (bx, by), (tx, ty) in (((0.6, 0.13), (0.6, 0.0)), ((0.615, 0.3), (0.76, 0.2)), ((0.61, 0.34), (0.46, 0.24)),
                               ((0.6, 0.52), (0.76, 0.46)), ((0.6, 0.56), (0.45, 0.48))):
        pen.poly(LEAF, _leaf((bx, by), (tx, ty), 0.045))
        pen.stroke(INK, [(bx, by), ((bx + tx) / 2, (by + ty) / 2)], 0.008)
    for x in (0.54, 0.66):
        pen.ellipse((176, 120, 56), (x, 0.7), 0.028, 0.036)
        pen.ellipse(WOOD, (x, 0.67), 0.032, 0.018)


def _quill(pen: _Pen, card: Card) -> None:
    """A long quill feather, white with a tip of the suit's colour."""
    spine = bezier((0.58, 0.86), (0.6, 0.6), (0.66, 0.3), (0.78, 0.02), 10)
    vane = bezier((0.6, 0.56), (0.54, 0.34), (0.62, 0.12), (0.78, 0.02), 8)
    vane += bezier((0.78, 0.02), (0.8, 0.2), (0.76, 0.42), (0.63, 0.6), 8)[1:]
    pen.poly(WHITE, vane)
    pen.poly(pen.ink(card), [p for p in vane if p[1] < 0.16], outline=False)
    pen.stroke(INK, spine, 0.016)
    for t in (0.3, 0.45, 0.6):
        x, y = spine[round(t * 10)]
        pen.stroke(INK, [(x, y), (x - 0.05, y + 0.04)], 0.006)


def _jack(pen: _Pen, card: Card) -> None:
    hair, style = {  # hair, how it falls
        Suit.SPADES: ((40, 34, 38), "curls"),
        Suit.HEARTS: ((222, 178, 84), "bob"),
        Suit.CLUBS: ((112, 70, 40), "short"),
        Suit.DIAMONDS: ((184, 82, 36), "rolled"),
    }[card.suit]
    with _head(pen):
        _back_hair(pen, style, hair)
    with _body(pen):
        _dress(pen, card, 0.47)
        if card.suit is Suit.SPADES:
            _pointed_collar(pen)
        elif card.suit is Suit.HEARTS:
            _ruff(pen, 0.17)
        elif card.suit is Suit.CLUBS:
            _chain(pen)
        else:
            _square_collar(pen, YELLOW, BLUE)
    with _head(pen):
        _face(pen)
        if card.suit is Suit.SPADES:  # a moustache
            pen.stroke(INK, [(-0.07, 0.515), (-0.02, 0.5), (0.02, 0.5), (0.07, 0.515)], 0.02)
        _fringe(pen, hair)
        _jack_hat(pen, card)
    with _held(pen):
        with pen.placed(1.0, 0.0, TALL):
            if card.suit is Suit.SPADES:
                _halberd(pen)
            elif card.suit is Suit.HEARTS:
                _torch(pen)
            elif card.suit is Suit.CLUBS:
                _oak(pen)
            else:
                _quill(pen, card)
        _hand(pen, HAND, BLUE, LIVERY[card.suit].lining)


def _jack_hat(pen: _Pen, card: Card) -> None:
    """Each Jack's cap or hat: a beret with a plume, a cap with a brim, a broad hat, a soft pointed cap."""
    if card.suit is Suit.SPADES:  # a flat beret, tipped over one ear, with a white plume
        plume = bezier((0.1, 0.22), (0.2, 0.04), (0.38, 0.0), (0.5, 0.04), 10)
        plume += bezier((0.5, 0.04), (0.36, 0.12), (0.24, 0.18), (0.1, 0.25), 10)[1:]
        pen.poly(WHITE, plume)
        pen.poly(BLUE, bezier((-0.24, 0.3), (-0.28, 0.1), (0.24, 0.06), (0.22, 0.3), 12))
        pen.poly(GOLD, [(-0.2, 0.3), (0.2, 0.28), (0.2, 0.33), (-0.2, 0.35)])
    elif card.suit is Suit.HEARTS:  # a red cap with a turned-up yellow brim
        pen.poly(RED, bezier((-0.17, 0.3), (-0.2, 0.04), (0.2, 0.04), (0.17, 0.3), 12))
        pen.poly(YELLOW, [(-0.21, 0.34), (-0.2, 0.24), (0.2, 0.24), (0.21, 0.34)])
        pen.dot(WHITE, (0.0, 0.08), 0.03)
    elif card.suit is Suit.CLUBS:  # a broad black hat with a red plume
        pen.poly(RED, _leaf((0.12, 0.2), (-0.36, 0.1), 0.05))
        pen.poly(pen.ink(card), bezier((-0.14, 0.28), (-0.15, 0.06), (0.15, 0.06), (0.14, 0.28), 10))
        pen.ellipse(pen.ink(card), (0.0, 0.28), 0.27, 0.045)
        pen.poly(GOLD, [(-0.14, 0.25), (0.14, 0.25), (0.14, 0.21), (-0.14, 0.21)])
    else:  # a tall soft cap falling forward, in the tunic's blue
        cap = bezier((-0.17, 0.31), (-0.2, 0.0), (0.1, -0.04), (0.3, 0.14), 10)
        pen.poly(LIVERY[card.suit].tunic, cap + [(0.17, 0.31)])
        pen.poly(GOLD, [(-0.19, 0.34), (-0.18, 0.26), (0.18, 0.26), (0.19, 0.34)])
        pen.dot(RED, (0.3, 0.14), 0.03)


_FIGURES: dict[int, Callable[[_Pen, Card], None]] = {KING: _king, QUEEN: _queen, JACK: _jack}


def draw_court(card: Card, size: tuple[int, int], inks: Inks = CLASSIC, notch: tuple[int, int] = (0, 0)) -> pygame.Surface:
    """The framed picture of a J, Q or K, `size` big and opaque, to lay on the face, in the deck's
    `inks` (the mantle and frame in the suit's colour). `notch` is the corner cut out of the frame at
    its top left (and, turned round, at its bottom right) for the card's index, left card stock."""
    width, height = size
    scale = 3 if width < 200 else 2  # drawn larger and smoothed down: pygame draws no anti-aliased polygon
    w, h = width * scale, height * scale
    edge = max(1, round(w * 0.016))
    # The half figure stands inside the frame and runs on past the middle: no wider than the frame, and
    # its head and beard end above the middle, clear of the other figure's (they ran into each other).
    crown = 4 * edge + notch[1] * scale * NOTCH_DROP  # where the figure's head begins: down beside the index
    unit = min((h / 2 - crown) / HEAD_ROOM, w * FIGURE_WIDTH)
    dip = SLANT * unit
    # Only the top half is drawn, down to the lowest point of the rule and a little over; the
    # bottom half is this turned round.
    band_height = min(height, math.ceil((h / 2 + dip) / scale) + 2)
    big = pygame.Surface((w, band_height * scale))
    big.fill(PANEL)
    cut_w, cut_h = notch[0] * scale, notch[1] * scale
    pen = _Pen(big, unit, crown, inks)
    close = CLOSE_UP if height < SMALL_PICTURE else 1.0
    with pen.placed(FIGURE_SCALE * close, FIGURE_SHIFT * close):
        _FIGURES[card.rank](pen, card)
    pen.suit(card, (-0.5 * w / unit + 0.2, (cut_h + 5 * edge - pen.top) / unit + 0.13), 0.24)
    # The rule slants through the middle of the whole picture, so it is the same turned round.
    across = max(2, round(edge * 0.8))
    rule = ((0, h / 2 + dip), (w, h / 2 - dip))
    pygame.draw.line(big, INK, *rule, across + 2 * pen.line)
    pygame.draw.line(big, GOLD, *rule, across)
    _frame(big, (w, h), edge, (cut_w, cut_h), pen.ink(card), inks.stock)
    top = pygame.Surface(size)
    top.blit(pygame.transform.smoothscale(big, (width, band_height)), (0, 0))
    return _joined(top, dip / scale)


def _frame(surface: pygame.Surface, size: tuple[int, int], edge: int, cut: tuple[int, int], colour: Colour,
           stock: Colour) -> None:
    """A line of the suit's colour with a gold one inside it, round the picture and round the corner
    `cut` out of its top left (left card stock); their lower half is the upper one turned round."""
    w, h = size
    cut_w, cut_h = cut
    surface.fill(stock, (0, 0, cut_w, cut_h))
    for inset, ink in ((0, colour), (2 * edge, GOLD)):
        lines = [
            (cut_w + inset, inset, w - cut_w - 2 * inset, edge),  # the top, right of the index
            (w - inset - edge, inset, edge, h - 2 * inset),  # the right side
            (inset, cut_h + inset, edge, h - cut_h - 2 * inset),  # the left side, under the index
        ]
        if cut_w and cut_h:
            lines += [(inset, cut_h + inset, cut_w + edge, edge),  # under the index
                      (cut_w + inset, inset, edge, cut_h + edge)]  # beside it
        for line in lines:
            surface.fill(ink, line)
    corner, x, y = 3 * edge, w - 3.5 * edge, 3.5 * edge  # a gold lozenge in the frame's free corner
    lozenge = [(x, y - corner), (x + corner, y), (x, y + corner), (x - corner, y)]
    pygame.draw.polygon(surface, GOLD, lozenge)
    pygame.draw.polygon(surface, colour, lozenge, max(1, edge // 2))


def _joined(top: pygame.Surface, dip: float) -> pygame.Surface:
    """The whole picture: `top` above the slanting middle line, `top` turned round below it.

    Which pixels come from the turned copy is decided so the picture is point-symmetric to the pixel:
    a pixel is from the turned copy exactly when the pixel turned round from it is not. A polygon
    filled below the line is not quite that (its slanting edge rounds each way), so where a pixel and
    its twin fall on the same side of the edge, the one right of the middle (or below, in the middle
    column) takes the turned copy."""
    width, height = top.get_size()
    below = pygame.Surface((width, height))
    below.fill((0, 0, 0))
    pygame.draw.polygon(below, WHITE, [(0, height / 2 + dip), (width, height / 2 - dip), (width, height), (0, height)])
    lower = pygame.mask.from_threshold(below, WHITE, (1, 1, 1, 255))
    twin = pygame.mask.from_threshold(pygame.transform.rotate(below, 180), WHITE, (1, 1, 1, 255))
    either = lower.copy()
    either.draw(twin, (0, 0))
    both = lower.overlap_mask(twin, (0, 0))
    differs = either.copy()
    differs.erase(both, (0, 0))  # the pixel or its twin below the edge, not both
    taken = lower.overlap_mask(differs, (0, 0))
    right = pygame.mask.Mask((width - (width + 1) // 2, height), fill=True)
    tie_side = pygame.mask.Mask((width, height))
    tie_side.draw(right, ((width + 1) // 2, 0))
    if width % 2:
        tie_side.draw(pygame.mask.Mask((1, height - (height + 1) // 2), fill=True), (width // 2, (height + 1) // 2))
    ties = differs.copy()
    ties.invert()
    taken.draw(ties.overlap_mask(tie_side, (0, 0)), (0, 0))
    return taken.to_surface(pygame.Surface((width, height)), setsurface=pygame.transform.rotate(top, 180),
                            unsetsurface=top)
