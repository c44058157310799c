"""The rules interface every game implements, and the predicates games share.

A predicate returns the reason a card may not go somewhere, or None when it may, so the same check
serves legality and the message a player reads. The families implement `Rules` (`variants.rules_for`
finds a variant's); `revealed` tells the view which face-down cards a move turned up.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator

from .cards import ACE, KING, Card, Suit
from .i18n import N_, _
from .moves import FOUNDATION, Move, Pile, PileKind
from .refusal import Nn_, Phrase, Refusal, Why, phrase, refusal
from .state import BoardError, Column, State
from .variant import ALTERNATE_COLOURS, ANY_CARD, SAME_SUIT, Tableau, Variant


class IllegalMove(ValueError):
    """A move the rules forbid. It carries the refusal as a value (`refusal`: the rule's code and the
    cards, piles and numbers it concerns), which each front end words its own way; `str()` gives
    the words with piles named as the model names them."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal)
        self.refusal = refusal

    def __str__(self) -> str:
        return self.refusal.words()


# The build rules' refusals name no card: made once, worded when said (legal move generation asks often).
BY_ONE_RANK = refusal(Why.BUILD, N_("columns build down by one rank"))
IN_ALTERNATING_COLOURS = refusal(Why.BUILD, N_("columns build down in alternating colours"))
BY_SUIT = refusal(Why.BUILD, N_("columns build down by suit"))


def builds_down_alternating(card: Card, onto: Card) -> Refusal | None:
    if card.rank != onto.rank - 1:
        return BY_ONE_RANK
    if card.is_red == onto.is_red:
        return IN_ALTERNATING_COLOURS
    return None


def builds_down_by_suit(card: Card, onto: Card) -> Refusal | None:
    if card.rank != onto.rank - 1:
        return BY_ONE_RANK
    if card.suit != onto.suit:
        return BY_SUIT
    return None


BUILD_RULES = {ALTERNATE_COLOURS: builds_down_alternating, SAME_SUIT: builds_down_by_suit}


def adjacent_rank(card: Card, onto: Card, wrap: bool) -> bool:
    """One rank apart either way; with `wrap`, Ace and King touch."""
    gap = abs(card.rank - onto.rank)
    return gap == 1 or (wrap and gap == KING - 1)


def goes_home(card: Card, state: State) -> bool:
    """Whether `card` is the next its suit's foundation takes (the question legal move generation
    asks; `foundation_reason` says why not)."""
    return card.rank == state.foundation_rank(card.suit) + 1


def foundation_reason(card: Card, top_rank: int) -> Refusal | None:
    """Suit foundations build up from the Ace."""
    if card.rank == top_rank + 1:
        return None
    needed = Card.of(top_rank + 1, card.suit)
    if top_rank == 0:
        return refusal(Why.FOUNDATION_NEEDS, N_("the foundation needs {card} first"), card=needed)
    return refusal(Why.FOUNDATION_NEEDS, N_("the foundation needs {card} next"), card=needed)


def empty_pile(pile: Pile) -> Refusal:
    """"column 3 is empty": nothing to pick up there."""
    return refusal(Why.PILE_EMPTY, N_("{pile} is empty"), pile=pile)


def too_few_cards(pile: Pile, size: int) -> Refusal:
    """"column 3 has only 2 cards": more cards asked of a column than it holds."""
    return refusal(Why.TOO_FEW_CARDS, Nn_("{pile} has only {n} card", "{pile} has only {n} cards"), "n", pile=pile, n=size)


def not_a_run(count: int, card: Card, onto: Card, reason: Refusal) -> Refusal:
    """The cards asked for do not follow the build rule, so they cannot move together."""
    return refusal(
        Why.NOT_A_RUN, N_("those {count} cards are not a run: {card} on {onto} breaks it ({reason})"),
        count=count, card=card, onto=onto, reason=reason,
    )


def cant_go_on(card: Card, onto: Card, reason: Refusal) -> Refusal:
    return refusal(Why.CANT_GO_ON, N_("{card} can't go on {onto}: {reason}"), card=card, onto=onto, reason=reason)


