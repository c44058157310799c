"""The FreeCell-family solver: a fast best-first search that is also an exhaustive proof.

Why it is shaped this way:

- Positions are compact and canonical, as Freecell Solver counts them: columns as a set and cells
  as a set. A card is its `Card.index` (0-51), a column is a `bytes` string (bottom card first),
  the cells are one `bytes` string of their cards behind a 0xFF marker, and a position is the tuple
  of its columns and that cell string, in no particular order. Its key (`canonical`) holds, for
  each card, what it lies on (the card under it, the bottom of a column, a cell, or home), one byte
  a card, as one integer. Two positions that differ only in the order of their columns or of their
  cells have the same key, and any other difference changes it; foundations follow from it. A move
  changes one byte of the key, what its first card lies on, so a child's key is the parent's XOR a
  number worked out once per column (`column_info`), and is looked up in the positions seen before
  the child's columns are made (three in four children are positions seen already); nothing is ever
  sorted. An integer rather than 52 bytes because that is one operation instead of two slices and
  two joins: 7 % of a proof such as deal 11982's, where almost every move leads to a position seen.
- Moves inside the search name cards, not piles ("the run headed by 7H onto 8S", "QD to a cell"),
  because pile numbers mean nothing in a position whose columns come in no fixed order.
  `_to_model_moves` turns them into real `Move`s by playing them on the model's own `State`, and
  every one of them goes through the model's `rules.apply` as it is named (`common.checked`),
  so every move of every answer has passed the model's legality checks, and the result is
  verified to end won.
- Safe foundation moves are made at once and written out as ordinary moves, so a solution replays
  in tools without auto-play. Safe is the model's `is_safe_home` rule (by suit, every card; in
  alternating colours, a card whose two opposite-colour cards one rank lower are home) and one rule
  more in alternating colours: a red card of rank r also goes when both black suits are home to r-2
  and the other red suit to r-3 (likewise with the colours exchanged). A winning line that keeps
  such a card c in play wins as well with it home: the only cards that could go on c are the black
  r-1s, which can then go home instead (their suits are at r-2), and the only cards that could go
  on those are the other red r-2, which can go home too (its suit is at r-3); nothing can go on
  that one (the black r-3s are home), and every other move of the line stays legal with fewer
  cards in play. A position in the search has none left, so after a move only the card it
  uncovers can start a run of them, or a card sent home by hand: the search looks further only then.
- A child is scored from its parent's figures and what its move carried where (each distinct
  column's lowest rank, blocked cards and cards are worked out once), not by reading its columns:
  scoring every child in full was a third of the CPU of an ordinary deal.
- Expanding a position (`_BestFirst.expand`) puts each child not seen before straight onto the
  queue as it is found, one method for each kind of move, each reading the parent's figures
  (`_Parent`), which are worked out once an expansion (handing children over in a list of tuples
  cost 9 % of a median deal). A child that sent nothing home is kept as its parent's position and the change (`Node`),
  and its columns are made only if it is taken off the queue: fewer than half are, and making them
  all cost 4 %. The queue keeps a first-in first-out bucket of node indexes for each score (`_Queue`):
  a proof pushes and pops every position, and a heap's pop on tens of thousands of entries cost
  half a microsecond (11982's proof 7 % faster). A median deal meets some 100 distinct columns: `column_info` reads each
  in one pass, and takes what a card's moves change in the key off a table kept for the process
  (`_lifts`; 7 %). The model's own checks name every move of a solution (`_to_model_moves`).
- The search is best-first over single-card moves and supermoves (runs up to the model's capacity
  `(free cells + 1) × 2^(empty columns)`), scored by a heuristic plus the moves made so far. It
  leaves out no legal move, so when a search's queue is empty every position reachable from the
  deal has been expanded: the deal is proven unsolvable.
- The main search's weighting is greedy, chosen for the median deal: it reaches a win in the fewest
  positions when its first guesses are right (804 positions at the median of 1..32000, against
  1,054 for the gentler weighting held before). Where they are wrong it digs for a long time, so
  once it has met 4,000 positions it takes turns with a second queue over the same positions that
  weighs the moves made three times as much (WIDE_DEPTH): it goes back to shallow positions the
  greedy order left and finds a shorter way (deal 8436: 39,665 positions in all instead of 378,143).
  The two queues share one tree and one set of positions seen, so a proof still meets each
  position once; the second queue costs a proof about a fifth more CPU (11982: 0.39 s
  without it, 0.46-0.48 s with it on the loaded machine), since every position is queued and taken
  off twice and it expands old positions the first left; taking its positions off the nodes in one
  written-out loop, or taking turns in bursts, measured no gain.
  Beside the main search, once it has met 4,000 positions, two series of the same search with a
  little seeded noise in its scores, each search started afresh with other noise after 5,000
  positions; each series is kept to a tenth of the main search's count, so a proof costs at most a
  fifth more positions (11982: 70,763 against 61,642). A deal the main search finds hard often
  falls to a noisy search at once (16491: over 700,000 positions once, a few thousand for a noisy
  search). On 1..32000 the two together leave no deal over 130,000 positions (before the second
  queue and this weighting: 8436 at 378,143 and 5 more deals over 150,000); the weighting alone,
  without the second queue, took 690,000 positions on 8436. Every noisy set-up tried (noise 8 to
  24, restarts after 2,500 to 10,000 positions, one series or two) did worse or no better, and so
  did other depth weights for the second queue (2 or 4), a third queue, and the second queue
  starting at 2,000 or 8,000 positions.
  Each noisy search has its own queue and positions seen: giving every queue every position met
  (tried) made each position cost three scores and three queue entries.
- The module runs compiled by mypyc where it can (`compiled`), searching the same positions in the
  same order with a quarter less CPU: 11982's proof in 0.33 s instead of 0.43, the median of deals
  1..1000 1.8 ms instead of 2.5. The nodes, the columns' facts and their runs are typed classes
  (`Node`, `ColumnInfo`, `TopRun`), which mypyc makes native structs whose integers it reads
  unboxed: with them deals 1..32000 took a third less CPU than when they were tuples (380 s
  instead of 559, docs/solver-figures-35.md), the same positions in the same order; plain Python
  makes a class instance more slowly than a tuple, and runs the search about 1.4 times as long.
  Compiled code holds the annotations at run time, so every node is a whole `Node` (the winning
  child's too) and `settle` loops over the cells as they were before it takes cards out of them.
"""
from __future__ import annotations

