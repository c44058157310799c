"""Every game as data, found by name or alias, and the registry of the families that play them.

FreeCell, Baker's Game, Eight Off and Seahaven Towers are one family differing only in parameters, so
a new member is one line below; Klondike and Golf are families of their own with their own rules
modules. A family is a rules class and a constructor that states its variants' parameters, rules
text and table layout: adding one touches this module and a rules module, and no front end.
"""
from __future__ import annotations

import importlib
import re
from dataclasses import replace

from .i18n import N_, _, ngettext
from .moves import FOUNDATION, STOCK, WASTE, Pile, PileKind, cell
from .reading import quoted, whole_number
from .rules import Rules
from .variant import (
    ALTERNATE_COLOURS,
    ANY_CARD,
    KINGS_ONLY,
    RULES_TEXTS,
    SAME_SUIT,
    TableLayout,
    UnknownGame,
    Variant,
    shape_name,
)

# The rules texts are whole sentences, one message each, joined with spaces; they are written when a
# front end reads `variant.description`, so in the player's language of that moment.


def _freecell_rules_text(v: Variant) -> str:
    sentences = [
        ngettext(
            "All cards are dealt face up into {n} column.", "All cards are dealt face up into {n} columns.", v.columns
        ).format(n=v.columns)
    ]
    if v.dealt_to_cells:
        sentences.append(
            ngettext("{n} of the cells starts with a card.", "{n} of the cells start with a card.", v.dealt_to_cells).format(
                n=v.dealt_to_cells
            )
        )
    sentences.append(_("Move every card to the foundations, built up by suit from Ace to King."))
    if v.build == SAME_SUIT:
        if v.empty_column == ANY_CARD:
            sentences.append(_("Columns build down by suit; any card may fill an empty column."))
        else:
            sentences.append(_("Columns build down by suit; only a King may fill an empty column."))
    elif v.empty_column == ANY_CARD:
        sentences.append(_("Columns build down in alternating colours; any card may fill an empty column."))
    else:
        sentences.append(_("Columns build down in alternating colours; only a King may fill an empty column."))
    if v.cells:
        sentences.append(
            ngettext("The {n} cell holds one card.", "Each of the {n} cells holds one card.", v.cells).format(n=v.cells)
        )
    else:
        sentences.append(_("There are no cells."))
    sentences.append(
        _(
            "A run of cards moves together when there is room to move it one card at a time through free cells "
            "and empty columns."
        )
    )
    return " ".join(sentences)


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
    """A FreeCell-family game; `name` is its English name, marked with N_ where it is declared."""
    return Variant(
        key=key, english_name=name, family="freecell", aliases=aliases,
        table=_freecell_table(cells, columns, dealt_to_cells, empty_column),
        cells=cells, columns=columns, build=build, empty_column=empty_column,
        dealt_to_cells=dealt_to_cells, reshapeable=True,
    )


DRAW_CHOICES = (1, 3)


def _klondike_rules_text(v: Variant) -> str:
    sentences = [
        _(
            "28 cards are dealt into 7 piles, the first with one card and each next pile with one more; "
            "only the top card of each pile lies face up. Move every card to the foundations, built up by "
            "suit from Ace to King. Piles build down in alternating colours, any face-up run moves together, "
            "and only a King (or a run headed by one) fills an empty pile. A face-down card turns up when it "
            "is uncovered."
        )
    ]
    if v.draw == 1:
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
                v.draw,
            ).format(n=v.draw)
        )
    if not v.foundation_return:
        sentences.append(_("A card on a foundation stays there: it never comes back down."))
    return " ".join(sentences)


def klondike_family(key: str, name: str, aliases: tuple[str, ...] = (), draw: int = 1, foundation_return: bool = True) -> Variant:
    """A Klondike game; `draw` is how many cards one turn of the stock moves to the waste, and
    `foundation_return` whether a card may come back down from a foundation (many programs and
    published winnability studies forbid it)."""
    table = TableLayout(
        top=((STOCK, WASTE), FOUNDATIONS), longest_column=(6 + 13, 6), column_room=2.2,
        waste_fan=draw, fan_room=1, stock_recycles=True, kings_fill_columns=True,
    )
    return Variant(
        key=key, english_name=name, family="klondike", aliases=aliases, table=table,
        cells=0, columns=7, empty_column=KINGS_ONLY, draw=draw, draw_choices=DRAW_CHOICES,
        foundation_return=foundation_return,
    )


