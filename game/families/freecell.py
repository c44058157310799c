"""The FreeCell family: FreeCell, Baker's Game, Eight Off, Seahaven Towers, and any shape of cells and columns.

A member is one line in VARIANTS; the rules are `game.freecell`, the search `game.solver.freecell`.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..i18n import N_, _, ngettext
from ..moves import Pile, PileKind, cell
from ..variant import ANY_CARD, KINGS_ONLY, SAME_SUIT, Family, Shapes, Tableau, TableLayout, UnknownGame, Variant, shape_name

SHAPES = Shapes(least_cells=0, most_cells=10, least_columns=4, most_columns=10)
FOUNDATIONS = tuple(Pile(PileKind.FOUNDATION, i) for i in range(4))


@dataclass(frozen=True)
class FreeCellParams(Tableau):
    cells: int = 4
    columns: int = 8
    dealt_to_cells: int = 0  # the last cards of the deal go to the cells (Eight Off, Seahaven)


class FreeCellFamily(Family):
    key = "freecell"
    rules = ("game.freecell", "FreeCellRules")
    solver = ("freecell", "solve_freecell")
    shapes = SHAPES

    def describe(self, variant: Variant) -> str:
        return _rules_text(params_of(variant))

    def reshaped(self, variant: Variant, cells: int, columns: int) -> Variant:
        """The same game with `cells` cells and `columns` columns (a registered one when it has that shape)."""
        params = params_of(variant)
        if not SHAPES.least_cells <= cells <= SHAPES.most_cells:
            raise UnknownGame(
                _("cells must be between {low} and {high}, not {n}").format(
                    low=SHAPES.least_cells, high=SHAPES.most_cells, n=cells
                )
            )
        if not SHAPES.least_columns <= columns <= SHAPES.most_columns:
            raise UnknownGame(
                _("columns must be between {low} and {high}, not {n}").format(
                    low=SHAPES.least_columns, high=SHAPES.most_columns, n=columns
                )
            )
        if params.dealt_to_cells > cells:
            dealt = params.dealt_to_cells
            raise UnknownGame(
                ngettext(
                    "{game} deals {n} card to the cells: it needs that many",
                    "{game} deals {n} cards to the cells: it needs that many",
                    dealt,
                ).format(game=variant.name, n=dealt)
            )
        base = next(v for v in VARIANTS if v.english_name == (variant.shaped_from or variant.english_name))
        if (cells, columns) == (base.cells, base.columns):
            return base
        shaped = member(
            f"{base.key}:{cells}x{columns}", shape_name(base.english_name, cells, columns, english=True),
            replace(params_of(base), cells=cells, columns=columns),
        )
        return replace(shaped, shaped_from=base.english_name)


FREECELL = FreeCellFamily()


def params_of(variant: Variant) -> FreeCellParams:
    assert isinstance(variant.params, FreeCellParams)
    return variant.params


def _table(p: FreeCellParams) -> TableLayout:
    """Cells and foundations above the columns when they fit there: with two or more slots to spare,
    the foundations go in pairs to both ends with the cells between (Seahaven Towers), so no wide
    gap opens in the middle. When they do not fit, the foundations stand beside the columns and the
    cells take the top row (Eight Off), and only more cells than columns fold the top row in two."""
    # The longest column: the deepest dealt one with a run down to the Ace on its top card (a King,
    # which can go only to an empty column, starts such a run).
    dealt = -(-(52 - p.dealt_to_cells) // p.columns)
    cell_piles = tuple(cell(i) for i in range(p.cells))
    spare = p.columns - p.cells - len(FOUNDATIONS)
    top: tuple[tuple[Pile, ...], ...] = (cell_piles, FOUNDATIONS)
    side: tuple[Pile, ...] = ()
    if spare >= 2 and p.cells:
        top = (FOUNDATIONS[:2], cell_piles, FOUNDATIONS[2:])
    elif spare < 0 and p.cells <= p.columns:
        top, side = (cell_piles,), FOUNDATIONS
    return TableLayout(
        top=top, side=side, columns=p.columns, longest_column=(dealt + 12, 0), kings_fill_columns=p.empty_column == KINGS_ONLY
    )


def member(key: str, name: str, params: FreeCellParams, aliases: tuple[str, ...] = ()) -> Variant:
    """A FreeCell-family game; `name` is its English name, marked with N_ where it is declared."""
    return Variant(key=key, english_name=name, family=FREECELL, params=params, table=_table(params), aliases=aliases)


def _rules_text(p: FreeCellParams) -> str:
    sentences = [
        ngettext(
            "All cards are dealt face up into {n} column.", "All cards are dealt face up into {n} columns.", p.columns
        ).format(n=p.columns)
    ]
    if p.dealt_to_cells:
        sentences.append(
            ngettext("{n} of the cells starts with a card.", "{n} of the cells start with a card.", p.dealt_to_cells).format(
                n=p.dealt_to_cells
            )
        )
    sentences.append(_("Move every card to the foundations, built up by suit from Ace to King."))
    if p.build == SAME_SUIT:
        if p.empty_column == ANY_CARD:
            sentences.append(_("Columns build down by suit; any card may fill an empty column."))
        else:
            sentences.append(_("Columns build down by suit; only a King may fill an empty column."))
    elif p.empty_column == ANY_CARD:
        sentences.append(_("Columns build down in alternating colours; any card may fill an empty column."))
    else:
        sentences.append(_("Columns build down in alternating colours; only a King may fill an empty column."))
    if p.cells:
        held = ngettext("The {n} cell holds one card.", "Each of the {n} cells holds one card.", p.cells)
        sentences.append(held.format(n=p.cells))
    else:
        sentences.append(_("There are no cells."))
    sentences.append(
        _(
            "A run of cards moves together when there is room to move it one card at a time through free cells "
            "and empty columns."
        )
    )
    return " ".join(sentences)


VARIANTS: tuple[Variant, ...] = (
    member("freecell", N_("FreeCell"), FreeCellParams(), ("fc", "free-cell")),
    member("bakers-game", N_("Baker's Game"), FreeCellParams(build=SAME_SUIT), ("bakers", "baker", "bakersgame")),
    member(
        "eight-off", N_("Eight Off"),
        FreeCellParams(cells=8, columns=8, build=SAME_SUIT, empty_column=KINGS_ONLY, dealt_to_cells=4), ("eightoff", "8off"),
    ),
    member(
        "seahaven", N_("Seahaven Towers"),
        FreeCellParams(cells=4, columns=10, build=SAME_SUIT, empty_column=KINGS_ONLY, dealt_to_cells=2),
        ("seahaven-towers", "seahaventowers"),
    ),
)
