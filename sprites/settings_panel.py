"""The settings, by mouse or keyboard: each row names a setting and a button shows its value; a
click (or Enter on the ringed button) moves it to the next choice and keeps it at once."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Protocol

import pygame

from .backs import BACK_STYLES
from .cards import font
from .faces import FACE_STYLES
from .look import FELTS, Look
from .overlays import Overlay, OverlayHost, centred
from .widgets import BAR_TEXT, Button

ROW_TEXT = (200, 215, 205)
FACE_NAMES = {"pictured": "pictured", "large-index": "large index"}


@dataclass
class Choice:
    """One row: what it is called, its value in words, and what moves it on to the next value."""

    label: str
    value: Callable[[], str]
    advance: Callable[[], None]


def on_off(flag: bool) -> str:
    return "on" if flag else "off"


def following(current: object, choices: tuple | list) -> object:
    """The choice after `current`, round to the first (an unknown current value starts at the first)."""
    return choices[(choices.index(current) + 1) % len(choices)] if current in choices else choices[0]


class SettingsHost(OverlayHost, Protocol):
    sound_on: bool
    speed: float
    look: Look

    def toggle_sound(self) -> bool: ...
    def toggle_autoplay(self) -> None: ...
    def autoplay_on(self) -> bool: ...
    def set_speed(self, speed: float) -> None: ...
    def speeds(self) -> tuple[float, ...]: ...
    def klondike_draw(self) -> int: ...
    def set_klondike_draw(self, draw: int) -> None: ...
    @property
    def winnable_only(self) -> bool: ...
    def toggle_winnable_only(self) -> None: ...
    def set_look(self, look: Look) -> None: ...
    def confirm_abandon(self) -> bool: ...
    def set_confirm_abandon(self, on: bool) -> None: ...


def settings_choices(host: SettingsHost) -> list[Choice]:
    def restyle(**change: str) -> None:
        host.set_look(replace(host.look, **change))

    return [
        Choice("Sound", lambda: on_off(host.sound_on), host.toggle_sound),  # type: ignore[arg-type]
        Choice("Auto-play safe cards", lambda: on_off(host.autoplay_on()), host.toggle_autoplay),
        Choice("Animation speed", lambda: f"×{host.speed:g}", lambda: host.set_speed(following(host.speed, host.speeds()))),  # type: ignore[arg-type]
        Choice("Klondike draws", lambda: f"{host.klondike_draw()} card{'s' if host.klondike_draw() > 1 else ''}",
               lambda: host.set_klondike_draw(following(host.klondike_draw(), (1, 3)))),  # type: ignore[arg-type]
        Choice("Winnable deals only", lambda: on_off(host.winnable_only), host.toggle_winnable_only),
        Choice("Card faces", lambda: FACE_NAMES.get(host.look.face, host.look.face),
               lambda: restyle(face=following(host.look.face, FACE_STYLES))),  # type: ignore[arg-type]
        Choice("Card backs", lambda: host.look.back, lambda: restyle(back=following(host.look.back, BACK_STYLES))),  # type: ignore[arg-type]
        Choice("Table", lambda: host.look.felt, lambda: restyle(felt=following(host.look.felt, list(FELTS)))),  # type: ignore[arg-type]
        Choice("Ask before abandoning a game", lambda: on_off(host.confirm_abandon()),
               lambda: host.set_confirm_abandon(not host.confirm_abandon())),
    ]


class SettingsPanel(Overlay):
    """Every setting in one panel; the table beneath shows a new face, back or felt at once."""

    def __init__(self, host: SettingsHost) -> None:
        super().__init__(host)
        self.choices = settings_choices(host)
        self.buttons = [Button("", self._pressed(choice)) for choice in self.choices] + [Button("Close", self.close)]

    def _pressed(self, choice: Choice) -> Callable[[], None]:
        def run() -> None:
            choice.advance()
            self.dirty = True
        return run

    def _row_height(self) -> int:
        return max(30, round(self.button_height() * 1.25))

    def panel_rect(self) -> pygame.Rect:
        w, _ = self.host.size
        title = round(self.text_size() * 1.6)
        height = 24 + title + 16 + self._row_height() * len(self.choices) + 20 + self.button_height() + 18
        return centred(self.host.size, min(720, max(560, w * 45 // 100)), height)

    def draw_content(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        size = self.text_size()
        title = font(round(size * 1.6), bold=True).render("Settings", True, BAR_TEXT)
        surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.top + 20)))
        row_height, button_height = self._row_height(), self.button_height()
        value_width = max(font(int((row_height - 4) * 0.5)).size("‹  large index  ›")[0] + button_height, rect.width * 3 // 10)
        y = rect.top + 24 + round(size * 1.6) + 16
        label_font = font(round(size * 0.9))
        for choice, button in zip(self.choices, self.buttons):
            label = label_font.render(choice.label, True, ROW_TEXT)
            surface.blit(label, (rect.left + 30, y + (row_height - label.get_height()) // 2))
            button.label = f"‹  {choice.value()}  ›"  # the arrows say a click changes it
            button.rect = pygame.Rect(rect.right - 30 - value_width, y + 2, value_width, row_height - 4)
            y += row_height
        self._place_close(rect)

    def _place_close(self, rect: pygame.Rect) -> None:
        close = self.buttons[-1]
        height = self.button_height()
        width = font(int(height * 0.5)).size(close.label)[0] + height
        close.rect = pygame.Rect(rect.centerx - width // 2, rect.bottom - height - 18, width, height)
