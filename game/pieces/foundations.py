"""Where cards go home: what every kind of foundations answers (`Foundations`) and the commonest kind,
one pile per suit (`SuitPiles`). The other kinds live in modules of their own, so that a game loads
only its own (each a frozen dataclass, whose methods are compiled when its module loads): piles any
Ace starts (any_ace_piles.py), piles built round the corner from a dealt card or a base rank
(round_piles.py), whole runs from King to Ace that go home by themselves (run_piles.py), one pile
played onto a rank up or down (one_pile.py), one pile cards are thrown onto when outranked
(discard.py).

Each kind answers the same questions: which pile a card goes to (`slot`) and why none (`refuse`),
what may come back down (`lifted`), how many copies of a card are home (for safe auto-play), and
what its board text looks like.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator

from ..cards import ACE, KING, Card, Suit
from ..i18n import N_
from ..moves import FOUNDATION, FOUNDATION_KIND, Move, Pile
from ..refusal import Refusal, Why, refusal
from ..rules import IllegalMove, foundation_reason
from ..state import Column, State
from ..value import Value

Exposed = Callable[[State], list[tuple[Pile, Card]]]  # the cards on top of their piles, with their piles
STAYS_HOME = refusal(Why.STAYS_HOME, N_("cards on the foundation stay there"))
ONE_AT_A_TIME = refusal(Why.ONE_AT_A_TIME, N_("cards go to the foundation one at a time"))
RUN = KING - ACE + 1  # the cards of a whole run from King to Ace
ANY_RANK = range(ACE, KING + 1)


def cant_go_home(card: Card, reason: Refusal) -> Refusal:
    return refusal(Why.CANT_GO_HOME, N_("{card} can't go home: {reason}"), card=card, reason=reason)


class Foundations(ABC):
    """What a game's foundations take and give back."""

    by_suit = False  # pile i belongs to suit i (the board names them by suit; an empty one shows its suit)
    one_pile = False  # a single pile holding every card played (Golf's), written `Foundation: 5H 6C`
    takes_cards = True  # single cards go home by a player's move (else whole runs go by themselves)
    autoplays = True  # sending a card home can be safe, so auto-play may do it
    returns = False  # a card may come back down to a column
    completes_runs = False  # a move may complete what goes home by itself (`after` has work to do)
    from_ace = True  # every pile starts at the Ace (so an Ace goes home before any card it could hold)
    ends_home = True  # a won game has every card here, so cards sent home can finish it (not Mod 3's Aces pile)
    summary = ""  # the game chooser's words for what goes home, where the columns' build does not say it (N_)

    @abstractmethod
    def piles(self, decks: int) -> int:
        """How many piles there are, for a pack of `decks` decks."""

    @abstractmethod
    def slot(self, state: State, card: Card) -> int | None:
        """The pile `card` goes to, or None when none takes it now."""

    @abstractmethod
    def refuse(self, state: State, card: Card) -> Refusal:
        """Why no pile takes `card` (asked only when `slot` is None)."""

    def rule_text(self) -> tuple[str, ...]:
        """A rule the piece words itself, sentence by sentence, marked with N_, for its family's rules text to
        name among its own (Golf's pile says whether Ace and King touch); none here."""
        return ()

    def target(self, state: State, card: Card) -> int:
        """The pile a card already known to go home goes to (a move being done asks, once checked)."""
        found = self.slot(state, card)
        assert found is not None, "the move was checked"
        return found

    def accept(self, state: State, move: Move, cards: Column) -> None:
        """Refuse `move` unless the foundations take `cards` (picked up from `move.src`)."""
        if move.src.kind is FOUNDATION_KIND:
            raise IllegalMove(refusal(Why.STAYS_HOME, N_("a card on a foundation can only come back down to a column")))
        if move.count > 1:
            raise IllegalMove(ONE_AT_A_TIME)
        if self.slot(state, cards[0]) is None:
            raise IllegalMove(self.refuse(state, cards[0]))

    def lifted(self, state: State, src: Pile, count: int) -> Column:
        """The cards a move takes back down from foundation `src`, or why none may: its top card,
        where the game lets one come back down (`returns`)."""
        if not self.returns:
            raise IllegalMove(STAYS_HOME)
        if not 0 <= src.index < len(state.foundations):
            raise IllegalMove(refusal(Why.NO_SUCH_PILE, N_("there is no foundation {number}"), number=src.index + 1, pile=src))
        pile = state.foundations[src.index]
        if not pile:
            raise IllegalMove(self.empty(src))
        if count > 1:
            raise IllegalMove(refusal(Why.ONE_AT_A_TIME, N_("cards come back from a foundation one at a time")))
        return pile[-1:]

    def empty(self, src: Pile) -> Refusal:
        """Why nothing comes back from foundation `src`: it is empty."""
        return refusal(Why.FOUNDATION_EMPTY, N_("foundation {number} is empty"), number=src.index + 1, pile=src)

    def home_count(self, state: State, rank: int, suit: Suit) -> int:
        """How many cards of this rank and suit are home (0 to the copies the pack holds)."""
        return sum(1 for pile in state.foundations for card in pile if card.rank == rank and card.suit is suit)

    def after(self, state: State, touched: list[int]) -> State:
        """The position once the cards a move leaves complete have gone home by themselves."""
        return state

    def moves_home(self, state: State, exposed: Exposed) -> Iterator[Move]:
        """The moves that send a card home, from the cards on top of their piles (`exposed(state)`)."""
        for pile, card in exposed(state):
            if self.slot(state, card) is not None:
                yield Move(pile, FOUNDATION)

    def check_text(self, state: State) -> str | None:
        """What is wrong with the foundations of a board text, or None."""
        return None

    def is_safe(self, state: State, card: Card) -> bool:
        """Whether these foundations let safe auto-play send `card` home now (the rules then ask what
        the columns need); always, but where keeping a card that could go home may pay."""
        return True

    def is_won(self, state: State) -> bool | None:
        """Whether the game is won, when these foundations decide it (else None: every card home)."""
        return None

    def lost_reason(self, state: State) -> Refusal | None:
        """Why a position with no move left is lost, in these foundations' words (None: the usual words)."""
        return None


