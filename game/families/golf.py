"""The Golf family: relaxed (Ace and King touch) and strict.

The rules are `game.golf`, the search `game.solver.golf`, the terminal's language (`1`-`7` plays a
column, `d` deals) `golf_dialect`.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..i18n import N_, _
from ..moves import FOUNDATION, STOCK
from ..variant import Family, Params, TableLayout, Variant

COLUMNS = 7


@dataclass(frozen=True)
class GolfParams(Params):
    wrap: bool = True  # Ace and King are next to each other (relaxed Golf)


def params_of(variant: Variant) -> GolfParams:
    assert isinstance(variant.params, GolfParams)
    return variant.params


class GolfFamily(Family):
    key = "golf"
    rules = ("game.golf", "GolfRules")
    dialect = ("game.families.golf_dialect", "GolfDialect")
    solver = ("golf", "solve_golf")

    def describe(self, variant: Variant) -> str:
        deal = _(
            "35 cards are dealt face up into 7 columns of 5, one card starts the foundation and the other 16 "
            "wait face down in the stock."
        )
        if params_of(variant).wrap:
            play = _(
                "Play the top card of any column onto the foundation when its rank is one above or one below "
                "the foundation's top card, whatever the suit; Ace and King count as next to each other."
            )
        else:
            play = _(
                "Play the top card of any column onto the foundation when its rank is one above or one below "
                "the foundation's top card, whatever the suit; Ace and King are not next to each other, and "
                "nothing may be played on a King."
            )
        end = _("The stock deals one card onto the foundation at a time. Clear every column to win.")
        return " ".join((deal, play, end))


GOLF = GolfFamily()


def member(key: str, name: str, aliases: tuple[str, ...], params: GolfParams) -> Variant:
    """A Golf game; `name` is its English name, marked with N_ where it is declared."""
    table = TableLayout(
        top=(), bottom=(STOCK, FOUNDATION), columns=COLUMNS, longest_column=(5, 0), column_room=1 + 4 * 0.26,
        foundation_fan=11, suit_foundations=False, click_plays_columns=True,
    )
    return Variant(key=key, english_name=name, family=GOLF, params=params, table=table, aliases=aliases)


VARIANTS: tuple[Variant, ...] = (
    member("golf", N_("Golf"), ("golf-relaxed", "relaxed-golf", "golfrelaxed"), GolfParams()),
    member("golf-strict", N_("Golf (strict)"), ("strict-golf", "golfstrict"), GolfParams(wrap=False)),
)
