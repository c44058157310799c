"""The columns of a game: how they build, what may be picked up from them, what fills a gap, how far
a run may move.

One declaration (`Columns`) answers for every game whose cards are laid out in columns: FreeCell's
runs sized by free cells and empty columns, Klondike's runs that move whole, Yukon's "any face-up
card with whatever is on it", Spider's runs of one suit built on any suit, Baker's Dozen's one card
at a time. The refusals are the ones a player reads, made once here.
"""
from __future__ import annotations

from collections.abc import Iterator
from enum import Enum

from ..cards import KING, Card
from ..i18n import N_, Nn_
from ..moves import COLUMN_KIND, FOUNDATION, MOST_CARDS, Move, Pile, cell, column
from ..refusal import Phrase, Refusal, Why, phrase, refusal
from ..rules import IllegalMove, cant_go_on, empty_pile, free_cells_phrase, not_a_run, too_few_cards
from ..state import Column, State
from ..value import Value
from .builds import Build, Reason, Suits


class Lift(Enum):
    """What may be picked up from a column together."""

    TOP = "top"  # its top card only
    RUN = "run"  # a run its cards' `run` rule holds together
    FACE_UP = "face-up"  # any face-up card, with whatever lies on it


class Fill(Enum):
    """What may go into an empty column."""

    ANY = "any"
    KINGS = "kings"
    NONE = "none"  # a gap stays a gap


# The members under plain names, for the checks made for every move (`moves.COLUMN_KIND` says why).
LIFT_TOP, LIFT_RUN, LIFT_FACE_UP = Lift.TOP, Lift.RUN, Lift.FACE_UP
FILL_ANY, FILL_KINGS, FILL_NONE = Fill.ANY, Fill.KINGS, Fill.NONE


ONE_AT_A_TIME = refusal(Why.ONE_AT_A_TIME, N_("only one card moves at a time in this game"))
RUN_OF_ONE_SUIT = N_("only a run of one suit moves together: {card} on {onto} breaks it")


