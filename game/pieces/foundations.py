"""Where cards go home: one pile per suit (`SuitPiles`), piles any Ace starts (`AnyAcePiles`, two
decks), whole runs from King to Ace that go home by themselves (`RunPiles`: Spider, Scorpion),
one pile played onto a rank up or down (`OnePile`: Golf), or one pile cards are thrown onto when
outranked (`Discard`: Aces Up).

Each kind answers the same questions: which pile a card goes to (`slot`) and why none (`refuse`),
what may come back down (`lifted`), how many copies of a card are home (for safe auto-play), and
what its board text looks like.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Container, Iterator
from dataclasses import dataclass

from ..cards import ACE, KING, Card, Suit
from ..i18n import N_
from ..moves import COLUMN_KIND, FOUNDATION, FOUNDATION_KIND, Move, Pile, column
from ..refusal import Nn_, Refusal, Why, refusal
from ..rules import IllegalMove, foundation_reason
from ..state import Column, State

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


@dataclass(frozen=True)
class SuitPiles(Foundations):
    """One pile per suit, built up from the Ace to the King; with `returns`, the top card of a pile
    may come back down to a column (Klondike, as most programs play it)."""

    returns: bool = False
    by_suit = True

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


@dataclass(frozen=True)
class AnyAcePiles(Foundations):
    """Piles any Ace starts (the first empty one), each built up by suit to the King: with two decks a
    card may fit either of two piles, which are then alike, so it goes to the first. With `returns`,
    the top card of a pile may come back down to a column (Gypsy)."""

    returns: bool = False

    def piles(self, decks: int) -> int:
        return 4 * decks

    def slot(self, state: State, card: Card) -> int | None:
        if card.rank == ACE:
            return next((i for i, pile in enumerate(state.foundations) if not pile), None)
        for i, pile in enumerate(state.foundations):
            if pile and pile[-1].suit == card.suit and pile[-1].rank == card.rank - 1:
                return i
        return None

    def refuse(self, state: State, card: Card) -> Refusal:
        return started_refusal(state, card, ACE, card.rank - 1)

    def home_count(self, state: State, rank: int, suit: Suit) -> int:
        return sum(1 for pile in state.foundations if pile and pile[-1].suit == suit and len(pile) >= rank)


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


def wrapped_below(rank: int) -> int:
    """The rank under `rank` where the King lies under the Ace."""
    return rank - 1 if rank > ACE else KING


@dataclass(frozen=True)
class SuitRunPiles(Foundations):
    """`count` piles, each started by the deal, built up by suit from its first card and round the
    corner from King to Ace (Grandfather's Clock's twelve, each up to the card of its hour: a pile
    ends where another pile's first card would come next). A card goes on the pile whose top card
    is the one below it in its suit."""

    count: int = 4
    from_ace = False

    def piles(self, decks: int) -> int:
        return self.count

    def slot(self, state: State, card: Card) -> int | None:
        below = wrapped_below(card.rank)
        for i, pile in enumerate(state.foundations):
            if pile and pile[-1].rank == below and pile[-1].suit is card.suit:
                return i
        return None

    def refuse(self, state: State, card: Card) -> Refusal:
        template = N_("no foundation has {card} on top")
        return cant_go_home(card, refusal(Why.FOUNDATION_NEEDS, template, card=Card.of(wrapped_below(card.rank), card.suit)))

    def home_count(self, state: State, rank: int, suit: Suit) -> int:
        # how far above its pile's first card the card would lie, against how many cards the pile holds
        return sum(1 for pile in state.foundations if pile and pile[0].suit is suit and len(pile) > (rank - pile[0].rank) % RUN)

    def check_text(self, state: State) -> str | None:
        if not all(state.foundations):
            return N_("every foundation holds the card the deal laid there")
        return None


@dataclass(frozen=True)
class BasePiles(SuitRunPiles):
    """Piles built up by suit from a base rank the deal sets, turning the corner from King to Ace
    (Canfield): the deal lays one card on the first pile, the first empty pile takes each other card
    of its rank, and each pile ends on the rank below it. The base is read from the position (the
    first card of a started pile: nothing comes back down), so it is never a second thing to keep."""

    def piles(self, decks: int) -> int:
        return 4 * decks

    @staticmethod
    def base(state: State) -> int | None:
        """The rank every pile starts at (None only in a board text without a started pile)."""
        return next((pile[0].rank for pile in state.foundations if pile), None)

    def slot(self, state: State, card: Card) -> int | None:
        if card.rank == self.base(state):
            return next((i for i, pile in enumerate(state.foundations) if not pile), None)
        return super().slot(state, card)

    def refuse(self, state: State, card: Card) -> Refusal:
        base = self.base(state)
        assert base is not None, "the deal starts a pile, and a board text must"
        return started_refusal(state, card, base, wrapped_below(card.rank))

    def check_text(self, state: State) -> str | None:
        base = self.base(state)
        if base is None:
            return N_("a foundation must hold the base card the deal laid there")
        if any(pile and pile[0].rank != base for pile in state.foundations):
            return N_("every foundation starts at the rank of the base card")
        return None


@dataclass(frozen=True)
class RunPiles(Foundations):
    """Whole runs of one suit from King to Ace, which go home by themselves as soon as a move or a deal
    completes one (as part of that move, so one undo takes back both). A run lies Ace first on the
    first empty pile, its King on top."""

    takes_cards = False
    autoplays = False
    completes_runs = True

    def piles(self, decks: int) -> int:
        return 4 * decks

    def slot(self, state: State, card: Card) -> int | None:
        return next((i for i, pile in enumerate(state.foundations) if not pile), None)

    def refuse(self, state: State, card: Card) -> Refusal:
        return refusal(Why.CANT_GO_HOME, N_("only a whole run of one suit from King to Ace goes home"))

    def accept(self, state: State, move: Move, cards: Column) -> None:
        if move.src.kind is not COLUMN_KIND or move.count != RUN or not completed(cards, 0):
            raise IllegalMove(self.refuse(state, cards[0]))

    def lifted(self, state: State, src: Pile, count: int) -> Column:
        raise IllegalMove(refusal(Why.STAYS_HOME, N_("a completed run stays on its foundation")))

    def moves_home(self, state: State, exposed: Exposed) -> Iterator[Move]:
        """A completed run still in a column (a board text may show one): only an Ace on top can end one."""
        for i, pile in enumerate(state.columns):
            if pile and pile[-1].rank == ACE and completed(pile, state.hidden[i]):
                yield Move(column(i), FOUNDATION, RUN)

    def after(self, state: State, touched: list[int]) -> State:
        if not any(completed(state.columns[index], state.hidden[index]) for index in touched):
            return state
        columns, foundations, hidden = list(state.columns), list(state.foundations), list(state.hidden)
        for index in touched:
            pile = columns[index]
            if completed(pile, hidden[index]):
                slot = foundations.index(())
                foundations[slot] = pile[-RUN:][::-1]
                columns[index] = pile = pile[:-RUN]
                hidden[index] = min(hidden[index], max(len(pile) - 1, 0))
        return State(tuple(columns), state.cells, tuple(foundations), tuple(hidden), state.stock, state.waste, state.redeals)

    def check_text(self, state: State) -> str | None:
        if any(pile and len(pile) != RUN for pile in state.foundations):
            return N_("a foundation holds a whole run from King to Ace, or nothing")
        return None


def completed(pile: Column, hidden: int) -> bool:
    """Whether a column's top 13 cards are a face-up run of one suit from King down to Ace."""
    if len(pile) - hidden < RUN or pile[-1].rank != ACE:
        return False
    top = pile[-RUN:]
    return all(upper.rank == lower.rank - 1 and upper.suit is lower.suit for upper, lower in zip(top[1:], top))


def adjacent_rank(card: Card, onto: Card, wrap: bool) -> bool:
    """One rank apart either way; with `wrap`, Ace and King touch."""
    gap = abs(card.rank - onto.rank)
    return gap == 1 or (wrap and gap == KING - 1)


@dataclass(frozen=True)
class OnePile(Foundations):
    """One pile every card is played onto, one rank above or below its top card whatever the suit
    (Golf); with `wrap`, Ace and King touch, and without it nothing goes on a King. Won when the
    columns are clear, whatever the stock still holds."""

    wrap: bool = True
    one_pile = True
    autoplays = False

    def piles(self, decks: int) -> int:
        return 1

    def top(self, state: State) -> Card | None:
        pile = state.foundations[0]
        return pile[-1] if pile else None

    def fits(self, card: Card, top: Card | None) -> bool:
        """Whether `card` may go on a pile whose top card is `top` (it makes no refusal: `refuse` does)."""
        return card.rank in self.ranks_on(top)

    def ranks_on(self, top: Card | None) -> Container[int]:
        """The ranks that may go on a pile whose top card is `top`: one either side, Ace and King
        touching with `wrap`; none on a King without it; any on an empty pile (a board text's).
        Legal move generation asks once, then tests each column's top card with `in`."""
        if top is None:
            return ANY_RANK
        if top.rank == KING and not self.wrap:
            return ()
        below, above = top.rank - 1, top.rank + 1
        if self.wrap:
            return (below or KING, ACE if above > KING else above)
        return (below, above)  # below an Ace is rank 0, which no card has

    def slot(self, state: State, card: Card) -> int | None:
        return 0 if self.fits(card, self.top(state)) else None

    def target(self, state: State, card: Card) -> int:
        return 0

    def refuse(self, state: State, card: Card) -> Refusal:
        top = self.top(state)
        assert top is not None
        if not self.wrap and top.rank == KING:
            return refusal(Why.NOT_NEXT, N_("nothing goes on a King in strict Golf ({card} is on the foundation)"), card=top)
        if not self.wrap and abs(card.rank - top.rank) == KING - 1:
            template = N_("{card} is not next to {top}: Ace and King don't touch in strict Golf")
            return refusal(Why.NOT_NEXT, template, card=card, top=top)
        return refusal(Why.NOT_NEXT, N_("{card} is not next to {top} on the foundation"), card=card, top=top)

    def is_won(self, state: State) -> bool | None:
        return not any(state.columns)

    def moves_home(self, state: State, exposed: Exposed) -> Iterator[Move]:
        """Each column's top card that fits on the pile (no other pile's card plays here)."""
        ranks = self.ranks_on(self.top(state))
        for i, pile in enumerate(state.columns):
            if pile and pile[-1].rank in ranks:
                yield Move(column(i), FOUNDATION)

    def lost_reason(self, state: State) -> Refusal | None:
        """Lost when the stock is empty and no column's top card fits on the pile."""
        left = sum(len(pile) for pile in state.columns)
        top = self.top(state)
        if top is not None and not self.wrap and top.rank == KING:
            template = Nn_(
                "the stock is empty and nothing goes on {top} in strict Golf: {n} card left in the columns",
                "the stock is empty and nothing goes on {top} in strict Golf: {n} cards left in the columns",
            )
        elif top is None:  # only a board text can leave the foundation empty
            template = Nn_(
                "the stock is empty and no column's top card fits: {n} card left in the columns",
                "the stock is empty and no column's top card fits: {n} cards left in the columns",
            )
        else:
            template = Nn_(
                "the stock is empty and no column's top card is next to {top}: {n} card left in the columns",
                "the stock is empty and no column's top card is next to {top}: {n} cards left in the columns",
            )
        return refusal(Why.LOST, template, "n", top=top, n=left)


def ace_high(rank: int) -> int:
    """A rank where the Ace counts above the King."""
    return KING + 1 if rank == ACE else rank


@dataclass(frozen=True)
class Discard(Foundations):
    """One pile cards are thrown onto (Aces Up): a column's top card goes when another column's top
    card is of its suit and higher, Aces high, so an Ace never goes. Won when only the Aces are left
    and the stock is spent.

    While the stock still deals, keeping an outranked card can pay: buried by a deal, it may later
    outrank a card that hides a higher one. So auto-play throws a card away only when no lower card
    of its suit is hidden, in a pile or the stock (those in sight are outranked too, so none of them
    is worth keeping for the others: the lowest would outrank nothing), or once the stock is empty:
    from then on the highest card of a suit in sight stays in sight, and throwing a card away never
    costs a move."""

    one_pile = True
    # TRANSLATORS: the game chooser's line for Aces Up: a card goes when a higher card of its suit shows
    summary = N_("a higher card of its suit throws a card out")

    def piles(self, decks: int) -> int:
        return 1

    @staticmethod
    def outranked_by(state: State, card: Card) -> Card | None:
        """A column's top card of `card`'s suit that outranks it, or None."""
        rank = ace_high(card.rank)
        for pile, hidden in zip(state.columns, state.hidden):
            if len(pile) > hidden and pile[-1].suit is card.suit and ace_high(pile[-1].rank) > rank:
                return pile[-1]
        return None

    def slot(self, state: State, card: Card) -> int | None:
        return 0 if self.outranked_by(state, card) is not None else None

    def target(self, state: State, card: Card) -> int:
        return 0

    def refuse(self, state: State, card: Card) -> Refusal:
        if card.rank == ACE:
            return refusal(Why.CANT_GO_HOME, N_("an Ace is never thrown away: no card outranks it"))
        template = N_("{card} can't be thrown away: no other column shows a higher card of its suit on top")
        return refusal(Why.CANT_GO_HOME, template, card=card)

    def is_safe(self, state: State, card: Card) -> bool:
        if not state.stock:
            return True
        covered = [other for pile in state.columns for other in pile[:-1]]
        return not any(other.suit is card.suit and ACE < other.rank < card.rank for other in (*covered, *state.stock))

    def is_won(self, state: State) -> bool | None:
        return not state.stock and all(card.rank == ACE for pile in state.columns for card in pile)

    def lost_reason(self, state: State) -> Refusal | None:
        left = sum(1 for pile in state.columns for card in pile if card.rank != ACE)
        template = Nn_(
            "the stock is empty and no card can be thrown away or moved: {n} card besides the Aces is left",
            "the stock is empty and no card can be thrown away or moved: {n} cards besides the Aces are left",
        )
        return refusal(Why.LOST, template, "n", n=left)
