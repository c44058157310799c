"""Yukon and Russian Solitaire, solved with every card known: a best-first search that is exhaustive
when it must prove a loss.

A position is seven columns of card numbers (`Card.index`) and how many cards of each lie face down;
the foundations follow from the cards left in the columns. Positions that differ only in the order
of their columns are one position (`_key`), which is all the state key merges, so a search that
runs out of positions to expand has seen every position the deal can reach: "not winnable" is a
proof. Two reductions keep that proof sound:

- A card that no other card can ever want as a target goes home at once (`_settle`): in alternating
  colours once both cards of the other colour one rank below are home, by suit always (the card below
  of its suit is home before it can go). Such a card stays on top of whatever column it is in, since
  nothing can be put on it, so any win from the position before is a win from the one after, with
  that card's move left out.
- One empty column stands for all of them, and a King already at the bottom of its column is never
  moved to an empty one (the same position, its columns reordered).

Moves are found from the targets rather than the sources: a column's top card takes one card of
the other colour one rank below it in Yukon (one of two) or the next lower card of its suit in
Russian, so each top asks where those cards lie (`_where`), and an empty column asks where the
face-up Kings are. The search expands the position with the best score first: cards home, face-down
cards, and cards lying on a card they do not build on (which will have to move again).
"""
from __future__ import annotations

import heapq

from ..cards import Suit
from ..moves import FOUNDATION, Move, column
from ..rules import Rules
from ..state import State
from ..variant import SAME_SUIT
from .common import Budget, SolveResult, Status, verified

CHECK_EVERY = 256  # expansions between two looks at the budget
KING = 12  # a card's rank within its suit, from 0 (the Ace): index % 13
HOME = -1  # a step's destination when the card goes to its foundation

Columns = tuple[tuple[int, ...], ...]
Step = tuple[int, int, int]  # (source column, destination column or HOME, cards moved)


def _suit(card: int) -> int:
    return card // 13


