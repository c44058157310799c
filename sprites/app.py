"""The window, the clock and a small stack of scenes (the table, with overlays above it).

One `step()` drains events, advances animation and draws only when something changed, so tests
can drive the real loop one step at a time; `run()` blocks on events whenever nothing moves.
"""
from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.deals import random_deal_number  # noqa: E402
from game.moves import Move, PileKind  # noqa: E402
from game.session import Session  # noqa: E402
from game.variants import Variant, all_variants  # noqa: E402
from sounds import SoundPlayer  # noqa: E402

from .cards import forget_fonts  # noqa: E402
from .overlays import DealDialog, GameMenu, HelpOverlay, MessageOverlay, Overlay, WinOverlay  # noqa: E402
from .table import Table  # noqa: E402

DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (800, 600)
IDLE_WAIT_MS = 1000  # wake once a second while idle, to tick the clock in the status bar
FRAME_RATE = 120


class App:
    def __init__(
        self,
        session: Session,
        size: tuple[int, int] = DEFAULT_SIZE,
        *,
        now_ms: Callable[[], int] | None = None,
        record_to: TextIO | None = None,
        sound: bool = True,
        speed: float = 1.0,
        fullscreen: bool = False,
        hint: Callable[[Session], Move | None] | None = None,
    ) -> None:
        pygame.init()
        forget_fonts()
        pygame.display.set_caption("Solitaire")
        self.windowed_size = (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1]))
        self.fullscreen = False
        self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self._now = now_ms or (lambda: pygame.time.get_ticks())
        self.clock = pygame.time.Clock()
        self.sounds = SoundPlayer(enabled=sound)
        self.speed = speed
        self.record_to = record_to
        self.hint_provider = hint
        self.overlays: list[Overlay] = []
        self.running = True
        self.last_second = -1
        self.needs_draw = True
        self.table = Table(self, session)
        if fullscreen:
            self.toggle_fullscreen()

    # -- the loop ----------------------------------------------------------------------------------

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def busy(self) -> bool:
        return self.table.busy or any(o.busy for o in self.overlays) or (self.table.drag is not None and self.table.drag.moving)

    def step(self, block: bool = False) -> bool:
        """One pass: events, animation, drawing. Returns False once the player has quit."""
        events = pygame.event.get()
        if block and not events:
            first = pygame.event.wait(IDLE_WAIT_MS)
            events = ([first] if first.type != pygame.NOEVENT else []) + pygame.event.get()
        for event in events:
            self.handle(event)
            if not self.running:
                return False
        now = self.now_ms()
        moved = self.table.update(now)
        for overlay in self.overlays:
            moved = overlay.update(now) or moved
        second = int(self.table.session.elapsed)
        if second != self.last_second:
            self.last_second = second
            self.needs_draw = True
        if moved or self.needs_draw or self.table.dirty or any(o.dirty for o in self.overlays):
            self.draw()
        return self.running

    def run(self) -> None:
        while self.step(block=not self.busy):
            if self.busy:
                self.clock.tick(FRAME_RATE)
        self.close()

    def close(self) -> None:
        if self.record_to is not None:
            self.record_to.flush()
        pygame.quit()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.table.relayout()
            self.needs_draw = True
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_q and event.mod & pygame.KMOD_CTRL:
            self.quit()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        target = self.overlays[-1] if self.overlays else self.table
        target.handle(event)
        self.needs_draw = True

    def draw(self) -> None:
        self.table.draw(self.screen)
        for overlay in self.overlays:
            overlay.draw(self.screen)
        pygame.display.flip()
        self.needs_draw = False

    def now_ms(self) -> int:
        return self._now()

    # -- what the table asks of its host -----------------------------------------------------------

    @property
    def sound_on(self) -> bool:
        return self.sounds.enabled

    def play_sound(self, name: str) -> None:
        self.sounds.play(name)

    def toggle_sound(self) -> bool:
        on = self.sounds.toggle()
        self.setting_changed("sound", on)
        return on

    def record(self, line: str) -> None:
        if self.record_to is not None:
            self.record_to.write(line + "\n")
            self.record_to.flush()

    def moved(self, session: Session) -> None:
        """Called after every change of position (hook for saving)."""

    def setting_changed(self, name: str, value: object) -> None:
        """Called when the player changes a setting (hook for saving)."""

    def start_game(self, variant: Variant, number: int | None = None) -> None:
        session = Session(variant, number if number is not None else random_deal_number(), autoplay=self.table.session.autoplay)
        self.table.replace_session(session)
        self.needs_draw = True

    def choose_game(self) -> None:
        self.push_overlay(GameMenu(self, all_variants(), lambda v: self.start_game(v)))

    def ask_deal_number(self) -> None:
        self.push_overlay(DealDialog(self, lambda n: self.start_game(self.table.session.variant, n)))

    def show_help(self) -> None:
        self.push_overlay(HelpOverlay(self, self.table.session.variant))

    def toggle_fullscreen(self) -> None:
        try:
            if self.fullscreen:
                self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            else:
                self.windowed_size = self.size
                self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            self.fullscreen = not self.fullscreen
        except pygame.error as error:
            self.table.say(f"full screen is not available: {error}")
        self.table.relayout()
        self.needs_draw = True

    def quit(self) -> None:
        self.running = False

    def hint(self, session: Session) -> Move | None:
        if self.hint_provider is not None:
            return self.hint_provider(session)
        return next(iter(session.rules.legal_moves(session.state)), None)

    def game_won(self, session: Session) -> None:
        minutes, seconds = divmod(int(session.elapsed), 60)
        lines = [f"{session.variant.name}, deal #{session.deal_number}: won in {session.move_count} moves and {minutes}:{seconds:02d}."]
        view = self.table.view
        launch = [(rect, view.shown.foundations[p.index][-1]) for p, rect in view.layout.top_piles if p.kind is PileKind.FOUNDATION and view.shown and view.shown.foundations[p.index]]
        self.play_sound("win")
        self.push_overlay(WinOverlay(self, lines, lambda: self.start_game(session.variant), view.images, launch))

    def game_stuck(self, session: Session) -> None:
        self.play_sound("illegal")
        reason = session.rules.lost_reason(session.state) or "no legal move is left"
        self.push_overlay(MessageOverlay(
            self, "No moves left", [f"Deal #{session.deal_number} can go no further: {reason}. Undo, restart or start a new deal."],
            [("Undo", self.table.undo), ("Restart", self.table.restart), ("New", lambda: self.start_game(session.variant))],
        ))

    def offer_auto_finish(self, session: Session) -> None:
        self.push_overlay(MessageOverlay(
            self, "Finish the game?", ["Every card is face up and the stock is empty: the rest plays itself."],
            [("Finish", self.table.finish_automatically), ("Not now", lambda: None)],
        ))

    # -- overlays ------------------------------------------------------------------------------------

    def push_overlay(self, overlay: Overlay) -> None:
        self.table.cancel_drag()
        self.overlays.append(overlay)
        self.needs_draw = True

    def pop_overlay(self, overlay: Overlay) -> None:
        if overlay in self.overlays:
            self.overlays.remove(overlay)
        self.needs_draw = True


def open_record(path: str | None) -> TextIO | None:
    """The --record file, opened for appending so earlier games stay in it."""
    if path is None:
        return None
    return Path(path).open("a", encoding="utf-8", buffering=1)


def wall_clock_ms() -> int:
    return int(time.monotonic() * 1000)
