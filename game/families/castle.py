"""Beleaguered Castle, as KPatience plays it (its preset of that name): the four Aces laid on the
foundations, the other 48 cards dealt face up into eight columns of six. Columns build down
regardless of suit; a run moves as far as the empty columns would carry it one card at a time, any
card fills a gap, and a foundation's top card may come back down onto a column (as KPatience lets
it, and PySolFC and AisleRiot do not; it can only help a player).

The pieces say the whole game; the common terminal language plays it; the generic search finds its
wins, told the same obstacles as Baker's Dozen's (`pieces.progress`).
"""
from __future__ import annotations

from collections.abc import Hashable

from ..family import GENERIC_SEARCH_DAILY, SEND_EVERY_CARD_HOME, Family, only_game
from ..i18n import N_
from ..moves import Pile, PileKind
from ..pieces.builds import DOWN_ANY_SUIT
from ..pieces.columns import Columns, Fill, Lift
from ..pieces.deal import Deal, rows
from ..pieces.foundations import SuitPiles
from ..pieces.progress import obstacles
from ..pieces.table import Pieces
from ..state import State
from ..variant import NoChoices, TableLayout

COLUMNS = 8
TEXT = (
    N_("The four Aces start on the foundations; the other 48 cards are dealt face up into 8 columns of 6."),
    N_(
        "Columns build down regardless of suit. A run moves as far as the empty columns would carry it one card "
        "at a time, and any card or run fills an empty column. The foundations build up by suit to the King; a "
        "foundation's top card may come back down onto a column."
    ),
    SEND_EVERY_CARD_HOME,
)


class CastleFamily(Family[NoChoices]):
    key = "castle"
    position = 85
    daily_positions = GENERIC_SEARCH_DAILY
    rules_text = TEXT
    search_plays_safe_moves = True  # no card is needed as a base once the four of the rank below are home

    def pieces(self, params: NoChoices) -> Pieces:
        return Pieces(
            deal=Deal(rows(COLUMNS, 6), salt="beleaguered-castle", aces_home=True),
            columns=Columns(DOWN_ANY_SUIT, lift=Lift.RUN, fill=Fill.ANY, supermove=True),
            foundations=SuitPiles(returns=True),
        )

    def score(self, state: State) -> int:
        """Cards not home, cards lying above a lower card of their suit (each must move away before
        that card goes home), the cards above the next card each foundation wants; empty columns,
        which carry runs, count as progress."""
        home, blocking, same_suit, above_wanted = obstacles(state)
        gaps = sum(1 for pile in state.columns if not pile)
        return 4 * (52 - home) + 2 * blocking + 6 * same_suit + 2 * above_wanted - 3 * gaps

    def position_key(self, state: State) -> Hashable:
        """Any card fills a gap, so the columns are alike: their order does not matter."""
        return state.foundations, tuple(sorted(state.columns))


CASTLE = CastleFamily()
FOUNDATIONS = tuple(Pile(PileKind.FOUNDATION, i) for i in range(4))
GEOMETRY = TableLayout(top=(FOUNDATIONS,), columns=COLUMNS, longest_column=(5 + 12, 0))

GAMES = (only_game(CASTLE, "beleaguered-castle", N_("Beleaguered Castle"), GEOMETRY, aliases=("castle",)),)
