"""Forty Thieves: two decks, ten columns built down by suit, eight foundations, one pass through the stock.

The eight foundations are not tied to suits: any Ace starts an empty one (the first empty pile, so
the model decides and no move has to name a slot), and a card goes to the pile whose top card is
the card one rank below it of its suit; with two decks that may be either of two piles, which are
then alike. `Move(STOCK, WASTE)` turns one card; nothing turns the waste back over.

A run of one suit moves as one move when it could be moved one card at a time through the empty
columns: 2^(empty columns) cards, the destination not counted (`capacity`), and `expand` gives
those single-card steps, which the window animates.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from .cards import ACE, Card
from .deals import seeded_order
from .families.forty_thieves import params_of
from .i18n import N_, _
from .moves import FOUNDATION, STOCK, WASTE, Move, Pile, PileKind, column
from .refusal import Nn_, Phrase, Refusal, Why, phrase, refusal
from .rules import (
    IllegalMove,
    TableauRules,
    cant_go_on,
    missing_pile_reason,
    past_the_last,
    transfer,
)
from .state import BoardError, Column, State
from .variant import Variant

SALT = "forty-thieves"
_NEEDS_FIRST = N_("the foundation needs {card} first")


def home_slot(foundations: tuple[Column, ...], card: Card) -> int | None:
    """The foundation `card` goes to: the first empty one for an Ace, else the first whose top card is
    one rank below it in its suit; None when no foundation takes it."""
    if card.rank == ACE:
        return next((i for i, pile in enumerate(foundations) if not pile), None)
    for i, pile in enumerate(foundations):
        if pile and pile[-1].suit == card.suit and pile[-1].rank == card.rank - 1:
            return i
    return None


def home_count(foundations: tuple[Column, ...], card: Card) -> int:
    """How many foundations already hold the card of `card`'s rank and suit (0, 1 or 2 with two decks)."""
    return sum(1 for pile in foundations if pile and pile[-1].suit == card.suit and len(pile) >= card.rank)


def home_reason(foundations: tuple[Column, ...], card: Card) -> Refusal | None:
    """Why no foundation takes `card`, or None when one does."""
    if home_slot(foundations, card) is not None:
        return None
    if card.rank == ACE:
        why = refusal(Why.FOUNDATION_NEEDS, N_("every foundation is started already"))
    elif not any(pile and pile[-1].suit == card.suit for pile in foundations):
        why = refusal(Why.FOUNDATION_NEEDS, _NEEDS_FIRST, card=Card.of(ACE, card.suit))
    else:
        why = refusal(Why.FOUNDATION_NEEDS, N_("no foundation has {card} on top"), card=Card.of(card.rank - 1, card.suit))
    return refusal(Why.CANT_GO_HOME, N_("{card} can't go home: {reason}"), card=card, reason=why)


