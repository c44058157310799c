"""Forty & Eight: two decks, eight columns built down by suit, one redeal of the waste.

Forty Thieves' neighbour, on the same pieces: columns build down by suit, any card fills a gap, a run
of one suit moves as far as empty columns would carry it one card at a time, any Ace starts one of
the eight foundations, the stock turns one card at a time onto the waste, whose top card plays. Where
Forty Thieves goes through the stock once, here the waste is turned back over once (two passes).

KPatience's fortyeight.cpp and PySolFC's Forty and Eight deal four cards to each of the eight
columns, and KPatience turns the stock's first card onto the waste at the deal; the books' game, and
the name (forty cards in eight columns), deal five to each, with the waste empty. The books' deal is
the default; KPatience's is the option `--rows 4` (the game `forty-and-eight-kpatience`). PySolFC
moves one card at a time; KPatience, as here, moves a run through the empty columns.

The search is Forty Thieves' (`solver.forty_thieves`, told the redeal), the terminal's language
Forty Thieves' too; each is loaded when first asked for.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from ..cards import TWO_DECKS
from ..family import Fallback, Family, Search, table_layout
from ..i18n import N_, _
from ..moves import STOCK, WASTE, Pile, PileKind
from ..pieces.any_ace_piles import AnyAcePiles
from ..pieces.builds import DOWN_BY_SUIT
from ..pieces.columns import Columns, Fill
from ..pieces.deal import Deal, rows
from ..pieces.stocks import TurnOnto
from ..pieces.table import Pieces
from ..variant import Params, TableLayout, Variant, field_option

if TYPE_CHECKING:  # loaded when a terminal first asks for the family's dialect
    from ..dialect import Dialect

COLUMNS = 8
REDEALS = 1
# the search's weights: cards home, breaks, empty columns, buried wanted cards, the waste's cards
WEIGHTS = (12, 4, 8, 2, 2)
SERIES = ((12, 4, 8, 2, 4), (12, 4, 8, 3, 2))  # each noisy series' weights
BEAM = 2  # the beam search's positions for each of the main search's (docs/solvers.md)
KPATIENCE_ROWS = 4  # KPatience's deal: four cards a column, and the stock's first card on the waste
DEALS = {  # by the cards dealt to each column
    5: N_(
        "Two decks are shuffled together and 40 cards are dealt face up into 8 columns of 5; the other 64 wait face "
        "down in the stock."
    ),
    KPATIENCE_ROWS: N_(
        "Two decks are shuffled together and 32 cards are dealt face up into 8 columns of 4, and the stock's first "
        "card is turned onto the waste; the other 71 wait face down in the stock."
    ),
}
PLAY = (
    N_("Move every card to the eight foundations: any Ace starts an empty one, and each builds up by suit to the King."),
    N_("Columns build down by suit; any card may fill an empty column."),
    N_(
        "One card moves at a time. A run of one suit moves together when there is room to move it one card at a time "
        "through empty columns: 2 cards with one empty column, 4 with two, and so on."
    ),
    N_(
        "The stock turns one card at a time onto the waste, whose top card can be played. When the stock is empty, the "
        "waste may be turned back over once, for a second pass."
    ),
)
FOUNDATIONS = tuple(Pile(PileKind.FOUNDATION, i) for i in range(TWO_DECKS.foundations))


@dataclass(frozen=True)
class FortyEightParams(Params):
    rows: int = 5  # cards dealt to each column (KPatience deals 4, and one onto the waste)


ROWS = field_option(
    "rows", "rows", lambda: GAMES,
    refused=lambda n: _("Forty & Eight deals 4 or 5 cards to each column, not {n}").format(n=n),
    help=N_("Forty & Eight: cards dealt to each column (5; 4 as KPatience deals)"),
    choices=tuple(DEALS),
)


class FortyEightFamily(Family[FortyEightParams]):
    key = "forty-and-eight"
    position = 62
    options = (ROWS,)

    def pieces(self, params: FortyEightParams) -> Pieces:
        return Pieces(
            deal=Deal(
                rows(COLUMNS, params.rows), salt="forty-and-eight", waste=int(params.rows == KPATIENCE_ROWS),
            ),
            columns=Columns(DOWN_BY_SUIT, fill=Fill.ANY, supermove=True),
            foundations=AnyAcePiles(),
            stock=TurnOnto(redeals=REDEALS),
        )

    def dialect(self, variant: Variant[FortyEightParams]) -> Dialect:
        from .forty_thieves.dialect import FortyThievesDialect  # the same commands and board

        return FortyThievesDialect(variant)

    def search(self) -> Search:
        """Forty Thieves' search (it reads the redeal from the rules' stock), weighing the waste less and
        buried cards more in one noisy series, which won more of deals 1..10 in the weighings tried,
        with a beam search beside it, which walks through both passes of the stock where the
        best-first searches wander before its next card (docs/solvers.md)."""
        from ..solver.forty_thieves import solve_forty_thieves

        return partial(solve_forty_thieves, weights=WEIGHTS, series=SERIES, beam=BEAM)

    def hint_fallback(self) -> Fallback:
        from ..solver.forty_thieves import forty_thieves_hint

        return forty_thieves_hint

    def summary(self, variant: Variant[FortyEightParams]) -> str:
        # TRANSLATORS: the game chooser's line for Forty & Eight
        return _("two decks · by suit · stock turns 1 card, one redeal")

    def rules_paragraphs(self, params: FortyEightParams) -> tuple[str, ...]:
        return DEALS[params.rows], *PLAY


FORTY_EIGHT = FortyEightFamily()
# the eight foundations over the eight columns, the stock and the waste beside them (as KPatience lays the
# table out, its two at the foot of the window): Forty Thieves' top row of ten would leave bare felt here
GEOMETRY = TableLayout(
    top=(FOUNDATIONS,), side=(STOCK, WASTE), columns=COLUMNS,
    longest_column=(5 + 12, 0),  # a King dealt on top, with a run down to the Ace on it
)


def member(key: str, name: str, params: FortyEightParams) -> Variant[FortyEightParams]:
    """A Forty & Eight game; `name` is its English name, marked with N_ where it is declared."""
    return Variant(
        key=key, english_name=name, family=FORTY_EIGHT, params=params,
        table=table_layout(FORTY_EIGHT.pieces(params), GEOMETRY), pack=TWO_DECKS,
        aliases=("fortyandeight", "forty-eight", "40-and-8") if params == FortyEightParams() else (),
        listed=params == FortyEightParams(),  # KPatience's deal is the option's choice, not one more game to pick from
    )


GAMES: tuple[Variant[FortyEightParams], ...] = (
    member("forty-and-eight", N_("Forty & Eight"), FortyEightParams()),
    member("forty-and-eight-kpatience", N_("Forty & Eight (KPatience deal)"), FortyEightParams(rows=KPATIENCE_ROWS)),
)
