"""Where everything goes: pure arithmetic from the window size to pile and card rectangles.

No drawing happens here, so every size from 800×600 to 4K can be checked by tests without a window.
"""
from __future__ import annotations

import pygame

from game.moves import Pile, PileKind, column
from game.state import State
from game.value import Value
from game.variant import TableLayout, Variant

from ..deck.legible import legible_strip

CARD_RATIO = 1.4  # height / width of a card
TOOLBAR_HEIGHT_RATIO = 0.045
STATUS_HEIGHT_RATIO = 0.035
FACE_UP_FAN = 0.26  # offset between face-up cards in a column, as a share of card height
FACE_DOWN_FAN = 0.12
FACE_DOWN_LEAST = 0.04  # how close face-down cards may lie in a long column, before a face-up strip narrows
WASTE_FAN = 0.58  # draw-3 waste fans sideways, wide enough to show each card's corner index (10♠ too)
MIN_CARD_WIDTH = 20
LEAST_SHRINK = 0.6  # cards made smaller for a long column keep this share of their width for the window at least
GAP_RANGE = (0.1, 0.2)  # space between piles, as a share of card width: narrowed before cards shrink
# A ring of twelve piles (a clock face) round an ellipse: from its centre to the piles at three and nine
# o'clock in slots (a card and a gap), so the piles at one and two o'clock stand a whole slot apart; to
# those at twelve and six in card heights and gaps, so those at two and three stand a card and a gap apart.
RING_ACROSS = 2.75
RING_DOWN = 2.0


