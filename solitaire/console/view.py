"""The board as text for the terminal: cells and foundations on top, columns running downward.

A pure function of the position, so what the terminal shows is tested without a terminal. Red cards
are told apart three ways, whichever the output allows: ANSI colour on a terminal; otherwise in the
card's own text, a lower-case suit letter (`7h` red, `7S` black, as the classic FreeCell programs
printed them) or, with suit symbols, the outline red suits ♡ ♢ beside the solid black ♠ ♣.

What stands above the columns, and the columns' labels, are the game's own (its family's `Dialect`,
which also names piles and moves in the game's words); this module only writes cards and columns.
"""
from __future__ import annotations

from game.cards import Card, Suit, rank_name
from game.state import State
from game.variants import Variant, dialect_for

RED = "\x1b[31m"
RESET = "\x1b[0m"
WIDTH = 5  # every card slot, so "10♦" and "[ 8♦]" line up
FACE_DOWN = "##"
EMPTY_SLOT = "[   ]"
STOCK_SLOT = "[###]"
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


class _Ink:
    """The console's way of writing cards, for a family's dialect drawing its board's top lines."""

    def __init__(self, ascii: bool, colour: bool) -> None:
        self.ascii, self.colour = ascii, colour

    def card(self, card: Card) -> str:
        return card_text(card, ascii=self.ascii, colour=self.colour)

    def slot(self, card: Card | None) -> str:
        return _slot(card, self.ascii, self.colour)

    def stock(self, has_cards: bool) -> str:
        return STOCK_SLOT if has_cards else EMPTY_SLOT


def render(state: State, variant: Variant, *, ascii: bool = False, colour: bool = False, heading: str = "") -> str:
    """The whole board as lines of text, ending in a newline; `heading` (game, deal, moves) goes first.

    The lines above the columns and the columns' labels are the game's own (its family's dialect)."""
    dialect = dialect_for(variant)
    lines = [heading] if heading else []
    # a suit named beside a pile ("3♥[ 2♡]") is written as the cards are: outline red suits without colour
    suits = str.maketrans({suit.symbol: suit_text(suit, ascii=ascii, colour=colour) for suit in Suit})
    lines += [line.translate(suits) for line in dialect.board_top(state, _Ink(ascii, colour))]
    lines.append("")
    labels = dialect.column_labels(len(state.columns))
    places = variant.table.places
    lines += _placed(state, places, labels, ascii, colour) if places else _columns(state, labels, ascii, colour)
    return "\n".join(lines) + "\n"


def _placed(state: State, places: tuple[tuple[float, float], ...], labels: list[str], ascii: bool, colour: bool) -> list[str]:
    """Columns of one card at their places (Pyramid's rows, TriPeaks' peaks): each row of places as
    a line of labels over a line of cards, half a column a step of PLACE_STEP / 2 characters. A place
    whose card is gone shows nothing, label and all."""
    rows: dict[float, list[int]] = {}
    for index, (_across, down) in enumerate(places):
        rows.setdefault(down, []).append(index)
    lines = []
    for down in sorted(rows):
        shown = [index for index in rows[down] if state.columns[index]]
        labelled, carded = _Line(), _Line()
        for index in shown:
            at = round(places[index][0] * PLACE_STEP)
            labelled.put(at, _Text(labels[index], len(labels[index])))
            card = state.columns[index][0]
            text = _Text(FACE_DOWN, len(FACE_DOWN)) if state.hidden[index] else _card(card, ascii, colour)
            carded.put(at, text)
        lines += [labelled.shown(), carded.shown()]
    return lines


PLACE_STEP = 6  # characters from one place to the next across


class _Line:
    """A line of texts right-aligned in fields of WIDTH - 1 characters, each at a given column."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.width = 0

    def put(self, at: int, text: _Text) -> None:
        self.parts.append(" " * max(at - self.width, 0) + text.right(WIDTH - 1))
        self.width = max(at, self.width) + WIDTH - 1

    def shown(self) -> str:
        return "".join(self.parts)


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
