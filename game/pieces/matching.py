"""The rules of any matching game declared as `Matching`: cards leave the table by matching rather
than by building, and a card may be played only when nothing lies on it.

A matching game's table is a tableau of overlapping single-card slots (`slots.Slots`); its cards
leave as its match says (`matches`: pairs that make 13, a neighbour onto the waste); a stock turns
onto the waste (`stocks.TurnOnto`, through the passes it allows). `MatchRules` answers every question
of the `Rules` interface from those three, in one order for every game: a move's count, the stock's
own moves, the card it takes (free, from a slot or the waste's top), then the match. A move done
takes its cards across, then turns up what they uncovered; `expand` gives each card leaving alone,
which is how the window animates a pair.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..cards import Card
from ..i18n import N_, _, ngettext
from ..moves import WASTE, Move, Pile, PileKind, column
from ..refusal import Refusal, Why, refusal
from ..rules import IllegalMove, Rules, check_redeals, empty_pile, missing_pile_reason, past_the_last
from ..state import BoardError, State
from ..variant import TableLayout, Variant
from .deal import Deal
from .matches import Free, Match
from .slots import Slots
from .stocks import TurnOnto

ONE_AT_A_TIME = refusal(Why.ONE_AT_A_TIME, N_("cards are played one at a time in this game"))


@dataclass(frozen=True)
class Matching:
    """Everything the rules of a matching game are made of: its deal (one card to a slot, the rest to
    the stock and waste), its tableau of slots, its match and its stock."""

    deal: Deal
    slots: Slots
    match: Match
    stock: TurnOnto | None = None

    def summary(self) -> str:
        """The game chooser's line: what the stock turns and how often, then the match."""
        parts = []
        stock = self.stock
        if stock is not None and stock.redeals:
            # TRANSLATORS: the game chooser's line: how many times the stock is gone through
            parts.append(ngettext("{n} pass through the stock", "{n} passes through the stock", stock.redeals + 1).format(
                n=stock.redeals + 1
            ))
        elif stock is not None:
            # TRANSLATORS: the game chooser's line: the stock is gone through once
            parts.append(_("stock once through"))
        return " · ".join([*parts, self.match.summary()])

    def play_help(self) -> str:
        """How the mouse plays the game, as the window's help says it."""
        told = [self.match.help()]
        if self.stock is not None:
            told.append(self.stock.help())
        return " ".join(told)

    def rules(self, variant: Variant[Any]) -> Rules:
        return MatchRules(variant, self)

    def laid_out(self, geometry: TableLayout) -> TableLayout:
        """The game's table: where its piles sit, with what the pieces say of how they show."""
        stock = self.stock
        return geometry.replace(
            turned=stock.draw if stock is not None else geometry.turned,
            stock_recycles=stock is not None and stock.redeal,
            click_plays_columns=not self.match.plays_waste,
            suit_foundations=False,
        )


