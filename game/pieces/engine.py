"""The rules of any game declared as `Pieces`: every question of the `Rules` interface answered once.

A move is checked in one order for every game: how many cards, whether its piles exist, the stock's
own moves, then what is picked up (the source's piece) and whether it may be laid down (the
destination's piece). Performing it takes the cards across (`rules.transfer`, which turns up an
uncovered card), then lets the foundations take what the move completed (Spider's runs). Legal moves
are listed in one order too: moves home, then from the columns, the cells, the waste and the
foundations, then the stock.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..cards import Card
from ..i18n import N_, _
from ..moves import CELL_KIND, COLUMN_KIND, FOUNDATION, FOUNDATION_KIND, STOCK_KIND, WASTE, WASTE_KIND, Move, Pile, cell, column
from ..refusal import Refusal, Why, refusal
from ..rules import IllegalMove, Rules, check_redeals, missing_pile_reason, past_the_last, transfer
from ..state import BoardError, Column, State
from ..variant import Variant
from .columns import FILL_NONE
from .table import Pieces


class PieceRules(Rules):
    """A game's rules, read from the pieces its family declares."""

    def __init__(self, variant: Variant[Any], pieces: Pieces) -> None:
        super().__init__(variant)
        self.pieces = pieces
        self.columns = pieces.columns
        self.home = pieces.foundations
        self.stock = pieces.stock
        self.has_autoplay = self.home.autoplays
        self.has_auto_finish = pieces.finishes
        self._has_waste = self.stock is not None and self.stock.has_waste
        self._refills = self.columns.refills

    # -- dealing and text --------------------------------------------------------------------------

    def deal(self, number: int) -> State:
        pack = self.variant.pack
        return self.pieces.deal.lay_out(number, pack, self.pieces.cells, self.home.piles(pack.decks))

    def to_text(self, state: State) -> str:
        text = state.to_text(
            stock_pile=self.stock is not None, single_foundation=self.home.one_pile, suit_foundations=self.home.by_suit
        )
        if self.stock is not None and not self.stock.has_waste:
            text = "".join(line for line in text.splitlines(keepends=True) if not line.startswith("Waste:"))
        return text

    def from_text(self, text: str) -> State:
        v, pack = self.variant, self.variant.pack
        state = State.from_text(
            text, cells=self.pieces.cells, columns=len(self.pieces.deal.columns), stock_pile=self.stock is not None,
            single_foundation=self.home.one_pile, pack=pack, foundations=self.home.piles(pack.decks),
            suit_foundations=self.home.by_suit,
        )
        if state.waste and not self._has_waste:
            raise BoardError(_("{game} has no waste: remove the Waste line").format(game=v.name))
        if not self.pieces.deal.deals_face_down and any(state.hidden):
            raise BoardError(_("every card in {game} lies face up: remove the brackets").format(game=v.name))
        for index, (pile, down) in enumerate(zip(state.columns, state.hidden)):
            if pile and down == len(pile):
                face_down = _("column {number}: its top card {card} must be face up")
                raise BoardError(face_down.format(number=index + 1, card=pile[-1].code))
        problem = self.home.check_text(state)
        if problem is not None:
            raise BoardError(_(problem))
        check_redeals(0 if self.stock is None else self.stock.redeals_allowed, state, v.name, self._has_waste)
        return state

    # -- what lies where ---------------------------------------------------------------------------

    def exposed(self, state: State) -> list[tuple[Pile, Card]]:
        """The cards that could go home now, each with its pile: the waste's top card, the cells',
        then each column's top card, in the order auto-play tries them."""
        found = [(WASTE, state.waste[-1])] if state.waste else []
        found += [(cell(i), held) for i, held in enumerate(state.cells) if held is not None]
        hidden = state.hidden
        found += [(column(i), pile[-1]) for i, pile in enumerate(state.columns) if len(pile) > hidden[i]]
        return found

    def stock_move(self, state: State) -> Move | None:
        return self.stock.move(state) if self.stock is not None else None

    def sends(self, state: State, pile: Pile) -> Move:
        """Home when the foundations take the card; else the column the columns' piece sends a lone
        card to (Mod 3's slot that takes it), if any; else home, whose refusal says why not."""
        top = dict(self.exposed(state)).get(pile)
        if top is None or self.home.slot(state, top) is not None or pile.kind is not COLUMN_KIND:
            return Move(pile, FOUNDATION)
        target = self.columns.sends_to(state, pile.index)
        return Move(pile, FOUNDATION if target is None else column(target))

    def is_won(self, state: State) -> bool:
        decided = self.home.is_won(state)
        return super().is_won(state) if decided is None else decided

    # -- legal moves -------------------------------------------------------------------------------

    def legal_moves(self, state: State) -> Iterator[Move]:
        """Moves home first, then from the columns, the cells, the waste and the foundations onto the
        columns, then the stock."""
        yield from self.home.moves_home(state, self.exposed)
        columns, stock = self.columns, self.stock
        if columns.build is not None:
            yield from columns.moves(state, stock is not None and stock.distinct_gaps(state))
            for c, held in enumerate(state.cells):
                if held is not None:
                    yield from columns.onto_columns(state, held, cell(c))
            if state.waste:
                yield from columns.onto_columns(state, state.waste[-1], WASTE)
            if self.home.returns:
                for f, pile in enumerate(state.foundations):
                    if pile:
                        yield from columns.onto_columns(state, pile[-1], Pile(FOUNDATION_KIND, f))
        else:  # no card goes on another, but a gap or a cell may take one
            if columns.fill is not FILL_NONE:
                yield from columns.into_gaps(state, stock is not None and stock.distinct_gaps(state))
            if state.cells and None in state.cells:
                first_free = cell(state.cells.index(None))
                for i, pile in enumerate(state.columns):
                    if len(pile) > state.hidden[i]:
                        yield Move(column(i), first_free)
        if stock is not None:
            deal = stock.legal(state)
            if deal is not None:
                yield deal

    # -- checking ----------------------------------------------------------------------------------

    def check(self, state: State, move: Move) -> None:
        """What is wrong with a move is said in one order: its count, its source, the stock's own
        moves, where it goes, what it picks up, and whether it may be laid there."""
        src, dst = move.src, move.dst
        if move.count < 1:
            raise IllegalMove(refusal(Why.AT_LEAST_ONE, N_("a move takes at least one card, not {count}"), count=move.count))
        self._exists(state, src)
        self._in_range(state, dst)
        if self.stock is not None and (STOCK_KIND in (src.kind, dst.kind) or dst.kind is WASTE_KIND and self._has_waste):
            self.stock.check(state, move, self.variant)
            return
        if dst.kind is src.kind and dst.index == src.index:  # dst == src, without the dataclass's two tuples
            raise IllegalMove(refusal(Why.ALREADY_THERE, N_("the cards are already there")))
        cards = self._lifted(state, src, move.count)
        kind = dst.kind
        if kind is STOCK_KIND or kind is WASTE_KIND:  # a game without a stock, or without a waste
            raise IllegalMove(missing_pile_reason(self.variant.name, kind))
        if kind is COLUMN_KIND:
            self.columns.check_target(state, move, cards[0])
        elif kind is CELL_KIND:
            if move.count > 1:
                raise IllegalMove(refusal(Why.CELL_HOLDS_ONE, N_("a cell holds one card, not {count}"), count=move.count))
            if state.cells[dst.index] is not None:
                raise IllegalMove(refusal(Why.CELL_OCCUPIED, N_("cell {number} is occupied"), number=dst.index + 1, pile=dst))
        else:  # the stock and the waste took their own moves above, or are not this game's
            self.home.accept(state, move, cards)

    def _in_range(self, state: State, pile: Pile) -> None:
        """Refuse a column or cell past the last (or of a game that has none)."""
        kind = pile.kind
        if kind is COLUMN_KIND or kind is CELL_KIND:
            size = len(state.columns) if kind is COLUMN_KIND else len(state.cells)
            if not 0 <= pile.index < size:
                raise IllegalMove(past_the_last(pile, size) if size else missing_pile_reason(self.variant.name, kind))

    def _exists(self, state: State, pile: Pile) -> None:
        """Refuse a pile this game does not have: a kind it lacks, or a column or cell past the last."""
        kind = pile.kind
        if kind is STOCK_KIND and self.stock is None or kind is WASTE_KIND and not self._has_waste:
            raise IllegalMove(missing_pile_reason(self.variant.name, kind))
        self._in_range(state, pile)

    def _lifted(self, state: State, src: Pile, count: int) -> Column:
        """The cards a move would pick up from `src`, after checking that it may."""
        kind = src.kind
        if kind is COLUMN_KIND:
            return self.columns.lifted(state, src, count)
        if kind is CELL_KIND:
            held = state.cells[src.index]
            if held is None:
                raise IllegalMove(refusal(Why.PILE_EMPTY, N_("cell {number} is empty"), number=src.index + 1, pile=src))
            if count > 1:
                template = N_("a cell holds one card, so {count} cannot move from it")
                raise IllegalMove(refusal(Why.CELL_HOLDS_ONE, template, count=count))
            return (held,)
        if kind is WASTE_KIND:
            if not state.waste:
                raise IllegalMove(refusal(Why.PILE_EMPTY, N_("the waste is empty")))
            if count > 1:
                raise IllegalMove(refusal(Why.TOP_CARD_ONLY, N_("only the top card of the waste can be played")))
            return state.waste[-1:]
        if kind is FOUNDATION_KIND:
            return self.home.lifted(state, src, count)
        assert self.stock is not None
        raise IllegalMove(self.stock.lift_refusal)

    def lift_reason(self, state: State, src: Pile, count: int) -> Refusal | None:
        try:
            if count < 1:
                raise IllegalMove(refusal(Why.AT_LEAST_ONE, N_("a move takes at least one card, not {count}"), count=count))
            self._exists(state, src)
            self._lifted(state, src, count)
        except IllegalMove as error:
            return error.refusal
        return None

    # -- doing -------------------------------------------------------------------------------------

    def perform(self, state: State, move: Move) -> State:
        src, dst = move.src, move.dst
        if src.kind is STOCK_KIND or dst.kind is STOCK_KIND:
            assert self.stock is not None
            state, touched = self.stock.perform(state, move)
            return self.home.after(state, touched) if self.home.completes_runs else state
        slot = self.home.target(state, self._top(state, move)) if dst.kind is FOUNDATION_KIND else 0
        state = transfer(state, move, foundation_slot=slot)
        if self._refills and src.kind is COLUMN_KIND:
            state = self.columns.refill(state)
        if not self.home.completes_runs:
            return state
        touched = [pile.index for pile in (src, dst) if pile.kind is COLUMN_KIND]
        return self.home.after(state, touched)

    @staticmethod
    def _top(state: State, move: Move) -> Card:
        """The card a move lays down first (the head of what it picks up)."""
        kind, n = move.src.kind, move.count
        if kind is COLUMN_KIND:
            return state.columns[move.src.index][-n]
        if kind is WASTE_KIND:
            return state.waste[-1]
        if kind is FOUNDATION_KIND:
            return state.foundations[move.src.index][-1]
        held = state.cells[move.src.index]
        assert held is not None
        return held

    def expand(self, state: State, move: Move) -> list[Move]:
        """A stock move's single cards (the waste turned back over is one move, even where runs move
        as single steps: Forty & Eight), a supermove's single-card steps; everything else moves as one."""
        self.check(state, move)
        if STOCK_KIND in (move.src.kind, move.dst.kind):
            assert self.stock is not None
            return self.stock.expand(move)
        return self.columns.steps(state, move)

    # -- auto-play and the end ---------------------------------------------------------------------

    def is_safe_home(self, state: State, card: Card) -> bool:
        """Whether sending `card` home can never cost the player a move they would want: once every
        card that could be laid on it is home (every copy, with two decks), nobody needs it. By suit
        that is always so (the card below it went home first); below `always_safe` nothing needs it."""
        if card.rank <= self.pieces.always_safe or self.columns.build is None:
            return True
        rank, suits = self.columns.build.holds(card)
        copies = self.variant.pack.copies
        return all(self.home.home_count(state, rank, suit) >= copies for suit in suits if suit in self.variant.pack.suits)

    def safe_autoplay(self, state: State) -> Move | None:
        if not self.has_autoplay:
            return None
        for pile, card in self.exposed(state):
            if self.home.slot(state, card) is not None and self.is_safe_home(state, card) and self.home.is_safe(state, card):
                return Move(pile, FOUNDATION)
        return None

    def auto_finish(self, state: State) -> list[Move] | None:
        """When the stock is spent and every card is face up, the moves home that win, lowest card
        first; None while any card must first be moved elsewhere. Sending a card home never blocks
        another, so if taking the lowest playable card each time does not win, no order of them does."""
        if not self.has_auto_finish or state.stock or any(state.hidden):
            return None
        moves: list[Move] = []
        while not self.is_won(state):
            playable = [(card.rank, Move(pile, FOUNDATION)) for pile, card in self.exposed(state)
                        if self.home.slot(state, card) is not None]
            if not playable:
                return None
            move = min(playable, key=lambda entry: entry[0])[1]
            moves.append(move)
            state = self.perform(state, move)
        return moves

    def is_lost(self, state: State) -> bool:
        return self.lost_reason(state) is not None

    def lost_reason(self, state: State) -> Refusal | None:
        """Lost when no move is left; where the stock's own move is always there (a waste turned back
        over as often as a player likes), when nothing else can move on any pass through it."""
        if self.is_won(state):
            return None
        if self.stock is not None and self.stock.always_moves:
            return self.stock.lost_reason(state, self.legal_moves, self.perform)
        if next(iter(self.legal_moves(state)), None) is not None:
            return None
        return self.home.lost_reason(state) or refusal(Why.LOST, N_("no legal move is left"))
