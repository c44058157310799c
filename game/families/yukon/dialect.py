"""Yukon and Russian Solitaire in the terminal: columns by number, and the card that fits found for you.

`3 6` moves from column 3 the face-up card that goes on column 6 (with every card on it), since in
Yukon only one card of a column, or two of the same rank and colour, can fit a given card; `3 6 4`
names the card by how many cards move (the fourth from the top, with the three on it), which also
says which of two fitting cards is meant, or which King goes to an empty column; `3 h` sends column
3's top card home. Standard notation (`36v4`, `3h`) and card names (`7h 8s`) are read as in every game.
"""
from __future__ import annotations

import re

from ...cards import Card, Suit
from ...dialect import COLUMN_WORD, CommandError, Dialect, Ink, integer, pile_number, top_card
from ...i18n import _
from ...moves import FOUNDATION, Move, Pile, PileKind, column
from ...reading import quoted
from ...rules import Rules
from ...state import State


def fitting(state: State, rules: Rules, src: int, dst: int) -> list[int]:
    """How many cards each legal move from column `src` to column `dst` takes, deepest first."""
    pile = state.columns[src]
    counts = []
    for count in range(len(pile) - state.hidden[src], 0, -1):
        try:
            rules.check(state, Move(column(src), column(dst), count))
        except ValueError:
            continue
        counts.append(count)
    return counts


class YukonDialect(Dialect):
    # -- reading ---------------------------------------------------------------------------------------

    def command(self, tokens: list[str], state: State, rules: Rules) -> Move | None:
        """`3 6`, `3 6 4`, `3 h`. Two digits together (`36`) are left to standard notation, where they
        mean the top card alone, as `solve` and saved games write it."""
        if integer(tokens[0]) is None or len(tokens) == 1:
            return None
        size = len(state.columns)
        src = pile_number(tokens[0], COLUMN_WORD, size) - 1
        if len(tokens) > 3:
            # TRANSLATORS: the Yukon console's move; 3 6, 3 6 4 and 3 h are typed as they are
            raise CommandError(_("write a column, then a column or h, then perhaps how many cards move: 3 6, 3 6 4 or 3 h"))
        if tokens[1] == "h":
            if len(tokens) == 3:
                raise CommandError(_("cards go to the foundation one at a time"))
            return Move(column(src), FOUNDATION)
        if integer(tokens[1]) is None:
            raise CommandError(
                # TRANSLATORS: {word} is what was typed after a column number; h is typed as is
                _("{word} is not a column or h (the foundation)").format(word=quoted(tokens[1]))
            )
        dst = pile_number(tokens[1], COLUMN_WORD, size) - 1
        if len(tokens) == 3:
            count = integer(tokens[2])
            if count is None or count < 1:
                raise CommandError(_("{word} is not a number of cards").format(word=quoted(tokens[2])))
            return Move(column(src), column(dst), count)
        return self._the_card_that_fits(state, rules, src, dst)

    @staticmethod
    def _the_card_that_fits(state: State, rules: Rules, src: int, dst: int) -> Move:
        counts = fitting(state, rules, src, dst) if src != dst else []
        if len(counts) == 1:
            return Move(column(src), column(dst), counts[0])
        if len(counts) > 1:
            pile = state.columns[src]
            cards = ", ".join(f"{src + 1} {dst + 1} {count} ({pile[-count].label})" for count in counts)
            # TRANSLATORS: {choices} lists the commands that would do, like "3 6 4 (6♥), 3 6 1 (6♦)"
            raise CommandError(_("more than one card fits: write {choices}").format(choices=cards))
        target = state.columns[dst]
        if src != dst and state.face_up(src) and target:
            raise CommandError(
                # TRANSLATORS: {card} is the top card of the column a move names; {source} a column number
                _("no face-up card of column {source} goes on {card}").format(source=src + 1, card=target[-1].label)
            )
        return Move(column(src), column(dst), len(state.face_up(src)) or 1)  # the rules say why not

    def names_pile(self, token: str) -> bool:
        return integer(token) is not None

    def card_to_pile(self, token: str, state: State) -> Pile | None:
        if not self.names_pile(token):
            return None
        return column(pile_number(token, COLUMN_WORD, len(state.columns)) - 1)

    def card_destinations(self, token: str) -> str:
        # TRANSLATORS: the ways to finish a card name typed alone ({card}, as typed); the letters after it are typed as they are
        text = _("{card} h (its foundation), {card} 3 (a column), {card} c (an empty column) or {card} and the card to put it on")
        return text.format(card=token)

    # -- writing ---------------------------------------------------------------------------------------

    def board_top(self, state: State, ink: Ink) -> list[str]:
        piles = "  ".join(
            f"{suit.letter if ink.ascii else suit.symbol}{ink.slot(top_card(state.foundations[suit]))}" for suit in Suit
        )
        # TRANSLATORS: the Yukon console board's line of foundations; h is typed as is
        return [_("foundations (h): {piles}").format(piles=piles)]

    phrases = re.compile(r"[1-7] ([1-7]( [0-9]+)?|h)")

    def phrase(self, move: Move, state: State) -> str:
        """`3 6` when it names one move, else `3 6 4`; `3 h` for a card sent home."""
        if move.src.kind is not PileKind.COLUMN:
            return move.notation
        src = move.src.index
        if move.dst.kind is PileKind.FOUNDATION:
            return f"{src + 1} h"
        if move.dst.kind is not PileKind.COLUMN:
            return move.notation
        dst = move.dst.index
        pile, target = state.columns[src], state.columns[dst]
        head: Card = pile[-move.count]
        others = [count for count in range(1, len(state.face_up(src)) + 1) if count != move.count]
        if target and not any(pile[-count].rank == head.rank and pile[-count].colour == head.colour for count in others):
            return f"{src + 1} {dst + 1}"
        return f"{src + 1} {dst + 1} {move.count}"

    def help(self) -> str:
        # TRANSLATORS: the console's help for Yukon and Russian Solitaire. Commands (3 6, 3 6 4, 3 h, 36v4, 7h 8s, kd c...)
        # are typed as they are: translate only the words. Keep the columns lined up and each line under 110 characters
        return _(
            "  3 6      from column 3, the face-up card that fits on column 6, with every card on it\n"
            "  3 6 4    the same, naming how many cards move: the 4th card from the top and the 3 on it\n"
            "           (to an empty column, or when two cards fit)\n"
            "  3 h      column 3's top card to its foundation\n"
            "  standard notation: 36v4  3h   card names: 7h 8s (7h and the cards on it onto 8s)  as h  kd c  kd 3"
        )
