"""Golf, solved exactly: every reachable position is searched, so the answer is a proof either way.

A Golf position is fully described by how many cards are left in each column, how many in the stock,
and which card is on the foundation. The columns' heights pack into one integer (`code`, a number in
base `base` with a digit per column), so memo tables are flat `bytearray`s indexed by
`code * classes + class of the foundation card`: a hard deal has a million positions to exhaust and
dictionary keys would cost more than the search itself.

Two facts shrink the space:
- Foundation cards that fit under and onto the same cards are interchangeable (`runs.top_classes`); in
  Golf as the model states it only the rank matters.
- With the same columns and foundation class, a bigger stock is never worse: it can make every
  column play the smaller one can, and dealing down to one card past the smaller stock reaches the
  smaller stock's deal.

The search runs in two phases. Depth-first (column plays before deals) wins quickly when a deal can be
won, but can meet a position again with a bigger stock and search it twice. It remembers, for each
position it has searched through, the biggest stock known to lose there; when it finishes with no
win, that is a proof. When it spends its share, a level-by-level search takes over: it finishes every
position with the stock at 16 cards before dealing the next, so by the second fact each (columns,
foundation class) is expanded once, at its biggest stock; that is less work on the deals that cannot
be won, which are the ones that must be exhausted, and it passes by the positions the depth-first
phase found lost. The share was 100,000 positions with nothing handed on; at 400,000, on the 16
slowest relaxed deals of 1..1000 (deal 928 among them, won in 207,768 positions depth-first against
1.5 million), CPU fell by a third, and on the 12 slowest strict ones by 28%, while the lost deals
cost up to 15% more. With the bounds below, every won deal of 1..1000 is found within the share
(the most: 386,063 positions, relaxed 106) and only six lost relaxed deals reach the level search;
a share of 0 (the level search at once) would spare those a sixth of their time but made relaxed
Golf's median 4.5 ms -> 77 ms and its slowest won deal 0.5 s (measured over 1..1000).

Most positions of a lost deal are lost for a reason a count can see: the cards left must be played
in runs, one from the top card and one from each stock card still to come, and each bound below
(`runs.bounds`) weighs the column cards against those starts: per rank, the cards they may go on; and
parity, since along a run the ranks alternate odd and even, so a run plays at most one more card of
one kind than of the other. All are tested at once, one subtraction of packed integers a position,
so the count per rank now pays in relaxed Golf too. On the slowest deals of 1..1000 the positions
searched fell from 1.43 million to 633,000 (relaxed deal 922; counting alone: 923,000, parity
alone: 733,000), 1.45 million to 71,000 (relaxed 763) and 526,000 to 188,000 (strict 112, which
had the count before). A bound for strict Golf's Kings (one a run, since nothing goes on them) was
tried and dropped: 0.4% fewer positions. So was counting, as for one rank, sets of ranks two apart
(5-9% fewer positions on the slowest deals, no less time: wider integers).

Which card fits on which is not restated here: `_fit_table` asks the model's `legal_moves` about
every (foundation card, column card) pair once, so relaxed and strict Golf (and any future rule
change) are whatever `GolfRules` says they are. Solutions are replayed through `rules.apply`.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from ..moves import FOUNDATION, STOCK, Move, column
from ..rules import Rules
from ..state import State
from .common import Budget, SolveResult, Status, verified
from .runs import BIAS, GUARD, bounds, pack, top_classes

CHECK_EVERY = 1024
NO_CARD = 52  # the foundation is empty
DEPTH_FIRST_SHARE = 400_000  # positions the depth-first phase may expand before the level search
MAX_TABLE = 50_000_000  # memo entries; far above the standard 7 x 5 layout (3.9 million)
DEAL = 0  # a step of a solution that deals from the stock (column steps are their column weight)
NO_PLAY: tuple[int, ...] = ()  # a play table's entry where no play fits


class _Stop(Exception):
    """Unwinds the search when the budget is spent or the caller cancels."""


_FIT_TABLES: dict[tuple[type, object, int], list[bytes]] = {}


def _fit_table(rules: Rules, n_columns: int) -> list[bytes]:
    """fits[top][card]: whether the model lets `card` go on a foundation topped by `top` (52: empty).

    Asked of the model once per rules class, variant and number of columns in a process.
    """
    key = (type(rules), rules.variant, n_columns)
    table = _FIT_TABLES.get(key)
    if table is None:
        table = _FIT_TABLES[key] = _ask_fit_table(rules, n_columns)
    return table


def _ask_fit_table(rules: Rules, n_columns: int) -> list[bytes]:
    from ..cards import card_from_index

    table = []
    for top in range(53):
        row = bytearray(52)
        foundation = () if top == NO_CARD else (card_from_index(top),)
        for card in range(52):
            if card == top:
                continue
            cols = ((card_from_index(card),),) + ((),) * (n_columns - 1)
            probe = State(cols, (), (foundation,), (0,) * n_columns, (), ())
            row[card] = any(m.src == column(0) for m in rules.legal_moves(probe))
        table.append(bytes(row))
    return table


_PACKED: dict[bytes, tuple[list[int], list[int], int]] = {}


def _packed_bounds(fits: list[bytes], klass: list[int]) -> tuple[list[int], list[int], int]:
    """Each card's column weights over every bound, packed; each foundation class's start weights,
    packed (the most any card of the class starts with, so the bound stays sound if a class ever
    held cards that differ; the empty foundation's enough for anything); and how many bounds."""
    joined = b"".join(fits)
    if joined not in _PACKED:
        every = bounds(fits)
        weights = [pack([column[card] for column, _ in every]) for card in range(52)]
        members = [[card for card in range(53) if klass[card] == k] for k in range(max(klass) + 1)]
        starts = [pack([max(start[c] if c < 52 else 52 for c in cards) for _, start in every]) for cards in members]
        _PACKED[joined] = weights, starts, len(every)
    return _PACKED[joined]


Entry = TypeVar("Entry", int, tuple[int, ...])


def _group_table(per_column: list[list[Entry]], zero: Entry) -> list[Entry]:
    """For every heights combination of a group of columns, in code order (the group's first column
    the lowest digit), `zero` plus the entries of each column's list at its height."""
    rows = [zero]
    for entries in per_column:
        rows = [row + entry for entry in entries for row in rows]
    return rows


class _Layout:
    """The deal's fixed parts as tables both phases read, and the count of positions expanded."""

    def __init__(self, rules: Rules, state: State, budget: Budget) -> None:
        self.cols = [bytes(c.index for c in pile) for pile in state.columns]
        self.stock = bytes(c.index for c in state.stock)
        pile = state.foundations[0]
        self.top = pile[-1].index if pile else NO_CARD
        n = len(self.cols)
        self.fits = _fit_table(rules, n)
        self.klass = top_classes(self.fits)
        self.classes = max(self.klass) + 1
        self.base = 1 + max((len(c) for c in self.cols), default=0)
        self.size = self.base**n * self.classes
        if len(self.stock) >= 255 or self.size > MAX_TABLE:
            raise ValueError("this Golf layout is too large for the exact solver")
        split = n // 2 + 1
        self.low_size = self.base**split
        self.top_class = self.klass[self.top]
        self.stock_class = bytes(self.klass[card] for card in self.stock)
        # The plays open to a position, read out of its code through two tables (a low and a high
        # group of columns), so a position needs no list of heights: for every heights combination
        # of the group and every foundation class, the change each play that fits makes to the
        # position's index less the top's class. Entry class * (the group's combinations) + combo.
        changes = [[self.klass[card] - self.base**i * self.classes for card in col] for i, col in enumerate(self.cols)]
        self.low_plays: list[tuple[int, ...]] = []
        self.high_plays: list[tuple[int, ...]] = []
        for k in range(self.classes):
            row = self.fits[self.klass.index(k)]  # the cards of a class share a row
            plays: list[list[tuple[int, ...]]] = [
                [NO_PLAY] + [(change,) if row[card] else NO_PLAY for card, change in zip(col, changes[i])]
                for i, col in enumerate(self.cols)
            ]
            plays = [entries + [NO_PLAY] * (self.base - len(entries)) for entries in plays]
            self.low_plays += _group_table(plays[:split], ())
            self.high_plays += _group_table(plays[split:], ())
        self.high_size = len(self.high_plays) // self.classes
        # the bounds' column sides for the two groups (the bias once, in the low group), and their
        # other side for each stock size and foundation class, the guard bits set
        weights, starts, n_bounds = _packed_bounds(self.fits, self.klass)
        self.guards = pack([GUARD] * n_bounds)
        bias = pack([BIAS] * n_bounds)
        needs = [[sum(weights[card] for card in col[:height]) for height in range(self.base)] for col in self.cols]
        self.low_need = _group_table(needs[:split], bias)
        self.high_need = _group_table(needs[split:], 0)
        self.rooms = []
        for left in range(len(self.stock) + 1):
            dealt = self.guards + bias + sum(starts[k] for k in self.stock_class[:left])
            self.rooms.append([dealt + start for start in starts])
        self.code = sum(len(c) * self.base**i for i, c in enumerate(self.cols))
        self.budget = budget
        self.positions = 0
        self.room = budget.room()

    def dead(self, code: int, left: int, top_class: int) -> bool:
        """Whether a bound (above) shows the position lost, and with it everything that follows from it.

        One subtraction tests every bound: the fields stay within 0..511, so none borrows from the
        next, and a field drops below its guard bit exactly when its column side outweighs its starts.
        The searches inline this.
        """
        high, low = divmod(code, self.low_size)
        fits: bool = self.rooms[left][top_class] - self.low_need[low] - self.high_need[high] & self.guards != self.guards
        return fits

    def check(self, expanded: int) -> int:
        """Count `expanded` more positions and stop the search if the budget says so; returns how many
        positions the search may take before it looks again: CHECK_EVERY, or fewer where a position
        limit is nearer, so that the limit is kept exactly (`Budget.room`)."""
        self.positions += expanded
        if self.budget.spent(self.positions):
            raise _Stop
        return min(CHECK_EVERY, self.room - self.positions)

    def first_look(self) -> int:
        """The positions a search may take before it looks at the budget first."""
        if self.room <= self.positions:
            raise _Stop
        return min(CHECK_EVERY, self.room - self.positions)

    def tally(self, expanded: int) -> None:
        """Count the positions a search took since its last look, when it has ended (a verdict
        reached at the limit stands)."""
        self.positions += expanded

    def moves(self, steps: Sequence[int]) -> list[Move]:
        by_weight = {self.base**i: i for i in range(len(self.cols))}
        return [Move(STOCK, FOUNDATION) if step == DEAL else Move(column(by_weight[step]), FOUNDATION) for step in steps]


def _depth_first(layout: _Layout, share: int) -> tuple[list[int] | None, bytearray | None]:
    """Depth-first within about `share` positions: (the winning steps, None) when it finds a win,
    (None, None) when it has searched everything (the deal is lost), else (None, what it learnt:
    for each position the largest stock known to lose, plus one), which `_by_levels` uses.

    A position is its index in the memo tables, code * classes + foundation class, with the stock
    size beside it: a column play adds a precomputed change to the index less the class.
    """
    if share <= 0:
        return None, bytearray(layout.size)  # nothing learnt: straight to the level search
    classes, stock_class = layout.classes, layout.stock_class
    low, high, low_size, high_size = layout.low_plays, layout.high_plays, layout.low_size, layout.high_size
    low_need, high_need, rooms, guards = layout.low_need, layout.high_need, layout.rooms, layout.guards
    lost = bytearray(layout.size)  # the largest stock known to lose, plus one
    path: list[int] = []  # the positions of the winning line, last first
    countdown = chunk = layout.first_look()
    used = 0

    class OutOfShare(Exception):
        pass

    def search(at: int, left: int) -> bool:
        nonlocal countdown, chunk, used
        countdown -= 1
        if countdown <= 0:
            used += chunk
            countdown = chunk = layout.check(chunk)
            if used >= share:
                raise OutOfShare
        code, k = divmod(at, classes)
        hi, lo = divmod(code, low_size)
        if rooms[left][k] - low_need[lo] - high_need[hi] & guards != guards:  # layout.dead
            return False
        beaten = left + 1
        under = at - k
        for change in low[k * low_size + lo] + high[k * high_size + hi]:
            child = under + change
            if child < classes or (lost[child] < beaten and search(child, left)):  # below classes: no cards left
                path.append(child)
                return True
        if left:
            child = under + stock_class[left - 1]
            if lost[child] < left and search(child, left - 1):
                path.append(child)
                return True
        if lost[at] < beaten:
            lost[at] = beaten
        return False

    start = layout.code * classes + layout.top_class
    try:
        won = search(start, len(layout.stock))
    except OutOfShare:
        return None, lost
    layout.tally(chunk - countdown)
    if not won:  # every position searched, each child skipped known to lose: a proof
        return None, None
    line = [start] + path[::-1]
    return [before // classes - after // classes for before, after in zip(line, line[1:])], None  # a deal changes no column: DEAL


def _by_levels(layout: _Layout, lost: bytearray | None = None) -> list[int] | None:
    """Every position, a stock level at a time; the winning steps, or None when nothing wins.
    Positions `lost` (from `_depth_first`) knows to lose with their stock are passed by.

    A column code whose position was expanded keeps dealing: at each lower level its deal reaches
    (code, that level's stock card) unless the same code and class was met higher up, which by the
    dominance is at least as good. `seen` holds the level each position was first met at, plus one,
    which is all `_line` needs to find the way back once a win is found. Positions are indexes, as
    in `_depth_first`.
    """
    classes, stock_class = layout.classes, layout.stock_class
    low, high, low_size, high_size = layout.low_plays, layout.high_plays, layout.low_size, layout.high_size
    low_need, high_need, guards = layout.low_need, layout.high_need, layout.guards
    seen = bytearray(layout.size)
    dealing = bytearray(layout.size // classes)  # codes whose deals are followed down the levels
    codes: list[int] = []
    start = layout.code * classes + layout.top_class
    seen[start] = len(stock_class) + 1
    stack = [start]
    push, pop = stack.append, stack.pop
    countdown = chunk = layout.first_look()
    for left in range(len(stock_class), -1, -1):
        mark = left + 1
        rooms = layout.rooms[left]
        while stack:
            at = pop()
            countdown -= 1
            if not countdown:
                countdown = chunk = layout.check(chunk)
            code, k = divmod(at, classes)
            hi, lo = divmod(code, low_size)
            if rooms[k] - low_need[lo] - high_need[hi] & guards != guards:  # layout.dead
                continue  # and so is every position after it, dealt or played
            if lost is not None and lost[at] > left:
                continue  # the depth-first search found it lost with this stock or a bigger one
            if not dealing[code]:
                dealing[code] = 1
                codes.append(code)
            under = at - k
            for change in low[k * low_size + lo] + high[k * high_size + hi]:
                child = under + change
                if child < classes:  # no cards left
                    layout.tally(chunk - countdown)
                    return _line(layout, seen, code, k, left) + [code]
                if not seen[child]:
                    seen[child] = mark
                    push(child)
        if left:
            k = stock_class[left - 1]
            for code in codes:
                at = code * classes + k
                if not seen[at]:
                    seen[at] = left
                    push(at)
    layout.tally(chunk - countdown)
    return None


def _line(layout: _Layout, seen: bytearray, code: int, top_class: int, left: int) -> list[int]:
    """The steps from the deal to the position (code, top class) met at level `left`.

    Walks back through positions the level search met: a column play undone from a position met at
    the same level, or deals from the same columns met at a higher level. Each step back goes up a
    level or adds a card, so the walk ends at the deal.
    """
    classes, klass, fits, stock, cols = layout.classes, layout.klass, layout.fits, layout.stock, layout.cols
    fitting = [[under for under in range(53) if fits[under][card]] for card in range(52)]
    heights = [code // layout.base**i % layout.base for i in range(len(cols))]
    steps: list[int] = []
    while code != layout.code or left != len(stock):
        if left < len(stock) and top_class == klass[stock[left]]:
            higher = [c for c in range(classes) if seen[code * classes + c] > left + 1]
            if higher:
                up = max(seen[code * classes + c] for c in higher) - 1
                steps.extend([DEAL] * (up - left))
                top_class, left = next(c for c in higher if seen[code * classes + c] == up + 1), up
                continue
        for i, height in enumerate(heights):
            if height == len(cols[i]) or klass[cols[i][height]] != top_class:
                continue
            up_code = code + layout.base**i
            under = next((klass[u] for u in fitting[cols[i][height]] if seen[up_code * classes + klass[u]] == left + 1), None)
            if under is not None:
                steps.append(layout.base**i)
                heights[i] += 1
                code, top_class = up_code, under
                break
        else:
            raise AssertionError("the level search met a position it cannot trace back")
    steps.reverse()
    return steps


def solve_golf(rules: Rules, state: State, budget: Budget) -> SolveResult:
    """SOLVED with the moves or UNSOLVABLE (proven), unless the budget ends first."""
    layout = _Layout(rules, state, budget)
    if layout.code == 0:
        return verified(rules, state, [], 0, budget.elapsed())
    try:
        steps, lost = _depth_first(layout, DEPTH_FIRST_SHARE)
        if steps is None and lost is not None:
            steps = _by_levels(layout, lost)
    except _Stop:
        return SolveResult(Status.UNKNOWN, (), layout.positions, budget.elapsed(), budget.spent(layout.positions) or "stopped")
    if steps is None:
        return SolveResult(Status.UNSOLVABLE, (), layout.positions, budget.elapsed())
    return verified(rules, state, layout.moves(steps), layout.positions, budget.elapsed())
