"""What the stock does: turn cards onto the waste (`TurnOnto`: Klondike, Forty Thieves), deal one
card onto each of some columns (`DealOnto`: Spider, Scorpion), or deal onto the foundation (`DealHome`:
Golf).

A stock move names what really moves, so every `Move` is a faithful record: `Move(STOCK, WASTE, n)`
turns n cards, `Move(WASTE, STOCK, n)` turns the waste back over, `Move(STOCK, column(0), n)` deals
n cards onto the first n columns, `Move(STOCK, FOUNDATION)` deals one card home. `expand` gives the
single cards, which is how the window animates them.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from ..i18n import N_, Nn_, _, ngettext
from ..moves import FOUNDATION, FOUNDATION_KIND, STOCK, STOCK_KIND, WASTE, WASTE_KIND, Move, column
from ..refusal import Refusal, Why, refusal
from ..rules import IllegalMove, transfer
from ..state import State
from ..variant import Variant

# A position's legal moves, and the position after one: what `lost_reason` looks through.
Moves = Callable[[State], Iterator[Move]]
Perform = Callable[[State, Move], State]


class Stock(ABC):
    """A stock and what a click on it does."""

    has_waste = False  # whether the game has a waste its cards are turned onto
    deals_columns = False  # whether it deals onto the columns (which then are told apart: `distinct_gaps`)

    @abstractmethod
    def move(self, state: State) -> Move | None:
        """The move a click on the stock means now, or None when it does nothing."""

    def legal(self, state: State) -> Move | None:
        """The stock's move when it is legal now (a move may exist and yet be refused)."""
        return self.move(state)

    @abstractmethod
    def check(self, state: State, move: Move, variant: Variant[Any]) -> None:
        """Refuse `move` (which names the stock or the waste) unless it is the stock's move now."""

    @abstractmethod
    def perform(self, state: State, move: Move) -> tuple[State, list[int]]:
        """The position after a legal stock move, and the columns it laid cards on."""

    def expand(self, move: Move) -> list[Move]:
        """The single cards a stock move is made of."""
        return [move]

    @property
    @abstractmethod
    def lift_refusal(self) -> Refusal:
        """Why the stock's cards cannot be picked up (they are face down), saying what to do instead."""

    def distinct_gaps(self, state: State) -> bool:
        """Whether empty columns differ from each other now (a deal onto the columns tells them apart)."""
        return False

    @abstractmethod
    def help(self) -> str:
        """What a click on the stock does, as the window's help says it, in the player's language."""

    @property
    def always_moves(self) -> bool:
        """Whether the stock's own move is always there (so no move left never happens)."""
        return False

    def lost_reason(self, state: State, moves: Moves, perform: Perform) -> Refusal | None:
        """Why the game is lost, or None while it is not; asked only where `always_moves`."""
        return None

    def summary(self) -> str | None:
        """What the stock does, in the game chooser's words, or None where that tells no game apart."""
        return None

    def turned(self, columns: int) -> int | None:
        """How many cards a click on the stock moves, with `columns` columns (None: the table says)."""
        return None

    @property
    def recycles(self) -> bool:
        """Whether the waste turns back over into the stock (its empty outline shows it)."""
        return False

    @property
    def counts_deals(self) -> bool:
        """Whether the stock shows how many deals are left rather than cards."""
        return False

    @property
    def redeals_allowed(self) -> int | None:
        """How often the waste may be turned back over (None: as often as a player likes)."""
        return 0

    @property
    def gathers(self) -> int:
        """How often a click gathers the columns and deals them again, for a stock that holds no cards
        (`gather.GatherAndDeal`): its tag then counts the redeals left; 0 for a stock of cards."""
        return 0

    def limited_to(self, passes: int) -> Stock:
        """This stock gone through at most `passes` times (a scoring's limit: Vegas), or itself where
        it is not gone through again."""
        return self


