"""Moves as values with a text form.

Standard FreeCell notation: columns `1`-`9` then `0` for a tenth, cells `a`-`g` then `i`-`k` (up to ten; `h` is
the foundation), foundation `h`,
and fc-solve's extended `v<count>` suffix for a run (`58v3`). Stock and waste, in the games that
have them, are `s` and `w`: `sw` turns cards from the stock, `ws` turns the waste back over,
`sh` deals Golf's stock onto the foundation. A card taken back down from a foundation (Klondike)
names its foundation, `h1`-`h4` for ♣ ♦ ♥ ♠: `h23` moves the top ♦ to column 3, and `h2h` moves it to
another foundation (Mod 3's rows).

A table of more than ten columns (Baker's Dozen's thirteen, the 28 single-card places of Pyramid and
TriPeaks) or foundations (Mod 3's twenty-five) names
the piles past the ninth by their numbers, which take two characters, so such a move is written with a
dash between its two piles: `11-3`, `3-12v2`, `13-h`, `h12-5`, `12-27` (Pyramid's pair), `w-15`. Every move whose piles fit in one
character each is written as before, so the notation of every other game is unchanged.
"""
from __future__ import annotations

import re
from enum import Enum

from .i18n import _, pgettext
from .reading import quoted, whole_number
from .value import Frozen

MOST_CARDS = 104  # no move takes more cards than two decks have

COLUMN_DIGITS = "1234567890"
MOST_COLUMNS = 99  # `t99`: the most a board text or notation names
CELL_LETTERS = "abcdefgijk"  # h is the foundation, so the eighth cell is i


class PileKind(Enum):
    COLUMN = "column"
    CELL = "cell"
    FOUNDATION = "foundation"
    STOCK = "stock"
    WASTE = "waste"


# The kinds under plain names, for the code that asks a pile's kind for every move it lists or checks:
# on Python 3.11 a member looked up on an Enum class (`PileKind.COLUMN`) goes through the metaclass's
# `__getattr__` hook, which the interpreter cannot specialise, about 900 machine instructions
# (callgrind) against a few dozen for a module's name.
COLUMN_KIND, CELL_KIND, FOUNDATION_KIND = PileKind.COLUMN, PileKind.CELL, PileKind.FOUNDATION
STOCK_KIND, WASTE_KIND = PileKind.STOCK, PileKind.WASTE


class MoveSyntaxError(ValueError):
    """Text that is not a move in standard notation."""


class Pile(Frozen):
    """Where cards lie; `index` counts from 0 (a foundation's index is its slot).

    Not a frozen dataclass, which writes and compiles its methods when the module loads (some 4
    million machine instructions of every start): `game.value.Frozen` and the comparisons below."""

    __slots__ = __match_args__ = ("kind", "index")
    kind: PileKind
    index: int

    def __init__(self, kind: PileKind, index: int = 0) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "index", index)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is Pile:
            return self.kind is other.kind and self.index == other.index
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.kind, self.index))

    def __str__(self) -> str:
        """The pile's name as a player reads it, in the player's language: "column 3", "cell 1", "waste"."""
        if self.kind is PileKind.COLUMN:
            # TRANSLATORS: a pile's name in messages ("picked up from column 3")
            return pgettext("pile", "column {number}").format(number=self.index + 1)
        if self.kind is PileKind.CELL:
            # TRANSLATORS: a pile's name in messages ("picked up from cell 2")
            return pgettext("pile", "cell {number}").format(number=self.index + 1)
        if self.kind is PileKind.FOUNDATION:
            # TRANSLATORS: a pile's name in messages
            return pgettext("pile", "foundation")
        if self.kind is PileKind.STOCK:
            # TRANSLATORS: a pile's name in messages (the face-down pile cards are dealt from)
            return pgettext("pile", "stock")
        # TRANSLATORS: a pile's name in messages (the face-up pile the stock is turned onto)
        return pgettext("pile", "waste")

    @property
    def notation(self) -> str:
        if self.kind is PileKind.COLUMN:
            return COLUMN_DIGITS[self.index] if self.index < len(COLUMN_DIGITS) else str(self.index + 1)
        if self.kind is PileKind.CELL:
            return CELL_LETTERS[self.index]
        return {PileKind.FOUNDATION: "h", PileKind.STOCK: "s", PileKind.WASTE: "w"}[self.kind]

    @staticmethod
    def from_notation(char: str) -> Pile:
        char = char.lower()
        if char.startswith("t"):
            number = whole_number(char[1:]) if len(char) == 3 else None
            if number is None or not len(COLUMN_DIGITS) < number <= MOST_COLUMNS:
                raise MoveSyntaxError(_("{text} is not a column: write t and its number, 11 to 99").format(text=quoted(char)))
            return column(number - 1)
        if len(char) != 1:  # `in` on a string is a substring test: "" or "12" would pass it
            raise MoveSyntaxError(_("{text} is not a pile: a pile is one character").format(text=quoted(char)))
        if char in COLUMN_DIGITS:
            return column(COLUMN_DIGITS.index(char))
        if char in CELL_LETTERS:
            return cell(CELL_LETTERS.index(char))
        kinds = {"h": PileKind.FOUNDATION, "s": PileKind.STOCK, "w": PileKind.WASTE}
        if char in kinds:
            return Pile(kinds[char])
        raise MoveSyntaxError(_("{text} is not a pile (columns 1-9 and 0, cells a-g and i-k, h, s, w)").format(text=repr(char)))


