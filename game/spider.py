"""Spider: two decks in ten columns, built down regardless of suit, cleared by runs of one suit.

Moves, each a faithful record of what happened:

- `Move(column(i), column(j), n)` moves the top n cards, a descending run of one suit, onto a card
  one rank above its head (any suit) or into an empty column.
- `Move(STOCK, column(0), n)` deals the stock, n = min(10, cards left): its top card onto the first
  column, the next onto the second, and so on. `expand` gives the single deals `Move(STOCK, column(k))`,
  which is how the view animates it, and performing them one by one reaches the same position.
- `Move(column(i), FOUNDATION, 13)` sends a whole run King to Ace home; `perform` does it by itself
  for every run a move or a deal completes, as part of that move, so one undo takes back both. (A
  board text may show a finished run still in a column: this move is there for it.)

A completed run lies on the first empty foundation Ace first, so its King is on top. A column's top
card turns face up whenever it is uncovered.
"""
from __future__ import annotations

from collections.abc import Iterator

from .cards import ACE, KING, Card
from .deals import seeded_order
from .families.spider import DEAL, params_of
from .i18n import N_, _
from .moves import FOUNDATION, STOCK, Move, Pile, PileKind, column
from .refusal import Nn_, Refusal, Why, refusal
from .rules import (
    BY_ONE_RANK,
    IllegalMove,
    Rules,
    cant_go_on,
    empty_pile,
    missing_pile_reason,
    past_the_last,
    too_few_cards,
)
from .state import BoardError, Column, State
from .variant import Variant

SALT = "spider"  # every Spider game shares it: deal 5 lies the same in one, two and four suits (by rank)
RUN = KING - ACE + 1  # cards in a completed run
FIRST_ROWS = (6, 6, 6, 6, 5, 5, 5, 5, 5, 5)  # cards dealt to each column at the start


def follows(card: Card, onto: Card) -> bool:
    """Whether `card` lies on `onto` as part of a run that moves together: one rank lower, same suit."""
    return card.rank == onto.rank - 1 and card.suit is onto.suit


def run_length(pile: Column, hidden: int) -> int:
    """How many face-up cards on top of a column form a descending run of one suit (they move together)."""
    length = 1 if len(pile) > hidden else 0
    while length < len(pile) - hidden and follows(pile[-length], pile[-length - 1]):
        length += 1
    return length


def completed_run(pile: Column, hidden: int) -> bool:
    """Whether the column's top 13 cards are a face-up run of one suit from King down to Ace."""
    return run_length(pile, hidden) >= RUN and pile[-1].rank == ACE


