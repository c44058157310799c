"""Klondike in the terminal, as the classic text-mode Klondike program spoke it.

Piles `T0`-`T6` counted from 0, `P` the waste, `S H D C` the foundations named by suit, `N` the next
stock card: `T3 T5`, `P S`, `N`. Its board puts the stock and waste on top, with the foundations in
the program's order (spades, hearts, diamonds, clubs).
"""
from __future__ import annotations

import re

from ...cards import Card, Suit
from ...dialect import (
    CommandError,
    Dialect,
    Ink,
    as_typed,
    card_count,
    column_to_column,
    integer,
    top_card,
)
from ...i18n import N_, _, ngettext
from ...moves import FOUNDATION, WASTE, Move, Pile, PileKind, column
from ...reading import quoted, shortened
from ...rules import Rules
from ...state import State

FOUNDATION_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)  # as the Klondike program named them
FOUNDATION_LETTERS = {"s": Suit.SPADES, "h": Suit.HEARTS, "d": Suit.DIAMONDS, "c": Suit.CLUBS}
# TRANSLATORS: a suit's name in "foundation S is for spades, not 7♥"
SUIT_NAMES = {Suit.CLUBS: N_("clubs"), Suit.DIAMONDS: N_("diamonds"), Suit.HEARTS: N_("hearts"), Suit.SPADES: N_("spades")}


def _is_source(token: str) -> bool:
    return token == "p" or (token[:1] == "t" and integer(token[1:]) is not None)


