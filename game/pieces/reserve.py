"""A reserve beside the columns (Canfield's thirteen cards): a pile dealt face down but for its top
card, which is the only one that plays; nothing goes on it; and while it has cards, a column a move
empties takes its top card at once, as part of that move (so one undo takes back both).

The reserve is the table's last column, so the board text, the terminal and the window need nothing
new to show it; this piece keeps it a reserve: every move onto it or of more than its top card is
refused and never listed.
"""
from __future__ import annotations

from collections.abc import Iterator

from ..cards import Card
from ..i18n import N_
from ..moves import Move, Pile, PileKind
from ..refusal import Why, refusal
from ..rules import IllegalMove
from ..state import Column, State
from .columns import Columns

NOTHING_ON_THE_RESERVE = refusal(Why.CANT_GO_ON, N_("no card goes on the reserve"))
RESERVE_TOP_ONLY = refusal(Why.ONE_AT_A_TIME, N_("only the reserve's top card moves"))


class ReserveColumns(Columns):
    """Columns as `Columns` says, but for the last, which is a reserve: its top card alone moves (the
    card under it is turned up then), no card goes on it, and a column a move empties takes its top
    card at once while it has one (AisleRiot's Canfield and PySolFC's alike). Once the reserve is
    empty, gaps are filled as `fill` says. (A subclass of the `Columns` named tuple: its fields, no
    new ones.)"""

    __slots__ = ()

    @property
    def refills(self) -> bool:
        return True

    @staticmethod
    def is_reserve(state: State, pile: Pile) -> bool:
        return pile.kind is PileKind.COLUMN and pile.index == len(state.columns) - 1

    def lifted(self, state: State, src: Pile, count: int) -> Column:
        cards = super().lifted(state, src, count)
        if count > 1 and self.is_reserve(state, src):
            raise IllegalMove(RESERVE_TOP_ONLY)
        return cards

    def check_target(self, state: State, move: Move, head: Card) -> None:
        if self.is_reserve(state, move.dst):
            raise IllegalMove(NOTHING_ON_THE_RESERVE)
        super().check_target(state, move, head)

    def moves(self, state: State, distinct_gaps: bool) -> Iterator[Move]:
        """The columns' moves, but none onto the reserve or of more than its top card. The reserve is
        the last column, so when it is empty it never stands for the other gaps."""
        last = len(state.columns) - 1
        for move in super().moves(state, distinct_gaps):
            if move.dst.index == last and move.dst.kind is PileKind.COLUMN or move.src.index == last and move.count > 1:
                continue
            yield move

    def onto_columns(self, state: State, card: Card, src: Pile) -> Iterator[Move]:
        last = len(state.columns) - 1
        return (move for move in super().onto_columns(state, card, src) if move.dst.index != last)

    def refill(self, state: State) -> State:
        """A column left empty takes the reserve's top card, and the card under it is turned up."""
        last = len(state.columns) - 1
        reserve = state.columns[last]
        if not reserve or all(state.columns[:last]):
            return state
        columns, hidden = list(state.columns), list(state.hidden)
        for index in range(last):
            if not columns[index] and reserve:
                columns[index], reserve = reserve[-1:], reserve[:-1]
        columns[last] = reserve
        hidden[last] = min(hidden[last], max(len(reserve) - 1, 0))
        return State(tuple(columns), state.cells, state.foundations, tuple(hidden), state.stock, state.waste, state.redeals)
