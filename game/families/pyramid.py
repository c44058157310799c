"""Pyramid: 28 cards in seven overlapping rows, taken off in pairs that make 13 (a King alone).

Which stock rule this follows, as the anchors differ:
- Microsoft Solitaire Collection shows the stock's top card face up and lets it pair as well as the
  waste's top; three passes through the stock; won when the pyramid is cleared.
- PySolFC's Pyramid shows the stock's top card face up and in play too, starts the waste with one
  card, allows three passes, and wants all 52 cards gone (its Relaxed Pyramid: the pyramid cleared).
- AisleRiot has no Pyramid; its Thirteen is the nearest: the upper rows face down, one pass, and the
  waste's top may pair with the card under it.
Here the stock lies face down and turns one card at a time onto the waste, whose top card alone
joins the pairs (the classic rule of Morehead and Mott-Smith's and Parlett's books, and the shared
`TurnOnto` stock); three passes, as Microsoft's and PySolFC's, are the default of the `passes`
option (one to three); and the game is won when the pyramid is cleared, as in Microsoft's and
PySolFC's Relaxed Pyramid, whatever the stock and waste still hold.

The pieces say the rules; the search is `game.solver.pairs` (exact), the terminal's language the
matching games' (`game.matching_dialect`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..family import Family, Search, table_layout
from ..i18n import N_, Nn_, _, ngettext
from ..moves import FOUNDATION, STOCK, WASTE
from ..pieces.deal import Deal, rows
from ..pieces.matches import PairsTo
from ..pieces.matching import Matching
from ..pieces.slots import pyramid
from ..pieces.stocks import TurnOnto
from ..scoring import Scoring
from ..scoring_modes import Pairs
from ..variant import Params, TableLayout, Variant, counted_option

if TYPE_CHECKING:  # loaded when a terminal first asks for the family's dialect
    from ..dialect import Dialect

ROWS = 7
SLOTS = pyramid(ROWS)
PASSES = (1, 2, 3)


@dataclass(frozen=True)
class PyramidParams(Params):
    passes: int = 3  # times through the stock: the waste turns back over passes - 1 times


PASSES_OPTION = counted_option(
    "passes", lambda: GAMES, PASSES, help=N_("Pyramid: times through the stock (1 to 3)"),
    refused=N_("Pyramid goes through the stock {low} to {high} times, not {n}"),
    label=N_("Pyramid's passes"), shown=Nn_("{n} pass", "{n} passes"),
    news=Nn_(
        "Pyramid goes through the stock {n} time from the next deal",
        "Pyramid goes through the stock {n} times from the next deal",
    ),
)


class PyramidFamily(Family[PyramidParams]):
    key = "pyramid"
    position = 80
    daily_positions = 400_000  # its search meets 100,000-250,000 positions a second; most deals of one pass are lost
    options = (PASSES_OPTION,)

    def pieces(self, params: PyramidParams) -> Matching:
        return Matching(
            deal=Deal(rows(SLOTS.size, 1), salt="pyramid"),  # every number of passes deals alike
            slots=SLOTS,
            match=PairsTo(13),
            stock=TurnOnto(draw=1, redeals=params.passes - 1),
        )

    def scorings(self, variant: Variant[PyramidParams]) -> tuple[Scoring, ...]:
        """Points for each pair taken off, and for clearing the pyramid."""
        return (Pairs(),)

    def dialect(self, variant: Variant[PyramidParams]) -> Dialect:
        from ..matching_dialect import MatchingDialect

        return MatchingDialect(variant, self.pieces(variant.params))

    def search(self) -> Search:
        from ..solver.pairs import solve_pairs

        return solve_pairs

    def describe(self, variant: Variant[PyramidParams]) -> str:
        passes = variant.params.passes
        deal = _(
            "28 cards are dealt face up in a pyramid of seven rows, from one card at the top to seven at the "
            "bottom, each card lying half over the two above it. A card is free when no card lies on it."
        )
        play = _(
            "Take off two free cards whose ranks add up to 13 (an Ace counts 1, a Jack 11, a Queen 12), and a "
            "King on its own."
        )
        if passes == 1:
            stock = _(
                "The other 24 cards wait face down in the stock, which turns one card at a time onto the waste; "
                "the waste's top card pairs too. The stock is gone through once."
            )
        else:
            stock = ngettext(
                "The other 24 cards wait face down in the stock, which turns one card at a time onto the waste; "
                "the waste's top card pairs too. When the stock is empty the waste turns back over: the stock "
                "is gone through {n} time in all.",
                "The other 24 cards wait face down in the stock, which turns one card at a time onto the waste; "
                "the waste's top card pairs too. When the stock is empty the waste turns back over: the stock "
                "is gone through {n} times in all.",
                passes,
            ).format(n=passes)
        end = _("Clear the pyramid to win; cards left in the stock and the waste do not count.")
        return " ".join((deal, play, stock, end))


PYRAMID = PyramidFamily()


def _places() -> tuple[tuple[float, float], ...]:
    """Each slot's place, in columns across and card heights down: rows half a card apart, each
    card centred over the two it lies on."""
    return tuple((ROWS / 2 - row / 2 - 0.5 + at, row / 2) for row in range(ROWS) for at in range(row + 1))


def member(key: str, name: str, aliases: tuple[str, ...], params: PyramidParams, listed: bool) -> Variant[PyramidParams]:
    """A Pyramid game; `name` is its English name, marked with N_ where it is declared."""
    geometry = TableLayout(  # the stock, waste and foundation beside the pyramid, which then takes the window's height
        top=(), side=(STOCK, WASTE, FOUNDATION), columns=SLOTS.size, longest_column=(1, 0), column_room=4.0,
        places=_places(),
    )
    table = table_layout(PYRAMID.pieces(params), geometry)
    return Variant(key=key, english_name=name, family=PYRAMID, params=params, table=table, aliases=aliases, listed=listed)


GAMES: tuple[Variant[PyramidParams], ...] = (
    member("pyramid", N_("Pyramid"), ("pyramid3", "pyramid-3"), PyramidParams(), True),
    member("pyramid-1", N_("Pyramid (one pass)"), ("pyramid1",), PyramidParams(passes=1), False),
    member("pyramid-2", N_("Pyramid (two passes)"), ("pyramid2",), PyramidParams(passes=2), False),
)
