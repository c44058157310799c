"""Grandfather's Clock, as KPatience plays it (clock.cpp): twelve cards, one for each hour, are taken
out of the deck and laid in a clock face (the 9♦ at twelve o'clock, the 10♠ at one, the J♥ at two, the
Q♣ at three, the K♦ at four, then the 2♠ to the 8♣ from five to eleven); the other 40 are dealt face up
into eight columns of five. Each pile of the clock builds up by suit, a King followed by an Ace, to
the card of its hour (the Queen at twelve, the Ace at one, the Jack at eleven); the columns build
down regardless of suit, one card at a time, and any card fills an empty column.

KPatience is the anchor (no other anchor of the suite has the game).
The pieces say the whole game: the deal lays the twelve cards home first (`Deal.home_cards`), the
clock is `round_piles.SuitRunPiles`, whose piles each build up by suit round the corner from the
card the deal laid; the common terminal language plays it; the generic search finds its wins.
"""
from __future__ import annotations

from collections.abc import Hashable

from ..cards import Card
from ..family import GENERIC_SEARCH_DAILY, SEND_EVERY_CARD_HOME, Family, only_game
from ..i18n import N_
from ..moves import Pile, PileKind
from ..pieces.builds import DOWN_ANY_SUIT
from ..pieces.columns import Columns, Fill, Lift
from ..pieces.deal import Deal, rows
from ..pieces.keys import in_any_order
from ..pieces.round_piles import SuitRunPiles
from ..pieces.table import Pieces
from ..state import State
from ..variant import NoChoices, TableLayout

HOURS = 12
COLUMNS = 8
# The clock's cards from twelve o'clock round, as KPatience lays them.
FACE = tuple(Card.parse(code) for code in ("9D", "TS", "JH", "QC", "KD", "2S", "3H", "4C", "5D", "6S", "7H", "8C"))
TEXT = (
    N_(
        "Twelve cards make a clock face, one for each hour: the 9♦ at twelve o'clock, the 10♠ at one, the J♥, Q♣ "
        "and K♦ at two, three and four, then the 2♠ to the 8♣ from five to eleven. The other 40 cards are dealt "
        "face up into 8 columns of 5."
    ),
    N_(
        "Each pile of the clock builds up by suit to the card of its hour, a King followed by an Ace: the Queen at "
        "twelve, the Ace at one, the Jack at eleven. Columns build down regardless of suit, one card at a time, "
        "and any card fills an empty column."
    ),
    SEND_EVERY_CARD_HOME,
)


class ClockFamily(Family[NoChoices]):
    key = "grandfathers-clock"
    rules_text = TEXT
    position = 27  # beside Canfield: both build home by suit round the corner from the cards the deal lays
    daily_positions = GENERIC_SEARCH_DAILY

    def pieces(self, params: NoChoices) -> Pieces:
        return Pieces(
            deal=Deal(rows(COLUMNS, 5), salt="grandfathers-clock", home_cards=FACE),
            columns=Columns(DOWN_ANY_SUIT, lift=Lift.TOP, fill=Fill.ANY),
            foundations=SuitRunPiles(HOURS),
        )

    def score(self, state: State) -> int:
        """Cards not home count most; then each card lying on a card that is not one rank above it,
        which must move before the card under it can; empty columns, which take any card, help."""
        home = sum(len(pile) for pile in state.foundations)
        breaks = sum(1 for pile in state.columns for lower, upper in zip(pile, pile[1:]) if upper.rank != lower.rank - 1)
        gaps = sum(1 for pile in state.columns if not pile)
        return 6 * (52 - home) + 2 * breaks - 2 * gaps

    def position_key(self, state: State) -> Hashable:
        """Any card fills a gap, so the columns are alike: their order does not matter."""
        return state.foundations, in_any_order(state.columns)


CLOCK = ClockFamily()
FOUNDATIONS = tuple(Pile(PileKind.FOUNDATION, i) for i in range(HOURS))
# As KPatience lays the table: the clock's piles round a circle, beside the columns in two rows of four.
GEOMETRY = TableLayout(
    top=(), ring=FOUNDATIONS, columns=COLUMNS, column_rows=2, longest_column=(5 + 12, 0), column_room=2.4,
    suit_foundations=False,
)

GAMES = (only_game(CLOCK, "grandfathers-clock", N_("Grandfather's Clock"), GEOMETRY, aliases=("clock",)),)
