"""Golf: clear seven face-up columns onto one foundation, a rank up or down at a time.

The foundation is a single pile (`state.foundations[0]`) holding every card played, its top last. Two
moves exist: `Move(column(i), FOUNDATION)` plays a column's top card, and `Move(STOCK, FOUNDATION)`
deals the stock's top card onto the foundation whatever it is. Relaxed Golf (the default) lets Ace and
King touch; strict Golf does not, and nothing at all may be played on a King.
"""
from __future__ import annotations

from collections.abc import Iterator

from .cards import KING, Card
from .deals import seeded_order
from .families.golf import COLUMNS, params_of
from .i18n import N_, _
from .moves import FOUNDATION, STOCK, Move, Pile, PileKind, column
from .refusal import Nn_, Refusal, Why, refusal
from .rules import IllegalMove, Rules, adjacent_rank, empty_pile, missing_pile_reason, past_the_last, transfer
from .state import BoardError, State
from .variant import Variant

SALT = "golf"  # relaxed and strict share it: deal 5 is the same layout in both
ROWS = 5


class GolfRules(Rules):
    """Golf; `wrap` is True for relaxed Golf and False for strict."""

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        self.wrap = params_of(variant).wrap

    # -- dealing and text --------------------------------------------------------------------------

    def deal(self, number: int) -> State:
        """Five rows of seven dealt left to right, then one card to start the foundation; 16 stay in the stock."""
        cards = seeded_order(number, SALT)
        dealt = COLUMNS * ROWS
        columns = tuple(tuple(cards[i:dealt:COLUMNS]) for i in range(COLUMNS))
        foundation = (cards[dealt],)
        stock = tuple(cards[dealt + 1:])  # the last card of the shuffled deck is the stock's top
        return State(columns, (), (foundation,), (0,) * COLUMNS, stock, ())

    def to_text(self, state: State) -> str:
        """Board text with the one foundation pile and the stock; Golf has no waste, so no Waste line."""
        lines = state.to_text(stock_pile=True, single_foundation=True).splitlines()
        return "\n".join(line for line in lines if not line.startswith("Waste:")) + "\n"

    def from_text(self, text: str) -> State:
        state = State.from_text(text, cells=0, columns=COLUMNS, stock_pile=True, single_foundation=True)
        if state.waste:
            raise BoardError(_("Golf has no waste: deal stock cards onto the foundation instead"))
        if any(state.hidden):
            raise BoardError(_("every card in Golf's columns lies face up: remove the brackets"))
        return state

    # -- rules -------------------------------------------------------------------------------------

    def fits(self, card: Card, top: Card | None) -> bool:
        """Whether `card` may go on the foundation whose top card is `top` (legal move generation asks
        this of every column, so it makes no refusal; `fit_reason` says why not)."""
        if top is None:
            return True
        return (self.wrap or top.rank != KING) and adjacent_rank(card, top, self.wrap)

    def fit_reason(self, card: Card, top: Card | None) -> Refusal | None:
        """Why `card` may not go on the foundation whose top card is `top`, or None when it may."""
        if self.fits(card, top):
            return None
        assert top is not None
        if not self.wrap and top.rank == KING:
            return refusal(Why.NOT_NEXT, N_("nothing goes on a King in strict Golf ({card} is on the foundation)"), card=top)
        if not self.wrap and abs(card.rank - top.rank) == KING - 1:
            template = N_("{card} is not next to {top}: Ace and King don't touch in strict Golf")
            return refusal(Why.NOT_NEXT, template, card=card, top=top)
        return refusal(Why.NOT_NEXT, N_("{card} is not next to {top} on the foundation"), card=card, top=top)

    @staticmethod
    def top(state: State) -> Card | None:
        pile = state.foundations[0]
        return pile[-1] if pile else None

    def is_won(self, state: State) -> bool:
        return not any(state.columns)

    def stock_move(self, state: State) -> Move | None:
        return Move(STOCK, FOUNDATION) if state.stock else None

    def legal_moves(self, state: State) -> Iterator[Move]:
        top = self.top(state)
        for i, pile in enumerate(state.columns):
            if pile and self.fits(pile[-1], top):
                yield Move(column(i), FOUNDATION)
        if state.stock:
            yield Move(STOCK, FOUNDATION)

    def check(self, state: State, move: Move) -> None:
        src, dst = move.src, move.dst
        if src.kind is PileKind.FOUNDATION:
            raise IllegalMove(refusal(Why.STAYS_HOME, N_("cards on the foundation stay there")))
        if src.kind not in (PileKind.COLUMN, PileKind.STOCK):
            raise IllegalMove(missing_pile_reason(self.variant.name, src.kind))
        if dst.kind is not PileKind.FOUNDATION:
            raise IllegalMove(refusal(Why.CANT_GO_ON, N_("in Golf cards only go to the foundation")))
        if move.count != 1:
            raise IllegalMove(refusal(Why.ONE_AT_A_TIME, N_("cards go to the foundation one at a time")))
        if src.kind is PileKind.STOCK:
            if not state.stock:
                raise IllegalMove(refusal(Why.STOCK, N_("the stock is empty")))
            return
        if not 0 <= src.index < len(state.columns):
            size = len(state.columns)
            raise IllegalMove(past_the_last(src, size))
        pile = state.columns[src.index]
        if not pile:
            raise IllegalMove(empty_pile(src))
        reason = self.fit_reason(pile[-1], self.top(state))
        if reason:
            raise IllegalMove(reason)

    def lift_reason(self, state: State, src: Pile, count: int) -> Refusal | None:
        if src.kind is PileKind.STOCK:
            return refusal(Why.STOCK, N_("the stock's cards are face down: deal its top card onto the foundation"))
        if src.kind is not PileKind.COLUMN:
            return refusal(Why.STAYS_HOME, N_("cards on the foundation stay there"))
        if count > 1:
            return refusal(Why.TOP_CARD_ONLY, N_("only the top card of a column can be played"))
        if not 0 <= src.index < len(state.columns) or not state.columns[src.index]:
            return empty_pile(src)
        return None

    def perform(self, state: State, move: Move) -> State:
        return transfer(state, move, foundation_slot=0)

    # -- the end -----------------------------------------------------------------------------------

    def is_lost(self, state: State) -> bool:
        return self.lost_reason(state) is not None

    def lost_reason(self, state: State) -> Refusal | None:
        """Lost when the stock is empty and no column's top card fits on the foundation."""
        if self.is_won(state) or state.stock or next(self.legal_moves(state), None) is not None:
            return None
        left = sum(len(pile) for pile in state.columns)
        top = self.top(state)
        if top is not None and not self.wrap and top.rank == KING:
            template = Nn_(
                "the stock is empty and nothing goes on {top} in strict Golf: {n} card left in the columns",
                "the stock is empty and nothing goes on {top} in strict Golf: {n} cards left in the columns",
            )
        elif top is None:  # only a board text can leave the foundation empty
            template = Nn_(
                "the stock is empty and no column's top card fits: {n} card left in the columns",
                "the stock is empty and no column's top card fits: {n} cards left in the columns",
            )
        else:
            template = Nn_(
                "the stock is empty and no column's top card is next to {top}: {n} card left in the columns",
                "the stock is empty and no column's top card is next to {top}: {n} cards left in the columns",
            )
        return refusal(Why.LOST, template, "n", top=top, n=left)
