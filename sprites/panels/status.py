"""The status bar along the bottom, and the note box above it for a message too long for the bar.

The bar shows the game's facts on the left and the latest message on the right. A message that would
be cut there (start-up notes name whole file paths, and at 800×600 the bar holds few words), or that
holds several notes a line each, is shown in full and wrapped in a box just above the bar instead. It
stays until the next message replaces it (any move clears the message) or the player clicks it or
presses Esc; a refusal ("can't go on ...") only until the player's next press or key, in a panel too:
no timer, so an idle window stays idle, and no panel, so the game keeps every key.

A save that failed (a full disk) is not such a message: the next move's message would wipe it while
the moves go on being lost. It is a banner just above the bar that stays until a save succeeds.

Given the sound's state and its switch, the bar ends in a speaker, drawn as shapes (no font needs a
glyph for it): with its waves while the sound is on, struck through while it is off; a click on it
switches the sound, as M does.
"""
from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import _, number
from game.session import Session

from ..deck.cards import font
from ..deck.contrast import NORMAL_INK, ChromePalette, ink_of
from ..deck.typeface import scaled
from ..window.layout import Layout
from ..window.speaker import speaker_image
from .rounded import draw_box
from .widgets import fit_text, fitting_size, wrap_text

MESSAGE = NORMAL_INK.message
TROUBLE = NORMAL_INK.trouble  # the banner of a failed save: unlike anything else on the table
CLOSE_MARK = "×"
EDGE = 10  # the bar's text inset from the window's sides
SPACING = 40  # the least room between the facts and the message


