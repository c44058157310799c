"""Reproducible numbered deals.

FreeCell-family numbers reproduce Microsoft FreeCell's layouts exactly, so a player can look a deal up
anywhere. Other games shuffle with Python's Mersenne Twister seeded by a string, drawing only through
`Random.random()`: that is the one part of the `random` module whose sequence Python promises to keep
across versions and platforms (`shuffle` and `randrange` may change), so a deal number means the same
layout on every machine and every future Python.
"""
from __future__ import annotations

import random

from .cards import ONE_DECK, Card, Pack, Suit
from .i18n import _
from .reading import shortened

MAX_DEAL = 2**31 - 1


class DealError(ValueError):
    """A deal number out of range."""


def check_deal_number(number: int, typed: str | None = None) -> int:
    """`number` when it is a deal number. `typed` is the text it was read from, quoted in the error as
    it was typed: a number too long to convert reads as a stand-in (see reading.whole_number) that
    the player never typed."""
    if not 1 <= number <= MAX_DEAL:
        shown = number if typed is None else shortened(typed)
        # TRANSLATORS: the numbers stay in plain digits, as the player types them
        raise DealError(_("deal number {number} is out of range (1 to {most})").format(number=shown, most=MAX_DEAL))
    return number


def microsoft_order(number: int) -> list[Card]:
    """The 52 cards in the order Microsoft FreeCell deals them round-robin into the columns."""
    check_deal_number(number)
    deck = [Card.of(rank, suit) for rank in range(1, 14) for suit in Suit]  # AC AD AH AS 2C ...
    state = number
    dealt: list[Card] = []
    for remaining in range(52, 0, -1):
        state = (state * 214013 + 2531011) % 2**31
        pick = (state >> 16) % remaining
        deck[pick], deck[remaining - 1] = deck[remaining - 1], deck[pick]
        dealt.append(deck.pop())
    return dealt


def seeded_order(number: int, salt: str, pack: Pack = ONE_DECK) -> list[Card]:
    """A shuffled pack for games with no historic numbering; `salt` keeps games' deals unrelated."""
    check_deal_number(number)
    deck = list(pack.cards())
    draw = random.Random(f"{salt}:{number}").random
    for last in range(len(deck) - 1, 0, -1):  # Fisher-Yates
        pick = int(draw() * (last + 1))
        deck[last], deck[pick] = deck[pick], deck[last]
    return deck


def random_deal_number(rng: random.Random | None = None) -> int:
    """A deal number for "new game" when the player did not choose one (Microsoft's classic range)."""
    return (rng or random).randint(1, 32000)
