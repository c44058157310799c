"""How the terminal speaks a game: the moves a family's players type, its board's top lines, its help.

Players arrive knowing the command language of the classic program of their game (Klondike's
`T0 S` and `N`, Golf's `1`-`7` and `d`); standard notation (`58v3`), the pair commands (`TC x y`)
and card names (`7h 8s`) are read in every game besides (`console.commands`). A family's `Dialect`
says what is its own: its commands, how its piles and moves are named, its board's top lines and its
help. The base class is the FreeCell family's (standard notation, cells and four foundations), and
a family with a language of its own subclasses it and names it (`Family.dialect`; the console asks
`game.variants.dialect_for`), so the console never asks which game it is.

The board is drawn through an `Ink` the console passes in, which knows about colour and ASCII, so a
dialect writes only what its board says.
"""
from __future__ import annotations

import re
from typing import Any, Protocol

from .assist import longest_lift, move_between
from .cards import Card, Suit
from .i18n import N_, _, ngettext, pgettext
from .moves import CELL_LETTERS, COLUMN_DIGITS, STOCK, WASTE, Move, Pile, PileKind
from .reading import MOST_DIGITS, quoted, shortened, whole_number
from .refusal import Phrase, Refusal
from .rules import IllegalMove, Rules
from .state import State
from .variant import Variant


class CommandError(ValueError):
    """A command that does nothing, with the reason in a player's words."""


class Ink(Protocol):
    """How the terminal writes cards: in colour or not, with suit symbols or ASCII letters."""

    ascii: bool

    def card(self, card: Card) -> str:
        """A card as printed (`7♥`, `7h`), possibly with colour codes around it."""

    def slot(self, card: Card | None) -> str:
        """A one-card pile: `[ 8♦]`, `[10♦]`, or `[   ]` when empty."""

    def stock(self, has_cards: bool) -> str:
        """A face-down pile: `[###]`, or `[   ]` when empty."""


# The arguments' names, as messages say them ("tableau 9 is out of range (1-8)"); the usage letters
# (`t2f T F`) come from the English words, since they are typed as they are.
TABLEAU = N_("tableau")
CELL = N_("cell")
FOUNDATION_WORD = N_("foundation")
COLUMN_WORD = N_("column")


def integer(token: str) -> int | None:
    """A whole number as typed (`7`, `-1` so that it is out of range, `+2`; ASCII digits only), or None.

    Thousands of digits read as a number out of every range (see `game.reading.whole_number`)."""
    return whole_number(token, signed=True)


def as_typed(number: int, token: str) -> str:
    """A number for a message: as read, or, when it has too many digits to read, the start of what was typed."""
    return str(number) if abs(number) < 10**MOST_DIGITS else shortened(token)


def pile_number(token: str, name: str, size: int) -> int:
    """A pile number counted from 1, checked against how many such piles there are; `name` is an
    `N_`-marked word (TABLEAU, CELL, FOUNDATION_WORD, COLUMN_WORD)."""
    number = integer(token)
    if number is None:
        # TRANSLATORS: {pile} is "tableau", "cell", "foundation" or "column"
        raise CommandError(_("{pile} {number} is not a number").format(pile=_(name), number=quoted(token)))
    if not 1 <= number <= size:
        span = "1" if size == 1 else f"1-{size}"
        # TRANSLATORS: {pile} is "tableau", "cell", "foundation" or "column"; {span} the numbers it may be (1-8)
        raise CommandError(
            _("{pile} {number} is out of range ({span})").format(pile=_(name), number=as_typed(number, token), span=span)
        )
    return number


def takes_no_arguments(head: str, count: int) -> str:
    # TRANSLATORS: {command} is a console command such as Q or D, as typed
    return ngettext("{command} takes no arguments (got {count})", "{command} takes no arguments (got {count})", count).format(
        command=head.upper(), count=count
    )


def column_to_column(src: Pile, dst: Pile, state: State, rules: Rules) -> Move:
    """The run that fits: as many cards as make the head one rank below the target, or the longest to an empty column.

    Out-of-range piles are left for the rules to name.
    """
    if not (0 <= src.index < len(state.columns) and 0 <= dst.index < len(state.columns)):
        return Move(src, dst)
    pile = state.columns[src.index]
    face_up = len(pile) - state.hidden[src.index]
    if face_up <= 1 or src == dst:
        return Move(src, dst)
    most = longest_lift(rules, state, src, face_up)
    target = state.columns[dst.index]
    if not target:
        try:
            return move_between(rules, state, src, dst, most)
        except IllegalMove:
            return Move(src, dst, most)  # its error names the run's head card
    count = target[-1].rank - pile[-1].rank  # from the card one below the target up to the top card
    if 1 <= count <= most:
        return Move(src, dst, count)
    return Move(src, dst, most if count > most else 1)


