"""TriPeaks, solved exactly: every game whose free cards go one at a time onto the waste, a rank up
or down (`Neighbours`), from overlapping slots, with a stock turned once onto the waste; every card
known, face-down ones too, as the other searches know them. The answer is a proof either way.

A position is the slots still holding cards (a bit each), how many cards the stock has left, and the
waste's top card. As in Golf (`golf`), a bigger stock is never worse: it can make every play the
smaller one can, and turning down to one card past the smaller stock reaches its turn. So the
depth-first search remembers, for each set of slots and class of top card (cards that fit under and
onto the same cards: the rank, here), the biggest stock known to lose there; finished without a win,
that is a proof. Before a position is searched, the bounds of `runs` weigh the cards left against
the runs still to come (one from the top card and one from each stock card): over the deals 1..1000
they cut the slowest lost deal from 1.9 s to 0.8 s of plain Python.

Which card fits on which is asked of the model once per game (`_fits`), the moves of the line too
(`follow`), and the solution is replayed through the rules.
"""
from __future__ import annotations

from typing import Any

from ..cards import card_from_index
from ..moves import WASTE, Move, column
from ..pieces.matches import Neighbours
from ..pieces.matching import MatchRules
from ..rules import IllegalMove, Rules
from ..state import State
from ..variant import Variant
from .common import Budget, SolveResult, Status, verified
from .follow import follow
from .runs import BIAS, GUARD, bounds, pack, top_classes

CHECK_EVERY = 1024
EMPTY = 52  # the waste has no card: anything may go on it
Position = tuple[int, int, int]  # (slots left, stock left, the waste's top card's index)

_FITS: dict[Variant[Any], list[bytes]] = {}


class _Stop(Exception):
    """Unwinds the search when the budget is spent or the caller cancels."""


def _fits(rules: MatchRules) -> list[bytes]:
    """fits[top][card]: whether the model lets `card` go onto a waste topped by `top` (52: empty),
    asked of a table whose only card lies in a slot nothing covers."""
    table = _FITS.get(rules.variant)
    if table is None:
        slots = rules.slots
        alone = next(slot for slot in range(slots.size) if not slots.covered_by[slot])
        table = []
        for top in range(53):
            row = bytearray(52)
            waste = () if top == EMPTY else (card_from_index(top),)
            for card in range(52):
                if card == top:
                    continue
                columns = tuple((card_from_index(card),) if slot == alone else () for slot in range(slots.size))
                probe = State(columns, (), ((),) * rules.match.piles, (0,) * slots.size, (), waste)
                try:
                    rules.check(probe, Move(column(alone), WASTE))
                    row[card] = 1
                except IllegalMove:
                    pass
            table.append(bytes(row))
        _FITS[rules.variant] = table
    return table


class _Deal:
    """The deal's fixed parts as tables the search reads, and the count of positions looked at."""

    def __init__(self, rules: MatchRules, state: State, budget: Budget) -> None:
        assert isinstance(rules.match, Neighbours) and rules.match.pile == WASTE
        stock = rules.stock
        if stock is None or stock.redeals != 0 or stock.draw != 1:
            raise ValueError("the exact search plays a stock turned once, one card at a time")
        self.fits = fits = _fits(rules)
        self.klass = top_classes(fits)
        covered_by = rules.slots.covered_by
        self.covers = [sum(1 << above for above in covered_by[slot]) for slot in range(len(covered_by))]
        self.card = [pile[0].index if pile else EMPTY for pile in state.columns]
        self.stock = [card.index for card in state.stock]  # the next card turned is the last
        every = bounds(fits)
        weights = [pack([column[card] for column, _ in every]) for card in range(52)]
        starts = [pack([start[card] for _, start in every]) for card in range(52)] + [pack([52] * len(every))]
        self.guards = pack([GUARD] * len(every))
        self.need = pack([BIAS] * len(every)) + sum(weights[card] for card in self.card if card != EMPTY)
        self.weights = weights
        turned = [0]
        for card in self.stock:
            turned.append(turned[-1] + starts[card])
        self.room = [[self.guards + pack([BIAS] * len(every)) + turned[left] + start for start in starts]
                     for left in range(len(self.stock) + 1)]
        self.start: Position = (
            sum(1 << slot for slot, card in enumerate(self.card) if card != EMPTY), len(self.stock),
            state.waste[-1].index if state.waste else EMPTY,
        )
        self.budget = budget
        self.positions = 0

    @staticmethod
    def key(state: State) -> Position:
        """A real position packed as the search packs it."""
        left = sum(1 << slot for slot, pile in enumerate(state.columns) if pile)
        return left, len(state.stock), state.waste[-1].index if state.waste else EMPTY

    def count(self, expanded: int) -> None:
        self.positions += expanded
        if self.budget.spent(self.positions):
            raise _Stop


def _search(deal: _Deal) -> list[Position] | None:
    """Depth-first, plays before turns: the line to a win, or None when nothing wins."""
    covers, card, fits, klass, stock = deal.covers, deal.card, deal.fits, deal.klass, deal.stock
    weights, room, guards = deal.weights, deal.room, deal.guards
    slots = range(len(card))
    lost: dict[int, int] = {}  # slots left and top class -> the biggest stock known to lose
    line: list[Position] = []
    taken = 0

    def search(left: int, need: int, turns: int, top: int) -> bool:
        nonlocal taken
        taken += 1
        if taken % CHECK_EVERY == 0:
            deal.count(CHECK_EVERY)
        if not left:
            return True
        if room[turns][top] - need & guards != guards:  # a bound of `runs` is broken
            return False
        key = left << 6 | klass[top]
        if lost.get(key, -1) >= turns:
            return False
        row = fits[top]
        for slot in slots:
            if left >> slot & 1 and not left & covers[slot] and row[card[slot]]:
                played = card[slot]
                if search(left ^ 1 << slot, need - weights[played], turns, played):
                    line.append((left ^ 1 << slot, turns, played))
                    return True
        if turns and search(left, need, turns - 1, stock[turns - 1]):
            line.append((left, turns - 1, stock[turns - 1]))
            return True
        lost[key] = turns
        return False

    left, turns, top = deal.start
    won = search(left, deal.need, turns, top)
    deal.count(taken % CHECK_EVERY)
    return [deal.start, *reversed(line)] if won else None


def solve_neighbours(rules: Rules, state: State, budget: Budget) -> SolveResult:
    """SOLVED with the moves or UNSOLVABLE (proven), unless the budget ends first."""
    assert isinstance(rules, MatchRules)
    deal = _Deal(rules, state, budget)
    try:
        line = _search(deal)
    except _Stop:
        return SolveResult(Status.UNKNOWN, (), deal.positions, budget.elapsed(), budget.spent(deal.positions) or "stopped")
    if line is None:
        return SolveResult(Status.UNSOLVABLE, (), deal.positions, budget.elapsed())
    return verified(rules, state, follow(rules, state, line, deal.key), deal.positions, budget.elapsed())