from collections import deque

from ..cards import KING
from ..moves import FOUNDATION, Move, PileKind, cell, column
from ..rules import Rules
from ..state import State
from ..variant import ANY_CARD, SAME_SUIT
from .common import POSITION_LIMIT, UNLIMITED, Budget, SolveResult, Status, checked, won
from .generic import Pacer
from .portfolio import JITTER, JITTER_MASK, portfolio

# An internal move: (card, count, destination). The destination is a card index (the run goes onto
# that card), or one of these.
TO_FOUNDATION = -1
TO_CELL = -2
TO_EMPTY = -3
InternalMove = tuple[int, int, int]
Position = tuple[bytes, ...]  # the columns, then CELLS + the cells' cards
Key = int  # `canonical`: what each card lies on, card c in bits 8c..8c+7
Found = tuple[int, int, int, int]
CELLS = b"\xff"  # marks the cells' string, the last of a position
HOME, BOTTOM, IN_CELL = 0xFD, 0xFE, 0xFF  # bytes of a key (`canonical`) other than a card
WON = (13, 13, 13, 13)

RANK = tuple(i % 13 + 1 for i in range(52))
SUIT = tuple(i // 13 for i in range(52))
RED = tuple(SUIT[i] in (1, 2) for i in range(52))
OPPOSITE_SUITS = tuple((1, 2) if not RED[i] else (0, 3) for i in range(52))
BYTE = tuple(bytes((i,)) for i in range(256))
BIT = tuple(1 << i for i in range(52))

CHECK_EVERY = 256  # positions between looks at the clock and the cancel signal
RUN_MASKS = 14  # a run holds 13 cards at most
# The heuristic's weights: cards not home, cards above a lower card, depth of each suit's next card,
# cells in use, empty columns (a bonus). Chosen on Microsoft deals 1..32000 (the module note).
WEIGHTS = (6, 4, 1, 2, 5)
# The noisy searches beside the main one (`portfolio`): they start once it has met ALONE positions,
# SIDES series each kept to a SHAREth of its count, the main weighting with a random number below
# NOISE added to each score (a card home is worth 6), each search started afresh with other noise
# after RESTART positions.
ALONE = 4_000
SHARE = 10
SIDES = 2
NOISE = 16
RESTART = 5_000
WIDE_DEPTH = 3  # the main search's second queue (from ALONE positions on) weighs the moves made this much
NO_JITTER = (0,) * JITTER


def as_found(found: list[int]) -> Found:
    """Foundations counted in a list, as the tuple a position holds."""
    return found[0], found[1], found[2], found[3]


def canonical(columns: list[bytes] | tuple[bytes, ...], cells: bytes) -> Key:
    """The position's key: for each card c (0-51), in its byte c, what it lies on: the card under it
    in its column, BOTTOM, IN_CELL, or HOME when it is in neither (on a foundation). Columns and cells
    are thereby sets: the key does not change with their order, and any other change of the position
    changes it."""
    key = bytearray(HOME for _ in range(52))
    for col in columns:
        under = BOTTOM
        for c in col:
            key[c] = under
            under = c
    for c in cells:
        if c < 52:  # the cells' marker is no card
            key[c] = IN_CELL
    return int.from_bytes(key, "little")


# A card's moves off what it lies on: the cards it may go onto, each with the key's change when it
# does, and the key's change when it goes to an empty column and to a cell (`_build_tables`).
Lifts = tuple[tuple[tuple[int, int], ...], int, int]
Tables = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], bytes, "list[Lifts | None]"]
_TABLES: dict[bool, Tables] = {}


def _build_tables(same_suit: bool) -> Tables:
    """Which card may be built on which, once a process for each build rule: (onto, onto as bits,
    fits, lifts). lifts[a << 8 | b]: the `Lifts` of card a lying on b (a card or BOTTOM), filled in
    as they are first wanted (`_lifts`), which spares a process the 2,756 of them up front."""
    tables = _TABLES.get(same_suit)
    if tables is None:
        onto: list[tuple[int, ...]] = []
        fits = bytearray(52 * 52)
        for a in range(52):
            targets = []
            for b in range(52):
                if RANK[b] != RANK[a] + 1:
                    continue
                if (SUIT[a] == SUIT[b]) if same_suit else (RED[a] != RED[b]):
                    targets.append(b)
                    fits[a * 52 + b] = 1
            onto.append(tuple(targets))
        lifts: list[Lifts | None] = [None] * (52 << 8)
        tables = _TABLES[same_suit] = (tuple(onto), tuple(sum(1 << b for b in t) for t in onto), bytes(fits), lifts)
    return tables


