"""Rows of slots that build up by suit in steps from a base rank, over an open row the stock keeps
filled (Mod 3's 2-5-8-J, 3-6-9-Q and 4-7-10-K rows), and the pile the Aces are put out on: pieces in a
module of their own, so that only the games that declare them load them.

Every pile is a column of the position, as Pyramid's slots are (`slots.py`): the open row first (the
columns a player plays from, numbered 1 to 8 in the terminal), then the slots row by row. A slot takes
a card of its row's base rank when empty, and on its top card the next card of that suit `step` ranks
up, but only while its bottom card is the base: the deal lays any card in a slot, and a slot whose
card is not its base takes nothing until that card is moved away. So a slot's top card may move
(onto another slot, or into an empty pile of the open row), which is why the slots are columns and not
foundations, which keep their cards.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar, NamedTuple

from ..cards import ACE, ALL_SUITS, KING, Card, Suit
from ..i18n import N_
from ..moves import Move, column
from ..refusal import Refusal, Why, refusal
from ..rules import IllegalMove
from ..state import Column, State
from .columns import Columns
from .foundations import Foundations

OPEN_ONLY_WHEN_EMPTY = refusal(Why.CANT_GO_ON, N_("a card goes into the bottom row only where a pile is empty"))


class StepRows(NamedTuple):
    """`open` piles of the open row, then a row of `width` slots for each base rank of `bases`, each slot
    building up by suit `step` ranks at a time from its row's base."""

    open: int = 8
    width: int = 8
    bases: tuple[int, ...] = (2, 3, 4)
    step: int = 3

    @property
    def piles(self) -> int:
        """How many columns the rows take: the open row's piles and every slot."""
        return self.open + self.width * len(self.bases)

    def base(self, index: int) -> int | None:
        """The base rank of column `index`'s row, or None for a pile of the open row."""
        return None if index < self.open else self.bases[(index - self.open) // self.width]

    def row(self, index: int) -> int:
        """Which row column `index` lies in: 0 for the open row, then 1, 2... for the rows of slots."""
        return 0 if index < self.open else 1 + (index - self.open) // self.width

    def size(self, base: int) -> int:
        """How many cards a built slot of this base holds: the base, then each step up to the King."""
        return (KING - base) // self.step + 1

    def reason(self, pile: Column, base: int, card: Card) -> Refusal | None:
        """Why a slot of `base` holding `pile` does not take `card`, or None when it does."""
        if not pile:
            if card.rank == base:
                return None
            return refusal(Why.EMPTY_COLUMN, N_("an empty slot of this row takes only a card of rank {rank}"), rank=base)
        if pile[0].rank != base:
            return refusal(Why.CANT_GO_ON, N_("{onto} is not this row's first card, so nothing goes on it"), onto=pile[0])
        if card.suit is not pile[-1].suit or card.rank != pile[-1].rank + self.step:
            template = N_("{card} can't go on {onto}: a slot builds up by suit, {step} ranks at a time")
            return refusal(Why.BUILD, template, card=card, onto=pile[-1], step=self.step)
        return None

    def wanted(self, columns: tuple[Column, ...]) -> dict[tuple[int, Suit], list[int]]:
        """The slots that take a card now, by the card's rank and suit (`reason`, all at once): the first
        empty slot of each row takes its base in any suit, a slot built from its base the next card up."""
        wanted: dict[tuple[int, Suit], list[int]] = {}
        step, first = self.step, self.open
        for base in self.bases:  # row by row: the searches ask this at every position they meet
            gap = True
            for j in range(first, first + self.width):
                pile = columns[j]
                if not pile:
                    if gap:
                        gap = False
                        for suit in ALL_SUITS:
                            wanted.setdefault((base, suit), []).append(j)
                elif pile[0].rank == base and pile[-1].rank + step <= KING:
                    wanted.setdefault((pile[-1].rank + step, pile[-1].suit), []).append(j)
            first += self.width
        return wanted

    def built(self, state: State) -> bool:
        """Whether every slot holds its row's cards from the base to the King: the game is won."""
        columns = state.columns
        return all(
            len(columns[i]) == self.size(base) and columns[i][0].rank == base
            for i in range(self.open, len(columns)) if (base := self.base(i)) is not None
        )


class StepRowColumns(Columns):
    """The open row and the slots of `rows` (a class attribute: the `Columns` named tuple takes no new
    fields; a game with other rows subclasses this one). One card moves at a time, its pile's top card.
    A slot takes what `StepRows.reason` allows; a pile of the open row takes a card only when empty,
    and while the stock has cards a pile of it that a move empties takes the stock's top card at once,
    as part of that move (as KPatience refills it), so one undo takes back both."""

    __slots__ = ()
    rows: ClassVar[StepRows] = StepRows()

    @property
    def refills(self) -> bool:
        return True

    def refill(self, state: State) -> State:
        """Each empty pile of the open row takes the stock's top card, from the left, while it lasts."""
        stock, columns = state.stock, state.columns
        if not stock or all(columns[: self.rows.open]):
            return state
        piles = list(columns)
        for i in range(self.rows.open):
            if not piles[i] and stock:
                piles[i], stock = stock[-1:], stock[:-1]
        return State(tuple(piles), state.cells, state.foundations, state.hidden, stock, state.waste, state.redeals)

    def check_target(self, state: State, move: Move, head: Card) -> None:
        base = self.rows.base(move.dst.index)
        target = state.columns[move.dst.index]
        if base is None:
            if target:
                raise IllegalMove(OPEN_ONLY_WHEN_EMPTY)
            return
        reason = self.rows.reason(target, base, head)
        if reason is not None:
            raise IllegalMove(reason)

    def sends_to(self, state: State, index: int) -> int | None:
        """The first slot that takes column `index`'s top card, unless the card lies in place already
        (in a slot built from its row's base), where a double click has nowhere better to send it."""
        rows, columns = self.rows, state.columns
        if rows.row(index) and columns[index][0].rank == rows.base(index):
            return None
        return next(self._slots(columns, rows.wanted(columns), index), None)

    def _slots(self, columns: tuple[Column, ...], wanted: dict[tuple[int, Suit], list[int]], i: int) -> Iterator[int]:
        """The slots that take column `i`'s top card, but not a lone card's own row's empty slot."""
        pile, rows = columns[i], self.rows
        card, row, lone = pile[-1], rows.row(i), len(pile) == 1
        for j in wanted.get((card.rank, card.suit), ()):
            if j != i and not (lone and not columns[j] and rows.row(j) == row):
                yield j

    def into_gaps(self, state: State, distinct_gaps: bool) -> Iterator[Move]:
        """Each pile's top card onto every slot that takes it (the first empty slot of a row stands for
        the others) and into the first empty pile of the open row; a lone card never moves into an
        empty pile of its own row (nothing would change), nor a slot's lone base card into the open row."""
        rows, columns = self.rows, state.columns
        wanted = rows.wanted(columns)
        gap = next((j for j in range(rows.open) if not columns[j]), None)
        for i, pile in enumerate(columns):
            if not pile:
                continue
            row, lone = rows.row(i), len(pile) == 1
            for j in self._slots(columns, wanted, i):
                yield Move(column(i), column(j))
            if gap is not None and not (lone and (row == 0 or pile[0].rank == rows.base(i))):
                yield Move(column(i), column(gap))


@dataclass(frozen=True)
class AcesOut(Foundations):
    """One pile the Aces are put out on, whenever one is on top of a pile; the game is won when the slots
    of `rows` are built (every other card is then in them)."""

    rows: StepRows = StepRows()
    one_pile = True
    ends_home = False  # the game ends in the slots: sending cards home finishes nothing (the F key is off)

    def piles(self, decks: int) -> int:
        return 1

    def slot(self, state: State, card: Card) -> int | None:
        return 0 if card.rank == ACE else None

    def target(self, state: State, card: Card) -> int:
        return 0

    def refuse(self, state: State, card: Card) -> Refusal:
        return refusal(Why.CANT_GO_HOME, N_("only Aces go out; {card} belongs in a row"), card=card)

    def check_text(self, state: State) -> str | None:
        if any(card.rank != ACE for pile in state.foundations for card in pile):
            return N_("only Aces lie on the Aces pile")
        return None

    def is_won(self, state: State) -> bool | None:
        return self.rows.built(state)
