"""Scenes that sit over the table: help, game choice, deal number, the win, and "no moves left".

The one on top takes the events; Esc closes it, Tab and the arrows move a ring between its buttons
and Enter or Space presses the ringed one, so every panel works from the keyboard.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from game.cards import Card
from game.i18n import _
from game.variants import Variant

from ..deck.cards import CardImages, font
from ..deck.contrast import Ink, ink_of
from ..deck.typeface import scaled
from ..scene.celebration import Celebration
from ..window.look import Look
from .help_text import keys_help, mouse_help, scoring_help
from .rounded import draw_box
from .scrolling import Scroller
from .widgets import Button, button_at, draw_text_lines, fitting_size, wrap_text

PANEL_RADIUS = 14
NEXT_KEYS = (pygame.K_TAB, pygame.K_RIGHT, pygame.K_DOWN)
PREVIOUS_KEYS = (pygame.K_LEFT, pygame.K_UP)
PRESS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def centred(size: tuple[int, int], width: int, height: int) -> pygame.Rect:
    """A panel of about `width` x `height`, shrunk to fit the window with a margin, in its middle."""
    w, h = size
    width, height = min(w - 40, width), min(h - 80, height)
    return pygame.Rect((w - width) // 2, (h - height) // 2, width, height)


class Overlay:
    """A panel in the middle of the window with buttons; subclasses fill in the text."""

    closes_on_click_outside = True
    busy = False

    def __init__(self, host: OverlayHost) -> None:
        self.host = host
        self.buttons: list[Button] = []
        self.focus = 0
        self.dirty = True

    def panel_rect(self) -> pygame.Rect:
        w, h = self.host.size
        return centred(self.host.size, max(900, w * 6 // 10), max(520, h * 6 // 10))

    def close(self) -> None:
        self.host.pop_overlay(self)

    def dismiss(self) -> None:
        """The player put the panel away without a button (Escape, a click beside it)."""
        self.close()

    def lets_through(self, event: pygame.event.Event) -> bool:
        """Whether a key should reach the table beneath instead (see `MessageOverlay`)."""
        return False

    def applies(self) -> bool:
        """Whether the panel still has something to say: the window closes one that has not (a
        question about a position the game has left)."""
        return True

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            button = button_at(self.buttons, event.pos)
            if button is not None:
                button.action()
            elif self.closes_on_click_outside and not self.panel_rect().collidepoint(event.pos):
                self.dismiss()
        elif event.type == pygame.MOUSEMOTION:
            for button in self.buttons:
                button.hovered = button.rect.collidepoint(event.pos)
            self.dirty = True

    def _key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_ESCAPE:
            self.dismiss()
        elif self.buttons and event.key in NEXT_KEYS + PREVIOUS_KEYS:
            back = event.key in PREVIOUS_KEYS or (event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
            self.focus = (self.focus + (-1 if back else 1)) % len(self.buttons)
            self.dirty = True
        elif self.buttons and event.key in PRESS_KEYS:
            self.buttons[self.focus % len(self.buttons)].action()

    def update(self, now_ms: int) -> bool:
        return False

    def retranslate(self) -> None:
        """Another language was chosen while the panel is open: its texts are read anew (a panel that
        reads them at each draw needs only drawing again)."""
        self.dirty = True

    @property
    def ink(self) -> Ink:
        """The text colours on this panel, in the player's theme."""
        return ink_of(self.host.look.palette)

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.panel_rect()
        palette = self.host.look.palette
        draw_box(surface, rect, PANEL_RADIUS, palette.panel, palette.panel_edge, 2)
        self.draw_content(surface, rect)
        for index, button in enumerate(self.buttons):
            button.focused = index == self.focus % len(self.buttons)
            button.draw(surface, palette)
        self.dirty = False

    def draw_content(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        raise NotImplementedError

    def button_height(self) -> int:
        """As tall as the toolbar's buttons, which grow with the window, and taller with larger text."""
        return scaled(max(28, round(self.host.size[1] * 0.036)))

    def text_size(self) -> int:
        """A panel's text size, from the window's height like the bars' text, at the player's text size."""
        return scaled(max(14, round(self.host.size[1] * 0.024)))

    def place_buttons(self, rect: pygame.Rect) -> None:
        """The buttons in a row along the panel's foot, each as wide as its label; labels too long for
        the panel together (German ones, in a small window) shrink until the row fits."""
        height = self.button_height()
        size = int(height * 0.5)

        def row_width(size: int) -> int:
            return sum(font(size).size(b.label)[0] + height for b in self.buttons) + 12 * (len(self.buttons) - 1)

        while size > 8 and row_width(size) > rect.width - 24:
            size -= 1
        widths = [font(size).size(b.label)[0] + height for b in self.buttons]
        for button in self.buttons:
            button.text_size = size
        x = rect.centerx - (sum(widths) + 12 * (len(widths) - 1)) // 2
        for button, width in zip(self.buttons, widths):
            button.rect = pygame.Rect(x, rect.bottom - height - 18, width, height)
            x += width + 12


class MessageOverlay(Overlay):
    """A title, some lines and a row of buttons.

    Such a panel reports on the game (won, stuck, may finish, no longer winnable), so the game's own
    keys still work under it: Ctrl+Z or F2 need no click on Close first. The app closes the panel when
    such a key changes the game it was about."""

    def __init__(
        self, host: OverlayHost, title: str, lines: list[str], actions: list[tuple[str, Callable[[], None]]],
        retext: Callable[[], tuple[str, list[str], list[str]]] | None = None,
        applies: Callable[[], bool] | None = None, focus: int = 0, dismissed: Callable[[], None] | None = None,
    ) -> None:
        """`retext`, when given, says the title, the lines and the buttons' labels again in the
        language of the moment: called when another language is chosen with the panel open.
        `applies`, when given, says whether the question still stands (see `Overlay.applies`);
        `focus` is the button Enter presses at first: the safe choice, where one choice loses something;
        `dismissed` is what putting the panel away without a button means (a question's "not now")."""
        super().__init__(host)
        self.dismissed = dismissed
        self.title = title
        self.lines = lines
        self.buttons = [Button(label, self._then_close(action)) for label, action in actions]
        self.retext = retext
        self._applies = applies
        self.focus = focus

    def applies(self) -> bool:
        return self._applies is None or self._applies()

    def dismiss(self) -> None:
        self.close()
        if self.dismissed is not None:
            self.dismissed()

    def retranslate(self) -> None:
        if self.retext is not None:
            self.title, self.lines, labels = self.retext()
            for button, label in zip(self.buttons, labels):
                button.label = label
        self.dirty = True

    def _then_close(self, action: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            self.close()
            action()
        return run

    def lets_through(self, event: pygame.event.Event) -> bool:
        return event.type == pygame.KEYDOWN and event.key not in (pygame.K_ESCAPE, *NEXT_KEYS, *PREVIOUS_KEYS, *PRESS_KEYS)

    def _sizes(self) -> tuple[int, int]:
        """Text sizes: the title's and the lines'."""
        size = self.text_size()
        return round(size * 1.8), size

    def _wrapped(self, size: int, width: int) -> list[str]:
        return [line for text in self.lines for line in wrap_text(text, size, width - 60)]

    def panel_rect(self) -> pygame.Rect:
        """As tall as its title, text and buttons need."""
        w, h = self.host.size
        width = min(w - 40, max(640, w * 4 // 10))
        title_size, size = self._sizes()
        text_height = round(size * 1.35) * len(self._wrapped(size, width))
        height = 20 + round(title_size * 1.4) + 10 + text_height + 24 + self.button_height() + 18
        return centred(self.host.size, width, height)

    def draw_content(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        title_size, size = self._sizes()
        title_font = font(fitting_size([self.title], title_size, rect.width - 40, bold=True), bold=True)
        title = title_font.render(self.title, True, self.ink.text)
        surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.top + 20)))
        top = rect.top + 20 + round(title_size * 1.4) + 10
        text_box = pygame.Rect(rect.left + 30, top, rect.width - 60, rect.height)
        draw_text_lines(surface, self._wrapped(size, rect.width), text_box, size, self.ink.text)
        self.place_buttons(rect)


class HelpOverlay(Overlay):
    """The rules of the game on the table, how the mouse plays it, and the keys that apply to it."""

    def __init__(self, host: OverlayHost, variant: Variant) -> None:
        super().__init__(host)
        self.variant = variant
        self.keys = keys_help(variant)
        self.buttons = [Button(_("Close"), self.close)]
        self.scroller = Scroller()  # the text scrolls where the player's text size makes it taller than the panel

    def retranslate(self) -> None:
        self.keys = keys_help(self.variant)
        self.buttons[0].label = _("Close")
        self.dirty = True

    def handle(self, event: pygame.event.Event) -> None:
        if self.scroller.handle(event):
            self.dirty = True
            return
        super().handle(event)

    def draw_content(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        size, lines = self._fit(rect)
        heading = _("How to play {game}").format(game=self.variant.name)
        ink = self.ink
        title = font(fitting_size([heading], size + 8, rect.width - 48, bold=True), bold=True).render(heading, True, ink.text)
        surface.blit(title, (rect.left + 24, rect.top + 16))
        width = rect.width - 48
        view = pygame.Rect(rect.left + 24, rect.top + 30 + size * 2, width, 0)
        view.height = rect.bottom - self.button_height() - 30 - view.top
        step = round(size * 1.35)
        columns = self._key_columns(size, width)
        self.scroller.lay_out(view, step * (len(lines) + 1 + max(len(column) for column in columns)), step)
        clip = surface.get_clip()
        surface.set_clip(view.clip(clip))
        top = view.top - self.scroller.scroll
        draw_text_lines(surface, lines, pygame.Rect(view.left, top, width, 0), size, ink.text)
        top += step * (len(lines) + 1)
        for column, pairs in enumerate(columns):
            x = view.left + column * width // 2
            keys_width = max(font(size).size(keys)[0] for keys, _what in pairs) + size
            draw_text_lines(surface, [keys for keys, _what in pairs], pygame.Rect(x, top, keys_width, 0), size, ink.accent)
            draw_text_lines(surface, [what for _keys, what in pairs], pygame.Rect(x + keys_width, top, width, 0), size,
                            ink.text)
        surface.set_clip(clip)
        self.scroller.draw_bar(surface, ink)
        self.place_buttons(rect)

    def _key_columns(self, size: int, width: int) -> list[list[tuple[str, str]]]:
        """The keys in two columns side by side, or in one where two would not fit across."""
        half = (len(self.keys) + 1) // 2
        two = [self.keys[:half], self.keys[half:]]
        widest = max(max(font(size).size(k)[0] for k, _w in pairs) + size + max(font(size).size(w)[0] for _k, w in pairs)
                     for pairs in two)
        return two if widest <= width // 2 - size else [self.keys]

    def _fit(self, rect: pygame.Rect) -> tuple[int, list[str]]:
        """The text size and the wrapped paragraphs: the panel's at the player's text size, or larger
        where everything then still fits above the button (the body scrolls where it does not)."""
        width = rect.width - 48
        room = rect.height - 30 - self.button_height() - 36
        least = self.text_size()

        def wrapped(size: int) -> list[str]:
            lines = wrap_text(self.variant.description, size, width) + [""] + wrap_text(mouse_help(self.variant), size, width)
            scoring = scoring_help(self.variant)
            return lines + [""] + wrap_text(scoring, size, width) if scoring else lines

        for size in range(scaled(max(11, min(26, rect.height // 28))), least, -1):
            lines = wrapped(size)
            columns = self._key_columns(size, width)
            needed = size * 2 + round(size * 1.35) * (len(lines) + 1 + len(columns[0]))
            if needed <= room and len(columns) == 2:
                return size, lines
        return least, wrapped(least)


class WinOverlay(MessageOverlay):
    """The win: a message, New Deal, and a short celebration of cards leaping off the foundations.
    A game the solver finished is no win of the player's: its title says it was solved."""

    closes_on_click_outside = False

    def __init__(
        self, host: OverlayHost, lines: list[str], new_deal: Callable[[], None], images: CardImages,
        launch_from: list[tuple[pygame.Rect, list[Card]]], relines: Callable[[], list[str]] | None = None,
        by_solver: bool = False, area: pygame.Rect | None = None,
    ) -> None:
        """`relines`, when given, says the lines again in the language of the moment; `area` is the
        table between the bars, where the celebration's cards stay."""
        def texts() -> tuple[str, list[str], list[str]]:
            # TRANSLATORS: the win panel's title; "Solved": its title when the solver played the game out
            title = _("Solved") if by_solver else _("You won!")
            return title, relines() if relines is not None else self.lines, [_("New Deal"), _("Close")]

        self.lines = lines
        super().__init__(host, texts()[0], lines, [(_("New Deal"), new_deal), (_("Close"), lambda: None)], retext=texts)
        self.celebration = Celebration(images, launch_from, area=area)

    @property
    def busy(self) -> bool:  # type: ignore[override]
        return not self.celebration.done

    def update(self, now_ms: int) -> bool:
        return self.celebration.update(now_ms, self.host.size)

    def draw(self, surface: pygame.Surface) -> None:
        self.celebration.draw(surface)  # over the shaded table, under the panel: bright, never in the way
        super().draw(surface)


class OverlayHost(Protocol):
    """What overlays need from the window (implemented by `sprites.window.app.App`)."""

    @property
    def size(self) -> tuple[int, int]: ...
    @property
    def look(self) -> Look: ...
    @property
    def overlays(self) -> list[Overlay]: ...

    def push_overlay(self, overlay: Overlay) -> None: ...
    def pop_overlay(self, overlay: Overlay) -> None: ...
