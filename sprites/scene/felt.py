"""The table under the cards: the felt, its darker bands behind the rows of piles, the empty slots
(with the suit, ↺ or King they wait for) and the stock's count. What never moves is kept once drawn
for a size and look, and blitted.
"""
from __future__ import annotations

from functools import lru_cache

import pygame

from game.cards import KING, Suit, rank_name
from game.i18n import current_language
from game.moves import STOCK, Pile, PileKind
from game.state import State
from game.variant import Variant

from ..deck import face_cache
from ..deck.cards import CardImages, font
from ..deck.contrast import ChromePalette, ink_of, is_high_contrast
from ..window.layout import Layout
from ..window.look import Look
from . import felt_cache

BAND_SHADE = 46  # how much the bands behind the rows of cells, stock and foundations darken the felt
VIGNETTE = 0.16  # how much darker the felt's corners are than its middle, as lamplight falls on a table


def paint_felt(target: pygame.Surface, felt: tuple[int, int, int]) -> None:
    """The felt over the whole of `target`, lightest in the middle and darkening smoothly towards the
    edges: a small grid of colours scaled up smoothly, so a window of any size costs a few milliseconds.
    The light changes so slowly that 16 by 10 points draw it within two levels of a grid four times
    finer, whose points cost three times what the scaling does (callgrind: 5.3M instructions against
    1.2M, the scaling 7.1M at 1280x800)."""
    grid_w, grid_h = 16, 10
    small = pygame.Surface((grid_w, grid_h), 0, target)  # in the target's format, as scaling into it needs
    red, green, blue = felt
    across = [((x + 0.5) / grid_w * 2 - 1) ** 2 for x in range(grid_w)]
    for y in range(grid_h):
        down = ((y + 0.5) / grid_h * 2 - 1) ** 2
        for x, side in enumerate(across):
            light = 1 - VIGNETTE * min(1.0, (side + down) / 2) ** 0.8
            small.set_at((x, y), (round(red * light), round(green * light), round(blue * light)))
    pygame.transform.smoothscale(small, target.get_size(), target)



