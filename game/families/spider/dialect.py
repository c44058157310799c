"""Spider in the terminal: `5 8` moves the run that fits from column 5 onto column 8, `5 8 3` three
cards, `d` (or `n`) deals the stock; standard notation (`58`, `58v3`, `0` for the tenth column) and
card names (`7h 8s`) are read as in every game. The board's top line shows the stock, counted in
deals, and the eight foundations, each showing the King of the run that went there."""
from __future__ import annotations

from ...dialect import COLUMN_WORD, CommandError, Dialect, Ink, column_to_column, integer, pile_number, top_card
from ...i18n import _, ngettext
from ...moves import Move, column
from ...reading import quoted
from ...rules import Rules
from ...state import State


class SpiderDialect(Dialect):
    def command(self, tokens: list[str], state: State, rules: Rules) -> Move | None:
        """`5 8` (the run that fits, or to an empty column the longest that may move) and `5 8 3`."""
        if len(tokens) not in (2, 3) or any(integer(token) is None for token in tokens):
            return None
        size = len(state.columns)
        src = column(pile_number(tokens[0], COLUMN_WORD, size) - 1)
        dst = column(pile_number(tokens[1], COLUMN_WORD, size) - 1)
        if len(tokens) == 2:
            return column_to_column(src, dst, state, rules)
        count = integer(tokens[2])
        assert count is not None
        if not 1 <= count <= len(state.columns[src.index]):
            raise CommandError(
                _("{count} cards: column {number} holds {size}").format(
                    count=quoted(tokens[2]), number=src.index + 1, size=len(state.columns[src.index])
                )
            )
        return Move(src, dst, count)

    def card_destinations(self, token: str) -> str:
        # TRANSLATORS: the ways to finish a card name typed alone ({card}, as typed); the letters after it are typed as they are
        return _("{card} and the card to put it on, or {card} c (an empty column)").format(card=token)

    def board_top(self, state: State, ink: Ink) -> list[str]:
        deals = -(-len(state.stock) // self.variant.table.turned)
        stock = ngettext("{deals} deal left", "{deals} deals left", deals).format(deals=deals)
        home = sum(1 for pile in state.foundations if pile)
        piles = " ".join(ink.slot(top_card(pile)) for pile in state.foundations)
        return [
            # TRANSLATORS: the Spider console board's top line; d is typed as is
            _("stock (d): {stock} {deals}").format(stock=ink.stock(bool(state.stock)), deals=stock),
            # TRANSLATORS: the Spider console board's foundations: the completed runs, out of eight
            _("runs home {home}/{total}: {piles}").format(home=home, total=len(state.foundations), piles=piles),
        ]

    def help(self) -> str:
        # TRANSLATORS: the console's help for Spider. Commands (5 8, 5 8 3, d, n, 58, 58v3, 0, 7h 8s, kd c) are typed as
        # they are: translate only the words. Keep the columns lined up and each line under 110 characters
        return _(
            "  5 8      move the run that fits from column 5 onto column 8 (to an empty column: the longest run)\n"
            "  5 8 3    move the top three cards of column 5 onto column 8\n"
            "  d        deal a card onto each column from the stock (n too); only when no column is empty,\n"
            "           unless the relaxed deal is chosen\n"
            "  standard notation: 58  58v3  (columns 1-9, and 0 for the tenth)   card names: 7h 8s  kd c\n"
            "  Only a run of one suit moves together; a whole run from King to Ace goes home by itself."
        )
