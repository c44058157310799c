"""The statistics screen: every game's record as a table, the games played of the game on the table
(`history`), and a reset that asks first."""
from __future__ import annotations

import pygame

from game.i18n import N_, _, number, percent
from game.variants import all_variants
from solitaire.store import Store
from solitaire.store.stats import Stats, format_best_scores, format_days, format_seconds, format_streak

from ..deck.cards import font
from ..deck.typeface import scaled
from .overlays import MessageOverlay, Overlay, OverlayHost, centred
from .scrolling import Scroller
from .widgets import Button, fit_text, wrap_text

COLUMNS = (
    # TRANSLATORS: the statistics table's column heads: twelve columns share an 800-pixel window, keep them short
    N_("Game"), N_("Played"), N_("Won"), N_("Win %"), N_("Streak"), N_("Best run"), N_("Worst run"), N_("Best time"),
    N_("Fewest moves"), N_("By solver"), N_("Hints"), N_("Best score"),
)
SIDE = 24  # the table's margin inside the panel

LEAST_WHOLE = 11  # the least text size at which every name is shown whole
LEAST_READ = 14  # the table's text at the normal text size; where the table is too wide for it, a list


def row_of(name: str, stats: Stats) -> tuple[str, ...]:
    return (
        name, number(stats.played), number(stats.won), percent(stats.win_rate) if stats.played else "-",
        format_streak(stats.current_streak),
        number(stats.longest_winning_streak), number(stats.longest_losing_streak), format_seconds(stats.best_seconds),
        "-" if stats.fewest_moves is None else number(stats.fewest_moves), number(stats.solved), number(stats.hints),
        format_best_scores(stats),
    )


