"""The FreeCell family: FreeCell, Baker's Game, Eight Off, Seahaven Towers, and any shape of cells and columns.

All cards are dealt face up in Microsoft FreeCell's order (so deal numbers match it), columns build
down, and a run moves as far as free cells and empty columns would carry it one card at a time. A
member is one line in GAMES; the search is `game.solver.freecell`.
"""
from __future__ import annotations

from ..family import Family, Search, table_layout
from ..i18n import N_, _, ngettext
from ..moves import Pile, PileKind, cell
from ..pieces.builds import BUILDS
from ..pieces.columns import Columns, Fill
from ..pieces.deal import Deal, even
from ..pieces.foundations import SuitPiles
from ..pieces.table import Pieces
from ..value import Value
from ..variant import (
    ALTERNATE_COLOURS,
    ANY_CARD,
    KINGS_ONLY,
    SAME_SUIT,
    Shapes,
    Tableau,
    TableLayout,
    UnknownGame,
    Variant,
    shape_name,
)

FOUNDATIONS = tuple(Pile(PileKind.FOUNDATION, i) for i in range(4))


class FreeCellParams(Tableau, Value):
    """Written out rather than a frozen dataclass: a start that deals FreeCell makes this class, and a
    dataclass compiles its methods as its module loads (game/value.py)."""

    __slots__ = ("build", "empty_column", "cells", "columns", "dealt_to_cells")

    def __init__(self, build: str = ALTERNATE_COLOURS, empty_column: str = ANY_CARD, cells: int = 4, columns: int = 8,
                 dealt_to_cells: int = 0) -> None:
        self.build = build
        self.empty_column = empty_column
        self.cells = cells
        self.columns = columns
        self.dealt_to_cells = dealt_to_cells  # the last cards of the deal go to the cells (Eight Off, Seahaven)

    def record(self) -> dict[str, object]:
        return dict(zip(self.__slots__, self._slot_values()))


class FreeCellFamily(Family[FreeCellParams]):
    key = "freecell"
    position = 10
    shapes: Shapes = Shapes(least_cells=0, most_cells=10, least_columns=4, most_columns=10)  # what `reshaped` allows

    def pieces(self, params: FreeCellParams) -> Pieces:
        return Pieces(
            deal=Deal(even(52 - params.dealt_to_cells, params.columns), microsoft=True, cells=params.dealt_to_cells),
            columns=Columns(BUILDS[params.build], fill=Fill(params.empty_column), supermove=True),
            foundations=SuitPiles(),
            cells=params.cells,
        )

    def search(self) -> Search:
        from ..solver.freecell import solve_freecell

        return solve_freecell

    def describe(self, variant: Variant[FreeCellParams]) -> str:
        return _rules_text(variant.params)

    def reshaped(self, variant: Variant[FreeCellParams], cells: int, columns: int) -> Variant[FreeCellParams]:
        """The same game with `cells` cells and `columns` columns (a registered one when it has that shape)."""
        self.shapes.check(cells, columns)
        dealt = variant.params.dealt_to_cells
        if dealt > cells:
            raise UnknownGame(
                ngettext(
                    "{game} deals {n} card to the cells: it needs that many",
                    "{game} deals {n} cards to the cells: it needs that many",
                    dealt,
                ).format(game=variant.name, n=dealt)
            )
        base = next(v for v in GAMES if v.english_name == (variant.shaped_from or variant.english_name))
        if (cells, columns) == (base.cells, base.columns):
            return base
        shaped = member(
            f"{base.key}:{cells}x{columns}", shape_name(base.english_name, cells, columns, english=True),
            base.params.replace(cells=cells, columns=columns),
        )
        return shaped.replace(shaped_from=base.english_name)


FREECELL = FreeCellFamily()


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
    return table_layout(FREECELL.pieces(p), TableLayout(top=top, side=side, columns=p.columns, longest_column=(dealt + 12, 0)))


def member(key: str, name: str, params: FreeCellParams, aliases: tuple[str, ...] = ()) -> Variant[FreeCellParams]:
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


GAMES: tuple[Variant[FreeCellParams], ...] = (
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
