"""An immutable, hashable position and its board text.

The text is fc-solve's board format, extended only where Klondike and Golf need it:

    Foundations: H-0 C-A D-2 S-0      (suit piles, by the rank on top; Golf, Pyramid: `Foundation: 5H 6C`)
    Foundations: H-5 - S-K C-A        (piles any suit may start, as two-deck games have: `-` is empty)
    Freecells: 8D - - QS              (`-` for an empty cell; omitted when a game has no cells)
    Stock: 3C 4D                      (bottom first; only for games with a stock)
    Waste: 9H                         (bottom first)
    Redeals: 1                        (the waste turned back over so far, where a game counts them)
    : JD KD 2S 4C 3S 6D 6S            (one line per column, deepest card first)
    : [KS] [3D] 7H                    (face-down cards in brackets)

Column lines start with `:` so that an empty column is a visible line; lines without it are read too.
A game without a foundation (TriPeaks, whose cards leave onto the waste) has no Foundations line.
A two-deck game's text writes both copies of a card the same way (`AH`); the reader takes each card
as often as the game's pack holds it and numbers the copies in reading order.
"""
from __future__ import annotations

import re

from .cards import ACE, KING, ONE_DECK, RANK_LETTERS, Card, CardError, Pack, Suit
from .i18n import _, ngettext
from .reading import quoted, shortened, whole_number
from .value import Frozen

Column = tuple[Card, ...]

FOUNDATION_TEXT_ORDER = (Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES)  # as fc-solve writes them
HEADINGS = ("foundations", "foundation", "freecells", "stock", "waste", "redeals")  # each may appear once
# The most missing cards a message names: a two-deck board without its stock line lacks 74 of 104,
# and a list of all of them is no longer one readable line (the board fuzzer's seed 15 found it).
MISSING_NAMED = 24


class BoardError(ValueError):
    """Board text that does not describe a legal position."""


