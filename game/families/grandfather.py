"""Grandfather, as KPatience plays it (KDE/kpat src/grandf.cpp): seven columns dealt as a snake, a
triangle of 1, 3, 5, 7, 6, 4 and 2 cards whose top card lies face up, then the other 24 face up onto
columns 2 to 7, four each. Columns build down by suit, any face-up card moves with what lies on it (as
in Russian Solitaire), only a King fills a gap, and the foundations build up by suit from the Ace.
There is no stock: instead the columns may be gathered and dealt again the same way, twice at most
(`pieces.gather.GatherAndDeal`, which follows KPatience's order of gathering and dealing exactly).

KPatience's own comment says its gathering is "not quite correct" (the piles should be turned face down
as they are picked up); the suite deals again as KPatience does, since that is the game its players
know. PySolFC's "Tvete's Grandfather" deals the same shape (its face-down cards row by row rather than
as a snake) and plays the same moves, but shuffles the gathered cards before each redeal; that option
is not offered, since a shuffled redeal leaves a deal without one exact answer.

The search is the generic one, told what progress is here (`score`) and which positions are alike
(`position_key`: the columns' order matters while a redeal is left, since it decides the next deal).
"""
from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from ..family import GENERIC_SEARCH_DAILY, Family, Search, table_layout
from ..i18n import N_
from ..moves import STOCK, Move, Pile, PileKind
from ..pieces.builds import DOWN_BY_SUIT
from ..pieces.columns import Columns, Fill, Lift
from ..pieces.deal import Deal
from ..pieces.foundations import SuitPiles
from ..pieces.gather import GatherAndDeal
from ..pieces.keys import in_any_order
from ..pieces.progress import in_suit
from ..pieces.table import Pieces
from ..rules import Rules
from ..state import State
from ..variant import Params, TableLayout, Variant

REDEALS = 2  # three deals in all
TRIANGLE = (1, 3, 5, 7, 6, 4, 2)  # the snake's cards in each column, the top one face up
SPREAD = (0, 4, 4, 4, 4, 4, 4)  # the other 24, face up onto columns 2 to 7


@dataclass(frozen=True)
class GrandfatherParams(Params):
    """Grandfather has no choices to make."""


class GrandfatherFamily(Family[GrandfatherParams]):
    key = "grandfather"
    position = 45  # beside Yukon and Russian Solitaire, whose play it shares
    daily_positions = GENERIC_SEARCH_DAILY
    rules_text = (
        N_(
            "52 cards are dealt into 7 columns: a triangle of 1, 3, 5, 7, 6, 4 and 2 cards, only the top card of "
            "each face up, then the other 24 face up onto columns 2 to 7, four on each."
        ),
        N_(
            "Columns build down by suit. Any face-up card may move, with all the cards on it, onto the next higher "
            "card of its suit; only a King, with whatever is on it, fills an empty column. A face-down card turns "
            "up when it is uncovered."
        ),
        N_(
            "Twice in a game, a click on the stock gathers the cards left on the columns, the last column first, "
            "and deals them out again the same way, as far as they go."
        ),
        N_("Move every card to the foundations, built up by suit from Ace to King."),
    )

    def pieces(self, params: GrandfatherParams) -> Pieces:
        return Pieces(
            deal=Deal(TRIANGLE, salt="grandfather", face_down=tuple(n - 1 for n in TRIANGLE), spread=SPREAD),
            columns=Columns(DOWN_BY_SUIT, lift=Lift.FACE_UP, fill=Fill.KINGS),
            foundations=SuitPiles(),
            stock=GatherAndDeal(redeals=REDEALS),
        )

    def search(self) -> Search:
        """The generic exact search, which makes the safe moves home at once only in the last deal (before
        it, a card sent home changes where the next deal lays every card after it, so no move home is
        safe for certain), with a search beside it that makes them at once in every deal, as KPatience's
        solver does: that one finds the wins, often a hundred times sooner; only the exact one proves a
        deal lost."""
        return search_grandfather

    def score(self, state: State) -> int:
        """Cards still out, less those lying on their successor in suit (a run goes home card by card
        without another move), and face-down cards, which a redeal multiplies: so a redeal is taken
        only when it buys more than it buries. Each redeal spent costs a little, to keep one in hand."""
        home = sum(len(pile) for pile in state.foundations)
        return 4 * (52 - home - in_suit(state)) + 5 * sum(state.hidden) + 8 * state.redeals

    def position_key(self, state: State) -> Hashable:
        """While a redeal is left the columns' order decides the next deal, so the position is the key;
        after the last one the columns are alike and their order stops mattering."""
        if state.redeals < REDEALS:
            return state
        return sum(len(pile) for pile in state.foundations), in_any_order(zip(state.columns, state.hidden))


def search_grandfather(rules: Rules, state: State, budget: Any) -> Any:
    """`GrandfatherFamily.search`: the generic search told Grandfather's safe moves (`Family.search`
    types the call)."""
    from ..solver.generic import BestFirst, Hopeful, ModelMoves, solve_generic

    family = GRANDFATHER

    def forced(position: State) -> Move | None:
        return rules.safe_autoplay(position) if position.redeals >= REDEALS else None

    def beside(moves: ModelMoves, start: State, first: list[Move]) -> Hopeful:
        bold = ModelMoves(moves.rules, rules.safe_autoplay)
        return Hopeful(BestFirst(start, first, bold.children, family.position_key, family.score, rules.is_won, depth_weight=1))

    return solve_generic(
        rules, state, budget, score=family.score, key=family.position_key, forced=forced, beside=beside,
    )


GRANDFATHER = GrandfatherFamily()
FOUNDATIONS = tuple(Pile(PileKind.FOUNDATION, i) for i in range(4))
# the stock (KPatience's Redeal button) at the left of the top row and the foundations in two pairs, so
# no gap wider than a card opens
GEOMETRY = TableLayout(
    top=((STOCK,), FOUNDATIONS[:2], FOUNDATIONS[2:]), columns=len(TRIANGLE),
    longest_column=(6 + 5 + 12, 6),  # the fourth column's 6 face-down cards and 5 face-up, 12 more built on
)

GAMES = (
    Variant(
        key="grandfather", english_name=N_("Grandfather"), family=GRANDFATHER, params=GrandfatherParams(),
        table=table_layout(GRANDFATHER.pieces(GrandfatherParams()), GEOMETRY), aliases=("grandf",),
    ),
)
