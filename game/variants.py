"""Every game as data, found by name or alias.

FreeCell, Baker's Game, Eight Off and Seahaven Towers are one family differing only in parameters, so
a new member is one `Variant(...)` line; Klondike and Golf are families of their own with their own
rules modules (see `rules_for`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

ALTERNATE_COLOURS = "alternate-colours"
SAME_SUIT = "same-suit"
ANY_CARD = "any"
KINGS_ONLY = "kings"


class UnknownGame(ValueError):
    """A game name that matches no variant."""


@dataclass(frozen=True)
class Variant:
    """The parameters of one game. Families read only the fields that concern them."""

    key: str
    name: str
    family: str  # "freecell", "klondike" or "golf"
    aliases: tuple[str, ...] = ()
    cells: int = 4
    columns: int = 8
    build: str = ALTERNATE_COLOURS
    empty_column: str = ANY_CARD
    dealt_to_cells: int = 0
    draw: int = 1  # Klondike: cards turned from the stock at a time
    wrap: bool = True  # Golf: Ace and King are adjacent
    description: str = ""

    @property
    def build_text(self) -> str:
        return "by suit" if self.build == SAME_SUIT else "in alternating colours"


def _freecell_rules_text(v: Variant) -> str:
    fill = "any card" if v.empty_column == ANY_CARD else "only a King"
    dealt = f" {v.dealt_to_cells} of the cells start with a card." if v.dealt_to_cells else ""
    return (
        f"All cards are dealt face up into {v.columns} columns.{dealt} Move every card to the "
        f"foundations, built up by suit from Ace to King. Columns build down {v.build_text}; "
        f"{fill} may fill an empty column. Each of the {v.cells} cells holds one card. A run of cards "
        "moves together when there is room to move it one card at a time through free cells and "
        "empty columns."
    )


def freecell_family(
    key: str,
    name: str,
    aliases: tuple[str, ...] = (),
    **params: object,
) -> Variant:
    variant = Variant(key=key, name=name, family="freecell", aliases=aliases, **params)  # type: ignore[arg-type]
    return replace(variant, description=_freecell_rules_text(variant))


VARIANTS: tuple[Variant, ...] = (
    freecell_family("freecell", "FreeCell", ("fc", "free-cell")),
    freecell_family("bakers-game", "Baker's Game", ("bakers", "baker", "bakersgame"), build=SAME_SUIT),
    freecell_family(
        "eight-off", "Eight Off", ("eightoff", "8off"),
        cells=8, columns=8, build=SAME_SUIT, empty_column=KINGS_ONLY, dealt_to_cells=4,
    ),
    freecell_family(
        "seahaven", "Seahaven Towers", ("seahaven-towers", "seahaventowers"),
        cells=4, columns=10, build=SAME_SUIT, empty_column=KINGS_ONLY, dealt_to_cells=2,
    ),
)

MIN_CELLS, MAX_CELLS = 0, 10
MIN_COLUMNS, MAX_COLUMNS = 4, 10


def _normalise(name: str) -> str:
    return name.strip().lower().replace("_", "-").replace(" ", "-").replace("'", "")


def all_variants() -> tuple[Variant, ...]:
    return VARIANTS


def find_variant(name: str) -> Variant:
    """Look a game up by key, name or alias, ignoring case, spaces and apostrophes."""
    wanted = _normalise(name)
    base, _, shape = wanted.partition(":")
    if shape:
        match = re.fullmatch(r"(\d+)x(\d+)", shape)
        if not match:
            raise UnknownGame(f"{name!r}: write a custom shape as GAME:CELLSxCOLUMNS, like freecell:3x10")
        return customised(find_variant(base), int(match[1]), int(match[2]))
    for variant in VARIANTS:
        if wanted in (variant.key, _normalise(variant.name), *variant.aliases):
            return variant
    known = ", ".join(v.key for v in VARIANTS)
    raise UnknownGame(f"unknown game {name!r} (known games: {known})")


def customised(variant: Variant, cells: int | None = None, columns: int | None = None) -> Variant:
    """A FreeCell-family variant with another number of cells or columns, as `--cells 3 --columns 10`."""
    if cells is None and columns is None:
        return variant
    if variant.family != "freecell":
        raise UnknownGame(f"{variant.name} has no cells or columns to change")
    cells = variant.cells if cells is None else cells
    columns = variant.columns if columns is None else columns
    if not MIN_CELLS <= cells <= MAX_CELLS:
        raise UnknownGame(f"cells must be between {MIN_CELLS} and {MAX_CELLS}, not {cells}")
    if not MIN_COLUMNS <= columns <= MAX_COLUMNS:
        raise UnknownGame(f"columns must be between {MIN_COLUMNS} and {MAX_COLUMNS}, not {columns}")
    if variant.dealt_to_cells > cells:
        raise UnknownGame(f"{variant.name} deals {variant.dealt_to_cells} cards to the cells: it needs that many")
    name = f"{variant.name} ({cells} cells, {columns} columns)"
    key = f"{variant.key}:{cells}x{columns}"
    return freecell_family(
        key, name, (), cells=cells, columns=columns, build=variant.build,
        empty_column=variant.empty_column, dealt_to_cells=variant.dealt_to_cells,
    )
