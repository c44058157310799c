"""A panel with one line to type into: a title, the field, a line under it (what may be typed, or why
Enter was refused, in red) and its buttons. The deal number and a saved game's file name are typed so.
"""
from __future__ import annotations

from collections.abc import Callable

import pygame

from game.deals import MAX_DEAL
from game.i18n import _, number
from game.reading import is_ascii_number

from ..deck.cards import font
from .overlays import Overlay, OverlayHost, centred
from .rounded import draw_box
from .widgets import Button, fitting_size


class TextEntry(Overlay):
    """What every one-line panel shares; a panel says its title, what it accepts and what Enter does."""

    text = ""
    error = ""
    least_width = 520  # the panel's width in pixels at the least, and as a share of the window's
    width_share = 0.3

    def title(self) -> str:
        raise NotImplementedError

    def guide(self) -> str:
        """The line under the field while nothing is wrong: what may be typed."""
        raise NotImplementedError

    def accepts(self, typed: str) -> bool:
        """Whether this character goes into the field (the text so far is `self.text`)."""
        raise NotImplementedError

    def submit(self) -> None:
        raise NotImplementedError

    def panel_rect(self) -> pygame.Rect:
        size = self.text_size()
        width = max(self.least_width, round(self.host.size[0] * self.width_share))
        return centred(self.host.size, width, round(size * 6.5) + 16 + self.button_height() + 18)

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
            if typed and not event.mod & pygame.KMOD_CTRL and self.accepts(typed):
                self.text += typed
                self.error = ""
                self.dirty = True
                return
        super().handle(event)

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
            shown = shown[1:]  # a long text shows its end, where the typing is
        text = text_font.render(shown, True, ink.field_text)
        surface.blit(text, (box.left + 8, box.centery - text.get_height() // 2))
        # What may be typed is said before a mistake is made; a mistake replaces it in red.
        line, colour = (self.error, ink.error) if self.error else (self.guide(), ink.quiet)
        line_font = font(fitting_size([line], max(12, round(size * 0.8)), box.width))
        surface.blit(line_font.render(line, True, colour), (box.left, box.bottom + 6))
        self.place_buttons(rect)


class DealDialog(TextEntry):
    """Type a deal number; Enter plays it."""

    def __init__(self, host: OverlayHost, start: Callable[[int], None], daily: Callable[[], None] | None = None) -> None:
        super().__init__(host)
        self.start = start
        self.daily = daily
        self.text = ""
        self.error = ""
        self.buttons = [Button(_("Play"), self.submit), Button(_("Cancel"), self.close)]
        if daily is not None:
            self.buttons.insert(1, Button(_("Deal of the day"), self.play_daily))

    def play_daily(self) -> None:
        """The day's deal of the game on the table, whatever was typed."""
        assert self.daily is not None
        self.close()
        self.daily()

    def retranslate(self) -> None:
        self.buttons[0].label, self.buttons[-1].label = _("Play"), _("Cancel")
        if self.daily is not None:
            self.buttons[1].label = _("Deal of the day")
        self.error = ""  # said in the old language; the next Enter says it again
        self.dirty = True

    def title(self) -> str:
        return _("Deal number")

    def guide(self) -> str:
        return _("from 1 to {last}").format(last=number(MAX_DEAL))

    def accepts(self, typed: str) -> bool:
        return is_ascii_number(typed) and len(self.text) < 10  # not "²": isdigit() takes it, int() does not

    def submit(self) -> None:
        if not self.text:
            self.error = _("type a deal number")
        elif not 1 <= int(self.text) <= MAX_DEAL:
            self.error = _("deal numbers run from 1 to {last}").format(last=number(MAX_DEAL))
        else:
            self.close()
            self.start(int(self.text))
            return
        self.dirty = True
