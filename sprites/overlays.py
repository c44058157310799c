"""Scenes that sit over the table: help, game choice, deal number, the win, and "no moves left".

Each takes the events while it is on top; Esc closes it.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

import pygame

from game.deals import MAX_DEAL
from game.variants import Variant

from .cards import CardImages, font
from .widgets import BAR_TEXT, Button, button_at, draw_text_lines, wrap_text

PANEL = (20, 40, 30, 235)
SHADE = (0, 0, 0, 120)

INTRO_HELP = "Drag cards, or click a card then a pile; double-click sends a card home (or to a free cell)."
KEYS_HELP = [
    ("F2 / Ctrl+N", "new deal"),
    ("Ctrl+R / F5", "restart this deal"),
    ("Ctrl+G", "deal by number"),
    ("Ctrl+Z", "undo"),
    ("Ctrl+Y / Ctrl+Shift+Z", "redo"),
    ("H", "hint"),
    ("A", "auto-play on/off"),
    ("M", "sound on/off"),
    ("F11", "full screen"),
    ("F1", "this help"),
    ("S", "statistics"),
    ("W", "winnable deals only"),
    ("Esc", "cancel a drag / close"),
    ("Ctrl+Q", "quit"),
    ("Arrows / Tab", "move the keyboard focus"),
    ("Space / Enter", "pick up and drop"),
]


class Overlay:
    """A panel in the middle of the window with buttons; subclasses fill in the text."""

    closes_on_click_outside = True

    def __init__(self, host: "OverlayHost") -> None:
        self.host = host
        self.buttons: list[Button] = []
        self.dirty = True

    busy = False

    def panel_rect(self) -> pygame.Rect:
        w, h = self.host.size
        return pygame.Rect(0, 0, min(w - 40, 900), min(h - 80, 520)).move((w - min(w - 40, 900)) // 2, (h - min(h - 80, 520)) // 2)

    def close(self) -> None:
        self.host.pop_overlay(self)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            button = button_at(self.buttons, event.pos)
            if button is not None:
                button.action()
            elif self.closes_on_click_outside and not self.panel_rect().collidepoint(event.pos):
                self.close()
        elif event.type == pygame.MOUSEMOTION:
            for button in self.buttons:
                button.hovered = button.rect.collidepoint(event.pos)
            self.dirty = True

    def update(self, now_ms: int) -> bool:
        return False

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill(SHADE)
        surface.blit(shade, (0, 0))
        rect = self.panel_rect()
        panel = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, PANEL, panel.get_rect(), border_radius=14)
        surface.blit(panel, rect)
        self.draw_content(surface, rect)
        for button in self.buttons:
            button.draw(surface)
        self.dirty = False

    def draw_content(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        raise NotImplementedError

    def place_buttons(self, rect: pygame.Rect) -> None:
        height = max(28, rect.height // 12)
        widths = [font(int(height * 0.5)).size(b.label)[0] + height for b in self.buttons]
        x = rect.centerx - (sum(widths) + 12 * (len(widths) - 1)) // 2
        for button, width in zip(self.buttons, widths):
            button.rect = pygame.Rect(x, rect.bottom - height - 18, width, height)
            x += width + 12


class MessageOverlay(Overlay):
    """A title, some lines and a row of buttons."""

    def __init__(self, host: "OverlayHost", title: str, lines: list[str], actions: list[tuple[str, Callable[[], None]]]) -> None:
        super().__init__(host)
        self.title = title
        self.lines = lines
        self.buttons = [Button(label, self._then_close(action)) for label, action in actions]

    def _then_close(self, action: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            self.close()
            action()
        return run

    def panel_rect(self) -> pygame.Rect:
        w, h = self.host.size
        width, height = min(w - 40, 640), min(h - 80, 260)
        return pygame.Rect((w - width) // 2, (h - height) // 2, width, height)

    def draw_content(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        title_size = max(16, rect.height // 7)
        title = font(title_size, bold=True).render(self.title, True, BAR_TEXT)
        surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.top + 20)))
        size = max(12, rect.height // 14)
        lines = [line for text in self.lines for line in wrap_text(text, size, rect.width - 60)]
        draw_text_lines(surface, lines, pygame.Rect(rect.left + 30, rect.top + 30 + title_size * 1.4, rect.width - 60, rect.height), size)
        self.place_buttons(rect)


class HelpOverlay(Overlay):
    def __init__(self, host: "OverlayHost", variant: Variant) -> None:
        super().__init__(host)
        self.variant = variant
        self.buttons = [Button("Close", self.close)]

    def draw_content(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        size = max(10, min(18, rect.height // 30, rect.width // 52))
        title = font(size + 8, bold=True).render(f"How to play {self.variant.name}", True, BAR_TEXT)
        surface.blit(title, (rect.left + 24, rect.top + 16))
        lines = wrap_text(self.variant.description, size, rect.width - 48) + [""] + wrap_text(INTRO_HELP, size, rect.width - 48)
        top = rect.top + 30 + size * 2
        draw_text_lines(surface, lines, pygame.Rect(rect.left + 24, top, rect.width - 48, rect.height), size)
        top += round(size * 1.35) * (len(lines) + 1)
        half = (len(KEYS_HELP) + 1) // 2
        for column, pairs in enumerate((KEYS_HELP[:half], KEYS_HELP[half:])):
            x = rect.left + 24 + column * (rect.width - 48) // 2
            keys_width = max(font(size).size(keys)[0] for keys, _ in pairs) + size
            draw_text_lines(surface, [keys for keys, _ in pairs], pygame.Rect(x, top, keys_width, rect.height), size, (255, 215, 70))
            draw_text_lines(surface, [what for _, what in pairs], pygame.Rect(x + keys_width, top, rect.width, rect.height), size)
        self.place_buttons(rect)


class GameMenu(Overlay):
    def __init__(
        self, host: "OverlayHost", variants: tuple[Variant, ...], choose: Callable[[Variant], None],
        toggle_winnable: Callable[[], None], winnable_only: Callable[[], bool],
    ) -> None:
        super().__init__(host)
        self.variants = variants
        self.choose = choose
        self.winnable_only = winnable_only
        self.toggle = Button("", self._toggled(toggle_winnable))
        self.buttons = [Button(v.name, self._pick(v)) for v in variants] + [self.toggle, Button("Cancel", self.close)]

    def _toggled(self, toggle: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            toggle()
            self.dirty = True
        return run

    def _pick(self, variant: Variant) -> Callable[[], None]:
        def run() -> None:
            self.close()
            self.choose(variant)
        return run

    def draw_content(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.toggle.label = f"Winnable deals only: {'on' if self.winnable_only() else 'off'}"
        title = font(max(16, rect.height // 16), bold=True).render("Choose a game", True, BAR_TEXT)
        surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.top + 16)))
        height = max(26, min(44, (rect.height - 100) // (len(self.buttons) + 1)))
        y = rect.top + 30 + title.get_height()
        for button in self.buttons:
            button.rect = pygame.Rect(rect.centerx - 180, y, 360, height - 6)
            y += height


class DealDialog(Overlay):
    """Type a deal number; Enter plays it."""

    def __init__(self, host: "OverlayHost", start: Callable[[int], None]) -> None:
        super().__init__(host)
        self.start = start
        self.text = ""
        self.error = ""
        self.buttons = [Button("Play", self.submit), Button("Cancel", self.close)]

    def panel_rect(self) -> pygame.Rect:
        w, h = self.host.size
        width, height = min(w - 40, 520), min(h - 80, 220)
        return pygame.Rect((w - width) // 2, (h - height) // 2, width, height)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.submit()
                return
            if event.key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
                self.dirty = True
                return
            if event.unicode and event.unicode.isdigit() and len(self.text) < 10:
                self.text += event.unicode
                self.error = ""
                self.dirty = True
                return
        super().handle(event)

    def submit(self) -> None:
        if not self.text:
            self.error = "type a deal number"
        elif not 1 <= int(self.text) <= MAX_DEAL:
            self.error = f"deal numbers run from 1 to {MAX_DEAL}"
        else:
            self.close()
            self.start(int(self.text))
            return
        self.dirty = True

    def draw_content(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        size = max(14, rect.height // 9)
        title = font(size, bold=True).render("Deal number", True, BAR_TEXT)
        surface.blit(title, (rect.left + 24, rect.top + 16))
        box = pygame.Rect(rect.left + 24, rect.top + 24 + size * 1.5, rect.width - 48, size * 1.8)
        pygame.draw.rect(surface, (250, 250, 245), box, border_radius=6)
        text = font(size).render(self.text + "|", True, (20, 20, 20))
        surface.blit(text, (box.left + 8, box.centery - text.get_height() // 2))
        if self.error:
            err = font(max(11, size * 2 // 3)).render(self.error, True, (255, 170, 150))
            surface.blit(err, (box.left, box.bottom + 6))
        self.place_buttons(rect)


class WinOverlay(MessageOverlay):
    """The win: a message, New Deal, and cards bouncing off the foundations."""

    closes_on_click_outside = False
    busy = True  # the celebration keeps moving

    def __init__(self, host: "OverlayHost", lines: list[str], new_deal: Callable[[], None], images: CardImages, launch_from: list[tuple[pygame.Rect, object]]) -> None:
        super().__init__(host, "You won!", lines, [("New Deal", new_deal), ("Close", lambda: None)])
        self.images = images
        self.launchers = launch_from  # (rect, card) of the foundation tops
        self.bouncers: list[list[float]] = []  # x, y, vx, vy, launcher index
        self.trail: pygame.Surface | None = None
        self.rng = random.Random(7)
        self.last_ms: int | None = None
        self.launched = 0

    def update(self, now_ms: int) -> bool:
        if self.last_ms is None:
            self.last_ms = now_ms
        dt = min(50, now_ms - self.last_ms) / 1000
        self.last_ms = now_ms
        w, h = self.host.size
        if len(self.bouncers) < 6 and self.launchers and now_ms // 350 > self.launched:
            self.launched = now_ms // 350
            index = self.launched % len(self.launchers)
            rect = self.launchers[index][0]
            self.bouncers.append([rect.x, rect.y, self.rng.choice([-1, 1]) * self.rng.uniform(120, 320), -self.rng.uniform(0, 200), index])
        for b in self.bouncers:
            b[3] += 1400 * dt
            b[0] += b[2] * dt
            b[1] += b[3] * dt
            card_h = self.images.size[1]
            if b[1] + card_h > h:
                b[1] = h - card_h
                b[3] = -b[3] * 0.72
        card_w = self.images.size[0]
        self.bouncers = [b for b in self.bouncers if -card_w < b[0] < w]
        return True

    def draw(self, surface: pygame.Surface) -> None:
        if self.trail is None or self.trail.get_size() != surface.get_size():
            self.trail = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        for b in self.bouncers:
            card = self.launchers[int(b[4])][1]
            self.trail.blit(self.images.face(card), (b[0], b[1]))  # type: ignore[arg-type]
        surface.blit(self.trail, (0, 0))
        super().draw(surface)


class OverlayHost(Protocol):
    """What overlays need from the app."""

    size: tuple[int, int]

    def push_overlay(self, overlay: Overlay) -> None: ...
    def pop_overlay(self, overlay: Overlay) -> None: ...