def _lifts(tables: Tables, a: int, b: int) -> Lifts:
    """The `Lifts` of card a lying on b, kept in `tables`."""
    shift = 8 * a
    lifts = tables[3][a << 8 | b] = (
        tuple([(target, (b ^ target) << shift) for target in tables[0][a]]), (b ^ BOTTOM) << shift, (b ^ IN_CELL) << shift,
    )
    return lifts


# `_Search.found_info` for each build rule, kept for the process: it depends on nothing else and
# there are at most 14^4 foundations. A median deal meets some 60, each worked out afresh when the
# cache was the solve's own, though 429 deals meet only 6,178 between them: 1-3 % of a median deal.
_FOUND: dict[bool, dict[Found, tuple[frozenset[int], int]]] = {}


class _BlockedCards(dict[bytes, int]):
    """Cards lying above a lower card in a column, worked out once per distinct column: each must move
    before that card goes home. The cells' string counts none (its cards lie above nothing)."""

    def __missing__(self, col: bytes) -> int:
        s = 0
        low = 99
        for c in col if col[:1] != CELLS else b"":
            r = RANK[c]
            if r > low:
                s += 1
            else:
                low = r
        self[col] = s
        return s


WHOLE = -1  # `Node.changed` of a position kept whole


class Node:
    """A position met in a search (`_Tree.nodes`): how it was reached (its parent's index, the move's
    card, count and destination, the safe moves it set off or None), then what expanding it needs
    (`_Parent`): position, key, foundations, its `measure`, moves so far, `skip`, and its score in
    the main queue (moves so far and noise included).

    Most positions met are never expanded, so a child that sent nothing home is kept as its
    parent's position and the change: its columns are made when it is taken off the queue
    (`columns`: the parent's, with `column` at index `changed` and `extra` put on column `onto`);
    `changed` is WHOLE when `position` is the position itself. A typed class rather than a tuple so
    that each field has a name; compiled by mypyc it is a native struct whose integers are read
    unboxed."""

    __slots__ = ("parent", "card", "count", "dest", "auto", "position", "key", "found", "blocked", "buried", "depth",
                 "skip", "changed", "column", "onto", "extra", "score")

    def __init__(self, parent: int, card: int, count: int, dest: int, auto: list[InternalMove] | None, position: Position,
                 key: Key, found: Found, blocked: int, buried: int, depth: int, skip: int,
                 changed: int, column: bytes, onto: int, extra: bytes, score: int) -> None:
        self.parent = parent
        self.card = card
        self.count = count
        self.dest = dest
        self.auto = auto
        self.position = position
        self.key = key
        self.found = found
        self.blocked = blocked
        self.buried = buried
        self.depth = depth
        self.skip = skip
        self.changed = changed
        self.column = column
        self.onto = onto
        self.extra = extra
        self.score = score

    def columns(self) -> Position:
        """The position this node stands for, made from its parent's when kept as a change."""
        if self.changed == WHOLE:
            return self.position
        new = list(self.position)
        new[self.changed] = self.column
        new[self.onto] = self.position[self.onto] + self.extra
        return tuple(new)


class TopRun:
    """A run of `count` cards that may lift off a column's top (`ColumnInfo.runs`), headed by `head`.

    `targets`: the cards it may go onto, each with the key's change when it does; `left` what stays
    behind and `moving` the run itself; `lies` what the head lies on (a card or BOTTOM); `blocked`
    how many of its cards count as blocked (`_Search.measure`) where they lie; `left_bits` the cards
    left behind as bits; `to_empty` and `to_cell` the key's change when the run goes to an empty
    column and when it (one card) goes to a cell."""

    __slots__ = ("count", "head", "targets", "left", "moving", "lies", "blocked", "left_bits", "to_empty", "to_cell")

    def __init__(self, count: int, head: int, targets: tuple[tuple[int, int], ...], left: bytes, moving: bytes, lies: int,
                 blocked: int, left_bits: int, to_empty: int, to_cell: int) -> None:
        self.count = count
        self.head = head
        self.targets = targets
        self.left = left
        self.moving = moving
        self.lies = lies
        self.blocked = blocked
        self.left_bits = left_bits
        self.to_empty = to_empty
        self.to_cell = to_cell


class ColumnInfo:
    """What move generation reads off a non-empty column (`_Search.column_info`): its top card, the
    top as a bit, the runs that may lift off its top (one card first), for each k the bits of every
    card the runs of k cards or fewer may go onto (`masks`: a move onto a column is looked for only
    when one of those bits is a column's top), the column's lowest rank and all its cards as bits.
    The last two and the runs' blocked counts let a move's child be scored from its parent's score
    without looking at the child's columns."""

    __slots__ = ("top", "top_bit", "runs", "masks", "low", "cards")

    def __init__(self, top: int, top_bit: int, runs: tuple[TopRun, ...], masks: tuple[int, ...], low: int, cards: int) -> None:
        self.top = top
        self.top_bit = top_bit
        self.runs = runs
        self.masks = masks
        self.low = low
        self.cards = cards


