"""Aces Up's losses proven by a relaxed game: a game that wins whenever the real one does, and has
far fewer positions, so that when it is lost the deal is proven lost (deals 7 and 8: the exact search
(`aces_up`) met more than 40 million positions without an answer; this one proves deal 8 lost in
about a million, deal 7 in 3.3 million).

The exact search's positions multiply because an outranked card may be thrown away or kept, and each
card kept makes positions of its own even when it is never seen again. Here an outranked card becomes
a *ghost* instead: it stays where it lies, no longer has to be thrown away, and no longer outranks
anything; a ghost above the pile's top real card (a floating ghost) can still be taken back, as if it
had been kept: used to outrank a real top card of another pile, or moved into an empty pile, and then
it is real again (and must be thrown away in its turn). A pile with no real card counts as empty.

Why every real win is a win here: map a real position to one of these where the real piles are these
piles less some ghosts (the ghosts the real game threw away; the real game's kept cards may be
ghosts here). Each real move has its match. A real discard of a card that is a ghost here is nothing
to do. A card real here is a real top card here; if the real game outranks it with a card real here,
that card is a real top card here too and the card was made a ghost already (`settle` does it to every
real top card a real top card of another pile outranks); if with a kept card that is a ghost here,
that ghost is floating, and the ghost-use move is the match (the ghosts above either card, thrown away
in the real game, go). A real move into an empty pile is a move from the same card into a pile with
no real card, the ghosts above that card and in that pile going. The deal is the same. A ghost that no
card in play could need (no lower card of its suit is real or in the stock) is dropped: in the real
game, that card and the lower cards of its suit (ghosts here) only outrank one another, and a position
without a set of cards closed downwards in their suits wins whenever the position with them does (each
of its moves is the same move, or none). And the real game's win (only Aces left) leaves only Aces
real here. So a relaxed game lost is a real deal lost; a relaxed win proves nothing (the exact search
goes on).
"""
from __future__ import annotations

from .common import Budget

CHECK_EVERY = 1024
RANKS = 13
TOP = RANKS - 1  # the Ace's place in its suit (`aces_up.code`: Two first, Ace last)
CARDS = 4 * RANKS
Piles = tuple[bytes, ...]


def _suit_bits(card: int, above: bool) -> int:
    """The bits of the cards of `card`'s suit above it (or below it)."""
    start = card - card % RANKS
    if above:
        return sum(1 << c for c in range(card + 1, start + RANKS))
    return sum(1 << c for c in range(start, card))


HIGHER = [_suit_bits(card, True) for card in range(CARDS)]
LOWER = [_suit_bits(card, False) for card in range(CARDS)]


GHOST = 64  # added to a card's code: a card outranked, which no longer has to go
CODE = GHOST - 1
SEPARATOR = bytes((255,))  # no card's code, ghost or not
SUITS = [((1 << RANKS) - 1) << (suit * RANKS) for suit in range(4)]
ACES = sum(1 << (suit * RANKS + TOP) for suit in range(4))


class Stopped(Exception):
    """The budget was spent (or the cap of positions met) before an answer."""


def real_top(pile: bytes, below: int) -> int:
    """The place of the pile's top real card under place `below`, or -1 when it has none."""
    for k in range(below - 1, -1, -1):
        if not pile[k] & GHOST:
            return k
    return -1


