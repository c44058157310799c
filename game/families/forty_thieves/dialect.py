"""Forty Thieves in the terminal: standard notation, `d` (or `n`) turns the stock, eight foundations:
the common language and board, with a help of its own.

There is no classic text-mode Forty Thieves to echo, so its players type what FreeCell's and
Klondike's do: `58` (the run that fits), `58v3`, `5h`, `wh`, `w5`, `sw`, and card names. The board
shows the stock and the waste on the top line and the eight foundations, numbered, on the next:
they fill in any order, so a suit names none of them.
"""
from __future__ import annotations

from ...dialect import Dialect
from ...i18n import _


class FortyThievesDialect(Dialect):
    def help(self) -> str:
        # TRANSLATORS: the console's help for Forty Thieves. Commands (58, 58v3, 5h, w5, wh, sw, d, n, 7h 8h, as h, kd c,
        # TT x y, TF x y) are typed as they are: translate only the words. Keep the columns lined up and each line under
        # 110 characters
        return _(
            "  standard notation: 58  58v3  5h  w5  wh  sw   (columns 1-9 and 0, w = waste, s = stock, h = foundation)\n"
            "  d or n   turn the next stock card onto the waste (once through: there is no redeal)\n"
            "  card names: 7h 8h (onto that card)  as h (a foundation)  kd c (an empty column)\n"
            "  TT x y and TF x y (columns 1-10) work too. 58 moves the run that fits; to an empty column one card,\n"
            "  58v3 three. A run of one suit moves as one move of up to 2^(empty columns) cards.\n"
            "  The eight foundations (1-8 on the board) fill in any order: a card goes to whichever takes it."
        )