class _Search:
    """One solve of one FreeCell-family position; holds the variant's tables and the caches."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        params = rules.variant.params
        # Typed here, as `params` is not (any family's): an untyped attribute is a Python object to the
        # compiled search, and the search's every use of it a call into the interpreter (5 % of its work).
        self.n_cells: int = params.cells
        self.same_suit: bool = params.build == SAME_SUIT
        self.any_fills: bool = params.empty_column == ANY_CARD
        # onto[a]: the cards `a` may be built on; fits[a * 52 + b]: whether `a` may lie on `b`; lifts: `_build_tables`.
        self.tables = _build_tables(self.same_suit)
        self.onto, self.onto_bits, self.fits, self.lifts = self.tables
        self.info_cache: dict[bytes, ColumnInfo] = {}
        self.blocked_in = _BlockedCards().__getitem__  # column -> its cards above a lower card
        self.found_cache = _FOUND.setdefault(self.same_suit, {})  # `found_info`, kept for the process

    # -- positions -----------------------------------------------------------------------------

    @staticmethod
    def from_state(state: State) -> tuple[list[bytes], bytes, list[int]]:
        cols = [bytes(c.index for c in pile) for pile in state.columns]
        cells = bytes(c.index for c in state.cells if c is not None)
        found = [len(pile) for pile in state.foundations]
        return cols, cells, found

    def column_info(self, col: bytes) -> ColumnInfo:
        """What move generation reads off a non-empty column (`ColumnInfo`), worked out once per
        distinct column: a median deal meets some 100 columns, each in many positions."""
        info = self.info_cache.get(col)
        if info is None:
            fits, onto_bits, lifts = self.fits, self.onto_bits, self.lifts
            # one pass up the column: blocked_below[p], the blocked cards (`measure`) among the p lowest
            blocked_below = []
            blocked = cards = 0
            low = 99
            for c in col:
                blocked_below.append(blocked)
                cards |= BIT[c]
                r = RANK[c]
                if r > low:
                    blocked += 1
                else:
                    low = r
            heads: list[TopRun] = []
            masks = [0]
            mask = 0
            left_bits = cards
            size = len(col)
            k = 0
            while k < size:  # the runs that may lift off the top, k + 1 cards each
                head = col[-k - 1]
                left = col[:-k - 1]
                left_bits ^= BIT[head]
                lies = left[-1] if left else BOTTOM
                targets, to_empty, to_cell = lifts[head << 8 | lies] or _lifts(self.tables, head, lies)
                run_blocked = blocked - blocked_below[-k - 1]
                heads.append(TopRun(k + 1, head, targets, left, col[-k - 1:], lies, run_blocked, left_bits, to_empty, to_cell))
                mask |= onto_bits[head]
                masks.append(mask)
                if not (left and fits[head * 52 + lies]):
                    break
                k += 1
            masks += [mask] * (RUN_MASKS - len(masks))  # masks[k]: runs of k cards or fewer (k < RUN_MASKS)
            info = self.info_cache[col] = ColumnInfo(col[-1], BIT[col[-1]], tuple(heads), tuple(masks), low, cards)
        return info

    def measure(self, pos: Position, found: Found) -> tuple[int, int]:
        """What the score reads off the columns: how many cards lie above a lower card (each must
        move before that card goes home), and how many cards lie on each suit's next card. Worked out
        in full for a deal and for a child that sent cards home; `_BestFirst.run` updates them move by move."""
        blocked = sum(map(self.blocked_in, pos))
        buried = 0
        cells = pos[-1]
        joined = b"\xfe".join(pos)
        for suit in range(4):
            r = found[suit]
            if r == 13:
                continue
            want = suit * 13 + r
            if want in cells:
                continue
            at = joined.find(want)  # bytes.find works on a single byte value
            buried += joined.find(254, at) - at - 1
        return blocked, buried

    @staticmethod
    def score(weights: tuple[int, ...], found: Found, blocked: int, buried: int, cells: int, empties: int) -> int:
        """Lower is closer to a win: a weighted sum of what still stands in the way (cards not home,
        blocked cards, cards on the suits' next cards, cells in use), less a bonus for empty columns."""
        a, b, c, d, e = weights
        home = found[0] + found[1] + found[2] + found[3]
        return a * (52 - home) + b * blocked + c * buried + d * cells - e * empties + 1

    def found_info(self, found: Found) -> tuple[frozenset[int], int]:
        """The cards that would go home at once, safely (the module note), on these foundations, and
        as bits the cards that may go home (each suit's next card)."""
        info = self.found_cache.get(found)
        if info is None:
            cards = []
            wanted = 0
            for s in range(4):
                r = found[s] + 1
                if r > 13:
                    continue
                c = s * 13 + r - 1
                wanted |= 1 << c
                o1, o2 = OPPOSITE_SUITS[c]
                if self.same_suit or r <= 2 or (found[o1] >= r - 1 and found[o2] >= r - 1) or (
                    found[o1] >= r - 2 and found[o2] >= r - 2 and found[3 - s] >= r - 3
                ):
                    cards.append(c)
            info = self.found_cache[found] = (frozenset(cards), wanted)
        return info

    def settle(self, cols: list[bytes], cells: bytes, found: list[int], moves: list[InternalMove]) -> bytes:
        """Make every safe foundation move (the model's `is_safe_home` rule), noting each as a move.

        `cols` and `found` change in place; `cells` (with or without the marker) is returned changed.
        """
        auto = self.found_info(as_found(found))[0]
        while auto:
            moved = False
            held = cells  # looped over as it was: `cells` loses the cards sent home
            for c in held:
                if c in auto:
                    cells = cells.replace(BYTE[c], b"")
                    found[SUIT[c]] += 1
                    moves.append((c, 1, TO_FOUNDATION))
                    moved = True
            for i, col in enumerate(cols):
                if col and col[-1] in auto:
                    while col and col[-1] in auto:
                        c = col[-1]
                        col = col[:-1]
                        found[SUIT[c]] += 1
                        moves.append((c, 1, TO_FOUNDATION))
                        auto = self.found_info(as_found(found))[0]
                    cols[i] = col
                    moved = True
            if not moved:
                break
            auto = self.found_info(as_found(found))[0]
        return cells

    def start(self, state: State) -> tuple[Position, Key, Found, list[InternalMove]]:
        """The position of `state` after its safe foundation moves, its key, and those moves."""
        cols, cells, found = self.from_state(state)
        first: list[InternalMove] = []
        cells = self.settle(cols, cells, found, first)
        return (*cols, CELLS + cells), canonical(cols, cells), as_found(found), first


class _Tree:
    """The positions met, each a `Node` (how it was reached, then what expanding it needs), and the
    seen set."""

    def __init__(self, start: Key) -> None:
        self.seen = {start}
        self.nodes: list[Node] = []  # the start's first (`_BestFirst`)

    def path(self, node: int) -> list[InternalMove]:
        parts: list[list[InternalMove]] = []
        while node > 0:
            entry = self.nodes[node]
            if entry.auto:
                parts.append(entry.auto)
            parts.append([(entry.card, entry.count, entry.dest)])
            node = entry.parent
        return [m for part in parts[::-1] for m in part]


class _Queue:
    """A priority queue of position indexes by score, for the small integer scores the search
    gives: one first-in first-out bucket per score, so that among equal scores the oldest position
    comes first, as a heap of (score, index) would give them. A proof pushes and pops every
    position it meets, and a heap's pop on tens of thousands of entries cost half a microsecond,
    a tenth of a position's whole cost."""

    __slots__ = ("buckets", "low", "size")

    def __init__(self) -> None:
        self.buckets: dict[int, deque[int]] = {}
        self.low = 0  # no bucket below this one holds an index
        self.size = 0

    def push(self, score: int, index: int) -> None:
        bucket = self.buckets.get(score)
        if bucket is None:
            bucket = self.buckets[score] = deque()
        bucket.append(index)
        if score < self.low or not self.size:
            self.low = score
        self.size += 1

    def pop(self) -> int:
        """The index with the lowest score, the oldest among equals; the queue must not be empty."""
        self.size -= 1
        buckets, low = self.buckets, self.low
        bucket = buckets.get(low)
        while not bucket:
            low += 1
            bucket = buckets.get(low)
        self.low = low
        return bucket.popleft()


class _Parent:
    """The position being expanded (`_BestFirst.expand`) and the figures its children are scored
    from: which columns hold cards (with their `ColumnInfo`), which cards top them, the empty
    columns, the supermove capacities, the cards that may go home and those that would go at once.
    Worked out once per expansion, so that each move's child costs a few additions."""

    __slots__ = ("node", "pos", "key", "found", "blocked", "buried", "depth", "skip", "cells", "n", "free", "auto",
                 "wanted", "infos", "tops", "top_bits", "empties", "empty", "cap_full", "cap_empty", "cap_index", "here")

    def __init__(self, search: _Search, node: int, entry: Node, weights: tuple[int, ...]) -> None:
        self.node = node
        pos = self.pos = entry.columns()
        self.key = entry.key
        found = self.found = entry.found
        self.blocked = entry.blocked
        self.buried = entry.buried
        self.depth = entry.depth + 1  # the children's
        self.skip = entry.skip
        self.cells = pos[-1]
        n = self.n = len(pos) - 1
        in_cells = len(self.cells) - 1
        free = self.free = search.n_cells - in_cells
        self.auto, self.wanted = search.found_info(found)
        self.infos: list[tuple[int, ColumnInfo]] = []  # (column index, its info) for each column that holds a card
        self.tops: dict[int, int] = {}  # top card -> its column's index
        top_bits = empties = 0
        empty = -1
        for i in range(n):
            col = pos[i]
            if col:
                info = search.column_info(col)
                self.infos.append((i, info))
                self.tops[info.top] = i
                top_bits |= info.top_bit
            else:
                empties += 1
                empty = i
        self.top_bits, self.empties, self.empty = top_bits, empties, empty
        # capacity onto a non-empty column, and into an empty one (which then does not count)
        if search.any_fills:
            self.cap_full = (free + 1) << empties
            self.cap_empty = (free + 1) << (empties - 1) if empties else 0
        else:
            self.cap_full = self.cap_empty = free + 1
        self.cap_index = self.cap_full if self.cap_full < RUN_MASKS else RUN_MASKS - 1
        a, b, c, d, e = weights
        home = found[0] + found[1] + found[2] + found[3]
        self.here = a * (52 - home) + b * self.blocked + c * self.buried + d * in_cells - e * empties + 1


class _BestFirst:
    """The weighted best-first search (f = h + g), which can be run a slice at a time.

    With `widen_at`, once it has met that many positions it adds a second queue over the same
    positions scored h + WIDE_DEPTH * g, and the two take turns, a position expanded by either being
    skipped by the other. Where the plain order digs for a long time down lines that lead nowhere,
    the wider one finds a shorter way; it shares the tree and the positions seen, so a proof still
    meets each position once.

    Expanding a position (`expand`) pushes every move's child not seen before (supermoves up to the
    capacity the model allows) straight onto the queue, in the order the moves are found, each
    numbered as it is met. A move changes one byte of the key (what its first card lies on), and
    each card sent home one more, so a child's key is known, and looked up, before its columns are
    made. A child that sent nothing home is scored from its parent's figures and what the move
    carried where (`_Parent`, `ColumnInfo`) and kept as its parent's position and the change
    (`Node`); one that did is measured in full (`settled`). A node's `skip` is a card whose moves
    are left out: the card the parent's move just moved alone, when that move set off nothing.
    Moving it again gives the parent itself or one of the parent's other children (the card could
    have gone there straight), both already seen."""

    def __init__(
        self, search: _Search, tree: _Tree, start: Position, key: Key, found: Found, weights: tuple[int, ...],
        jitter: tuple[int, ...] = NO_JITTER, widen_at: int | None = None,
    ) -> None:
        self.search = search
        self.tree = tree
        self.weights = weights
        # the weights by what they weigh (`_Search.score`); cards not home is read by `_Parent`
        self.per_blocked, self.per_buried, self.per_cell, self.per_empty = weights[1], weights[2], weights[3], weights[4]
        self.jitter = jitter  # added to the scores, the n-th child met taking entry n % JITTER
        blocked, buried = search.measure(start, found)
        here = search.score(weights, found, blocked, buried, len(start[-1]) - 1, start.count(b""))
        tree.nodes.append(Node(-1, -1, 0, 0, None, start, key, found, blocked, buried, 0, -1, WHOLE, b"", 0, b"", here))
        self.queue = _Queue()
        self.queue.push(here, 0)
        self.widen_at = widen_at
        self.wide: _Queue | None = None
        self.expanded = bytearray()  # by node index, once the wide queue is there: taken off either queue
        self.turn = 0
        self.room = UNLIMITED  # the positions this search may have met, by the budget (`Budget.room`)
        self.full = False  # a child was left out for want of room: the search stops at once

    @property
    def count(self) -> int:
        """The positions this search has met."""
        return len(self.tree.nodes) - 1

    def run(self, budget: Budget, until: int | None = None, elsewhere: int = 0) -> tuple[Status, list[InternalMove] | None, str]:
        """Search until this search's position count reaches `until` (None: no such limit): UNKNOWN
        then means "not yet". UNSOLVABLE: the queue is empty, every reachable position has been
        expanded. `elsewhere`: positions other searches of this solve have met (for the budget)."""
        pacer = Pacer(CHECK_EVERY)
        self.room = budget.room(elsewhere)
        while True:
            node = self.next_node()
            if node < 0:
                return Status.UNSOLVABLE, None, ""
            won = self.expand(node)
            if won:
                return Status.SOLVED, self.tree.path(won), ""
            if self.full:
                return Status.UNKNOWN, None, POSITION_LIMIT
            index = len(self.tree.nodes) - 1  # the newest node's, which is also the count of positions met
            reason = pacer.spent(budget, index + elsewhere)
            if reason:
                return Status.UNKNOWN, None, reason
            if self.widen_at is not None and index >= self.widen_at:
                self._widen(index)
            if until is not None and index >= until:
                return Status.UNKNOWN, None, ""

    def next_node(self) -> int:
        """The node to expand next, or -1 when every position met has been expanded. With the wide
        queue, the two queues take turns, each skipping what the other took."""
        wide = self.wide
        if wide is None:
            return self.queue.pop() if self.queue.size else -1
        nodes, expanded = self.tree.nodes, self.expanded
        more_depth = WIDE_DEPTH - 1
        for new_node in range(len(expanded), len(nodes)):  # the positions met since the last expansion
            entry = nodes[new_node]
            wide.push(entry.score + more_depth * entry.depth, new_node)
        expanded.extend(bytes(len(nodes) - len(expanded)))
        self.turn ^= 1
        taking = wide if self.turn else self.queue
        while taking.size:  # each queue holds every position not yet expanded
            node = taking.pop()
            if not expanded[node]:
                expanded[node] = 1
                return node
        return -1

    def expand(self, node: int) -> int:
        """Queue the children of `node` not seen before; returns the index of the winning child
        (its node recorded), or 0."""
        parent = _Parent(self.search, node, self.tree.nodes[node], self.weights)
        home_tops = parent.wanted & parent.top_bits
        for i, info in parent.infos:
            if info.top != parent.skip:
                won = self._top_card_moves(parent, i, info, home_tops)
                if won:
                    return won
            if info.masks[parent.cap_index] & parent.top_bits:
                won = self._runs_onto_cards(parent, i, info)
                if won:
                    return won
            if parent.empties:
                won = self._runs_to_empty(parent, i, info)
                if won:
                    return won
        for x in parent.cells[1:]:
            if x != parent.skip:
                won = self._cell_moves(parent, x)
                if won:
                    return won
        return 0

    def _top_card_moves(self, parent: _Parent, i: int, info: ColumnInfo, home_tops: int) -> int:
        """Column i's top card home, and to a cell; the winning child's index, or 0."""
        top = info.top
        one = info.runs[0]
        if home_tops & info.top_bit:
            new = list(parent.pos)
            new[i] = one.left
            f = list(parent.found)
            f[SUIT[top]] += 1
            won = self.settled(parent, new, (top, 1, TO_FOUNDATION), f, top, HOME)
            if won:
                return won
        if parent.free:
            if one.lies in parent.auto:
                new = list(parent.pos)
                new[i] = one.left
                new[-1] = parent.cells + BYTE[top]
                return self.settled(parent, new, (top, 1, TO_CELL), list(parent.found), top, IN_CELL)
            seen = self.tree.seen
            child = parent.key ^ one.to_cell
            if child not in seen:
                seen.add(child)
                fewer = (parent.wanted & one.left_bits).bit_count()
                score = (parent.here - self.per_blocked * one.blocked - self.per_buried * fewer + self.per_cell
                         - (0 if one.left else self.per_empty) + parent.depth)
                self.child(parent, top, 1, TO_CELL, child, parent.blocked - one.blocked, parent.buried - fewer, top,
                           i, one.left, parent.n, BYTE[top], score)
        return 0

    def _runs_onto_cards(self, parent: _Parent, i: int, info: ColumnInfo) -> int:
        """Each run off column i's top onto another column's top card it fits; the winning child's
        index, or 0."""
        seen = self.tree.seen
        info_cache = self.search.info_cache
        for run in info.runs[:parent.cap_full]:
            if run.head == parent.skip:
                continue
            k, head = run.count, run.head
            for target, delta in run.targets:
                j = parent.tops.get(target, -1)
                if j < 0:
                    continue
                if run.lies in parent.auto:
                    new = list(parent.pos)
                    new[i] = run.left
                    new[j] = parent.pos[j] + run.moving
                    won = self.settled(parent, new, (head, k, target), list(parent.found), head, target)
                    if won:
                        return won
                    continue
                child = parent.key ^ delta
                if child in seen:
                    continue
                seen.add(child)
                onto = info_cache[parent.pos[j]]  # read by `_Parent`, as a top's column
                # the run's cards above the new column's lowest rank are blocked there
                above = RANK[head] - onto.low
                blocked = parent.blocked - run.blocked + (0 if above < 0 else k if above > k else above)
                wanted = parent.wanted
                buried = parent.buried + k * ((wanted & onto.cards).bit_count() - (wanted & run.left_bits).bit_count())
                score = (parent.here + self.per_blocked * (blocked - parent.blocked) + self.per_buried * (buried - parent.buried)
                         - (0 if run.left else self.per_empty) + parent.depth)
                self.child(parent, head, k, target, child, blocked, buried, head if k == 1 else -1,
                           i, run.left, j, run.moving, score)
        return 0

    def _runs_to_empty(self, parent: _Parent, i: int, info: ColumnInfo) -> int:
        """Each run off column i's top into an empty column (a whole column moved changes nothing);
        the winning child's index, or 0."""
        seen = self.tree.seen
        any_fills = self.search.any_fills
        for run in info.runs[:parent.cap_empty]:
            k, head = run.count, run.head
            if not (run.left and (any_fills or RANK[head] == KING) and head != parent.skip):
                continue
            if run.lies in parent.auto:
                new = list(parent.pos)
                new[i] = run.left
                new[parent.empty] = run.moving
                won = self.settled(parent, new, (head, k, TO_EMPTY), list(parent.found), head, BOTTOM)
                if won:
                    return won
                continue
            child = parent.key ^ run.to_empty
            if child in seen:
                continue
            seen.add(child)
            fewer = k * (parent.wanted & run.left_bits).bit_count()
            score = parent.here - self.per_blocked * run.blocked - self.per_buried * fewer + self.per_empty + parent.depth
            self.child(parent, head, k, TO_EMPTY, child, parent.blocked - run.blocked, parent.buried - fewer,
                       head if k == 1 else -1, i, run.left, parent.empty, run.moving, score)
        return 0

    def _cell_moves(self, parent: _Parent, x: int) -> int:
        """Card x from its cell home, onto a column's top card, or into an empty column; the winning
        child's index, or 0."""
        search, seen = self.search, self.tree.seen
        if parent.wanted >> x & 1:
            new = list(parent.pos)
            new[-1] = parent.cells.replace(BYTE[x], b"")
            f = list(parent.found)
            f[SUIT[x]] += 1
            won = self.settled(parent, new, (x, 1, TO_FOUNDATION), f, x, HOME)
            if won:
                return won
        if search.onto_bits[x] & parent.top_bits:
            for target in search.onto[x]:
                j = parent.tops.get(target, -1)
                if j < 0:
                    continue
                child = parent.key ^ (IN_CELL ^ target) << 8 * x
                if child in seen:
                    continue
                seen.add(child)
                onto = search.info_cache[parent.pos[j]]  # read by `_Parent`, as a top's column
                blocked = parent.blocked + (1 if RANK[x] > onto.low else 0)
                more = (parent.wanted & onto.cards).bit_count()
                score = (parent.here + self.per_blocked * (blocked - parent.blocked) + self.per_buried * more - self.per_cell
                         + parent.depth)
                self.child(parent, x, 1, target, child, blocked, parent.buried + more, x,
                           parent.n, parent.cells.replace(BYTE[x], b""), j, BYTE[x], score)
        if parent.empties and (search.any_fills or RANK[x] == KING):
            child = parent.key ^ (IN_CELL ^ BOTTOM) << 8 * x
            if child not in seen:
                seen.add(child)
                score = parent.here - self.per_cell + self.per_empty + parent.depth
                self.child(parent, x, 1, TO_EMPTY, child, parent.blocked, parent.buried, x,
                           parent.n, parent.cells.replace(BYTE[x], b""), parent.empty, BYTE[x], score)
        return 0

    def child(self, parent: _Parent, card: int, count: int, dest: int, key: Key, blocked: int, buried: int, skip: int,
              changed: int, column: bytes, onto: int, extra: bytes, score: int) -> None:
        """Queue a child that sent nothing home, kept as its parent's position and the change
        (`Node`); `score` still without its noise, which goes by the child's number."""
        nodes = self.tree.nodes
        index = len(nodes)
        if index > self.room:
            self.full = True
            return
        score += self.jitter[index & JITTER_MASK]
        nodes.append(Node(parent.node, card, count, dest, None, parent.pos, key, parent.found, blocked, buried, parent.depth,
                          skip, changed, column, onto, extra, score))
        self.queue.push(score, index)

    def settled(self, parent: _Parent, new: list[bytes], move: InternalMove, f: list[int], card: int, lies_on: int) -> int:
        """Queue a child whose move may set off safe moves home (`new`: its columns and then its
        cells; `f`: its foundations; `card` now lies on `lies_on`) unless it has been seen; it is
        measured in full. Returns the child's index when it is the win, else 0."""
        search = self.search
        done: list[InternalMove] = []
        new_cells = search.settle(new, new.pop(), f, done)
        key = parent.key
        shift = 8 * card
        child = key ^ ((key >> shift & 0xFF) ^ lies_on) << shift
        for x, _, _ in done:
            shift = 8 * x
            child ^= ((child >> shift & 0xFF) ^ HOME) << shift
        seen = self.tree.seen
        if child in seen:
            return 0
        seen.add(child)
        nodes = self.tree.nodes
        index = len(nodes)
        if index > self.room:
            self.full = True
            return 0
        child_found = as_found(f)
        if child_found == WON:
            # never expanded: how it was reached is enough
            nodes.append(Node(parent.node, move[0], move[1], move[2], done, (), child, child_found, 0, 0, 0,
                              -1, WHOLE, b"", 0, b"", 0))
            return index
        empties = new.count(b"")
        new.append(new_cells)
        child_pos = tuple(new)
        blocked, buried = search.measure(child_pos, child_found)
        h = search.score(self.weights, child_found, blocked, buried, len(new_cells) - 1, empties)
        depth = parent.depth + len(done)
        score = h + depth + self.jitter[index & JITTER_MASK]
        nodes.append(Node(parent.node, move[0], move[1], move[2], done, child_pos, child, child_found, blocked, buried, depth,
                          -1, WHOLE, b"", 0, b"", score))
        self.queue.push(score, index)
        return 0

    def _widen(self, index: int) -> None:
        """Start the wide queue with every position met and not yet expanded (those the main queue
        holds), and mark the others expanded."""
        waiting = sorted(node for bucket in self.queue.buckets.values() for node in bucket)
        nodes = self.tree.nodes
        self.expanded[:] = bytes([1]) * (index + 1)
        self.wide = _Queue()
        self.widen_at = None
        more_depth = WIDE_DEPTH - 1
        for node in waiting:
            self.expanded[node] = 0
            self.wide.push(nodes[node].score + more_depth * nodes[node].depth, node)


def _to_model_moves(rules: Rules, state: State, internal: list[InternalMove]) -> tuple[list[Move], State]:
    """Name each card-move by the model's piles, playing each through the model's checks as it is
    named; the moves and the state they end in. Where each card lies is kept as the moves are
    played, since looking for it among the piles cost as much as the model's checks."""
    columns = [column(i) for i in range(len(state.columns))]
    cells = [cell(k) for k in range(len(state.cells))]
    where = {c.index: cells[k] for k, c in enumerate(state.cells) if c is not None}
    for i, pile in enumerate(state.columns):
        where.update((c.index, columns[i]) for c in pile)
    out = []
    for number, (card, count, dest) in enumerate(internal, start=1):
        src = where[card]
        if dest == TO_FOUNDATION:
            dst = FOUNDATION
        elif dest == TO_CELL:
            dst = cells[state.cells.index(None)]
        elif dest == TO_EMPTY:
            dst = columns[next(i for i, pile in enumerate(state.columns) if not pile and columns[i] != src)]
        else:
            dst = where[dest]
        move = Move(src, dst, count)
        if src.kind is PileKind.COLUMN:
            for c in state.columns[src.index][-count:]:
                where[c.index] = dst
        else:
            where[card] = dst
        state = checked(rules, state, move, number)
        out.append(move)
    return out, state


def solve_freecell(rules: Rules, state: State, budget: Budget) -> SolveResult:
    """Best-first for a short solution; when its queue runs dry, the deal is proven unsolvable."""
    if len(state.cards()) != 52:
        return SolveResult(Status.UNKNOWN, (), 0, budget.elapsed(), "the position does not hold all 52 cards")
    search = _Search(rules)
    start, key, found, first = search.start(state)
    internal: list[InternalMove] | None
    if found == WON:
        status, internal, reason, positions = Status.SOLVED, [], "", 0
    else:
        def best_first(jitter: tuple[int, ...] = NO_JITTER) -> _BestFirst:
            return _BestFirst(search, _Tree(key), start, key, found, WEIGHTS, jitter)

        main = _BestFirst(search, _Tree(key), start, key, found, WEIGHTS, widen_at=ALONE)
        status, internal, reason, positions = portfolio(
            main, [best_first] * SIDES, budget, alone=ALONE, share=SHARE, noise=NOISE, restart=RESTART,
        )
    if status is Status.SOLVED:
        assert internal is not None
        moves, end = _to_model_moves(rules, state, first + internal)
        return won(rules, end, moves, positions, budget.elapsed())
    return SolveResult(status, (), positions, budget.elapsed(), reason)
