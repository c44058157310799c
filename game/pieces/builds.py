"""How a card goes on another: the build rules columns (and some foundations) are declared with.

A `Build` says the rank step (one lower, or one higher) and what the suits must be; its `reason` is
the refusal a player reads, or None when the card may go there. It also answers the question safe
auto-play asks: which cards could ever be laid on a given card (`holds`).
"""
from __future__ import annotations

from collections.abc import Callable
from enum import Enum

from ..cards import ACE, KING, Card, Suit
from ..i18n import N_
from ..refusal import Refusal, Why, refusal

RANKS = KING - ACE + 1


class Suits(Enum):
    """What the suits of a card and the card it goes on must be."""

    SAME = "same-suit"
    ALTERNATE = "alternate-colours"
    ANY = "any"


# Made once, worded when said: legal move generation asks often, and most answers are "no".
BY_ONE_RANK = refusal(Why.BUILD, N_("columns build down by one rank"))
UP_BY_ONE_RANK = refusal(Why.BUILD, N_("columns build up by one rank"))
IN_ALTERNATING_COLOURS = refusal(Why.BUILD, N_("columns build down in alternating colours"))
BY_SUIT = refusal(Why.BUILD, N_("columns build down by suit"))


Reason = Callable[[Card, Card], Refusal | None]


class Build:
    """A card goes on one `step` ranks from it (-1: one lower, building down; +1: up), of the suits
    `suits` says; with `wrap`, Ace and King adjoin (a King goes on an Ace when building down).

    `reason(card, onto)` is why `card` may not go on `onto`, or None when it may. Legal move
    generation asks it for every pair of piles, so it is made once per build: the three builds most
    games use get a function of two comparisons each, the same as a hand-written rule.

    A plain class (equal by its declaration), not a frozen dataclass: every start makes builds, and a
    dataclass compiles its methods when its module loads (game/value.py)."""

    __slots__ = ("suits", "step", "wrap", "reason")

    def __init__(self, suits: Suits = Suits.ALTERNATE, step: int = -1, wrap: bool = False) -> None:
        self.suits, self.step, self.wrap = suits, step, wrap
        self.reason: Reason = _checker(suits, step, wrap)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is Build:
            return (self.suits, self.step, self.wrap) == (other.suits, other.step, other.wrap)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.suits, self.step, self.wrap))

    def __repr__(self) -> str:
        return f"Build({self.suits}, step={self.step}, wrap={self.wrap})"

    def __reduce__(self) -> tuple[type[Build], tuple[Suits, int, bool]]:
        """Pickled as its declaration, the checker made again (a wrapping build's is a closure, which
        pickle cannot carry to a worker process)."""
        return Build, (self.suits, self.step, self.wrap)

    def distance(self, card: Card, onto: Card) -> int:
        """How many steps of this build lead from `onto` down (or up) to `card`: the length of the run
        headed by the card that goes on `onto` and ending with `card`, when one is possible (1 to 13)."""
        steps = (card.rank - onto.rank) * self.step
        if self.wrap:
            return steps % RANKS or RANKS
        return steps

    def holds(self, card: Card) -> tuple[int, tuple[Suit, ...]]:
        """The rank and suits of the cards that may be laid on `card` (rank 0: none may)."""
        rank = card.rank + self.step
        if self.wrap:
            rank = (rank - ACE) % RANKS + ACE
        elif not ACE <= rank <= KING:
            return 0, ()
        if self.suits is Suits.SAME:
            return rank, (card.suit,)
        if self.suits is Suits.ALTERNATE:
            return rank, tuple(suit for suit in Suit if suit.is_red != card.is_red)
        return rank, tuple(Suit)


def _down_alternating(card: Card, onto: Card) -> Refusal | None:
    if card.rank != onto.rank - 1:
        return BY_ONE_RANK
    return IN_ALTERNATING_COLOURS if card.suit.is_red == onto.suit.is_red else None


def _down_by_suit(card: Card, onto: Card) -> Refusal | None:
    if card.rank != onto.rank - 1:
        return BY_ONE_RANK
    return BY_SUIT if card.suit is not onto.suit else None


def _down_any_suit(card: Card, onto: Card) -> Refusal | None:
    return BY_ONE_RANK if card.rank != onto.rank - 1 else None


def _checker(suits: Suits, step: int, wrap: bool) -> Reason:
    """The `reason` function of a build."""
    if step == -1 and not wrap:
        return {Suits.ALTERNATE: _down_alternating, Suits.SAME: _down_by_suit, Suits.ANY: _down_any_suit}[suits]
    wrapped_gap = step * (1 - RANKS)
    wrong_rank = BY_ONE_RANK if step < 0 else UP_BY_ONE_RANK

    def reason(card: Card, onto: Card) -> Refusal | None:
        gap = card.rank - onto.rank
        if gap != step and not (wrap and gap == wrapped_gap):
            return wrong_rank
        if suits is Suits.ALTERNATE:
            return IN_ALTERNATING_COLOURS if card.suit.is_red == onto.suit.is_red else None
        if suits is Suits.SAME and card.suit is not onto.suit:
            return BY_SUIT
        return None

    return reason


DOWN_ALTERNATING = Build(Suits.ALTERNATE)
DOWN_BY_SUIT = Build(Suits.SAME)
DOWN_ANY_SUIT = Build(Suits.ANY)
BUILDS = {suits.value: Build(suits) for suits in Suits}  # by a `Tableau` parameter's value
