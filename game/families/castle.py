"""Beleaguered Castle, as KPatience plays it (its preset of that name): the four Aces laid on the
foundations, the other 48 cards dealt face up into eight columns of six. Columns build down
regardless of suit; a run moves as far as the empty columns would carry it one card at a time, any
card fills a gap, and a foundation's top card may come back down onto a column (as KPatience lets
it, and PySolFC and AisleRiot do not; it can only help a player).

The pieces say the whole game; the common terminal language plays it; the search of the games built
down regardless of suit (`solver.any_suit`, Baker's Dozen's too) finds its wins and proves its losses.
"""
from __future__ import annotations

from functools import partial

from ..family import SEND_EVERY_CARD_HOME, Family, Search, only_game
from ..i18n import N_
from ..moves import Pile, PileKind
from ..pieces.builds import DOWN_ANY_SUIT
from ..pieces.columns import Columns, Fill, Lift
from ..pieces.deal import Deal, rows
from ..pieces.foundations import SuitPiles
from ..pieces.table import Pieces
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
    rules_text = TEXT

    def pieces(self, params: NoChoices) -> Pieces:
        return Pieces(
            deal=Deal(rows(COLUMNS, 6), salt="beleaguered-castle", aces_home=True),
            columns=Columns(DOWN_ANY_SUIT, lift=Lift.RUN, fill=Fill.ANY, supermove=True),
            foundations=SuitPiles(returns=True),
        )

    def search(self) -> Search:
        """The exact search over compact positions of the games built down regardless of suit
        (`solver.any_suit`), Baker's Dozen's too."""
        from ..solver.any_suit import CASTLE_SEARCH, solve_any_suit

        return partial(solve_any_suit, game=CASTLE_SEARCH)


CASTLE = CastleFamily()
FOUNDATIONS = tuple(Pile(PileKind.FOUNDATION, i) for i in range(4))
GEOMETRY = TableLayout(top=(FOUNDATIONS,), columns=COLUMNS, longest_column=(5 + 12, 0))

GAMES = (only_game(CASTLE, "beleaguered-castle", N_("Beleaguered Castle"), GEOMETRY, aliases=("castle",)),)