def top_card(pile: tuple[Card, ...]) -> Card | None:
    return pile[-1] if pile else None


def card_count(n: int) -> str:
    """"(3 cards)": how many cards a board's stock or waste holds."""
    if n == 0:
        # TRANSLATORS: how many cards a console board's stock or waste holds, when it holds none
        return _("(no cards)")
    return ngettext("({count} card)", "({count} cards)", n).format(count=n)


_THE_PILE = {
    PileKind.FOUNDATION: N_("the foundation"),
    PileKind.STOCK: N_("the stock"),
    PileKind.WASTE: N_("the waste"),
}


class Dialect:
    """The FreeCell family's terminal language, and what every other dialect starts from."""

    def __init__(self, variant: Variant[Any]) -> None:
        self.variant = variant

    # -- reading ---------------------------------------------------------------------------------------

    def command(self, tokens: list[str], state: State, rules: Rules) -> Move | None:
        """A command in this game's own language, or None when the words are not one of its own (the
        console then reads them as standard notation, a pair command or card names)."""
        return None

    def stock_command(self, state: State, rules: Rules) -> Move:
        """`d` and `n`: the stock's move, or why there is none."""
        move = rules.stock_move(state)
        if move is None:
            raise CommandError(self.no_stock_move())
        return move

    def no_stock_move(self) -> str:
        """Why `d` and `n` do nothing, in this game's words: a game with a stock says it is spent."""
        table = self.variant.table
        if STOCK not in table.piles:
            return _("{game} has no stock").format(game=self.variant.name)
        if WASTE in table.piles and not table.stock_recycles:
            return _("the stock is empty, and there is no redeal")
        return table.stock_spent(self.variant.name)

    def names_pile(self, token: str) -> bool:
        """Whether a word names one of this game's own piles (so `kd t3` puts the King on pile T3)."""
        return False

    def card_to_pile(self, token: str, state: State) -> Pile | None:
        """The pile a word after a card name names in this game's language, or None."""
        return None

    def card_destinations(self, token: str) -> str:
        """The ways to finish a lone card name (`token`, as typed), in the destinations this game has."""
        # TRANSLATORS: the ways to finish a card name typed alone ({card}, as typed); the letters after it are typed as they are
        if self.variant.cells:
            text = _(
                "{card} h (its foundation), {card} f (a free cell), {card} c (an empty column) "
                "or {card} and the card to put it on"
            )
        else:
            text = _("{card} h (its foundation), {card} c (an empty column) or {card} and the card to put it on")
        return text.format(card=token)

    def refuse_empty_column(self) -> str | None:
        """Why no card goes to an empty column in this game, or None when one may."""
        return None

    explains_foundation_sources = False  # whether `h3` says why no foundation's card may come down

    # -- writing ---------------------------------------------------------------------------------------

    def column_labels(self, count: int) -> list[str]:
        return [str(i + 1) for i in range(count)]

    def board_top(self, state: State, ink: Ink) -> list[str]:
        """The board's lines above the columns: the stock and the waste, when the game has them; the
        cells (a game without a stock says it has none); then the foundations, one per suit or
        numbered."""
        top = self._stock_line(state, ink)
        if state.cells:
            # TRANSLATORS: the console board's label before the free cells; the letters are typed as they are.
            # Best under 24 characters
            label = _("cells (1-{last}, or {letters}):").format(last=len(state.cells), letters=_letter_span(len(state.cells)))
            cells = "  ".join(f"{i + 1}{ink.slot(c)}" for i, c in enumerate(state.cells))
            top.append(f"{label:<24}{cells}")
        elif not top:
            # TRANSLATORS: the console board's line for a game without free cells
            label = _("cells:")
            top.append(f"{label:<24}" + pgettext("free cells", "none"))
        if self.variant.table.suit_foundations:
            piles = "  ".join(
                f"{int(suit) + 1}{':' + suit.letter if ink.ascii else suit.symbol}{ink.slot(top_card(state.foundations[suit]))}"
                for suit in Suit
            )
        elif len(state.foundations) == 1:  # one pile (Aces Up's discards): no number to tell it from others
            piles = ink.slot(top_card(state.foundations[0]))
        else:  # piles any suit may start, numbered
            piles = " ".join(f"{i + 1}{ink.slot(top_card(pile))}" for i, pile in enumerate(state.foundations))
        if len(state.foundations) == 1:
            # TRANSLATORS: the console board's label before a game's only foundation; h is typed as is. Best under 24 characters
            label = _("foundation (h):")
        else:
            # TRANSLATORS: the console board's label before the foundations; h is typed as is. Best under 24 characters
            label = _("foundations (h):")
        lined_up = state.cells or STOCK not in self.variant.table.piles  # under a cells line, as its labels are
        top.append(f"{label:<24}{piles}" if lined_up else f"{label} {piles}")
        return top

    def _stock_line(self, state: State, ink: Ink) -> list[str]:
        """The stock's line (and the waste's, on it), or none for a game without a stock."""
        piles = self.variant.table.piles
        if STOCK not in piles:
            return []
        stock = ink.stock(bool(state.stock))
        if WASTE in piles:
            waste = ink.slot(top_card(state.waste))
            # TRANSLATORS: the console board's top line of a game with a stock and a waste; d, s and w are typed as they are
            return [_("stock (d, s): {stock} {stock_count}    waste (w): {waste} {waste_count}").format(
                stock=stock, stock_count=card_count(len(state.stock)), waste=waste, waste_count=card_count(len(state.waste)),
            )]
        gathers = self.variant.table.stock_gathers
        if gathers:  # a stock of no cards, whose d gathers the columns and deals them again
            left = gathers - state.redeals
            # TRANSLATORS: the console board's top line where the stock deals the columns again; d is typed as is
            told = ngettext("stock (d): {n} redeal of the columns left", "stock (d): {n} redeals of the columns left", left)
            return [told.format(n=left)]
        # TRANSLATORS: the console board's top line of a game whose stock deals onto the table; d is typed as is
        return [_("stock (d): {stock} {count}").format(stock=stock, count=card_count(len(state.stock)))]

    def pile_name(self, pile: Pile, card: Card | None = None) -> str:
        """A pile as this game's commands call it (`column 3`, `the foundation`); `card` is the card
        going there, which names the pile in a game whose foundations are named by suit."""
        if pile.kind in (PileKind.COLUMN, PileKind.CELL):
            return str(pile)  # the model's pgettext("pile", "column {number}"), as its reasons name piles
        return _(_THE_PILE[pile.kind])

    def says(self, why: Phrase | Refusal) -> str:
        """A rule's reason (a refusal, as the rules give it) with piles named as this game's board labels them."""
        return why.words(self.pile_name)

    # What a phrased move looks like: `d` for the stock's move, else standard notation (`58v3`, `h23`
    # for a card back down from a foundation, `11-3` past the tenth column). A dialect that phrases
    # moves its own way says its own.
    phrases = re.compile(
        r"d|h[1-9][0-9a-khsw]|[0-9a-khsw]{2}(v[0-9]+)?|(h[1-9][0-9]?|[1-9][0-9]|[0-9a-khsw])-([1-9][0-9]|[0-9a-khsw])(v[0-9]+)?"
    )

    def phrase(self, move: Move, state: State) -> str:
        """A legal move as a command in the game's own language, so a hint can be typed back as it reads:
        `d` for the stock's own move, else standard notation, which names the count (`58v3`) whenever
        more than one card moves."""
        if move.src.kind is PileKind.STOCK or move.dst.kind is PileKind.STOCK:
            return "d"
        return move.notation

    def help(self) -> str:
        """The commands of this game's own language, for the console's help (lines of text)."""
        n, c = self.variant.columns, self.variant.cells
        if not c and not self.variant.table.suit_foundations and self.variant.table.foundations == 1:
            text = self._one_pile_help()
        elif not c:
            text = self._columns_help()
        else:
            text = self._freecell_help()
        if n > len(COLUMN_DIGITS):
            # TRANSLATORS: a line of the console's help for a game of more than ten columns; 11-3, 13-h and 3-12v2
            # are typed as they are
            text += "\n" + _("  past the tenth column, a dash between the piles: 11-3  13-h  3-12v2")
        if STOCK in self.variant.table.piles:
            # TRANSLATORS: a line of the console's help for a game with a stock; d and n are typed as they are
            text += "\n" + _("  d or n   deal from the stock (or turn its next card)")
        return text

    def _one_pile_help(self) -> str:
        """The commands of a game with no cells and one foundation every card goes onto (Aces Up)."""
        # TRANSLATORS: the console's help for a game with one foundation and no cells (Aces Up). Commands (TF x 1,
        # t2t T1 T2, 5h, 58, 7h h, kd c) are typed as they are: translate only the words. Lines under 110 characters
        return _(
            "  TF x 1   tableau x to the foundation   TT x y   tableau x to tableau y   (tableaus 1-{columns})\n"
            "  t2f T 1  t2t T1 T2   the same, one card at a time\n"
            "  standard notation: 5h  58   (h = the foundation)\n"
            "  card names: 7h h (to the foundation)  kd c (into an empty column)"
        ).format(columns=self.variant.columns)

    def _columns_help(self) -> str:
        """The FreeCell family's language without its cells, for a game of columns and foundations
        that has none: a player is not offered commands for piles the table does not have."""
        n, table = self.variant.columns, self.variant.table
        # TRANSLATORS: the console's help for a game of columns without free cells. Commands (TT x y, t2f T F, 58,
        # 58v3, 5h, 7h 8s, as h, kd c) are typed as they are: translate only the words. {digits} is 1-8 or 1-9, 0.
        # Keep the columns lined up and each line under 110 characters
        text = _(
            "  TT x y   tableau x to tableau y    TF x y   tableau x to foundation y"
            "   (tableaus 1-{columns}, foundations 1-{foundations})\n"
            "  t2t T1 T2  t2f T F   the same, one card at a time\n"
            "  standard notation: 58  58v3  5h   (columns {digits}, h = foundation)\n"
            "  card names: 7h 8s (onto that card)  as h (its foundation)  kd c (an empty column)\n"
            "  Naming a card deep in a column moves it with the cards on it; TT and 58 move the run that fits\n"
            "  (to an empty column TT moves the longest run, 58 one card and 58v3 three)."
        ).format(columns=n, foundations=table.foundations, digits=f"1-{min(n, 9)}" + (", 0" if n >= 10 else ""))
        if WASTE in table.piles:
            # TRANSLATORS: a line of the console's help for a game with a waste; w5 and wh are typed as they are
            text += "\n" + _("  w5  wh   the waste's top card onto column 5, or to its foundation")
        return text + "\n" + self._foundations_help(cells=False)

    def _freecell_help(self) -> str:
        """The commands of the FreeCell family's language, which every game of columns shares."""
        n, c = self.variant.columns, self.variant.cells
        # TRANSLATORS: in the console's help, "cells none": a game without free cells
        cells = f"1-{c}" if c else pgettext("free cells", "none")
        # TRANSLATORS: the console's help for FreeCell. Commands (TC x y, t2f T F, 5a, 58v3, 7h 8s, th f...) are typed
        # as they are: translate only the words. Keep the columns lined up and each line under 110 characters
        text = _(
            "  TC x y   tableau x to cell y       TF x y   tableau x to foundation y\n"
            "  TT x y   tableau x to tableau y    CF x y   cell x to foundation y\n"
            "  CT x y   cell x to tableau y       (tableaus 1-{columns}, cells {cells}, foundations 1-{foundations})\n"
            "  t2f T F  t2c T C  t2t T1 T2  c2t C T  c2f C F   the same, one card at a time\n"
            "  standard notation: 5a  a5  5h  58  58v3   (columns 1-9 and 0, cells {letters}, h = foundation)\n"
            "  card names: 7h 8s (onto that card)  th f (a free cell)  as h (its foundation)  kd c (an empty column)\n"
            "  Naming a card deep in a column moves it with the cards on it; TT and 58 move the run that fits\n"
            "  (to an empty column TT moves the longest run, 58 one card and 58v3 three)."
        )
        table = self.variant.table
        text = text.format(columns=n, cells=cells, letters=CELL_LETTERS[:c] if c else cells, foundations=table.foundations)
        return text + "\n" + self._foundations_help()

    def _foundations_help(self, cells: bool = True) -> str:
        """Which foundation a card goes to: its suit's, in a game of four piles one per suit; else
        whichever takes it (two decks' eight piles, piles any Ace starts, runs that go home whole).
        Without `cells` the only foundation command is TF."""
        table = self.variant.table
        one_per_suit = table.suit_foundations and table.foundations == 4
        if cells and one_per_suit:
            # TRANSLATORS: a line of the console's help; TF and CF are commands, typed as they are
            return _(
                "  Foundations are one per suit: 1 is ♣, 2 is ♦, 3 is ♥, 4 is ♠. Any number 1-4 is accepted in TF/CF:\n"
                "  the card always goes to its own suit's pile, as an Ace could start any pile in the classic game."
            )
        if cells:
            # TRANSLATORS: a line of the console's help; TF and CF are commands, typed as they are
            return _("  Any foundation's number is accepted in TF/CF: the card goes to whichever foundation takes it.")
        if one_per_suit:
            # TRANSLATORS: a line of the console's help for a game without free cells; TF is a command, typed as is
            return _(
                "  Foundations are one per suit: 1 is ♣, 2 is ♦, 3 is ♥, 4 is ♠. Any number 1-4 is accepted in TF:\n"
                "  the card always goes to its own suit's pile."
            )
        # TRANSLATORS: a line of the console's help for a game without free cells; TF is a command, typed as is
        return _("  Any foundation's number is accepted in TF: the card goes to whichever foundation takes it.")


def _letter_span(count: int) -> str:
    """The notation letters of `count` cells: `a-d`, or `a-g, i` since h is the foundation."""
    letters = CELL_LETTERS[:count]
    if count <= 7:
        return letters[0] if count == 1 else f"{letters[0]}-{letters[-1]}"
    return "a-g, " + (letters[7] if count == 8 else f"{letters[7]}-{letters[-1]}")
