"""The table's toolbar: its buttons, each a command the table applies, laid out along the bar.

Playing on the left; on the right, apart from them, what changes the game or looks beyond it (Solve
too, so a stray click beside Hint never plays the game out).
"""
from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import _
from game.session import Session

from ..deck.contrast import ChromePalette
from ..panels.widgets import Button, lay_out_buttons
from .intents import Command, Intent

RIGHT_GROUP = 5  # the toolbar's buttons from Solve on stand at its right end


class Toolbar:
    """The buttons; `apply` is the table's, `session` reads the game of the moment (for what is enabled)."""

    def __init__(self, apply: Callable[[Intent], None], session: Callable[[], Session]) -> None:
        self.apply = apply
        self.session = session
        self.buttons = self._make_buttons()

    def _make_buttons(self) -> list[Button]:
        def doing(command: Command) -> Callable[[], None]:
            return lambda: self.apply(command)

        return [
            # TRANSLATORS: the toolbar's buttons: eleven share one row of an 800-pixel window, so keep them short
            Button(_("New deal"), doing(Command.NEW_DEAL)),
            Button(_("Restart"), doing(Command.RESTART), enabled=lambda: not self.session().at_start),
            Button(_("Undo"), doing(Command.UNDO), enabled=lambda: self.session().can_undo),
            Button(_("Redo"), doing(Command.REDO), enabled=lambda: self.session().can_redo),
            Button(_("Hint"), doing(Command.HINT)),
            Button(_("Solve"), doing(Command.SOLVE)),
            # TRANSLATORS: toolbar button that opens the game chooser
            Button(_("Game"), doing(Command.CHOOSE_GAME)),
            # TRANSLATORS: toolbar button that asks for a deal number
            Button(_("Deal #"), doing(Command.ASK_DEAL_NUMBER)),
            # TRANSLATORS: toolbar button that opens the statistics
            Button(_("Stats"), doing(Command.STATISTICS)),
            Button(_("Settings"), doing(Command.SETTINGS)),
            Button(_("Help"), doing(Command.HELP)),
        ]

    def lay_out(self, bar: pygame.Rect) -> None:
        lay_out_buttons(self.buttons, bar, right_from=RIGHT_GROUP)

    def retranslate(self, bar: pygame.Rect) -> None:
        """Another language: the labels anew, laid out again to their new widths."""
        self.buttons = self._make_buttons()
        self.lay_out(bar)

    def draw(self, surface: pygame.Surface, bar: pygame.Rect, palette: ChromePalette) -> None:
        surface.fill(palette.bar, bar)
        for button in self.buttons:
            button.draw(surface, palette)