def _golf_rules_text(v: Variant) -> str:
    deal = _(
        "35 cards are dealt face up into 7 columns of 5, one card starts the foundation and the other 16 "
        "wait face down in the stock."
    )
    if v.wrap:
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


def golf_family(key: str, name: str, aliases: tuple[str, ...] = (), wrap: bool = True) -> Variant:
    """A Golf game; `wrap` says whether Ace and King are adjacent (relaxed) or not (strict)."""
    table = TableLayout(
        top=(), bottom=(STOCK, FOUNDATION), longest_column=(5, 0), column_room=1 + 4 * 0.26, foundation_fan=11,
        suit_foundations=False, click_plays_columns=True,
    )
    return Variant(key=key, english_name=name, family="golf", aliases=aliases, table=table, cells=0, columns=7, wrap=wrap)


VARIANTS: tuple[Variant, ...] = (
    freecell_family("freecell", N_("FreeCell"), ("fc", "free-cell")),
    freecell_family("bakers-game", N_("Baker's Game"), ("bakers", "baker", "bakersgame"), build=SAME_SUIT),
    freecell_family(
        "eight-off", N_("Eight Off"), ("eightoff", "8off"),
        cells=8, columns=8, build=SAME_SUIT, empty_column=KINGS_ONLY, dealt_to_cells=4,
    ),
    freecell_family(
        "seahaven", N_("Seahaven Towers"), ("seahaven-towers", "seahaventowers"),
        cells=4, columns=10, build=SAME_SUIT, empty_column=KINGS_ONLY, dealt_to_cells=2,
    ),
    klondike_family(
        "klondike", N_("Klondike"),
        ("klondike1", "klondike-1", "klondike-draw1", "klondike-draw-1", "solitaire", "patience"),
    ),
    klondike_family(
        "klondike-draw3", N_("Klondike (draw 3)"),
        ("klondike3", "klondike-3", "klondike-draw-3", "klondike-turn3", "draw3"), draw=3,
    ),
    klondike_family(
        "klondike-nfr", N_("Klondike (no foundation return)"),
        ("klondike1-nfr", "klondike-draw1-nfr", "klondike-no-return"), foundation_return=False,
    ),
    klondike_family(
        "klondike3-nfr", N_("Klondike (draw 3, no foundation return)"),
        ("klondike-draw3-nfr", "klondike-3-nfr", "draw3-nfr", "klondike-draw3-no-return"), draw=3, foundation_return=False,
    ),
    golf_family("golf", N_("Golf"), ("golf-relaxed", "relaxed-golf", "golfrelaxed")),
    golf_family("golf-strict", N_("Golf (strict)"), ("strict-golf", "golfstrict"), wrap=False),
)

# Each family's rules class, by module of this package and name: a family's module loads when its
# rules are first asked for, so a FreeCell start reads no Klondike or Golf rules.
FAMILIES: dict[str, tuple[str, str]] = {
    "freecell": ("freecell", "FreeCellRules"), "klondike": ("klondike", "KlondikeRules"), "golf": ("golf", "GolfRules"),
}
RULES_TEXTS.update(freecell=_freecell_rules_text, klondike=_klondike_rules_text, golf=_golf_rules_text)

MIN_CELLS, MAX_CELLS = 0, 10
MIN_COLUMNS, MAX_COLUMNS = 4, 10


def _normalise(name: str) -> str:
    return name.strip().lower().replace("_", "-").replace(" ", "-").replace("'", "")


def all_variants() -> tuple[Variant, ...]:
    return VARIANTS


