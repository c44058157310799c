"""The Golf family: relaxed (Ace and King touch) and strict.

Seven face-up columns, a stock that deals onto one foundation, and the foundation taking a card one
rank up or down: the pieces say it all. The search is `game.solver.golf`, the terminal's language
(`1`-`7` plays a column, `d` deals) `dialect`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...family import Family, Search, table_layout
from ...i18n import N_
from ...moves import FOUNDATION, STOCK
from ...pieces.columns import Columns, Fill, Lift
from ...pieces.deal import Deal, rows
from ...pieces.one_pile import OnePile
from ...pieces.stocks import DealHome
from ...pieces.table import Pieces
from ...variant import Params, TableLayout, Variant

if TYPE_CHECKING:  # loaded when a terminal first asks for the family's dialect
    from ...dialect import Dialect

COLUMNS = 7
DEAL = N_(
    "35 cards are dealt face up into 7 columns of 5, one card starts the foundation and the other 16 wait face down in "
    "the stock."
)
PLAY = N_(
    "Play the top card of any column onto the foundation when its rank is one above or one below the foundation's top "
    "card, whatever the suit."
)
END = N_("The stock deals one card onto the foundation at a time. Clear every column to win.")


@dataclass(frozen=True)
class GolfParams(Params):
    wrap: bool = True  # Ace and King are next to each other (relaxed Golf)


class GolfFamily(Family[GolfParams]):
    key = "golf"
    position = 30

    def pieces(self, params: GolfParams) -> Pieces:
        return Pieces(
            deal=Deal(rows(COLUMNS, 5), salt="golf", foundation=1),  # relaxed and strict deal alike
            columns=Columns(None, lift=Lift.TOP, fill=Fill.NONE),
            foundations=OnePile(wrap=params.wrap),
            stock=DealHome(),
        )

    def dialect(self, variant: Variant[GolfParams]) -> Dialect:
        from .dialect import GolfDialect

        return GolfDialect(variant)

    def search(self) -> Search:
        from ...solver.golf import solve_golf

        return solve_golf

    def rules_paragraphs(self, params: GolfParams) -> tuple[str, ...]:
        """The foundation words whether Ace and King touch."""
        return DEAL, PLAY, *self.pieces(params).foundations.rule_text(), END


GOLF = GolfFamily()


def member(key: str, name: str, aliases: tuple[str, ...], params: GolfParams) -> Variant[GolfParams]:
    """A Golf game; `name` is its English name, marked with N_ where it is declared."""
    geometry = TableLayout(
        top=(), bottom=(STOCK, FOUNDATION), columns=COLUMNS, longest_column=(5, 0), column_room=1 + 4 * 0.26,
        foundation_fan=11,
    )
    table = table_layout(GOLF.pieces(params), geometry)
    return Variant(key=key, english_name=name, family=GOLF, params=params, table=table, aliases=aliases)


GAMES: tuple[Variant[GolfParams], ...] = (
    member("golf", N_("Golf"), ("golf-relaxed", "relaxed-golf", "golfrelaxed"), GolfParams()),
    member("golf-strict", N_("Golf (strict)"), ("strict-golf", "golfstrict"), GolfParams(wrap=False)),
)