def _bar_font(layout: Layout, facts: str, speaker: int = 0) -> pygame.font.Font:
    """The bar's font: from the bar's height and the player's text size (never taller than the bar
    holds), smaller only when the facts (long in German) would not fit beside the speaker."""
    size = min(scaled(max(10, int(layout.status.height * 0.55))), layout.status.height * 3 // 4)
    return font(fitting_size([facts], size, layout.status.width - 2 * EDGE - speaker))


class StatusBar:
    """Draws the bar and the note box; where the message goes is decided at each full draw of the table.

    `sound_on` and `toggle_sound`, when given, put the speaker at the bar's right end."""

    def __init__(self, sound_on: Callable[[], bool] | None = None, toggle_sound: Callable[[], None] | None = None) -> None:
        self.note_rect: pygame.Rect | None = None  # where the note box is on screen, for a click to dismiss it
        self.note_lines: list[str] = []  # the message as the box shows it; while any, the bar leaves it out
        self.banner_rect: pygame.Rect | None = None  # where the failed save's banner is, while there is one
        self.sound_on = sound_on
        self.toggle_sound = toggle_sound
        self.speaker_rect: pygame.Rect | None = None  # where the speaker is drawn, for a click to switch the sound

    def speaker_width(self, layout: Layout) -> int:
        """The room the speaker takes at the bar's right end, with its spacing; 0 without one."""
        return layout.status.height + EDGE if self.sound_on is not None else 0

    def press(self, pos: tuple[int, int]) -> bool:
        """A click: on the speaker it switches the sound (True, the click is used); elsewhere nothing."""
        if self.speaker_rect is None or self.toggle_sound is None or not self.speaker_rect.collidepoint(pos):
            return False
        self.toggle_sound()
        return True

    def _message_room(self, layout: Layout, facts_width: int) -> int:
        return layout.status.width - 2 * EDGE - SPACING - facts_width - self.speaker_width(layout)

    def draw_banner(self, surface: pygame.Surface, layout: Layout, trouble: str) -> int:
        """The failed save's banner, full width just above the bar, wrapped rather than cut (the reason
        is the part that tells the player what to do); returns the top of what is drawn above the bar."""
        self.banner_rect = None
        if not trouble:
            return layout.status.top
        size = scaled(max(12, int(layout.status.height * 0.45)))
        text_font = font(size)
        lines = wrap_text(trouble, size, layout.width - 2 * EDGE)
        line_h = text_font.get_linesize()
        rect = pygame.Rect(0, 0, layout.width, len(lines) * line_h + EDGE)
        rect.bottom = layout.status.top
        ink = NORMAL_INK  # the banner is its own colours in every theme: it must look unlike the rest
        surface.fill(ink.trouble, rect)
        for n, line in enumerate(lines):
            surface.blit(text_font.render(line, True, ink.trouble_text), (EDGE, rect.top + EDGE // 2 + n * line_h))
        self.banner_rect = rect
        return rect.top

    def draw_note(self, surface: pygame.Surface, layout: Layout, facts: str, message: str, palette: ChromePalette,
                  bottom: int | None = None) -> None:
        """The box above the bar (or above `bottom`, the banner's top) when the message does not fit
        beside the facts; nothing otherwise."""
        bar_font = _bar_font(layout, facts, self.speaker_width(layout))
        self.note_rect, self.note_lines = None, []
        # Several notes at once come a line each, which the bar cannot show.
        room = self._message_room(layout, bar_font.size(facts)[0])
        if not message or ("\n" not in message and bar_font.size(message)[0] <= room):
            return
        ink = ink_of(palette)
        size = max(scaled(14), bar_font.get_height() - 1)
        text_font = font(size)
        pad = size
        close_w = text_font.size(CLOSE_MARK)[0] + pad
        width = min(layout.width - 2 * layout.gap, max(640, layout.width * 6 // 10))
        room = width - 2 * pad - close_w
        self.note_lines = lines = [line for note in message.split("\n") for line in wrap_text(note, size, room)]
        line_h = round(size * 1.35)
        rect = pygame.Rect(0, 0, width, len(lines) * line_h + 2 * pad - (line_h - text_font.get_height()))
        rect.midbottom = (layout.width // 2, (layout.status.top if bottom is None else bottom) - layout.gap)
        draw_box(surface, rect, 10, palette.panel, ink.accent, 2)
        for n, line in enumerate(lines):
            surface.blit(text_font.render(line, True, ink.message), (rect.left + pad, rect.top + pad + n * line_h))
        mark = text_font.render(CLOSE_MARK, True, ink.text)
        surface.blit(mark, mark.get_rect(topright=(rect.right - pad // 2 - 2, rect.top + pad // 2)))
        self.note_rect = rect

    def draw(self, surface: pygame.Surface, layout: Layout, facts: str, message: str, palette: ChromePalette) -> pygame.Rect:
        """The bar itself; returns the area drawn, for updating only it when just the clock moved."""
        surface.fill(palette.bar, layout.status)
        ink = ink_of(palette)
        speaker = self.speaker_width(layout)
        bar_font = _bar_font(layout, facts, speaker)
        left = bar_font.render(facts, True, ink.text)
        surface.blit(left, (layout.status.left + EDGE, layout.status.centery - left.get_height() // 2))
        # Cut only in the rare frame where the clock has widened the facts since the last full draw.
        shown = "" if self.note_lines else fit_text(bar_font, message, self._message_room(layout, left.get_width()))
        if shown:
            right = bar_font.render(shown, True, ink.message)
            right_end = layout.status.right - EDGE - speaker
            surface.blit(right, (right_end - right.get_width(), layout.status.centery - right.get_height() // 2))
        self.speaker_rect = None
        if self.sound_on is not None:
            side = layout.status.height - 4
            self.speaker_rect = pygame.Rect(layout.status.right - EDGE - side, layout.status.top + 2, side, side)
            surface.blit(speaker_image(side, self.sound_on(), ink.text), self.speaker_rect)
        return layout.status


def status_facts(session: Session, sound_on: bool | None, verdict: str, autoplay: bool | None = None, clock: bool = True) -> str:
    """The bar's left side: the game, the deal, the moves, the clock, what is switched off, the verdict.
    `sound_on` None leaves the sound out: the bar's speaker shows it. `autoplay` is the player's
    setting where it differs from the session's (Solve holds it off while it plays); `clock` False
    leaves the time out, for a player who would rather not be timed."""
    seconds = int(session.elapsed)
    autoplay = session.autoplay if autoplay is None else autoplay
    # TRANSLATORS: flags in the status bar (left side, after the clock), kept short
    flags = [] if autoplay or not session.rules.has_autoplay else [_("auto-play off")]
    if sound_on is False:
        # TRANSLATORS: status bar flag: the sound is off
        flags.append(_("muted"))
    if clock:
        # TRANSLATORS: the status bar's left side; keep it short, the window may be 800 pixels wide
        facts = _("{game}  ·  Deal #{deal}  ·  Moves {moves}  ·  {time}").format(
            game=session.variant.name, deal=session.deal_number, moves=session.move_count,
            time=f"{seconds // 60}:{seconds % 60:02d}")
    else:
        # TRANSLATORS: the status bar's left side with the clock hidden (a setting)
        facts = _("{game}  ·  Deal #{deal}  ·  Moves {moves}").format(
            game=session.variant.name, deal=session.deal_number, moves=session.move_count)
    score = session.total_score
    if session.scoring is not None and score is not None:
        # TRANSLATORS: the status bar's score: the way of scoring ("Vegas", "Standard") and the score
        facts += "  ·  " + _("{mode}: {score}").format(mode=session.scoring.name, score=number(score))
    if flags:
        facts += "  ·  " + ", ".join(flags)
    return f"{facts}  ·  {verdict}" if verdict else facts
