"""The game chooser: every game as a tile with a picture of its table, its name and a line that
tells it from its neighbours; a FreeCell of any shape; the winnable-deals switch.

Everything in it is written in one text size (the title aside), the largest at which every name,
the shape's line and the buttons fit the panel; a game's line gives way with an ellipsis first.
"""
from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import _, ngettext
from game.variant import Shapes, Variant
from game.variants import UnknownGame, customised, shaped_games, shapes_of

from ..deck.cards import font
from ..deck.contrast import ChromePalette, ink_of
from .overlays import Overlay, OverlayHost, centred
from .rounded import draw_box
from .table_picture import table_picture
from .widgets import Button, fit_text, fitting_size, wrap_text

PICTURE_RATIO = 1.6  # a picture's width over its height
GAP = 8  # between tiles, buttons and rows


def game_line(variant: Variant) -> str:
    """The tile's line under the game's name: the game's own summary, begun with a capital."""
    line = variant.summary
    return line[:1].upper() + line[1:]


class GameTile(Button):
    """A game's tile: its table's picture, its name and its line; pressed, it starts the game."""

    __slots__ = ("variant",)

    def __init__(self, variant: Variant, action: Callable[[], None]) -> None:
        super().__init__(variant.name, action)
        self.variant = variant

    def draw(self, surface: pygame.Surface, palette: ChromePalette) -> None:
        """The tile as a button would be drawn, with no label; then the picture, the name (on two
        lines when it is long) and the game's line."""
        label, self.label = self.label, ""
        super().draw(surface, palette)
        self.label = label
        inner = self.rect.inflate(-2 * GAP, -GAP)
        picture = table_picture(self.variant, (round(inner.height * PICTURE_RATIO), inner.height), palette.felt)
        surface.blit(picture, inner.topleft)
        text_left = inner.left + picture.get_width() + GAP
        ink = ink_of(palette)
        names, lines = tile_text(self.label, game_line(self.variant), self.text_size, self.rect) or (
            wrap_text(self.label, self.text_size, text_room(self.rect)), []  # a name that fills its tile: no line
        )
        text_font = font(self.text_size)
        step = text_font.get_linesize()
        y = inner.top + (inner.height - step * (len(names) + len(lines))) // 2
        quiet = ink.text if self.hovered or self.focused else ink.quiet  # the lighter tile needs the brighter text
        for text, colour in [(name, ink.text) for name in names] + [(line, quiet) for line in lines]:
            surface.blit(text_font.render(text, True, colour), (text_left, y))
            y += step


def text_room(tile: pygame.Rect) -> int:
    """How wide the text beside a tile's picture may be."""
    inner = tile.inflate(-2 * GAP, -GAP)
    return inner.width - round(inner.height * PICTURE_RATIO) - GAP


def tile_text(name: str, line: str, size: int, tile: pygame.Rect) -> tuple[list[str], list[str]] | None:
    """A tile's name (at most three lines) and its game's line in the lines left, the last one cut
    short if it must be; None when the name does not fit with a line under it."""
    room, capacity = text_room(tile), (tile.height - GAP) // font(size).get_linesize()
    names = wrap_text(name, size, room)
    if len(names) > 3 or len(names) >= capacity:
        return None
    lines, left = wrap_text(line, size, room), capacity - len(names)
    if len(lines) > left:
        lines = lines[: left - 1] + [fit_text(font(size), " ".join(lines[left - 1:]), room)]
    return names, lines


def line_is_whole(line: str, size: int, tile: pygame.Rect, names: int) -> bool:
    capacity = (tile.height - GAP) // font(size).get_linesize()
    return len(wrap_text(line, size, text_room(tile))) <= capacity - names