class Rules(ABC):
    """What a game allows. States are immutable: `apply` returns a new one and never mutates."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant

    @abstractmethod
    def deal(self, number: int) -> State: ...

    @abstractmethod
    def legal_moves(self, state: State) -> Iterator[Move]:
        """Every move a player can make; where piles are interchangeable (empty cells) one stands for all."""

    @abstractmethod
    def check(self, state: State, move: Move) -> None:
        """Raise IllegalMove with the reason when `move` is not allowed in `state`."""

    @abstractmethod
    def perform(self, state: State, move: Move) -> State:
        """Carry out a move already known to be legal."""

    def is_won(self, state: State) -> bool:
        """Every card is home: nothing is left in the columns, cells, stock or waste."""
        return (
            not any(state.columns) and all(card is None for card in state.cells) and not state.stock and not state.waste
        )

    def apply(self, state: State, move: Move) -> State:
        self.check(state, move)
        return self.perform(state, move)

    def expand(self, state: State, move: Move) -> list[Move]:
        """The single-card steps a move is made of; most moves are one step already."""
        self.check(state, move)
        return [move]

    def lift_reason(self, state: State, src: Pile, count: int) -> Refusal | None:
        """Why the top `count` cards of `src` cannot be picked up together, or None when they can.

        The view asks this when a drag starts, so a player never carries cards no move could take.
        """
        return None if count == 1 else refusal(Why.ONE_AT_A_TIME, N_("only one card moves at a time in this game"))

    has_autoplay = False  # whether `safe_autoplay` can ever name a move (front ends offer it then)
    has_auto_finish = False  # whether `auto_finish` can ever offer a sequence (front ends offer a key)

    def safe_autoplay(self, state: State) -> Move | None:
        """A move that can never hurt the player (sending a card home), or None."""
        return None

    def is_lost(self, state: State) -> bool:
        """No legal move is left and the game is not won."""
        return not self.is_won(state) and next(iter(self.legal_moves(state)), None) is None

    def lost_reason(self, state: State) -> Refusal | None:
        """Why the game is over without a win, in a player's words, or None while it is not lost."""
        return refusal(Why.LOST, N_("no legal move is left")) if self.is_lost(state) else None

    def stock_move(self, state: State) -> Move | None:
        """The move a click on the stock means (turn, recycle or deal), or None when it does nothing.

        Games without a stock return None; the view never has to know how many cards a turn takes.
        """
        return None

    def auto_finish(self, state: State) -> list[Move] | None:
        """Ordinary moves that finish a game that can no longer go wrong, or None when it still can.

        An empty list means the game is already won. Games where play is never mechanical return None.
        A session's auto-play may send some of these cards home on its own, so play the first move
        and ask again: `while moves := rules.auto_finish(session.state): session.play(moves[0])`.
        """
        return None

    def can_auto_finish(self, state: State) -> bool:
        """Whether `auto_finish` has a sequence to offer (and the game is not already won)."""
        moves = self.auto_finish(state)
        return bool(moves)

    def to_text(self, state: State) -> str:
        return state.to_text(suit_foundations=self.variant.table.suit_foundations)

    def from_text(self, text: str) -> State:
        """A position in fc-solve's board text; every card lies face up in these games."""
        v = self.variant
        state = State.from_text(
            text, cells=v.cells, columns=v.columns,
            pack=v.pack, foundations=v.table.foundations, suit_foundations=v.table.suit_foundations,
        )
        if any(state.hidden):
            raise BoardError(_("every card in {game} lies face up: remove the brackets").format(game=v.name))
        return state


class TableauRules(Rules):
    """The rules every family whose columns build down shares (FreeCell's, Klondike's): which card goes
    on which, what fills an empty column and what is safe to send home, all read from the game's
    declared `Tableau` parameters, so a game declared as data (Klondike by suit) plays as declared."""

    has_autoplay = True

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        assert isinstance(variant.params, Tableau)
        self.tableau: Tableau = variant.params
        self.build = BUILD_RULES[self.tableau.build]
        self.any_card_fills = self.tableau.empty_column == ANY_CARD

    def fills_empty(self, card: Card) -> bool:
        """Whether `card` (heading whatever is on it) may fill an empty column."""
        return self.any_card_fills or card.rank == KING

    def run_on_top(self, pile: Column, count: int) -> Column:
        """The top `count` cards of `pile`, refused unless each lies on the next by the build rule
        (a run moves as a unit; the caller has checked the pile holds that many cards it may lift)."""
        cards = pile[-count:]
        for upper, lower in zip(cards[1:], cards):
            reason = self.build(upper, lower)
            if reason:
                raise IllegalMove(not_a_run(count, upper, lower, reason))
        return cards

    def waste_top(self, state: State, count: int) -> Column:
        """The waste's top card as a move lifts it, refused when the waste is empty or more are asked."""
        if not state.waste:
            raise IllegalMove(refusal(Why.PILE_EMPTY, N_("the waste is empty")))
        if count > 1:
            raise IllegalMove(refusal(Why.TOP_CARD_ONLY, N_("only the top card of the waste can be played")))
        return state.waste[-1:]

    def column_run(self, state: State, src: Pile, count: int) -> Column:
        """The top `count` cards of column `src` as a move lifts them, refused unless the column holds
        that many face-up cards in a run (the caller has checked that the column exists)."""
        pile = state.columns[src.index]
        if not pile:
            raise IllegalMove(empty_pile(src))
        if count > len(pile):
            raise IllegalMove(too_few_cards(src, len(pile)))
        if count > len(pile) - state.hidden[src.index]:
            raise IllegalMove(refusal(Why.FACE_DOWN, N_("{card} is face down"), card=pile[-count]))
        return self.run_on_top(pile, count)

    @abstractmethod
    def exposed(self, state: State) -> Iterator[tuple[Pile, Card]]:
        """The cards that could go home now, each with its pile, in the order auto-play tries them."""

    def safe_autoplay(self, state: State) -> Move | None:
        for pile, card in self.exposed(state):
            if goes_home(card, state) and self.is_safe_home(state, card):
                return Move(pile, FOUNDATION)
        return None

    def is_safe_home(self, state: State, card: Card) -> bool:
        """Whether sending `card` home can never cost the player a move they would want.

        By suit, a card only ever holds the next lower card of its own suit, which must already be
        home before it can go, so every card that can go home is safe. In alternating colours a card
        of rank r only ever holds the two opposite-colour cards of rank r-1: once both are home it is
        needed by nobody. Aces hold nothing, and a Two only holds an Ace, which goes home anyway. So
        a card a player brings down from a foundation to build on is never sent straight back.
        """
        if self.tableau.build == SAME_SUIT or card.rank <= ACE + 1:
            return True
        opposite = [s for s in Suit if s.is_red != card.is_red]
        return all(state.foundation_rank(s) >= card.rank - 1 for s in opposite)