@lru_cache(maxsize=64)
def count_tag(count: int, size: int, palette: ChromePalette) -> pygame.Surface:
    """The stock's count drawn once per number and size: the table is redrawn every animation frame."""
    text = font(size, bold=True).render(str(count), True, ink_of(palette).text)
    tag = pygame.Surface(text.get_rect().inflate(text.get_height() * 0.8, text.get_height() * 0.15).size, pygame.SRCALPHA)
    outline = tag.get_rect()
    pygame.draw.rect(tag, palette.tag, outline, border_radius=outline.height // 2)
    pygame.draw.rect(tag, palette.panel_edge, outline, width=1, border_radius=outline.height // 2)
    tag.blit(text, text.get_rect(center=outline.center))
    return tag



class Felt:
    """The still part of one game's table; `variant` says what its empty slots show."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self._background: pygame.Surface | None = None
        self._background_key: tuple[tuple[int, int], Look, Layout, str] | None = None
        self._painted_from = ""  # what the background is painted from, but for the surface (felt_cache.facts_of)
        self._kept: memoryview | None = None  # its pixels as an earlier run kept them, until the background is made
        self._copied = False  # the background came from there: nothing new to keep

    def forget(self) -> None:
        """Another language: the empty slots' letters are painted anew."""
        self._background = None
        self._background_key = None

    def draw(self, surface: pygame.Surface, layout: Layout, look: Look, images: CardImages) -> None:
        """The felt, its darker bands and the empty slots, which never move: kept once drawn for a size
        and look, and blitted. A size and look shown for the first time are painted straight onto
        `surface` (or copied there from the picture an earlier run kept: `felt_cache`), and kept only
        when drawn again: the window's first frame then fills and copies no window-sized surface of its
        own (~3 ms), and a frame of a window being resized none either."""
        key = (surface.get_size(), look, layout, current_language())  # an empty column shows the King's letter
        if self._background_key != key:
            self._background, self._background_key = None, key
            self._painted_from = repr((self.variant.key, self.variant.table, key, images.size, images.inks.edge_width))
            self._kept = felt_cache.kept(felt_cache.facts_of(surface, self._painted_from))
            self._copied = False
            self._paint_or_copy(surface, layout, look, images)
            return
        if self._background is None:
            self._background = pygame.Surface(surface.get_size(), 0, surface)
            self._paint_or_copy(self._background, layout, look, images)
            self._kept = None
        surface.blit(self._background, (0, 0))

    def keep(self, layout: Layout, look: Look, images: CardImages) -> None:
        """Keep the background last drawn for the next start (felt_cache) unless it came from there; a
        window closed before its second frame made it has it painted now, once, so the next start need not."""
        if self._background_key is None or self._copied or face_cache.kept_folder() is None:
            return
        if self._background is None:
            screen = pygame.display.get_surface()
            size = self._background_key[0]
            self._background = pygame.Surface(size, 0, screen) if screen is not None else pygame.Surface(size)
            self._paint_background(self._background, layout, look, images)
        felt_cache.keep(felt_cache.facts_of(self._background, self._painted_from), self._background)

    def _paint_or_copy(self, target: pygame.Surface, layout: Layout, look: Look, images: CardImages) -> None:
        """The background onto `target`: the kept picture's pixels when they fit it, else painted."""
        if self._kept is not None and felt_cache.copy(self._kept, target):
            self._copied = True
        else:
            self._paint_background(target, layout, look, images)

    def _paint_background(self, target: pygame.Surface, layout: Layout, look: Look, images: CardImages) -> None:
        palette = look.palette
        paint_felt(target, palette.felt)
        bands = () if is_high_contrast(palette) else layout.bands  # high contrast: the felt untinted
        for rect in bands:  # darkened in place: a window-sized overlay cost milliseconds at start-up
            target.fill((255 - BAND_SHADE,) * 3, rect, special_flags=pygame.BLEND_MULT)
        for pile in layout.all_piles():
            if pile.kind is PileKind.COLUMN and layout.placed and not self.variant.table.column_ranks:
                continue  # a slot of an overlapping tableau shows nothing once its card is gone
            target.blit(images.empty(self._empty_label(pile)), layout.pile_rect(pile))

    def draw_stock_count(self, surface: pygame.Surface, layout: Layout, look: Look, state: State) -> None:
        """How many cards (or deals, where the table counts deals) are left, on a tag across the stock's
        lower edge: a face-down pile does not show it, and in Golf it is most of what a player plans by.
        A stock that holds no cards but deals the columns again counts the deals it has left."""
        if STOCK not in layout.all_piles():
            return
        table = self.variant.table
        cards = len(state.stock)
        if table.stock_gathers:
            count = table.stock_gathers - state.redeals
        else:
            count = -(-cards // table.turned) if table.stock_counts_deals else cards
        pile = layout.pile_rect(STOCK)
        tag = count_tag(count, max(10, round(layout.card_w * 0.15)), look.palette)
        # Across the lower edge, but never reaching more than a third of the gap below the card, where
        # the band behind the top row ends in the least window.
        overhang = min(tag.get_height() // 2, layout.gap // 3)
        surface.blit(tag, tag.get_rect(midbottom=(pile.centerx, pile.bottom + overhang)))

    def _empty_label(self, pile: Pile) -> str:
        table = self.variant.table
        if pile.kind is PileKind.FOUNDATION and table.suit_foundations:
            return Suit(pile.index).symbol
        if pile.kind is PileKind.STOCK and table.stock_recycles:
            return "↺"
        if pile.kind is PileKind.COLUMN and table.kings_fill_columns:
            return rank_name(KING)  # a King, in the language's letter
        if pile.kind is PileKind.COLUMN and pile.index < len(table.column_ranks) and table.column_ranks[pile.index]:
            return rank_name(table.column_ranks[pile.index])
        return ""

