"""What one game is, as data: its parameters and the shape of its table.

This record is all the rest of the program is told about a game. The rules read the parameters that
concern their family; every front end reads `table` to lay the game out, so none of them has to ask
which game it is. The games themselves are declared in `variants.py`, beside the family registry.

A variant's texts are read in the player's language: `name` and `description` translate when they
are read, so a front end that shows them needs nothing more. What is stored or looked up (`key`,
`aliases`, `english_name`) stays the same in every language.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .i18n import _, ngettext
from .moves import Pile, PileKind

ALTERNATE_COLOURS = "alternate-colours"
SAME_SUIT = "same-suit"
ANY_CARD = "any"
KINGS_ONLY = "kings"


class UnknownGame(ValueError):
    """A game name that matches no variant."""


@dataclass(frozen=True)
class TableLayout:
    """Where a game's piles sit and how they show, for a front end that draws any game it is given.

    The columns run across the table. Above them, the top row holds groups of piles: the first group
    starts at the left edge, the last ends at the right, and free room is shared out between groups
    (FreeCell: cells, then foundations; Klondike: stock and waste, then foundations). `side` piles
    stand one under another to the right of the columns (Eight Off's foundations, whose eight cells
    fill the top row); `bottom` piles lie in a row under the columns (Golf's stock and foundation,
    beneath columns that never grow).
    """

    top: tuple[tuple[Pile, ...], ...]
    longest_column: tuple[int, int]  # (cards, face down) of the longest column the game can build
    column_room: float = 2.56  # card heights kept for the columns (13 cards at half fan); longer ones compress
    side: tuple[Pile, ...] = ()
    bottom: tuple[Pile, ...] = ()
    waste_fan: int = 1  # how many of the waste's top cards spread sideways (three in draw-3 Klondike)
    foundation_fan: int = 1  # the same for foundations (Golf's one foundation shows the run played onto it)
    fan_room: int = 0  # free slots kept right of the first top group for that fan to spread into
    suit_foundations: bool = True  # foundation i belongs to suit i, so an empty one shows its suit
    stock_recycles: bool = False  # the empty stock turns the waste back over (marked ↺)
    kings_fill_columns: bool = False  # only a King may fill an empty column (marked K)
    click_plays_columns: bool = False  # a column's top card has one place to go: a click plays it

    def fan(self, kind: PileKind) -> int:
        """How many top cards of a pile of this kind spread sideways (columns fan downwards instead)."""
        return {PileKind.WASTE: self.waste_fan, PileKind.FOUNDATION: self.foundation_fan}.get(kind, 1)


# The rules text of each family (its key in `variants.FAMILIES`), written when it is read so that it
# comes out in the player's language; `variants.py` fills this in beside the families.
RULES_TEXTS: dict[str, Callable[[Variant], str]] = {}


@dataclass(frozen=True)
class Variant:
    """The parameters of one game. Families read only the fields that concern them.

    `english_name` is the name as declared (marked with N_ there), which lookups and logs use;
    `name` is the one a player reads, in the current language."""

    key: str
    english_name: str
    family: str  # the key of its rules in `variants.FAMILIES`
    table: TableLayout
    aliases: tuple[str, ...] = ()
    cells: int = 4
    columns: int = 8
    build: str = ALTERNATE_COLOURS
    empty_column: str = ANY_CARD
    dealt_to_cells: int = 0
    draw: int = 1  # Klondike: cards turned from the stock at a time
    draw_choices: tuple[int, ...] = ()  # the other `draw` values this game comes in (Klondike: 1 or 3)
    foundation_return: bool = True  # Klondike: a card may come back down from a foundation
    wrap: bool = True  # Golf: Ace and King are adjacent
    reshapeable: bool = False  # any number of cells and columns makes a game of this family
    shaped_from: str = ""  # a custom shape: the English name of the game whose cells and columns it changes

    @property
    def name(self) -> str:
        """The game's name in the player's language ("FreeCell", "Baker's Game (2 cells, 10 columns)")."""
        if self.shaped_from:
            return shape_name(self.base_name, self.cells, self.columns)
        return _(self.english_name)

    @property
    def base_name(self) -> str:
        """The name of the game a custom shape reshapes ("Baker's Game"), or the game's own name, translated."""
        return _(self.shaped_from or self.english_name)

    @property
    def description(self) -> str:
        """The rules, in a player's words and language (the help a front end shows)."""
        describe = RULES_TEXTS.get(self.family)
        return describe(self) if describe is not None else ""

    @property
    def build_text(self) -> str:
        """How columns build, as a phrase: "by suit" or "in alternating colours"."""
        # TRANSLATORS: how a game's columns build, completing "columns build down ..."
        return _("by suit") if self.build == SAME_SUIT else _("in alternating colours")


def shape_name(game: str, cells: int, columns: int, english: bool = False) -> str:
    """The name of a custom shape of `game` (a name already in the player's language), or with
    `english` the English one, as `Variant.english_name` keeps it."""
    if english:
        singular, plural = "{game} ({cells} cell, {columns} columns)", "{game} ({cells} cells, {columns} columns)"
        return (singular if cells == 1 else plural).format(game=game, cells=cells, columns=columns)
    # TRANSLATORS: the name of a game played with another number of cells and columns, as
    # "FreeCell (3 cells, 10 columns)"; {cells} is 0 to 10, {columns} is 4 to 10
    return ngettext(
        "{game} ({cells} cell, {columns} columns)", "{game} ({cells} cells, {columns} columns)", cells
    ).format(game=game, cells=cells, columns=columns)
