"""The Forty Thieves family: two decks, ten columns of four, eight foundations, one pass through the stock.

Columns build down by suit, a run moves as far as empty columns would carry it one card at a time,
any Ace starts a foundation, the stock goes through once: the pieces say it all. The search is
`game.solver.forty_thieves`, the terminal's language (standard notation, `d` turns the stock, a
board with eight foundations) `dialect`; each is loaded when first asked for.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...cards import TWO_DECKS
from ...family import Fallback, Family, Search, table_layout
from ...i18n import N_, _, ngettext
from ...moves import STOCK, WASTE, Pile, PileKind
from ...pieces.any_ace_piles import AnyAcePiles
from ...pieces.builds import BUILDS
from ...pieces.columns import Columns, Fill
from ...pieces.deal import Deal, rows
from ...pieces.stocks import TurnOnto
from ...pieces.table import Pieces
from ...variant import ANY_CARD, SAME_SUIT, Tableau, TableLayout, Variant

if TYPE_CHECKING:  # loaded when a terminal first asks for the family's dialect
    from ...dialect import Dialect

FOUNDATIONS = tuple(Pile(PileKind.FOUNDATION, i) for i in range(TWO_DECKS.foundations))


@dataclass(frozen=True)
class FortyThievesParams(Tableau):
    build: str = SAME_SUIT
    empty_column: str = ANY_CARD
    columns: int = 10
    rows: int = 4  # face-up cards dealt to each column


class FortyThievesFamily(Family[FortyThievesParams]):
    key = "forty-thieves"
    position = 60

    def pieces(self, params: FortyThievesParams) -> Pieces:
        return Pieces(
            deal=Deal(rows(params.columns, params.rows), salt="forty-thieves"),
            columns=Columns(BUILDS[params.build], fill=Fill(params.empty_column), supermove=True),
            foundations=AnyAcePiles(),
            stock=TurnOnto(redeals=0),
        )

    def dialect(self, variant: Variant[FortyThievesParams]) -> Dialect:
        from .dialect import FortyThievesDialect

        return FortyThievesDialect(variant)

    def search(self) -> Search:
        from ...solver.forty_thieves import solve_forty_thieves

        return solve_forty_thieves

    def hint_fallback(self) -> Fallback:
        from ...solver.forty_thieves import forty_thieves_hint  # one look ahead would go round in circles

        return forty_thieves_hint

    def summary(self, variant: Variant[FortyThievesParams]) -> str:
        # TRANSLATORS: the game chooser's line for Forty Thieves
        return _("two decks · by suit · stock turns 1 card, once")

    def describe(self, variant: Variant[FortyThievesParams]) -> str:
        p = variant.params
        dealt = p.columns * p.rows
        return " ".join(
            (
                ngettext(
                    "Two decks are shuffled together and {dealt} cards are dealt face up into {columns} columns of "
                    "{rows} card; the other {stock} wait face down in the stock.",
                    "Two decks are shuffled together and {dealt} cards are dealt face up into {columns} columns of "
                    "{rows} cards; the other {stock} wait face down in the stock.",
                    p.rows,
                ).format(dealt=dealt, columns=p.columns, rows=p.rows, stock=variant.pack.size - dealt),
                _(
                    "Move every card to the eight foundations: any Ace starts an empty one, and each builds up by suit "
                    "to the King."
                ),
                _("Columns build down by suit; any card may fill an empty column."),
                _(
                    "One card moves at a time. A run of one suit moves together when there is room to move it one card "
                    "at a time through empty columns: 2 cards with one empty column, 4 with two, and so on."
                ),
                _(
                    "The stock turns one card at a time onto the waste, whose top card can be played. There is no "
                    "redeal: when the stock is empty, the game goes on without it."
                ),
            )
        )


FORTY_THIEVES = FortyThievesFamily()


def member(key: str, name: str, aliases: tuple[str, ...], params: FortyThievesParams) -> Variant[FortyThievesParams]:
    """A Forty Thieves game; `name` is its English name, marked with N_ where it is declared."""
    geometry = TableLayout(
        top=((STOCK, WASTE), FOUNDATIONS), columns=params.columns,
        longest_column=(params.rows + 12, 0),  # a King dealt on top, with a run down to the Ace on it
    )
    table = table_layout(FORTY_THIEVES.pieces(params), geometry)
    return Variant(
        key=key, english_name=name, family=FORTY_THIEVES, params=params, table=table, aliases=aliases, pack=TWO_DECKS
    )


GAMES: tuple[Variant[FortyThievesParams], ...] = (
    member(
        "forty-thieves", N_("Forty Thieves"), ("fortythieves", "forty", "40-thieves", "napoleon-at-st-helena"),
        FortyThievesParams(),
    ),
)
