"""Buttons and bars: the clickable controls around the table."""
from __future__ import annotations

from collections.abc import Callable

import pygame

from ..deck.cards import font
from ..deck.contrast import NORMAL_INK, ChromePalette, ink_of
from ..deck.typeface import text_scale
from .rounded import draw_box

BAR_TEXT = NORMAL_INK.text
BUTTON_TEXT_DISABLED = NORMAL_INK.dim  # dimmer than an enabled label, and still readable on the bar
FOCUS_RING = NORMAL_INK.accent
DISABLED_EDGE = (110, 110, 110)  # a disabled button's outline in high contrast: there, and quieter
LEGIBLE_LABEL = 14  # the least toolbar label size wanted: capitals 10 px tall (at 13 they were 9, German's 11 only 8)


class Button:
    """A labelled control: `action` runs when it is pressed while `enabled()` says so. A plain class,
    not a dataclass: nothing compares or prints buttons, and making a dataclass cost every start 0.5 ms."""

    __slots__ = ("label", "action", "rect", "enabled", "hovered", "focused", "text_size")

    def __init__(self, label: str, action: Callable[[], None], enabled: Callable[[], bool] = lambda: True) -> None:
        self.label = label
        self.action = action
        self.rect = pygame.Rect(0, 0, 0, 0)  # placed by the bar or panel that holds it
        self.enabled = enabled
        self.hovered = False
        self.focused = False  # the one Enter presses, ringed so a keyboard player can see it
        self.text_size = 0  # the label's size when its bar had to shrink it; 0: half the button's height

    def draw(self, surface: pygame.Surface, palette: ChromePalette) -> None:
        """A rounded button with smooth corners; in high contrast outlined, so its edge shows on a black bar."""
        enabled = self.enabled()
        ink = ink_of(palette)
        if not enabled:
            colour = palette.button_disabled
        else:
            colour = palette.button_hover if self.hovered or self.focused else palette.button
        edge = ink.button_edge if enabled or ink.button_edge is None else DISABLED_EDGE
        radius = button_radius(self.rect.height)
        draw_box(surface, self.rect, radius, colour, edge, 2 if edge else 0)
        if self.focused:
            draw_box(surface, self.rect.inflate(6, 6), radius + 3, None, ink.accent, 2)
        label_font = font(self.text_size or max(10, int(self.rect.height * 0.5)))
        text = label_font.render(self.label, True, ink.text if enabled else ink.dim)
        surface.blit(text, text.get_rect(center=self.rect.center))


def button_radius(height: int) -> int:
    """How round a button's corners are: a share of its height, so every size has the same shape."""
    return max(4, height // 4)


def lay_out_buttons(buttons: list[Button], area: pygame.Rect, pad: int = 4, right_from: int | None = None) -> None:
    """Buttons in a bar, each as wide as its label needs: left to right, and from `right_from` on
    against the bar's right end, so two groups stand apart. Labels are half the buttons' height and
    never under `LEGIBLE_LABEL`, at the player's text size (larger text takes some of the bar's
    margin). In a window too narrow for them all, the room beside each label narrows first, then the
    room between buttons and between the groups, and only then do the labels shrink."""
    if text_scale() > 1:
        pad = max(2, pad // 2)
    height = area.height - 2 * pad
    split = len(buttons) if right_from is None else right_from
    size = round(max(LEGIBLE_LABEL, height * 0.5) * text_scale())
    while size > 8 and font(size).get_height() > height:
        size -= 1
    while True:
        label_font = font(max(8, size))
        labels = [label_font.size(button.label)[0] for button in buttons]
        spacing = _spacing(labels, size, pad, height, area.width, split < len(buttons))
        if spacing is not None or size <= 8:
            break
        size -= 1
    margin, gap, apart = spacing or (size // 2, 2, height // 2)
    widths = [label + margin for label in labels]
    for button in buttons:
        button.text_size = max(8, size)
    x = area.left + gap
    for button, width in zip(buttons[:split], widths):
        button.rect = pygame.Rect(x, area.top + pad, width, height)
        x += width + gap
    x = max(x + apart, area.right - gap - sum(widths[split:]) - gap * (len(widths) - split - 1))
    for button, width in zip(buttons[split:], widths[split:]):
        button.rect = pygame.Rect(x, area.top + pad, width, height)
        x += width + gap


def _spacing(labels: list[int], size: int, pad: int, height: int, room: int, two_groups: bool) -> tuple[int, int, int] | None:
    """The roomiest (margin beside a label, gap between buttons, room between the groups) that fits
    labels of these widths across `room`; None when even the tightest does not."""
    for margin, gap, apart in ((size * 2, pad, 2 * height), (size, pad, 2 * height), (size, pad, height),
                               (size * 3 // 4, max(2, pad // 2), height // 2), (size // 2, 2, height // 3)):
        needed = sum(labels) + margin * len(labels) + gap * (len(labels) + 1) + (apart if two_groups else 0)
        if needed <= room:
            return margin, gap, apart
    return None


def button_at(buttons: list[Button], pos: tuple[int, int]) -> Button | None:
    return next((b for b in buttons if b.rect.collidepoint(pos)), None)


def draw_text_lines(surface: pygame.Surface, lines: list[str], rect: pygame.Rect, size: int, colour=BAR_TEXT) -> None:
    y = rect.top
    text_font = font(size)
    for line in lines:
        if line:
            surface.blit(text_font.render(line, True, colour), (rect.left, y))
        y += round(size * 1.35)


def wrap_text(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Break a paragraph into lines that fit `width` pixels; a word wider than a line (a long file
    path in a note) is broken where it must, rather than run off the panel."""
    text_font = font(size, bold)
    lines, line = [], ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if text_font.size(trial)[0] <= width:
            line = trial
            continue
        if line:
            lines.append(line)
        while text_font.size(word)[0] > width and len(word) > 1:
            cut = len(word) - 1
            while cut > 1 and text_font.size(word[:cut])[0] > width:
                cut -= 1
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    if line:
        lines.append(line)
    return lines


def fit_text(text_font: pygame.font.Font, text: str, width: int) -> str:
    """`text`, cut short with an ellipsis to fit `width` pixels; empty when not even that fits."""
    if text_font.size(text)[0] <= width:
        return text
    while text and text_font.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…" if text else ""


def fitting_size(texts: list[str], size: int, width: int, least: int = 8, bold: bool = False) -> int:
    """The largest text size, from `size` down to `least`, at which the widest of `texts` fits
    `width` pixels: a label in a longer language (German) shrinks rather than runs over its box."""
    while size > least and max((font(size, bold).size(text)[0] for text in texts), default=0) > width:
        size -= 1
    return size
