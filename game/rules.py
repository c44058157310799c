"""The rules interface every game implements, and the refusals and moves of cards games share.

Most games are played by `pieces.engine.PieceRules`, built from their declared pieces; `Rules` is what
every front end, the session and the searches ask of any game. A predicate returns the reason a card
may not go somewhere, or None when it may, so the same check serves legality and the message a
player reads. `transfer` moves cards between piles; `revealed` tells the view which face-down cards
a move turned up.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator
from typing import Any

from .cards import Card
from .i18n import N_, Nn_, _, ngettext
from .moves import CELL_KIND, COLUMN_KIND, FOUNDATION, FOUNDATION_KIND, WASTE_KIND, Move, Pile, PileKind
from .refusal import Phrase, Refusal, Why, phrase, refusal
from .state import BoardError, State
from .variant import Variant


class IllegalMove(ValueError):
    """A move the rules forbid. It carries the refusal as a value (`refusal`: the rule's code and the
    cards, piles and numbers it concerns), which each front end words its own way; `str()` gives
    the words with piles named as the model names them."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal)
        self.refusal = refusal

    def __str__(self) -> str:
        return self.refusal.words()


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

    def __init__(self, variant: Variant[Any]) -> None:
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

    @property
    def plays_onto(self) -> Pile:
        """Where a card played on its own goes (a click or double click on it): the foundation in most
        games, the waste in TriPeaks."""
        return FOUNDATION

    def sends(self, state: State, pile: Pile) -> Move:
        """The move a double click on `pile`'s top card asks for: onto `plays_onto` in most games; a
        game whose cards go to places of their own among the columns (Mod 3's slots) names the one that
        takes the card. The move may be illegal: checking it says why."""
        return Move(pile, self.plays_onto)

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


def transfer(state: State, move: Move, foundation_slot: int = 0) -> State:
    """Take `move.count` cards from the source and lay them on the destination, unchecked.

    A column left with only face-down cards turns its top card face up, which is how Klondike
    reveals cards; undo needs nothing special because the earlier state is kept whole.
    """
    columns, cells, foundations = list(state.columns), list(state.cells), list(state.foundations)
    hidden, stock, waste = list(state.hidden), state.stock, state.waste
    src, dst, n = move.src, move.dst, move.count
    kind = src.kind
    if kind is COLUMN_KIND:
        pile = columns[src.index]
        moving, columns[src.index] = pile[-n:], pile[:-n]
        hidden[src.index] = min(hidden[src.index], max(len(pile) - n - 1, 0))
    elif kind is CELL_KIND:
        held = cells[src.index]
        assert held is not None  # `check` made sure the cell holds a card
        moving, cells[src.index] = (held,), None
    elif kind is FOUNDATION_KIND:
        pile = foundations[src.index]
        moving, foundations[src.index] = pile[-n:], pile[:-n]
    elif kind is WASTE_KIND:
        moving, waste = waste[-n:], waste[:-n]
    else:
        moving, stock = stock[-n:], stock[:-n]
    kind = dst.kind
    if kind is COLUMN_KIND:
        columns[dst.index] = columns[dst.index] + moving
    elif kind is CELL_KIND:
        cells[dst.index] = moving[0]
    elif kind is FOUNDATION_KIND:
        foundations[foundation_slot] = foundations[foundation_slot] + moving
    elif kind is WASTE_KIND:
        waste = waste + moving
    else:
        stock = stock + moving
    return State(tuple(columns), tuple(cells), tuple(foundations), tuple(hidden), stock, waste, state.redeals)


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


def check_redeals(allowed: int | None, state: State, game: str, waste: bool = True) -> None:
    """Refuse a board text that used more redeals than `game` (its name) allows (`allowed` times;
    None: as often as a player likes). A game with a `waste` redeals by turning it back over; one
    without (Grandfather gathers its columns and deals them again) is told of redeals, not of a waste."""
    if allowed is None or state.redeals <= allowed:
        return
    if waste:
        template = ngettext(
            "the board says the waste was turned back over {n} time; {game} allows {allowed}",
            "the board says the waste was turned back over {n} times; {game} allows {allowed}",
            state.redeals,
        )
    else:
        template = ngettext(
            "the board says {n} redeal was used; {game} allows {allowed}",
            "the board says {n} redeals were used; {game} allows {allowed}",
            state.redeals,
        )
    raise BoardError(template.format(n=state.redeals, game=game, allowed=allowed))


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
