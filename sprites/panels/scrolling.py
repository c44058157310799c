"""A panel's body that scrolls when it is taller than the room it has: the help's text and the
statistics, whose words grow with the player's text size rather than shrink to fit a small window.

The wheel, the arrows, Page Up and Page Down and Home and End move it; a thin bar beside it shows
how much of it is in sight, and where.
"""
from __future__ import annotations

import pygame

from ..deck.contrast import Ink
from .rounded import draw_box

WHEEL_LINES = 3
KEY_STEPS = {pygame.K_UP: -1, pygame.K_DOWN: 1}
PAGE_KEYS = {pygame.K_PAGEUP: -1, pygame.K_PAGEDOWN: 1}


class Scroller:
    """How far a body `content_height` pixels tall is scrolled in a `view` of the panel; `line` is
    what one step of the wheel or an arrow moves."""

    def __init__(self) -> None:
        self.scroll = 0
        self.view = pygame.Rect(0, 0, 0, 0)
        self.content_height = 0
        self.line = 20

    def lay_out(self, view: pygame.Rect, content_height: int, line: int) -> None:
        self.view, self.content_height, self.line = view, content_height, max(1, line)
        self.scroll_by(0)

    @property
    def scrolls(self) -> bool:
        return self.content_height > self.view.height

    def scroll_by(self, pixels: int) -> None:
        self.scroll = max(0, min(self.scroll + pixels, self.content_height - self.view.height))

    def handle(self, event: pygame.event.Event) -> bool:
        """Scroll for the wheel or a scrolling key; True when the event was one (and is used)."""
        if not self.scrolls:
            return False
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * WHEEL_LINES * self.line)
            return True
        if event.type != pygame.KEYDOWN:
            return False
        if event.key in KEY_STEPS:
            self.scroll_by(KEY_STEPS[event.key] * self.line)
        elif event.key in PAGE_KEYS:
            self.scroll_by(PAGE_KEYS[event.key] * max(self.line, self.view.height - self.line))
        elif event.key in (pygame.K_HOME, pygame.K_END):
            self.scroll_by((-1 if event.key == pygame.K_HOME else 1) * self.content_height)
        else:
            return False
        return True

    def draw_bar(self, surface: pygame.Surface, ink: Ink) -> None:
        """A thin bar right of the body: how much of it shows, and where (nothing when all of it does)."""
        if self.scrolls:
            draw_scroll_bar(surface, ink, self.view, self.content_height, self.scroll)


def draw_scroll_bar(surface: pygame.Surface, ink: Ink, view: pygame.Rect, content_height: int, scroll: int) -> None:
    """A thin bar right of `view`: how much of a body `content_height` tall shows there, scrolled by `scroll`."""
    track = pygame.Rect(view.right + 6, view.top, 6, view.height)
    length = max(20, view.height * view.height // content_height)
    top = track.top + (track.height - length) * scroll // max(1, content_height - view.height)
    draw_box(surface, track, 3, ink.quiet)
    draw_box(surface, pygame.Rect(track.left, top, track.width, length), 3, ink.text)
