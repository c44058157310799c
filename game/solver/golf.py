"""Golf, solved exactly: every reachable position is searched, so the answer is a proof either way.

A Golf position is fully described by how many cards are left in each column, how many in the stock,
and which card is on the foundation. The columns' heights pack into one integer (`code`, a number in
base `base` with a digit per column), so memo tables are flat `bytearray`s indexed by
`code * classes + class of the foundation card`: a hard deal has a million positions to exhaust and
dictionary keys would cost more than the search itself.

Two facts shrink the space:
- Foundation cards that fit under and onto the same cards are interchangeable (`_top_classes`); in
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
cost up to 15% more.

Which card fits on which is not restated here: `_fit_table` asks the model's `legal_moves` about
every (foundation card, column card) pair once, so relaxed and strict Golf (and any future rule
change) are whatever `GolfRules` says they are. Solutions are replayed through `rules.apply`.
"""
from __future__ import annotations

from collections.abc import Sequence

from ..moves import FOUNDATION, STOCK, Move, column
from ..rules import Rules
from ..state import State
from .common import Budget, SolveResult, Status, verified

CHECK_EVERY = 1024
NO_CARD = 52  # the foundation is empty
DEPTH_FIRST_SHARE = 400_000  # positions the depth-first phase may expand before the level search
MAX_TABLE = 50_000_000  # memo entries; far above the standard 7 x 5 layout (3.9 million)
DEAL = 0  # a step of a solution that deals from the stock (column steps are their column weight)


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


def _top_classes(fits: list[bytes]) -> list[int]:
    """Foundation cards that behave alike (same row and same column in the table) share a class."""
    signature: dict[tuple[bytes, bytes], int] = {}
    classes = []
    for top in range(53):
        as_card = bytes(fits[other][top] for other in range(53)) if top < 52 else b""
        classes.append(signature.setdefault((fits[top], as_card), len(signature)))
    return classes


def _rank_enablers(fits: list[bytes]) -> list[tuple[int, int]] | None:
    """The (offset, mask) pairs that count, for each rank, the cards a card of that rank may go on.

    Ranks are 8-bit fields of one integer (Ace lowest). A card of rank r may go onto a top of rank
    r + offset when the mask's field r is 0xFF. None when the table depends on more than ranks, or
    lets a card go on its own rank (it could then count as its own way onto the foundation), or when
    the count is not worth its cost (below).
    """
    by_rank: dict[tuple[int, int], int] = {}
    for top in range(52):
        for card in range(52):
            if card == top:
                continue
            pair = (top % 13, card % 13)
            if by_rank.setdefault(pair, fits[top][card]) != fits[top][card]:
                return None
    if any(by_rank.get((r, r)) for r in range(13)):
        return None
    masks: dict[int, int] = {}
    for (s, r), fit in by_rank.items():
        if fit:
            masks[s - r] = masks.get(s - r, 0) | 0xFF << 8 * r
    if all(sum(fit for (s, r2), fit in by_rank.items() if r2 == r) >= 2 for r in range(13)):
        # Every rank goes on two others (relaxed Golf: Ace and King touch): the count rarely bites,
        # and on the slowest deals it cost more time than the positions it saved (measured, 1..1000).
        return None
    return sorted(masks.items())


HIGH_BITS = sum(0x80 << 8 * r for r in range(13))
_ENABLERS: dict[bytes, list[tuple[int, int]] | None] = {}


def _rank_counts(cards: bytes) -> int:
    """How many cards of each rank, one 8-bit field per rank."""
    return sum(1 << 8 * (card % 13) for card in cards)


def _top_card_tables(cols: list[bytes], base: int, first: int, last: int) -> list[tuple[tuple[int, int], ...]]:
    """For every heights combination of columns first..last-1, the (weight, top card) of each column.

    The search reads the columns' top cards out of a position's code through two such tables (a low
    and a high group of columns), so a position needs no list of heights at all.
    """
    table: list[tuple[tuple[int, int], ...]] = []
    for combo in range(base ** (last - first)):
        pairs = []
        for i in range(first, last):
            height = combo // base ** (i - first) % base
            if 0 < height <= len(cols[i]):
                pairs.append((base**i, cols[i][height - 1]))
        table.append(tuple(pairs))
    return table


