"""A small picture of a game's table, as the game chooser shows it beside the game's name.

Drawn from what the game declares (its `TableLayout`, laid out by the window's own arithmetic) and
one of its deals, so every game, a new one too, has its picture with nothing drawn for it by name.
The table is drawn several times larger than shown and scaled down, which smooths every edge.
"""
from __future__ import annotations

from functools import lru_cache

import pygame

from game.cards import Card
from game.moves import PileKind
from game.variant import Variant
from game.variants import rules_for

from ..deck.palette import Colour, corner_radius
from ..window.layout import compute_layout, pile_contents

PICTURE_DEAL = 1  # every game's picture shows its first deal, its stock turned once
DRAWN_AT = (640, 460)  # the window size the table is laid out for before it is scaled down
CARD: Colour = (250, 250, 244)
CARD_EDGE: Colour = (110, 110, 110)
BACK: Colour = (44, 84, 170)
RED: Colour = (200, 30, 40)
BLACK: Colour = (30, 30, 35)
SLOT: Colour = (255, 255, 255)
BAND_SHADE = 0.82  # the bands behind the rows of piles, darker than the felt as on the table


@lru_cache(maxsize=64)
def table_picture(variant: Variant, size: tuple[int, int], felt: Colour) -> pygame.Surface:
    """The table of `variant`'s first deal on `felt`, `size` pixels large (the bars left out), its
    stock turned once where it has one."""
    layout = compute_layout(*DRAWN_AT, variant)
    area = pygame.Rect(0, layout.toolbar.bottom, layout.width, layout.status.top - layout.toolbar.bottom)
    large = pygame.Surface(area.size)
    large.fill(felt)
    shade = tuple(round(c * BAND_SHADE) for c in felt)
    for band in layout.bands:
        large.fill(shade, band.move(0, -area.top))
    rules = rules_for(variant)
    state = rules.deal(PICTURE_DEAL)
    turn = rules.stock_move(state)
    if turn is not None:  # the stock turned once, so a game that turns three shows three on its waste
        state = rules.apply(state, turn)
    radius = corner_radius(layout.card_w)
    for pile in layout.all_piles():
        cards, hidden = pile_contents(state, pile)
        slot = layout.pile_rect(pile).move(0, -area.top)
        if not (layout.placed and pile.kind is PileKind.COLUMN):  # an overlapping tableau's slots show no outline
            pygame.draw.rect(large, SLOT, slot, 2, border_radius=radius)
        rects = layout.card_rects(pile, len(cards), hidden, variant.table.fan(pile.kind))
        for depth, (card, rect) in enumerate(zip(cards, rects)):
            _draw_card(large, rect.move(0, -area.top), card, depth >= hidden, radius)
    return pygame.transform.smoothscale(large, size)


def _draw_card(surface: pygame.Surface, rect: pygame.Rect, card: Card, face_up: bool, radius: int) -> None:
    """A card as a shape: a back, or a face with its colour's mark in the corner showing."""
    if not face_up:
        pygame.draw.rect(surface, BACK, rect, border_radius=radius)
        pygame.draw.rect(surface, CARD, rect, 2, border_radius=radius)
        return
    pygame.draw.rect(surface, CARD, rect, border_radius=radius)
    pygame.draw.rect(surface, CARD_EDGE, rect, 1, border_radius=radius)
    mark = max(4, rect.width // 4)
    colour = RED if card.suit.is_red else BLACK
    pygame.draw.rect(surface, colour, (rect.left + mark // 2, rect.top + mark // 3, mark, mark), border_radius=mark // 3)
