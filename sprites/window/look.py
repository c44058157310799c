"""How the table looks, as the player chose it: the card faces, the backs, the felt, and the deck's
colours (four-colour, high contrast).

The names are kept in the settings; a name this version does not draw (written by a newer one, or by
hand) falls back to the default, because a preference must never stop the window opening.

Palette and Look are named tuples rather than dataclasses: the same immutable values, compared and
hashed by their fields, whose classes take a fraction of the time to make as the window starts.
"""
from __future__ import annotations

from typing import Any

from game.value import Value
from solitaire.store.settings import BACK_STYLE, FACE_STYLE, FELT, FOUR_COLOUR, HIGH_CONTRAST, Setting, Settings

from ..deck.contrast import ChromePalette, high_contrast
from ..deck.palette import Colour
from ..deck.styles import BACK_STYLES, FACE_STYLES

FELTS: dict[str, Colour] = {"green": (22, 102, 58), "blue": (24, 72, 118), "red": (120, 32, 40), "grey": (70, 78, 84)}
GREY = (96, 96, 96)
BLACK = (0, 0, 0)
LIGHT = (200, 200, 200)


def mix(a: Colour, b: Colour, share: float) -> Colour:
    """`share` of the way from colour a to colour b."""
    (r1, g1, b1), (r2, g2, b2) = a, b
    return round(r1 + (r2 - r1) * share), round(g1 + (g2 - g1) * share), round(b1 + (b2 - b1) * share)


class Palette(Value):
    """Every colour around the cards, made from the felt so the bars, buttons and panels match it."""

    __slots__ = __match_args__ = ("felt",)

    def __init__(self, felt: Colour) -> None:
        self.felt = felt

    @property
    def band(self) -> Colour:
        return mix(self.felt, BLACK, 0.18)

    @property
    def bar(self) -> Colour:
        return mix(self.felt, BLACK, 0.5)

    @property
    def button(self) -> Colour:
        return mix(mix(self.felt, GREY, 0.3), BLACK, 0.12)

    @property
    def button_hover(self) -> Colour:
        return mix(mix(self.felt, GREY, 0.3), LIGHT, 0.12)

    @property
    def button_disabled(self) -> Colour:
        return mix(self.bar, GREY, 0.3)

    @property
    def panel(self) -> Colour:
        return mix(mix(self.felt, GREY, 0.35), BLACK, 0.55)

    @property
    def panel_edge(self) -> Colour:
        return mix(self.felt, LIGHT, 0.45)

    @property
    def tag(self) -> Colour:
        return mix(self.felt, BLACK, 0.55)


class Look(Value):
    """The kept look. `high_contrast` is one choice for the whole window: the cards draw it here (white
    stock, darker inks, bold edges), and the felt, bars and panels read the same flag."""

    __slots__ = __match_args__ = ("face", "back", "felt", "four_colour", "high_contrast")

    def __init__(
        self,
        face: str = FACE_STYLES[0],
        back: str = BACK_STYLES[0],
        felt: str = "green",
        four_colour: bool = False,
        high_contrast: bool = False,
    ) -> None:
        self.face = face
        self.back = back
        self.felt = felt
        self.four_colour = four_colour
        self.high_contrast = high_contrast

    @property
    def palette(self) -> ChromePalette:
        palette = Palette(FELTS[self.felt])
        return high_contrast(palette) if self.high_contrast else palette


def _known(name: str, names: tuple[str, ...] | list[str], default: str) -> str:
    return name if name in names else default


def look_from(settings: Settings) -> Look:
    """The kept look, each unknown name replaced by its default."""
    default = Look()
    return Look(
        face=_known(settings.get(FACE_STYLE), FACE_STYLES, default.face),
        back=_known(settings.get(BACK_STYLE), BACK_STYLES, default.back),
        felt=_known(settings.get(FELT), list(FELTS), default.felt),
        four_colour=settings.get(FOUR_COLOUR),
        high_contrast=settings.get(HIGH_CONTRAST),
    )


def look_settings(look: Look) -> list[tuple[Setting[Any], object]]:
    """Each setting the look is kept in, with its value: what keeping a new look writes."""
    return [(FACE_STYLE, look.face), (BACK_STYLE, look.back), (FELT, look.felt), (FOUR_COLOUR, look.four_colour),
            (HIGH_CONTRAST, look.high_contrast)]
