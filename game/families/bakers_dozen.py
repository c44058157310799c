"""Baker's Dozen, as KPatience plays it (its preset of that name): thirteen columns of four, all face
up, each column's Kings moved beneath its other cards at the deal. Columns build down regardless of
suit, one card at a time, and an empty column stays empty; the foundations build up by suit from the
Ace, and a foundation's top card may come back down onto a column.

KPatience is the anchor; PySolFC and AisleRiot play the same game, except that neither lets a card
come back from a foundation (which KPatience and Solvitaire's preset of the game allow). That can
only help a player, and the deals a search decides are the same in nearly every case, so the
KPatience rule stands and no option is offered.

The pieces say the whole game; the common terminal language plays it (columns past the ninth are
written with a dash: `11-3`); the search of the games built down regardless of suit
(`solver.any_suit`) finds its wins and proves its losses.
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

COLUMNS = 13
TEXT = (
    N_("52 cards are dealt face up into 13 columns of 4; the Kings of each column are moved beneath its other cards."),
    N_(
        "Columns build down regardless of suit, one card at a time, and an empty column stays empty. The foundations "
        "build up by suit from the Ace to the King; a foundation's top card may come back down onto a column."
    ),
    SEND_EVERY_CARD_HOME,
)


class BakersDozenFamily(Family[NoChoices]):
    key = "bakers-dozen"
    position = 80
    rules_text = TEXT

    def pieces(self, params: NoChoices) -> Pieces:
        return Pieces(
            deal=Deal(rows(COLUMNS, 4), salt="bakers-dozen", kings_under=True),
            columns=Columns(DOWN_ANY_SUIT, lift=Lift.TOP, fill=Fill.NONE),
            foundations=SuitPiles(returns=True),
        )

    def search(self) -> Search:
        """The exact search over compact positions of the games built down regardless of suit
        (`solver.any_suit`): the generic one, over the model's positions, was too slow to decide
        one deal in six within 4 s."""
        from ..solver.any_suit import BAKERS_DOZEN_SEARCH, solve_any_suit

        return partial(solve_any_suit, game=BAKERS_DOZEN_SEARCH)


BAKERS_DOZEN = BakersDozenFamily()
FOUNDATIONS = tuple(Pile(PileKind.FOUNDATION, i) for i in range(4))
GEOMETRY = TableLayout(top=(FOUNDATIONS,), columns=COLUMNS, longest_column=(3 + 13, 0))

GAMES = (only_game(BAKERS_DOZEN, "bakers-dozen", N_("Baker's Dozen"), GEOMETRY, aliases=("bakersdozen",)),)
