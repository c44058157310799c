"""The game chooser: every game as a tile with a picture of its table, its name and a line that
tells it from its neighbours; a FreeCell of any shape; the winnable-deals switch.

It holds any number of games: the tiles keep a size that shows the picture, the whole name beside
it and the whole line under both at the panel's text size (two or three across, one with larger
text in a small window),
and scroll (the wheel, the arrows and Tab, Page Up and Page Down) when they are more than the panel
shows. A word is never cut: the text shrinks only if one word alone is wider than its tile.
"""
from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import _, ngettext
from game.variant import Shapes, Variant
from game.variants import UnknownGame, customised, shaped_games, shapes_of

from ..deck.cards import font
from ..deck.contrast import ChromePalette, ink_of
from ..deck.typeface import scaled
from ..window.look import Look
from .overlays import PANEL_RADIUS, Overlay, OverlayHost, centred
from .rounded import draw_box
from .scrolling import draw_scroll_bar
from .table_picture import table_picture
from .widgets import Button, fitting_size, wrap_text

PICTURE_RATIO = 1.6  # a picture's width over its height
PICTURE_SHARE = 0.5  # of a tile's width, up to PICTURE_EMS text sizes (a tile alone across would get a poster)
PICTURE_EMS = 12
TILE_RADIUS = 10
GAP = 8  # between tiles, buttons and rows
TILE_EMS = 24  # the least width of a tile, in text sizes: a picture and a column of words beside it
SCROLL_WHEEL_LINES = 3


def game_line(variant: Variant) -> str:
    """The tile's line under the game's name: the game's own summary, begun with a capital."""
    line = variant.summary
    return line[:1].upper() + line[1:]


