"""The board as text for the terminal: cells and foundations on top, columns running downward.

A pure function of the position, so what the terminal shows is tested without a terminal. Red cards
are told apart three ways, whichever the output allows: ANSI colour on a terminal; otherwise in the
card's own text, a lower-case suit letter (`7h` red, `7S` black, as the classic FreeCell programs
printed them) or, with suit symbols, the outline red suits ♡ ♢ beside the solid black ♠ ♣.

Piles and moves are named in each game's own words too (Klondike's `T0`-`T6`, Golf's `3` and `d`), so
what the console says about a move, or suggests as a hint, can be typed straight back.
"""
from __future__ import annotations

import re

from game.cards import Card, Suit, rank_name
from game.i18n import N_, _, ngettext, pgettext
from game.moves import CELL_LETTERS, Move, Pile, PileKind
from game.state import State
from game.variants import Variant

RED = "\x1b[31m"
RESET = "\x1b[0m"
WIDTH = 5  # every card slot, so "10♦" and "[ 8♦]" line up
FACE_DOWN = "##"
EMPTY_SLOT = "[   ]"
STOCK_SLOT = "[###]"
KLONDIKE_FOUNDATION_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)  # as the Klondike program named them
_OUTLINE = {Suit.HEARTS: "♡", Suit.DIAMONDS: "♢"}


class _Text:
    """A piece of output that knows its printed width, since ANSI codes take no room on screen."""

    def __init__(self, shown: str, width: int) -> None:
        self.shown, self.width = shown, width

    def right(self, width: int) -> str:
        return " " * max(width - self.width, 0) + self.shown


def suit_text(suit: Suit, *, ascii: bool = False, colour: bool = False) -> str:
    """One suit as printed, without colour codes (colour decides only the red suits' case or shape)."""
    if ascii:
        return suit.letter.lower() if suit.is_red and not colour else suit.letter
    if suit.is_red and not colour:
        return _OUTLINE[suit]
    return suit.symbol


def card_text(card: Card, *, ascii: bool = False, colour: bool = False) -> str:
    """A card as the console prints it: `7♥` (red in colour), `7h`/`7S` without colour, `10♦` with 10."""
    text = rank_name(card.rank) + suit_text(card.suit, ascii=ascii, colour=colour)
    return f"{RED}{text}{RESET}" if colour and card.is_red else text


def _card(card: Card, ascii: bool, colour: bool) -> _Text:
    return _Text(card_text(card, ascii=ascii, colour=colour), len(rank_name(card.rank)) + 1)


def _slot(card: Card | None, ascii: bool, colour: bool) -> str:
    """A cell or foundation: `[ 8♦]`, `[10♦]` or `[   ]`."""
    if card is None:
        return EMPTY_SLOT
    return "[" + _card(card, ascii, colour).right(3) + "]"


def render(state: State, variant: Variant, *, ascii: bool = False, colour: bool = False, heading: str = "") -> str:
    """The whole board as lines of text, ending in a newline; `heading` (game, deal, moves) goes first."""
    lines = [heading] if heading else []
    if variant.family == "klondike":
        lines += _klondike_top(state, variant, ascii, colour)
        labels = [f"T{i}" for i in range(len(state.columns))]
    elif variant.family == "golf":
        lines += _golf_top(state, ascii, colour)
        labels = [str(i + 1) for i in range(len(state.columns))]
    else:
        lines += _freecell_top(state, ascii, colour)
        labels = [str(i + 1) for i in range(len(state.columns))]
    lines.append("")
    lines += _columns(state, labels, ascii, colour)
    return "\n".join(lines) + "\n"


def _freecell_top(state: State, ascii: bool, colour: bool) -> list[str]:
    if state.cells:
        # TRANSLATORS: the console board's label before the free cells; the letters are typed as they are. Best under 24 characters
        label = _("cells (1-{last}, or {letters}):").format(last=len(state.cells), letters=_letter_span(len(state.cells)))
        cells = "  ".join(f"{i + 1}{_slot(c, ascii, colour)}" for i, c in enumerate(state.cells))
        top = [f"{label:<24}{cells}"]
    else:
        # TRANSLATORS: the console board's line for a game without free cells
        label = _("cells:")
        top = [f"{label:<24}" + pgettext("free cells", "none")]
    piles = "  ".join(
        f"{int(suit) + 1}{':' + suit.letter if ascii else suit.symbol}"
        f"{_slot(_top(state.foundations[suit]), ascii, colour)}"
        for suit in Suit
    )
    # TRANSLATORS: the console board's label before the foundations; h is typed as is. Best under 24 characters
    label = _("foundations (h):")
    top.append(f"{label:<24}{piles}")
    return top


def _klondike_top(state: State, variant: Variant, ascii: bool, colour: bool) -> list[str]:
    stock = STOCK_SLOT if state.stock else EMPTY_SLOT
    shown = state.waste[-variant.draw:] if state.waste else ()
    waste = " ".join(_card(c, ascii, colour).shown for c in shown[:-1])
    waste = (waste + " " if waste else "") + _slot(shown[-1] if shown else None, ascii, colour)
    piles = "  ".join(
        f"{suit.letter}{_slot(_top(state.foundations[suit]), ascii, colour)}" for suit in KLONDIKE_FOUNDATION_ORDER
    )
    return [
        # TRANSLATORS: the Klondike console board's top line; N and P are typed as they are
        _("stock (N): {stock} {stock_count}    waste (P): {waste} {waste_count}").format(
            stock=stock, stock_count=_count(len(state.stock)), waste=waste, waste_count=_count(len(state.waste))
        ),
        _("foundations: {piles}").format(piles=piles),
    ]


