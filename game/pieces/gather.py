"""A stock that holds no cards: a click on it gathers the columns' cards and deals them out again,
a limited number of times (`GatherAndDeal`: KPatience's Grandfather, two redeals).

The gathering and the new deal follow KPatience's grandf.cpp, so a position redeals exactly as there:
the columns are picked up from the last to the first, each as it lies, and the cards are dealt from
the top of that pack (the first column's top card first). The new deal is a snake: round after round
from the first column to the last, then back, each round one column shorter at its start, the first
card of each round face up and the others face down (a triangle of 1, 3, 5, 7, 6, 4, 2 cards with
seven columns); the cards left over go face up onto the columns but the first, one at a time round
them. Whatever column's top card lies face down is turned up. With fewer cards than the triangle
holds, the deal stops where the cards end.

A gather is `Move(STOCK, column(0), n)`: n cards dealt onto the columns from the first (the same shape
as `DealOnto`'s), counted in the position as a redeal (`State.redeals`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import Card
from ..i18n import N_, Nn_, ngettext
from ..moves import STOCK, STOCK_KIND, Move, column
from ..refusal import Refusal, Why, refusal
from ..rules import IllegalMove
from ..state import State
from ..variant import Variant
from .stocks import Stock


def snake(columns: int) -> list[tuple[int, bool]]:
    """The triangle's places in dealing order: (column, face up), the first card of each round face up."""
    places: list[tuple[int, bool]] = []
    start, stop, step = 0, columns - 1, 1
    for _round in range(columns):
        places += [(i, i == start) for i in range(start, stop + step, step)]
        start, stop, step = stop, start + step, -step
    return places


def redealt(piles: tuple[tuple[Card, ...], ...]) -> tuple[tuple[tuple[Card, ...], ...], tuple[int, ...]]:
    """The columns and their face-down counts after `piles` are gathered and dealt again."""
    pack = [card for pile in reversed(piles) for card in pile]  # the last column first, each bottom up
    width = len(piles)
    laid: list[list[tuple[Card, bool]]] = [[] for _pile in piles]
    for index, face_up in snake(width):
        if pack:
            laid[index].append((pack.pop(), face_up))
    turn = 0
    while pack:  # the rest onto every column but the first, round and round
        laid[turn + 1].append((pack.pop(), True))
        turn = (turn + 1) % (width - 1)
    hidden = []
    for pile in laid:
        down = next((depth for depth, (_card, up) in enumerate(pile) if up), len(pile))
        hidden.append(min(down, max(len(pile) - 1, 0)))  # the top card is turned up
    return tuple(tuple(card for card, _up in pile) for pile in laid), tuple(hidden)


@dataclass(frozen=True)
class GatherAndDeal(Stock):
    """Gathers the columns' cards and deals them again as KPatience's Grandfather does, `redeals`
    times at most, whenever a card lies on the columns."""

    redeals: int = 2
    deals_columns = True  # a gather tells the columns apart: which gap a King fills changes the next deal

    @property
    def recycles(self) -> bool:
        return self.redeals > 0

    @property
    def redeals_allowed(self) -> int | None:
        return self.redeals

    @property
    def gathers(self) -> int:
        return self.redeals

    def move(self, state: State) -> Move | None:
        cards = sum(len(pile) for pile in state.columns)
        if state.redeals >= self.redeals or not cards:
            return None
        return Move(STOCK, column(0), cards)

    def check(self, state: State, move: Move, variant: Variant[Any]) -> None:
        if move.src.kind is not STOCK_KIND:
            raise IllegalMove(refusal(Why.STOCK, N_("no card goes to the stock: click it to deal the columns again")))
        if state.redeals >= self.redeals:
            template = Nn_(
                "the columns were dealt again {n} time already: {game} allows no more",
                "the columns were dealt again {n} times already: {game} allows no more",
            )
            raise IllegalMove(refusal(Why.STOCK, template, "n", n=state.redeals, game=variant.name))
        expected = self.move(state)
        if expected is None:
            raise IllegalMove(refusal(Why.STOCK, N_("no card is left on the columns to deal again")))
        if move != expected:
            wrong = N_("a click on the stock gathers every column's cards and deals them again: the move is {move}")
            raise IllegalMove(refusal(Why.STOCK, wrong, move=expected.notation))

    def perform(self, state: State, move: Move) -> tuple[State, list[int]]:
        columns, hidden = redealt(state.columns)
        after = State(columns, state.cells, state.foundations, hidden, state.stock, state.waste, state.redeals + 1)
        return after, list(range(len(columns)))

    def distinct_gaps(self, state: State) -> bool:
        return state.redeals < self.redeals

    @property
    def lift_refusal(self) -> Refusal:
        return refusal(Why.STOCK, N_("the stock holds no cards: click it to gather the columns and deal them again"))

    def help(self) -> str:
        return ngettext(
            "Click the stock to gather the columns' cards and deal them again, {n} time at most.",
            "Click the stock to gather the columns' cards and deal them again, {n} times at most.",
            self.redeals,
        ).format(n=self.redeals)

    def summary(self) -> str | None:
        # TRANSLATORS: the game chooser's line: the stock gathers the columns and deals them again (Grandfather)
        return ngettext("{n} redeal of the columns", "{n} redeals of the columns", self.redeals).format(n=self.redeals)
