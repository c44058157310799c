"""One pile every card is played onto a rank up or down (Golf): a kind of foundations in a module of
its own, so that only the games that declare it load it."""
from __future__ import annotations

from collections.abc import Container, Iterator
from dataclasses import dataclass

from ..cards import ACE, KING, Card
from ..i18n import N_, Nn_
from ..moves import FOUNDATION, Move, column
from ..refusal import Refusal, Why, refusal
from ..state import State
from .foundations import ANY_RANK, Exposed, Foundations
from .wrap import TOUCH


@dataclass(frozen=True)
class OnePile(Foundations):
    """One pile every card is played onto, one rank above or below its top card whatever the suit
    (Golf); with `wrap`, Ace and King touch, and without it nothing goes on a King. Won when the
    columns are clear, whatever the stock still holds."""

    wrap: bool = True
    one_pile = True
    autoplays = False

    def piles(self, decks: int) -> int:
        return 1

    def top(self, state: State) -> Card | None:
        pile = state.foundations[0]
        return pile[-1] if pile else None

    def fits(self, card: Card, top: Card | None) -> bool:
        """Whether `card` may go on a pile whose top card is `top` (it makes no refusal: `refuse` does)."""
        return card.rank in self.ranks_on(top)

    def ranks_on(self, top: Card | None) -> Container[int]:
        """The ranks that may go on a pile whose top card is `top`: one either side, Ace and King
        touching with `wrap`; none on a King without it; any on an empty pile (a board text's).
        Legal move generation asks once, then tests each column's top card with `in`."""
        if top is None:
            return ANY_RANK
        if top.rank == KING and not self.wrap:
            return ()
        below, above = top.rank - 1, top.rank + 1
        if self.wrap:
            return (below or KING, ACE if above > KING else above)
        return (below, above)  # below an Ace is rank 0, which no card has

    def rule_text(self) -> tuple[str, ...]:
        """Whether Ace and King touch, and without it that nothing goes on a King."""
        if self.wrap:
            return (TOUCH[True],)
        return TOUCH[False], N_("Nothing may be played on a King.")

    def slot(self, state: State, card: Card) -> int | None:
        return 0 if self.fits(card, self.top(state)) else None

    def target(self, state: State, card: Card) -> int:
        return 0

    def refuse(self, state: State, card: Card) -> Refusal:
        top = self.top(state)
        assert top is not None
        if not self.wrap and top.rank == KING:
            return refusal(Why.NOT_NEXT, N_("nothing goes on a King in strict Golf ({card} is on the foundation)"), card=top)
        if not self.wrap and abs(card.rank - top.rank) == KING - 1:
            template = N_("{card} is not next to {top}: Ace and King don't touch in strict Golf")
            return refusal(Why.NOT_NEXT, template, card=card, top=top)
        return refusal(Why.NOT_NEXT, N_("{card} is not next to {top} on the foundation"), card=card, top=top)

    def is_won(self, state: State) -> bool | None:
        return not any(state.columns)

    def moves_home(self, state: State, exposed: Exposed) -> Iterator[Move]:
        """Each column's top card that fits on the pile (no other pile's card plays here)."""
        ranks = self.ranks_on(self.top(state))
        for i, pile in enumerate(state.columns):
            if pile and pile[-1].rank in ranks:
                yield Move(column(i), FOUNDATION)

    def lost_reason(self, state: State) -> Refusal | None:
        """Lost when the stock is empty and no column's top card fits on the pile."""
        left = sum(len(pile) for pile in state.columns)
        top = self.top(state)
        if top is not None and not self.wrap and top.rank == KING:
            template = Nn_(
                "the stock is empty and nothing goes on {top} in strict Golf: {n} card left in the columns",
                "the stock is empty and nothing goes on {top} in strict Golf: {n} cards left in the columns",
            )
        elif top is None:  # only a board text can leave the foundation empty
            template = Nn_(
                "the stock is empty and no column's top card fits: {n} card left in the columns",
                "the stock is empty and no column's top card fits: {n} cards left in the columns",
            )
        else:
            template = Nn_(
                "the stock is empty and no column's top card is next to {top}: {n} card left in the columns",
                "the stock is empty and no column's top card is next to {top}: {n} cards left in the columns",
            )
        return refusal(Why.LOST, template, "n", top=top, n=left)