class SuitPiles(Value, Foundations):
    """One pile per suit, built up from the Ace to the King; with `returns`, the top card of a pile
    may come back down to a column (Klondike, as most programs play it). A `Value`, not a dataclass
    as the other kinds are: nearly every start reads this one (game/value.py says why)."""

    __slots__ = ("returns",)
    by_suit = True

    def __init__(self, returns: bool = False) -> None:
        self.returns = returns

    def piles(self, decks: int) -> int:
        return len(Suit)

    def slot(self, state: State, card: Card) -> int | None:
        return card.suit if card.rank == len(state.foundations[card.suit]) + 1 else None

    def target(self, state: State, card: Card) -> int:
        return card.suit

    def refuse(self, state: State, card: Card) -> Refusal:
        reason = foundation_reason(card, len(state.foundations[card.suit]))
        assert reason is not None
        return cant_go_home(card, reason)

    def home_count(self, state: State, rank: int, suit: Suit) -> int:
        return int(len(state.foundations[suit]) >= rank)

    def empty(self, src: Pile) -> Refusal:
        # TRANSLATORS: {suit} is a suit symbol (♣ ♦ ♥ ♠)
        return refusal(Why.FOUNDATION_EMPTY, N_("the {suit} foundation is empty"), suit=Suit(src.index).symbol)


_NEEDS_FIRST = N_("the foundation needs {card} first")


def started_refusal(state: State, card: Card, first: int, below: int) -> Refusal:
    """Why no pile takes `card` where the first empty pile takes a card of rank `first` and a pile of
    its suit takes it on the card of rank `below`."""
    if card.rank == first:
        why = refusal(Why.FOUNDATION_NEEDS, N_("every foundation is started already"))
    elif not any(pile and pile[-1].suit == card.suit for pile in state.foundations):
        why = refusal(Why.FOUNDATION_NEEDS, _NEEDS_FIRST, card=Card.of(first, card.suit))
    else:
        template = N_("no foundation has {card} on top")
        why = refusal(Why.FOUNDATION_NEEDS, template, card=Card.of(below, card.suit))
    return cant_go_home(card, why)