class MatchRules(Rules):
    """A matching game's rules, read from its declaration."""

    def __init__(self, variant: Variant[Any], pieces: Matching) -> None:
        super().__init__(variant)
        self.pieces = pieces
        self.slots = pieces.slots
        self.match = pieces.match
        self.stock = pieces.stock
        self.has_autoplay = self.match.autoplays

    # -- dealing and text --------------------------------------------------------------------------

    def deal(self, number: int) -> State:
        return self.pieces.deal.lay_out(number, self.variant.pack, 0, self.match.piles)

    def to_text(self, state: State) -> str:
        return state.to_text(stock_pile=self.stock is not None, single_foundation=self.match.piles == 1,
                             suit_foundations=False)

    def from_text(self, text: str) -> State:
        state = State.from_text(
            text, cells=0, columns=self.slots.size, stock_pile=self.stock is not None,
            single_foundation=self.match.piles == 1, pack=self.variant.pack, foundations=self.match.piles,
            suit_foundations=False,
        )
        problem = self.slots.text_problem(state)
        if problem is not None:
            template, facts = problem
            raise BoardError(_(template).format(**facts))
        check_redeals(0 if self.stock is None else self.stock.redeals_allowed, state, self.variant.name)
        return state

    # -- what is free ------------------------------------------------------------------------------

    def free(self, state: State) -> Free:
        """The cards that may be played, each with its pile: the waste's top first where it plays."""
        found = [(WASTE, state.waste[-1])] if self.match.plays_waste and state.waste else []
        return found + [(column(i), state.columns[i][0]) for i in self.slots.free(state)]

    def free_card(self, state: State, pile: Pile) -> Card:
        """The card `pile` lets go of, or the refusal of why it lets go of none."""
        kind = pile.kind
        if kind is PileKind.COLUMN:
            if not 0 <= pile.index < self.slots.size:
                raise IllegalMove(past_the_last(pile, self.slots.size))
            if not state.columns[pile.index]:
                raise IllegalMove(empty_pile(pile))
            if not self.slots.is_free(state, pile.index):
                raise IllegalMove(self.slots.covered_refusal(state, pile.index))
            return state.columns[pile.index][0]
        if kind is PileKind.WASTE and self.stock is not None:
            if not self.match.plays_waste:
                raise IllegalMove(refusal(Why.STAYS_HOME, N_("cards played onto the waste stay there")))
            if not state.waste:
                raise IllegalMove(refusal(Why.PILE_EMPTY, N_("the waste is empty")))
            return state.waste[-1]
        if kind is PileKind.FOUNDATION and self.match.piles:
            raise IllegalMove(refusal(Why.STAYS_HOME, N_("cards on the foundation stay there")))
        if kind is PileKind.STOCK and self.stock is not None:
            raise IllegalMove(self.stock.lift_refusal)
        raise IllegalMove(missing_pile_reason(self.variant.name, kind))

    @property
    def plays_onto(self) -> Pile:
        return self.match.onto

    def stock_move(self, state: State) -> Move | None:
        return self.stock.move(state) if self.stock is not None else None

    def is_won(self, state: State) -> bool:
        return not any(state.columns)

    # -- legal moves and checking ------------------------------------------------------------------

    def legal_moves(self, state: State) -> Iterator[Move]:
        """The matches first, then the stock's move."""
        yield from self.match.moves(state, self.free(state))
        if self.stock is not None:
            turn = self.stock.legal(state)
            if turn is not None:
                yield turn

    def check(self, state: State, move: Move) -> None:
        """The stock's own moves (which count their cards), a move's count, the card it takes, then the match."""
        if move.count < 1:
            raise IllegalMove(refusal(Why.AT_LEAST_ONE, N_("a move takes at least one card, not {count}"), count=move.count))
        if self.stock is not None and PileKind.STOCK in (move.src.kind, move.dst.kind):
            self.stock.check(state, move, self.variant)
            return
        if move.count > 1:
            raise IllegalMove(ONE_AT_A_TIME)
        card = self.free_card(state, move.src)
        self.match.check(state, move, card, self.free_card)

    def lift_reason(self, state: State, src: Pile, count: int) -> Refusal | None:
        try:
            if count != 1:
                raise IllegalMove(ONE_AT_A_TIME)
            self.free_card(state, src)
        except IllegalMove as error:
            return error.refusal
        return None

    # -- doing -------------------------------------------------------------------------------------

    def perform(self, state: State, move: Move) -> State:
        """The position after a legal move, or after one card of a pair leaving (an `expand` step)."""
        if PileKind.STOCK in (move.src.kind, move.dst.kind):
            assert self.stock is not None
            return self.stock.perform(state, move)[0]
        columns, waste, foundations = list(state.columns), state.waste, list(state.foundations)
        leaving: list[Card] = []
        for pile in self.match.leaving(move):
            if pile.kind is PileKind.WASTE:
                leaving.append(waste[-1])
                waste = waste[:-1]
            else:
                leaving.append(columns[pile.index][0])
                columns[pile.index] = ()
        if self.match.onto.kind is PileKind.WASTE:
            waste += tuple(leaving)
        else:
            foundations[0] += tuple(leaving)
        return self.slots.turned_up(state.replace(columns=tuple(columns), waste=waste, foundations=tuple(foundations)))

    def expand(self, state: State, move: Move) -> list[Move]:
        """Each card leaving alone: a pair is two steps, the stock's turn its single cards."""
        self.check(state, move)
        if move.src.kind is PileKind.STOCK:
            assert self.stock is not None
            return self.stock.expand(move)
        return [Move(pile, self.match.onto) for pile in self.match.leaving(move)]

    # -- auto-play and the end ---------------------------------------------------------------------

    def safe_autoplay(self, state: State) -> Move | None:
        return self.match.safe(self.free(state)) if self.has_autoplay else None

    def is_lost(self, state: State) -> bool:
        return self.lost_reason(state) is not None

    def lost_reason(self, state: State) -> Refusal | None:
        """Lost when nothing is left to play: no match, and the stock spent."""
        if self.is_won(state) or next(iter(self.legal_moves(state)), None) is not None:
            return None
        return self.match.lost_reason(state, sum(map(len, state.columns)))
