"""Forty Thieves' search: best-first over compact positions, exhaustive when it has to prove a loss.

A position is four plain values: the columns (tuples of card codes), the foundations as each suit's
pile heights in ascending order, how many cards are left in the stock (the stock's order never
changes, so a count says which cards), and the waste. The two copies of a card are one code: they
are alike in every rule, and the moves are named by piles, never by cards, so a solution found
for the codes is a solution for the cards. Columns are alike too (an empty one takes any card), so
positions that differ only in the order of their columns are one (`_key`).

Cards that can never be wanted on the table go home as soon as they can (`safe_home`, the same rule
as the model's auto-play, tried in the same order, so a solution replays under auto-play); every other
move is searched. The search is best-first on a score of cards home, cards out of sequence, empty
columns and the buried next cards; when it runs out of positions it has seen every position reachable,
and only then is the deal called lost. The solution is replayed through the model (`verified`).

A player who follows a solution (or the window's live verdict, which asks again after every move)
meets its positions one after another, so the last solution found is kept (`_Line`): a position on
it is answered with the rest of it at once, replayed through the model like any other.
"""
from __future__ import annotations

import heapq
from collections.abc import Collection
from itertools import count as counter

from ..moves import FOUNDATION, STOCK, WASTE, Move, column
from ..rules import Rules
from ..state import State
from .common import POSITION_LIMIT, Budget, SolverError, SolveResult, Status, verified
from .heuristic import first_new_move, ranked_first_steps

CHECK_EVERY = 64  # expansions between looks at the budget
HINT_POSITIONS = 6_000  # the hint's look ahead when its search found no solution (about 0.2 s)
HINT_CPU = 0.4  # and its CPU seconds at most, on a slow machine

Columns = tuple[tuple[int, ...], ...]
Home = tuple[int, ...]  # per suit, its piles' heights in ascending order, suits one after another
Position = tuple[Columns, Home, int, tuple[int, ...]]  # columns, foundations, cards left in the stock, waste
Step = tuple[int, int, int, int]  # what, from, to, how many: see `_as_move`

COLUMN_TO_COLUMN, COLUMN_HOME, WASTE_TO_COLUMN, WASTE_HOME, TURN = range(5)


def code(rank: int, suit: int) -> int:
    """A card as the search knows it: both copies of a card are one code, and the card one rank below
    in its suit is the code minus one."""
    return suit * 16 + rank