def _is_red(card: int) -> bool:
    return Suit(card // 13).is_red


RED = tuple(_is_red(card) for card in range(52))


class _Game:
    """What one game's rules say, as tables over card numbers: which cards may go on each card, and
    which cards of the other colour must be home before a card is safe to send there."""

    def __init__(self, by_suit: bool) -> None:
        self.by_suit = by_suit
        self.takes: list[tuple[int, ...]] = []  # takes[card]: the cards that may be put on it
        self.wanted_by: list[tuple[int, ...]] = []  # wanted_by[card]: the cards that could go on it
        for card in range(52):
            rank = card % 13
            if rank == 0:
                below: tuple[int, ...] = ()
            elif by_suit:
                below = (card - 1,)
            else:
                below = tuple(s * 13 + rank - 1 for s in range(4) if RED[s * 13] != RED[card])
            self.takes.append(below)
            self.wanted_by.append(() if by_suit else below)

    def fits(self, card: int, onto: int) -> bool:
        return card in self.takes[onto]


def _key(columns: Columns, hidden: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The position with its columns' order forgotten: each column with its face-down count in front."""
    return tuple(sorted((down, *pile) for pile, down in zip(columns, hidden)))


def _home_ranks(columns: Columns) -> list[int]:
    """How many cards of each suit are home: the ones that are in no column."""
    home = [13, 13, 13, 13]
    for pile in columns:
        for card in pile:
            home[card // 13] -= 1
    return home


def _apply(columns: Columns, hidden: tuple[int, ...], step: Step) -> tuple[Columns, tuple[int, ...]]:
    """The position after `step`, the card under the moved ones turned face up when it was face down."""
    src, dst, count = step
    cols = list(columns)
    down = list(hidden)
    pile = cols[src]
    moving, rest = pile[-count:], pile[:-count]
    cols[src] = rest
    if down[src] >= len(rest):
        down[src] = max(len(rest) - 1, 0)
    if dst != HOME:
        cols[dst] = cols[dst] + moving
    return tuple(cols), tuple(down)


class _Search:
    def __init__(self, game: _Game, budget: Budget) -> None:
        self.game = game
        self.budget = budget
        self.positions = 0

    def settle(self, columns: Columns, hidden: tuple[int, ...], steps: list[Step]) -> tuple[Columns, tuple[int, ...]]:
        """Send home every card no other card can want, until none is left (see the module note)."""
        home = _home_ranks(columns)
        wanted_by = self.game.wanted_by
        moved = True
        while moved:
            moved = False
            for i, pile in enumerate(columns):
                if len(pile) > hidden[i]:
                    card = pile[-1]
                    if card % 13 == home[card // 13] and all(home[w // 13] > w % 13 for w in wanted_by[card]):
                        step = (i, HOME, 1)
                        columns, hidden = _apply(columns, hidden, step)
                        home[card // 13] += 1
                        steps.append(step)
                        moved = True
        return columns, hidden

    def moves(self, columns: Columns, hidden: tuple[int, ...]) -> list[Step]:
        """Every move of the position (one empty column standing for all), foundation moves first."""
        where: dict[int, tuple[int, int]] = {}  # face-up card -> (column, cards from the top it moves with)
        home = _home_ranks(columns)
        steps: list[Step] = []
        empty = -1
        for i, pile in enumerate(columns):
            size = len(pile)
            if not size:
                if empty < 0:
                    empty = i
                continue
            for depth in range(hidden[i], size):
                where[pile[depth]] = (i, size - depth)
            top = pile[-1]
            if top % 13 == home[top // 13]:
                steps.append((i, HOME, 1))
        takes = self.game.takes
        for j, pile in enumerate(columns):
            if pile:
                for card in takes[pile[-1]]:
                    found = where.get(card)
                    if found is not None and found[0] != j:
                        steps.append((found[0], j, found[1]))
        if empty >= 0:
            for king in (KING, 13 + KING, 26 + KING, 39 + KING):
                found = where.get(king)
                if found is not None and found[1] < len(columns[found[0]]):
                    steps.append((found[0], empty, found[1]))
        return steps

    def score(self, columns: Columns, hidden: tuple[int, ...]) -> int:
        """Lower is better: cards not home, face-down cards, and cards lying where they do not build."""
        left = 0
        misplaced = 0
        fits = self.game.fits
        for pile, down in zip(columns, hidden):
            left += len(pile)
            for depth in range(max(down, 1), len(pile)):
                if not fits(pile[depth], pile[depth - 1]):
                    misplaced += 1
        return 2 * left + 4 * sum(hidden) + 3 * misplaced

    def run(self, columns: Columns, hidden: tuple[int, ...]) -> tuple[Status, list[Step], str]:
        first: list[Step] = []
        columns, hidden = self.settle(columns, hidden, first)
        if not any(columns):
            return Status.SOLVED, first, ""
        parents = [-1]
        paths: list[list[Step]] = [first]
        seen = {_key(columns, hidden)}
        heap = [(self.score(columns, hidden), 0, columns, hidden)]
        until_check = CHECK_EVERY
        while heap:
            _score, node, cols, down = heapq.heappop(heap)
            for step in self.moves(cols, down):
                done = [step]
                child, child_down = self.settle(*_apply(cols, down, step), done)
                key = _key(child, child_down)
                if key in seen:
                    continue
                seen.add(key)
                self.positions += 1
                parents.append(node)
                paths.append(done)
                if not any(child):
                    return Status.SOLVED, _path(parents, paths, len(parents) - 1), ""
                heapq.heappush(heap, (self.score(child, child_down), len(parents) - 1, child, child_down))
            until_check -= 1
            if until_check <= 0:
                until_check = CHECK_EVERY
                reason = self.budget.spent(self.positions)
                if reason:
                    return Status.UNKNOWN, [], reason
        return Status.UNSOLVABLE, [], ""


def _path(parents: list[int], paths: list[list[Step]], node: int) -> list[Step]:
    steps: list[Step] = []
    while node >= 0:
        steps[:0] = paths[node]
        node = parents[node]
    return steps


def _as_move(step: Step) -> Move:
    src, dst, count = step
    return Move(column(src), FOUNDATION if dst == HOME else column(dst), count)


def solve_yukon(rules: Rules, state: State, budget: Budget) -> SolveResult:
    """Solve a Yukon or Russian Solitaire position (every card known): SOLVED with moves the model
    replays, UNSOLVABLE only when every reachable position was expanded, else UNKNOWN."""
    by_suit = rules.variant.params.record().get("build") == SAME_SUIT
    columns = tuple(tuple(card.index for card in pile) for pile in state.columns)
    search = _Search(_Game(by_suit), budget)
    status, steps, reason = search.run(columns, tuple(state.hidden))
    if status is Status.SOLVED:
        return verified(rules, state, [_as_move(step) for step in steps], search.positions, budget.elapsed())
    return SolveResult(status, (), search.positions, budget.elapsed(), reason)
