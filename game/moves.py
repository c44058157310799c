"""Moves as values with a text form.

Standard FreeCell notation: columns `1`-`9` then `0` for a tenth, cells `a`-`g` then `i`-`k` (up to ten; `h` is
the foundation), foundation `h`,
and fc-solve's extended `v<count>` suffix for a run (`58v3`). Stock and waste, which only Klondike
and Golf have, are `s` and `w`: `sw` turns cards from the stock, `ws` turns the waste back over,
`sh` deals Golf's stock onto the foundation. A card taken back down from a foundation (Klondike)
names its foundation, `h1`-`h4` for ♣ ♦ ♥ ♠: `h23` moves the top ♦ to column 3.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from .reading import quoted, whole_number

MOST_CARDS = 52  # no move takes more cards than a deck has

COLUMN_DIGITS = "1234567890"
CELL_LETTERS = "abcdefgijk"  # h is the foundation, so the eighth cell is i


class PileKind(Enum):
    COLUMN = "column"
    CELL = "cell"
    FOUNDATION = "foundation"
    STOCK = "stock"
    WASTE = "waste"


class MoveSyntaxError(ValueError):
    """Text that is not a move in standard notation."""


@dataclass(frozen=True, slots=True)
class Pile:
    """Where cards lie; `index` counts from 0 (a foundation's index is its slot)."""

    kind: PileKind
    index: int = 0

    def __str__(self) -> str:
        if self.kind in (PileKind.COLUMN, PileKind.CELL):
            return f"{self.kind.value} {self.index + 1}"
        return self.kind.value

    @property
    def notation(self) -> str:
        if self.kind is PileKind.COLUMN:
            return COLUMN_DIGITS[self.index]
        if self.kind is PileKind.CELL:
            return CELL_LETTERS[self.index]
        return {PileKind.FOUNDATION: "h", PileKind.STOCK: "s", PileKind.WASTE: "w"}[self.kind]

    @staticmethod
    def from_notation(char: str) -> Pile:
        char = char.lower()
        if len(char) != 1:  # `in` on a string is a substring test: "" or "12" would pass it
            raise MoveSyntaxError(f"{quoted(char)} is not a pile: a pile is one character")
        if char in COLUMN_DIGITS:
            return column(COLUMN_DIGITS.index(char))
        if char in CELL_LETTERS:
            return cell(CELL_LETTERS.index(char))
        kinds = {"h": PileKind.FOUNDATION, "s": PileKind.STOCK, "w": PileKind.WASTE}
        if char in kinds:
            return Pile(kinds[char])
        raise MoveSyntaxError(f"{char!r} is not a pile (columns 1-9 and 0, cells a-g and i-k, h, s, w)")


def column(index: int) -> Pile:
    return Pile(PileKind.COLUMN, index)


def cell(index: int) -> Pile:
    return Pile(PileKind.CELL, index)


FOUNDATION = Pile(PileKind.FOUNDATION)
STOCK = Pile(PileKind.STOCK)
WASTE = Pile(PileKind.WASTE)


@dataclass(frozen=True, slots=True)
class Move:
    """Take `count` cards from the top of `src` and put them on `dst`.

    A foundation destination names no slot: each card has exactly one foundation it can go to.
    """

    src: Pile
    dst: Pile
    count: int = 1

    @property
    def notation(self) -> str:
        source = self.src.notation
        if self.src.kind is PileKind.FOUNDATION and self.dst.kind is PileKind.COLUMN:
            source += str(self.src.index + 1)  # which foundation a card comes back down from
        text = source + self.dst.notation
        return f"{text}v{self.count}" if self.count > 1 else text

    def __str__(self) -> str:
        return self.notation

    @staticmethod
    def parse(text: str) -> Move:
        match = _MOVE_PATTERN.fullmatch(text.strip().lower())
        if not match:
            raise MoveSyntaxError(f"{quoted(text)} is not a move (write source then destination, like 5a, a5, 5h or 58v3)")
        src = Pile(PileKind.FOUNDATION, int(match[1][1]) - 1) if len(match[1]) == 2 else Pile.from_notation(match[1])
        dst = Pile.from_notation(match[2])
        count = whole_number(match[3]) if match[3] else 1
        assert count is not None  # the pattern matched ASCII digits
        if count < 1:
            raise MoveSyntaxError(f"{quoted(text)}: a move takes at least one card")
        if count > MOST_CARDS:
            raise MoveSyntaxError(f"{quoted(text)}: no move takes more than {MOST_CARDS} cards")
        return Move(src, dst, count)


_MOVE_PATTERN = re.compile(r"(h[1-4](?=[0-9])|[0-9a-khsw])([0-9a-khsw])(?:v([0-9]+))?")  # ASCII digits: \d takes ٣