def find_variant(name: str) -> Variant:
    """Look a game up by key, English name or alias, ignoring case, spaces and apostrophes.

    The name in the player's language is found too, but never in place of an English one: what was
    saved or typed in English finds the same game whatever the language."""
    wanted = _normalise(name)
    base, _colon, shape = wanted.partition(":")
    if shape:
        match = re.fullmatch(r"([0-9]+)x([0-9]+)", shape)
        if not match:
            raise UnknownGame(
                # TRANSLATORS: GAME:CELLSxCOLUMNS and freecell:3x10 are typed as they are: keep them in English
                _("{text}: write a custom shape as GAME:CELLSxCOLUMNS, like freecell:3x10").format(text=quoted(name))
            )
        return customised(find_variant(base), whole_number(match[1]), whole_number(match[2]))  # type: ignore[arg-type]
    for variant in VARIANTS:
        if wanted in (variant.key, _normalise(variant.english_name), *variant.aliases):
            return variant
    for variant in VARIANTS:
        if wanted == _normalise(variant.name):
            return variant
    known = ", ".join(v.key for v in VARIANTS)
    raise UnknownGame(_("unknown game {text} (known games: {known})").format(text=quoted(name), known=known))


def with_draw(variant: Variant, draw: int) -> Variant:
    """The Klondike variant that turns `draw` cards, as `--draw 3`; a registered one, so saves name it."""
    if not variant.draw_choices:
        raise UnknownGame(_("--draw is for Klondike, not {game}").format(game=variant.name))
    for candidate in VARIANTS:
        if candidate.family == variant.family and candidate.draw == draw and candidate.foundation_return == variant.foundation_return:
            return candidate
    low, high = variant.draw_choices  # the two of DRAW_CHOICES
    raise UnknownGame(_("Klondike turns {low} or {high} cards at a time, not {draw}").format(low=low, high=high, draw=draw))


def without_foundation_return(variant: Variant) -> Variant:
    """The Klondike variant, of the same draw, where no card comes back down from a foundation, as
    `--no-foundation-return`; a registered one, so saves and statistics name it."""
    if not variant.draw_choices:
        raise UnknownGame(_("--no-foundation-return is for Klondike, not {game}").format(game=variant.name))
    return next(c for c in VARIANTS if c.family == variant.family and c.draw == variant.draw and not c.foundation_return)


def customised(variant: Variant, cells: int | None = None, columns: int | None = None) -> Variant:
    """A FreeCell-family variant with another number of cells or columns, as `--cells 3 --columns 10`."""
    if cells is None and columns is None:
        return variant
    if not variant.reshapeable:
        raise UnknownGame(_("{game} has no cells or columns to change").format(game=variant.name))
    cells = variant.cells if cells is None else cells
    columns = variant.columns if columns is None else columns
    if not MIN_CELLS <= cells <= MAX_CELLS:
        raise UnknownGame(_("cells must be between {low} and {high}, not {n}").format(low=MIN_CELLS, high=MAX_CELLS, n=cells))
    if not MIN_COLUMNS <= columns <= MAX_COLUMNS:
        raise UnknownGame(_("columns must be between {low} and {high}, not {n}").format(low=MIN_COLUMNS, high=MAX_COLUMNS, n=columns))
    if variant.dealt_to_cells > cells:
        dealt = variant.dealt_to_cells
        raise UnknownGame(
            ngettext(
                "{game} deals {n} card to the cells: it needs that many",
                "{game} deals {n} cards to the cells: it needs that many",
                dealt,
            ).format(game=variant.name, n=dealt)
        )
    base = find_variant(variant.key.partition(":")[0])  # reshaping a custom shape starts from its game
    if (cells, columns) == (base.cells, base.columns):
        return base
    name = shape_name(base.english_name, cells, columns, english=True)
    key = f"{base.key}:{cells}x{columns}"
    shaped = freecell_family(
        key, name, (), cells=cells, columns=columns, build=base.build,
        empty_column=base.empty_column, dealt_to_cells=base.dealt_to_cells,
    )
    return replace(shaped, shaped_from=base.english_name)


def rules_for(variant: Variant) -> Rules:
    """The rules object of a variant's family."""
    module, name = FAMILIES[variant.family]
    rules: type[Rules] = getattr(importlib.import_module(f".{module}", __package__), name)
    return rules(variant)