class State(Frozen):
    """Everything on the table. Foundations are one pile per suit (in `Suit` order), one pile in Golf,
    or, in games where any Ace starts any pile (two-deck games), piles of one suit each, Ace first.

    `hidden[i]` is how many cards at the bottom of column i lie face down; `redeals` how many times
    the waste was turned back over into the stock, in a game that allows only so many.

    A `game.value.Frozen`, as `Pile` is, rather than a frozen dataclass, which writes and compiles
    its methods when the module loads (some 5 million machine instructions of every start);
    `replace` is `dataclasses.replace` for it.
    """

    __slots__ = __match_args__ = ("columns", "cells", "foundations", "hidden", "stock", "waste", "redeals")
    columns: tuple[Column, ...]
    cells: tuple[Card | None, ...]
    foundations: tuple[Column, ...]
    hidden: tuple[int, ...]
    stock: Column
    waste: Column
    redeals: int

    def __init__(
        self,
        columns: tuple[Column, ...],
        cells: tuple[Card | None, ...],
        foundations: tuple[Column, ...],
        hidden: tuple[int, ...],
        stock: Column = (),
        waste: Column = (),
        redeals: int = 0,
    ) -> None:
        set_slot = object.__setattr__
        set_slot(self, "columns", columns)
        set_slot(self, "cells", cells)
        set_slot(self, "foundations", foundations)
        set_slot(self, "hidden", hidden)
        set_slot(self, "stock", stock)
        set_slot(self, "waste", waste)
        set_slot(self, "redeals", redeals)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is State:  # written out, not a loop over the slots: searches compare and hash positions
            return (
                self.columns == other.columns and self.cells == other.cells and self.foundations == other.foundations
                and self.hidden == other.hidden and self.stock == other.stock and self.waste == other.waste
                and self.redeals == other.redeals
            )
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.columns, self.cells, self.foundations, self.hidden, self.stock, self.waste, self.redeals))

    def replace(
        self,
        *,
        columns: tuple[Column, ...] | None = None,
        cells: tuple[Card | None, ...] | None = None,
        foundations: tuple[Column, ...] | None = None,
        hidden: tuple[int, ...] | None = None,
        stock: Column | None = None,
        waste: Column | None = None,
        redeals: int | None = None,
    ) -> State:
        """This position with the parts named changed."""
        return State(
            self.columns if columns is None else columns,
            self.cells if cells is None else cells,
            self.foundations if foundations is None else foundations,
            self.hidden if hidden is None else hidden,
            self.stock if stock is None else stock,
            self.waste if waste is None else waste,
            self.redeals if redeals is None else redeals,
        )

    def cards(self) -> list[Card]:
        """Every card in the position, for checking that none is lost or doubled."""
        found: list[Card] = []
        for pile in (*self.columns, *self.foundations, self.stock, self.waste):
            found.extend(pile)
        found.extend(card for card in self.cells if card is not None)
        return found

    def foundation_rank(self, suit: Suit) -> int:
        """Rank on top of a suit's foundation pile, 0 when empty (suit-pile games only)."""
        return len(self.foundations[suit])

    @property
    def free_cells(self) -> int:
        return self.cells.count(None)

    def face_up(self, column: int) -> Column:
        return self.columns[column][self.hidden[column]:]

    def replace_column(self, index: int, cards: Column) -> tuple[Column, ...]:
        return self.columns[:index] + (cards,) + self.columns[index + 1:]

    def to_text(self, *, stock_pile: bool = False, single_foundation: bool = False, suit_foundations: bool = True) -> str:
        """Board text; `stock_pile` adds Stock and Waste lines, `single_foundation` writes Golf's pile,
        and without `suit_foundations` the foundations are written pile by pile, in the table's order."""
        lines = []
        if not self.foundations:
            pass  # a game whose cards leave onto the waste (TriPeaks) has no foundation to write
        elif single_foundation:
            lines.append(" ".join(["Foundation:", *(c.code for c in self.foundations[0])]))
        elif suit_foundations:
            tops = [f"{suit.letter}-{_rank_char(len(self.foundations[suit]))}" for suit in FOUNDATION_TEXT_ORDER]
            lines.append("Foundations: " + " ".join(tops))
        else:
            tops = [_pile_text(pile) for pile in self.foundations]
            lines.append("Foundations: " + " ".join(tops))
        if self.cells:
            lines.append("Freecells: " + " ".join(c.code if c else "-" for c in self.cells))
        if stock_pile:
            lines.append(" ".join(["Stock:", *(c.code for c in self.stock)]))
            lines.append(" ".join(["Waste:", *(c.code for c in self.waste)]))
        if self.redeals:
            lines.append(f"Redeals: {self.redeals}")
        for cards, hidden in zip(self.columns, self.hidden):
            codes = [f"[{c.code}]" if i < hidden else c.code for i, c in enumerate(cards)]
            lines.append(" ".join([":", *codes]))
        return "\n".join(lines) + "\n"

    @staticmethod
    def from_text(
        text: str,
        *,
        cells: int,
        columns: int,
        stock_pile: bool = False,
        single_foundation: bool = False,
        full_deck_required: bool = True,
        pack: Pack = ONE_DECK,
        foundations: int = 4,
        suit_foundations: bool = True,
    ) -> State:
        """Read board text, naming the line and the problem when it is wrong. `full_deck_required`
        asks for every card of the `pack`; `foundations` piles, suit by suit with `suit_foundations`."""
        reader = _BoardReader(cells, columns, stock_pile, single_foundation, (pack, foundations, suit_foundations))
        return reader.read(text, full_deck_required)


def _pile_text(pile: Column) -> str:
    """A foundation pile in a board text: `-` when empty, `H-5` from its Ace up to the Five, and
    `H-7-5` for a pile that starts at another rank (the Seven, up to the Five round the corner)."""
    if not pile:
        return "-"
    first, top = pile[0], pile[-1]
    if first.rank == ACE:
        return f"{top.suit.letter}-{_rank_char(len(pile))}"
    return f"{top.suit.letter}-{_rank_char(first.rank)}-{_rank_char(top.rank)}"


def _rank_char(rank: int) -> str:
    return "0" if rank == 0 else RANK_LETTERS[rank - 1]


def _parse_rank(text: str, where: str) -> int:
    upper = text.upper()
    number = whole_number(upper)
    if number is not None and 0 <= number <= 13:
        return number
    if len(upper) == 1 and upper in RANK_LETTERS:
        return RANK_LETTERS.index(upper) + 1
    raise BoardError(_("{where}: {text} is not a rank (0, A, 2-9, T, J, Q, K)").format(where=where, text=quoted(text)))


def _suit_and_rank(token: str, where: str, form: str) -> tuple[Suit, int]:
    """A foundation pile's `SUIT-RANK` (`H-5`); `form` is the message for a token of another form."""
    suit_text, dash, rank_text = token.partition("-")
    if not dash:
        raise BoardError(form.format(where=where, text=quoted(token)))
    try:
        suit = Suit.parse(suit_text)
    except CardError as error:
        raise BoardError(_("{where}: {problem}").format(where=where, problem=error)) from None
    return suit, _parse_rank(rank_text, where)