def _rank_tables(cols: list[bytes], base: int, first: int, last: int) -> list[int]:
    """For every heights combination of columns first..last-1, their cards counted by rank."""
    table = []
    for combo in range(base ** (last - first)):
        counts = 0
        for i in range(first, last):
            counts += _rank_counts(cols[i][: combo // base ** (i - first) % base])
        table.append(counts)
    return table


class _Layout:
    """The deal's fixed parts as tables both phases read, and the count of positions expanded."""

    def __init__(self, rules: Rules, state: State, budget: Budget) -> None:
        self.cols = [bytes(c.index for c in pile) for pile in state.columns]
        self.stock = bytes(c.index for c in state.stock)
        pile = state.foundations[0]
        self.top = pile[-1].index if pile else NO_CARD
        n = len(self.cols)
        self.fits = _fit_table(rules, n)
        self.klass = _top_classes(self.fits)
        self.classes = max(self.klass) + 1
        self.base = 1 + max((len(c) for c in self.cols), default=0)
        self.size = self.base**n * self.classes
        if len(self.stock) >= 255 or self.size > MAX_TABLE:
            raise ValueError("this Golf layout is too large for the exact solver")
        split = n // 2 + 1
        self.low = _top_card_tables(self.cols, self.base, 0, split)
        self.high = _top_card_tables(self.cols, self.base, split, n)
        self.low_size = self.base**split
        joined = b"".join(self.fits)
        if joined not in _ENABLERS:
            _ENABLERS[joined] = _rank_enablers(self.fits)
        self.enablers = _ENABLERS[joined]
        # the cards still in the columns (two groups, as the top-card tables) and in the stock, by rank
        self.low_ranks = _rank_tables(self.cols, self.base, 0, split)
        self.high_ranks = _rank_tables(self.cols, self.base, split, n)
        self.stock_ranks = [_rank_counts(self.stock[:left]) for left in range(len(self.stock) + 1)]
        self.code = sum(len(c) * self.base**i for i, c in enumerate(self.cols))
        self.budget = budget
        self.positions = 0

    def dead(self, code: int, left: int, top: int) -> bool:
        """Whether the columns hold more cards of some rank than there are cards to play them onto.

        Each column card, when it is played, goes onto the card then on top: the top card now, or a
        card still to come from the columns or the stock; and each of those is the card just under
        one played card at most. So the cards of rank r left in the columns can be no more than the
        cards left (with the top) of the ranks they may go on; if they are, the position is lost,
        and so is every position after it, whose cards to come are fewer.
        """
        enablers = self.enablers
        if enablers is None or top == NO_CARD:
            return False
        in_columns = self.low_ranks[code % self.low_size] + self.high_ranks[code // self.low_size]
        to_come = in_columns + self.stock_ranks[left] + (1 << 8 * (top % 13))
        room = 0
        for offset, mask in enablers:
            room += (to_come >> 8 * offset if offset > 0 else to_come << -8 * offset) & mask
        return (room | HIGH_BITS) - in_columns & HIGH_BITS != HIGH_BITS

    def check(self, expanded: int) -> None:
        """Count `expanded` more positions and stop the search if the budget says so."""
        self.positions += expanded
        if self.budget.spent(self.positions):
            raise _Stop

    def moves(self, steps: Sequence[int]) -> list[Move]:
        by_weight = {self.base**i: i for i in range(len(self.cols))}
        return [Move(STOCK, FOUNDATION) if step == DEAL else Move(column(by_weight[step]), FOUNDATION) for step in steps]


def _depth_first(layout: _Layout, share: int) -> tuple[list[int] | None, bytearray | None]:
    """Depth-first within about `share` positions: (the winning steps, None) when it finds a win,
    (None, None) when it has searched everything (the deal is lost), else (None, what it learnt:
    for each position the largest stock known to lose, plus one), which `_by_levels` uses."""
    if share <= 0:
        return None, bytearray(layout.size)  # nothing learnt: straight to the level search
    fits, klass, classes = layout.fits, layout.klass, layout.classes
    low, high, low_size, stock = layout.low, layout.high, layout.low_size, layout.stock
    dead = layout.dead
    lost = bytearray(layout.size)  # the largest stock known to lose, plus one
    path: list[int] = []  # the winning steps, last first
    countdown = CHECK_EVERY
    used = 0

    class OutOfShare(Exception):
        pass

    def search(code: int, left: int, top: int) -> bool:
        nonlocal countdown, used
        countdown -= 1
        if countdown <= 0:
            countdown = CHECK_EVERY
            used += CHECK_EVERY
            layout.check(CHECK_EVERY)
            if used >= share:
                raise OutOfShare
        if dead(code, left, top):
            return False
        row = fits[top]
        beaten = left + 1
        for weight, card in low[code % low_size] + high[code // low_size]:
            if not row[card]:
                continue
            child = code - weight
            if not child or (lost[child * classes + klass[card]] < beaten and search(child, left, card)):
                path.append(weight)
                return True
        if left:
            card = stock[left - 1]
            if lost[code * classes + klass[card]] < left and search(code, left - 1, card):
                path.append(DEAL)
                return True
        at = code * classes + klass[top]
        if lost[at] < beaten:
            lost[at] = beaten
        return False

    try:
        won = search(layout.code, len(stock), layout.top)
    except OutOfShare:
        return None, lost
    layout.check(CHECK_EVERY - countdown)
    if not won:  # every position searched, each child skipped known to lose: a proof
        return None, None
    path.reverse()
    return path, None


def _by_levels(layout: _Layout, lost: bytearray | None = None) -> list[int] | None:
    """Every position, a stock level at a time; the winning steps, or None when nothing wins.
    Positions `lost` (from `_depth_first`) knows to lose with their stock are passed by.

    A column code whose position was expanded keeps dealing: at each lower level its deal reaches
    (code, that level's stock card) unless the same code and class was met higher up, which by the
    dominance is at least as good. `seen` holds the level each position was first met at, plus one,
    which is all `_line` needs to find the way back once a win is found.
    """
    fits, klass, classes = layout.fits, layout.klass, layout.classes
    low, high, low_size, stock = layout.low, layout.high, layout.low_size, layout.stock
    dead = layout.dead if layout.enablers is not None else None  # None: the count never bites
    seen = bytearray(layout.size)
    dealing = bytearray(layout.size // classes)  # codes whose deals are followed down the levels
    codes: list[int] = []
    seen[layout.code * classes + klass[layout.top]] = len(stock) + 1
    stack = [(layout.code, layout.top)]
    push, pop = stack.append, stack.pop
    countdown = CHECK_EVERY
    for left in range(len(stock), -1, -1):
        mark = left + 1
        while stack:
            code, top = pop()
            countdown -= 1
            if not countdown:
                countdown = CHECK_EVERY
                layout.check(CHECK_EVERY)
            if dead is not None and dead(code, left, top):
                continue  # and so is every position after it, dealt or played
            if lost is not None and lost[code * classes + klass[top]] > left:
                continue  # the depth-first search found it lost with this stock or a bigger one
            if not dealing[code]:
                dealing[code] = 1
                codes.append(code)
            row = fits[top]
            for pairs in (low[code % low_size], high[code // low_size]):
                for weight, card in pairs:
                    if not row[card]:
                        continue
                    child = code - weight
                    if not child:
                        layout.check(CHECK_EVERY - countdown)
                        return _line(layout, seen, code, klass[top], left) + [weight]
                    at = child * classes + klass[card]
                    if not seen[at]:
                        seen[at] = mark
                        push((child, card))
        if left:
            card = stock[left - 1]
            k = klass[card]
            for code in codes:
                at = code * classes + k
                if not seen[at]:
                    seen[at] = left
                    push((code, card))
    layout.check(CHECK_EVERY - countdown)
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
