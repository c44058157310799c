"""Klondike: seven piles over face-down cards, a stock turned one or three cards at a time, unlimited passes.

Stock moves carry the number of cards that really move, so every `Move` is a faithful record of what
happened and `perform` needs no hidden knowledge:

- `Move(STOCK, WASTE, n)` with n = min(draw, cards in the stock). The cards are turned one at a time,
  so the stock's top card ends deepest: a stock `... a b c` (c on top) adds `c b a` to the waste.
  `expand` gives the n single turns, which is how the view animates it.
- `Move(WASTE, STOCK, n)` with n = every card in the waste, only when the stock is empty. The waste is
  turned over as one pile, so the next pass meets the cards in the same order as the last.

`stock_move(state)` builds whichever of the two a click on the stock means.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from .cards import Card, Suit
from .deals import seeded_order
from .families.klondike import PILES, params_of
from .i18n import N_, _
from .moves import FOUNDATION, STOCK, WASTE, Move, Pile, PileKind, column
from .refusal import Nn_, Refusal, Why, refusal
from .rules import (
    IllegalMove,
    TableauRules,
    cant_go_on,
    foundation_reason,
    goes_home,
    missing_pile_reason,
    past_the_last,
    transfer,
)
from .state import BoardError, Column, State
from .variant import Variant

SALT = "klondike"  # draw 1 and draw 3 share it: deal 5 is the same layout in both


class KlondikeRules(TableauRules):
    """Klondike with `draw` cards turned at a time and no limit on passes through the stock; its columns
    build as the game declares (alternating colours, Kings into empty piles, unless declared otherwise)."""

    has_auto_finish = True

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        self.params = params_of(variant)

    # -- dealing and text --------------------------------------------------------------------------

    def deal(self, number: int) -> State:
        """Deal row by row as a player does: each row starts one pile further right, face up there."""
        cards = iter(seeded_order(number, SALT))
        piles: list[list[Card]] = [[] for _unused in range(PILES)]
        for row in range(PILES):
            for pile in range(row, PILES):
                piles[pile].append(next(cards))
        stock = tuple(cards)  # the last card of the shuffled deck is the stock's top
        return State(tuple(map(tuple, piles)), (), ((),) * 4, tuple(range(PILES)), stock, ())

    def to_text(self, state: State) -> str:
        return state.to_text(stock_pile=True)

    def from_text(self, text: str) -> State:
        state = State.from_text(text, cells=0, columns=PILES, stock_pile=True)
        for index, (pile, down) in enumerate(zip(state.columns, state.hidden)):
            if pile and down == len(pile):
                face_down = _("column {number}: its top card {card} must be face up")
                raise BoardError(face_down.format(number=index + 1, card=pile[-1].code))
        return state

    # -- queries -----------------------------------------------------------------------------------

    def stock_move(self, state: State) -> Move | None:
        if state.stock:
            return Move(STOCK, WASTE, min(self.params.draw, len(state.stock)))
        if state.waste:
            return Move(WASTE, STOCK, len(state.waste))
        return None

    def run_length(self, state: State, index: int) -> int:
        """How many face-up cards on top of a column are in sequence, so may move together."""
        face_up = state.face_up(index)
        length = min(len(face_up), 1)
        while length < len(face_up) and self.build(face_up[-length], face_up[-length - 1]) is None:
            length += 1
        return length

    # -- legality ----------------------------------------------------------------------------------

    def legal_moves(self, state: State) -> Iterator[Move]:
        """Foundation moves first, then builds, then the stock; one empty column stands for all."""
        empty = next((i for i, pile in enumerate(state.columns) if not pile), None)
        for source, card in self.exposed(state):
            if goes_home(card, state):
                yield Move(source, FOUNDATION)
        for i, pile in enumerate(state.columns):
            for count in range(1, self.run_length(state, i) + 1):
                head = pile[-count]
                for j in self._targets(state, head, i, empty):
                    if not state.columns[j] and count == len(pile):
                        continue  # a whole column moved to an empty one gains nothing
                    yield Move(column(i), column(j), count)
        if state.waste:
            for j in self._targets(state, state.waste[-1], None, empty):
                yield Move(WASTE, column(j))
        for suit in Suit if self.params.foundation_return else ():
            if state.foundations[suit]:
                for j in self._targets(state, state.foundations[suit][-1], None, empty):
                    yield Move(Pile(PileKind.FOUNDATION, suit), column(j))
        stock = self.stock_move(state)
        if stock is not None:
            yield stock

    def _targets(self, state: State, head: Card, source: int | None, empty: int | None) -> Iterator[int]:
        for j, target in enumerate(state.columns):
            if j == source:
                continue
            if target and self.build(head, target[-1]) is None or not target and j == empty and self.fills_empty(head):
                yield j

    def exposed(self, state: State) -> Iterator[tuple[Pile, Card]]:
        """Cards that could go home: the waste's top card, then each column's top card."""
        if state.waste:
            yield WASTE, state.waste[-1]
        for i, pile in enumerate(state.columns):
            if len(pile) > state.hidden[i]:
                yield column(i), pile[-1]

    def check(self, state: State, move: Move) -> None:
        src, dst = move.src, move.dst
        if move.count < 1:
            raise IllegalMove(refusal(Why.AT_LEAST_ONE, N_("a move takes at least one card")))
        for pile in (src, dst):
            if pile.kind is PileKind.CELL:
                raise IllegalMove(missing_pile_reason(self.variant.name, PileKind.CELL))
        if src.kind is PileKind.STOCK or dst.kind in (PileKind.STOCK, PileKind.WASTE):
            self._check_stock_turn(state, move)
            return
        cards = self._lifted(state, src, move.count)
        if dst.kind is PileKind.FOUNDATION:
            if src.kind is PileKind.FOUNDATION:
                raise IllegalMove(refusal(Why.STAYS_HOME, N_("a card on a foundation can only come back down to a column")))
            if move.count > 1:
                raise IllegalMove(refusal(Why.ONE_AT_A_TIME, N_("cards go to the foundation one at a time")))
            reason = foundation_reason(cards[0], state.foundation_rank(cards[0].suit))
            if reason:
                raise IllegalMove(refusal(Why.CANT_GO_HOME, N_("{card} can't go home: {reason}"), card=cards[0], reason=reason))
            return
        self._check_column(state, dst)
        if dst == src:
            raise IllegalMove(refusal(Why.ALREADY_THERE, N_("the cards are already there")))
        target = state.columns[dst.index]
        head = cards[0]
        if not target:
            if not self.fills_empty(head):
                raise IllegalMove(refusal(Why.EMPTY_COLUMN, N_("only a King can fill an empty pile, not {card}"), card=head))
            return
        reason = self.build(head, target[-1])
        if reason:
            raise IllegalMove(cant_go_on(head, target[-1], reason))

    def lift_reason(self, state: State, src: Pile, count: int) -> Refusal | None:
        if src.kind is PileKind.STOCK:
            return refusal(Why.STOCK, N_("the stock's cards are face down: turn them onto the waste first"))
        try:
            if src.kind is PileKind.CELL:
                raise IllegalMove(missing_pile_reason(self.variant.name, PileKind.CELL))
            self._lifted(state, src, count)
        except IllegalMove as error:
            return error.refusal
        return None

    def _check_column(self, state: State, pile: Pile) -> None:
        if not 0 <= pile.index < len(state.columns):
            size = len(state.columns)
            raise IllegalMove(past_the_last(pile, size))

    def _lifted(self, state: State, src: Pile, count: int) -> Column:
        """The cards a move would pick up from a column, the waste or a foundation, after checking that it may."""
        if src.kind is PileKind.WASTE:
            return self.waste_top(state, count)
        if src.kind is PileKind.FOUNDATION:
            if not 0 <= src.index < len(state.foundations):
                template = N_("there is no foundation {number}")
                raise IllegalMove(refusal(Why.NO_SUCH_PILE, template, number=src.index + 1, pile=src))
            pile = state.foundations[src.index]
            if not pile:
                # TRANSLATORS: {suit} is a suit symbol (♣ ♦ ♥ ♠)
                template = N_("the {suit} foundation is empty")
                raise IllegalMove(refusal(Why.FOUNDATION_EMPTY, template, suit=Suit(src.index).symbol))
            if not self.params.foundation_return:
                raise IllegalMove(refusal(Why.STAYS_HOME, N_("in this game a card on a foundation stays there")))
            if count > 1:
                raise IllegalMove(refusal(Why.ONE_AT_A_TIME, N_("cards come back from a foundation one at a time")))
            return pile[-1:]
        self._check_column(state, src)
        return self.column_run(state, src, count)

    def _check_stock_turn(self, state: State, move: Move) -> None:
        turning = move.src.kind is PileKind.STOCK and move.dst.kind is PileKind.WASTE
        recycling = move.src.kind is PileKind.WASTE and move.dst.kind is PileKind.STOCK
        if move.src.kind is PileKind.STOCK and not turning:
            raise IllegalMove(refusal(Why.STOCK, N_("the stock's cards are face down: turn them onto the waste first")))
        if move.dst.kind is PileKind.WASTE and not turning:
            raise IllegalMove(refusal(Why.STOCK, N_("only cards turned from the stock go to the waste")))
        if move.dst.kind is PileKind.STOCK and not recycling:
            raise IllegalMove(refusal(Why.STOCK, N_("only the waste can be turned back over into the stock")))
        if turning and not state.stock:
            if state.waste:
                raise IllegalMove(refusal(Why.STOCK, N_("the stock is empty: turn the waste back over first")))
            raise IllegalMove(refusal(Why.STOCK, N_("the stock is empty, and so is the waste")))
        if recycling and state.stock:
            template = Nn_(
                "the stock still has {n} card: turn the waste over when it is empty",
                "the stock still has {n} cards: turn the waste over when it is empty",
            )
            raise IllegalMove(refusal(Why.STOCK, template, "n", n=len(state.stock)))
        if recycling and not state.waste:
            raise IllegalMove(refusal(Why.STOCK, N_("the waste is empty, so there is nothing to turn over")))
        expected = self.stock_move(state)
        assert expected is not None
        if move.count != expected.count:
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
            raise IllegalMove(refusal(Why.STOCK, template, "n", n=expected.count, wrong=move.count, move=expected.notation))

    # -- doing -------------------------------------------------------------------------------------

    def perform(self, state: State, move: Move) -> State:
        n = move.count
        if move.src.kind is PileKind.STOCK:
            return replace(state, stock=state.stock[:-n], waste=state.waste + state.stock[-n:][::-1])
        if move.dst.kind is PileKind.STOCK:
            return replace(state, stock=state.stock + state.waste[-n:][::-1], waste=state.waste[:-n])
        if move.src.kind is PileKind.WASTE:
            card = state.waste[-1]
        elif move.src.kind is PileKind.FOUNDATION:
            card = state.foundations[move.src.index][-1]
        else:
            card = state.columns[move.src.index][-n]
        return transfer(state, move, foundation_slot=card.suit)

    def expand(self, state: State, move: Move) -> list[Move]:
        """A turn of the stock is its single-card turns; everything else (a run too) moves as one."""
        self.check(state, move)
        if move.src.kind is PileKind.STOCK:
            return [Move(STOCK, WASTE)] * move.count
        return [move]

    # -- auto-play and the end -----------------------------------------------------------------------

    def auto_finish(self, state: State) -> list[Move] | None:
        """When the stock is empty and every card is face up, the foundation moves that win, lowest first.

        Sending a card home never blocks another, so if taking any playable card (the lowest, for a
        tidy animation) does not get all 52 home, no order of foundation moves does.
        """
        if state.stock or any(state.hidden):
            return None
        moves: list[Move] = []
        while not self.is_won(state):
            playable = [
                (card.rank, Move(pile, FOUNDATION))
                for pile, card in self.exposed(state)
                if goes_home(card, state)
            ]
            if not playable:
                return None
            move = min(playable, key=lambda entry: entry[0])[1]
            moves.append(move)
            state = self.perform(state, move)
        return moves

    def is_lost(self, state: State) -> bool:
        return self.lost_reason(state) is not None

    def lost_reason(self, state: State) -> Refusal | None:
        """Lost when no card can move anywhere at any point of a whole pass through the stock.

        Turning the stock only changes which waste card is on top, so it is enough to look at every
        position one pass reaches. Any other legal move, even a pointless one, counts as a way on:
        the game never calls a position lost that is not.
        """
        if self.is_won(state):
            return None
        seen = set()
        position: State | None = state
        while position is not None and position not in seen:
            seen.add(position)
            stock = self.stock_move(position)
            if any(move != stock for move in self.legal_moves(position)):
                return None
            position = self.perform(position, stock) if stock is not None else None
        if not state.stock and not state.waste:
            return refusal(Why.LOST, N_("no card can move and the stock and waste are empty"))
        return refusal(Why.LOST, N_("no card can move, and no card in the stock or waste fits anywhere on any pass"))