class Layout(Value):
    """Where everything goes in a window of one size, compared by its fields (`game.value`)."""

    __slots__ = __match_args__ = (
        "width", "height", "card_w", "card_h", "toolbar", "status", "slots", "column_tops", "column_bottom", "gap",
        "bands", "longest_column", "placed", "row_height",
    )

    def __init__(
        self,
        width: int,
        height: int,
        card_w: int,
        card_h: int,
        toolbar: pygame.Rect,
        status: pygame.Rect,
        slots: tuple[tuple[Pile, pygame.Rect], ...],  # every pile that is not a column, with its place
        column_tops: tuple[pygame.Rect, ...],
        column_bottom: int,  # lowest y a card in a column of the last row may reach
        gap: int,
        bands: tuple[pygame.Rect, ...],  # the darker strips behind the rows of piles that are not columns
        longest_column: tuple[int, int],  # (cards, face down) of the longest column the game can build
        placed: bool = False,  # the columns are single-card slots at declared places (Pyramid's), not fanned rows
        row_height: int = 0,  # where the columns lie in rows: from one row's top to the next's (0: one row)
    ) -> None:
        self.width = width
        self.height = height
        self.card_w = card_w
        self.card_h = card_h
        self.toolbar = toolbar
        self.status = status
        self.slots = slots
        self.column_tops = column_tops
        self.column_bottom = column_bottom
        self.gap = gap
        self.bands = bands
        self.longest_column = longest_column
        self.placed = placed
        self.row_height = row_height

    @property
    def card_size(self) -> tuple[int, int]:
        return self.card_w, self.card_h

    @property
    def table_area(self) -> pygame.Rect:
        """The table between the toolbar and the status bar: nothing of the game is drawn outside it
        (cards in flight, a dragged run, the win's leaping cards), so the bars always read whole."""
        return pygame.Rect(0, self.toolbar.bottom, self.width, self.status.top - self.toolbar.bottom)

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
        for known, rect in self.slots:
            if known == pile:
                return rect
        raise KeyError(pile)

    def column_offsets(self, count: int, hidden: int) -> list[int]:
        """Vertical offset of each card in a column, compressed so the last one stays on screen."""
        if count == 0:
            return []
        down, up = self.fan_steps(count, hidden)
        offsets, y = [0], 0.0
        for i in range(count - 1):
            y += down if i < hidden else up
            offsets.append(round(y))
        return offsets

    @property
    def column_reach(self) -> int:
        """How far down from its top a column's cards may reach: to the row below, or the columns' bottom."""
        if self.row_height:
            return self.row_height - self.gap
        return self.column_bottom - self.column_tops[0].top

    def fan_steps(self, count: int, hidden: int) -> tuple[float, float]:
        """How far a face-down and a face-up card of a column lie below the card under them.

        The usual fan while the column fits; when it does not, the face-down cards close up first
        (a back tells nothing but that it is there), then the face-up ones, which a column the table
        was laid out for (`holds`) never narrows below a strip that shows their index legibly."""
        card_h = self.card_h
        down, up = card_h * FACE_DOWN_FAN, card_h * FACE_UP_FAN
        shut = min(hidden, count - 1)  # face-down cards with a card on them
        shown = count - 1 - shut
        room = max(0, self.column_reach - card_h) if self.column_tops else 0
        if shut * down + shown * up <= room:
            return down, up
        least_down = min(down, card_h * FACE_DOWN_LEAST)
        if shown == 0:
            return room / shut, up
        if shut * least_down + shown * up <= room:
            return (room - shown * up) / shut, up
        return least_down, max(0.0, (room - shut * least_down) / shown)

    def holds(self, count: int, hidden: int) -> bool:
        """Whether a column of `count` cards, `hidden` of them face down, fits with every covered
        face-up card showing a legible index (see `sprites.deck.legible`)."""
        _down, up = self.fan_steps(count, hidden)
        return count - min(hidden, count - 1) <= 1 or up >= legible_strip(self.card_h)

    def card_rects(self, pile: Pile, count: int, hidden: int = 0, fanned: int = 1) -> list[pygame.Rect]:
        """Rectangles of the cards of a pile, bottom card first.

        `fanned` is how many top cards of a pile spread sideways (three of draw-3 Klondike's waste).
        """
        base = self.pile_rect(pile)
        if pile.kind is PileKind.COLUMN:
            return [base.move(0, dy) for dy in self.column_offsets(count, hidden)]
        if fanned > 1:
            first_fanned = max(count - fanned, 0)
            return [base.move(max(i - first_fanned, 0) * self.waste_step, 0) for i in range(count)]
        return [base.copy() for _index in range(count)]

    def drop_zone(self, pile: Pile, count: int, hidden: int = 0) -> pygame.Rect:
        """Where a drop counts as aimed at a pile: a column's zone runs down to its last card and beyond."""
        base = self.pile_rect(pile)
        if pile.kind is not PileKind.COLUMN or self.placed:
            return base.inflate(self.gap, self.gap)
        offsets = self.column_offsets(count, hidden) or [0]
        bottom = max(base.top + offsets[-1] + self.card_h * 2, base.bottom)
        height = min(bottom, base.top + self.column_reach) - base.top
        return pygame.Rect(base.left - self.gap // 2, base.top, self.card_w + self.gap, height)

    def all_piles(self) -> list[Pile]:
        return [pile for pile, _rect in self.slots] + [column(i) for i in range(len(self.column_tops))]


def compute_layout(width: int, height: int, variant: Variant, grown: tuple[tuple[int, int], ...] = ()) -> Layout:
    """The arrangement with the biggest cards: the top row in one line, or (when it is wider than the
    columns, as ten cells over four columns are) folded into two lines that the columns' width can hold;
    the side piles one under another, or in two lines beside the columns where the window is wide
    enough that one stack would leave its cards small and bands of felt at both ends.

    The window alone sets the cards' size, until a column of the game on the table grows too long to
    show every covered face-up card's index legibly: given such `grown` columns (their cards, face
    down), the cards are made as much smaller as they need, before an index would be.
    """
    folds = (1, 2) if _top_slots(variant.table, 1) > variant.table.across else (1,)
    side_lines = (1, 2) if len(variant.table.side) > 2 else (1,)
    return max(
        (_holding(width, height, variant, (rows, lines), grown) for rows in folds for lines in side_lines),
        key=lambda layout: layout.card_w,
    )


def _holding(width: int, height: int, variant: Variant, lines: tuple[int, int], columns: tuple[tuple[int, int], ...]) -> Layout:
    """The arrangement in `lines` (top lines, side lines) with the largest cards whose layout holds each of `columns`,
    no smaller than `LEAST_SHRINK` of the window's own (a column longer still closes up below the floor:
    a window of 800x600 cannot show 40 legible indices one under another)."""
    layout = _arrange(width, height, variant, lines)
    if all(layout.holds(*c) for c in columns):
        return layout
    low, high = max(MIN_CARD_WIDTH, round(layout.card_w * LEAST_SHRINK)), layout.card_w - 1  # the widest that holds lies between
    best = _arrange(width, height, variant, lines, low)
    while low <= high:
        middle = (low + high) // 2
        trial = _arrange(width, height, variant, lines, middle)
        if all(trial.holds(*c) for c in columns):
            best, low = trial, middle + 1
        else:
            high = middle - 1
    return best


def _top_slots(table: TableLayout, rows: int) -> int:
    """Slots the top row fills when each group is folded into `rows` lines."""
    return sum(-(-len(group) // rows) for group in table.top) + table.fan_room


def _arrange(width: int, height: int, variant: Variant, lines: tuple[int, int], widest: int | None = None) -> Layout:
    """The arrangement in `lines` (the top row's lines, the side piles' lines), its cards as large as the
    window allows (and at most `widest`)."""
    table = variant.table
    rows, side_lines = lines
    per_side_line = -(-len(table.side) // side_lines)
    width, height = max(width, 320), max(height, 240)
    toolbar_h = max(34, round(height * TOOLBAR_HEIGHT_RATIO))  # buttons' labels at least 13 px at 800x600
    status_h = max(24, round(height * STATUS_HEIGHT_RATIO))
    top_rows = rows if table.top else 0
    bottom_rows = 1 if table.bottom else 0
    top_slots = _top_slots(table, rows)
    across = table.across  # the columns' width in slots (a placed tableau's is narrower than its count)
    ring_slots = 2 * RING_ACROSS + 1 if table.ring else 0  # the ring's width, right of the columns
    grid = across + (side_lines if table.side else 0) + ring_slots
    # The top row shares the columns' grid when it fits over them (piles line up with the columns);
    # otherwise it is wider, with a free slot between its groups.
    fits = top_slots <= across
    slots = grid if fits else max(grid, top_slots + len(table.top) - 1)
    # Card width from the height (the rows of piles plus the columns' room, and the side piles one
    # under another) and from the width, narrowing the gaps between piles before the cards shrink.
    room = height - toolbar_h - status_h
    gap_low, gap_high = GAP_RANGE
    stacked = CARD_RATIO * (top_rows + table.column_room * table.column_rows + bottom_rows)
    by_height = room / (stacked + gap_high * (2 + (1 if top_rows else 0) + (top_rows - 1) / 2 + bottom_rows))
    if table.side:
        by_height = min(by_height, room / (CARD_RATIO * per_side_line + gap_high * (per_side_line + 1)))
    if table.ring:  # the ring's height: the piles at twelve and six, and 2 x RING_DOWN card heights and gaps
        by_height = min(by_height, room / (CARD_RATIO * (2 * RING_DOWN + 1) + gap_high * (2 * RING_DOWN + 2)))
    if widest is not None:
        by_height = min(by_height, widest)
    gap_ratio = min(gap_high, max(gap_low, (width / by_height - slots) / (slots + 1)))
    by_width = width / (slots * (1 + gap_ratio) + gap_ratio)
    card_w = max(MIN_CARD_WIDTH, int(min(by_width, by_height)))
    card_h = round(card_w * CARD_RATIO)
    gap = max(4, round(card_w * gap_ratio))
    step = card_w + gap
    x0 = int((width - (slots * step - gap)) // 2)
    top_y = toolbar_h + gap
    row_step = card_h + gap // 2
    places: list[tuple[Pile, pygame.Rect]] = []
    span = across if fits else int(slots)  # whole slots (a ring is half a slot wider)
    free = span - top_slots
    at_slot = 0
    for number, group in enumerate(table.top):
        per_row = -(-len(group) // rows)
        for i, pile in enumerate(group):
            row, at = divmod(i, per_row)
            places.append((pile, pygame.Rect(x0 + (at_slot + at) * step, top_y + row * row_step, card_w, card_h)))
        at_slot += per_row + (table.fan_room if number == 0 else 0)
        between = len(table.top) - 1
        if number < between:
            at_slot += free // between + (1 if number < free % between else 0)
    cx0 = x0 if fits else int((width - (grid * step - gap)) // 2)
    top_bottom = top_y + (top_rows - 1) * row_step + card_h if top_rows else toolbar_h
    col_y = top_bottom + gap + gap // 2 if top_rows else top_y
    # the rows of columns, if more than one, share the height down to the status bar
    row_height = 0 if table.places or table.column_rows == 1 else (height - status_h - gap // 2 - col_y) // table.column_rows
    column_tops = _column_tops(table, (cx0, col_y), step, (card_w, card_h), row_height)
    for i, pile in enumerate(table.side):
        line, row = divmod(i, per_side_line)
        places.append((pile, pygame.Rect(cx0 + (across + line) * step, top_y + row * (card_h + gap), card_w, card_h)))
    status_top = height - status_h
    places.extend(_ring(table.ring, cx0 + across * step, (toolbar_h + status_top) // 2, card_w, card_h, gap))
    bands = [pygame.Rect(0, toolbar_h, width, top_bottom + gap - toolbar_h)] if top_rows else []
    if table.side:  # the side piles' own strip, from under the top row's band down to the status bar
        side_left = cx0 + across * step - gap // 2
        side_top = bands[0].bottom if bands else toolbar_h
        bands.append(pygame.Rect(side_left, side_top, width - side_left, status_top - side_top))
    if table.ring:  # the ring's own strip, as the side piles' is
        ring_left = cx0 + across * step - gap // 2
        bands.append(pygame.Rect(ring_left, toolbar_h, width - ring_left, status_top - toolbar_h))
    column_bottom = status_top - gap // 2
    if table.bottom:
        foot = status_top - gap - card_h
        # under fanned columns, the row follows their room; under a placed tableau (TriPeaks' peaks,
        # which never grow), the window's foot, so a window wider than the cards need leaves no band below
        bottom_y = foot if table.places else min(col_y + round(table.column_room * card_h) + gap, foot)
        places.extend((pile, pygame.Rect(cx0 + i * step, bottom_y, card_w, card_h)) for i, pile in enumerate(table.bottom))
        # the band's edge halfway between the columns' room and the row, as the top row's band ends
        bands.append(pygame.Rect(0, bottom_y - gap // 2, width, status_top - bottom_y + gap // 2))
        column_bottom = bottom_y - gap
    return Layout(
        width=width,
        height=height,
        card_w=card_w,
        card_h=card_h,
        toolbar=pygame.Rect(0, 0, width, toolbar_h),
        status=pygame.Rect(0, height - status_h, width, status_h),
        slots=tuple(places),
        column_tops=column_tops,
        column_bottom=column_bottom,
        gap=gap,
        bands=tuple(bands),
        longest_column=table.longest_column,
        placed=bool(table.places),
        row_height=row_height,
    )


def _column_tops(
    table: TableLayout, corner: tuple[int, int], step: int, card: tuple[int, int], row_height: int
) -> tuple[pygame.Rect, ...]:
    """Where each column's first card lies, from the tableau's top left `corner`: at the game's declared
    places (across in slots, down in card heights), else along rows `row_height` apart."""
    (left, top), (card_w, card_h) = corner, card
    if table.places:
        return tuple(pygame.Rect(left + round(x * step), top + round(y * card_h), card_w, card_h) for x, y in table.places)
    across = table.across
    return tuple(
        pygame.Rect(left + (i % across) * step, top + (i // across) * row_height, card_w, card_h) for i in range(table.columns)
    )


def _ring(piles: tuple[Pile, ...], left: int, middle: int, card_w: int, card_h: int, gap: int) -> list[tuple[Pile, pygame.Rect]]:
    """Each pile of a ring round an ellipse, the first at the top and on clockwise, the piles at nine
    o'clock at `left` and the ellipse's centre at height `middle`."""
    import math  # only a game with a ring asks (nothing new for a start to load)

    step, down = card_w + gap, card_h + gap
    centre_x, centre_y = left + RING_ACROSS * step, middle - card_h / 2
    placed = []
    for i, pile in enumerate(piles):
        angle = 2 * math.pi * i / len(piles)
        x, y = centre_x + RING_ACROSS * step * math.sin(angle), centre_y - RING_DOWN * down * math.cos(angle)
        placed.append((pile, pygame.Rect(round(x), round(y), card_w, card_h)))
    return placed


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
