"""Baker's Dozen, as KPatience plays it (its preset of that name): thirteen columns of four, all face
up, each column's Kings moved beneath its other cards at the deal. Columns build down regardless of
suit, one card at a time, and an empty column stays empty; the foundations build up by suit from the
Ace, and a foundation's top card may come back down onto a column.

KPatience is the anchor; PySolFC and AisleRiot play the same game, except that neither lets a card
come back from a foundation (which KPatience and Solvitaire's preset of the game allow). That can
only help a player, and the deals a search decides are the same in nearly every case, so the
KPatience rule stands and no option is offered.

The pieces say the whole game; the common terminal language plays it (columns past the ninth are
written with a dash: `11-3`); what it shares with Beleaguered Castle (its foundations, its search) is
`down_any_suit`'s.
"""
from __future__ import annotations

from ..family import only_game
from ..i18n import N_
from ..pieces.builds import DOWN_ANY_SUIT
from ..pieces.columns import Columns, Fill, Lift
from ..pieces.deal import Deal, rows
from ..variant import TableLayout
from .down_any_suit import FOUNDATIONS, DownAnySuitFamily

COLUMNS = 13
TEXT = (
    N_("52 cards are dealt face up into 13 columns of 4; the Kings of each column are moved beneath its other cards."),
    N_(
        "Columns build down regardless of suit, one card at a time, and an empty column stays empty. The foundations "
        "build up by suit from the Ace to the King; a foundation's top card may come back down onto a column."
    ),
)


BAKERS_DOZEN = DownAnySuitFamily(
    key="bakers-dozen", position=80, rules_text=TEXT,
    deal=Deal(rows(COLUMNS, 4), salt="bakers-dozen", kings_under=True),
    columns=Columns(DOWN_ANY_SUIT, lift=Lift.TOP, fill=Fill.NONE),
)
GEOMETRY = TableLayout(top=(FOUNDATIONS,), columns=COLUMNS, longest_column=(3 + 13, 0))

GAMES = (only_game(BAKERS_DOZEN, "bakers-dozen", N_("Baker's Dozen"), GEOMETRY, aliases=("bakersdozen",)),)
