"""The colours of the window's chrome (bars, buttons, panels, the felt's bands) in the normal and the
high-contrast theme, and the WCAG contrast ratio that every text on them is held to.

The high-contrast theme is a palette of its own (`HighContrastPalette`, made from the felt's by
`high_contrast`): black bars and panels, white text and edges, and a felt with no darker bands
(the cards' side of the theme, with the empty piles' bold outlines, is `palette.Inks`').
Whatever draws text asks `ink_of(palette)` for its colours, so one palette decides both the
backgrounds and the text on them, and `text_pairs` lists every such pair for a test to measure.

The chrome reads a palette as a `ChromePalette`, which the look's `Palette` and `HighContrastPalette`
both are, so this module needs nothing of the look's and the look may import it.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Protocol

from game.value import Value

from .palette import Colour

AA_TEXT = 4.5  # WCAG 2 level AA, normal-sized text
AAA_TEXT = 7.0  # level AAA: what the high-contrast theme keeps to


def luminance(colour: Colour) -> float:
    """Relative luminance as WCAG 2 defines it (sRGB channels made linear, weighted)."""
    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(c) for c in colour[:3])
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast_ratio(a: Colour, b: Colour) -> float:
    """From 1 (the same) to 21 (black on white); the order of the two does not matter."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


class Ink(Value):
    """The colours text and marks take on the chrome."""

    __slots__ = __match_args__ = (
        "text", "dim", "message", "accent", "quiet", "error", "field", "field_text", "button_edge", "trouble",
        "trouble_text",
    )

    def __init__(
        self,
        text: Colour,  # button labels, the bar's facts, panels' text
        dim: Colour,  # a disabled button's label
        message: Colour,  # the status bar's latest message and the note box's text
        accent: Colour,  # keys in the help, the game being played in the statistics, focus rings
        quiet: Colour,  # the settings' row names, the deal dialog's line of help
        error: Colour,  # the deal dialog's complaint
        field: Colour,  # the deal number's box
        field_text: Colour,
        button_edge: Colour | None,  # an outline around buttons (high contrast); None for none
        trouble: Colour,  # the failed save's banner: the same in every theme, unlike anything else on the table
        trouble_text: Colour,
    ) -> None:
        self.text = text
        self.dim = dim
        self.message = message
        self.accent = accent
        self.quiet = quiet
        self.error = error
        self.field = field
        self.field_text = field_text
        self.button_edge = button_edge
        self.trouble = trouble
        self.trouble_text = trouble_text


NORMAL_INK = Ink(
    text=(235, 240, 235), dim=(165, 178, 170), message=(255, 230, 150), accent=(255, 215, 70), quiet=(200, 215, 205),
    error=(255, 170, 150), field=(250, 250, 245), field_text=(20, 20, 20), button_edge=None,
    trouble=(150, 30, 30), trouble_text=(255, 255, 255),
)
WHITE: Colour = (255, 255, 255)
BLACK: Colour = (0, 0, 0)
YELLOW: Colour = (255, 230, 0)
HIGH_INK = Ink(
    text=WHITE, dim=(170, 170, 170), message=YELLOW, accent=YELLOW, quiet=WHITE, error=(255, 160, 160),
    field=WHITE, field_text=BLACK, button_edge=WHITE, trouble=NORMAL_INK.trouble, trouble_text=NORMAL_INK.trouble_text,
)


class ChromePalette(Protocol):
    """The colours around the cards, as the bars, buttons and panels read them."""

    @property
    def felt(self) -> Colour: ...
    @property
    def band(self) -> Colour: ...
    @property
    def bar(self) -> Colour: ...
    @property
    def button(self) -> Colour: ...
    @property
    def button_hover(self) -> Colour: ...
    @property
    def button_disabled(self) -> Colour: ...
    @property
    def panel(self) -> Colour: ...
    @property
    def panel_edge(self) -> Colour: ...
    @property
    def tag(self) -> Colour: ...
    def __hash__(self) -> int: ...  # palettes key the caches of what is drawn in them


class HighContrastPalette(Value):
    """Black bars, buttons and panels with white edges over the player's felt, darkened enough that
    white pile outlines stand out on it; the bands behind rows of piles are the felt itself. Compared
    and hashed by its felt (`game.value`), as the look's Palette."""

    __slots__ = __match_args__ = ("felt",)

    def __init__(self, felt: Colour) -> None:
        self.felt = felt

    @property
    def band(self) -> Colour:
        return self.felt

    @property
    def bar(self) -> Colour:
        return BLACK

    @property
    def button(self) -> Colour:
        return BLACK

    @property
    def button_hover(self) -> Colour:
        return (70, 70, 70)

    @property
    def button_disabled(self) -> Colour:
        return BLACK

    @property
    def panel(self) -> Colour:
        return BLACK

    @property
    def panel_edge(self) -> Colour:
        return WHITE

    @property
    def tag(self) -> Colour:
        return BLACK


@lru_cache(maxsize=8)
def high_contrast(palette: ChromePalette) -> HighContrastPalette:
    """The high-contrast theme over `palette`'s felt: the felt kept in hue, dark enough for white
    outlines to stand out at 7:1 or more."""
    felt = palette.felt
    while contrast_ratio(WHITE, felt) < AAA_TEXT:
        red, green, blue = felt
        felt = (round(red * 0.85), round(green * 0.85), round(blue * 0.85))
    return HighContrastPalette(felt)


def ink_of(palette: ChromePalette) -> Ink:
    return HIGH_INK if isinstance(palette, HighContrastPalette) else NORMAL_INK


def is_high_contrast(palette: ChromePalette) -> bool:
    return isinstance(palette, HighContrastPalette)


def text_pairs(palette: ChromePalette) -> list[tuple[str, Colour, Colour]]:
    """Every text colour the chrome draws in this theme, with what it is drawn on: (where, text, ground)."""
    ink = ink_of(palette)
    return [
        ("button label", ink.text, palette.button),
        ("hovered or focused button label", ink.text, palette.button_hover),
        ("game chooser's line under a name (a hovered tile's in the label's colour)", ink.quiet, palette.button),
        ("disabled button label", ink.dim, palette.button_disabled),
        ("status bar facts", ink.text, palette.bar),
        ("status bar message", ink.message, palette.bar),
        ("note box text", ink.message, palette.panel),
        ("panel text", ink.text, palette.panel),
        ("help keys, current game in the statistics", ink.accent, palette.panel),
        ("settings row names, deal dialog help", ink.quiet, palette.panel),
        ("deal dialog error", ink.error, palette.panel),
        ("deal number typed", ink.field_text, ink.field),
        ("failed save banner", ink.trouble_text, ink.trouble),
        ("stock count tag", ink.text, palette.tag),
    ]
