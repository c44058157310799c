"""The Forty Thieves family: two decks, ten columns of four, eight foundations, one pass through the stock.

The rules are `game.forty_thieves`, the search `game.solver.forty_thieves`, the terminal's language
(standard notation, `d` turns the stock, a board with eight foundations) `forty_thieves_dialect`;
each is loaded when first asked for.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..cards import TWO_DECKS
from ..i18n import N_, _, ngettext
from ..moves import STOCK, WASTE, Pile, PileKind
from ..variant import ANY_CARD, SAME_SUIT, Family, Tableau, TableLayout, Variant

FOUNDATIONS = tuple(Pile(PileKind.FOUNDATION, i) for i in range(TWO_DECKS.foundations))


@dataclass(frozen=True)
class FortyThievesParams(Tableau):
    build: str = SAME_SUIT
    empty_column: str = ANY_CARD
    columns: int = 10
    rows: int = 4  # face-up cards dealt to each column


def params_of(variant: Variant) -> FortyThievesParams:
    assert isinstance(variant.params, FortyThievesParams)
    return variant.params


class FortyThievesFamily(Family):
    key = "forty-thieves"
    rules = ("game.forty_thieves", "FortyThievesRules")
    dialect = ("game.families.forty_thieves_dialect", "FortyThievesDialect")
    solver = ("forty_thieves", "solve_forty_thieves")
    hint_fallback = ("forty_thieves", "forty_thieves_hint")  # one look ahead would go round in circles

    def summary(self, variant: Variant) -> str:
        # TRANSLATORS: the game chooser's line for Forty Thieves
        return _("two decks · by suit · stock turns 1 card, once")

    def describe(self, variant: Variant) -> str:
        p = params_of(variant)
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


def member(key: str, name: str, aliases: tuple[str, ...], params: FortyThievesParams) -> Variant:
    """A Forty Thieves game; `name` is its English name, marked with N_ where it is declared."""
    table = TableLayout(
        top=((STOCK, WASTE), FOUNDATIONS), columns=params.columns,
        longest_column=(params.rows + 12, 0),  # a King dealt on top, with a run down to the Ace on it
        suit_foundations=False,
    )
    return Variant(
        key=key, english_name=name, family=FORTY_THIEVES, params=params, table=table, aliases=aliases, pack=TWO_DECKS
    )


VARIANTS: tuple[Variant, ...] = (
    member(
        "forty-thieves", N_("Forty Thieves"), ("fortythieves", "forty", "40-thieves", "napoleon-at-st-helena"),
        FortyThievesParams(),
    ),
)