class FortyThievesRules(TableauRules):
    """Forty Thieves as its parameters declare it: columns and rows dealt, built down by suit."""

    has_auto_finish = True

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        self.params = params_of(variant)

    # -- dealing and text --------------------------------------------------------------------------

    def deal(self, number: int) -> State:
        """Row by row, left to right, face up; the rest is the stock, the shuffle's last card on top."""
        p = self.params
        cards = seeded_order(number, SALT, self.variant.pack)
        dealt = p.columns * p.rows
        columns = tuple(tuple(cards[i:dealt:p.columns]) for i in range(p.columns))
        foundations = ((),) * self.variant.pack.foundations
        return State(columns, (), foundations, (0,) * p.columns, tuple(cards[dealt:]), ())

    def to_text(self, state: State) -> str:
        return state.to_text(stock_pile=True, suit_foundations=False)

    def from_text(self, text: str) -> State:
        v = self.variant
        state = State.from_text(
            text, cells=0, columns=v.columns, stock_pile=True, pack=v.pack, foundations=v.pack.foundations,
            suit_foundations=False,
        )
        if any(state.hidden):
            raise BoardError(_("every card in {game} lies face up: remove the brackets").format(game=v.name))
        return state

    # -- queries -----------------------------------------------------------------------------------

    def run_length(self, pile: Column) -> int:
        """How many cards on top of a column are one suit in descending order, so could move as one run."""
        length = min(len(pile), 1)
        while length < len(pile) and self.build(pile[-length], pile[-length - 1]) is None:
            length += 1
        return length

    def capacity(self, state: State, dst: Pile) -> int:
        """2^(empty columns), the destination not counted: the longest run that moves one card at a time."""
        return 2 ** self._spare_columns(state, dst)

    @staticmethod
    def _spare_columns(state: State, dst: Pile) -> int:
        into = dst.index if dst.kind is PileKind.COLUMN else -1
        return sum(1 for i, pile in enumerate(state.columns) if not pile and i != into)

    def stock_move(self, state: State) -> Move | None:
        return Move(STOCK, WASTE) if state.stock else None

    def exposed(self, state: State) -> Iterator[tuple[Pile, Card]]:
        """The waste's top card, then each column's top card."""
        if state.waste:
            yield WASTE, state.waste[-1]
        for i, pile in enumerate(state.columns):
            if pile:
                yield column(i), pile[-1]

    # -- legal moves -------------------------------------------------------------------------------

    def legal_moves(self, state: State) -> Iterator[Move]:
        """Foundation moves, then runs between columns, then the waste's card, then the stock; one
        empty column stands for all, and a whole column never moves into an empty one (nothing changes).

        A run that only moves from a card onto that card's twin (the other copy) comes last: it
        changes no sequence, and a guess choosing among moves that look equally good (the hint's,
        when no solution is known) should turn the stock rather than carry a run to and fro."""
        for source, card in self.exposed(state):
            if home_slot(state.foundations, card) is not None:
                yield Move(source, FOUNDATION)
        empty = next((i for i, pile in enumerate(state.columns) if not pile), None)
        onto_card = self.capacity(state, FOUNDATION)
        into_empty = onto_card if empty is None else self.capacity(state, column(empty))
        sideways: list[Move] = []
        for i, pile in enumerate(state.columns):
            if not pile:
                continue
            run = self.run_length(pile)
            for j, target in enumerate(state.columns):
                if j == i:
                    continue
                if target:
                    count = target[-1].rank - pile[-1].rank  # from the card one below the target up to the top
                    if 1 <= count <= min(run, onto_card) and self.build(pile[-count], target[-1]) is None:
                        if count < len(pile) and _twins(pile[-count - 1], target[-1]):
                            sideways.append(Move(column(i), column(j), count))
                        else:
                            yield Move(column(i), column(j), count)
                elif j == empty:
                    for count in range(1, min(run, into_empty, len(pile) - 1) + 1):
                        yield Move(column(i), column(j), count)
        if state.waste:
            card = state.waste[-1]
            for j, target in enumerate(state.columns):
                if target and self.build(card, target[-1]) is None or not target and j == empty:
                    yield Move(WASTE, column(j))
        if state.stock:
            yield Move(STOCK, WASTE)
        yield from sideways

    # -- checking ----------------------------------------------------------------------------------

    def check(self, state: State, move: Move) -> None:
        src, dst = move.src, move.dst
        for pile in (src, dst):
            self._check_exists(state, pile)
        if move.count < 1:
            raise IllegalMove(refusal(Why.AT_LEAST_ONE, N_("a move takes at least one card, not {count}"), count=move.count))
        if src.kind is PileKind.STOCK or dst.kind in (PileKind.STOCK, PileKind.WASTE):
            self._check_stock_turn(state, move)
            return
        if src == dst:
            raise IllegalMove(refusal(Why.ALREADY_THERE, N_("the cards are already there")))
        cards = self._lifted(state, src, move.count)
        if dst.kind is PileKind.FOUNDATION:
            if move.count > 1:
                raise IllegalMove(refusal(Why.ONE_AT_A_TIME, N_("cards go to the foundation one at a time")))
            reason = home_reason(state.foundations, cards[0])
            if reason:
                raise IllegalMove(reason)
            return
        target = state.columns[dst.index]
        if target:
            reason = self.build(cards[0], target[-1])
            if reason:
                raise IllegalMove(cant_go_on(cards[0], target[-1], reason))
        limit = self.capacity(state, dst)
        if move.count > limit:
            raise _run_too_long(limit, self._spare_columns(state, dst), bool(target))

    def _check_exists(self, state: State, pile: Pile) -> None:
        if pile.kind is PileKind.CELL:
            raise IllegalMove(missing_pile_reason(self.variant.name, PileKind.CELL))
        if pile.kind is PileKind.COLUMN and not 0 <= pile.index < len(state.columns):
            raise IllegalMove(past_the_last(pile, len(state.columns)))

    def lift_reason(self, state: State, src: Pile, count: int) -> Refusal | None:
        if src.kind is PileKind.STOCK:
            return refusal(Why.STOCK, N_("the stock's cards are face down: turn them onto the waste first"))
        try:
            self._check_exists(state, src)
            self._lifted(state, src, count)
        except IllegalMove as error:
            return error.refusal
        return None

    def _lifted(self, state: State, src: Pile, count: int) -> Column:
        """The cards a move would pick up from a column or the waste, after checking that it may."""
        if src.kind is PileKind.FOUNDATION:
            raise IllegalMove(refusal(Why.STAYS_HOME, N_("cards on the foundation stay there")))
        if src.kind is PileKind.WASTE:
            return self.waste_top(state, count)
        return self.column_run(state, src, count)

    def _check_stock_turn(self, state: State, move: Move) -> None:
        if move.dst.kind is PileKind.STOCK:
            no_redeal = N_("nothing goes back to the stock: {game} has no redeal")
            raise IllegalMove(refusal(Why.STOCK, no_redeal, game=self.variant.name))
        if move.src.kind is not PileKind.STOCK:
            raise IllegalMove(refusal(Why.STOCK, N_("only cards turned from the stock go to the waste")))
        if move.dst.kind is not PileKind.WASTE:
            raise IllegalMove(refusal(Why.STOCK, N_("the stock's cards are face down: turn them onto the waste first")))
        if not state.stock:
            raise IllegalMove(refusal(Why.STOCK, N_("the stock is empty")))
        if move.count != 1:
            template = Nn_(
                "turning the stock moves {n} card here, not {wrong} (the move is {move})",
                "turning the stock moves {n} cards here, not {wrong} (the move is {move})",
            )
            raise IllegalMove(refusal(Why.STOCK, template, "n", n=1, wrong=move.count, move=Move(STOCK, WASTE).notation))

    # -- doing -------------------------------------------------------------------------------------

    def perform(self, state: State, move: Move) -> State:
        if move.src.kind is PileKind.STOCK:
            return replace(state, stock=state.stock[:-1], waste=state.waste + state.stock[-1:])
        slot = 0
        if move.dst.kind is PileKind.FOUNDATION:
            card = state.waste[-1] if move.src.kind is PileKind.WASTE else state.columns[move.src.index][-1]
            found = home_slot(state.foundations, card)
            assert found is not None  # `check` made sure a foundation takes it
            slot = found
        return transfer(state, move, foundation_slot=slot)

    def expand(self, state: State, move: Move) -> list[Move]:
        """A run's single-card steps through the empty columns, as a player would make them."""
        self.check(state, move)
        if move.count == 1:
            return [move]
        spare = [i for i, pile in enumerate(state.columns) if not pile and column(i) != move.dst]
        return list(_steps(move.src, move.dst, move.count, spare))

    # -- auto-play and the end -----------------------------------------------------------------------

    def safe_autoplay(self, state: State) -> Move | None:
        for pile, card in self.exposed(state):
            if home_slot(state.foundations, card) is not None and self.is_safe_home(state, card):
                return Move(pile, FOUNDATION)
        return None

    def is_safe_home(self, state: State, card: Card) -> bool:
        """Whether sending `card` home can never cost the player a move they would want.

        By suit, only the cards one rank below `card` in its suit ever go on it. Once every copy of
        them is home (both, with two decks), nothing ever will, so it is needed only out of the way.
        An Ace holds nothing, and a Two holds only Aces, which can always go home themselves (there
        are as many foundations as Aces)."""
        if card.rank <= ACE + 1:
            return True
        below = Card.of(card.rank - 1, card.suit)
        return home_count(state.foundations, below) == self.variant.pack.copies

    def auto_finish(self, state: State) -> list[Move] | None:
        """When the stock and the waste are empty, the foundation moves that win, if foundation moves alone do.

        Sending a card home never blocks another card's way home, so playing whatever can go home
        until nothing can finds a win whenever one exists by foundation moves alone."""
        if state.stock or state.waste:
            return None
        moves: list[Move] = []
        while not self.is_won(state):
            homeward = (Move(p, FOUNDATION) for p, c in self.exposed(state) if home_slot(state.foundations, c) is not None)
            move = next(homeward, None)
            if move is None:
                return None
            moves.append(move)
            state = self.perform(state, move)
        return moves