def _turn_count_refusal(turning: bool, expected: Move, wrong: int) -> Refusal:
    if turning:
        template = Nn_(
            "turning the stock moves {n} card here, not {wrong} (the move is {move})",
            "turning the stock moves {n} cards here, not {wrong} (the move is {move})",
        )
    else:
        template = Nn_(
            "turning the waste over moves {n} card here, not {wrong} (the move is {move})",
            "turning the waste over moves {n} cards here, not {wrong} (the move is {move})",
        )
    return refusal(Why.STOCK, template, "n", n=expected.count, wrong=wrong, move=expected.notation)


@dataclass(frozen=True)
class TurnOnto(Stock):
    """Turns `draw` cards at a time onto the waste, whose top card plays. When the stock is empty the
    waste turns back over as one pile (so the next pass meets the cards in the same order): as often
    as a player likes when `redeals` is None, else that many times (0: the stock goes through once),
    counted in the position (`State.redeals`)."""

    draw: int = 1
    redeals: int | None = None
    has_waste = True

    @property
    def redeal(self) -> bool:
        """Whether the waste is ever turned back over."""
        return self.redeals is None or self.redeals > 0

    def redeals_left(self, state: State) -> bool:
        return self.redeals is None or state.redeals < self.redeals

    @property
    def redeals_allowed(self) -> int | None:
        return self.redeals

    def limited_to(self, passes: int) -> Stock:
        return replace(self, redeals=passes - 1 if self.redeals is None else min(self.redeals, passes - 1))

    @property
    def recycles(self) -> bool:
        return self.redeal

    def turned(self, columns: int) -> int | None:
        return self.draw

    def summary(self) -> str | None:
        if not self.redeal:
            return None
        # TRANSLATORS: the game chooser's line: how many cards a click on the stock turns over
        return ngettext("stock turns {n} card", "stock turns {n} cards", self.draw).format(n=self.draw)

    def move(self, state: State) -> Move | None:
        if state.stock:
            return Move(STOCK, WASTE, min(self.draw, len(state.stock)))
        if state.waste and self.redeals_left(state):
            return Move(WASTE, STOCK, len(state.waste))
        return None

    def check(self, state: State, move: Move, variant: Variant[Any]) -> None:
        turning = move.src.kind is STOCK_KIND and move.dst.kind is WASTE_KIND
        recycling = move.src.kind is WASTE_KIND and move.dst.kind is STOCK_KIND
        if move.dst.kind is STOCK_KIND and not self.redeal:
            raise IllegalMove(refusal(Why.STOCK, N_("nothing goes back to the stock: {game} has no redeal"), game=variant.name))
        if move.dst.kind is STOCK_KIND and not self.redeals_left(state):
            template = Nn_(
                "the waste was turned back over {n} time already: {game} allows no more",
                "the waste was turned back over {n} times already: {game} allows no more",
            )
            raise IllegalMove(refusal(Why.STOCK, template, "n", n=state.redeals, game=variant.name))
        if move.src.kind is STOCK_KIND and not turning:
            raise IllegalMove(self.lift_refusal)
        if move.dst.kind is WASTE_KIND and not turning:
            raise IllegalMove(refusal(Why.STOCK, N_("only cards turned from the stock go to the waste")))
        if move.dst.kind is STOCK_KIND and not recycling:
            raise IllegalMove(refusal(Why.STOCK, N_("only the waste can be turned back over into the stock")))
        if turning and not state.stock:
            if state.waste and self.redeals_left(state):
                raise IllegalMove(refusal(Why.STOCK, N_("the stock is empty: turn the waste back over first")))
            if self.redeals_left(state):
                raise IllegalMove(refusal(Why.STOCK, N_("the stock is empty, and so is the waste")))
            raise IllegalMove(refusal(Why.STOCK, N_("the stock is empty")))
        if recycling and state.stock:
            template = Nn_(
                "the stock still has {n} card: turn the waste over when it is empty",
                "the stock still has {n} cards: turn the waste over when it is empty",
            )
            raise IllegalMove(refusal(Why.STOCK, template, "n", n=len(state.stock)))
        if recycling and not state.waste:
            raise IllegalMove(refusal(Why.STOCK, N_("the waste is empty, so there is nothing to turn over")))
        expected = self.move(state)
        assert expected is not None
        if move.count != expected.count:
            raise IllegalMove(_turn_count_refusal(turning, expected, move.count))

    def perform(self, state: State, move: Move) -> tuple[State, list[int]]:
        n = move.count
        columns, cells, foundations, hidden = state.columns, state.cells, state.foundations, state.hidden
        if move.src.kind is STOCK_KIND:  # turned one at a time: the stock's top card ends deepest
            stock, waste = state.stock[:-n], state.waste + state.stock[-n:][::-1]
            return State(columns, cells, foundations, hidden, stock, waste, state.redeals), []
        counted = state.redeals + (self.redeals is not None)  # an unlimited redeal is not counted: positions repeat
        stock, waste = state.stock + state.waste[-n:][::-1], state.waste[:-n]
        return State(columns, cells, foundations, hidden, stock, waste, counted), []

    def expand(self, move: Move) -> list[Move]:
        if move.src.kind is STOCK_KIND:
            return [Move(STOCK, WASTE)] * move.count
        return [move]

    @property
    def lift_refusal(self) -> Refusal:
        return refusal(Why.STOCK, N_("the stock's cards are face down: turn them onto the waste first"))

    @property
    def always_moves(self) -> bool:
        return self.redeals is None

    def help(self) -> str:
        if self.redeals is None:
            return ngettext(
                "Click the stock to turn one card onto the waste, and the empty stock to turn the waste back over.",
                "Click the stock to turn {n} cards onto the waste, and the empty stock to turn the waste back over.",
                self.draw,
            ).format(n=self.draw)
        if self.redeals:
            # TRANSLATORS: {n} is how many cards a click turns (1 or more)
            return ngettext(
                "Click the stock to turn cards onto the waste ({n} at a time), and the empty stock to turn the "
                "waste back over, {redeals} time at most.",
                "Click the stock to turn cards onto the waste ({n} at a time), and the empty stock to turn the "
                "waste back over, {redeals} times at most.",
                self.redeals,
            ).format(n=self.draw, redeals=self.redeals)
        return ngettext(
            "Click the stock to turn one card onto the waste (once through: there is no redeal).",
            "Click the stock to turn {n} cards onto the waste (once through: there is no redeal).",
            self.draw,
        ).format(n=self.draw)


    def lost_reason(self, state: State, moves: Moves, perform: Perform) -> Refusal | None:
        """With a redeal as often as a player likes, the stock's move is always there, so the game is lost when no card can move
        anywhere at any point of a whole pass through the stock: turning it only changes which waste
        card is on top, so every position one pass reaches is looked at. Any other legal move, even a
        pointless one, counts as a way on: no position that is not lost is called lost."""
        seen = set()
        position: State | None = state
        while position is not None and position not in seen:
            seen.add(position)
            stock = self.move(position)
            if any(move != stock for move in moves(position)):
                return None
            position = perform(position, stock) if stock is not None else None
        if not state.stock and not state.waste:
            return refusal(Why.LOST, N_("no card can move and the stock and waste are empty"))
        return refusal(Why.LOST, N_("no card can move, and no card in the stock or waste fits anywhere on any pass"))


