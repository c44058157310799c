"""Why the rules refuse a move, as a value: a code, the facts it names, and its words.

A refusal travels from the rules to every front end as data (`Refusal`): which rule (`why`), and the
cards, piles and numbers it concerns. Each front end words it itself (`words`), naming piles its own
way: the Klondike console says `T2` where the window says "column 3", without reading the model's
sentence back. The English templates are the catalogue's messages, so the words come out in the
player's language; a template with a plural form carries both, counted by one of the facts.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import Enum
from types import MappingProxyType

from .cards import Card
from .i18n import _, ngettext
from .moves import Pile
from .value import Value

PileNamer = Callable[[Pile], str]


class Why(Enum):
    """Which rule a refused move breaks. Front ends and tests tell refusals apart by this code."""

    # the piles a move names
    NO_SUCH_PILE = "no-such-pile"
    GAME_LACKS = "game-lacks"
    ALREADY_THERE = "already-there"
    AT_LEAST_ONE = "at-least-one"
    ONE_AT_A_TIME = "one-at-a-time"
    # what may be picked up
    PILE_EMPTY = "pile-empty"
    TOO_FEW_CARDS = "too-few-cards"
    FACE_DOWN = "face-down"
    NOT_A_RUN = "not-a-run"
    TOP_CARD_ONLY = "top-card-only"
    STAYS_HOME = "stays-home"
    CELL_HOLDS_ONE = "cell-holds-one"
    # where it may go
    CELL_OCCUPIED = "cell-occupied"
    CANT_GO_ON = "cant-go-on"
    BUILD = "build"
    EMPTY_COLUMN = "empty-column"
    RUN_TOO_LONG = "run-too-long"
    CANT_GO_HOME = "cant-go-home"
    FOUNDATION_NEEDS = "foundation-needs"
    FOUNDATION_EMPTY = "foundation-empty"
    NOT_NEXT = "not-next"
    COVERED = "covered"  # a matching game's card that other cards still lie on
    NO_MATCH = "no-match"  # two cards that do not add up to the total a pair needs
    # the stock and the waste
    STOCK = "stock"
    # the history of a game
    HISTORY = "history"
    # the game is over
    LOST = "lost"


NO_FACTS: Mapping[str, object] = MappingProxyType({})


class Phrase(Value):
    """Words to be said in the player's language: a template and the facts it names.

    Facts are cards (worded by their label), piles (by the front end's `PileNamer`), other phrases
    (worded the same way) and plain numbers and names. `counted` names the fact that chooses the
    plural form of a two-form template. (Values, this and `Refusal`: game/value.py says why.)"""

    __slots__ = __match_args__ = ("template", "facts", "counted")

    def __init__(self, template: str | tuple[str, str], facts: Mapping[str, object] = NO_FACTS, counted: str = "") -> None:
        self.template = template
        self.facts = facts
        self.counted = counted

    def words(self, name: PileNamer = str) -> str:
        """The phrase in the player's language, piles named by `name`."""
        values = {key: _worded(value, name) for key, value in self.facts.items()}
        if isinstance(self.template, tuple):
            count = self.facts[self.counted]
            assert isinstance(count, int)
            return ngettext(*self.template, count).format(**values)
        return _(self.template).format(**values)

    def __str__(self) -> str:
        return self.words()


def phrase(template: str | tuple[str, str], counted: str = "", **facts: object) -> Phrase:
    """Words with their facts given by name: `phrase(Nn_("{n} free cell", "{n} free cells"), "n", n=3)`."""
    return Phrase(template, facts, counted)


class Refusal(Value):
    """A refused move: the rule it breaks (`why`), and what to say of it."""

    __slots__ = __match_args__ = ("why", "phrase")

    def __init__(self, why: Why, phrase: Phrase) -> None:
        self.why = why
        self.phrase = phrase

    def words(self, name: PileNamer = str) -> str:
        """The refusal in the player's language, piles named by `name`."""
        return self.phrase.words(name)

    def __str__(self) -> str:
        return self.phrase.words()


def refusal(why: Why, template: str | tuple[str, str], counted: str = "", **facts: object) -> Refusal:
    """A refusal, its facts given by name: `refusal(Why.PILE_EMPTY, N_("{pile} is empty"), pile=src)`."""
    return Refusal(why, Phrase(template, facts, counted))


def _worded(value: object, name: PileNamer) -> object:
    if isinstance(value, Card):
        return value.label
    if isinstance(value, Pile):
        return name(value)
    if isinstance(value, Phrase):
        return value.words(name)
    return value
