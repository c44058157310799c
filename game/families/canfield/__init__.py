"""Canfield, as AisleRiot and PySolFC play it: one card dealt onto the first foundation (the base
card), thirteen to a reserve (face down but its top card), one face up onto each of four columns, the
other 34 in the stock, turned onto the waste three cards at a time with as many redeals as a player
likes. The foundations build up by suit from the base card's rank, turning the corner from King to
Ace; the columns build down in alternating colours, a King on an Ace too. A column a move empties
takes the reserve's top card at once (both anchors do this by themselves); once the reserve is
empty, any card or run fills a gap.

Where the anchors differ: AisleRiot lets any run move from column to column, PySolFC only a column's
top card or the whole column. The run is the rule of AisleRiot, of Jan Wolter's analysis of the game
and of most programs, so it is the one here. AisleRiot starts any foundation with a card of the base
rank, PySolFC keeps one pile per suit: the same game, since the piles are alike. PySolFC turns the
first three cards onto the waste at the deal, AisleRiot leaves that to the player, as here. Neither
anchor offers a draw of one card for this game, so none is offered.

The reserve is the table's last column (`pieces.reserve`), the foundations `pieces.foundations.BasePiles`;
the common terminal language plays it, its help naming the reserve (dialect.py); its search is one
of its own over compact positions (`solver.canfield`), which takes the stock's cards as the cards a
player can reach.
"""
from __future__ import annotations

from collections.abc import Hashable
from functools import partial
from typing import TYPE_CHECKING

from ...family import GENERIC_SEARCH_DAILY, SEND_EVERY_CARD_HOME, Family, Search, only_game
from ...i18n import N_, _
from ...moves import STOCK, WASTE, Pile, PileKind
from ...pieces.builds import Build, Suits
from ...pieces.columns import Fill, Lift
from ...pieces.deal import Deal
from ...pieces.keys import in_any_order
from ...pieces.reserve import ReserveColumns
from ...pieces.round_piles import BasePiles
from ...pieces.stocks import TurnOnto
from ...pieces.table import Pieces
from ...state import State
from ...variant import NoChoices, TableLayout, Variant

if TYPE_CHECKING:  # the terminal's language loads when a terminal first asks for it
    from ...dialect import Dialect

TABLEAU = 4  # the columns built on; the reserve is one more, the last
RESERVE = 13
DRAW = 3
TEXT = (
    N_(
        "One card is dealt onto the first foundation: its rank starts every foundation. 13 cards go to the "
        "reserve, the last column, face down but for the top one; one card goes face up onto each of the 4 "
        "other columns; the other 34 wait in the stock."
    ),
    N_(
        "The foundations build up by suit from that rank, a King followed by an Ace. Columns build down in "
        "alternating colours, a King on an Ace too, and any run moves together. Only the reserve's top card "
        "plays, and nothing goes on the reserve."
    ),
    N_(
        "A column left empty takes the reserve's top card at once; once the reserve is empty, any card or run "
        "fills an empty column. The stock is turned onto the waste three cards at a time, and the waste turned "
        "back over as often as you like."
    ),
    SEND_EVERY_CARD_HOME,
)


class CanfieldFamily(Family[NoChoices]):
    key = "canfield"
    position = 25
    daily_positions = GENERIC_SEARCH_DAILY
    rules_text = TEXT

    def pieces(self, params: NoChoices) -> Pieces:
        return Pieces(
            deal=Deal((1,) * TABLEAU + (RESERVE,), salt="canfield", face_down=(0,) * TABLEAU + (RESERVE - 1,), foundation=1),
            columns=ReserveColumns(Build(Suits.ALTERNATE, wrap=True), lift=Lift.RUN, fill=Fill.ANY),
            foundations=BasePiles(),
            stock=TurnOnto(draw=DRAW),
        )

    def dialect(self, variant: Variant[NoChoices]) -> Dialect:
        from .dialect import CanfieldDialect

        return CanfieldDialect(variant)

    def search(self) -> Search:
        """The search over compact positions, the stock's cards as the cards it can reach
        (`solver.canfield`); a board text no deal leads to goes to the generic search, guided by
        `score` and keyed by `position_key`."""
        from ...solver.canfield import solve_canfield

        return partial(solve_canfield, generic_score=self.score, generic_key=self.position_key)

    def summary(self, variant: Variant[NoChoices]) -> str:
        # TRANSLATORS: the game chooser's line for Canfield
        return _("13-card reserve · foundations from a dealt base card · stock turns 3 cards")

    def score(self, state: State) -> int:
        """Cards not home count most; the reserve's cards more, since each waits for all the cards above
        it; then the cards still in the stock and waste, which come round only three at a time."""
        home = sum(len(pile) for pile in state.foundations)
        reserve = len(state.columns[-1])
        gaps = sum(1 for pile in state.columns[:-1] if not pile)
        return 10 * (52 - home) + 6 * reserve + len(state.stock) + len(state.waste) - 4 * gaps

    def position_key(self, state: State) -> Hashable:
        """The four columns built on are alike, and so are the foundations: their order does not matter.
        The redeals are not counted, so a pass through the stock comes back to the position it left."""
        return (
            in_any_order(state.foundations), in_any_order(state.columns[:-1]), state.columns[-1], state.stock,
            state.waste,
        )


CANFIELD = CanfieldFamily()
FOUNDATIONS = tuple(Pile(PileKind.FOUNDATION, i) for i in range(4))
GEOMETRY = TableLayout(
    # the reserve is the longest column a deal lays; a column built longer than it compresses
    top=((STOCK, WASTE), FOUNDATIONS), columns=TABLEAU + 1, longest_column=(RESERVE, RESERVE - 1),
    column_room=2.2, waste_fan=DRAW, suit_foundations=False,
)

GAMES = (only_game(CANFIELD, "canfield", N_("Canfield"), GEOMETRY),)
