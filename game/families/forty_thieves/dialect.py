"""Forty Thieves in the terminal: standard notation, `d` (or `n`) turns the stock, eight foundations:
the common language and board, with a help of its own. Forty & Eight, played on the same pieces
with a redeal, speaks it too.

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
        n = self.variant.columns  # the tenth column is 0 in standard notation
        if self.variant.table.stock_recycles:
            # TRANSLATORS: a line of the console's help for Forty & Eight; d and n are typed as they are. Under 110 characters
            stock = _("  d or n   turn the next stock card onto the waste, or the waste back over when the stock is empty")
        else:
            # TRANSLATORS: a line of the console's help for Forty Thieves; d and n are typed as they are. Under 110 characters
            stock = _("  d or n   turn the next stock card onto the waste (once through: there is no redeal)")
        # TRANSLATORS: the console's help for Forty Thieves and Forty & Eight. Commands (58, 58v3, 5h, w5, wh, sw, 7h 8h,
        # as h, kd c, TT x y, TF x y) are typed as they are: translate only the words. Keep the columns lined up and each
        # line under 110 characters. {stock} is the line above; {digits} is 1-8 or 1-9, 0
        return _(
            "  standard notation: 58  58v3  5h  w5  wh  sw   (columns {digits}, w = waste, s = stock, h = foundation)\n"
            "{stock}\n"
            "  card names: 7h 8h (onto that card)  as h (a foundation)  kd c (an empty column)\n"
            "  TT x y and TF x y (columns 1-{columns}) work too. 58 moves the run that fits; to an empty column one card,\n"
            "  58v3 three. A run of one suit moves as one move of up to 2^(empty columns) cards.\n"
            "  The eight foundations (1-8 on the board) fill in any order: a card goes to whichever takes it."
        ).format(stock=stock, columns=n, digits=f"1-{min(n, 9)}" + (", 0" if n == 10 else ""))
