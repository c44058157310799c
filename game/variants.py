"""Every game as data, found by name or alias, and the registry of the families that play them.

FreeCell, Baker's Game, Eight Off and Seahaven Towers are one family differing only in parameters, so
a new member is one line below; Klondike and Golf are families of their own with their own rules
modules. A family is a rules class and a constructor that states its variants' parameters, rules
text and table layout: adding one touches this module and a rules module, and no front end.
"""
from __future__ import annotations

import re
from dataclasses import replace

from .freecell import FreeCellRules
from .golf import GolfRules
from .klondike import KlondikeRules
from .moves import FOUNDATION, STOCK, WASTE, Pile, PileKind, cell
from .reading import quoted, whole_number
from .rules import Rules
from .variant import ALTERNATE_COLOURS, ANY_CARD, KINGS_ONLY, SAME_SUIT, TableLayout, UnknownGame, Variant

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


FOUNDATIONS = tuple(Pile(PileKind.FOUNDATION, i) for i in range(4))


def _freecell_table(cells: int, columns: int, dealt_to_cells: int, empty_column: str) -> TableLayout:
    """Cells and foundations above the columns when they fit there: with two or more slots to spare,
    the foundations go in pairs to both ends with the cells between (Seahaven Towers), so no wide
    gap opens in the middle. When they do not fit, the foundations stand beside the columns and the
    cells take the top row (Eight Off), and only more cells than columns fold the top row in two."""
    # The longest column: the deepest dealt one with a run down to the Ace on its top card (a King,
    # which can go only to an empty column, starts such a run).
    dealt = -(-(52 - dealt_to_cells) // columns)
    cell_piles = tuple(cell(i) for i in range(cells))
    spare = columns - cells - len(FOUNDATIONS)
    top: tuple[tuple[Pile, ...], ...] = (cell_piles, FOUNDATIONS)
    side: tuple[Pile, ...] = ()
    if spare >= 2 and cells:
        top = (FOUNDATIONS[:2], cell_piles, FOUNDATIONS[2:])
    elif spare < 0 and cells <= columns:
        top, side = (cell_piles,), FOUNDATIONS
    return TableLayout(top=top, side=side, longest_column=(dealt + 12, 0), kings_fill_columns=empty_column == KINGS_ONLY)


def freecell_family(
    key: str,
    name: str,
    aliases: tuple[str, ...] = (),
    *,
    cells: int = 4,
    columns: int = 8,
    build: str = ALTERNATE_COLOURS,
    empty_column: str = ANY_CARD,
    dealt_to_cells: int = 0,
) -> Variant:
    variant = Variant(
        key=key, name=name, family="freecell", aliases=aliases,
        table=_freecell_table(cells, columns, dealt_to_cells, empty_column),
        cells=cells, columns=columns, build=build, empty_column=empty_column,
        dealt_to_cells=dealt_to_cells, reshapeable=True,
    )
    return replace(variant, description=_freecell_rules_text(variant))


DRAW_CHOICES = (1, 3)


def _klondike_rules_text(v: Variant) -> str:
    turned = "one card" if v.draw == 1 else f"{v.draw} cards"
    return (
        "28 cards are dealt into 7 piles, the first with one card and each next pile with one more; "
        "only the top card of each pile lies face up. Move every card to the foundations, built up by "
        "suit from Ace to King. Piles build down in alternating colours, any face-up run moves together, "
        "and only a King (or a run headed by one) fills an empty pile. A face-down card turns up when it "
        f"is uncovered. The stock turns {turned} at a time onto the waste, whose top card can be played; "
        "when the stock is empty the waste turns back over, as often as you like."
        + ("" if v.foundation_return else " A card on a foundation stays there: it never comes back down.")
    )


def klondike_family(key: str, name: str, aliases: tuple[str, ...] = (), draw: int = 1, foundation_return: bool = True) -> Variant:
    """A Klondike game; `draw` is how many cards one turn of the stock moves to the waste, and
    `foundation_return` whether a card may come back down from a foundation (many programs and
    published winnability studies forbid it)."""
    table = TableLayout(
        top=((STOCK, WASTE), FOUNDATIONS), longest_column=(6 + 13, 6), column_room=2.2,
        waste_fan=draw, fan_room=1, stock_recycles=True, kings_fill_columns=True,
    )
    variant = Variant(
        key=key, name=name, family="klondike", aliases=aliases, table=table,
        cells=0, columns=7, empty_column=KINGS_ONLY, draw=draw, draw_choices=DRAW_CHOICES,
        foundation_return=foundation_return,
    )
    return replace(variant, description=_klondike_rules_text(variant))


def _golf_rules_text(v: Variant) -> str:
    ends = (
        "Ace and King count as next to each other"
        if v.wrap
        else "Ace and King are not next to each other, and nothing may be played on a King"
    )
    return (
        "35 cards are dealt face up into 7 columns of 5, one card starts the foundation and the other 16 "
        "wait face down in the stock. Play the top card of any column onto the foundation when its rank is "
        f"one above or one below the foundation's top card, whatever the suit; {ends}. The stock deals "
        "one card onto the foundation at a time. Clear every column to win."
    )


def golf_family(key: str, name: str, aliases: tuple[str, ...] = (), wrap: bool = True) -> Variant:
    """A Golf game; `wrap` says whether Ace and King are adjacent (relaxed) or not (strict)."""
    table = TableLayout(
        top=(), bottom=(STOCK, FOUNDATION), longest_column=(5, 0), column_room=1 + 4 * 0.26, foundation_fan=5,
        suit_foundations=False, click_plays_columns=True,
    )
    variant = Variant(key=key, name=name, family="golf", aliases=aliases, table=table, cells=0, columns=7, wrap=wrap)
    return replace(variant, description=_golf_rules_text(variant))


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
    klondike_family(
        "klondike", "Klondike",
        ("klondike1", "klondike-1", "klondike-draw1", "klondike-draw-1", "solitaire", "patience"),
    ),
    klondike_family(
        "klondike-draw3", "Klondike (draw 3)",
        ("klondike3", "klondike-3", "klondike-draw-3", "klondike-turn3", "draw3"), draw=3,
    ),
    klondike_family(
        "klondike-nfr", "Klondike (no foundation return)",
        ("klondike1-nfr", "klondike-draw1-nfr", "klondike-no-return"), foundation_return=False,
    ),
    klondike_family(
        "klondike3-nfr", "Klondike (draw 3, no foundation return)",
        ("klondike-draw3-nfr", "klondike-3-nfr", "draw3-nfr", "klondike-draw3-no-return"), draw=3, foundation_return=False,
    ),
    golf_family("golf", "Golf", ("golf-relaxed", "relaxed-golf", "golfrelaxed")),
    golf_family("golf-strict", "Golf (strict)", ("strict-golf", "golfstrict"), wrap=False),
)

