"""Cards as interned values, and the packs games deal from.

Cards are compared and hashed millions of times by the solver, so each card exists once and equality
is identity; the integer `index` (copy-major, then suit-major) gives a compact form where a number is
wanted. A two-deck game holds two Aces of hearts: they are two values (`copy` 0 and 1), so every pile,
sprite and solver key still tells them apart, while board text and notation write both as `AH`.
"""
from __future__ import annotations

import re
from _thread import allocate_lock
from collections.abc import Callable
from enum import IntEnum

from .i18n import N_, NC_, _, pgettext
from .reading import quoted
from .value import Value


class Suit(IntEnum):
    """Suits in Microsoft FreeCell's deck order, which the numbered deals depend on."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def is_red(self) -> bool:
        return self in _RED_SUITS

    @property
    def colour(self) -> str:
        return "red" if self.is_red else "black"

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Accept a letter (C D H S, any case) or a symbol (♣ ♦ ♥ ♠)."""
        suit = _SUITS_BY_TEXT.get(text.strip().upper())
        if suit is not None:
            return suit
        raise CardError(N_("{text} is not a suit (use C, D, H or S)"), text=quoted(text))


# Not `(Suit.DIAMONDS, Suit.HEARTS)` at each call: a member looked up on an Enum goes through the
# metaclass's attribute hook (some 0.1 us), and every build check of a FreeCell move asks twice.
_RED_SUITS = (Suit.DIAMONDS, Suit.HEARTS)
# A suit by its letter or symbol: iterating an Enum is slow on 3.11, and the window reads the 52 kept
# faces' card codes before its first frame.
_SUITS_BY_TEXT = {text: suit for suit in Suit for text in (suit.letter, suit.symbol)}

RANK_LETTERS = "A23456789TJQK"
# The index letters a player reads; a language with its own (French R D V, German K D B) translates
# them in the "rank" context. Board text and notation keep RANK_LETTERS whatever the language.
RANK_NAMES = (
    "", NC_("rank", "A"), "2", "3", "4", "5", "6", "7", "8", "9", "10", NC_("rank", "J"), NC_("rank", "Q"), NC_("rank", "K"),
)
ACE, JACK, QUEEN, KING = 1, 11, 12, 13


def rank_name(rank: int) -> str:
    """A rank's index as the player's language prints it on a card (the court letters change)."""
    return pgettext("rank", RANK_NAMES[rank])


class CardError(ValueError):
    """Text that does not name a card, as a value: the rule's template (marked for the catalogue) and
    its facts, worded in the player's language each time it is said."""

    def __init__(self, template: str, **facts: object) -> None:
        super().__init__(template)
        self.template, self.facts = template, facts

    def __str__(self) -> str:
        return _(self.template).format(**self.facts)


ALL_SUITS = tuple(Suit)
MOST_COPIES = 8  # Spider with one suit: two decks' worth of spades, eight of each


