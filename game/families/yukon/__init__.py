"""The Yukon family: Yukon (alternating colours) and Russian Solitaire (by suit).

Both deal Klondike's seven piles and spread the other 24 cards face up over piles 2 to 7, so there
is no stock; any face-up card moves with every card on it, onto a card it builds on, whatever lies
on the moved card. The search is `game.solver.yukon`, the terminal's language (`3 6`, `3 6 4`,
`3 h`) `dialect`; each is loaded when first asked for.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...family import Family, Search, table_layout
from ...i18n import N_, _
from ...moves import Pile, PileKind
from ...pieces.builds import BUILDS
from ...pieces.columns import Columns, Fill, Lift
from ...pieces.deal import Deal, triangle
from ...pieces.foundations import SuitPiles
from ...pieces.table import Pieces
from ...variant import ALTERNATE_COLOURS, KINGS_ONLY, SAME_SUIT, Tableau, TableLayout, Variant

if TYPE_CHECKING:  # loaded when a terminal first asks for the family's dialect
    from ...dialect import Dialect

FOUNDATIONS = tuple(Pile(PileKind.FOUNDATION, i) for i in range(4))
PILES = 7
SPREAD = 4  # face-up cards laid on each of piles 2 to 7 after Klondike's deal


@dataclass(frozen=True)
class YukonParams(Tableau):
    build: str = ALTERNATE_COLOURS
    empty_column: str = KINGS_ONLY


class YukonFamily(Family[YukonParams]):
    key = "yukon"
    position = 40
    daily_positions = 60_000  # its search meets some 15,000 positions a second

    def pieces(self, params: YukonParams) -> Pieces:
        return Pieces(
            # Yukon and Russian deal alike: Klondike's piles, then the rest spread over piles 2 to 7
            deal=Deal(triangle(PILES), salt="yukon", face_down=tuple(range(PILES)), spread=(0,) + (SPREAD,) * (PILES - 1)),
            columns=Columns(BUILDS[params.build], lift=Lift.FACE_UP, fill=Fill(params.empty_column)),
            foundations=SuitPiles(),
        )

    def dialect(self, variant: Variant[YukonParams]) -> Dialect:
        from .dialect import YukonDialect

        return YukonDialect(variant)

    def search(self) -> Search:
        from ...solver.yukon import solve_yukon

        return solve_yukon

    def describe(self, variant: Variant[YukonParams]) -> str:
        deal = _(
            "28 cards are dealt into 7 piles as in Klondike, the first with one card and each next pile with "
            "one more, only the top card face up; the other 24 cards are dealt face up onto piles 2 to 7, four "
            "on each. There is no stock. Move every card to the foundations, built up by suit from Ace to King."
        )
        if variant.params.build == SAME_SUIT:
            build = _(
                "Piles build down by suit. Any face-up card may move, together with all the cards on it, onto "
                "the next higher card of its suit, whatever lies on the moved card."
            )
        else:
            build = _(
                "Piles build down in alternating colours. Any face-up card may move, together with all the cards "
                "on it, onto a card one rank higher of the other colour, whatever lies on the moved card."
            )
        end = _("Only a King, with whatever is on it, fills an empty pile. A face-down card turns up when it is uncovered.")
        return " ".join((deal, build, end))


YUKON = YukonFamily()
# The foundations stand beside the columns, as both anchors place them (KPatience and AisleRiot), so
# the columns get the window's whole height: they grow longer than in any other one-deck game. The
# columns keep the default room of 2.56 card heights and compress their fan when longer: the longest
# one (the seventh pile's 6 face-down cards and 5 face-up ones, with 12 more built on its top card)
# still shows a strip of each card.
TABLE = TableLayout(top=(), side=FOUNDATIONS, columns=PILES, longest_column=(6 + 5 + 12, 6))


def member(key: str, name: str, aliases: tuple[str, ...], params: YukonParams) -> Variant[YukonParams]:
    """A Yukon game; `name` is its English name, marked with N_ where it is declared."""
    table = table_layout(YUKON.pieces(params), TABLE)
    return Variant(key=key, english_name=name, family=YUKON, params=params, table=table, aliases=aliases)


GAMES: tuple[Variant[YukonParams], ...] = (
    member("yukon", N_("Yukon"), (), YukonParams()),
    member("russian", N_("Russian Solitaire"), ("russian-solitaire", "russian-patience"), YukonParams(build=SAME_SUIT)),
)
