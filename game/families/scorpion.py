"""Scorpion, as PySolFC plays it: seven columns of seven, the first three cards of the first four face
down, the three cards left dealt once onto the first three columns. Columns build down by suit, any
face-up card moves with whatever lies on it, only a King fills a gap, and a whole run from King to
Ace goes home by itself. (AisleRiot's Scorpion is the same game.)

This module is the whole game: the pieces say its rules, the common terminal language plays it
(`58v3`, `d`), and the generic search decides its deals, told what progress is here, which moves
lose nothing and which positions cannot be won.
"""
from __future__ import annotations

from collections.abc import Hashable
from functools import partial

from ..cards import ACE, KING, ONE_DECK, Card
from ..family import GENERIC_SEARCH_DAILY, Family, Search, only_game
from ..i18n import N_
from ..moves import STOCK, Move, Pile, PileKind, column
from ..pieces.builds import DOWN_BY_SUIT
from ..pieces.columns import Columns, Fill, Lift
from ..pieces.deal import Deal, rows
from ..pieces.keys import in_any_order
from ..pieces.progress import in_suit
from ..pieces.run_piles import RunPiles
from ..pieces.stocks import DealOnto
from ..pieces.table import Pieces
from ..state import State
from ..variant import NoChoices, TableLayout

DEALT_ONTO = 3  # the columns the stock deals onto
# each card's next card up in its suit, looked up: `Card.of`, checking the rank at every call, was a
# tenth of the search's instructions
NEXT_UP = {card: Card.of(card.rank + 1, card.suit) for card in ONE_DECK.cards() if card.rank < KING}
NEXT_DOWN = {up: card for card, up in NEXT_UP.items()}


class ScorpionFamily(Family[NoChoices]):
    key = "scorpion"
    position = 70
    daily_positions = GENERIC_SEARCH_DAILY

    def pieces(self, params: NoChoices) -> Pieces:
        return Pieces(
            deal=Deal(rows(7, 7), salt="scorpion", face_down=(3, 3, 3, 3)),
            columns=Columns(DOWN_BY_SUIT, lift=Lift.FACE_UP, fill=Fill.KINGS),
            foundations=RunPiles(),
            stock=DealOnto(columns=DEALT_ONTO),
        )

    def search(self) -> Search:
        """The generic search, making at once the moves that lose nothing (`loses_nothing`) and
        leaving out the positions that cannot be won (`hopeless`)."""
        from ..solver.generic import solve_generic

        return partial(solve_generic, score=self.score, key=self.position_key, forced=loses_nothing, hopeless=hopeless)

    def score(self, state: State) -> int:
        """Cards go home thirteen at a time, so progress is cards lying on the card above them in
        their suit, and face-down cards turned up; the stock's cards still to come count too."""
        in_order = in_suit(state)
        home = sum(len(pile) for pile in state.foundations)
        return 4 * (52 - home - in_order) + 6 * sum(state.hidden) + 2 * len(state.stock)

    def position_key(self, state: State) -> Hashable:
        """Once the stock is dealt the columns are alike: their order does not matter."""
        if state.stock:
            return state
        return sum(len(pile) for pile in state.foundations), in_any_order(zip(state.columns, state.hidden))

    rules_text = (
        N_(
            "49 cards are dealt into 7 columns of 7; the first three cards of each of the first four columns lie face "
            "down. The other 3 wait in the stock, which one click deals onto the first three columns."
        ),
        N_(
            "Columns build down by suit. Any face-up card may move, with all the cards on it, onto the next higher card "
            "of its suit; only a King, with whatever is on it, fills an empty column."
        ),
        N_("A whole run of one suit from King down to Ace goes to a foundation by itself. Send all four home to win."),
    )


