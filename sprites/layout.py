"""Where everything goes: pure arithmetic from the window size to pile and card rectangles.

No drawing happens here, so every size from 800×600 to 4K can be checked by tests without a window.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.moves import FOUNDATION, STOCK, WASTE, Pile, PileKind, cell, column
from game.state import State
from game.variants import Variant

CARD_RATIO = 1.4  # height / width of a card
TOOLBAR_HEIGHT_RATIO = 0.045
STATUS_HEIGHT_RATIO = 0.035
FACE_UP_FAN = 0.26  # offset between face-up cards in a column, as a share of card height
FACE_DOWN_FAN = 0.12
WASTE_FAN = 0.36  # draw-3 waste fans sideways, wide enough to show each rank and suit


@dataclass(frozen=True)
class Layout:
    width: int
    height: int
    card_w: int
    card_h: int
    toolbar: pygame.Rect
    status: pygame.Rect
    top_piles: tuple[tuple[Pile, pygame.Rect], ...]
    column_tops: tuple[pygame.Rect, ...]
    column_bottom: int  # lowest y a card in a column may reach
    gap: int

    @property
    def card_size(self) -> tuple[int, int]:
        return self.card_w, self.card_h

    def pile_rect(self, pile: Pile) -> pygame.Rect:
        """The base slot of a pile (for columns, where the first card lies)."""
        if pile.kind is PileKind.COLUMN:
            return self.column_tops[pile.index]
        for known, rect in self.top_piles:
            if known == pile:
                return rect
        raise KeyError(pile)

    def column_offsets(self, count: int, hidden: int) -> list[int]:
        """Vertical offset of each card in a column, compressed so the last one stays on screen."""
        if count == 0:
            return []
        down = self.card_h * FACE_DOWN_FAN
        up = self.card_h * FACE_UP_FAN
        gaps = [down if i < hidden else up for i in range(count - 1)]
        room = self.column_bottom - self.column_tops[0].top - self.card_h
        total = sum(gaps)
        scale = min(1.0, room / total) if total > 0 else 1.0
        offsets, y = [0], 0.0
        for gap in gaps:
            y += gap * scale
            offsets.append(round(y))
        return offsets

    def card_rects(self, pile: Pile, count: int, hidden: int = 0, fanned: int = 1) -> list[pygame.Rect]:
        """Rectangles of the cards of a pile, bottom card first.

        `fanned` is how many top cards of a waste pile spread sideways (three in draw-3 Klondike).
        """
        base = self.pile_rect(pile)
        if pile.kind is PileKind.COLUMN:
            return [base.move(0, dy) for dy in self.column_offsets(count, hidden)]
        if pile.kind is PileKind.WASTE and fanned > 1:
            step = round(self.card_w * WASTE_FAN)
            first_fanned = max(count - fanned, 0)
            return [base.move(max(i - first_fanned, 0) * step, 0) for i in range(count)]
        return [base.copy() for _ in range(count)]

    def drop_zone(self, pile: Pile, count: int, hidden: int = 0) -> pygame.Rect:
        """Where a drop counts as aimed at a pile: a column's zone runs down to its last card and beyond."""
        base = self.pile_rect(pile)
        if pile.kind is not PileKind.COLUMN:
            return base.inflate(self.gap, self.gap)
        offsets = self.column_offsets(count, hidden) or [0]
        bottom = max(base.top + offsets[-1] + self.card_h * 2, base.bottom)
        return pygame.Rect(base.left - self.gap // 2, base.top, self.card_w + self.gap, min(bottom, self.column_bottom) - base.top)

    def all_piles(self) -> list[Pile]:
        return [pile for pile, _ in self.top_piles] + [column(i) for i in range(len(self.column_tops))]


def top_row_piles(variant: Variant) -> tuple[list[Pile], list[Pile]]:
    """The piles on the left and on the right of the top row."""
    if variant.family == "klondike":
        return [STOCK, WASTE], [Pile(PileKind.FOUNDATION, i) for i in range(4)]
    if variant.family == "golf":
        return [STOCK, FOUNDATION], []
    return [cell(i) for i in range(variant.cells)], [Pile(PileKind.FOUNDATION, i) for i in range(4)]


def compute_layout(width: int, height: int, variant: Variant) -> Layout:
    width, height = max(width, 320), max(height, 240)
    toolbar_h = max(28, round(height * TOOLBAR_HEIGHT_RATIO))
    status_h = max(24, round(height * STATUS_HEIGHT_RATIO))
    left, right = top_row_piles(variant)
    extra_for_waste = 1 if variant.family == "klondike" and variant.draw > 1 else 0
    slots = max(variant.columns, len(left) + len(right) + extra_for_waste + (1 if left and right else 0))
    # Card width from the width (slots plus gaps a fifth of a card), and from the height, so that the
    # top row plus a column of about 13 fanned cards fits: the smaller wins.
    by_width = width / (slots * 1.2 + 0.2)
    room = height - toolbar_h - status_h
    by_height = room / (CARD_RATIO * (2.25 + 12 * FACE_UP_FAN * 0.5))
    card_w = max(20, int(min(by_width, by_height)))
    card_h = round(card_w * CARD_RATIO)
    gap = max(4, round(card_w * 0.2))
    row_w = slots * card_w + (slots - 1) * gap
    x0 = (width - row_w) // 2
    top_y = toolbar_h + gap
    top_piles: list[tuple[Pile, pygame.Rect]] = []
    for i, pile in enumerate(left):
        top_piles.append((pile, pygame.Rect(x0 + i * (card_w + gap), top_y, card_w, card_h)))
    for i, pile in enumerate(right):
        x = x0 + row_w - (len(right) - i) * (card_w + gap) + gap
        top_piles.append((pile, pygame.Rect(x, top_y, card_w, card_h)))
    columns_w = variant.columns * card_w + (variant.columns - 1) * gap
    cx0 = (width - columns_w) // 2
    col_y = top_y + card_h + gap + gap // 2
    column_tops = tuple(
        pygame.Rect(cx0 + i * (card_w + gap), col_y, card_w, card_h) for i in range(variant.columns)
    )
    return Layout(
        width=width,
        height=height,
        card_w=card_w,
        card_h=card_h,
        toolbar=pygame.Rect(0, 0, width, toolbar_h),
        status=pygame.Rect(0, height - status_h, width, status_h),
        top_piles=tuple(top_piles),
        column_tops=column_tops,
        column_bottom=height - status_h - gap // 2,
        gap=gap,
    )


def pile_contents(state: State, pile: Pile) -> tuple[tuple, int]:
    """The cards of a pile, bottom first, and how many of them lie face down."""
    if pile.kind is PileKind.COLUMN:
        return state.columns[pile.index], state.hidden[pile.index]
    if pile.kind is PileKind.CELL:
        card = state.cells[pile.index]
        return ((card,) if card else ()), 0
    if pile.kind is PileKind.FOUNDATION:
        return state.foundations[pile.index], 0
    if pile.kind is PileKind.STOCK:
        return state.stock, len(state.stock)
    return state.waste, 0