def _foundation_given_twice(suit: Suit) -> str:
    return {
        Suit.CLUBS: _("{where}: the clubs foundation is given twice"),
        Suit.DIAMONDS: _("{where}: the diamonds foundation is given twice"),
        Suit.HEARTS: _("{where}: the hearts foundation is given twice"),
        Suit.SPADES: _("{where}: the spades foundation is given twice"),
    }[suit]


class _BoardReader:
    def __init__(
        self, cells: int, columns: int, stock_pile: bool, single_foundation: bool, piles: tuple[Pack, int, bool]
    ) -> None:
        self.n_cells, self.n_columns = cells, columns
        self.stock_pile, self.single_foundation = stock_pile, single_foundation
        self.pack, self.n_foundations, self.suit_foundations = piles  # the cards, and how their foundations lie
        self.seen: dict[Card, list[str]] = {}  # by the card's first copy: where each copy was read

    def _card(self, token: str, where: str) -> Card:
        """Parse one card: the next copy of it, refused when the pack holds no more of it."""
        try:
            card = Card.parse(token)
        except CardError as error:
            raise BoardError(_("{where}: {problem}").format(where=where, problem=error)) from None
        if not self.pack.holds(card):
            raise BoardError(_("{where}: {card} is not among this game's cards").format(where=where, card=card.code))
        places = self.seen.setdefault(card, [])
        if len(places) == self.pack.copies == 1:
            raise BoardError(
                # TRANSLATORS: {where} and {other} are "line 3" and the like
                _("{where}: {card} is given twice (also on {other})").format(where=where, card=card.code, other=places[0])
            )
        if len(places) == self.pack.copies:
            raise BoardError(
                # TRANSLATORS: in a game of two decks; {where} is "line 3" and the like, {n} is 2 to 8
                _("{where}: {card} is given too often (this game has {n} of it)").format(
                    where=where, card=card.code, n=self.pack.copies
                )
            )
        places.append(where)
        return Card.of(card.rank, card.suit, len(places) - 1)

    def read(self, text: str, full_deck_required: bool) -> State:
        foundations: list[Column] = [()] if self.single_foundation else [()] * self.n_foundations
        cells: list[Card | None] = [None] * self.n_cells
        stock: Column = ()
        waste: Column = ()
        redeals = 0
        columns: list[Column] = []
        hidden: list[int] = []
        headings: dict[str, str] = {}
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.strip()
            # TRANSLATORS: where a problem lies in a board text file; begins the messages "{where}: ..."
            where = _("line {number}").format(number=number)
            if not line or line.startswith("#"):
                continue
            head, _colon, rest = line.partition(":")
            key = head.strip().lower()
            if ":" in line and key in HEADINGS:
                if key in headings:
                    raise BoardError(
                        _("{where}: a second {heading} line (the first is on {other})").format(
                            where=where, heading=head.strip(), other=headings[key]
                        )
                    )
                headings[key] = where
            if key == "foundations" and not self.single_foundation:
                foundations = self._suit_foundations(rest, where) if self.suit_foundations else self._piles(rest, where)
            elif key == "foundation" and self.single_foundation:
                foundations = [self._cards(rest, where)]
            elif key == "freecells":
                cells = self._cells(rest, where)
            elif key == "stock" and self.stock_pile:
                stock = self._cards(rest, where)
            elif key == "waste" and self.stock_pile:
                waste = self._cards(rest, where)
            elif key == "redeals" and self.stock_pile:
                redeals = self._count(rest, where)
            elif head.strip() == "" or ":" not in line:
                body = rest if ":" in line else line
                if len(columns) == self.n_columns:
                    raise BoardError(
                        ngettext(
                            "{where}: one column too many; this game has {n} column",
                            "{where}: one column too many; this game has {n} columns",
                            self.n_columns,
                        ).format(where=where, n=self.n_columns)
                    )
                column, down = self._column(body, where)
                columns.append(column)
                hidden.append(down)
            else:
                raise BoardError(_("{where}: unknown heading {heading}").format(where=where, heading=quoted(head.strip())))
        if len(columns) != self.n_columns:
            raise BoardError(
                ngettext(
                    "the board has only {found} column; this game has {n}",
                    "the board has only {found} columns; this game has {n}",
                    len(columns),
                ).format(found=len(columns), n=self.n_columns)
            )
        state = State(tuple(columns), tuple(cells), tuple(foundations), tuple(hidden), stock, waste, redeals)
        self._check_cards(state, full_deck_required)
        return state

    @staticmethod
    def _count(text: str, where: str) -> int:
        """How many times the waste was turned back over: a whole number, in ASCII digits."""
        number = whole_number(text.strip())
        if number is None:
            # TRANSLATORS: {text} is what a board text's Redeals line says, quoted
            raise BoardError(_("{where}: {text} is not a number of redeals").format(where=where, text=quoted(text.strip())))
        return number

    def _cards(self, text: str, where: str) -> Column:
        return tuple(self._card(token, where) for token in text.split())

    def _column(self, text: str, where: str) -> tuple[Column, int]:
        cards: list[Card] = []
        down = 0
        for token in text.split():
            bracketed = re.fullmatch(r"\[(.+)\]", token)
            if bracketed:
                if down != len(cards):
                    raise BoardError(
                        _("{where}: face-down card {card} lies above a face-up card").format(where=where, card=shortened(token))
                    )
                down += 1
                token = bracketed[1]
            cards.append(self._card(token, where))
        return tuple(cards), down

    def _cells(self, text: str, where: str) -> list[Card | None]:
        tokens = text.split()
        if len(tokens) > self.n_cells:
            count = len(tokens)
            if not self.n_cells:
                raise BoardError(
                    ngettext(
                        "{where}: {count} entry for the cells, but this game has no cells",
                        "{where}: {count} entries for the cells, but this game has no cells",
                        count,
                    ).format(where=where, count=count)
                )
            # more entries than cells, so always two or more entries: the plural follows the cells
            raise BoardError(
                ngettext(
                    "{where}: {count} entries for the cells, but this game has {n} cell",
                    "{where}: {count} entries for the cells, but this game has {n} cells",
                    self.n_cells,
                ).format(where=where, count=count, n=self.n_cells)
            )
        cells: list[Card | None] = [None] * self.n_cells
        for i, token in enumerate(tokens):
            if token != "-":
                cells[i] = self._card(token, where)
        return cells

    def _suit_foundations(self, text: str, where: str) -> list[Column]:
        piles: list[Column] = [(), (), (), ()]
        given: set[Suit] = set()
        for token in text.split():
            suit, rank = _suit_and_rank(token, where, _("{where}: {text} should be SUIT-RANK, like H-0 or C-5"))
            if suit in given:
                raise BoardError(_foundation_given_twice(suit).format(where=where))
            given.add(suit)
            piles[suit] = self._pile(suit, rank, where)
        return piles

    def _piles(self, text: str, where: str) -> list[Column]:
        """Foundations any suit may start: one `SUIT-RANK` or `-` (empty) per pile, in the table's order."""
        tokens = text.split()
        if len(tokens) > self.n_foundations:
            raise BoardError(
                # TRANSLATORS: {count} is more than {n}, and {n} is 2 or more
                _("{where}: {count} foundations given, but this game has {n}").format(
                    where=where, count=len(tokens), n=self.n_foundations
                )
            )
        piles: list[Column] = [()] * self.n_foundations
        for i, token in enumerate(tokens):
            if token == "-":
                continue
            form = _("{where}: {text} should be SUIT-RANK or -, like H-5")
            head, _dash, top_text = token.rpartition("-")
            if head.count("-") == 1:  # a pile from another rank than the Ace: `H-7-5`
                suit, first = _suit_and_rank(head, where, form)
                top = _parse_rank(top_text, where)
                if not first or not top:
                    raise BoardError(form.format(where=where, text=quoted(token)))
                piles[i] = self._pile(suit, top, where, first)
                continue
            suit, rank = _suit_and_rank(token, where, form)
            piles[i] = self._pile(suit, rank, where)
        return piles

    def _pile(self, suit: Suit, rank: int, where: str, first: int = ACE) -> Column:
        """A foundation pile from rank `first` up to `rank` (round the corner from King to Ace where
        it must), each card the next copy the pack holds."""
        if first == ACE:
            ranks = list(range(ACE, rank + 1))
        else:
            ranks = [(first - ACE + step) % KING + ACE for step in range((rank - first) % KING + 1)]
        return tuple(self._card(Card.of(r, suit).code, where) for r in ranks)

    def _check_cards(self, state: State, full_deck_required: bool) -> None:
        if full_deck_required:
            missing = sorted(set(self.pack.cards()) - set(state.cards()))
            if missing:
                raise BoardError(_("cards missing: {cards}").format(cards=_named(missing)))


def _named(cards: list[Card]) -> str:
    """`cards` as a message lists them: the first MISSING_NAMED codes, then an ellipsis for the rest,
    so a board that lacks a whole line is refused in one short line that still says where to look."""
    codes = [card.code for card in cards[:MISSING_NAMED]]
    return ", ".join(codes + ["…"] if len(cards) > MISSING_NAMED else codes)