class Card:
    """One playing card. Never constructed directly: use `Card.of(rank, suit)` or `Card.parse`.

    `copy` tells apart cards of the same rank and suit in a game of more than one deck (0 for the
    first deck's); it never shows in what a player reads or types."""

    __slots__ = ("rank", "suit", "copy", "index")
    rank: int
    suit: Suit
    copy: int
    index: int

    def __init__(self, rank: int, suit: Suit, copy: int) -> None:
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "copy", copy)
        object.__setattr__(self, "index", copy * 52 + int(suit) * 13 + rank - 1)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("cards are immutable")  # deleting a slot would break the shared card

    def __reduce__(self) -> tuple[Callable[[int], Card], tuple[int]]:
        return (card_from_index, (self.index,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    @staticmethod
    def of(rank: int, suit: Suit | int, copy: int = 0) -> Card:
        if not ACE <= rank <= KING:
            raise CardError(N_("rank {rank} is not between 1 (Ace) and 13 (King)"), rank=rank)
        index = copy * 52 + int(suit) * 13 + rank - 1
        try:
            return _CARDS[index]
        except IndexError:
            return _later_copy(index)

    def first_copy(self) -> Card:
        """The same rank and suit from the first deck: what a card is, whichever deck it came from."""
        return _CARDS[self.index % 52]

    @staticmethod
    def parse(text: str) -> Card:
        """Parse `AC`, `TD`, `10d`, `qh`, `7♥`: rank then suit, any case."""
        if text in _BY_CODE:
            return _BY_CODE[text]
        match = re.fullmatch(_CARD_PATTERN, text.strip(), re.IGNORECASE)
        if not match:
            # TRANSLATORS: AC, TD, 10d and qh are typed as they are
            raise CardError(N_("{text} is not a card (write rank then suit, like AC, TD, 10d or qh)"), text=quoted(text))
        rank_text, suit_text = match.groups()
        rank_text = rank_text.upper()
        rank = 10 if rank_text == "10" else RANK_LETTERS.index(rank_text) + 1
        return Card.of(rank, Suit.parse(suit_text))

    @property
    def is_red(self) -> bool:
        return self.suit.is_red

    @property
    def colour(self) -> str:
        return self.suit.colour

    @property
    def code(self) -> str:
        """The two-character form used by board text and fc-solve: `TD`, `AS`."""
        return RANK_LETTERS[self.rank - 1] + self.suit.letter

    @property
    def label(self) -> str:
        """The form a player reads in messages, in the player's language: `10♦`, `A♠`, French `R♥`."""
        return rank_name(self.rank) + self.suit.symbol

    def __str__(self) -> str:
        return self.label

    def __repr__(self) -> str:
        return f"Card({self.code})" if not self.copy else f"Card({self.code}, copy={self.copy})"


# Patterns are compiled where first matched (`re` keeps them): a start reads no text, and compiling
# one at import costs a few hundred thousand machine instructions of every start.
_CARD_PATTERN = r"(10|[2-9TJQKA])([CDHS♣♦♥♠])"
_CARDS: list[Card] = [Card(rank, suit, 0) for suit in Suit for rank in range(ACE, KING + 1)]
_MAKING_COPIES = allocate_lock()  # `_thread`'s lock: `threading` is not loaded by a start
_BY_CODE = {card.code: card for card in _CARDS}  # `TD` read without a pattern: the kept faces name 52 at start


def _later_copy(index: int) -> Card:
    """A card of a deck after the first, made with every copy before it when a game first deals that
    many decks: a start that deals one deck makes 52 cards, not the 416 of every copy a game may
    take (3.7M machine instructions, callgrind)."""
    if not 0 <= index < MOST_COPIES * 52:
        raise IndexError(f"no card {index}: a game takes at most {MOST_COPIES} copies of each card")
    with _MAKING_COPIES:  # a card exists once: two threads must not each make the same copy
        while len(_CARDS) <= index:
            copy = len(_CARDS) // 52
            _CARDS.extend([Card(rank, suit, copy) for suit in Suit for rank in range(ACE, KING + 1)])
    return _CARDS[index]


def card_from_index(index: int) -> Card:
    try:
        return _CARDS[index]
    except IndexError:
        return _later_copy(index)


def full_deck() -> tuple[Card, ...]:
    """All 52 cards of one deck, suit by suit."""
    return tuple(_CARDS[:52])


class Pack(Value):
    """The cards a game deals from: `decks` decks, where a game of fewer `suits` takes more copies
    of those (Spider one suit: two decks' worth of spades, so eight of each). Made with `Pack.of`,
    which refuses a pack no game can deal. (A `Value`: every start makes one, game/value.py.)"""

    __slots__ = __match_args__ = ("decks", "suits")

    def __init__(self, decks: int = 1, suits: tuple[Suit, ...] = ALL_SUITS) -> None:
        self.decks = decks
        self.suits = suits

    @staticmethod
    def of(decks: int = 1, suits: tuple[Suit, ...] = ALL_SUITS) -> Pack:
        pack = Pack(decks, suits)
        if decks < 1 or not suits or (decks * 4) % len(suits) or pack.copies > MOST_COPIES:
            raise ValueError(f"no pack of {decks} decks in the suits {suits}")
        return pack

    @property
    def copies(self) -> int:
        """How many of each of its cards the pack holds."""
        return self.decks * 4 // len(self.suits)

    @property
    def size(self) -> int:
        return self.decks * 52

    @property
    def foundations(self) -> int:
        """How many Ace-to-King piles the pack makes."""
        return self.size // 13

    def cards(self) -> tuple[Card, ...]:
        """Every card, copy by copy, then suit by suit from the Ace to the King."""
        return tuple(
            Card.of(rank, suit, copy) for copy in range(self.copies) for suit in self.suits for rank in range(ACE, KING + 1)
        )

    def holds(self, card: Card) -> bool:
        return card.suit in self.suits and card.copy < self.copies


ONE_DECK = Pack.of()
TWO_DECKS = Pack.of(2)
