"""The keyboard on the table: each key made an intent, and play without a mouse by moving a focus ring.

Arrows and Tab move the ring between piles (left and right along a row, up and down to the nearest
pile of another row); Space or Enter picks up the longest run the model allows and drops it. The
keyboard holds only the ring; what a key does to the game, the table does with the intent.
"""
from __future__ import annotations

import pygame

from game.moves import Pile

from ..window.layout import Layout
from .intents import Command, Intent, Pick

SPEED_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_MINUS, pygame.K_KP_MINUS)
FOCUS_KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB)
PICK_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)

# Keys that mean the same with or without Shift, and only without Ctrl.
PLAIN_KEYS = {
    pygame.K_g: Command.CHOOSE_GAME, pygame.K_s: Command.STATISTICS, pygame.K_o: Command.SETTINGS,
    pygame.K_w: Command.WINNABLE_ONLY, pygame.K_a: Command.AUTOPLAY, pygame.K_m: Command.SOUND,
    pygame.K_h: Command.HINT, pygame.K_f: Command.FINISH,
}
CTRL_KEYS = {
    pygame.K_n: Command.NEW_DEAL, pygame.K_r: Command.RESTART, pygame.K_y: Command.REDO,
    pygame.K_g: Command.ASK_DEAL_NUMBER,
    pygame.K_d: Command.SOLVE,  # KPatience's and PySolFC's key for the demo
    pygame.K_q: Command.QUIT,
}
ANY_KEYS = {
    pygame.K_ESCAPE: Command.CANCEL, pygame.K_F2: Command.NEW_DEAL, pygame.K_F5: Command.RESTART,
    pygame.K_F1: Command.HELP, pygame.K_F11: Command.FULLSCREEN,
}


# Keys pressed on the way to another: Shift for "+" on a US keyboard (Shift and =), AltGr, the locks.
MODIFIER_KEYS = (
    pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT, pygame.K_RALT,
    pygame.K_LGUI, pygame.K_RGUI, pygame.K_MODE, pygame.K_CAPSLOCK, pygame.K_NUMLOCKCLEAR, pygame.K_SCROLLOCK,
)


def is_speed_key(event: pygame.event.Event) -> bool:
    """+ or -, or a modifier on the way to one: they leave a playing Solve running (at the new pace)."""
    return event.type == pygame.KEYDOWN and (event.key in SPEED_KEYS or event.key in MODIFIER_KEYS)


def command_of(key: int, ctrl: bool, shift: bool) -> Command | None:
    """The command a key means, or None (the focus and pick keys, and keys that mean nothing)."""
    if key in ANY_KEYS:
        return ANY_KEYS[key]
    if ctrl and key == pygame.K_z:
        return Command.REDO if shift else Command.UNDO
    if ctrl and key in CTRL_KEYS:
        return CTRL_KEYS[key]
    if not ctrl and key in PLAIN_KEYS:
        return PLAIN_KEYS[key]
    if key in SPEED_KEYS:
        return Command.SLOWER if key in (pygame.K_MINUS, pygame.K_KP_MINUS) else Command.FASTER
    return None


class Keyboard:
    """The table's keys; it holds which pile has the keyboard focus and whether its ring shows."""

    def __init__(self) -> None:
        self.focus = 0
        self.visible = False

    def handle(self, event: pygame.event.Event, layout: Layout) -> Intent | None:
        """What a key press means on a table laid out as `layout`."""
        key = event.key
        command = command_of(key, bool(event.mod & pygame.KMOD_CTRL), bool(event.mod & pygame.KMOD_SHIFT))
        if command is not None:
            return command
        if key in FOCUS_KEYS:
            self._move_focus(layout, key, bool(event.mod & pygame.KMOD_SHIFT))
            return Command.FOCUS_MOVED
        if key in PICK_KEYS:
            self.visible = True
            return Pick(self.focused(layout))
        return None

    def focused(self, layout: Layout) -> Pile:
        piles = layout.all_piles()
        return piles[self.focus % len(piles)]

    def _move_focus(self, layout: Layout, key: int, backwards: bool) -> None:
        piles = layout.all_piles()
        self.visible = True
        self.focus %= len(piles)
        current = layout.pile_rect(piles[self.focus])
        if key == pygame.K_TAB:
            self.focus = (self.focus + (-1 if backwards else 1)) % len(piles)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            row = [i for i, p in enumerate(piles) if layout.pile_rect(p).top == current.top]
            row.sort(key=lambda i: layout.pile_rect(piles[i]).left)
            at = row.index(self.focus)
            self.focus = row[(at + (1 if key == pygame.K_RIGHT else -1)) % len(row)]
        else:
            others = [i for i, p in enumerate(piles) if layout.pile_rect(p).top != current.top]
            if others:
                self.focus = min(others, key=lambda i: abs(layout.pile_rect(piles[i]).centerx - current.centerx))

    def ring(self, layout: Layout) -> Pile | None:
        """The focused pile, while keyboard play is under way."""
        return self.focused(layout) if self.visible else None