class Columns(Value):
    """How a game's columns play. `build` says which card goes on which (None: no card goes on
    another, as in Golf, whose gaps stay empty, and Aces Up, whose gaps take any one card); `run`
    what holds the cards of a run together when that is another rule (Spider builds on any suit, but
    only a run of one suit moves); with `supermove`, a run moves only as far as free cells and empty
    columns would carry it one card at a time, and is played as those single steps."""

    __slots__ = __match_args__ = ("build", "lift", "run", "fill", "supermove")

    def __init__(
        self,
        build: Build | None,
        lift: Lift = Lift.RUN,
        run: Build | None = None,
        fill: Fill = Fill.ANY,
        supermove: bool = False,
    ) -> None:
        self.build = build
        self.lift = lift
        self.run = run
        self.fill = fill
        self.supermove = supermove

    @property
    def refills(self) -> bool:
        """Whether a column a move empties is filled at once, as part of that move (`refill`)."""
        return False

    def refill(self, state: State) -> State:
        """The position once the columns a move emptied are filled, where these columns do that."""
        return state

    def sends_to(self, state: State, index: int) -> int | None:
        """The column a double click sends column `index`'s top card to, or None where a card played on
        its own goes only home (every game but those whose columns are places cards go to)."""
        return None

    @property
    def holds_run(self) -> Build:
        """The rule the cards of a run that moves together follow."""
        held = self.run or self.build
        assert held is not None, "a game whose columns take no card lifts one card at a time"
        return held

    # -- what lies on top ----------------------------------------------------------------------

    def run_length(self, pile: Column, hidden: int, holds: Reason) -> int:
        """How many face-up cards on top of a column may be picked up together (0 when none);
        `holds` is `holds_run.reason`, which the caller looks up once for all its columns."""
        face_up = len(pile) - hidden
        if face_up <= 0:
            return 0
        if self.lift is not LIFT_RUN:
            return face_up if self.lift is LIFT_FACE_UP else 1
        length = 1
        upper = pile[-1]
        while length < face_up:
            lower = pile[-length - 1]
            if holds(upper, lower) is not None:
                break
            upper = lower
            length += 1
        return length

    def fills(self, card: Card) -> bool:
        """Whether `card` (with whatever is on it) may go into an empty column."""
        return self.fill is FILL_ANY or self.fill is FILL_KINGS and card.rank == KING

    # -- picking up ------------------------------------------------------------------------------

    def lifted(self, state: State, src: Pile, count: int) -> Column:
        """The top `count` cards of column `src` as a move picks them up, or the refusal why not
        (the caller has checked that the column exists)."""
        pile, hidden = state.columns[src.index], state.hidden[src.index]
        if not pile:
            raise IllegalMove(empty_pile(src))
        if count > len(pile):
            raise IllegalMove(too_few_cards(src, len(pile)))
        if count > len(pile) - hidden:
            raise IllegalMove(refusal(Why.FACE_DOWN, N_("{card} is face down"), card=pile[-count]))
        if count > 1 and self.lift is LIFT_TOP:
            raise IllegalMove(ONE_AT_A_TIME)
        cards = pile[-count:]
        if self.lift is LIFT_RUN:
            holds = self.holds_run
            for upper, lower in zip(cards[1:], cards):
                reason = holds.reason(upper, lower)
                if reason is None:
                    continue
                if self.run is not None and holds.suits is Suits.SAME:
                    raise IllegalMove(refusal(Why.NOT_A_RUN, RUN_OF_ONE_SUIT, card=upper, onto=lower))
                raise IllegalMove(not_a_run(count, upper, lower, reason))
        return cards

    # -- laying down -------------------------------------------------------------------------------

    def check_target(self, state: State, move: Move, head: Card) -> None:
        """Refuse `move` unless column `move.dst` takes the cards headed by `head`, and a run that
        long may move there."""
        target = state.columns[move.dst.index]
        if self.build is None and (target or self.fill is FILL_NONE):
            if self.fill is FILL_NONE:
                raise IllegalMove(refusal(Why.CANT_GO_ON, N_("in this game cards only go to the foundation")))
            template = N_("no card goes on another in this game: {card} may go only to the foundation or an empty column")
            raise IllegalMove(refusal(Why.CANT_GO_ON, template, card=head))
        if target and self.build is not None:
            reason = self.build.reason(head, target[-1])
            if reason is not None:
                raise IllegalMove(cant_go_on(head, target[-1], reason))
        elif self.fill is FILL_KINGS and head.rank != KING:
            raise IllegalMove(refusal(Why.EMPTY_COLUMN, N_("only a King can fill an empty column, not {card}"), card=head))
        elif self.fill is FILL_NONE:
            raise IllegalMove(refusal(Why.EMPTY_COLUMN, N_("an empty column stays empty in this game")))
        if self.supermove and move.count > 1:
            limit = self.capacity(state, move.dst)
            if move.count > limit:
                raise IllegalMove(self._too_long(state, move.dst, limit, bool(target)))

    # -- how far a run may move ------------------------------------------------------------------

    def spare_columns(self, state: State, dst: Pile) -> int:
        """The empty columns a run could park in on its way to `dst` (not `dst` itself); none when only
        a King may fill one, since a King cannot hold part of a run."""
        if self.fill is not FILL_ANY:
            return 0
        into = dst.index if dst.kind is COLUMN_KIND else -1  # not `column(i) != dst`: no Pile per column
        return sum(1 for i, pile in enumerate(state.columns) if not pile and i != into)

    def capacity(self, state: State, dst: Pile) -> int:
        """The longest run that may move to `dst`: (free cells + 1) x 2^(empty columns), the destination
        not counted; any length without `supermove`."""
        if not self.supermove:
            return MOST_CARDS
        return (state.free_cells + 1) << self.spare_columns(state, dst)

    def _too_long(self, state: State, dst: Pile, limit: int, onto_card: bool) -> Refusal:
        cells = free_cells_phrase(state.free_cells)
        if self.fill is not FILL_ANY:  # "and no empty columns" would be false when some are empty
            template = Nn_(
                "only {n} card can move with {cells}: an empty column takes only a King, so it cannot hold part of a run",
                "only {n} cards can move with {cells}: an empty column takes only a King, so it cannot hold part of a run",
            )
            return refusal(Why.RUN_TOO_LONG, template, "n", n=limit, cells=cells)
        columns = _empty_columns_phrase(self.spare_columns(state, dst), onto_card)
        if not state.cells:
            if onto_card:
                # TRANSLATORS: {columns} is "no empty columns", "1 empty column"... (a game without free cells)
                template = Nn_("only {n} card can move with {columns}", "only {n} cards can move with {columns}")
            else:
                # TRANSLATORS: {columns} is "no other empty columns", "1 other empty column"... (a game without free cells)
                template = Nn_(
                    "only {n} card can move into an empty column with {columns}",
                    "only {n} cards can move into an empty column with {columns}",
                )
            return refusal(Why.RUN_TOO_LONG, template, "n", n=limit, columns=columns)
        if onto_card:
            # TRANSLATORS: {cells} is "no free cells", "1 free cell"...; {columns} is "no empty columns", "1 empty column"...
            template = Nn_(
                "only {n} card can move with {cells} and {columns}", "only {n} cards can move with {cells} and {columns}"
            )
        else:
            # the column they go to cannot also hold cards on the way, so only the others count
            # TRANSLATORS: {cells} is "no free cells", "1 free cell"...;
            # {columns} is "no other empty columns", "1 other empty column"...
            template = Nn_(
                "only {n} card can move into an empty column with {cells} and {columns}",
                "only {n} cards can move into an empty column with {cells} and {columns}",
            )
        return refusal(Why.RUN_TOO_LONG, template, "n", n=limit, cells=cells, columns=columns)

    def steps(self, state: State, move: Move) -> list[Move]:
        """A run's single-card steps through the free cells and the other empty columns, as a player
        would make them (a legal supermove; one step when the run moves whole)."""
        if not self.supermove or move.count == 1:
            return [move]
        free = [i for i, held in enumerate(state.cells) if held is None]
        spare = [i for i, pile in enumerate(state.columns) if not pile and column(i) != move.dst] if self.fill is FILL_ANY else []
        return list(_steps(move.src, move.dst, move.count, free, spare))

    # -- every move between columns ------------------------------------------------------------

    def moves(self, state: State, distinct_gaps: bool) -> Iterator[Move]:
        """Every legal move of cards from a column onto another column or into a free cell, the
        moves that only carry a run from a card onto its twin (the same card of the other deck) last:
        they change no sequence, so a guess among equally good moves should try them last.

        Empty columns are alike, so the first stands for all, and a whole column never moves into an
        empty one (nothing would change), unless `distinct_gaps` (a stock that deals onto the columns
        in turn tells them apart)."""
        columns, hidden = state.columns, state.hidden
        gaps = [j for j, pile in enumerate(columns) if not pile]
        if not distinct_gaps:
            gaps = gaps[:1]
        free_cell = state.cells.index(None) if None in state.cells else None
        onto_card = into_gap = MOST_CARDS
        if self.supermove:
            onto_card = self.capacity(state, FOUNDATION)
            into_gap = self.capacity(state, column(gaps[0])) if gaps else onto_card
        build = self.build
        assert build is not None  # the rules ask only for a game whose columns take cards
        fits, fills, any_fills = build.reason, self.fills, self.fill is FILL_ANY
        # where runs and builds step alike, the ranks say how many cards move; else, building down by
        # one, only a card one rank below a column's top card may head what moves there, so each
        # source's cards are found by rank once rather than tried on every column
        holds = self.holds_run
        reckons = self.lift is LIFT_RUN and build.step == holds.step
        plain = reckons and build.step == -1 and not build.wrap
        ranked = not reckons and build.step == -1 and not build.wrap
        twins: list[Move] = []
        for i, pile in enumerate(columns):
            length = self.run_length(pile, hidden[i], holds.reason)
            if not length:
                continue
            src, top = column(i), pile[-1]
            if free_cell is not None:
                yield Move(src, cell(free_cell))
            limit = length if length < onto_card else onto_card
            if ranked:
                heads: dict[int, list[int]] = {}  # by rank, how many cards move when that card heads them
                for count in range(1, limit + 1):
                    heads.setdefault(pile[-count].rank, []).append(count)
            for j, target in enumerate(columns):
                if j == i or not target:
                    continue
                onto = target[-1]
                if reckons:
                    count = onto.rank - top.rank if plain else build.distance(top, onto)
                    if not 1 <= count <= limit or fits(pile[-count], onto) is not None:
                        continue
                    move = Move(src, column(j), count)
                    if count < len(pile) and _twins(pile[-count - 1], onto):
                        twins.append(move)
                    else:
                        yield move
                    continue
                for count in heads.get(onto.rank - 1, ()) if ranked else range(1, limit + 1):
                    if fits(pile[-count], onto) is None:
                        move = Move(src, column(j), count)
                        if count < len(pile) and _twins(pile[-count - 1], onto):
                            twins.append(move)
                        else:
                            yield move
            for j in gaps:
                for count in range(1, min(length, into_gap) + 1):
                    if (count < len(pile) or distinct_gaps) and (any_fills or fills(pile[-count])):
                        yield Move(src, column(j), count)
        yield from twins

    def into_gaps(self, state: State, distinct_gaps: bool) -> Iterator[Move]:
        """Where no card goes on another but a gap takes one (Aces Up): each column's top card into an
        empty column; the first stands for all, and a lone card stays put, unless `distinct_gaps`."""
        gaps = [j for j, pile in enumerate(state.columns) if not pile]
        for i, pile in enumerate(state.columns):
            if len(pile) <= state.hidden[i] or not self.fills(pile[-1]):
                continue
            if distinct_gaps:
                yield from (Move(column(i), column(j)) for j in gaps)
            elif gaps and len(pile) > 1:
                yield Move(column(i), column(gaps[0]))

    def onto_columns(self, state: State, card: Card, src: Pile) -> Iterator[Move]:
        """The moves of one card (from a cell, the waste or a foundation) onto a column; the first
        empty column stands for all."""
        gap_seen, build = False, self.build
        assert build is not None  # the rules ask only for a game whose columns take cards
        for j, target in enumerate(state.columns):
            if target:
                if build.reason(card, target[-1]) is None:
                    yield Move(src, column(j))
            elif not gap_seen:
                gap_seen = True
                if self.fills(card):
                    yield Move(src, column(j))


def _twins(card: Card, other: Card) -> bool:
    """Two copies of one card (or the same card)."""
    return card.rank == other.rank and card.suit == other.suit


def _empty_columns_phrase(count: int, onto_card: bool) -> Phrase:
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


def _steps(src: Pile, dst: Pile, count: int, free: list[int], spare: list[int]) -> Iterator[Move]:
    """Move `count` cards: park all but one in cells, or half the run in an empty column, recursively."""
    if count <= len(free) + 1:
        parked = free[: count - 1]
        for c in parked:
            yield Move(src, cell(c))
        yield Move(src, dst)
        for c in reversed(parked):
            yield Move(cell(c), dst)
        return
    parking, rest = spare[0], spare[1:]
    half = min((len(free) + 1) * 2 ** len(rest), count - 1)
    yield from _steps(src, column(parking), half, free, rest)
    yield from _steps(src, dst, count - half, free, rest)
    yield from _steps(column(parking), dst, half, free, rest)
