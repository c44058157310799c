"""Baker's Dozen, as KPatience plays it (its preset of that name): thirteen columns of four, all face
up, each column's Kings moved beneath its other cards at the deal. Columns build down regardless of
suit, one card at a time, and an empty column stays empty; the foundations build up by suit from the
Ace, and a foundation's top card may come back down onto a column.

KPatience is the anchor; PySolFC and AisleRiot play the same game, except that neither lets a card
come back from a foundation (which KPatience and Solvitaire's preset of the game allow). That can
only help a player, and the deals a search decides are the same in nearly every case, so the
KPatience rule stands and no option is offered.

The pieces say the whole game; the common terminal language plays it (columns past the ninth are
written with a dash: `11-3`); the generic search finds its wins.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable

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
    daily_positions = GENERIC_SEARCH_DAILY
    rules_text = TEXT
    search_plays_safe_moves = True  # a card goes home safely once every card of the rank below it is there

    def pieces(self, params: NoChoices) -> Pieces:
        return Pieces(
            deal=Deal(rows(COLUMNS, 4), salt="bakers-dozen", kings_under=True),
            columns=Columns(DOWN_ANY_SUIT, lift=Lift.TOP, fill=Fill.NONE),
            foundations=SuitPiles(returns=True),
        )

    def score(self, state: State) -> int:
        """Cards not home; most of all, cards lying above a lower card of their own suit, each of which
        must move to another column before that card can go home; then the cards piled above the next
        card each foundation wants, and cards lying on any lower card."""
        home, blocking, same_suit, above_wanted = obstacles(state)
        return 4 * (52 - home) + blocking + 10 * same_suit + 2 * above_wanted

    def other_scores(self) -> tuple[Callable[[State], int], ...]:
        """Cards not home and cards lying on any lower card: a search by this score wins many of the
        deals on which the main one wanders (deal 4 in 535 positions), and loses its way on others."""
        return (_plain,)

    def position_key(self, state: State) -> Hashable:
        """No card fills a gap, so the columns are alike: their order does not matter."""
        return state.foundations, tuple(sorted(state.columns))


def _plain(state: State) -> int:
    home, blocking, _same_suit, _above_wanted = obstacles(state)
    return 4 * (52 - home) + 6 * blocking


BAKERS_DOZEN = BakersDozenFamily()
FOUNDATIONS = tuple(Pile(PileKind.FOUNDATION, i) for i in range(4))
GEOMETRY = TableLayout(top=(FOUNDATIONS,), columns=COLUMNS, longest_column=(3 + 13, 0))

GAMES = (only_game(BAKERS_DOZEN, "bakers-dozen", N_("Baker's Dozen"), GEOMETRY, aliases=("bakersdozen",)),)
