"""Yukon and Russian Solitaire: Klondike's piles with the stock dealt face up onto them, and any
face-up card free to move with whatever lies on it.

A move is `Move(column(i), column(j), count)`: the card `count` from the top of column i, and every
card on it, onto column j, where only that card (the moved group's head) must fit; the cards on it
need not be in sequence. Cards go home one at a time from the top of a column and never come back.
"""
from __future__ import annotations

from collections.abc import Iterator

from .cards import ACE, Card, Suit
from .deals import seeded_order
from .families.yukon import PILES, SPREAD
from .i18n import N_, _
from .moves import FOUNDATION, Move, Pile, PileKind, column
from .refusal import Refusal, Why, refusal
from .rules import (
    IllegalMove,
    TableauRules,
    cant_go_on,
    empty_pile,
    foundation_reason,
    goes_home,
    missing_pile_reason,
    past_the_last,
    too_few_cards,
    transfer,
)
from .state import BoardError, State
from .variant import SAME_SUIT

SALT = "yukon"  # Yukon and Russian share it: deal 5 is the same layout in both


class YukonRules(TableauRules):
    """Yukon with its columns building as the game declares: alternating colours, or by suit (Russian)."""

    has_auto_finish = True

    # -- dealing and text --------------------------------------------------------------------------

    def deal(self, number: int) -> State:
        """Klondike's deal row by row (the top card of each pile face up), then four face-up cards on
        each pile but the first, pile by pile."""
        cards = iter(seeded_order(number, SALT))
        piles: list[list[Card]] = [[] for _unused in range(PILES)]
        for row in range(PILES):
            for pile in range(row, PILES):
                piles[pile].append(next(cards))
        for spread in piles[1:]:
            spread.extend(next(cards) for _unused in range(SPREAD))
        return State(tuple(map(tuple, piles)), (), ((),) * 4, tuple(range(PILES)))

    def from_text(self, text: str) -> State:
        state = State.from_text(text, cells=0, columns=PILES)
        for index, (pile, down) in enumerate(zip(state.columns, state.hidden)):
            if pile and down == len(pile):
                face_down = _("column {number}: its top card {card} must be face up")
                raise BoardError(face_down.format(number=index + 1, card=pile[-1].code))
        return state

    # -- legality ----------------------------------------------------------------------------------

    def exposed(self, state: State) -> Iterator[tuple[Pile, Card]]:
        """Each column's top card, the only cards that can go home."""
        for i, pile in enumerate(state.columns):
            if len(pile) > state.hidden[i]:
                yield column(i), pile[-1]

    def legal_moves(self, state: State) -> Iterator[Move]:
        """Foundation moves first, then every face-up card onto every column it fits; one empty column
        stands for all, and a King that already heads a column is never moved to an empty one."""
        columns = state.columns
        empty = next((j for j, pile in enumerate(columns) if not pile), None)
        for source, card in self.exposed(state):
            if goes_home(card, state):
                yield Move(source, FOUNDATION)
        for i, pile in enumerate(columns):
            size = len(pile)
            for depth in range(state.hidden[i], size):
                head = pile[depth]
                for j, target in enumerate(columns):
                    if j == i:
                        continue
                    if target:
                        if self.build(head, target[-1]) is None:
                            yield Move(column(i), column(j), size - depth)
                    elif j == empty and depth > 0 and self.fills_empty(head):
                        yield Move(column(i), column(j), size - depth)

    def check(self, state: State, move: Move) -> None:
        src, dst = move.src, move.dst
        if move.count < 1:
            raise IllegalMove(refusal(Why.AT_LEAST_ONE, N_("a move takes at least one card")))
        for named in (src, dst):
            if named.kind not in (PileKind.COLUMN, PileKind.FOUNDATION):
                raise IllegalMove(missing_pile_reason(self.variant.name, named.kind))
        if src.kind is PileKind.FOUNDATION:
            raise IllegalMove(refusal(Why.STAYS_HOME, N_("in this game a card on a foundation stays there")))
        reason = self.lift_reason(state, src, move.count)
        if reason is not None:
            raise IllegalMove(reason)
        pile = state.columns[src.index]
        head = pile[-move.count]
        if dst.kind is PileKind.FOUNDATION:
            if move.count > 1:
                raise IllegalMove(refusal(Why.ONE_AT_A_TIME, N_("cards go to the foundation one at a time")))
            why = foundation_reason(head, state.foundation_rank(head.suit))
            if why is not None:
                raise IllegalMove(refusal(Why.CANT_GO_HOME, N_("{card} can't go home: {reason}"), card=head, reason=why))
            return
        self._check_column(state, dst)
        if dst == src:
            raise IllegalMove(refusal(Why.ALREADY_THERE, N_("the cards are already there")))
        target = state.columns[dst.index]
        if not target:
            if not self.fills_empty(head):
                raise IllegalMove(refusal(Why.EMPTY_COLUMN, N_("only a King can fill an empty pile, not {card}"), card=head))
            return
        why = self.build(head, target[-1])
        if why is not None:
            raise IllegalMove(cant_go_on(head, target[-1], why))

    def lift_reason(self, state: State, src: Pile, count: int) -> Refusal | None:
        """Any face-up card lifts with the cards on it; nothing else lifts at all."""
        if src.kind is not PileKind.COLUMN:
            if src.kind is PileKind.FOUNDATION:
                return refusal(Why.STAYS_HOME, N_("in this game a card on a foundation stays there"))
            return missing_pile_reason(self.variant.name, src.kind)
        try:
            self._check_column(state, src)
        except IllegalMove as error:
            return error.refusal
        pile = state.columns[src.index]
        if not pile:
            return empty_pile(src)
        if count > len(pile):
            return too_few_cards(src, len(pile))
        if count > len(pile) - state.hidden[src.index]:
            return refusal(Why.FACE_DOWN, N_("{card} is face down"), card=pile[-count])
        return None

    @staticmethod
    def _check_column(state: State, pile: Pile) -> None:
        if not 0 <= pile.index < len(state.columns):
            raise IllegalMove(past_the_last(pile, len(state.columns)))

    def is_safe_home(self, state: State, card: Card) -> bool:
        """Klondike's rule without its Two: here a Two may still be wanted after its Aces could go home.

        In Yukon an Ace may head a group of cards, which it carries onto a Two of the other colour to
        uncover what lies under it; only an Ace on top of its column could go straight home instead.
        So a card is needed by nobody only once both cards that could go on it are home: the two of
        the other colour one rank below (by suit, the one below of its suit, home before it can go).
        """
        if self.tableau.build == SAME_SUIT or card.rank == ACE:
            return True
        opposite = [s for s in Suit if s.is_red != card.is_red]
        return all(state.foundation_rank(s) >= card.rank - 1 for s in opposite)

    # -- doing -------------------------------------------------------------------------------------

    def perform(self, state: State, move: Move) -> State:
        card = state.columns[move.src.index][-move.count]
        return transfer(state, move, foundation_slot=card.suit)

    # -- the end -----------------------------------------------------------------------------------

    def auto_finish(self, state: State) -> list[Move] | None:
        """When every card is face up and each can go home in turn from the tops of the columns, the
        foundation moves that win, lowest first; None while any card must first be moved elsewhere.

        Sending a card home never blocks another, so if taking the lowest playable card each time does
        not get every card home, no order of foundation moves does."""
        if any(state.hidden):
            return None
        moves: list[Move] = []
        while not self.is_won(state):
            playable = [(card.rank, Move(pile, FOUNDATION)) for pile, card in self.exposed(state) if goes_home(card, state)]
            if not playable:
                return None
            move = min(playable, key=lambda entry: entry[0])[1]
            moves.append(move)
            state = self.perform(state, move)
        return moves