class StatisticsOverlay(Overlay):
    def __init__(self, host: OverlayHost, store: Store, current_key: str) -> None:
        super().__init__(host)
        self.store = store
        self.current_key = current_key
        self.buttons = [Button(_("Reset this game"), self.ask_reset), Button(_("Games played"), self.show_history),
                        Button(_("Close"), self.close)]
        self.focus = 2  # Enter closes: the ring does not start on the button that forgets a record
        self._rows: list[tuple[bool, tuple[str, ...]]] | None = None
        self._days: str | None = None  # the deal of the day's line, read with the rows
        self.scroller = Scroller()  # the rows (or the list of games) scroll when taller than the panel
        self._to_current = True  # the first drawing scrolls to the game on the table

    def retranslate(self) -> None:
        self.buttons[0].label, self.buttons[1].label, self.buttons[2].label = _("Reset this game"), _("Games played"), _("Close")
        self._rows = self._days = None  # the games' names and the numbers, written anew in the language
        self.dirty = True

    def rows(self) -> list[tuple[bool, tuple[str, ...]]]:
        """Each game's row, the one being played marked; read once (no game ends while the panel is open)
        rather than at every redraw, which the pointer's hovering over a button asks for."""
        if self._rows is None:
            known = self.store.all_statistics()
            names = {v.key: v.name for v in all_variants()}
            keys = [v.key for v in all_variants()] + sorted(k for k in known if k not in names)
            self._rows = [(key == self.current_key, row_of(names.get(key, key), known.get(key, Stats(key)))) for key in keys]
        return self._rows

    def show_history(self) -> None:
        from .history import HistoryOverlay

        name = next((v.name for v in all_variants() if v.key == self.current_key), self.current_key)
        self.host.push_overlay(HistoryOverlay(self.host, self.store, self.current_key, name))

    def ask_reset(self) -> None:
        def texts() -> tuple[str, list[str], list[str]]:
            name = next((v.name for v in all_variants() if v.key == self.current_key), self.current_key)
            return (
                _("Reset statistics?"), [_("Forget every recorded {game} game? This cannot be undone.").format(game=name)],
                [_("Reset"), _("Keep them")],
            )

        title, lines, labels = texts()
        question = MessageOverlay(self.host, title, lines, list(zip(labels, (self.reset, lambda: None))), retext=texts)
        self.host.push_overlay(question)

    def reset(self) -> None:
        self.store.reset_statistics(self.current_key)
        self._rows = self._days = None
        self.dirty = True

    def panel_rect(self) -> pygame.Rect:
        """As wide as the table needs (or the window, where the games are listed one under another),
        and as tall as its rows and the buttons need, up to the window's height."""
        w, h = self.host.size
        size = self._size()
        fitted, widths = self._fit(self._table(), w - 40 - 2 * SIDE)
        if fitted >= size:
            width = max(super().panel_rect().width, sum(widths) + 2 * SIDE)
            body = round(fitted * 1.6) * len(self.rows()) + self._head_height(fitted)
        else:
            width = w - 40
            body = _list_height(self._listed(size, width - 2 * SIDE - 20), size)
        height = self._table_top(size) + body + 24 + self.button_height() + 18
        return centred(self.host.size, width, min(height, h - 40))

    def _size(self) -> int:
        """The table's text size: 14 px at the normal text size, larger with the player's."""
        return scaled(LEAST_READ)

    def _table(self) -> list[tuple[bool, tuple[str, ...]]]:
        return [(False, _headings())] + self.rows()

    @staticmethod
    def _table_top(size: int) -> int:
        """Below the title and the deal of the day's line."""
        return 30 + size * 2 + round(size * 1.5)

    def _days_line(self) -> str:
        """The deal of the day's line of the game on the table (`format_days`), read once as the rows are."""
        if self._days is None:
            stats = self.store.statistics(self.current_key)
            name = next((v.name for v in all_variants() if v.key == self.current_key), self.current_key)
            self._days = _("Deal of the day, {game}: {days}").format(game=name, days=format_days(stats))
        return self._days

    @staticmethod
    def _head_height(size: int) -> int:
        """The heads take two lines (a head of two words is written one above the other)."""
        return round(size * 1.25) * 2 + size // 2

    def handle(self, event: pygame.event.Event) -> None:
        if self.scroller.handle(event):
            self.dirty = True
            return
        super().handle(event)

    def draw_content(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        size = self._size()
        ink = self.ink
        title = font(size + 8, bold=True).render(_("Statistics"), True, ink.text)
        surface.blit(title, (rect.left + SIDE, rect.top + 16))
        days = fit_text(font(size), self._days_line(), rect.width - 2 * SIDE)
        surface.blit(font(size).render(days, True, ink.text), (rect.left + SIDE, rect.top + 22 + size * 2))
        table = self._table()
        fitted, widths = self._fit(table, rect.width - 2 * SIDE)
        top = rect.top + self._table_top(size)
        bottom = rect.bottom - 24 - self.button_height() - 18
        clip = surface.get_clip()
        if fitted >= size:
            self._draw_heads(surface, table[0][1], widths, rect.left + SIDE, top, fitted)
            view = pygame.Rect(rect.left + SIDE, top + self._head_height(fitted), rect.width - 2 * SIDE, 0)
            view.height = bottom - view.top
            self.scroller.lay_out(view, round(fitted * 1.6) * len(table[1:]), round(fitted * 1.6))
            self._scroll_to_current([round(fitted * 1.6)] * len(table[1:]))
            surface.set_clip(view.clip(clip))
            self._draw_rows(surface, table[1:], widths, view.top - self.scroller.scroll, fitted)
        else:
            view = pygame.Rect(rect.left + SIDE, top, rect.width - 2 * SIDE - 20, bottom - top)
            listed = self._listed(size, view.width)
            step = round(size * 1.35)
            self.scroller.lay_out(view, _list_height(listed, size), step)
            self._scroll_to_current([_list_height([game], size) for game in listed])
            surface.set_clip(view.clip(clip))
            self._draw_list(surface, listed, view.left, view.top - self.scroller.scroll, size)
        surface.set_clip(clip)
        self.scroller.draw_bar(surface, ink)
        self.place_buttons(rect)

    def _scroll_to_current(self, heights: list[int]) -> None:
        """Once, as the panel first shows: the game on the table in sight, as high as the body lets it."""
        if self._to_current:
            self._to_current = False
            at = next((i for i, (current, _row) in enumerate(self.rows()) if current), 0)
            self.scroller.scroll_by(sum(heights[:at]))

    def _draw_rows(self, surface: pygame.Surface, rows: list[tuple[bool, tuple[str, ...]]], widths: list[int], y: int,
                   size: int) -> None:
        """The table's rows: each game's name and its figures under the heads, the game on the table marked."""
        text_font = font(size)
        for current, row in rows:
            x = self.scroller.view.left
            colour = self.ink.accent if current else self.ink.text
            for i, cell in enumerate(row):
                shown = fit_text(text_font, cell, widths[i] - size // 2) if i == 0 else cell
                image = text_font.render(shown, True, colour)
                surface.blit(image, (x if i == 0 else x + widths[i] - image.get_width() - size // 2, y))
                x += widths[i]
            y += round(size * 1.6)

    def _listed(self, size: int, width: int) -> list[tuple[bool, list[str], list[str]]]:
        """Each game as lines, where the table is too wide for the window at the player's text size (as
        the anchors show one game's record at a time): its name, then its figures each after its head."""
        heads = _headings()
        listed = []
        for current, row in self.rows():
            figures = " · ".join(f"{head} {figure}" for head, figure in zip(heads[1:], row[1:]))
            listed.append((current, wrap_text(row[0], size, width, bold=True), wrap_text(figures, size, width)))
        return listed

    def _draw_list(self, surface: pygame.Surface, listed: list[tuple[bool, list[str], list[str]]], x: int, y: int,
                   size: int) -> None:
        """The games listed: each name in bold (the game on the table marked), its figures under it."""
        step = round(size * 1.35)
        for current, names, figures in listed:
            for line in names:
                surface.blit(font(size, bold=True).render(line, True, self.ink.accent if current else self.ink.text), (x, y))
                y += step
            for line in figures:
                surface.blit(font(size).render(line, True, self.ink.accent if current else self.ink.text), (x, y))
                y += step
            y += size // 2

    def _draw_heads(self, surface: pygame.Surface, heads: tuple[str, ...], widths: list[int], x: int, y: int, size: int) -> None:
        """Each head on two lines, bottom-aligned over its column (left over the names, right over figures)."""
        head_font, line = font(size, bold=True), round(size * 1.25)
        for i, head in enumerate(heads):
            lines = split_head(head)
            for n, text in enumerate(lines):
                image = head_font.render(text, True, self.ink.text)
                top = y + (2 - len(lines) + n) * line
                surface.blit(image, (x if i == 0 else x + widths[i] - image.get_width() - size // 2, top))
            x += widths[i]

    @staticmethod
    def _fit(table: list[tuple[bool, tuple[str, ...]]], room: int) -> tuple[int, list[int]]:
        """The largest text size (up to 17, times the player's text size) whose columns fit across
        `room`, and their widths.

        Whole names come first, down to a size still easy to read; only below that does a game's
        name give way, ending in an ellipsis where it passes the room the figures leave it (a German
        Klondike's name is 35 letters long). Down to 8 for the longer heads of some languages."""
        def natural(size: int) -> list[int]:
            heads, rows = table[0][1], [row for _current, row in table[1:]]
            return [max([_head_width(heads[i], size)] + [font(size).size(row[i])[0] for row in rows]) + size
                    for i in range(len(COLUMNS))]

        for size in range(scaled(17), LEAST_WHOLE - 1, -1):
            widths = natural(size)
            if sum(widths) <= room:
                return size, widths
        for size in range(LEAST_WHOLE, 7, -1):
            widths = natural(size)
            widths[0] = min(widths[0], max(room // 4, room - sum(widths[1:])))
            if sum(widths) <= room:
                break
        return size, widths


def _list_height(listed: list[tuple[bool, list[str], list[str]]], size: int) -> int:
    """How tall the games listed one under another are: their lines, and half a line between games."""
    return sum((len(names) + len(figures)) * round(size * 1.35) + size // 2 for _current, names, figures in listed)


def split_head(head: str) -> list[str]:
    """A column head as its lines: two words or more split where the two lines come out most even,
    unless a sign would stand alone on a line."""
    words = head.split()
    if len(words) < 2 or min(len(word) for word in words) < 2:  # "Win %" stays whole
        return [head]
    cut = min(range(1, len(words)), key=lambda n: abs(len(" ".join(words[:n])) - len(" ".join(words[n:]))))
    return [" ".join(words[:cut]), " ".join(words[cut:])]


def _head_width(head: str, size: int) -> int:
    return max(font(size, bold=True).size(line)[0] for line in split_head(head))


def _headings() -> tuple[str, ...]:
    return tuple(_(heading) for heading in COLUMNS)
