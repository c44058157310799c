"""The terminal language of the matching games (Pyramid, TriPeaks): a card is named by its slot's
number or by its name, the waste's top card by `w`.

One place plays that card the way it leaves alone (a King off the pyramid, a card onto TriPeaks'
waste); two places pair their cards (`12 27`, `5h 8c`, `w 15`). `d` turns the stock, and standard
notation (`12-27`, `w-15`) is read as everywhere. The board's tableau is drawn by the console
from the table's places; this dialect writes the lines above it and phrases moves in slot numbers.
"""
from __future__ import annotations

import re
from typing import Any

from .cards import Card, CardError
from .dialect import COLUMN_WORD, CommandError, Dialect, Ink, card_count, pile_number, top_card
from .i18n import _
from .moves import FOUNDATION, WASTE, Move, Pile, PileKind, column
from .pieces.matches import PairsTo
from .pieces.matching import Matching
from .reading import is_ascii_number
from .rules import Rules
from .state import State
from .variant import Variant

WASTE_WORD = "w"


class MatchingDialect(Dialect):
    """Slot numbers and card names, for a game declared as `Matching`."""

    def __init__(self, variant: Variant[Any], pieces: Matching) -> None:
        super().__init__(variant)
        self.match = pieces.match
        self.pairs = isinstance(pieces.match, PairsTo)

    # -- reading ---------------------------------------------------------------------------------------

    def command(self, tokens: list[str], state: State, rules: Rules) -> Move | None:
        """One or two places: a slot's number, a card's name, or `w`; None for other words."""
        if len(tokens) > 2 or not all(self._is_place(token) for token in tokens):
            return None
        places = [self._place(token, state) for token in tokens]
        if len(places) == 1:
            return Move(places[0], self.match.onto)
        return Move(places[0], places[1])

    @staticmethod
    def _is_place(token: str) -> bool:
        if token == WASTE_WORD or is_ascii_number(token):
            return True
        try:
            Card.parse(token)
        except CardError:
            return False
        return True

    def _place(self, token: str, state: State) -> Pile:
        """The pile a place names: the waste, a slot by number, or the slot or waste holding a card."""
        if token == WASTE_WORD:
            return WASTE
        if is_ascii_number(token):
            return column(pile_number(token, COLUMN_WORD, len(state.columns)) - 1)
        card = Card.parse(token)
        for index, pile in enumerate(state.columns):
            if card in pile:
                if state.hidden[index]:
                    raise CommandError(_("{card} is not face up on the table").format(card=card.label))
                return column(index)
        if state.waste and state.waste[-1] is card:
            return WASTE
        if card in state.waste:
            raise CommandError(_("{card} is under {top} in the waste: only the top card can be played").format(
                card=card.label, top=state.waste[-1].label
            ))
        raise CommandError(_("{card} is not on the table").format(card=card.label))

    def card_to_pile(self, token: str, state: State) -> Pile | None:
        return WASTE if token == WASTE_WORD else None

    def names_pile(self, token: str) -> bool:
        return token == WASTE_WORD

    def card_destinations(self, token: str) -> str:
        if self.pairs:
            # TRANSLATORS: the ways to finish a card name typed alone in Pyramid; w is typed as is
            return _("{card} and the card to pair it with, or {card} w (the waste's top card)").format(card=token)
        # TRANSLATORS: how a card name is typed in TriPeaks, alone; {card} is as typed
        return _("{card} alone (it goes onto the waste)").format(card=token)

    def refuse_empty_column(self) -> str | None:
        return _("in {game} no card goes into an empty place").format(game=self.variant.name)

    # -- writing ---------------------------------------------------------------------------------------

    def board_top(self, state: State, ink: Ink) -> list[str]:
        """The stock and waste, and the foundation where the cards taken off go."""
        lines = [
            # TRANSLATORS: the console board's top line of a matching game; d and w are typed as they are
            _("stock (d): {stock} {stock_count}    waste (w): {waste} {waste_count}").format(
                stock=ink.stock(bool(state.stock)), stock_count=card_count(len(state.stock)),
                waste=ink.slot(top_card(state.waste)), waste_count=card_count(len(state.waste)),
            )
        ]
        if state.foundations:
            # TRANSLATORS: the console board's line of the cards a matching game took off the table
            lines.append(_("taken off: {top} {count}").format(
                top=ink.slot(top_card(state.foundations[0])), count=card_count(len(state.foundations[0]))
            ))
        return lines

    def pile_name(self, pile: Pile, card: Card | None = None) -> str:
        if pile.kind is PileKind.COLUMN:
            # TRANSLATORS: a slot of a matching game's table, by its number as the console shows it
            return _("place {number}").format(number=pile.index + 1)
        return super().pile_name(pile, card)

    phrases = re.compile(r"d|([1-9][0-9]?|w)( ([1-9][0-9]?|w))?")

    def phrase(self, move: Move, state: State) -> str:
        """`12 27` pairs two places, `w 15` the waste's top card with a place, `19` plays one card alone."""
        if PileKind.STOCK in (move.src.kind, move.dst.kind):
            return "d"
        named = [self._named(pile) for pile in (move.src, move.dst) if pile not in (FOUNDATION, self.match.onto)]
        return " ".join(named) if named else move.notation

    @staticmethod
    def _named(pile: Pile) -> str:
        return WASTE_WORD if pile.kind is PileKind.WASTE else str(pile.index + 1)

    def help(self) -> str:
        if self.pairs:
            # TRANSLATORS: the console's help for Pyramid. Commands (12 27, 5h 8c, w, kd, d, n, 12-27...) are typed as
            # they are: translate only the words. Keep the columns lined up and each line under 110 characters
            return _(
                "  12 27    take off the cards of places 12 and 27 (they must make 13)\n"
                "  5h 8c    the same, by the cards' names; w is the waste's top card: w 15, 8c w\n"
                "  28  kd   take off a King alone, by its place or its name\n"
                "  d or n   turn the stock's next card onto the waste (or the waste back over)\n"
                "  standard notation: 12-27  w-15  28-h  sw  ws   (places 1-9, 0, then 11 to 28, with a dash)"
            )
        # TRANSLATORS: the console's help for TriPeaks. Commands (19, 7h, d, n, 19-w...) are typed as they are:
        # translate only the words. Keep the columns lined up and each line under 110 characters
        return _(
            "  19  7h   play that card onto the waste, by its place or its name\n"
            "  d or n   turn the stock's next card onto the waste\n"
            "  standard notation: 19-w  sw   (places 1-9, 0, then 11 to 28, with a dash)"
        )
