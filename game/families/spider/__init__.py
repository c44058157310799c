"""The Spider family: four suits, two suits and one suit, each with the standard or the relaxed deal.

Two decks, ten columns built down on any suit, runs of one suit that move together and go home
whole by themselves, a stock dealt ten cards at a time: the pieces say it all. The search is
`game.solver.spider`, the terminal's language (`58`, `d`) `dialect`. Whether the stock may be
dealt while a column is empty is a player's option (`RELAXED`), kept in the settings like Klondike's
draw; each choice is a registered game, so saves and statistics name it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...cards import Pack, Suit
from ...family import Fallback, Family, Search, table_layout
from ...i18n import N_, _, ngettext
from ...moves import STOCK, Pile, PileKind
from ...pieces.builds import DOWN_ANY_SUIT, DOWN_BY_SUIT
from ...pieces.columns import Columns
from ...pieces.deal import Deal
from ...pieces.run_piles import RunPiles
from ...pieces.stocks import DealOnto
from ...pieces.table import Pieces
from ...variant import Params, TableLayout, Variant, field_option

if TYPE_CHECKING:  # loaded when a terminal first asks for the family's dialect
    from ...dialect import Dialect

COLUMNS = 10
DEAL = 10  # cards a deal from the stock lays, one on each column
FOUNDATIONS = 8  # a completed run of 13 goes to one of them: 104 cards make eight
FIRST_ROWS = (6, 6, 6, 6, 5, 5, 5, 5, 5, 5)  # cards dealt to each column at the start
SUIT_CHOICES = {4: (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES), 2: (Suit.HEARTS, Suit.SPADES), 1: (Suit.SPADES,)}


@dataclass(frozen=True)
class SpiderParams(Params):
    suits: int = 4  # how many suits the 104 cards come in (4, 2 or 1)
    relaxed: bool = False  # the stock may be dealt while a column is empty (as KPatience plays)


RELAXED = field_option(
    "relaxed-deal", "relaxed", lambda: GAMES,
    refused=lambda value: _("Spider's relaxed deal is 0 (no) or 1 (yes), not {value}").format(value=value),
    help=N_("Spider: 1 lets the stock deal while a column is empty (0: only when none is)"),
    choices=(0, 1),
    label=N_("Spider deals"),
    # TRANSLATORS: the settings row "Spider deals": at any time, or only with no column empty. Keep them short
    shown=lambda relaxed: _("any time") if relaxed else _("no empty column"),
    news=lambda relaxed: (
        _("Spider's stock deals even with an empty column from the next deal")
        if relaxed
        else _("Spider's stock deals only when no column is empty from the next deal")
    ),
)


class SpiderFamily(Family[SpiderParams]):
    key = "spider"
    position = 50
    options = (RELAXED,)

    def pieces(self, params: SpiderParams) -> Pieces:
        return Pieces(
            # one, two and four suits deal alike (by rank): deal 5 lies the same in each
            deal=Deal(FIRST_ROWS, salt="spider", face_down=tuple(size - 1 for size in FIRST_ROWS)),
            columns=Columns(DOWN_ANY_SUIT, run=DOWN_BY_SUIT),
            foundations=RunPiles(),
            stock=DealOnto(gaps_block=not params.relaxed),
        )

    def dialect(self, variant: Variant[SpiderParams]) -> Dialect:
        from .dialect import SpiderDialect

        return SpiderDialect(variant)

    def search(self) -> Search:
        from ...solver.spider import solve_spider

        return solve_spider

    def hint_fallback(self) -> Fallback:
        from ...solver.spider import spider_hint  # one look ahead would go round in circles

        return spider_hint

    def describe(self, variant: Variant[SpiderParams]) -> str:
        params = variant.params
        suits = {
            4: _("104 cards: two decks."),
            2: _("104 cards of two suits, hearts and spades."),
            1: _("104 cards, all spades."),
        }[params.suits]
        deal = _(
            "Ten columns are dealt, the first four of six cards and the others of five; only the last card of each "
            "lies face up. The other 50 cards wait in the stock."
        )
        play = _(
            "Any card goes on a card one rank higher, whatever its suit, and an empty column takes any card. Only a "
            "run of one suit, in descending order, moves together. A card is turned face up when it is uncovered."
        )
        home = _("A whole run of one suit from King down to Ace goes to a foundation by itself. Send all eight home to win.")
        if params.relaxed:
            stock = _("A click on the stock deals one card face up onto each column, even while a column is empty.")
        else:
            stock = _("A click on the stock deals one card face up onto each column, only when no column is empty.")
        return " ".join((suits, deal, play, home, stock))

    def summary(self, variant: Variant[SpiderParams]) -> str:
        params = variant.params
        # TRANSLATORS: the game chooser's line for Spider: how many suits its 104 cards come in
        parts = [ngettext("{n} suit", "{n} suits", params.suits).format(n=params.suits)]
        # TRANSLATORS: the game chooser's line for Spider: how its runs move
        parts.append(_("runs of one suit move"))
        # TRANSLATORS: the game chooser's line for Spider: when the stock may be dealt
        parts.append(_("deals onto empty columns") if params.relaxed else _("deals when no column is empty"))
        return " · ".join(parts)


SPIDER = SpiderFamily()


def member(key: str, name: str, aliases: tuple[str, ...], params: SpiderParams) -> Variant[SpiderParams]:
    """A Spider game; `name` is its English name, marked with N_ where it is declared."""
    foundations = tuple(Pile(PileKind.FOUNDATION, i) for i in range(FOUNDATIONS))
    geometry = TableLayout(top=((STOCK,), foundations), columns=COLUMNS, longest_column=(5 + 13 + 6, 5), column_room=3.0)
    table = table_layout(SPIDER.pieces(params), geometry)
    pack = Pack.of(2, SUIT_CHOICES[params.suits])
    return Variant(
        key=key, english_name=name, family=SPIDER, params=params, table=table, aliases=aliases, pack=pack,
        listed=not params.relaxed,  # the relaxed deal is the settings' choice, not three more games to pick from
    )


GAMES: tuple[Variant[SpiderParams], ...] = (
    member("spider", N_("Spider"), ("spider-4", "spider4", "spider-four-suits"), SpiderParams()),
    member("spider-2", N_("Spider (two suits)"), ("spider2", "spider-two-suits"), SpiderParams(suits=2)),
    member("spider-1", N_("Spider (one suit)"), ("spider1", "spider-one-suit"), SpiderParams(suits=1)),
    member("spider-relaxed", N_("Spider (relaxed deal)"), ("spider-4-relaxed",), SpiderParams(relaxed=True)),
    member(
        "spider-2-relaxed", N_("Spider (two suits, relaxed deal)"), ("spider2-relaxed",), SpiderParams(suits=2, relaxed=True)
    ),
    member(
        "spider-1-relaxed", N_("Spider (one suit, relaxed deal)"), ("spider1-relaxed",), SpiderParams(suits=1, relaxed=True)
    ),
)
