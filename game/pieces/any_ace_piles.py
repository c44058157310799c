"""Piles any Ace starts, built up by suit (Forty Thieves, Gypsy, Forty & Eight): a kind of
foundations in a module of its own, so that only the games that declare it load it."""
from __future__ import annotations

from dataclasses import dataclass

from ..cards import ACE, Card, Suit
from ..refusal import Refusal
from ..state import State
from .foundations import Foundations, started_refusal


@dataclass(frozen=True)
class AnyAcePiles(Foundations):
    """Piles any Ace starts (the first empty one), each built up by suit to the King: with two decks a
    card may fit either of two piles, which are then alike, so it goes to the first. With `returns`,
    the top card of a pile may come back down to a column (Gypsy)."""

    returns: bool = False

    def piles(self, decks: int) -> int:
        return 4 * decks

    def slot(self, state: State, card: Card) -> int | None:
        if card.rank == ACE:
            return next((i for i, pile in enumerate(state.foundations) if not pile), None)
        for i, pile in enumerate(state.foundations):
            if pile and pile[-1].suit == card.suit and pile[-1].rank == card.rank - 1:
                return i
        return None

    def refuse(self, state: State, card: Card) -> Refusal:
        return started_refusal(state, card, ACE, card.rank - 1)

    def home_count(self, state: State, rank: int, suit: Suit) -> int:
        return sum(1 for pile in state.foundations if pile and pile[-1].suit == suit and len(pile) >= rank)
