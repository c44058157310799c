"""The keyboard on the table: the game's keys, and play without a mouse by moving a focus ring.

Arrows and Tab move the ring between piles (left and right along a row, up and down to the nearest
pile of another row); Space or Enter picks up the longest run the model allows and drops it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.assist import longest_lift, move_between
from game.i18n import _
from game.moves import Pile, PileKind

from .layout import pile_contents

if TYPE_CHECKING:
    from .table import Table

SPEED_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_MINUS, pygame.K_KP_MINUS)
FOCUS_KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB)
PICK_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)


def is_speed_key(event: pygame.event.Event) -> bool:
    """+ or -: they change the animation speed, so they leave a playing Solve running at the new pace."""
    return event.type == pygame.KEYDOWN and event.key in SPEED_KEYS


class Keyboard:
    """The table's keys; it holds which pile has the keyboard focus and whether its ring shows."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.focus = 0
        self.visible = False

    def handle(self, event: pygame.event.Event) -> None:
        table, host = self.table, self.table.host
        ctrl = event.mod & pygame.KMOD_CTRL
        shift = event.mod & pygame.KMOD_SHIFT
        key = event.key
        if key == pygame.K_ESCAPE:
            if table.pointer.drag:
                table.pointer.cancel()
            table.selection = None
            table.hint_move = None
            table.say("")
        elif key == pygame.K_F2 or (ctrl and key == pygame.K_n):
            table.new_deal()
        elif key == pygame.K_F5 or (ctrl and key == pygame.K_r):
            table.restart()
        elif ctrl and key == pygame.K_z:
            table.redo() if shift else table.undo()
        elif ctrl and key == pygame.K_y:
            table.redo()
        elif ctrl and key == pygame.K_g:
            host.ask_deal_number()
        elif key == pygame.K_g:
            host.choose_game()
        elif ctrl and key == pygame.K_d:
            table.assistant.solve_rest()  # KPatience's and PySolFC's key for the demo
        elif ctrl and key == pygame.K_q:
            host.quit()
        elif key == pygame.K_F1:
            host.show_help()
        elif key == pygame.K_s and not ctrl:
            host.show_statistics()
        elif key == pygame.K_o and not ctrl:
            host.show_settings()
        elif key == pygame.K_w and not ctrl:
            host.toggle_winnable_only()
        elif key == pygame.K_F11:
            host.toggle_fullscreen()
        elif key == pygame.K_a and not ctrl:
            table.toggle_autoplay()
        elif key == pygame.K_m and not ctrl:
            table.toggle_sound()
        elif key == pygame.K_h and not ctrl:
            table.assistant.show_hint()
        elif key == pygame.K_f and not ctrl:
            table.finish_on_request()
        elif key in SPEED_KEYS:
            speed = host.change_speed(faster=key not in (pygame.K_MINUS, pygame.K_KP_MINUS))
            table.say(_("animation speed ×{speed}").format(speed=f"{speed:g}"))
        elif key in FOCUS_KEYS:
            self._move_focus(key, bool(shift))
        elif key in PICK_KEYS:
            self._pick_or_drop()

    def _piles(self) -> list[Pile]:
        return self.table.view.layout.all_piles()

    def _move_focus(self, key: int, backwards: bool) -> None:
        layout = self.table.view.layout
        piles = self._piles()
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
        self.table.dirty = True

    def _pick_or_drop(self) -> None:
        table = self.table
        self.visible = True
        piles = self._piles()
        pile = piles[self.focus % len(piles)]
        state = table.session.state
        if pile.kind is PileKind.STOCK:
            table.turn_stock()
            return
        if table.selection is None:
            cards, hidden = pile_contents(state, pile)
            if not cards:
                table.say(_("{pile} is empty").format(pile=pile))
                return
            most = 1 if pile.kind is PileKind.FOUNDATION else len(cards) - hidden
            table.selection = (pile, longest_lift(table.session.rules, state, pile, most))
            table.say(_("picked up from {pile}: choose where with the arrows, then Space").format(pile=pile))
            return
        src, count = table.selection
        table.selection = None
        if src == pile:
            # TRANSLATORS: status bar: the cards picked up with the keyboard went back where they were
            table.say(_("put back"))
            return
        table.try_move(lambda: move_between(table.session.rules, state, src, pile, count))

    def ring(self) -> pygame.Rect | None:
        """The focused pile's top card (or slot), while keyboard play is under way."""
        if not self.visible:
            return None
        piles = self._piles()
        return self.table.view.top_rect(piles[self.focus % len(piles)])