class Search:
    """One search's fixed facts (the stock's order, how many copies of each card) and its moves."""

    def __init__(self, rules: Rules, state: State) -> None:
        self.copies = rules.variant.pack.copies
        self.stock = tuple(code(c.rank, c.suit) for c in state.stock)

    # -- the position -------------------------------------------------------------------------------

    def start(self, state: State) -> Position:
        heights: list[list[int]] = [[] for _suit in range(4)]
        for pile in state.foundations:
            if pile:
                heights[pile[0].suit].append(len(pile))
        home: list[int] = []
        for suit_heights in heights:
            home += sorted(suit_heights + [0] * (self.copies - len(suit_heights)))
        columns = tuple(tuple(code(c.rank, c.suit) for c in pile) for pile in state.columns)
        return columns, tuple(home), len(state.stock), tuple(code(c.rank, c.suit) for c in state.waste)

    def goes_home(self, home: Home, card: int) -> int:
        """The index in `home` a card raises, or -1 when no foundation takes it (the last of equal
        heights, so the suit's heights stay in order)."""
        suit, rank = divmod(card, 16)
        base = suit * self.copies
        for at in range(base + self.copies - 1, base - 1, -1):
            if home[at] == rank - 1:
                return at
        return -1

    def safe_home(self, home: Home, card: int) -> bool:
        """A card nobody can ever want on the table: an Ace or a Two (see the model's `is_safe_home`),
        or a card whose lower cards of its suit are all home."""
        suit, rank = divmod(card, 16)
        return rank <= 2 or home[suit * self.copies] >= rank - 1

    def settle(self, position: Position, steps: list[Step]) -> Position:
        """Send home every card the model's auto-play would, in its order: the waste's top card, then
        the columns' top cards from the left, again from the start after each."""
        columns, home, left, waste = position
        while True:
            if waste:
                at = self.goes_home(home, waste[-1])
                if at >= 0 and self.safe_home(home, waste[-1]):
                    home = _raised(home, at)
                    waste = waste[:-1]
                    steps.append((WASTE_HOME, 0, 0, 1))
                    continue
            for i, pile in enumerate(columns):
                if pile:
                    at = self.goes_home(home, pile[-1])
                    if at >= 0 and self.safe_home(home, pile[-1]):
                        home = _raised(home, at)
                        columns = columns[:i] + (pile[:-1],) + columns[i + 1:]
                        steps.append((COLUMN_HOME, i, 0, 1))
                        break
            else:
                return columns, home, left, waste

    # -- moves ----------------------------------------------------------------------------------

    def children(self, position: Position) -> list[tuple[Step, Position]]:
        """Every move's position (one empty column standing for all), before auto-play."""
        columns, home, left, waste = position
        out: list[tuple[Step, Position]] = []
        empties = [i for i, pile in enumerate(columns) if not pile]
        empty = empties[0] if empties else -1
        onto_card = 1 << len(empties)
        into_empty = onto_card >> 1
        if waste:
            card = waste[-1]
            at = self.goes_home(home, card)
            if at >= 0:
                out.append(((WASTE_HOME, 0, 0, 1), (columns, _raised(home, at), left, waste[:-1])))
        for i, pile in enumerate(columns):
            if not pile:
                continue
            top = pile[-1]
            at = self.goes_home(home, top)
            if at >= 0:
                out.append(((COLUMN_HOME, i, 0, 1), (_replaced(columns, i, pile[:-1]), _raised(home, at), left, waste)))
            run = 1
            while run < len(pile) and pile[-run] + 1 == pile[-run - 1]:
                run += 1
            for j, target in enumerate(columns):
                if j == i:
                    continue
                if target:
                    n = target[-1] - top  # the run's base must be one below the target, in its suit
                    if 1 <= n <= run and n <= onto_card and pile[-n] + 1 == target[-1]:
                        moved = _replaced(_replaced(columns, i, pile[:-n]), j, target + pile[-n:])
                        out.append(((COLUMN_TO_COLUMN, i, j, n), (moved, home, left, waste)))
                elif j == empty:
                    for n in range(1, min(run, into_empty, len(pile) - 1) + 1):
                        moved = _replaced(_replaced(columns, i, pile[:-n]), j, pile[-n:])
                        out.append(((COLUMN_TO_COLUMN, i, j, n), (moved, home, left, waste)))
        if waste:
            card = waste[-1]
            for j, target in enumerate(columns):
                if target and card + 1 == target[-1] or not target and j == empty:
                    out.append(((WASTE_TO_COLUMN, 0, j, 1), (_replaced(columns, j, target + (card,)), home, left, waste[:-1])))
        if left:
            out.append(((TURN, 0, 0, 1), (columns, home, left - 1, waste + (self.stock[left - 1],))))
        return out


def _raised(home: Home, at: int) -> Home:
    return home[:at] + (home[at] + 1,) + home[at + 1:]


def _replaced(columns: Columns, index: int, pile: tuple[int, ...]) -> Columns:
    return columns[:index] + (pile,) + columns[index + 1:]


def _key(position: Position) -> tuple[object, ...]:
    """What makes a position distinct: columns in any order are the same table."""
    columns, home, left, waste = position
    return tuple(sorted(columns)), home, left, waste


