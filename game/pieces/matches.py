"""How the cards of a matching game leave the table: in pairs that make a total (`PairsTo`: Pyramid's
13, a King alone), or one at a time onto a pile whose top card is a neighbour (`Neighbours`: TriPeaks
onto the waste, and Golf onto its foundation could be declared so too).

A match names the cards that leave by the piles they lie on, so its moves are faithful values:
`Move(column(i), column(j))` pairs the free cards of slots i and j, `Move(WASTE, column(j))` the
waste's top card with slot j's, `Move(column(i), FOUNDATION)` takes a King alone, and
`Move(column(i), WASTE)` plays slot i's card onto the waste. Which cards are free is the tableau's
(`slots.Slots`) and the engine's (`matching.MatchRules`) to say; a match checks what it is given.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..cards import KING, Card
from ..i18n import N_, Nn_, _
from ..moves import FOUNDATION, WASTE, Move, Pile, PileKind
from ..refusal import Refusal, Why, refusal
from ..rules import IllegalMove
from ..state import State
from .wrap import TOUCH, adjacent_rank

# The free card a pile holds, or the refusal of why it holds none (the engine's `free_card`).
FreeCard = Callable[[State, Pile], Card]
# A free card and the pile it lies on: a slot's card, or the waste's top where the match plays it.
Free = list[tuple[Pile, Card]]


class Match(ABC):
    """What leaves the table together, and where it goes."""

    autoplays = False  # whether some card may always leave at once (a King in Pyramid)
    plays_waste = False  # whether the waste's top card is among the cards that match (Pyramid's)

    @abstractmethod
    def moves(self, state: State, free: Free) -> Iterator[Move]:
        """Every match the free cards allow, in a steady order."""

    @abstractmethod
    def check(self, state: State, move: Move, card: Card, free_card: FreeCard) -> None:
        """Refuse `move`, whose source holds the free `card`, unless it is a match."""

    @abstractmethod
    def leaving(self, move: Move) -> tuple[Pile, ...]:
        """The piles a (legal) move takes a card from, in the order they leave."""

    @property
    @abstractmethod
    def onto(self) -> Pile:
        """Where the cards that leave go."""

    @property
    def piles(self) -> int:
        """How many foundation piles the game has: one when the cards leave onto it, else none."""
        return 1 if self.onto.kind is PileKind.FOUNDATION else 0

    def safe(self, free: Free) -> Move | None:
        """A move that can never cost a win, for auto-play, or None."""
        return None

    @abstractmethod
    def lost_reason(self, state: State, left: int) -> Refusal:
        """Why a position with no move left is lost; `left` cards remain on the table."""

    def rule_text(self) -> tuple[str, ...]:
        """A rule the match words itself, sentence by sentence, marked with N_, for its family's rules text to
        name among its own (TriPeaks' says whether Ace and King touch); none here."""
        return ()

    @abstractmethod
    def summary(self) -> str:
        """The game chooser's words for the match, in the player's language."""

    @abstractmethod
    def help(self) -> str:
        """How the mouse plays a match, as the window's help says it."""


@dataclass(frozen=True)
class PairsTo(Match):
    """Two free cards whose ranks add up to `total` leave together onto the foundation; a card of rank
    `total` (a King, for 13) leaves alone. The waste's top card is free too."""

    total: int = KING
    autoplays = True
    plays_waste = True

    def moves(self, state: State, free: Free) -> Iterator[Move]:
        for at, (pile, card) in enumerate(free):
            if card.rank == self.total:
                yield Move(pile, FOUNDATION)
            for other_pile, other in free[at + 1:]:
                if card.rank + other.rank == self.total:
                    yield Move(pile, other_pile)

    def check(self, state: State, move: Move, card: Card, free_card: FreeCard) -> None:
        dst = move.dst
        if dst.kind is PileKind.FOUNDATION:
            if card.rank != self.total:
                template = N_("only a King leaves on its own: {card} needs a card that makes {total} with it")
                raise IllegalMove(refusal(Why.NO_MATCH, template, card=card, total=self.total))
            return
        if dst.kind is move.src.kind and dst.index == move.src.index:
            raise IllegalMove(refusal(Why.ALREADY_THERE, N_("a card does not pair with itself")))
        other = free_card(state, dst)
        if card.rank + other.rank != self.total:
            template = N_("{card} and {other} make {sum}, not {total}")
            raise IllegalMove(refusal(Why.NO_MATCH, template, card=card, other=other, sum=card.rank + other.rank,
                                      total=self.total))

    def leaving(self, move: Move) -> tuple[Pile, ...]:
        return (move.src,) if move.dst.kind is PileKind.FOUNDATION else (move.src, move.dst)

    @property
    def onto(self) -> Pile:
        return FOUNDATION

    def safe(self, free: Free) -> Move | None:
        """A King leaves alone and pairs with nothing: taking it off only frees what it covers."""
        return next((Move(pile, FOUNDATION) for pile, card in free if card.rank == self.total), None)

    def lost_reason(self, state: State, left: int) -> Refusal:
        template = Nn_(
            "the stock is spent and no two free cards make {total}: {n} card left on the table",
            "the stock is spent and no two free cards make {total}: {n} cards left on the table",
        )
        return refusal(Why.LOST, template, "n", total=self.total, n=left)

    def summary(self) -> str:
        # TRANSLATORS: the game chooser's line for Pyramid: {total} is 13
        return _("pairs that make {total} · Kings alone").format(total=self.total)

    def help(self) -> str:
        return _(
            "Click a free card, then another, or drag one onto the other, to take off two cards that make "
            "{total}; the waste's top card pairs too. Double-click a King to take it off alone: while "
            "auto-play is on, Kings go by themselves."
        ).format(total=self.total)


@dataclass(frozen=True)
class Neighbours(Match):
    """A free card one rank above or below the top card of `pile` (the waste) goes onto it, whatever
    the suits; with `wrap`, Ace and King are neighbours, and without it nothing goes on a King or an
    Ace from the other end."""

    wrap: bool = True
    pile: Pile = WASTE

    def moves(self, state: State, free: Free) -> Iterator[Move]:
        top = self.top(state)
        for pile, card in free:
            if top is None or adjacent_rank(card, top, self.wrap):
                yield Move(pile, self.pile)

    def top(self, state: State) -> Card | None:
        cards = state.waste if self.pile.kind is PileKind.WASTE else state.foundations[0]
        return cards[-1] if cards else None

    def check(self, state: State, move: Move, card: Card, free_card: FreeCard) -> None:
        if move.dst.kind is not self.pile.kind:
            raise IllegalMove(refusal(Why.CANT_GO_ON, N_("cards are played only onto {pile}"), pile=self.pile))
        top = self.top(state)
        if top is None or adjacent_rank(card, top, self.wrap):
            return
        if not self.wrap and abs(card.rank - top.rank) == KING - 1:
            template = N_("{card} is not next to {top}: Ace and King don't touch in this game")
        else:
            template = N_("{card} is not one rank above or below {top}")
        raise IllegalMove(refusal(Why.NOT_NEXT, template, card=card, top=top))

    def leaving(self, move: Move) -> tuple[Pile, ...]:
        return (move.src,)

    @property
    def onto(self) -> Pile:
        return self.pile

    def lost_reason(self, state: State, left: int) -> Refusal:
        template = Nn_(
            "the stock is empty and no free card is next to {top}: {n} card left on the table",
            "the stock is empty and no free card is next to {top}: {n} cards left on the table",
        )
        return refusal(Why.LOST, template, "n", top=self.top(state), n=left)

    def summary(self) -> str:
        if self.wrap:
            # TRANSLATORS: the game chooser's line for TriPeaks
            return _("a rank up or down onto the waste · Ace and King touch")
        # TRANSLATORS: the game chooser's line for TriPeaks without Ace and King touching
        return _("a rank up or down onto the waste · Ace and King don't touch")

    def rule_text(self) -> tuple[str, ...]:
        """Whether Ace and King touch."""
        return (TOUCH[self.wrap],)

    def help(self) -> str:
        return _("Click a free card one rank above or below the waste's top card, or drag it there, to play it onto the waste.")