class SpiderRules(Rules):
    """Spider of one, two or four suits; `relaxed` lets the stock deal while a column is empty."""

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        self.relaxed = params_of(variant).relaxed

    # -- dealing and text --------------------------------------------------------------------------

    def deal(self, number: int) -> State:
        """Row by row, left to right, as a player deals: 54 cards, the rest (50) stays in the stock."""
        cards = seeded_order(number, SALT, self.variant.pack)
        piles: list[list[Card]] = [[] for _unused in FIRST_ROWS]
        at = 0
        for row in range(max(FIRST_ROWS)):
            for index, size in enumerate(FIRST_ROWS):
                if row < size:
                    piles[index].append(cards[at])
                    at += 1
        stock = tuple(cards[at:])  # its last card is the top, dealt first
        hidden = tuple(size - 1 for size in FIRST_ROWS)
        foundations = ((),) * self.variant.pack.foundations
        return State(tuple(map(tuple, piles)), (), foundations, hidden, stock, ())

    def to_text(self, state: State) -> str:
        """Board text with the stock (Spider has no waste, so no Waste line)."""
        lines = state.to_text(stock_pile=True, suit_foundations=False).splitlines()
        return "\n".join(line for line in lines if not line.startswith("Waste:")) + "\n"

    def from_text(self, text: str) -> State:
        v = self.variant
        state = State.from_text(
            text, cells=0, columns=v.columns, stock_pile=True, pack=v.pack, foundations=v.pack.foundations,
            suit_foundations=False,
        )
        if state.waste:
            raise BoardError(_("Spider has no waste: the stock deals onto the columns"))
        for index, (pile, down) in enumerate(zip(state.columns, state.hidden)):
            if pile and down == len(pile):
                face_down = _("column {number}: its top card {card} must be face up")
                raise BoardError(face_down.format(number=index + 1, card=pile[-1].code))
        for pile in state.foundations:
            if pile and len(pile) != RUN:
                raise BoardError(_("a Spider foundation holds a whole run from King to Ace, or nothing"))
        return state

    # -- queries -----------------------------------------------------------------------------------

    def stock_move(self, state: State) -> Move | None:
        """The deal a click on the stock means (`check` says when it may not be made yet)."""
        return Move(STOCK, column(0), min(DEAL, len(state.stock))) if state.stock else None

    def may_deal(self, state: State) -> bool:
        return bool(state.stock) and (self.relaxed or all(state.columns))

    def legal_moves(self, state: State) -> Iterator[Move]:
        """Runs home, then every run onto a card one rank above its head or into an empty column, then the deal.

        Without a stock the columns are interchangeable, so the first empty one stands for all, and a
        whole column never moves into an empty one (the same position). With a stock they are not:
        the deal lays a card on each column in turn, so each empty column counts."""
        columns, hidden = state.columns, state.hidden
        for i, pile in enumerate(columns):
            if pile and completed_run(pile, hidden[i]):
                yield Move(column(i), FOUNDATION, RUN)
        empties = [j for j, pile in enumerate(columns) if not pile]
        if not state.stock:
            empties = empties[:1]
        for i, pile in enumerate(columns):
            length = run_length(pile, hidden[i])
            for j, target in enumerate(columns):
                if j == i or not target:
                    continue
                count = target[-1].rank - pile[-1].rank if pile else 0
                if 1 <= count <= length:
                    yield Move(column(i), column(j), count)
            for j in empties:
                for count in range(1, length + 1):
                    if count < len(pile) or state.stock:
                        yield Move(column(i), column(j), count)
        if self.may_deal(state):
            yield Move(STOCK, column(0), min(DEAL, len(state.stock)))

    # -- legality ----------------------------------------------------------------------------------

    def check(self, state: State, move: Move) -> None:
        src, dst = move.src, move.dst
        if move.count < 1:
            raise IllegalMove(refusal(Why.AT_LEAST_ONE, N_("a move takes at least one card")))
        for end in (src, dst):
            if end.kind in (PileKind.CELL, PileKind.WASTE):
                raise IllegalMove(missing_pile_reason(self.variant.name, end.kind))
        if src.kind is PileKind.STOCK:
            self._check_deal(state, move)
            return
        if src.kind is PileKind.FOUNDATION:
            raise IllegalMove(refusal(Why.STAYS_HOME, N_("a completed run stays on its foundation")))
        if dst.kind is PileKind.STOCK:
            raise IllegalMove(refusal(Why.STOCK, N_("no card goes back to the stock")))
        reason = self.lift_reason(state, src, move.count)
        if reason:
            raise IllegalMove(reason)
        pile = state.columns[src.index]
        if dst.kind is PileKind.FOUNDATION:
            if not completed_run(pile, state.hidden[src.index]) or move.count != RUN:
                raise IllegalMove(refusal(Why.CANT_GO_HOME, N_("only a whole run of one suit from King to Ace goes home")))
            return
        if not 0 <= dst.index < len(state.columns):
            raise IllegalMove(past_the_last(dst, len(state.columns)))
        if dst == src:
            raise IllegalMove(refusal(Why.ALREADY_THERE, N_("the cards are already there")))
        target = state.columns[dst.index]
        head = pile[-move.count]
        if target and head.rank != target[-1].rank - 1:
            raise IllegalMove(cant_go_on(head, target[-1], BY_ONE_RANK))

    def _check_deal(self, state: State, move: Move) -> None:
        if not state.stock:
            raise IllegalMove(refusal(Why.STOCK, N_("the stock is empty")))
        expected = self.stock_move(state)
        assert expected is not None
        if move != expected:
            template = N_("the stock deals one card onto each column at once: the move is {move}")
            raise IllegalMove(refusal(Why.STOCK, template, move=expected.notation))
        empty = next((i for i, pile in enumerate(state.columns) if not pile), None)
        if empty is not None and not self.relaxed:
            template = N_("the stock deals only when no column is empty: fill {pile} first")
            raise IllegalMove(refusal(Why.STOCK, template, pile=column(empty)))

    def lift_reason(self, state: State, src: Pile, count: int) -> Refusal | None:
        """A descending run of one suit, all face up, may be picked up; nothing else."""
        if src.kind is PileKind.STOCK:
            return refusal(Why.STOCK, N_("the stock's cards are face down: click it to deal a card onto each column"))
        if src.kind is PileKind.FOUNDATION:
            return refusal(Why.STAYS_HOME, N_("a completed run stays on its foundation"))
        if src.kind is not PileKind.COLUMN:
            return missing_pile_reason(self.variant.name, src.kind)
        if not 0 <= src.index < len(state.columns):
            return past_the_last(src, len(state.columns))
        pile, hidden = state.columns[src.index], state.hidden[src.index]
        if not pile:
            return empty_pile(src)
        if count > len(pile):
            return too_few_cards(src, len(pile))
        if count > len(pile) - hidden:
            return refusal(Why.FACE_DOWN, N_("{card} is face down"), card=pile[-count])
        length = run_length(pile, hidden)
        if count > length:
            upper, lower = pile[-length], pile[-length - 1]
            template = N_("only a run of one suit moves together: {card} on {onto} breaks it")
            return refusal(Why.NOT_A_RUN, template, card=upper, onto=lower)
        return None

    # -- doing -------------------------------------------------------------------------------------

    def perform(self, state: State, move: Move) -> State:
        """Carry out a legal move, then send home the runs it completed and turn up uncovered cards."""
        columns, hidden = list(state.columns), list(state.hidden)
        foundations, stock = list(state.foundations), state.stock
        touched: list[int] = []
        if move.src.kind is PileKind.STOCK:
            for k in range(move.count):
                index = move.dst.index + k
                columns[index] = columns[index] + (stock[-1 - k],)
                touched.append(index)
            stock = stock[:-move.count]
        else:
            i, n = move.src.index, move.count
            moving, columns[i] = columns[i][-n:], columns[i][:-n]
            touched.append(i)
            if move.dst.kind is PileKind.COLUMN:
                columns[move.dst.index] = columns[move.dst.index] + moving
                touched.append(move.dst.index)
            else:
                _send_home(foundations, moving)
        for index in touched:
            pile = columns[index]
            if pile and completed_run(pile, hidden[index]):
                _send_home(foundations, pile[-RUN:])
                pile = columns[index] = pile[:-RUN]
            hidden[index] = min(hidden[index], max(len(pile) - 1, 0))
        return State(tuple(columns), state.cells, tuple(foundations), tuple(hidden), stock, state.waste)

    def expand(self, state: State, move: Move) -> list[Move]:
        """A deal is its single cards, one onto each column; a run moves as one."""
        self.check(state, move)
        if move.src.kind is PileKind.STOCK:
            return [Move(STOCK, column(move.dst.index + k)) for k in range(move.count)]
        return [move]

    # -- the end -----------------------------------------------------------------------------------

    def lost_reason(self, state: State) -> Refusal | None:
        if not self.is_lost(state):
            return None
        left = sum(len(pile) for pile in state.columns)
        template = Nn_("no move is left: {n} card stays in the columns", "no move is left: {n} cards stay in the columns")
        return refusal(Why.LOST, template, "n", n=left)


def _send_home(foundations: list[Column], run: Column) -> None:
    """Lay a completed run (King deepest in the column, Ace on top) on the first empty foundation, Ace first."""
    slot = foundations.index(())
    foundations[slot] = run[::-1]
