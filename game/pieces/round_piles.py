"""Piles built up by suit round the corner from King to Ace, each from the card the deal laid there
(Grandfather's Clock) or from a base rank the deal sets (Canfield): kinds of foundations in a module
of their own, so that only the games that declare them load them."""
from __future__ import annotations

from dataclasses import dataclass

from ..cards import ACE, KING, Card, Suit
from ..i18n import N_
from ..refusal import Refusal, Why, refusal
from ..state import State
from .foundations import RUN, Foundations, cant_go_home, started_refusal


def wrapped_below(rank: int) -> int:
    """The rank under `rank` where the King lies under the Ace."""
    return rank - 1 if rank > ACE else KING


@dataclass(frozen=True)
class SuitRunPiles(Foundations):
    """`count` piles, each started by the deal, built up by suit from its first card and round the
    corner from King to Ace (Grandfather's Clock's twelve, each up to the card of its hour: a pile
    ends where another pile's first card would come next). A card goes on the pile whose top card
    is the one below it in its suit."""

    count: int = 4
    from_ace = False

    def piles(self, decks: int) -> int:
        return self.count

    def slot(self, state: State, card: Card) -> int | None:
        below = wrapped_below(card.rank)
        for i, pile in enumerate(state.foundations):
            if pile and pile[-1].rank == below and pile[-1].suit is card.suit:
                return i
        return None

    def refuse(self, state: State, card: Card) -> Refusal:
        template = N_("no foundation has {card} on top")
        return cant_go_home(card, refusal(Why.FOUNDATION_NEEDS, template, card=Card.of(wrapped_below(card.rank), card.suit)))

    def home_count(self, state: State, rank: int, suit: Suit) -> int:
        # how far above its pile's first card the card would lie, against how many cards the pile holds
        return sum(1 for pile in state.foundations if pile and pile[0].suit is suit and len(pile) > (rank - pile[0].rank) % RUN)

    def check_text(self, state: State) -> str | None:
        if not all(state.foundations):
            return N_("every foundation holds the card the deal laid there")
        return None


@dataclass(frozen=True)
class BasePiles(SuitRunPiles):
    """Piles built up by suit from a base rank the deal sets, turning the corner from King to Ace
    (Canfield): the deal lays one card on the first pile, the first empty pile takes each other card
    of its rank, and each pile ends on the rank below it. The base is read from the position (the
    first card of a started pile: nothing comes back down), so it is never a second thing to keep."""

    def piles(self, decks: int) -> int:
        return 4 * decks

    @staticmethod
    def base(state: State) -> int | None:
        """The rank every pile starts at (None only in a board text without a started pile)."""
        return next((pile[0].rank for pile in state.foundations if pile), None)

    def slot(self, state: State, card: Card) -> int | None:
        if card.rank == self.base(state):
            return next((i for i, pile in enumerate(state.foundations) if not pile), None)
        return super().slot(state, card)

    def refuse(self, state: State, card: Card) -> Refusal:
        base = self.base(state)
        assert base is not None, "the deal starts a pile, and a board text must"
        return started_refusal(state, card, base, wrapped_below(card.rank))

    def check_text(self, state: State) -> str | None:
        base = self.base(state)
        if base is None:
            return N_("a foundation must hold the base card the deal laid there")
        if any(pile and pile[0].rank != base for pile in state.foundations):
            return N_("every foundation starts at the rank of the base card")
        return None
