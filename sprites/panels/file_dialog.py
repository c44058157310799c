"""A file's name typed in a panel: Ctrl+S saves the game under it, Ctrl+O opens the game saved in it.

A window of its own from the desktop would need a toolkit beside pygame; a typed name works on every
desktop and from the keyboard alone. The panel stays open with the reason when the file cannot be
written or read (one line: the file's reader says what is wrong), so nothing typed is lost and the
game on the table is untouched until a file has been read whole.
"""
from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import _

from ..deck.cards import font
from .overlays import Overlay, OverlayHost, centred
from .rounded import draw_box
from .widgets import Button, fitting_size

LONGEST_NAME = 4096  # the longest path Linux takes


class FileDialog(Overlay):
    """`title` above a field holding `name`; Enter (or the first button) gives the name to `submit`,
    which returns why it failed, or None when done (the panel then closes)."""

    def __init__(self, host: OverlayHost, title: Callable[[], str], name: str, label: Callable[[], str],
                 submit: Callable[[str], str | None]) -> None:
        super().__init__(host)
        self.title, self.label, self.submit_name = title, label, submit
        self.text = name
        self.error = ""
        self.buttons = [Button(label(), self.submit), Button(_("Cancel"), self.close)]

    def retranslate(self) -> None:
        self.buttons[0].label, self.buttons[1].label = self.label(), _("Cancel")
        self.error = ""
        self.dirty = True

    def panel_rect(self) -> pygame.Rect:
        size = self.text_size()
        return centred(self.host.size, max(640, self.host.size[0] * 5 // 10), round(size * 6.5) + 16 + self.button_height() + 18)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.submit()
                return
            if event.key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
                self.dirty = True
                return
            typed = getattr(event, "unicode", "")
            if typed and typed.isprintable() and not event.mod & pygame.KMOD_CTRL and len(self.text) < LONGEST_NAME:
                self.text += typed
                self.error = ""
                self.dirty = True
                return
        super().handle(event)

    def submit(self) -> None:
        if not self.text.strip():
            self.error = _("type a file's name")
        else:
            problem = self.submit_name(self.text.strip())
            if problem is None:
                self.close()
                return
            self.error = problem
        self.dirty = True

    def draw_content(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        size = self.text_size()
        ink = self.ink
        title = font(size, bold=True).render(self.title(), True, ink.text)
        surface.blit(title, (rect.left + 24, rect.top + 16))
        box = pygame.Rect(rect.left + 24, rect.top + 24 + size * 1.5, rect.width - 48, size * 1.8)
        draw_box(surface, box, 6, ink.field)
        text_font = font(size)
        shown = self.text + "|"
        while len(shown) > 1 and text_font.size(shown)[0] > box.width - 16:
            shown = shown[1:]  # a long name shows its end, where the typing is
        text = text_font.render(shown, True, ink.field_text)
        surface.blit(text, (box.left + 8, box.centery - text.get_height() // 2))
        line, colour = (self.error, ink.error) if self.error else (_("a file of Solitaire Suite (.solitaire)"), ink.quiet)
        line_font = font(fitting_size([line], max(11, size * 2 // 3), box.width))
        surface.blit(line_font.render(line, True, colour), (box.left, box.bottom + 6))
        self.place_buttons(rect)
