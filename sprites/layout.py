"""Where everything goes: pure arithmetic from the window size to pile and card rectangles.

No drawing happens here, so every size from 800×600 to 4K can be checked by tests without a window.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.moves import Pile, PileKind, column
from game.state import State
from game.variants import Variant

CARD_RATIO = 1.4  # height / width of a card
TOOLBAR_HEIGHT_RATIO = 0.045
STATUS_HEIGHT_RATIO = 0.035
FACE_UP_FAN = 0.26  # offset between face-up cards in a column, as a share of card height
FACE_DOWN_FAN = 0.12
WASTE_FAN = 0.58  # draw-3 waste fans sideways, wide enough to show each card's corner index (10♠ too)
GAP_RANGE = (0.1, 0.2)  # space between piles, as a share of card width: narrowed before cards shrink
COLUMN_ROOM = 1 + 12 * FACE_UP_FAN * 0.5  # card heights a column needs: 13 cards at half fan


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
    top_band: pygame.Rect  # the darker strip behind the piles above the columns
    longest_column: tuple[int, int]  # (cards, face down) of the longest column the game can build

    @property
    def card_size(self) -> tuple[int, int]:
        return self.card_w, self.card_h

    @property
    def waste_step(self) -> int:
        """How far each fanned waste card sits right of the one below: the room of one slot, halved."""
        return min(round(self.card_w * WASTE_FAN), (self.card_w + self.gap) // 2)

    @property
    def tightest_strip(self) -> int:
        """The least height of a covered face-up card left showing, in the longest possible column.

        Card faces size their corner index to fit it, so a squeezed column still reads Q as Q."""
        count, hidden = self.longest_column
        offsets = self.column_offsets(count, hidden)
        face_up = [b - a for i, (a, b) in enumerate(zip(offsets, offsets[1:])) if i >= hidden]
        return min(face_up, default=self.card_h)

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
            first_fanned = max(count - fanned, 0)
            return [base.move(max(i - first_fanned, 0) * self.waste_step, 0) for i in range(count)]
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


def compute_layout(width: int, height: int, variant: Variant) -> Layout:
    """The arrangement with the biggest cards: the top row in one line, or (when it is wider than the
    columns, as Eight Off's twelve piles are) folded into two lines that the columns' width can hold."""
    left, right = list(variant.table.top_left), list(variant.table.top_right)
    folds = (1, 2) if len(left) + len(right) > variant.columns else (1,)
    return max((_arrange(width, height, variant, left, right, rows) for rows in folds), key=lambda layout: layout.card_w)


def _arrange(width: int, height: int, variant: Variant, left: list[Pile], right: list[Pile], rows: int) -> Layout:
    width, height = max(width, 320), max(height, 240)
    toolbar_h = max(28, round(height * TOOLBAR_HEIGHT_RATIO))
    status_h = max(24, round(height * STATUS_HEIGHT_RATIO))
    per_row_left, per_row_right = -(-len(left) // rows), -(-len(right) // rows)
    left_slots = per_row_left + variant.table.fan_room
    top_slots = left_slots + per_row_right
    # The top row shares the columns' grid when it fits in it (piles line up with the columns);
    # otherwise it is wider, with a free slot between its two sides.
    slots = variant.columns if top_slots <= variant.columns else top_slots + (1 if left and right else 0)
    # Card width from the height (the top rows plus a column of 13 fanned cards) and from the width,
    # narrowing the gaps between piles before the cards themselves get smaller.
    room = height - toolbar_h - status_h
    gap_low, gap_high = GAP_RANGE
    by_height = room / (CARD_RATIO * (rows + COLUMN_ROOM) + gap_high * (3 + (rows - 1) / 2))
    gap_ratio = min(gap_high, max(gap_low, (width / by_height - slots) / (slots + 1)))
    by_width = width / (slots * (1 + gap_ratio) + gap_ratio)
    card_w = max(20, int(min(by_width, by_height)))
    card_h = round(card_w * CARD_RATIO)
    gap = max(4, round(card_w * gap_ratio))
    step = card_w + gap
    x0 = (width - (slots * step - gap)) // 2
    top_y = toolbar_h + gap
    row_step = card_h + gap // 2
    top_piles: list[tuple[Pile, pygame.Rect]] = []
    for i, pile in enumerate(left):
        row, at = divmod(i, per_row_left)
        top_piles.append((pile, pygame.Rect(x0 + at * step, top_y + row * row_step, card_w, card_h)))
    for i, pile in enumerate(right):
        row, at = divmod(i, per_row_right)
        top_piles.append((pile, pygame.Rect(x0 + (slots - per_row_right + at) * step, top_y + row * row_step, card_w, card_h)))
    cx0 = (width - (variant.columns * step - gap)) // 2
    top_bottom = top_y + (rows - 1) * row_step + card_h
    col_y = top_bottom + gap + gap // 2
    column_tops = tuple(pygame.Rect(cx0 + i * step, col_y, card_w, card_h) for i in range(variant.columns))
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
        top_band=pygame.Rect(0, toolbar_h, width, top_bottom + gap - toolbar_h),
        longest_column=variant.table.longest_column,
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