FAMILIES: dict[str, type[Rules]] = {"freecell": FreeCellRules, "klondike": KlondikeRules, "golf": GolfRules}

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
        match = re.fullmatch(r"([0-9]+)x([0-9]+)", shape)
        if not match:
            raise UnknownGame(f"{quoted(name)}: write a custom shape as GAME:CELLSxCOLUMNS, like freecell:3x10")
        return customised(find_variant(base), whole_number(match[1]), whole_number(match[2]))  # type: ignore[arg-type]
    for variant in VARIANTS:
        if wanted in (variant.key, _normalise(variant.name), *variant.aliases):
            return variant
    known = ", ".join(v.key for v in VARIANTS)
    raise UnknownGame(f"unknown game {quoted(name)} (known games: {known})")


def with_draw(variant: Variant, draw: int) -> Variant:
    """The Klondike variant that turns `draw` cards, as `--draw 3`; a registered one, so saves name it."""
    if not variant.draw_choices:
        raise UnknownGame(f"--draw is for Klondike, not {variant.name}")
    for candidate in VARIANTS:
        if candidate.family == variant.family and candidate.draw == draw and candidate.foundation_return == variant.foundation_return:
            return candidate
    choices = " or ".join(str(n) for n in variant.draw_choices)
    raise UnknownGame(f"Klondike turns {choices} cards at a time, not {draw}")


def without_foundation_return(variant: Variant) -> Variant:
    """The Klondike variant, of the same draw, where no card comes back down from a foundation, as
    `--no-foundation-return`; a registered one, so saves and statistics name it."""
    if not variant.draw_choices:
        raise UnknownGame(f"--no-foundation-return is for Klondike, not {variant.name}")
    return next(c for c in VARIANTS if c.family == variant.family and c.draw == variant.draw and not c.foundation_return)


def customised(variant: Variant, cells: int | None = None, columns: int | None = None) -> Variant:
    """A FreeCell-family variant with another number of cells or columns, as `--cells 3 --columns 10`."""
    if cells is None and columns is None:
        return variant
    if not variant.reshapeable:
        raise UnknownGame(f"{variant.name} has no cells or columns to change")
    cells = variant.cells if cells is None else cells
    columns = variant.columns if columns is None else columns
    if not MIN_CELLS <= cells <= MAX_CELLS:
        raise UnknownGame(f"cells must be between {MIN_CELLS} and {MAX_CELLS}, not {cells}")
    if not MIN_COLUMNS <= columns <= MAX_COLUMNS:
        raise UnknownGame(f"columns must be between {MIN_COLUMNS} and {MAX_COLUMNS}, not {columns}")
    if variant.dealt_to_cells > cells:
        raise UnknownGame(f"{variant.name} deals {variant.dealt_to_cells} cards to the cells: it needs that many")
    base = find_variant(variant.key.partition(":")[0])  # reshaping a custom shape starts from its game
    if (cells, columns) == (base.cells, base.columns):
        return base
    name = f"{base.name} ({cells} cells, {columns} columns)"
    key = f"{base.key}:{cells}x{columns}"
    return freecell_family(
        key, name, (), cells=cells, columns=columns, build=base.build,
        empty_column=base.empty_column, dealt_to_cells=base.dealt_to_cells,
    )


def rules_for(variant: Variant) -> Rules:
    """The rules object of a variant's family."""
    return FAMILIES[variant.family](variant)