class KlondikeDialect(Dialect):
    explains_foundation_sources = True

    # -- reading ---------------------------------------------------------------------------------------

    def command(self, tokens: list[str], state: State, rules: Rules) -> Move | None:
        if not _is_source(tokens[0]):
            return None
        last = len(state.columns) - 1
        head = tokens[0]
        if len(tokens) != 2:
            count = len(tokens) - 1
            raise CommandError(
                # TRANSLATORS: {pile} is a Klondike pile as typed (T3, P); T0-T6 and S, H, D, C are typed as they are
                ngettext(
                    "{pile} takes one destination (T0-{last}, or S, H, D, C for a foundation); got {count}",
                    "{pile} takes one destination (T0-{last}, or S, H, D, C for a foundation); got {count}",
                    count,
                ).format(pile=head.upper(), last=f"T{last}", count=count)
            )
        src = WASTE if head == "p" else self._pile(head, state)
        target = tokens[1]
        if target in FOUNDATION_LETTERS:
            return self._to_foundation(src, target, state)
        if target == "p":
            # TRANSLATORS: P and N are commands, typed as they are
            raise CommandError(_("only cards turned from the stock go to the waste (P): type N to turn one"))
        dst = self._pile(target, state)
        if src == WASTE:
            return Move(WASTE, dst)
        return column_to_column(src, dst, state, rules)

    @staticmethod
    def _to_foundation(src: Pile, letter: str, state: State) -> Move:
        suit = FOUNDATION_LETTERS[letter]
        if src.kind is PileKind.WASTE:
            card = top_card(state.waste)
        else:
            card = top_card(state.columns[src.index])
        if card is not None and card.suit != suit:
            # TRANSLATORS: {letter} is a Klondike foundation's letter (S, H, D, C); {suit} the suit's name
            raise CommandError(
                _("foundation {letter} is for {suit}, not {card}").format(
                    letter=letter.upper(), suit=_(SUIT_NAMES[suit]), card=card.label
                )
            )
        return Move(src, FOUNDATION)

    @staticmethod
    def _pile(token: str, state: State) -> Pile:
        last = len(state.columns) - 1
        if not (len(token) >= 2 and token[0] == "t"):
            # TRANSLATORS: T0-T6, P, S, H, D, C are Klondike's piles as typed
            raise CommandError(
                _("{word} is not a pile: write T0-{last}, P or S, H, D, C").format(word=quoted(token), last=f"T{last}")
            )
        index = integer(token[1:])
        if index is None:
            raise CommandError(
                _("pile {pile}: {number} is not a number").format(pile=shortened(token.upper()), number=quoted(token[1:]))
            )
        if not 0 <= index <= last:
            raise CommandError(
                _("pile {pile} is out of range (T0-{last})").format(pile=f"T{as_typed(index, token[1:])}", last=f"T{last}")
            )
        return column(index)

    def no_stock_move(self) -> str:
        return _("the stock and the waste are both empty")

    def names_pile(self, token: str) -> bool:
        return _is_source(token) and token != "p"

    def card_to_pile(self, token: str, state: State) -> Pile | None:
        return self._pile(token, state) if self.names_pile(token) else None

    def card_destinations(self, token: str) -> str:
        # TRANSLATORS: the ways to finish a card name typed alone ({card}, as typed); the letters after it are typed as they are
        text = _("{card} h (its foundation), {card} t3 (a pile), {card} c (an empty column) or {card} and the card to put it on")
        return text.format(card=token)

    # -- writing ---------------------------------------------------------------------------------------

    def column_labels(self, count: int) -> list[str]:
        return [f"T{i}" for i in range(count)]

    def board_top(self, state: State, ink: Ink) -> list[str]:
        draw = self.variant.table.waste_fan
        shown = state.waste[-draw:] if state.waste else ()
        waste = " ".join(ink.card(c) for c in shown[:-1])
        waste = (waste + " " if waste else "") + ink.slot(shown[-1] if shown else None)
        # each foundation by the letter typed to name it, then its suit as the other games show it (S♠)
        piles = "  ".join(f"{suit.letter}{'' if ink.ascii else suit.symbol}{ink.slot(top_card(state.foundations[suit]))}"
                          for suit in FOUNDATION_ORDER)
        return [
            # TRANSLATORS: the Klondike console board's top line; N and P are typed as they are
            _("stock (N): {stock} {stock_count}    waste (P): {waste} {waste_count}").format(
                stock=ink.stock(bool(state.stock)), stock_count=card_count(len(state.stock)),
                waste=waste, waste_count=card_count(len(state.waste)),
            ),
            _("foundations: {piles}").format(piles=piles),
        ]

    def pile_name(self, pile: Pile, card: Card | None = None) -> str:
        if pile.kind is PileKind.COLUMN:
            return f"T{pile.index}"
        if pile.kind is PileKind.FOUNDATION and card is not None:
            # TRANSLATORS: a Klondike foundation in the console, named by its letter S, H, D or C as typed
            return _("foundation {letter}").format(letter=card.suit.letter)
        return super().pile_name(pile, card)

    phrases = re.compile(r"N|(T[0-6]|P) (T[0-6]|[SHDC])|h[1-4][1-7]")

    def phrase(self, move: Move, state: State) -> str:
        """`T3 T5`, `P H`, `N`; a card taken back down from a foundation in standard notation."""
        if PileKind.STOCK in (move.src.kind, move.dst.kind):
            return "N"
        if move.src.kind in (PileKind.COLUMN, PileKind.WASTE):
            source = "P" if move.src.kind is PileKind.WASTE else f"T{move.src.index}"
            if move.dst.kind is PileKind.FOUNDATION:
                pile = state.waste if move.src.kind is PileKind.WASTE else state.columns[move.src.index]
                return f"{source} {pile[-1].suit.letter}"
            if move.dst.kind is PileKind.COLUMN:
                return f"{source} T{move.dst.index}"
        return move.notation

    def help(self) -> str:
        # TRANSLATORS: the console's help for Klondike. Commands (T0-T6, P, S H D C, N, 35, sw, 7h 8s, kd t3...) are typed
        # as they are: translate only the words. Keep the columns lined up and each line under 110 characters
        return _(
            "  T0-T6 or P (the waste) then T0-T6 or S, H, D, C (foundations): T3 T5  P S  T0 H\n"
            "  N        turn the next stock card (turns the waste back over when the stock is empty)\n"
            "  standard notation: 35  3h  w5  wh  h5  sw  ws   (columns 1-7, w = waste, s = stock, h = foundation)\n"
            "  card names: 7h 8s (onto that card)  as h (its foundation)  kd c (an empty pile)  kd t3\n"
            "  TT x y (tableaus numbered 1-7) and TF x y also work. Moving between piles takes the run that fits."
        )
