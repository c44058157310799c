"""The statistics screen: every game's record as a table, with a reset that asks first."""
from __future__ import annotations

import pygame

from game.stats import Stats, format_seconds, format_streak
from game.store import Store
from game.variants import all_variants

from .cards import font
from .overlays import MessageOverlay, Overlay, OverlayHost
from .widgets import BAR_TEXT, Button

COLUMNS = ("Game", "Played", "Won", "Win %", "Streak", "Best run", "Worst run", "Best time", "Fewest moves")
HIGHLIGHT = (255, 215, 70)


def row_of(name: str, stats: Stats) -> tuple[str, ...]:
    return (
        name, str(stats.played), str(stats.won), f"{stats.win_rate * 100:.0f}%", format_streak(stats.current_streak),
        str(stats.longest_winning_streak), str(stats.longest_losing_streak), format_seconds(stats.best_seconds),
        "-" if stats.fewest_moves is None else str(stats.fewest_moves),
    )


class StatisticsOverlay(Overlay):
    def __init__(self, host: OverlayHost, store: Store, current_key: str) -> None:
        super().__init__(host)
        self.store = store
        self.current_key = current_key
        self.buttons = [Button("Reset this game", self.ask_reset), Button("Close", self.close)]

    def rows(self) -> list[tuple[bool, tuple[str, ...]]]:
        known = self.store.all_statistics()
        names = {v.key: v.name for v in all_variants()}
        keys = [v.key for v in all_variants()] + sorted(k for k in known if k not in names)
        return [(key == self.current_key, row_of(names.get(key, key), known.get(key, Stats(key)))) for key in keys]

    def ask_reset(self) -> None:
        name = next((v.name for v in all_variants() if v.key == self.current_key), self.current_key)
        self.host.push_overlay(MessageOverlay(
            self.host, "Reset statistics?", [f"Forget every recorded {name} game? This cannot be undone."],
            [("Reset", self.reset), ("Keep them", lambda: None)],
        ))

    def reset(self) -> None:
        self.store.reset_statistics(self.current_key)
        self.dirty = True

    def draw_content(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        size = max(10, min(17, rect.width // 56))
        title = font(size + 8, bold=True).render("Statistics", True, BAR_TEXT)
        surface.blit(title, (rect.left + 24, rect.top + 16))
        table = [(False, COLUMNS)] + self.rows()
        widths = [max(font(size, bold=n == 0).size(row[i])[0] for n, (_, row) in enumerate(table)) + size for i in range(len(COLUMNS))]
        y = rect.top + 30 + size * 2
        for index, (current, row) in enumerate(table):
            x = rect.left + 24
            colour = HIGHLIGHT if current else BAR_TEXT
            for i, cell in enumerate(row):
                image = font(size, bold=index == 0).render(cell, True, colour)
                surface.blit(image, (x if i == 0 else x + widths[i] - image.get_width() - size // 2, y))
                x += widths[i]
            y += round(size * 1.6)
        self.place_buttons(rect)