def transfer(state: State, move: Move, foundation_slot: int = 0) -> State:
    """Take `move.count` cards from the source and lay them on the destination, unchecked.

    A column left with only face-down cards turns its top card face up, which is how Klondike
    reveals cards; undo needs nothing special because the earlier state is kept whole.
    """
    columns, cells, foundations = list(state.columns), list(state.cells), list(state.foundations)
    hidden, stock, waste = list(state.hidden), state.stock, state.waste
    src, dst, n = move.src, move.dst, move.count
    kind = src.kind
    if kind is PileKind.COLUMN:
        pile = columns[src.index]
        moving, columns[src.index] = pile[-n:], pile[:-n]
        hidden[src.index] = min(hidden[src.index], max(len(pile) - n - 1, 0))
    elif kind is PileKind.CELL:
        held = cells[src.index]
        assert held is not None  # `check` made sure the cell holds a card
        moving, cells[src.index] = (held,), None
    elif kind is PileKind.FOUNDATION:
        pile = foundations[src.index]
        moving, foundations[src.index] = pile[-n:], pile[:-n]
    elif kind is PileKind.WASTE:
        moving, waste = waste[-n:], waste[:-n]
    else:
        moving, stock = stock[-n:], stock[:-n]
    kind = dst.kind
    if kind is PileKind.COLUMN:
        columns[dst.index] = columns[dst.index] + moving
    elif kind is PileKind.CELL:
        cells[dst.index] = moving[0]
    elif kind is PileKind.FOUNDATION:
        foundations[foundation_slot] = foundations[foundation_slot] + moving
    elif kind is PileKind.WASTE:
        waste = waste + moving
    else:
        stock = stock + moving
    return State(tuple(columns), tuple(cells), tuple(foundations), tuple(hidden), stock, waste)


def revealed(before: State, after: State) -> list[tuple[int, Card]]:
    """The columns whose face-down count fell from `before` to `after`, each with the card turned up.

    The view compares two positions it already holds (a move's before and after, or two steps) to
    animate a flip. After an undo, `revealed(restored, undone)` names the cards it turns face down.
    """
    flips = []
    for index, (was, now) in enumerate(zip(before.hidden, after.hidden)):
        if now < was and now < len(after.columns[index]):
            flips.append((index, after.columns[index][now]))
    return flips


_LACKING = {
    PileKind.COLUMN: N_("{game} has no columns"),
    PileKind.CELL: N_("{game} has no free cells"),
    PileKind.FOUNDATION: N_("{game} has no foundation"),
    PileKind.STOCK: N_("{game} has no stock"),
    PileKind.WASTE: N_("{game} has no waste"),
}


def missing_pile_reason(game: str, kind: PileKind) -> Refusal:
    """"FreeCell has no stock": a move names a kind of pile the game `game` (its name) lacks."""
    return refusal(Why.GAME_LACKS, _LACKING[kind], game=game, kind=kind)


def past_the_last(pile: Pile, size: int) -> Refusal:
    """"there is no column 9 (there are 8 columns)": a cell or column past the last of `size`."""
    if pile.kind is PileKind.CELL:
        template = Nn_("there is no {pile} (there is {size} cell)", "there is no {pile} (there are {size} cells)")
    else:
        template = Nn_("there is no {pile} (there is {size} column)", "there is no {pile} (there are {size} columns)")
    return refusal(Why.NO_SUCH_PILE, template, "size", pile=pile, size=size)


def free_cells_phrase(count: int) -> Phrase:
    """"no free cells", "1 free cell", "3 free cells": quoted in the messages about moving runs."""
    if count == 0:
        # TRANSLATORS: {cells} in "only {n} cards can move with {cells} and {columns}"
        return phrase(N_("no free cells"))
    # TRANSLATORS: {cells} in "only {n} cards can move with {cells} and {columns}"
    return phrase(Nn_("{n} free cell", "{n} free cells"), "n", n=count)
