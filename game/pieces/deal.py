"""How a numbered deal lays the cards out: columns dealt row by row, some cards face down, a spread
laid column by column, the last cards into the cells or onto the foundation, the rest in the stock.

Every game of the suite deals this way (FreeCell's round-robin is rows of 8; Klondike's triangle is
rows that skip the full piles; Pyramid's slots are 28 columns of one card), so a `Deal` is data. The
shuffle is Microsoft FreeCell's for the games whose deal numbers players share (`microsoft`), and
otherwise the seeded shuffle with the game's own `salt`, which games that should deal alike share
(Klondike draw 1 and 3).
"""
from __future__ import annotations

from ..cards import ACE, KING, Card, Pack, Suit
from ..deals import microsoft_order, seeded_order
from ..state import Column, State
from ..value import Value


class Deal(Value):
    """`columns[i]` cards go to column i, dealt row by row from the left (a row skips the columns
    already full), the first `face_down[i]` of them face down; then `spread[i]` more face up onto
    column i, column by column; then `cells` cards into the cells, `foundation` onto the first
    foundation and `waste` face up onto the waste (TriPeaks starts its waste so); the rest stays in the
    stock, the shuffle's last card on top. With `kings_under`, the Kings of each column are moved
    beneath its other cards (Baker's Dozen), the order otherwise kept; with `aces_home`, the Aces are
    laid on the foundations before the deal (Beleaguered Castle), each on its suit's pile (the next of
    its suit with two decks); `home_cards` are taken out first and laid one on each foundation, in
    order (Grandfather's Clock's twelve)."""

    __slots__ = __match_args__ = (
        "columns", "salt", "microsoft", "face_down", "spread", "cells", "foundation", "kings_under", "aces_home",
        "waste", "home_cards",
    )

    def __init__(
        self,
        columns: tuple[int, ...],
        salt: str = "",
        microsoft: bool = False,
        face_down: tuple[int, ...] = (),
        spread: tuple[int, ...] = (),
        cells: int = 0,
        foundation: int = 0,
        kings_under: bool = False,
        aces_home: bool = False,
        waste: int = 0,
        home_cards: tuple[Card, ...] = (),
    ) -> None:
        self.columns = columns
        self.salt = salt
        self.microsoft = microsoft
        self.face_down = face_down
        self.spread = spread
        self.cells = cells
        self.foundation = foundation
        self.kings_under = kings_under
        self.aces_home = aces_home
        self.waste = waste
        self.home_cards = home_cards

    def shuffled(self, number: int, pack: Pack) -> list[Card]:
        return microsoft_order(number) if self.microsoft else seeded_order(number, self.salt, pack)

    def lay_out(self, number: int, pack: Pack, cells: int, foundations: int) -> State:
        """The position deal `number` starts from, with `cells` cells and `foundations` foundation piles."""
        order = self.shuffled(number, pack)
        homes: list[Column] = [()] * foundations
        if self.aces_home:
            for ace in (card for card in order if card.rank == ACE):
                homes[next(i for i in range(ace.suit, foundations, len(Suit)) if not homes[i])] = (ace,)
            order = [card for card in order if card.rank != ACE]
        if self.home_cards:
            homes[: len(self.home_cards)] = [(card,) for card in self.home_cards]
            order = [card for card in order if card not in self.home_cards]
        cards = iter(order)
        piles: list[list[Card]] = [[] for _unused in self.columns]
        for row in range(max(self.columns, default=0)):
            for pile, size in zip(piles, self.columns):
                if row < size:
                    pile.append(next(cards))
        if self.kings_under:
            piles = [sorted(pile, key=lambda card: card.rank != KING) for pile in piles]  # a stable sort
        for pile, size in zip(piles, self.spread):
            pile.extend(next(cards) for _unused in range(size))
        held = [next(cards) for _unused in range(self.cells)]
        if self.foundation:
            homes[0] = tuple(next(cards) for _unused in range(self.foundation))
        waste = tuple(next(cards) for _unused in range(self.waste))
        stock = tuple(cards)
        hidden = tuple(self.face_down[i] if i < len(self.face_down) else 0 for i in range(len(self.columns)))
        return State(
            tuple(map(tuple, piles)), tuple(held) + (None,) * (cells - len(held)), tuple(homes), hidden, stock, waste
        )

    @property
    def deals_face_down(self) -> bool:
        """Whether any card starts face down (board texts may then show face-down cards)."""
        return any(self.face_down)


def rows(count: int, size: int) -> tuple[int, ...]:
    """`size` cards in each of `count` columns."""
    return (size,) * count


def even(cards: int, count: int) -> tuple[int, ...]:
    """`cards` cards dealt round-robin into `count` columns (FreeCell's 52 into 8: four of 7, four of 6)."""
    return tuple(cards // count + (1 if i < cards % count else 0) for i in range(count))


def triangle(count: int) -> tuple[int, ...]:
    """Klondike's piles: one card in the first, one more in each next."""
    return tuple(range(1, count + 1))
