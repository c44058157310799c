"""Canfield in the terminal: the common language, whose help also says which column is the reserve
(the table's last: `5h` plays its top card home, `53` onto column 3)."""
from __future__ import annotations

from ...dialect import Dialect
from ...i18n import _


class CanfieldDialect(Dialect):
    def help(self) -> str:
        # TRANSLATORS: a line of the console's help for Canfield; {n} is the reserve's column number (5)
        reserve = _("  column {n} is the reserve: only its top card plays, and nothing goes on it")
        return super().help() + "\n" + reserve.format(n=self.variant.columns)