class GameTile(Button):
    """A game's tile: its table's picture, its name and its line; pressed, it starts the game. The
    chooser wraps the texts (`names`, `lines`) when it lays the tiles out. `frame` is the whole tile,
    scrolled where it is; `rect` the part of it in sight, which a click presses (empty out of sight)."""

    __slots__ = ("variant", "names", "lines", "frame", "look")

    def __init__(self, variant: Variant, action: Callable[[], None]) -> None:
        super().__init__(variant.name, action)
        self.variant = variant
        self.names: list[str] = []
        self.lines: list[str] = []
        self.frame = pygame.Rect(0, 0, 0, 0)
        self.look = Look()  # the player's, which the picture's cards and felt are drawn in (set as the chooser lays out)

    def picture_rect(self) -> pygame.Rect:
        width = picture_width(self.frame.width, self.text_size)
        return pygame.Rect(self.frame.left + GAP, self.frame.top + GAP, width, round(width / PICTURE_RATIO))

    def text_left(self) -> int:
        """Where the name's lines begin, right of the picture (the game's line begins at the tile's edge)."""
        return self.picture_rect().right + GAP

    def text_height(self) -> int:
        """The picture or the name, whichever is taller, then the game's line under both."""
        step = font(self.text_size).get_linesize()
        return max(self.picture_rect().height, step * len(self.names)) + GAP // 2 + step * len(self.lines)

    def draw(self, surface: pygame.Surface, palette: ChromePalette) -> None:
        """A rounded box lit when hovered or focused; the picture, the name beside it, the line under both."""
        ink = ink_of(palette)
        lit = self.hovered or self.focused
        draw_box(surface, self.frame, TILE_RADIUS, palette.button_hover if lit else palette.button,
                 ink.button_edge, 2 if ink.button_edge else 0)
        if self.focused:
            draw_box(surface, self.frame.inflate(6, 6), TILE_RADIUS + 3, None, ink.accent, 2)
        picture = self.picture_rect()
        surface.blit(table_picture(self.variant, picture.size, self.look), picture.topleft)
        text_font = font(self.text_size)
        step = text_font.get_linesize()
        y = picture.top + max(0, (picture.height - step * len(self.names)) // 2)
        for name in self.names:
            surface.blit(text_font.render(name, True, ink.text), (self.text_left(), y))
            y += step
        y = picture.top + max(picture.height, step * len(self.names)) + GAP // 2
        quiet = ink.text if lit else ink.quiet  # the lighter tile needs the brighter text
        for line in self.lines:
            surface.blit(text_font.render(line, True, quiet), (self.frame.left + GAP, y))
            y += step


def picture_width(tile_width: int, text_size: int) -> int:
    return min(round(tile_width * PICTURE_SHARE), text_size * PICTURE_EMS)


def text_room(tile_width: int, text_size: int) -> int:
    """How wide the name beside a tile's picture may be, in a tile `tile_width` wide."""
    return tile_width - 3 * GAP - picture_width(tile_width, text_size)


def words_fit(texts: list[str], size: int, room: int) -> bool:
    """Whether every word of `texts` fits `room` pixels alone: then wrapping breaks no word."""
    return all(font(size).size(word)[0] <= room for text in texts for word in text.split())


class GameMenu(Overlay):
    """Every game, a FreeCell of any shape (cells and columns, as `--cells` and `--columns` make), and
    the winnable-deals switch; while the deal-of-the-day switch is on, a tile starts its game's deal of the day."""

    def __init__(
        self, host: OverlayHost, variants: tuple[Variant, ...], choose: Callable[[Variant], None],
        toggle_winnable: Callable[[], None], winnable_only: Callable[[], bool], current: Variant,
        choose_daily: Callable[[Variant], None] | None = None,
    ) -> None:
        super().__init__(host)
        self.variants = variants
        self.choose = choose
        self.choose_daily = choose_daily  # a tile's deal of the day, while `daily` is on
        self.daily = False
        self.winnable_only = winnable_only
        self.shape = current if shapes_of(current) else shaped_games()[0][1][0]
        self.toggle = Button("", self._toggled(toggle_winnable))
        self.daily_toggle = Button("", self._toggle_daily, enabled=lambda: self.choose_daily is not None)
        self.shape_buttons = [
            Button("", self._reshape(-1, 0), enabled=lambda: self.shape.cells > self._shapes().least_cells),
            Button("", self._reshape(1, 0), enabled=lambda: self.shape.cells < self._shapes().most_cells),
            Button("", self._reshape(0, -1), enabled=lambda: self.shape.columns > self._shapes().least_columns),
            Button("", self._reshape(0, 1), enabled=lambda: self.shape.columns < self._shapes().most_columns),
            Button("", lambda: self._pick(self.shape)()),
        ]
        self.game_buttons: list[GameTile] = [GameTile(v, self._pick(v)) for v in variants]
        self.buttons = [*self.game_buttons, *self.shape_buttons, self.daily_toggle, self.toggle, Button("", self.close)]
        self.scroll = 0  # how far the tiles are scrolled up, in pixels
        self.tiles_area = pygame.Rect(0, 0, 0, 0)  # where the tiles show, as last laid out
        self.content_height = 0  # all the tiles' rows
        self._heading_top = 0  # where the shape's heading stands, under the tiles
        self.retranslate()

    def _shapes(self) -> Shapes:
        shapes = shapes_of(self.shape)
        assert shapes is not None  # the shape shown is always of a game that has shapes
        return shapes

    def retranslate(self) -> None:
        """Every label in the language of the moment (the toggle's is written at each draw)."""
        for tile, variant in zip(self.game_buttons, self.variants):
            tile.label = variant.name
        # TRANSLATORS: the game chooser's buttons that change the shape of a FreeCell (− and + are signs)
        labels = (_("− cell"), _("+ cell"), _("− column"), _("+ column"), _("Play this shape"))
        for button, label in zip(self.shape_buttons, labels):
            button.label = label
        self.buttons[-1].label = _("Cancel")
        self.dirty = True

    def _toggled(self, toggle: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            toggle()
            self.dirty = True
        return run

    def _toggle_daily(self) -> None:
        self.daily = not self.daily
        self.dirty = True

    def _reshape(self, cells: int, columns: int) -> Callable[[], None]:
        def run() -> None:
            try:
                self.shape = customised(self.shape, self.shape.cells + cells, self.shape.columns + columns)
            except UnknownGame:
                return  # at the end of its range, where the button shows disabled
            self.dirty = True
        return run

    def _pick(self, variant: Variant) -> Callable[[], None]:
        def run() -> None:
            self.close()
            if self.daily and self.choose_daily is not None:
                self.choose_daily(variant)
            else:
                self.choose(variant)
        return run

    def panel_rect(self) -> pygame.Rect:
        """Wider and taller than other panels, up to 10 px from the window's top and bottom."""
        w, h = self.host.size
        panel = centred(self.host.size, max(1000, w * 7 // 10), max(700, h * 85 // 100))
        height = min(h - 20, max(700, h * 85 // 100))
        return pygame.Rect(panel.left, (h - height) // 2, panel.width, height)

    def _shape_heading(self) -> str:
        # TRANSLATORS: the game chooser's line above the shape buttons, e.g. "FreeCell of any shape: 4 cells, 8 columns"
        return _("{game} of any shape: {cells}, {columns}").format(
            game=self.shape.base_name,
            cells=ngettext("{n} cell", "{n} cells", self.shape.cells).format(n=self.shape.cells),
            columns=ngettext("{n} column", "{n} columns", self.shape.columns).format(n=self.shape.columns),
        )

    # -- layout ----------------------------------------------------------------------------------------

    def _rows_size(self, rect: pygame.Rect) -> int:
        """The text size of the rows under the tiles: the panel's, smaller until the shape's heading,
        its buttons and the last row fit across the panel."""
        size = self.text_size()
        while size > 9:
            row_height = self._row_height(size)
            shape_row = sum(font(size).size(b.label)[0] + row_height for b in self.shape_buttons) + GAP * 4
            last_row = sum(font(size).size(b.label)[0] + row_height for b in self.buttons[-3:]) + 2 * GAP
            if max(shape_row, last_row, font(size).size(self._shape_heading())[0]) <= rect.width - 40:
                break
            size -= 1
        return size

    def _tiling(self, area: pygame.Rect) -> tuple[int, int, int]:
        """How many tiles across, a tile's width and the tiles' text size: as many across as leave each
        tile `TILE_EMS` text sizes wide (at most three); the text shrinks only for a word too wide."""
        size = self.text_size()
        columns = max(1, min(3, (area.width + GAP) // (size * TILE_EMS + GAP)))
        width = (area.width - GAP * (columns - 1)) // columns
        names = [tile.label for tile in self.game_buttons]
        lines = [game_line(tile.variant) for tile in self.game_buttons]
        while size > 9 and not (words_fit(names, size, text_room(width, size)) and words_fit(lines, size, width - 2 * GAP)):
            size -= 1
        return columns, width, size

    def lay_out(self, rect: pygame.Rect) -> None:
        """Every button's place; the tiles' at the scroll of the moment (those outside the area are
        drawn clipped and take no click there)."""
        self.toggle.label = _("Winnable deals only: on") if self.winnable_only() else _("Winnable deals only: off")
        # TRANSLATORS: the game chooser's switch: while on, a game's tile starts its deal of the day
        self.daily_toggle.label = _("Deal of the day: on") if self.daily else _("Deal of the day: off")
        rows_size = self._rows_size(rect)
        row_height = self._row_height(rows_size)
        top = rect.top + self._title_height(rect)
        bottom = rect.bottom - 18 - row_height - GAP - row_height - GAP - font(rows_size).get_linesize() - 3 * GAP
        self.tiles_area = pygame.Rect(rect.left + 20, top, rect.width - 40, max(0, bottom - top))
        columns, width, size = self._tiling(self.tiles_area)
        for tile in self.game_buttons:
            tile.look = self.host.look
            tile.text_size = size
            tile.frame = pygame.Rect(0, 0, width, 0)
            tile.names = wrap_text(tile.label, size, text_room(width, size))
            tile.lines = wrap_text(game_line(tile.variant), size, width - 2 * GAP)
        rows = [self.game_buttons[at: at + columns] for at in range(0, len(self.game_buttons), columns)]
        heights = [max(tile.text_height() for tile in row) + 2 * GAP for row in rows]  # each row as tall as it needs
        self.content_height = sum(heights) + GAP * (len(rows) - 1)
        self.scroll = max(0, min(self.scroll, self.content_height - self.tiles_area.height))
        y = self.tiles_area.top - self.scroll
        for row, height in zip(rows, heights):
            for side, tile in enumerate(row):
                tile.frame = pygame.Rect(self.tiles_area.left + side * (width + GAP), y, width, height)
                in_sight = tile.frame.clip(self.tiles_area)
                tile.rect = in_sight if in_sight else pygame.Rect(self.tiles_area.topleft, (0, 0))
            y += height + GAP
        y = self.tiles_area.bottom + 2 * GAP
        self._heading_top = y
        y += font(rows_size).get_linesize() + GAP
        self._row(self.shape_buttons, rect.centerx, y, rows_size, row_height)
        self._row(self.buttons[-3:], rect.centerx, rect.bottom - row_height - 18, rows_size, row_height)

    @staticmethod
    def _row_height(size: int) -> int:
        return round(size * 2.1)

    @staticmethod
    def _title_size(rect: pygame.Rect) -> int:
        """The title's text size: from the panel's height, at the player's text size (within reason)."""
        return min(scaled(max(16, rect.height // 18)), rect.height // 12)

    def _title_height(self, rect: pygame.Rect) -> int:
        return 16 + self._title_size(rect) + GAP * 2

    @staticmethod
    def _row(buttons: list[Button], centre: int, top: int, size: int, height: int) -> None:
        """Buttons side by side, centred, each as wide as its label and the same size."""
        widths = [font(size).size(b.label)[0] + height for b in buttons]
        x = centre - (sum(widths) + GAP * (len(widths) - 1)) // 2
        for button, width in zip(buttons, widths):
            button.text_size = size
            button.rect = pygame.Rect(x, top, width, height)
            x += width + GAP

    # -- scrolling ---------------------------------------------------------------------------------------

    @property
    def scrolls(self) -> bool:
        return self.content_height > self.tiles_area.height

    def scroll_by(self, pixels: int) -> None:
        self.scroll = max(0, min(self.scroll + pixels, self.content_height - self.tiles_area.height))
        self.lay_out(self.panel_rect())
        self.dirty = True

    def _show_focused(self) -> None:
        """The focused tile scrolled into the area, as Tab and the arrows walk the tiles."""
        focused = self.buttons[self.focus % len(self.buttons)]
        if not isinstance(focused, GameTile):
            return
        area = self.tiles_area
        if focused.frame.top < area.top:
            self.scroll_by(focused.frame.top - area.top)
        elif focused.frame.bottom > area.bottom:
            self.scroll_by(focused.frame.bottom - area.bottom)

    def handle(self, event: pygame.event.Event) -> None:
        self.lay_out(self.panel_rect())
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * SCROLL_WHEEL_LINES * font(self.game_buttons[0].text_size).get_linesize())
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll_by(self.tiles_area.height * (1 if event.key == pygame.K_PAGEDOWN else -1))
            return
        super().handle(event)
        if event.type == pygame.KEYDOWN:
            self._show_focused()

    # -- drawing -----------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.panel_rect()
        palette = self.host.look.palette
        draw_box(surface, rect, PANEL_RADIUS, palette.panel, palette.panel_edge, 2)
        self.lay_out(rect)
        self.draw_content(surface, rect)
        clip = surface.get_clip()
        for index, button in enumerate(self.buttons):
            button.focused = index == self.focus % len(self.buttons)
            if isinstance(button, GameTile):
                if not button.rect:
                    continue  # out of sight
                surface.set_clip(self.tiles_area.clip(clip))
            button.draw(surface, palette)
            surface.set_clip(clip)
        self.dirty = False

    def draw_content(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        ink = self.ink
        title_font = font(fitting_size([_("Choose a game")], self._title_size(rect), rect.width - 40, bold=True), bold=True)
        title = title_font.render(_("Choose a game"), True, ink.text)
        surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.top + 16)))
        if self.scrolls:
            draw_scroll_bar(surface, ink, self.tiles_area, self.content_height, self.scroll)
        rows_size = self._rows_size(rect)
        draw_box(surface, pygame.Rect(rect.left + 20, self._heading_top - GAP, rect.width - 40, 1), 0, ink.quiet)
        heading = font(rows_size).render(self._shape_heading(), True, ink.text)
        surface.blit(heading, heading.get_rect(midtop=(rect.centerx, self._heading_top)))
