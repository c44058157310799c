"""The FreeCell-family solver: a fast best-first search, then an exhaustive proof when that fails.

Why it is shaped this way:

- Positions are compact and canonical. A card is its `Card.index` (0-51), a column is a `bytes`
  string (bottom card first), and a position is the tuple of its columns *sorted*, plus its cells
  sorted into one `bytes`. Columns and cells are interchangeable for the question "can this be won",
  so sorting makes equivalent positions equal, and the sorted tuple is its own dictionary key.
  Foundations need not be in the key: with all 52 cards on the table they follow from the rest.
- Moves inside the search name cards, not piles ("the run headed by 7H onto 8S", "QD to a cell"),
  because pile numbers mean nothing in a sorted position. `_to_model_moves` turns them into real
  `Move`s by replaying them on the model's own `State` with `rules.apply`, so every move of every
  answer has passed the model's legality checks, and the result is verified to end won.
- Safe foundation moves (the model's `is_safe_home` rule, restated here on integers) are made at
  once and written out as ordinary moves, so a solution replays in tools without auto-play.
- Phase 1 is best-first search over single-card moves and supermoves (runs up to the model's
  capacity `(free cells + 1) × 2^(empty columns)`), scored by a heuristic. It leaves out no legal
  move, so if it runs out of positions the deal is proven unsolvable. No one weighting of the
  heuristic suits every deal: a deal one weighting needs 100,000 positions for, another solves in a
  thousand. So one weighting searches alone first (most deals end there), then three searches with
  different weightings take turns, a slice of positions each, and the first to finish answers; this
  keeps the slowest deals in ten (the p99 of Microsoft deals 1-1000) to a fraction of a second.
- Phase 2, when phase 1 spends its share of the budget, walks the single-card move graph depth first
  (supermoves are only shortcuts through it), deduplicated, cheaper per position; running out of
  positions there proves the deal unsolvable, and reaching a win is a (longer) solution.
"""
from __future__ import annotations

import heapq
from collections.abc import Iterator

from ..cards import KING
from ..freecell import FreeCellRules
from ..moves import FOUNDATION, Move, cell, column
from ..state import State
from ..variant import ANY_CARD, SAME_SUIT
from .common import Budget, SolveResult, Status, verified

# An internal move: (card, count, destination). The destination is a card index (the run goes onto
# that card), or one of these.
TO_FOUNDATION = -1
TO_CELL = -2
TO_EMPTY = -3
InternalMove = tuple[int, int, int]
Position = tuple[tuple[bytes, ...], bytes, tuple[int, ...]]
WON = (13, 13, 13, 13)

