"""The pause: the clock stopped and the cards hidden under the felt, so that pausing is not a way to
think for free, until any key or click (KPatience, AisleRiot and Microsoft's collection pause alike).

The window opens it for P and when it loses the focus or is minimised while the clock runs; the
session's own pause holds the clock, so the time recorded is the time played.
"""
from __future__ import annotations

from typing import Protocol

import pygame

from game.i18n import _
from game.session import Session

from ..deck.cards import font
from ..scene.keyboard import MODIFIER_KEYS
from .overlays import Overlay, OverlayHost
from .widgets import fitting_size, wrap_text


class Solver(Protocol):
    """The Solve button's player (implemented by `sprites.scene.assistant.Assistant`)."""

    @property
    def solving(self) -> bool: ...
    def stop(self, message: str) -> None: ...


def pause(host: OverlayHost, session: Session, solver: Solver, only_while_timed: bool = False, show_clock: bool = True) -> None:
    """Stop the clock and hide the cards until a key or a click (P), Solve stopped first. The window
    pauses by itself (`only_while_timed`) only while the clock runs: a finished or untouched game has
    no time to lose, and a player coming back to it would only find a panel to put away. The panel
    says the time played unless the player hid the clock (`show_clock`)."""
    if session.paused or (only_while_timed and (session.started is None or session.finished_seconds is not None)):
        return
    if solver.solving:
        solver.stop(_("stopped solving"))
    host.push_overlay(PauseOverlay(host, session, show_clock))


class PauseOverlay(Overlay):
    """The whole window covered, the clock of `session` held until the player comes back."""

    closes_on_click_outside = False

    def __init__(self, host: OverlayHost, session: Session, show_clock: bool = True) -> None:
        super().__init__(host)
        self.session = session
        self.show_clock = show_clock
        session.pause()

    def close(self) -> None:
        self.session.resume()
        super().close()

    def handle(self, event: pygame.event.Event) -> None:
        """Any key but a modifier alone (Alt on the way back from Alt+Tab), or any click, resumes."""
        if (event.type == pygame.KEYDOWN and event.key not in MODIFIER_KEYS) or event.type == pygame.MOUSEBUTTONDOWN:
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(self.host.look.palette.felt)  # no card shows through, not even shaded
        rect = surface.get_rect()
        size = self.text_size()
        title = _("Paused")
        title_font = font(fitting_size([title], size * 3, rect.width - 40, bold=True), bold=True)
        image = title_font.render(title, True, self.ink.text)
        surface.blit(image, image.get_rect(midbottom=(rect.centerx, rect.centery)))
        text_font = font(size)
        top = rect.centery + size
        for line in (line for text in self.lines() for line in wrap_text(text, size, rect.width - 60)):
            image = text_font.render(line, True, self.ink.quiet)
            surface.blit(image, image.get_rect(midtop=(rect.centerx, top)))
            top += round(size * 1.35)
        self.dirty = False

    def lines(self) -> list[str]:
        """What the panel says under "Paused": how to go on, and the time played unless the clock is hidden."""
        lines = [_("Press any key or click to go on playing.")]
        if self.show_clock:
            seconds = int(self.session.elapsed)
            # TRANSLATORS: under "Paused": the time played so far, e.g. "Time played: 3:07"
            lines.append(_("Time played: {time}").format(time=f"{seconds // 60}:{seconds % 60:02d}"))
        return lines