def _golf_top(state: State, ascii: bool, colour: bool) -> list[str]:
    stock = STOCK_SLOT if state.stock else EMPTY_SLOT
    foundation = _slot(_top(state.foundations[0]), ascii, colour)
    # TRANSLATORS: the Golf console board's top line; d is typed as is
    return [_("stock (d): {stock} {count}    foundation: {foundation}").format(stock=stock, count=_count(len(state.stock)), foundation=foundation)]


def _columns(state: State, labels: list[str], ascii: bool, colour: bool) -> list[str]:
    rows = [" ".join(f"{label:>{WIDTH - 1}}" for label in labels)]
    depth = max((len(pile) for pile in state.columns), default=0)
    for row in range(max(depth, 1)):
        cells = []
        for pile, hidden in zip(state.columns, state.hidden):
            if row < len(pile):
                text = _Text(FACE_DOWN, len(FACE_DOWN)) if row < hidden else _card(pile[row], ascii, colour)
                cells.append(text.right(WIDTH - 1))
            elif row == 0:
                cells.append(f"{'--':>{WIDTH - 1}}")  # an empty column, so it is seen to be there
            else:
                cells.append(" " * (WIDTH - 1))
        rows.append(" ".join(cells).rstrip())
    return rows


def _letter_span(count: int) -> str:
    """The notation letters of `count` cells: `a-d`, or `a-g, i` since h is the foundation."""
    letters = CELL_LETTERS[:count]
    if count <= 7:
        return letters[0] if count == 1 else f"{letters[0]}-{letters[-1]}"
    return "a-g, " + (letters[7] if count == 8 else f"{letters[7]}-{letters[-1]}")


def _top(pile: tuple[Card, ...]) -> Card | None:
    return pile[-1] if pile else None


def _count(n: int) -> str:
    if n == 0:
        # TRANSLATORS: how many cards a console board's stock or waste holds, when it holds none
        return _("(no cards)")
    return ngettext("({count} card)", "({count} cards)", n).format(count=n)


# -- saying a move in the game's own words ---------------------------------------------------------


def pile_name(pile: Pile, variant: Variant, card: Card | None = None) -> str:
    """A pile as this game's commands call it: Klondike's `T0`-`T6` and foundation letters, else `column 3`.

    `card` is the card going to a foundation, which in Klondike names the suit's pile.
    """
    if variant.family == "klondike":
        if pile.kind is PileKind.COLUMN:
            return f"T{pile.index}"
        if pile.kind is PileKind.FOUNDATION and card is not None:
            # TRANSLATORS: a Klondike foundation in the console, named by its letter S, H, D or C as typed
            return _("foundation {letter}").format(letter=card.suit.letter)
    if pile.kind in (PileKind.COLUMN, PileKind.CELL):
        return str(pile)  # the model's pgettext("pile", "column {number}"), as its reasons name piles
    return _(_THE_PILE[pile.kind])


_THE_PILE = {
    PileKind.FOUNDATION: N_("the foundation"),
    PileKind.STOCK: N_("the stock"),
    PileKind.WASTE: N_("the waste"),
}


def _column_number() -> re.Pattern[str]:
    """"column 3" in a rule's reason, in the player's language, and in English for a reason the catalogue lacks.

    The model names a column `pgettext("pile", "column {number}")` (`Pile.__str__`), and its reasons
    use the same words, so the pattern is built from that text: its words around `{number}`."""
    forms = {pgettext("pile", "column {number}"), "column {number}"}
    alternatives = []
    for form in sorted(forms, key=len, reverse=True):
        before, marker, after = form.partition("{number}")
        if marker:  # a translation that lost the placeholder cannot be found in a reason
            alternatives.append(re.escape(before) + r"(\d+)" + re.escape(after))
    return re.compile(r"\b(?:" + "|".join(alternatives) + r")(?!\w)", re.IGNORECASE)


def in_terms_of(variant: Variant, message: str) -> str:
    """A rule's reason with piles named as the board labels them: the rules count Klondike's piles from 1."""
    if variant.family != "klondike":
        return message
    return _column_number().sub(lambda match: f"T{int(next(group for group in match.groups() if group)) - 1}", message)


def phrase(move: Move, state: State, variant: Variant) -> str:
    """A legal move as a command in the game's own language, so a hint can be typed back as it reads.

    Golf says `3` and `d`, Klondike `T3 T5`, `P H` and `N`; FreeCell uses standard notation, which
    names the count (`58v3`) whenever more than one card moves. What a language cannot say (a card
    taken back from a Klondike foundation) falls back to standard notation, which every game reads.
    """
    family = variant.family
    if PileKind.STOCK in (move.src.kind, move.dst.kind) and family in ("golf", "klondike"):
        return "d" if family == "golf" else "N"
    if family == "golf" and move.src.kind is PileKind.COLUMN:
        return str(move.src.index + 1)
    if family == "klondike" and move.src.kind in (PileKind.COLUMN, PileKind.WASTE):
        source = "P" if move.src.kind is PileKind.WASTE else f"T{move.src.index}"
        if move.dst.kind is PileKind.FOUNDATION:
            pile = state.waste if move.src.kind is PileKind.WASTE else state.columns[move.src.index]
            return f"{source} {pile[-1].suit.letter}"
        if move.dst.kind is PileKind.COLUMN:
            return f"{source} T{move.dst.index}"
    return move.notation