def _twins(card: Card, other: Card) -> bool:
    """Two copies of one card (or the same card)."""
    return card.rank == other.rank and card.suit == other.suit


def _steps(src: Pile, dst: Pile, count: int, spare: list[int]) -> Iterator[Move]:
    """Move `count` cards one at a time: half the run to a spare empty column, the rest, then the half back."""
    if count == 1:
        yield Move(src, dst)
        return
    parking, rest = spare[0], spare[1:]
    half = min(2 ** len(rest), count - 1)
    yield from _steps(src, column(parking), half, rest)
    yield from _steps(src, dst, count - half, rest)
    yield from _steps(column(parking), dst, half, rest)


def _empty_columns(count: int, onto_card: bool) -> Phrase:
    if onto_card:
        if count == 0:
            # TRANSLATORS: quoted in "only {n} cards can move with {cells} and {columns}"
            return phrase(N_("no empty columns"))
        # TRANSLATORS: quoted in "only {n} cards can move with {cells} and {columns}"
        return phrase(Nn_("{n} empty column", "{n} empty columns"), "n", n=count)
    if count == 0:
        # TRANSLATORS: quoted in "only {n} cards can move into an empty column with {cells} and {columns}"
        return phrase(N_("no other empty columns"))
    # TRANSLATORS: quoted in "only {n} cards can move into an empty column with {cells} and {columns}"
    return phrase(Nn_("{n} other empty column", "{n} other empty columns"), "n", n=count)


def _run_too_long(limit: int, spare: int, onto_card: bool) -> IllegalMove:
    """"only 2 cards can move with 1 empty column": a run longer than the empty columns can carry."""
    columns = _empty_columns(spare, onto_card)
    if onto_card:
        # TRANSLATORS: {columns} is "no empty columns", "1 empty column"... (a game without free cells)
        template = Nn_("only {n} card can move with {columns}", "only {n} cards can move with {columns}")
    else:
        # TRANSLATORS: {columns} is "no other empty columns", "1 other empty column"... (a game without free cells)
        template = Nn_(
            "only {n} card can move into an empty column with {columns}",
            "only {n} cards can move into an empty column with {columns}",
        )
    return IllegalMove(refusal(Why.RUN_TOO_LONG, template, "n", n=limit, columns=columns))
