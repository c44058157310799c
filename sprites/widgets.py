"""Buttons and bars: the clickable controls around the table."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from .cards import font

BAR = (18, 52, 34)
BAR_TEXT = (235, 240, 235)
BUTTON = (42, 92, 62)
BUTTON_HOVER = (62, 122, 86)
BUTTON_DISABLED = (38, 64, 48)
BUTTON_TEXT_DISABLED = (130, 150, 135)
FOCUS_RING = (255, 215, 70)


@dataclass
class Button:
    label: str
    action: Callable[[], None]
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: Callable[[], bool] = lambda: True
    hovered: bool = False
    focused: bool = False  # the one Enter presses, ringed so a keyboard player can see it

    def draw(self, surface: pygame.Surface) -> None:
        enabled = self.enabled()
        colour = BUTTON_HOVER if (self.hovered or self.focused) and enabled else BUTTON if enabled else BUTTON_DISABLED
        pygame.draw.rect(surface, colour, self.rect, border_radius=6)
        if self.focused:
            pygame.draw.rect(surface, FOCUS_RING, self.rect.inflate(4, 4), 2, border_radius=8)
        text = font(max(10, int(self.rect.height * 0.5))).render(self.label, True, BAR_TEXT if enabled else BUTTON_TEXT_DISABLED)
        surface.blit(text, text.get_rect(center=self.rect.center))


def lay_out_buttons(buttons: list[Button], area: pygame.Rect, pad: int = 6) -> None:
    """Buttons left to right in a bar, each as wide as its label needs."""
    height = area.height - 2 * pad
    x = area.left + pad
    label_font = font(max(10, int(height * 0.5)))
    for button in buttons:
        width = label_font.size(button.label)[0] + 2 * height // 2
        button.rect = pygame.Rect(x, area.top + pad, width, height)
        x += width + pad


def button_at(buttons: list[Button], pos: tuple[int, int]) -> Button | None:
    return next((b for b in buttons if b.rect.collidepoint(pos)), None)


def draw_text_lines(surface: pygame.Surface, lines: list[str], rect: pygame.Rect, size: int, colour=BAR_TEXT) -> None:
    y = rect.top
    text_font = font(size)
    for line in lines:
        if line:
            surface.blit(text_font.render(line, True, colour), (rect.left, y))
        y += round(size * 1.35)


def wrap_text(text: str, size: int, width: int) -> list[str]:
    """Break a paragraph into lines that fit `width` pixels; a word wider than a line (a long file
    path in a note) is broken where it must, rather than run off the panel."""
    text_font = font(size)
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