def onto_successor(state: State) -> Move | None:
    """A run of one suit down to its Ace, on top of a column, moved onto the next card up of its suit on
    top of another: the search makes that move at once, since it loses nothing. No card of the run has
    anywhere else to go, nor can any other card go on one of them, so wherever they lie they stand in no
    card's way: a winning line's moves can all be made after this one, the run carried along. While the
    stock is still to come, only when both columns are beyond its reach and nothing under the run could
    carry it there (its first card lies on face-down cards or on the table): otherwise a line that leaves
    the run where it is could have the stock fall on its Ace, where after the move it would fall on the
    card the run uncovered. (The successor's column may be carried there: the stock then falls on the
    run instead of on the successor, which a line that waits must clear before the move anyway.)"""
    columns, hidden = state.columns, state.hidden
    tops = {pile[-1]: j for j, pile in enumerate(columns) if pile}
    for i, pile in enumerate(columns):
        if not pile or pile[-1].rank != ACE:
            continue
        depth = len(pile) - 1
        while depth > hidden[i] and DOWN_BY_SUIT.reason(pile[depth], pile[depth - 1]) is None:
            depth -= 1  # the run reaches down while each card lies on the next card up of its suit
        card = pile[depth]
        j = tops.get(NEXT_UP[card]) if card.rank < KING else None
        if j is not None and (not state.stock or min(i, j) >= DEALT_ONTO and depth == hidden[i]):
            return Move(column(i), column(j), len(pile) - depth)
    return None


def onto_king_run(state: State) -> Move | None:
    """A face-up card, with what lies on it, moved onto its next card up where that card tops a column
    that is one run down from a King at its foot: the search makes that move at once, since it loses
    nothing. The run's cards never move again but with their King (each lies on its successor for
    good, and the King has no card under it), so no card under the moved ones can ever need one of
    them: a winning line's moves can all be made after this one, the moved cards carried along. Only
    once the stock is dealt (it might fall on the run in a line that leaves the card where it is)."""
    if state.stock:
        return None
    columns, hidden = state.columns, state.hidden
    for j, pile in enumerate(columns):
        if pile and not hidden[j] and pile[0].rank == KING and all(
                DOWN_BY_SUIT.reason(card, under) is None for under, card in zip(pile, pile[1:])):
            wanted = NEXT_DOWN.get(pile[-1])
            for i, other in enumerate(columns):
                if wanted in other[hidden[i]:]:
                    return Move(column(i), column(j), len(other) - other.index(wanted))
    return None


def loses_nothing(state: State) -> Move | None:
    """The move the search makes at once, without weighing others, when there is one."""
    return onto_successor(state) or onto_king_run(state)


def hopeless(state: State) -> bool:
    """Whether some cards wait for one another in a ring, each face up, no King (a gap takes those),
    and not yet on the next card up of its suit, face up: each for the first face-up card over its
    next card up (itself, when it lies over its own successor face down). None of them is ever picked
    up. The first that would be needs its next card up to top a column, but the card it waits for
    still covers it: the face-down cards between can neither move nor turn up, and that card has not
    been picked up, nor gone home (a ring card goes home only lying on its successor); what lies
    right under a card changes only when that card heads a move. So none of them ever lies on its
    successor face up, and its suit never goes home. (One deck: each card has one successor.)"""
    columns, hidden = state.columns, state.hidden
    place = {card: (i, n) for i, pile in enumerate(columns) for n, card in enumerate(pile)}
    waits_for: dict[Card, Card] = {}
    for i, pile in enumerate(columns):
        for n in range(hidden[i], len(pile)):
            card = pile[n]
            found = place.get(NEXT_UP[card]) if card.rank < KING else None
            if found is None or found == (i, n - 1) and n > hidden[i]:
                continue  # a King, its next card up in the stock or home, or the card already on it
            j, under = found
            over = max(under + 1, hidden[j])
            if over < len(columns[j]):
                waits_for[card] = columns[j][over]
    cleared: set[Card] = set()  # cards from which no ring is reached
    for first in waits_for:
        path: list[Card] = []
        card = first
        while card in waits_for and card not in cleared:
            if card in path:
                return True
            path.append(card)
            card = waits_for[card]
        cleared.update(path)
    return False


SCORPION = ScorpionFamily()
FOUNDATIONS = tuple(Pile(PileKind.FOUNDATION, i) for i in range(4))
# the stock at the left of the top row and the foundations in two pairs, so no gap wider than a card opens
GEOMETRY = TableLayout(top=((STOCK,), FOUNDATIONS[:2], FOUNDATIONS[2:]), columns=7, longest_column=(7 + 12, 3))

GAMES = (only_game(SCORPION, "scorpion", N_("Scorpion"), GEOMETRY),)