def column(index: int) -> Pile:
    """Column `index` (from 0). Piles are values and a table has few of them, so the ones a
    notation can name are made once: listing a position's moves names a pile in each."""
    return _COLUMNS[index] if 0 <= index < len(_COLUMNS) else Pile(PileKind.COLUMN, index)


def cell(index: int) -> Pile:
    """Cell `index` (from 0); made once, as columns are."""
    return _CELLS[index] if 0 <= index < len(_CELLS) else Pile(PileKind.CELL, index)


_COLUMNS = tuple(Pile(PileKind.COLUMN, index) for index in range(len(COLUMN_DIGITS)))
_CELLS = tuple(Pile(PileKind.CELL, index) for index in range(len(CELL_LETTERS)))


FOUNDATION = Pile(PileKind.FOUNDATION)
STOCK = Pile(PileKind.STOCK)
WASTE = Pile(PileKind.WASTE)


class Move(Frozen):
    """Take `count` cards from the top of `src` and put them on `dst`.

    A foundation destination names no slot: the rules put a card on the one foundation it can go to
    (in a two-deck game, the first of the piles it fits, which are alike). A card coming back down,
    or going on to another foundation, names the foundation it leaves: `h2` (`h1` to `h25`).
    Not a dataclass, as `Pile` is not.
    """

    __slots__ = __match_args__ = ("src", "dst", "count")
    src: Pile
    dst: Pile
    count: int

    def __init__(self, src: Pile, dst: Pile, count: int = 1) -> None:
        object.__setattr__(self, "src", src)
        object.__setattr__(self, "dst", dst)
        object.__setattr__(self, "count", count)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is Move:
            return (self.src, self.dst, self.count) == (other.src, other.dst, other.count)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.src, self.dst, self.count))

    @property
    def notation(self) -> str:
        source, target = self.src.notation, self.dst.notation
        if self.src.kind is PileKind.FOUNDATION and self.dst.kind in (PileKind.COLUMN, PileKind.FOUNDATION):
            source += str(self.src.index + 1)  # which foundation the card leaves
        compact = len(target) == 1 and (len(source) == 1 or len(source) == 2 and source[0] == "h")
        text = source + target if compact else f"{source}-{target}"
        return f"{text}v{self.count}" if self.count > 1 else text

    def __str__(self) -> str:
        return self.notation

    @staticmethod
    def parse(text: str) -> Move:
        typed = text.strip().lower()
        match = re.fullmatch(_COMPACT, typed) or re.fullmatch(_LONG, typed)
        if not match:
            raise MoveSyntaxError(
                _("{text} is not a move (write source then destination, like 5a, a5, 5h or 58v3)").format(text=quoted(text))
            )
        src, dst = _named_pile(match[1]), _named_pile(match[2])
        count = whole_number(match[3]) if match[3] else 1
        assert count is not None  # the pattern matched ASCII digits
        if count < 1:
            raise MoveSyntaxError(_("{text}: a move takes at least one card").format(text=quoted(text)))
        if count > MOST_CARDS:
            raise MoveSyntaxError(_("{text}: no move takes more than {n} cards").format(text=quoted(text), n=MOST_CARDS))
        return Move(src, dst, count)


def _named_pile(text: str) -> Pile:
    """A pile as a move names it: one character, a column's number past the ninth (`12`), or a
    foundation with its number (`h2`, `h12`)."""
    if text[0] == "h" and len(text) > 1:
        return Pile(PileKind.FOUNDATION, int(text[1:]) - 1)
    if len(text) > 1:
        return column(int(text) - 1)
    return Pile.from_notation(text)


# ASCII digits only: \d takes ٣. The compact form (`58v3`, `h23`), or piles with a dash between (`11-3`, `h12-h`).
# Compiled where first matched (`re` keeps them), as game/cards.py's: a start reads no moves.
_COMPACT = r"(h[1-9](?=[0-9a-khsw])|[0-9a-khsw])([0-9a-khsw])(?:v([0-9]+))?"
_LONG = r"(h[1-9][0-9]?|[1-9][0-9]|[0-9a-khsw])-([1-9][0-9]|[0-9a-khsw])(?:v([0-9]+))?"
