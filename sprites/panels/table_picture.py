"""A small picture of a game's table, as the game chooser shows it beside the game's name.

Drawn from what the game declares (its `TableLayout`, laid out by the window's own arithmetic) and
one of its deals, so every game, a new one too, has its picture with nothing drawn for it by name.
It is the table itself in miniature, as KPatience's chooser shows it: the felt, its bands, the empty
slots and real cards in the player's deck (faces, backs, the stock's count), laid out as in a small
window and scaled down, which smooths every edge.
"""
from __future__ import annotations

from functools import lru_cache

import pygame

from game.variant import Variant
from game.variants import rules_for

from ..deck.cards import CardImages
from ..scene.board_view import images_for
from ..scene.felt import Felt
from ..window.layout import compute_layout, pile_contents
from ..window.look import Look

PICTURE_DEAL = 1  # every game's picture shows its first deal, its stock turned once
DRAWN_AT = (640, 460)  # the window size the table is laid out for before it is scaled down
PICTURE_CARD = (90, 126)  # every picture's cards are drawn at this size (a card at 800x600), then scaled to its table's


@lru_cache(maxsize=64)
def table_picture(variant: Variant, size: tuple[int, int], look: Look) -> pygame.Surface:
    """The table of `variant`'s first deal in the player's `look`, `size` pixels large (the bars left
    out), its stock turned once where it has one."""
    layout = compute_layout(*DRAWN_AT, variant)
    slots = images_for(layout.card_size, layout.tightest_strip, layout.waste_step, look)  # only its empty slots are drawn
    window = pygame.Surface(DRAWN_AT)
    felt = Felt(variant)
    felt.draw(window, layout, look, slots)
    rules = rules_for(variant)
    state = rules.deal(PICTURE_DEAL)
    turn = rules.stock_move(state)
    # the stock turned once, so a game that turns three shows three on its waste (a stock that holds no
    # cards, whose click deals the columns again, is left alone)
    if turn is not None and state.stock:
        state = rules.apply(state, turn)
    deck = _deck(look)
    for pile in layout.all_piles():
        cards, hidden = pile_contents(state, pile)
        rects = layout.card_rects(pile, len(cards), hidden, variant.table.fan(pile.kind))
        for depth, (card, rect) in enumerate(zip(cards, rects)):
            if depth + 1 < len(rects) and rects[depth + 1].topleft == rect.topleft:
                continue  # wholly covered
            image = deck.face(card) if depth >= hidden else deck.back()
            window.blit(pygame.transform.smoothscale(image, rect.size), rect)
    felt.draw_stock_count(window, layout, look, state)
    return pygame.transform.smoothscale(window.subsurface(layout.table_area), size)


@lru_cache(maxsize=4)
def _deck(look: Look) -> CardImages:
    """The cards every picture shows, drawn once in the player's deck at one size and scaled to each
    table's: drawing each game's deck at its own size made the chooser's first opening take a second."""
    return images_for(PICTURE_CARD, PICTURE_CARD[1], PICTURE_CARD[0], look)
