"""The FreeCell family: FreeCell, Baker's Game, Eight Off, Seahaven Towers and custom shapes."""
from __future__ import annotations

from collections.abc import Iterator

from .cards import Card
from .deals import microsoft_order
from .families.freecell import params_of
from .i18n import N_
from .moves import FOUNDATION, Move, Pile, PileKind, cell, column
from .refusal import Nn_, Phrase, Refusal, Why, phrase, refusal
from .rules import (
    IllegalMove,
    TableauRules,
    cant_go_on,
    foundation_reason,
    free_cells_phrase,
    goes_home,
    missing_pile_reason,
    past_the_last,
    transfer,
)
from .state import Column, State
from .variant import Variant


class FreeCellRules(TableauRules):
    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        self.params = params_of(variant)

    # -- dealing -------------------------------------------------------------------------------

    def deal(self, number: int) -> State:
        """Microsoft's order, one card to each column left to right; the last cards fill cells."""
        p = self.params
        cards = microsoft_order(number)
        to_columns = cards[: len(cards) - p.dealt_to_cells]
        columns = tuple(tuple(to_columns[i:: p.columns]) for i in range(p.columns))
        dealt = cards[len(to_columns):]
        cells = tuple(dealt) + (None,) * (p.cells - len(dealt))
        return State(columns, cells, ((),) * 4, (0,) * p.columns)

    # -- queries ---------------------------------------------------------------------------------

    def run_length(self, pile: Column) -> int:
        """How many cards on top of a column follow the build rule, so could move as one run."""
        if not pile:
            return 0
        length = 1
        while length < len(pile) and self.build(pile[-length], pile[-length - 1]) is None:
            length += 1
        return length

    def capacity(self, state: State, dst: Pile) -> int:
        """(free cells + 1) × 2^(empty columns); an empty destination does not count."""
        return (state.free_cells + 1) * 2 ** self._usable_empty_columns(state, dst)

    def _usable_empty_columns(self, state: State, dst: Pile) -> int:
        if not self.any_card_fills:
            return 0  # an intermediate empty column could only hold a King, so it cannot park a run
        into = dst.index if dst.kind is PileKind.COLUMN else -1  # `column(i) != dst`, without making a Pile per column
        return sum(1 for i, pile in enumerate(state.columns) if not pile and i != into)

    # -- legality ----------------------------------------------------------------------------------

    def legal_moves(self, state: State) -> Iterator[Move]:
        first_free = next((i for i, c in enumerate(state.cells) if c is None), None)
        first_empty = next((i for i, pile in enumerate(state.columns) if not pile), None)
        # capacity depends only on whether the destination is empty: work both out once, not per pair
        onto_card = self.capacity(state, FOUNDATION)
        into_empty = onto_card if first_empty is None else self.capacity(state, column(first_empty))
        for i, pile in enumerate(state.columns):
            if not pile:
                continue
            src = column(i)
            top = pile[-1]
            if goes_home(top, state):
                yield Move(src, FOUNDATION)
            if first_free is not None:
                yield Move(src, cell(first_free))
            run = self.run_length(pile)
            for j, target in enumerate(state.columns):
                if j == i:
                    continue
                limit = min(run, onto_card if target else into_empty)
                if target:
                    need = target[-1].rank - 1  # the run's base card must be one below the target
                    count = need - pile[-1].rank + 1  # ranks rise by one per card down the run
                    if 1 <= count <= limit and self.build(pile[-count], target[-1]) is None:
                        yield Move(src, column(j), count)
                elif j == first_empty:
                    # a whole column moved into an empty one changes nothing, so it is left out
                    for count in range(1, limit + 1):
                        if count < len(pile) and self.fills_empty(pile[-count]):
                            yield Move(src, column(j), count)
        for c, card in enumerate(state.cells):
            if card is None:
                continue
            src = cell(c)
            if goes_home(card, state):
                yield Move(src, FOUNDATION)
            for j, target in enumerate(state.columns):
                if target and self.build(card, target[-1]) is None or not target and j == first_empty and self.fills_empty(card):
                    yield Move(src, column(j))

    def lift_reason(self, state: State, src: Pile, count: int) -> Refusal | None:
        try:
            self._moving_cards(state, Move(src, FOUNDATION, count))
        except IllegalMove as error:
            return error.refusal
        return None

    def check(self, state: State, move: Move) -> None:
        src, dst = move.src, move.dst
        self._check_exists(state, src)
        self._check_exists(state, dst)  # a pile that does not exist is the first thing to say
        if dst.kind is src.kind and dst.index == src.index:  # dst == src, without the dataclass's two tuples
            raise IllegalMove(refusal(Why.ALREADY_THERE, N_("the cards are already there")))
        cards = self._moving_cards(state, move, src_checked=True)
        if dst.kind is PileKind.CELL:
            if move.count > 1:
                raise IllegalMove(refusal(Why.CELL_HOLDS_ONE, N_("a cell holds one card, not {count}"), count=move.count))
            if state.cells[dst.index] is not None:
                raise IllegalMove(refusal(Why.CELL_OCCUPIED, N_("cell {number} is occupied"), number=dst.index + 1, pile=dst))
        elif dst.kind is PileKind.FOUNDATION:
            if move.count > 1:
                raise IllegalMove(refusal(Why.ONE_AT_A_TIME, N_("cards go to the foundation one at a time")))
            reason = foundation_reason(cards[0], state.foundation_rank(cards[0].suit))
            if reason:
                raise IllegalMove(refusal(Why.CANT_GO_HOME, N_("{card} can't go home: {reason}"), card=cards[0], reason=reason))
        elif dst.kind is PileKind.COLUMN:
            self._check_column_destination(state, move, cards)
        else:
            raise IllegalMove(missing_pile_reason(self.variant.name, dst.kind))

    def _check_exists(self, state: State, pile: Pile) -> None:
        kind = pile.kind
        if kind is PileKind.CELL:
            size = len(state.cells)
        elif kind is PileKind.COLUMN:
            size = len(state.columns)
        else:
            return
        if not 0 <= pile.index < size:
            self._check_index(pile, size)

    def _check_index(self, pile: Pile, size: int) -> None:
        if not 0 <= pile.index < size:
            if size == 0:
                raise IllegalMove(missing_pile_reason(self.variant.name, pile.kind))
            raise IllegalMove(past_the_last(pile, size))

    def _moving_cards(self, state: State, move: Move, src_checked: bool = False) -> Column:
        """The cards a move would lift, after checking that they may be lifted together (and that
        the source exists, unless the caller has: `check` has, just before)."""
        src, count = move.src, move.count
        if count < 1:  # pile[-0:] would be the whole pile
            raise IllegalMove(refusal(Why.AT_LEAST_ONE, N_("a move takes at least one card, not {count}"), count=count))
        if not src_checked:
            self._check_exists(state, src)
        if src.kind is PileKind.CELL:
            card = state.cells[src.index]
            if card is None:
                raise IllegalMove(refusal(Why.PILE_EMPTY, N_("cell {number} is empty"), number=src.index + 1, pile=src))
            if count > 1:
                template = N_("a cell holds one card, so {count} cannot move from it")
                raise IllegalMove(refusal(Why.CELL_HOLDS_ONE, template, count=count))
            return (card,)
        if src.kind is PileKind.FOUNDATION:
            raise IllegalMove(refusal(Why.STAYS_HOME, N_("cards on the foundation stay there")))
        if src.kind is not PileKind.COLUMN:
            raise IllegalMove(missing_pile_reason(self.variant.name, src.kind))
        return self.column_run(state, src, count)

    def _check_column_destination(self, state: State, move: Move, cards: Column) -> None:
        target = state.columns[move.dst.index]
        head = cards[0]
        if target:
            reason = self.build(head, target[-1])
            if reason:
                raise IllegalMove(cant_go_on(head, target[-1], reason))
        elif not self.fills_empty(head):
            raise IllegalMove(refusal(Why.EMPTY_COLUMN, N_("only a King can fill an empty column, not {card}"), card=head))
        limit = self.capacity(state, move.dst)
        if move.count > limit:
            cells = free_cells_phrase(state.free_cells)
            if not self.any_card_fills:  # "and no empty columns" would be false when some are empty
                raise IllegalMove(
                    refusal(
                        Why.RUN_TOO_LONG,
                        Nn_(
                            "only {n} card can move with {cells}: an empty column takes only a King, "
                            "so it cannot hold part of a run",
                            "only {n} cards can move with {cells}: an empty column takes only a King, "
                            "so it cannot hold part of a run",
                        ),
                        "n", n=limit, cells=cells,
                    )
                )
            empties = self._usable_empty_columns(state, move.dst)
            if target:
                raise IllegalMove(
                    refusal(
                        Why.RUN_TOO_LONG,
                        # TRANSLATORS: {cells} is "no free cells", "1 free cell"...;
                        # {columns} is "no empty columns", "1 empty column"...
                        Nn_(
                            "only {n} card can move with {cells} and {columns}",
                            "only {n} cards can move with {cells} and {columns}",
                        ),
                        "n", n=limit, cells=cells, columns=_empty_columns_phrase(empties),
                    )
                )
            # the column they go to cannot also hold cards on the way, so only the others count
            raise IllegalMove(
                refusal(
                    Why.RUN_TOO_LONG,
                    # TRANSLATORS: {cells} is "no free cells", "1 free cell"...;
                    # {columns} is "no other empty columns", "1 other empty column"...
                    Nn_(
                        "only {n} card can move into an empty column with {cells} and {columns}",
                        "only {n} cards can move into an empty column with {cells} and {columns}",
                    ),
                    "n", n=limit, cells=cells, columns=_other_empty_columns_phrase(empties),
                )
            )

    # -- doing -------------------------------------------------------------------------------------

    def perform(self, state: State, move: Move) -> State:
        if move.src.kind is PileKind.CELL:
            card = state.cells[move.src.index]
        else:
            card = state.columns[move.src.index][-1]
        assert card is not None
        return transfer(state, move, foundation_slot=card.suit)

    def expand(self, state: State, move: Move) -> list[Move]:
        """Single-card steps through free cells and empty columns, as a player would make them."""
        self.check(state, move)
        if move.count == 1:
            return [move]
        free = [i for i, c in enumerate(state.cells) if c is None]
        empties = []
        if self.any_card_fills:
            empties = [i for i, p in enumerate(state.columns) if not p and column(i) != move.dst]
        return list(_steps(move.src, move.dst, move.count, free, empties))

    # -- auto-play -------------------------------------------------------------------------------

    def exposed(self, state: State) -> Iterator[tuple[Pile, Card]]:
        """The cells' cards, then the columns' top cards."""
        for i, card in enumerate(state.cells):
            if card is not None:
                yield cell(i), card
        for i, pile in enumerate(state.columns):
            if pile:
                yield column(i), pile[-1]