RANK = tuple(i % 13 + 1 for i in range(52))
SUIT = tuple(i // 13 for i in range(52))
RED = tuple(SUIT[i] in (1, 2) for i in range(52))
OPPOSITE_SUITS = tuple((1, 2) if not RED[i] else (0, 3) for i in range(52))

CHECK_EVERY = 256  # positions between looks at the clock and the cancel signal
PHASE1_SHARE = 240_000  # positions the best-first searches may use before the proof search takes over
# Heuristic weightings: cards not home, cards above a lower card, depth of each suit's next card,
# cells in use, empty columns (a bonus). Chosen on Microsoft deals 1-1000: the first alone solves
# all but a few dozen within 10,000 positions; together the three leave two beyond 40,000 each.
WEIGHTINGS = ((4, 4, 1, 2, 8), (4, 5, 0, 3, 6), (4, 5, 2, 3, 6))
ALONE = 3_000  # positions the first weighting searches alone
SLICE = 1_000  # positions each weighting searches in its turn after that


class _Search:
    """One solve of one FreeCell-family position; holds the variant's tables and the caches."""

    def __init__(self, rules: FreeCellRules) -> None:
        v = rules.variant
        self.rules = rules
        self.n_cells = v.cells
        self.same_suit = v.build == SAME_SUIT
        self.any_fills = v.empty_column == ANY_CARD
        # onto[a]: the cards `a` may be built on; fits[a * 52 + b]: whether `a` may lie on `b`.
        onto: list[tuple[int, ...]] = []
        fits = bytearray(52 * 52)
        for a in range(52):
            targets = []
            for b in range(52):
                if RANK[b] != RANK[a] + 1:
                    continue
                if (SUIT[a] == SUIT[b]) if self.same_suit else (RED[a] != RED[b]):
                    targets.append(b)
                    fits[a * 52 + b] = 1
            onto.append(tuple(targets))
        self.onto = tuple(onto)
        self.fits = bytes(fits)
        self.run_cache: dict[bytes, int] = {}
        self.score_cache: dict[bytes, int] = {}
        self.positions = 0

    # -- positions -----------------------------------------------------------------------------

    @staticmethod
    def from_state(state: State) -> tuple[tuple[bytes, ...], bytes, tuple[int, ...]]:
        cols = tuple(sorted(bytes(c.index for c in pile) for pile in state.columns))
        cells = bytes(sorted(c.index for c in state.cells if c is not None))
        found = tuple(len(pile) for pile in state.foundations)
        return cols, cells, found

    def run_length(self, col: bytes) -> int:
        """How many cards on top of a column follow the build rule (cached: columns recur a lot)."""
        n = self.run_cache.get(col)
        if n is None:
            fits = self.fits
            n = 1 if col else 0
            while n < len(col) and fits[col[-n] * 52 + col[-n - 1]]:
                n += 1
            self.run_cache[col] = n
        return n

    def column_score(self, col: bytes) -> int:
        """Cards lying above a lower card in their column: each must move before that card goes home."""
        s = self.score_cache.get(col)
        if s is None:
            s = 0
            low = 99
            for c in col:
                r = RANK[c]
                if r > low:
                    s += 1
                else:
                    low = r
            self.score_cache[col] = s
        return s

    def heuristic(self, cols: tuple[bytes, ...], cells: bytes, found: tuple[int, ...], weights: tuple[int, ...]) -> int:
        """Lower is closer to a win (a weighted sum of what still stands in the way)."""
        home = found[0] + found[1] + found[2] + found[3]
        if home == 52:
            return 0
        score = self.score_cache
        blocked = 0
        empties = 0
        for col in cols:
            if col:
                s = score.get(col)
                blocked += s if s is not None else self.column_score(col)
            else:
                empties += 1
        # the depth of each suit's next card: how many cards must move before it can go home
        depth = 0
        for suit in range(4):
            r = found[suit]
            if r == 13:
                continue
            want = suit * 13 + r
            if want in cells:
                continue
            for col in cols:
                at = col.find(want)  # bytes.find works on a single byte value
                if at >= 0:
                    depth += len(col) - 1 - at
                    break
        a, b, c, d, e = weights
        return a * (52 - home) + b * blocked + c * depth + d * len(cells) - e * empties + 1

    def autoplay(self, cols: list[bytes], cells: bytearray, found: list[int], moves: list[InternalMove]) -> None:
        """Make every safe foundation move (the model's `is_safe_home` rule), noting each as a move."""
        same_suit = self.same_suit
        again = True
        while again:
            again = False
            for k in range(len(cells) - 1, -1, -1):
                c = cells[k]
                r = RANK[c]
                s = SUIT[c]
                if found[s] == r - 1:
                    o1, o2 = OPPOSITE_SUITS[c]
                    if same_suit or r <= 2 or (found[o1] >= r - 1 and found[o2] >= r - 1):
                        del cells[k]
                        found[s] = r
                        moves.append((c, 1, TO_FOUNDATION))
                        again = True
            for i, col in enumerate(cols):
                while col:
                    c = col[-1]
                    r = RANK[c]
                    s = SUIT[c]
                    if found[s] != r - 1:
                        break
                    o1, o2 = OPPOSITE_SUITS[c]
                    if not (same_suit or r <= 2 or (found[o1] >= r - 1 and found[o2] >= r - 1)):
                        break
                    col = col[:-1]
                    found[s] = r
                    moves.append((c, 1, TO_FOUNDATION))
                    again = True
                cols[i] = col

    # -- moves ---------------------------------------------------------------------------------------

    def moves(self, cols: tuple[bytes, ...], cells: bytes, found: tuple[int, ...], runs: bool) -> list[InternalMove]:
        """Every distinct move; with `runs` also supermoves up to the capacity the model allows."""
        out: list[InternalMove] = []
        free = self.n_cells - len(cells)
        empties = 0
        tops: dict[int, int] = {}
        for col in cols:
            if col:
                tops[col[-1]] = 1
            else:
                empties += 1
        onto = self.onto
        any_fills = self.any_fills
        # capacity onto a non-empty column, and into an empty one (which then does not count)
        if any_fills:
            cap_full = (free + 1) << empties
            cap_empty = (free + 1) << (empties - 1) if empties else 0
        else:
            cap_full = cap_empty = free + 1
        if not runs:
            cap_full = cap_empty = 1
        for c in cells:
            if found[SUIT[c]] == RANK[c] - 1:
                out.append((c, 1, TO_FOUNDATION))
            for b in onto[c]:
                if b in tops:
                    out.append((c, 1, b))
            if empties and (any_fills or RANK[c] == KING):
                out.append((c, 1, TO_EMPTY))
        for col in cols:
            if not col:
                continue
            top = col[-1]
            if found[SUIT[top]] == RANK[top] - 1:
                out.append((top, 1, TO_FOUNDATION))
            run = self.run_length(col) if runs else 1
            limit = run if run < cap_full else cap_full
            for k in range(1, limit + 1):
                head = col[-k]
                for b in onto[head]:
                    if b in tops:
                        out.append((head, k, b))
            if empties:
                limit = run if run < cap_empty else cap_empty
                if limit >= len(col):
                    limit = len(col) - 1  # a whole column into an empty one changes nothing
                for k in range(1, limit + 1):
                    head = col[-k]
                    if any_fills or RANK[head] == KING:
                        out.append((head, k, TO_EMPTY))
            if free:
                out.append((top, 1, TO_CELL))
        return out

    def play(
        self, cols: tuple[bytes, ...], cells: bytes, found: tuple[int, ...], move: InternalMove
    ) -> tuple[tuple[bytes, ...], bytes, tuple[int, ...], list[InternalMove]]:
        """The canonical position after `move` and the safe foundation moves that follow it."""
        card, count, dest = move
        new_cols = list(cols)
        new_cells = bytearray(cells)
        new_found = list(found)
        at = new_cells.find(card) if count == 1 else -1
        if at >= 0:
            del new_cells[at]
            moving = bytes((card,))
        else:
            for i, col in enumerate(new_cols):
                if len(col) >= count and col[-count] == card:
                    moving = col[-count:]
                    new_cols[i] = col[:-count]
                    break
        if dest == TO_FOUNDATION:
            new_found[SUIT[card]] = RANK[card]
        elif dest == TO_CELL:
            new_cells.append(card)
        elif dest == TO_EMPTY:
            new_cols[new_cols.index(b"")] = moving
        else:
            for i, col in enumerate(new_cols):
                if col and col[-1] == dest:
                    new_cols[i] = col + moving
                    break
        done = [move]
        self.autoplay(new_cols, new_cells, new_found, done)
        new_cols.sort()
        return tuple(new_cols), bytes(sorted(new_cells)), tuple(new_found), done

    # -- searches ------------------------------------------------------------------------------------

    def exhaust(
        self, start: tuple[tuple[bytes, ...], bytes, tuple[int, ...]], budget: Budget
    ) -> tuple[Status, list[InternalMove] | None, str]:
        """Depth-first over single-card moves with every position met once: a proof either way."""
        cols, cells, found = start
        if found == WON:
            return Status.SOLVED, [], ""
        seen = {cols + (cells,)}
        path: list[list[InternalMove]] = []
        stack: list[Iterator[tuple[tuple[bytes, ...], bytes, tuple[int, ...], list[InternalMove]]]] = [
            self._ordered_children(cols, cells, found)
        ]
        until_check = CHECK_EVERY
        while stack:
            child = next(stack[-1], None)
            if child is None:
                stack.pop()
                if path:
                    path.pop()
                continue
            n_cols, n_cells, n_found, done = child
            key = n_cols + (n_cells,)
            if key in seen:
                continue
            seen.add(key)
            self.positions += 1
            path.append(done)
            if n_found == WON:
                return Status.SOLVED, [m for part in path for m in part], ""
            stack.append(self._ordered_children(n_cols, n_cells, n_found))
            until_check -= 1
            if until_check <= 0:
                until_check = CHECK_EVERY
                reason = budget.spent(self.positions)
                if reason:
                    return Status.UNKNOWN, None, reason
        return Status.UNSOLVABLE, None, ""

    def _ordered_children(
        self, cols: tuple[bytes, ...], cells: bytes, found: tuple[int, ...]
    ) -> Iterator[tuple[tuple[bytes, ...], bytes, tuple[int, ...], list[InternalMove]]]:
        """Children most promising first, so a winnable deal tends to be won early in the walk."""
        children = [self.play(cols, cells, found, m) for m in self.moves(cols, cells, found, False)]
        children.sort(key=lambda ch: self.heuristic(ch[0], ch[1], ch[2], WEIGHTINGS[0]))
        return iter(children)


class _BestFirst:
    """One weighted best-first search (f = h + g) that can be run a slice at a time."""

    def __init__(self, search: _Search, start: Position, weights: tuple[int, ...]) -> None:
        self.search = search
        self.weights = weights
        cols, cells, found = start
        self.parents: list[int] = [-1]
        self.steps: list[list[InternalMove]] = [[]]
        self.seen = {cols + (cells,)}
        self.heap = [(search.heuristic(cols, cells, found, weights), 0, 0, cols, cells, found)]
        self.counter = 0

    def run(self, budget: Budget, until: int) -> tuple[Status, list[InternalMove] | None, str]:
        """Search until the shared position count reaches `until`: UNKNOWN then means "not yet"."""
        search, weights, heap, seen = self.search, self.weights, self.heap, self.seen
        parents, steps = self.parents, self.steps
        until_check = CHECK_EVERY
        while heap:
            _, _, node, cols, cells, found = heapq.heappop(heap)
            g = len(steps[node])
            for move in search.moves(cols, cells, found, True):
                n_cols, n_cells, n_found, done = search.play(cols, cells, found, move)
                key = n_cols + (n_cells,)
                if key in seen:
                    continue
                seen.add(key)
                search.positions += 1
                parents.append(node)
                steps.append(done)
                child = len(parents) - 1
                if n_found == WON:
                    return Status.SOLVED, _path(parents, steps, child), ""
                self.counter += 1
                h = search.heuristic(n_cols, n_cells, n_found, weights)
                heapq.heappush(heap, (h + g + len(done), self.counter, child, n_cols, n_cells, n_found))
            until_check -= 1
            if until_check <= 0:
                until_check = CHECK_EVERY
                reason = budget.spent(search.positions)
                if reason:
                    return Status.UNKNOWN, None, reason
            if search.positions >= until:
                return Status.UNKNOWN, None, ""
        return Status.UNSOLVABLE, None, ""


def _take_turns(search: _Search, start: Position, budget: Budget, share: int) -> tuple[Status, list[InternalMove] | None, str]:
    """The first weighting alone, then all of them a slice each, until one answers or `share` is spent."""
    # Built by suit, about a quarter of deals cannot be won, and a proof exhausts every position:
    # three searches would each do that, so those games search with one weighting only.
    weightings = WEIGHTINGS[:1] if search.same_suit else WEIGHTINGS
    searches = [_BestFirst(search, start, weights) for weights in weightings]
    status, internal, reason = searches[0].run(budget, min(ALONE, share))
    while status is Status.UNKNOWN and not reason and search.positions < share:
        for one in searches:
            status, internal, reason = one.run(budget, min(search.positions + SLICE, share))
            if status is not Status.UNKNOWN or reason:
                break
    if status is Status.UNKNOWN and not reason:
        reason = "best-first share spent"
    return status, internal, reason


def _path(parents: list[int], steps: list[list[InternalMove]], node: int) -> list[InternalMove]:
    parts = []
    while node > 0:
        parts.append(steps[node])
        node = parents[node]
    return [m for part in reversed(parts) for m in part]


def _to_model_moves(rules: FreeCellRules, state: State, internal: list[InternalMove]) -> list[Move]:
    """Name each card-move by the model's piles, checking it with `rules.apply` as it goes."""
    out = []
    for card, count, dest in internal:
        src = None
        for k, c in enumerate(state.cells):
            if c is not None and c.index == card and count == 1:
                src = cell(k)
        if src is None:
            for i, pile in enumerate(state.columns):
                if len(pile) >= count and pile[-count].index == card:
                    src = column(i)
        assert src is not None, f"card {card} not found"
        if dest == TO_FOUNDATION:
            dst = FOUNDATION
        elif dest == TO_CELL:
            dst = cell(state.cells.index(None))
        elif dest == TO_EMPTY:
            dst = column(next(i for i, pile in enumerate(state.columns) if not pile and column(i) != src))
        else:
            dst = column(next(i for i, pile in enumerate(state.columns) if pile and pile[-1].index == dest))
        move = Move(src, dst, count)
        state = rules.apply(state, move)
        out.append(move)
    return out


def solve_freecell(
    rules: FreeCellRules,
    state: State,
    budget: Budget,
    *,
    share: int = PHASE1_SHARE,
) -> SolveResult:
    """Best-first for a short solution; if that spends its share, the exhaustive single-card proof."""
    search = _Search(rules)
    start = search.from_state(state)
    if len(state.cards()) != 52:
        return SolveResult(Status.UNKNOWN, (), 0, budget.elapsed(), "the position does not hold all 52 cards")
    first: list[InternalMove] = []
    cols, cells, found = start
    cols_l = list(cols)
    cells_b = bytearray(cells)
    found_l = list(found)
    search.autoplay(cols_l, cells_b, found_l, first)
    cols_l.sort()
    start = (tuple(cols_l), bytes(sorted(cells_b)), tuple(found_l))
    if start[2] == WON:
        status, internal, reason = Status.SOLVED, [], ""
    else:
        status, internal, reason = _take_turns(search, start, budget, share)
        if status is Status.UNKNOWN and reason == "best-first share spent":
            status, internal, reason = search.exhaust(start, budget)
    seconds = budget.elapsed()
    if status is Status.SOLVED:
        assert internal is not None
        moves = _to_model_moves(rules, state, first + internal)
        return verified(rules, state, moves, search.positions, budget.elapsed())
    return SolveResult(status, (), search.positions, seconds, reason)
