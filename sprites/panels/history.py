"""The games played of one game, newest first, opened from the statistics: when each ended, its deal,
how it ended, the player's moves and the time played (`solitaire stats --history` says the same)."""
from __future__ import annotations

import pygame

from game.i18n import N_, _, number
from solitaire.store import Store
from solitaire.store.stats import GameRecord, format_seconds

from ..deck.cards import font
from .overlays import Overlay, OverlayHost
from .widgets import Button, fitting_size

# TRANSLATORS: the heads of the list of games played (the statistics' "Games played" panel)
HEADS = (N_("Date"), N_("Deal"), N_("Result"), N_("Moves"), N_("Time"))
# TRANSLATORS: a game's end in the list of games played: won, lost (no move left), abandoned, or finished by Solve
RESULTS = {"won": N_("won"), "lost": N_("lost"), "abandoned": N_("abandoned"), "solved": N_("by solver")}


def history_row(record: GameRecord) -> tuple[str, ...]:
    result = _(RESULTS[record.result]) if record.result in RESULTS else record.result
    when = record.finished_at[:16].replace("T", " ")  # to the minute, in UTC as kept
    return (when, number(record.deal), result, number(record.moves), format_seconds(record.seconds))


class HistoryOverlay(Overlay):
    """As many of the latest games as the window holds, newest at the top, and how many there are."""

    def __init__(self, host: OverlayHost, store: Store, key: str, name: str) -> None:
        super().__init__(host)
        self.name = name
        self.records = list(reversed(store.games(key)))  # read once: no game ends while the panel is open
        self.buttons = [Button(_("Close"), self.close)]

    def retranslate(self) -> None:
        self.buttons[0].label = _("Close")
        self.dirty = True

    def draw_content(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        size = self.text_size()
        ink = self.ink
        title = _("Games played: {game}").format(game=self.name)
        heading = font(fitting_size([title], size + 8, rect.width - 48, bold=True), bold=True)
        surface.blit(heading.render(title, True, ink.text), (rect.left + 24, rect.top + 16))
        line = round(size * 1.5)
        top = rect.top + 30 + size * 2
        room = (rect.bottom - 24 - self.button_height() - 18 - line) - top
        shown = self.records[: max(0, room // line - 1)]
        rows = [tuple(_(head) for head in HEADS), *(history_row(record) for record in shown)]
        if not self.records:
            rows.append((_("No games recorded yet."), "", "", "", ""))
        text_font = font(size)
        widths = [max(text_font.size(row[i])[0] for row in rows) + size * 2 for i in range(len(HEADS))]
        for n, row in enumerate(rows):
            x = rect.left + 24
            colour = ink.text if n else ink.accent
            for cell, width in zip(row, widths):
                surface.blit(text_font.render(cell, True, colour), (x, top + n * line))
                x += width
        if len(self.records) > len(shown):
            more = _("the latest {shown} of {count} games").format(shown=number(len(shown)), count=number(len(self.records)))
            surface.blit(font(max(11, size * 4 // 5)).render(more, True, ink.quiet), (rect.left + 24, top + len(rows) * line))
        self.place_buttons(rect)