def _empty_columns_phrase(count: int) -> Phrase:
    if count == 0:
        # TRANSLATORS: quoted in "only {n} cards can move with {cells} and {columns}"
        return phrase(N_("no empty columns"))
    # TRANSLATORS: quoted in "only {n} cards can move with {cells} and {columns}"
    return phrase(Nn_("{n} empty column", "{n} empty columns"), "n", n=count)


def _other_empty_columns_phrase(count: int) -> Phrase:
    if count == 0:
        # TRANSLATORS: quoted in "only {n} cards can move into an empty column with {cells} and {columns}"
        return phrase(N_("no other empty columns"))
    # TRANSLATORS: quoted in "only {n} cards can move into an empty column with {cells} and {columns}"
    return phrase(Nn_("{n} other empty column", "{n} other empty columns"), "n", n=count)


def _steps(src: Pile, dst: Pile, count: int, free: list[int], empties: list[int]) -> Iterator[Move]:
    """Move `count` cards: park all but one in cells, or half the run in an empty column, recursively."""
    if count <= len(free) + 1:
        parked = free[: count - 1]
        for c in parked:
            yield Move(src, cell(c))
        yield Move(src, dst)
        for c in reversed(parked):
            yield Move(cell(c), dst)
        return
    spare, rest = empties[0], empties[1:]
    half = min((len(free) + 1) * 2 ** len(rest), count - 1)
    yield from _steps(src, column(spare), half, free, rest)
    yield from _steps(src, dst, count - half, free, rest)
    yield from _steps(column(spare), dst, half, free, rest)
