"""Whole runs from King to Ace that go home by themselves (Spider, Scorpion, Simple Simon): a kind of
foundations in a module of its own, so that only the games that declare it load it."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..cards import ACE, Card
from ..i18n import N_
from ..moves import COLUMN_KIND, FOUNDATION, Move, Pile, column
from ..refusal import Refusal, Why, refusal
from ..rules import IllegalMove
from ..state import Column, State
from .foundations import RUN, Exposed, Foundations


@dataclass(frozen=True)
class RunPiles(Foundations):
    """Whole runs of one suit from King to Ace, which go home by themselves as soon as a move or a deal
    completes one (as part of that move, so one undo takes back both). A run lies Ace first on the
    first empty pile, its King on top."""

    takes_cards = False
    autoplays = False
    completes_runs = True

    def piles(self, decks: int) -> int:
        return 4 * decks

    def slot(self, state: State, card: Card) -> int | None:
        return next((i for i, pile in enumerate(state.foundations) if not pile), None)

    def refuse(self, state: State, card: Card) -> Refusal:
        return refusal(Why.CANT_GO_HOME, N_("only a whole run of one suit from King to Ace goes home"))

    def accept(self, state: State, move: Move, cards: Column) -> None:
        if move.src.kind is not COLUMN_KIND or move.count != RUN or not completed(cards, 0):
            raise IllegalMove(self.refuse(state, cards[0]))

    def lifted(self, state: State, src: Pile, count: int) -> Column:
        raise IllegalMove(refusal(Why.STAYS_HOME, N_("a completed run stays on its foundation")))

    def moves_home(self, state: State, exposed: Exposed) -> Iterator[Move]:
        """A completed run still in a column (a board text may show one): only an Ace on top can end one."""
        for i, pile in enumerate(state.columns):
            if pile and pile[-1].rank == ACE and completed(pile, state.hidden[i]):
                yield Move(column(i), FOUNDATION, RUN)

    def after(self, state: State, touched: list[int]) -> State:
        if not any(completed(state.columns[index], state.hidden[index]) for index in touched):
            return state
        columns, foundations, hidden = list(state.columns), list(state.foundations), list(state.hidden)
        for index in touched:
            pile = columns[index]
            if completed(pile, hidden[index]):
                slot = foundations.index(())
                foundations[slot] = pile[-RUN:][::-1]
                columns[index] = pile = pile[:-RUN]
                hidden[index] = min(hidden[index], max(len(pile) - 1, 0))
        return State(tuple(columns), state.cells, tuple(foundations), tuple(hidden), state.stock, state.waste, state.redeals)

    def check_text(self, state: State) -> str | None:
        if any(pile and len(pile) != RUN for pile in state.foundations):
            return N_("a foundation holds a whole run from King to Ace, or nothing")
        return None


def completed(pile: Column, hidden: int) -> bool:
    """Whether a column's top 13 cards are a face-up run of one suit from King down to Ace."""
    if len(pile) - hidden < RUN or pile[-1].rank != ACE:
        return False
    top = pile[-RUN:]
    return all(upper.rank == lower.rank - 1 and upper.suit is lower.suit for upper, lower in zip(top[1:], top))