class Relaxed:
    """One search of the relaxed game: the deal's fixed parts and the positions met."""

    def __init__(self, deals: bytes, width: int, budget: Budget, most: int, positions: int) -> None:
        self.deals = deals
        self.width = width
        self.budget = budget
        self.most = most
        self.positions = positions
        self.next_check = min(positions + CHECK_EVERY, most)
        self.seen: set[bytes] = set()

    def settle(self, piles: list[bytes], play: int) -> int:
        """Makes a ghost of every real top card another's outranks and drops the ghosts no card in play
        could need, in place; returns the cards in play (real or in the stock)."""
        places = [real_top(pile, len(pile)) for pile in piles]
        tops = 0
        for i in range(len(piles)):
            if places[i] >= 0:
                tops |= 1 << piles[i][places[i]]
        changed = True
        while changed:
            changed = False
            for i in range(len(piles)):
                k = places[i]
                if k < 0:
                    continue
                pile = piles[i]
                card = pile[k]
                if tops & HIGHER[card]:
                    piles[i] = pile[:k] + bytes((card + GHOST,)) + pile[k + 1:]
                    play &= ~(1 << card)
                    tops &= ~(1 << card)
                    places[i] = real_top(pile, k)
                    if places[i] >= 0:
                        tops |= 1 << pile[places[i]]
                    changed = True
        needless = 0  # the cards below every card in play of their suit
        for suit in range(4):
            held = play & SUITS[suit]
            needless |= SUITS[suit] & ((held & -held) - 1 if held else -1)
        for i in range(len(piles)):
            pile = piles[i]
            for c in pile:
                if c & GHOST and needless >> (c & CODE) & 1:
                    piles[i] = bytes(c for c in pile if not (c & GHOST and needless >> (c & CODE) & 1))
                    break
        return play

    def deal(self, piles: list[bytes], left: int) -> int:
        start = len(self.deals) - left
        count = min(self.width, left)
        for k in range(count):
            piles[k] = piles[k] + self.deals[start + k:start + k + 1]
        return left - count

    def wins(self, piles: list[bytes], left: int, play: int) -> bool:
        """Whether the relaxed game can be won from here (False proves the real one lost)."""
        play = self.settle(piles, play)
        if not play & ~ACES:
            return True
        places = [real_top(pile, len(pile)) for pile in piles]
        if min(places) >= 0 and not self.usable(piles, places):  # the deal or nothing: not kept
            if not left:
                return False
            rest = self.deal(piles, left)
            return self.wins(piles, rest, play)
        key = SEPARATOR.join(piles if left else sorted(piles)) + bytes((255, left))
        if key in self.seen:
            return False
        self.seen.add(key)
        self.positions += 1
        if self.positions >= self.next_check:
            self.next_check = min(self.next_check + CHECK_EVERY, self.most)
            if self.budget.spent(self.positions) is not None or self.positions >= self.most:
                raise Stopped
        if self.uses(piles, left, play, places) or self.moves(piles, left, play, places):
            return True
        return left > 0 and self.wins(piles, self.deal(piles, left), play)  # the last use of `piles`

    def usable(self, piles: list[bytes], places: list[int]) -> bool:
        """Whether a floating ghost could outrank another pile's top real card (`uses`)."""
        tops = 0
        for i in range(len(piles)):
            if places[i] >= 0:
                tops |= 1 << piles[i][places[i]]
        for i in range(len(piles)):
            pile = piles[i]
            for k in range(len(pile) - 1, places[i], -1):
                if LOWER[pile[k] & CODE] & tops:
                    return True
        return False

    def uses(self, piles: list[bytes], left: int, play: int, places: list[int]) -> bool:
        """A floating ghost taken back to outrank a real top card of another pile: the ghost is real
        again and the card a ghost (the ghosts above either are gone)."""
        for i in range(len(piles)):
            pile = piles[i]
            for k in range(len(pile) - 1, places[i], -1):
                ghost = pile[k] & CODE
                for j in range(len(piles)):
                    if j == i or places[j] < 0:
                        continue
                    low = piles[j][places[j]]
                    if HIGHER[low] >> ghost & 1:
                        moved = list(piles)
                        moved[i] = pile[:k] + bytes((ghost,))
                        moved[j] = piles[j][:places[j]] + bytes((low + GHOST,))
                        if self.wins(moved, left, play & ~(1 << low) | 1 << ghost):
                            return True
        return False

    def moves(self, piles: list[bytes], left: int, play: int, places: list[int]) -> bool:
        """A pile's top real card or a ghost above it into a pile with no real card: the card is real
        there, alone (the ghosts above it and those of the empty pile are gone)."""
        for j in range(len(piles)):
            if places[j] >= 0:
                continue
            for i in range(len(piles)):
                pile = piles[i]
                if i == j:
                    continue
                for k in range(len(pile) - 1, max(places[i], 0) - 1, -1):
                    card = pile[k] & CODE
                    moved = list(piles)
                    moved[i], moved[j] = pile[:k], bytes((card,))
                    if self.wins(moved, left, play | 1 << card):
                        return True
        return False


def proven_lost(piles: Piles, deals: bytes, play: int, budget: Budget, most: int, positions: int) -> tuple[bool, int]:
    """Whether the relaxed game is lost from these piles (so the real deal is), and the positions met
    by then (counted on from `positions`); raises `Stopped` when the budget or `most` ends it first."""
    search = Relaxed(deals, len(piles), budget, most, positions)
    try:
        won = search.wins(list(piles), len(deals), play)
    except Stopped:
        raise Stopped(search.positions) from None
    return not won, search.positions
