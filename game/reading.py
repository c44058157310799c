"""Reading what a player types or a file holds: numbers in ASCII digits only, and quotes cut short.

`str.isdigit()` is true for `²` (a plain key on French keyboards), which `int()` then refuses, and
`int()` itself takes `١٢`, `1_000` and ` 12 `, and refuses more than 4,300 digits outright (and
converts long ones in quadratic time). Every number a player types goes through `whole_number`,
so the window, the terminal and the command line read the same strings as numbers.

A message quoting what was typed or read quotes it through `shortened`: a 100 MB token in a board
file must not become a 100 MB "one-line" error.
"""
from __future__ import annotations

MOST_DIGITS = 18  # more than any count, deal number or pile number here; int() of it is instant
QUOTE_LENGTH = 40


def is_ascii_number(text: str) -> bool:
    """Whether `text` is one or more of the ASCII digits 0-9 and nothing else (not `²`, `١`, ` 1`)."""
    return text.isascii() and text.isdigit()


def whole_number(text: str, signed: bool = False) -> int | None:
    """`text` as a whole number when it is ASCII digits (after one `+` or `-` when `signed`), else None.

    A number with more than MOST_DIGITS digits (leading zeros aside) reads as ±10**MOST_DIGITS: out
    of every range checked here, so the caller's "out of range" message applies, and it is never
    converted whole.
    """
    sign, digits = (text[0], text[1:]) if signed and text[:1] in ("+", "-") else ("", text)
    if not is_ascii_number(digits):
        return None
    significant = digits.lstrip("0")
    value = 10**MOST_DIGITS if len(significant) > MOST_DIGITS else int(significant or "0")
    return -value if sign == "-" else value


def shortened(text: str, limit: int = QUOTE_LENGTH) -> str:
    """`text` as it may be quoted in a message: whole when short, else its start and an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def quoted(text: str, limit: int = QUOTE_LENGTH) -> str:
    """`repr` of `shortened(text)`, the usual way messages here quote a player's words."""
    return repr(shortened(text, limit))