def score(position: Position) -> int:
    """Lower is better: cards home count most, then empty columns, cards out of sequence, and how deep
    the cards the foundations want next lie under others."""
    columns, home, left, waste = position
    per_suit = len(home) // 4
    wanted = {(index // per_suit) * 16 + height + 1 for index, height in enumerate(home)}
    breaks = empty = buried = 0
    for pile in columns:
        if not pile:
            empty += 1
            continue
        for depth, card in enumerate(reversed(pile)):
            if card in wanted:
                buried += depth
        for lower, upper in zip(pile, pile[1:]):
            if upper + 1 != lower:
                breaks += 1
    for depth, card in enumerate(reversed(waste)):
        if card in wanted:
            buried += depth
    return -12 * sum(home) + 4 * breaks - 8 * empty + 2 * buried + 4 * len(waste)


def _as_move(step: Step) -> Move:
    what, src, dst, n = step
    if what == COLUMN_TO_COLUMN:
        return Move(column(src), column(dst), n)
    if what == COLUMN_HOME:
        return Move(column(src), FOUNDATION)
    if what == WASTE_TO_COLUMN:
        return Move(WASTE, column(dst))
    if what == WASTE_HOME:
        return Move(WASTE, FOUNDATION)
    return Move(STOCK, WASTE)


class _Line:
    """The last solution found: each position on it (columns in their order, as the moves name them),
    with the steps that win from there, and the stock it was found for (a position met later has
    turned some of it: what is left is the bottom of it)."""

    stock: tuple[int, ...] = ()
    rest: dict[Position, int] = {}
    steps: list[Step] = []

    @classmethod
    def keep(cls, stock: tuple[int, ...], search: Search, root: Position, path: list[list[Step]]) -> None:
        cls.stock, cls.steps, cls.rest = stock, [step for group in path for step in group], {}
        position, done = root, len(path[0])
        for group in path[1:]:
            cls.rest[position] = done
            for step in group[:1]:
                position = search.settle(_after(search, position, step), [])
            done += len(group)
        cls.rest[position] = done

    @classmethod
    def known(cls, stock: tuple[int, ...], root: Position) -> list[Step] | None:
        at = cls.rest.get(root) if stock == cls.stock[: len(stock)] else None  # cards turned since leave the stock
        return None if at is None else cls.steps[at:]


def _after(search: Search, position: Position, step: Step) -> Position:
    """The position a step leads to (before auto-play), found among the position's children."""
    return next(child for move, child in search.children(position) if move == step)


def solve_forty_thieves(rules: Rules, state: State, budget: Budget) -> SolveResult:
    """The rest of the last solution when the position is on it; else the search."""
    search = Search(rules, state)
    first: list[Step] = []
    root = search.settle(search.start(state), first)
    known = _Line.known(search.stock, root)
    if known is not None:
        try:
            return verified(rules, state, [_as_move(step) for step in first + known], 0, budget.elapsed())
        except SolverError:
            pass  # never expected: then search as if nothing were known
    return _search(rules, state, budget, search, root, first)


def _search(rules: Rules, state: State, budget: Budget, search: Search, root: Position, first: list[Step]) -> SolveResult:
    """Best-first until a win, the budget's end (UNKNOWN), or every reachable position seen (UNSOLVABLE)."""
    parents: list[int] = [-1]
    steps: list[list[Step]] = [first]
    seen = {_key(root)}
    tie = counter()
    heap: list[tuple[int, int, int, Position]] = [(score(root), next(tie), 0, root)]
    positions = 0
    room = budget.room()
    until_check = CHECK_EVERY
    while heap:
        _score, _tie, node, position = heapq.heappop(heap)
        if _won(position):
            return _solution(rules, state, (search, root), parents, steps, node, positions, budget)
        for step, child in search.children(position):
            done = [step]
            child = search.settle(child, done)
            key = _key(child)
            if key in seen:
                continue
            if positions >= room:
                return SolveResult(Status.UNKNOWN, (), positions, budget.elapsed(), POSITION_LIMIT)
            seen.add(key)
            positions += 1
            parents.append(node)
            steps.append(done)
            heapq.heappush(heap, (score(child), -next(tie), len(parents) - 1, child))
        until_check -= 1
        if until_check <= 0:
            until_check = CHECK_EVERY
            reason = budget.spent(positions)
            if reason:
                return SolveResult(Status.UNKNOWN, (), positions, budget.elapsed(), reason)
    return SolveResult(Status.UNSOLVABLE, (), positions, budget.elapsed())


def _solution(
    rules: Rules, state: State, start: tuple[Search, Position], parents: list[int], steps: list[list[Step]], node: int,
    positions: int, budget: Budget,
) -> SolveResult:
    path: list[list[Step]] = []
    while node >= 0:
        path.insert(0, steps[node])
        node = parents[node]
    result = verified(rules, state, [_as_move(step) for group in path for step in group], positions, budget.elapsed())
    search, root = start
    _Line.keep(search.stock, search, root, path)
    return result


def _won(position: Position) -> bool:
    return not any(position[0]) and not position[2] and not position[3]


def forty_thieves_hint(rules: Rules, state: State, met: Collection[State]) -> Move | None:
    """The hint's move when no solution was found in time: the first move of the best line a short
    search sees (`heuristic.ranked_first_steps`, on this search's positions, auto-play and score),
    never one back to a position of `met`, the positions met earlier in the game. A card auto-play
    would send home but has not (auto-play off) is the hint itself: it is where every line starts."""
    search = Search(rules, state)
    first: list[Step] = []
    root = search.settle(search.start(state), first)
    if first:
        return first_new_move(rules, state, [_as_move(first[0])], met)

    def children(position: Position) -> list[tuple[Step, Position]]:
        return [(step, search.settle(child, [])) for step, child in search.children(position)]

    budget = Budget(HINT_POSITIONS, cpu_limit=HINT_CPU)
    avoid = {_key(search.settle(search.start(earlier), [])) for earlier in met}
    ranked = ranked_first_steps(root, children, _key, score, _won, avoid, budget)
    return first_new_move(rules, state, (_as_move(step) for step, _best in ranked), met)
