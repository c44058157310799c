"""The Klondike family: draw 1 or 3, with or without cards coming back down from the foundations.

Seven piles over face-down cards, built down in alternating colours with Kings into gaps, and a
stock turned onto the waste as often as a player likes: the pieces say it all. The search is
`game.solver.klondike`, the terminal's language (`T0 S`, `P H`, `N`) `dialect`; each is loaded when
first asked for. The draw is a player's option (`DRAW`), kept in the settings.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...family import Family, Search, table_layout
from ...i18n import N_, Nn_, _, ngettext
from ...moves import STOCK, WASTE, Pile, PileKind
from ...pieces.builds import BUILDS
from ...pieces.columns import Columns, Fill
from ...pieces.deal import Deal, triangle
from ...pieces.engine import PieceRules
from ...pieces.foundations import SuitPiles
from ...pieces.stocks import TurnOnto
from ...pieces.table import Pieces
from ...rules import Rules
from ...scoring import Scoring
from ...scoring_modes import Standard, Vegas, VegasCumulative
from ...state import State
from ...variant import ALTERNATE_COLOURS, KINGS_ONLY, Tableau, TableLayout, Variant, counted_option, switch_option

if TYPE_CHECKING:  # loaded when a terminal first asks for the family's dialect
    from ...dialect import Dialect

FOUNDATIONS = tuple(Pile(PileKind.FOUNDATION, i) for i in range(4))
PILES = 7
DRAW_CHOICES = (1, 3)


@dataclass(frozen=True)
class KlondikeParams(Tableau):
    build: str = ALTERNATE_COLOURS
    empty_column: str = KINGS_ONLY
    draw: int = 1  # cards turned from the stock at a time
    foundation_return: bool = True  # a card may come back down from a foundation (many studies forbid it)


DRAW = counted_option(
    "draw", lambda: GAMES, DRAW_CHOICES, help=N_("Klondike: cards turned from the stock at a time (1 or 3)"),
    refused=N_("Klondike turns {low} or {high} cards at a time, not {n}"),
    label=N_("Klondike draws"), shown=Nn_("{n} card", "{n} cards"),
    news=Nn_("Klondike turns {n} card from the next deal", "Klondike turns {n} cards from the next deal"),
)
FOUNDATION_RETURN = switch_option(
    "foundation-return", lambda: GAMES, N_("Klondike: a card on a foundation never comes back down"),
)


class KlondikeFamily(Family[KlondikeParams]):
    key = "klondike"
    position = 20
    daily_positions = 80_000  # its search meets some 25,000-40,000 positions a second
    options = (DRAW, FOUNDATION_RETURN)

    def pieces(self, params: KlondikeParams) -> Pieces:
        return Pieces(
            deal=Deal(triangle(PILES), salt="klondike", face_down=tuple(range(PILES))),  # draw 1 and 3 deal alike
            columns=Columns(BUILDS[params.build], fill=Fill(params.empty_column)),
            foundations=SuitPiles(returns=params.foundation_return),
            stock=TurnOnto(draw=params.draw),
        )

    def scorings(self, variant: Variant[KlondikeParams]) -> tuple[Scoring, ...]:
        """Windows' Standard and Vegas scoring, Vegas also carried from game to game."""
        draw = variant.params.draw
        return Standard(draw=draw), Vegas(draw=draw), VegasCumulative(draw=draw)

    def dialect(self, variant: Variant[KlondikeParams]) -> Dialect:
        from .dialect import KlondikeDialect

        return KlondikeDialect(variant)

    def search(self) -> Search:
        """`game.solver.klondike`, which turns the stock as often as the game allows by default; under
        Vegas scoring, whose rules limit the passes (`scored_rules`), the generic search, which plays
        by the rules it is given."""
        from ...solver.klondike import solve_klondike

        generic = super().search()

        def search(rules: Rules, state: State, budget: Any) -> Any:
            stock = rules.pieces.stock if isinstance(rules, PieceRules) else None
            limited = isinstance(stock, TurnOnto) and stock.redeals is not None
            return generic(rules, state, budget) if limited else solve_klondike(rules, state, budget)

        return search

    def summary(self, variant: Variant[KlondikeParams]) -> str:
        line = super().summary(variant)
        if variant.params.foundation_return:
            return line
        # TRANSLATORS: the game chooser's line for Klondike without foundation return
        return " · ".join((line, _("no card comes back from the foundations")))

    def describe(self, variant: Variant[KlondikeParams]) -> str:
        return _rules_text(variant.params)


KLONDIKE = KlondikeFamily()


def member(key: str, name: str, aliases: tuple[str, ...], params: KlondikeParams) -> Variant[KlondikeParams]:
    """A Klondike game; `name` is its English name, marked with N_ where it is declared."""
    geometry = TableLayout(
        top=((STOCK, WASTE), FOUNDATIONS), columns=PILES, longest_column=(6 + 13, 6), column_room=2.2,
        waste_fan=params.draw, fan_room=1,
    )
    table = table_layout(KLONDIKE.pieces(params), geometry)
    return Variant(key=key, english_name=name, family=KLONDIKE, params=params, table=table, aliases=aliases)


def _rules_text(p: KlondikeParams) -> str:
    sentences = [
        _(
            "28 cards are dealt into 7 piles, the first with one card and each next pile with one more; "
            "only the top card of each pile lies face up. Move every card to the foundations, built up by "
            "suit from Ace to King. Piles build down in alternating colours, any face-up run moves together, "
            "and only a King (or a run headed by one) fills an empty pile. A face-down card turns up when it "
            "is uncovered."
        )
    ]
    if p.draw == 1:
        sentences.append(
            _(
                "The stock turns one card at a time onto the waste, whose top card can be played; "
                "when the stock is empty the waste turns back over, as often as you like."
            )
        )
    else:
        sentences.append(
            ngettext(
                "The stock turns {n} card at a time onto the waste, whose top card can be played; "
                "when the stock is empty the waste turns back over, as often as you like.",
                "The stock turns {n} cards at a time onto the waste, whose top card can be played; "
                "when the stock is empty the waste turns back over, as often as you like.",
                p.draw,
            ).format(n=p.draw)
        )
    if not p.foundation_return:
        sentences.append(_("A card on a foundation stays there: it never comes back down."))
    return " ".join(sentences)


GAMES: tuple[Variant[KlondikeParams], ...] = (
    member(
        "klondike", N_("Klondike"),
        ("klondike1", "klondike-1", "klondike-draw1", "klondike-draw-1", "solitaire", "patience"), KlondikeParams(),
    ),
    member(
        "klondike-draw3", N_("Klondike (draw 3)"),
        ("klondike3", "klondike-3", "klondike-draw-3", "klondike-turn3", "draw3"), KlondikeParams(draw=3),
    ),
    member(
        "klondike-nfr", N_("Klondike (no foundation return)"),
        ("klondike1-nfr", "klondike-draw1-nfr", "klondike-no-return"), KlondikeParams(foundation_return=False),
    ),
    member(
        "klondike3-nfr", N_("Klondike (draw 3, no foundation return)"),
        ("klondike-draw3-nfr", "klondike-3-nfr", "draw3-nfr", "klondike-draw3-no-return"),
        KlondikeParams(draw=3, foundation_return=False),
    ),
)