class GameMenu(Overlay):
    """Every game, a FreeCell of any shape (cells and columns, as `--cells` and `--columns` make), and
    the winnable-deals switch."""

    def __init__(
        self, host: OverlayHost, variants: tuple[Variant, ...], choose: Callable[[Variant], None],
        toggle_winnable: Callable[[], None], winnable_only: Callable[[], bool], current: Variant,
    ) -> None:
        super().__init__(host)
        self.variants = variants
        self.choose = choose
        self.winnable_only = winnable_only
        self.shape = current if shapes_of(current) else shaped_games()[0][1][0]
        self.toggle = Button("", self._toggled(toggle_winnable))
        self.shape_buttons = [
            Button("", self._reshape(-1, 0), enabled=lambda: self.shape.cells > self._shapes().least_cells),
            Button("", self._reshape(1, 0), enabled=lambda: self.shape.cells < self._shapes().most_cells),
            Button("", self._reshape(0, -1), enabled=lambda: self.shape.columns > self._shapes().least_columns),
            Button("", self._reshape(0, 1), enabled=lambda: self.shape.columns < self._shapes().most_columns),
            Button("", lambda: self._pick(self.shape)()),
        ]
        self.game_buttons: list[Button] = [GameTile(v, self._pick(v)) for v in variants]
        self.buttons = self.game_buttons + self.shape_buttons + [self.toggle, Button("", self.close)]
        self.retranslate()

    def _shapes(self) -> Shapes:
        shapes = shapes_of(self.shape)
        assert shapes is not None  # the shape shown is always of a game that has shapes
        return shapes

    def retranslate(self) -> None:
        """Every label in the language of the moment (the toggle's is written at each draw)."""
        for button, variant in zip(self.game_buttons, self.variants):
            button.label = variant.name
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
            self.choose(variant)
        return run

    def panel_rect(self) -> pygame.Rect:
        """Wider and taller than other panels, up to 10 px from the window's top and bottom: the tiles
        need the room (sixteen games at 800x600)."""
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

    def _text_size(self, rect: pygame.Rect, tile: pygame.Rect) -> int:
        """The one text size: the panel's, smaller until every name fits beside its picture on at most
        two lines with its game's line under it, and the shape's heading, the shape buttons and the
        last row fit across the panel; and smaller still, within a quarter, for the games' lines to
        be whole."""
        size = self.text_size()
        least_for_lines = max(13, size * 3 // 4)  # the lines shrink the text this far; then they are cut
        while size > 9:
            row_height = self._row_height(size)
            texts = [(tile_text(b.label, game_line(v), size, tile), v) for b, v in zip(self.game_buttons, self.variants)]
            shape_row = sum(font(size).size(b.label)[0] + row_height for b in self.shape_buttons) + GAP * 4
            last_row = sum(font(size).size(b.label)[0] + row_height for b in self.buttons[-2:]) + GAP
            across = max(shape_row, last_row, font(size).size(self._shape_heading())[0]) <= rect.width - 40
            if across and all(text is not None for text, _v in texts):
                whole = all(line_is_whole(game_line(v), size, tile, len(text[0])) for text, v in texts if text is not None)
                if whole or size <= least_for_lines:
                    break
            size -= 1
        return size

    @staticmethod
    def _row_height(size: int) -> int:
        return round(size * 2.1)

    def _tiles_room(self, rect: pygame.Rect) -> int:
        """The height the title, the shape's rows and the last row leave for the tiles."""
        size = self.text_size()
        heading = font(size).get_linesize() + GAP  # the shape's heading, under a rule
        return rect.height - self._title_height(rect) - heading - 2 * self._row_height(size) - 5 * GAP - 18

    def _tiling(self, rect: pygame.Rect) -> tuple[int, pygame.Rect, int]:
        """How many tiles across, a tile's size and the text size: the tiling whose text is largest
        (two across while every name and line fit; three or four as games are added)."""
        best: tuple[bool, int, int, pygame.Rect] | None = None
        for columns in (2, 3, 4):
            tile = pygame.Rect(0, 0, (rect.width - 40 - GAP * (columns - 1)) // columns, self._tile_height(rect, columns))
            rows = -(-len(self.game_buttons) // columns)
            if rows * (tile.height + GAP) > self._tiles_room(rect) and columns < 4:
                continue  # the tiles would run past the shape's row
            size = self._text_size(rect, tile)
            fits = all(tile_text(b.label, game_line(v), size, tile) for b, v in zip(self.game_buttons, self.variants))
            if best is None or (fits, size) > best[:2]:
                best = (fits, size, columns, tile)
        assert best is not None  # four across always counts
        _fits, size, columns, tile = best
        return columns, tile, size

    def _tile_height(self, rect: pygame.Rect, columns: int) -> int:
        """Tiles share the room left for them, up to a comfortable height."""
        size = self.text_size()
        rows = -(-len(self.game_buttons) // columns)
        return max(round(size * 2.6), min(round(size * 5), self._tiles_room(rect) // rows - GAP))

    @staticmethod
    def _title_height(rect: pygame.Rect) -> int:
        return 16 + max(16, rect.height // 18) + GAP * 2

    def draw_content(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        ink = self.ink
        self.toggle.label = _("Winnable deals only: on") if self.winnable_only() else _("Winnable deals only: off")
        title_font = font(fitting_size([_("Choose a game")], max(16, rect.height // 18), rect.width - 40, bold=True), bold=True)
        title = title_font.render(_("Choose a game"), True, ink.text)
        surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.top + 16)))
        columns, tile, size = self._tiling(rect)
        tile_width, tile_height = tile.size
        row_height = self._row_height(size)
        y = rect.top + self._title_height(rect)
        for index, button in enumerate(self.game_buttons):
            button.text_size = size
            row, side = divmod(index, columns)
            button.rect = pygame.Rect(rect.left + 20 + side * (tile_width + GAP), y + row * (tile_height + GAP),
                                      tile_width, tile_height)
        y += -(-len(self.game_buttons) // columns) * (tile_height + GAP) + GAP
        heading = font(size).render(self._shape_heading(), True, ink.text)
        surface.blit(heading, heading.get_rect(midtop=(rect.centerx, y)))
        y += heading.get_height() + GAP
        self._row(self.shape_buttons, rect.centerx, y, size, row_height)
        self._row(self.buttons[-2:], rect.centerx, rect.bottom - row_height - 18, size, row_height)
        draw_box(surface, pygame.Rect(rect.left + 20, y - heading.get_height() - 2 * GAP, rect.width - 40, 1), 0, ink.quiet)

    @staticmethod
    def _row(buttons: list[Button], centre: int, top: int, size: int, height: int) -> None:
        """Buttons side by side, centred, each as wide as its label and the same size."""
        widths = [font(size).size(b.label)[0] + height for b in buttons]
        x = centre - (sum(widths) + GAP * (len(widths) - 1)) // 2
        for button, width in zip(buttons, widths):
            button.text_size = size
            button.rect = pygame.Rect(x, top, width, height)
            x += width + GAP
