"""Mod 3's search: the generic best-first search over the rules' moves, told which moves can be made
at once without losing anything (`forced`: its verdicts stay exact), and beside it a search that also
makes at once every move of a card into its place (`eager`), which finds most wins in a few hundred
positions but may pass a win by (a card's twin may have wanted that place first), so it never proves
a deal lost: only the exact search does (`generic.solve_generic`'s `beside`).
"""
from __future__ import annotations

from collections.abc import Callable, Hashable

from ..cards import ACE, TWO_DECKS, Card, Suit
from ..moves import FOUNDATION, Move, column
from ..pieces.step_rows import StepRows
from ..rules import Rules
from ..state import Column, State
from .common import Budget, SolveResult, Status
from .generic import BestFirst, ModelMoves, solve_generic
from .portfolio import Outcome

ROWS = StepRows()  # Mod 3's rows (the family declares them so too)
SLOTS = range(ROWS.open, ROWS.piles)
BASE = tuple(ROWS.base(i) for i in range(ROWS.piles))  # each pile's base rank, looked up at every position met


def placing(state: State) -> tuple[dict[tuple[int, Suit], list[int]], list[tuple[int, Card]]]:
    """The slots that take a card now (`StepRows.wanted`) and the cards that may leave for them: each
    top card of a slot dealt another rank or of a pile of the bottom row that keeps cards under it (or
    of any pile, once the stock is empty and refills nothing), with its pile."""
    columns, refilled = state.columns, bool(state.stock)
    loose = [(i, pile[-1]) for i, pile in enumerate(columns[: ROWS.open]) if len(pile) > 1 or pile and not refilled]
    loose += [(i, columns[i][-1]) for i in SLOTS if columns[i] and columns[i][0].rank != BASE[i]]
    return ROWS.wanted(columns), loose


def eager(state: State) -> Move | None:
    """An Ace out, or any loose card (`placing`) into a place that takes it."""
    wanted, loose = placing(state)
    for i, card in loose:
        if card.rank == ACE:
            return Move(column(i), FOUNDATION)
        into = wanted.get((card.rank, card.suit))
        if into:
            return Move(column(i), column(into[0]))
    return None


def forced(state: State) -> Move | None:
    """A move that loses nothing, so the exact search makes it at once and a deal it exhausts stays
    proven lost: an Ace out, or a loose card (`placing`) into its place where that place is not scarce
    (`plenty`). Then whatever a winning line does, the same line from after the move wins too: a card in
    place never needs to move again (another slot that would take it holds the same cards), a card that
    would want its place finds one as good, a slot left empty takes more than it did, and a card left
    where it lies only waits there or is buried by the next deal. A lone card of the bottom row is not
    loose while the stock lasts: the stock's top card would take its place, which shifts what the next
    deal lays where."""
    wanted, loose = placing(state)
    for i, card in loose:
        if card.rank == ACE:
            return Move(column(i), FOUNDATION)
        into = wanted.get((card.rank, card.suit))
        if into and plenty(state.columns, card, len(into)):
            return Move(column(i), column(into[0]))
    return None


def plenty(columns: tuple[Column, ...], card: Card, ready: int) -> bool:
    """Whether the `ready` places that take `card` now are enough for every card that could want them:
    for a row's first rank, the row's empty slots, unless a slot of the row holds a card of another rank
    (then a card of that rank may find none); for another card, as many slots of its suit waiting for it
    as its copies not yet in place (else its twin might want the one slot first)."""
    if card.rank in ROWS.bases:
        first = ROWS.open + ROWS.bases.index(card.rank) * ROWS.width
        return all(not pile or pile[0].rank == card.rank for pile in columns[first: first + ROWS.width])
    placed = sum(
        1 for i in SLOTS if columns[i] and columns[i][0].rank == BASE[i]
        for other in columns[i] if other.rank == card.rank and other.suit is card.suit
    )
    return ready >= TWO_DECKS.copies - placed


class Hopeful:
    """A search that may win but never proves a loss: having seen every position it reaches (which
    leaves moves out), it says only that the turn is over."""

    def __init__(self, search: BestFirst[State, Move]) -> None:
        self.search = search

    @property
    def count(self) -> int:
        return self.search.count

    def run(self, budget: Budget, until: int, elsewhere: int) -> Outcome:
        status, found, reason = self.search.run(budget, until, elsewhere)
        return (Status.UNKNOWN, None, reason) if status is Status.UNSOLVABLE else (status, found, reason)


def solve_mod3(
    rules: Rules, state: State, budget: Budget, *, score: Callable[[State], int], key: Callable[[State], Hashable],
) -> SolveResult:
    """The exact search (`forced`), with the eager one taking turns beside it."""

    def beside(moves: ModelMoves, start: State, first: list[Move]) -> Hopeful:
        eager_moves = ModelMoves(moves.rules, eager)
        done = list(first)
        begin = eager_moves.settle(start, done)
        return Hopeful(BestFirst(begin, done, eager_moves.children, key, score, rules.is_won, depth_weight=1))

    return solve_generic(rules, state, budget, score=score, key=key, forced=forced, beside=beside)
