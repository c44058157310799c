"""One pile cards are thrown onto when outranked (Aces Up): a kind of foundations in a module of its
own, so that only the games that declare it load it."""
from __future__ import annotations

from dataclasses import dataclass

from ..cards import ACE, KING, Card
from ..i18n import N_, Nn_
from ..refusal import Refusal, Why, refusal
from ..state import State
from .foundations import Foundations


def ace_high(rank: int) -> int:
    """A rank where the Ace counts above the King."""
    return KING + 1 if rank == ACE else rank


@dataclass(frozen=True)
class Discard(Foundations):
    """One pile cards are thrown onto (Aces Up): a column's top card goes when another column's top
    card is of its suit and higher, Aces high, so an Ace never goes. Won when only the Aces are left
    and the stock is spent.

    While the stock still deals, keeping an outranked card can pay: buried by a deal, it may later
    outrank a card that hides a higher one. So auto-play throws a card away only when no lower card
    of its suit is hidden, in a pile or the stock (those in sight are outranked too, so none of them
    is worth keeping for the others: the lowest would outrank nothing), or once the stock is empty:
    from then on the highest card of a suit in sight stays in sight, and throwing a card away never
    costs a move."""

    one_pile = True
    # TRANSLATORS: the game chooser's line for Aces Up: a card goes when a higher card of its suit shows
    summary = N_("a higher card of its suit throws a card out")

    def piles(self, decks: int) -> int:
        return 1

    @staticmethod
    def outranked_by(state: State, card: Card) -> Card | None:
        """A column's top card of `card`'s suit that outranks it, or None."""
        rank = ace_high(card.rank)
        for pile, hidden in zip(state.columns, state.hidden):
            if len(pile) > hidden and pile[-1].suit is card.suit and ace_high(pile[-1].rank) > rank:
                return pile[-1]
        return None

    def slot(self, state: State, card: Card) -> int | None:
        return 0 if self.outranked_by(state, card) is not None else None

    def target(self, state: State, card: Card) -> int:
        return 0

    def refuse(self, state: State, card: Card) -> Refusal:
        if card.rank == ACE:
            return refusal(Why.CANT_GO_HOME, N_("an Ace is never thrown away: no card outranks it"))
        template = N_("{card} can't be thrown away: no other column shows a higher card of its suit on top")
        return refusal(Why.CANT_GO_HOME, template, card=card)

    def is_safe(self, state: State, card: Card) -> bool:
        if not state.stock:
            return True
        covered = [other for pile in state.columns for other in pile[:-1]]
        return not any(other.suit is card.suit and ACE < other.rank < card.rank for other in (*covered, *state.stock))

    def is_won(self, state: State) -> bool | None:
        return not state.stock and all(card.rank == ACE for pile in state.columns for card in pile)

    def lost_reason(self, state: State) -> Refusal | None:
        left = sum(1 for pile in state.columns for card in pile if card.rank != ACE)
        template = Nn_(
            "the stock is empty and no card can be thrown away or moved: {n} card besides the Aces is left",
            "the stock is empty and no card can be thrown away or moved: {n} cards besides the Aces are left",
        )
        return refusal(Why.LOST, template, "n", n=left)
