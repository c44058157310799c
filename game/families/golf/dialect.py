"""Golf in the terminal: `1`-`7` plays that column's top card, `d` (or `n`) deals from the stock."""
from __future__ import annotations

import re

from ...dialect import COLUMN_WORD, CommandError, Dialect, Ink, card_count, integer, pile_number, top_card
from ...i18n import _
from ...moves import FOUNDATION, Move, PileKind, column
from ...reading import shortened
from ...rules import Rules
from ...state import State


class GolfDialect(Dialect):
    def command(self, tokens: list[str], state: State, rules: Rules) -> Move | None:
        head = tokens[0]
        if integer(head) is None:
            return None
        if len(tokens) == 1:
            return Move(column(pile_number(head, COLUMN_WORD, len(state.columns)) - 1), FOUNDATION)
        if len(tokens) == 2:
            raise CommandError(
                _("a Golf column number plays that column's top card on its own: write {command}, nothing after it").format(
                    command=shortened(head)
                )
            )
        return None

    def card_destinations(self, token: str) -> str:
        # TRANSLATORS: the ways to finish a card name typed alone ({card}, as typed); the letters after it are typed as they are
        return _("{card} h (the foundation)").format(card=token)

    def refuse_empty_column(self) -> str | None:
        # TRANSLATORS: h is the foundation's letter, typed as is
        return _("in Golf cards only go to the foundation (h)")

    def board_top(self, state: State, ink: Ink) -> list[str]:
        foundation = ink.slot(top_card(state.foundations[0]))
        return [
            # TRANSLATORS: the Golf console board's top line; d is typed as is
            _("stock (d): {stock} {count}    foundation: {foundation}").format(
                stock=ink.stock(bool(state.stock)), count=card_count(len(state.stock)), foundation=foundation
            )
        ]

    phrases = re.compile(r"[1-7]|d")

    def phrase(self, move: Move, state: State) -> str:
        """`3` plays column 3, `d` deals."""
        if PileKind.STOCK in (move.src.kind, move.dst.kind):
            return "d"
        if move.src.kind is PileKind.COLUMN:
            return str(move.src.index + 1)
        return move.notation

    def help(self) -> str:
        # TRANSLATORS: the console's help for Golf. Commands (1-7, d, n, 3h, sh, 7h 8s, 7h h) are typed as they are:
        # translate only the words. Keep the columns lined up
        return _(
            "  1-7      play that column's top card onto the foundation\n"
            "  d        deal the next stock card onto the foundation (n too)\n"
            "  standard notation: 3h  sh      card names: 7h 8s (8s on the foundation)  7h h"
        )