@dataclass(frozen=True)
class DealOnto(Stock):
    """Deals one card face up onto each of the first `columns` columns (all of them when None), the
    first onto the first; with `gaps_block`, only when no column is empty."""

    columns: int | None = None
    gaps_block: bool = False
    deals_columns = True

    def width(self, state: State) -> int:
        """How many columns one deal covers."""
        return len(state.columns) if self.columns is None else self.columns

    @property
    def counts_deals(self) -> bool:
        return True

    def turned(self, columns: int) -> int | None:
        return self.columns or columns

    def summary(self) -> str | None:
        if not self.columns:
            return None
        # TRANSLATORS: the game chooser's line: the stock deals onto the first few columns
        return ngettext("stock deals onto {n} column", "stock deals onto {n} columns", self.columns).format(n=self.columns)

    def move(self, state: State) -> Move | None:
        return Move(STOCK, column(0), min(self.width(state), len(state.stock))) if state.stock else None

    def legal(self, state: State) -> Move | None:
        if self.gaps_block and not all(state.columns):
            return None
        return self.move(state)

    def check(self, state: State, move: Move, variant: Variant[Any]) -> None:
        if move.src.kind is not STOCK_KIND:
            raise IllegalMove(refusal(Why.STOCK, N_("no card goes back to the stock")))
        if not state.stock:
            raise IllegalMove(refusal(Why.STOCK, N_("the stock is empty")))
        expected = self.move(state)
        assert expected is not None
        if move != expected:
            if self.columns is None:
                template = N_("the stock deals one card onto each column at once: the move is {move}")
            else:
                template = N_("the stock deals one card onto each of the first columns at once: the move is {move}")
            raise IllegalMove(refusal(Why.STOCK, template, move=expected.notation))
        empty = next((i for i, pile in enumerate(state.columns) if not pile), None)
        if empty is not None and self.gaps_block:
            template = N_("the stock deals only when no column is empty: fill {pile} first")
            raise IllegalMove(refusal(Why.STOCK, template, pile=column(empty)))

    def perform(self, state: State, move: Move) -> tuple[State, list[int]]:
        columns, stock = list(state.columns), state.stock
        touched = []
        for k in range(move.count):
            index = move.dst.index + k
            columns[index] = columns[index] + (stock[-1 - k],)
            touched.append(index)
        rest = stock[:-move.count]
        return State(tuple(columns), state.cells, state.foundations, state.hidden, rest, state.waste, state.redeals), touched

    def expand(self, move: Move) -> list[Move]:
        return [Move(STOCK, column(move.dst.index + k)) for k in range(move.count)]

    @property
    def lift_refusal(self) -> Refusal:
        if self.columns is None:
            return refusal(Why.STOCK, N_("the stock's cards are face down: click it to deal a card onto each column"))
        return refusal(Why.STOCK, N_("the stock's cards are face down: click it to deal a card onto each of the first columns"))

    def distinct_gaps(self, state: State) -> bool:
        return bool(state.stock)

    def help(self) -> str:
        if self.columns is None:
            return _("Click the stock to deal a card face up onto each column.")
        return ngettext(
            "Click the stock to deal a card face up onto the first {n} column.",
            "Click the stock to deal a card face up onto each of the first {n} columns.",
            self.columns,
        ).format(n=self.columns)


@dataclass(frozen=True)
class DealHome(Stock):
    """Deals its top card onto the (one) foundation, whatever it is."""

    def move(self, state: State) -> Move | None:
        return Move(STOCK, FOUNDATION) if state.stock else None

    def check(self, state: State, move: Move, variant: Variant[Any]) -> None:
        if move.src.kind is not STOCK_KIND or move.dst.kind is not FOUNDATION_KIND:
            raise IllegalMove(self.lift_refusal)
        if move.count != 1:
            raise IllegalMove(refusal(Why.ONE_AT_A_TIME, N_("cards go to the foundation one at a time")))
        if not state.stock:
            raise IllegalMove(refusal(Why.STOCK, N_("the stock is empty")))

    def perform(self, state: State, move: Move) -> tuple[State, list[int]]:
        return transfer(state, move, foundation_slot=0), []

    @property
    def lift_refusal(self) -> Refusal:
        return refusal(Why.STOCK, N_("the stock's cards are face down: deal its top card onto the foundation"))

    def help(self) -> str:
        return _("Click the stock to deal its next card onto the foundation.")
