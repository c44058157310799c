"""Aces Up's losses proven by a relaxed game: a game that wins whenever the real one does, and has
far fewer positions, so that when it is lost the deal is proven lost (deals 7 and 8: the exact search
(`aces_up`) met more than 40 million positions without an answer; this one proves deal 8 lost in
93,000, deal 7 in 260,000).

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

Two things keep the search small and quick. A position is skipped when one met before covers it
(`covered`: the same real cards, at least its ghosts, each between the same real cards), which halves
deal 8's positions. And a position with nothing to choose (every pile has a real card and no floating
ghost outranks a top card: the deal is the only move) is dealt through in a loop, not kept; those were
most of the calls (deal 8: 3.2 million for 194,000 positions kept).
"""
from __future__ import annotations

from .common import Budget

CHECK_EVERY = 1024
MOST = 6_000_000  # positions kept at most: each costs more than the exact search's one `bytes` key
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
SEP = 255  # no card's code, ghost or not
SEPARATOR = bytes((SEP,))
SUITS = [((1 << RANKS) - 1) << (suit * RANKS) for suit in range(4)]
ACES = sum(1 << (suit * RANKS + TOP) for suit in range(4))


class Stopped(Exception):
    """The budget was spent (or the cap of positions met) before an answer."""


def within(shape: bytes, other: bytes) -> bool:
    """Whether the piles `shape` (apart by `SEP`) are the piles `other` less some ghosts."""
    k = 0
    size = len(shape)
    for c in other:
        if k < size and shape[k] == c:
            k += 1
        elif c == SEP or not c & GHOST:
            return False
    return k == size


def _by_real_cards(pile: bytes) -> tuple[bytes, bytes]:
    """Orders the piles once the stock is spent (their order no longer counts): by their real cards first,
    so that positions with the same real cards put their piles in the same order, whatever their ghosts."""
    return bytes(c for c in pile if not c & GHOST), pile


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
        self.met: dict[bytes, list[tuple[int, bytes]]] = {}  # by the real cards: the ghosts, and the piles

    def settle(self, piles: list[bytes], play: int, places: list[int]) -> int:
        """Makes a ghost of every real top card another's outranks, in place, leaving in `places` the
        place of each pile's top real card; returns the cards in play (real or in the stock)."""
        for i in range(len(piles)):
            places[i] = real_top(piles[i], len(piles[i]))
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
        return play

    def drop(self, piles: list[bytes], play: int) -> None:
        """Drops the ghosts no card in play could need, in place."""
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

    def deal(self, piles: list[bytes], left: int) -> int:
        start = len(self.deals) - left
        count = min(self.width, left)
        for k in range(count):
            piles[k] = piles[k] + self.deals[start + k:start + k + 1]
        return left - count

    def wins(self, piles: list[bytes], left: int, play: int) -> bool:
        """Whether the relaxed game can be won from here (False proves the real one lost)."""
        places = [0] * len(piles)
        while True:
            play = self.settle(piles, play, places)
            if not play & ~ACES:
                return True
            if min(places) < 0 or self.usable(piles, places):
                break
            if not left:  # the deal or nothing: not kept
                return False
            left = self.deal(piles, left)
        self.drop(piles, play)
        for i in range(len(piles)):
            places[i] = real_top(piles[i], len(piles[i]))
        if self.covered(piles, left):
            return False
        self.positions += 1
        if self.positions >= self.next_check:
            self.next_check = min(self.next_check + CHECK_EVERY, self.most)
            if self.budget.spent(self.positions) is not None or self.positions >= self.most:
                raise Stopped
        if self.uses(piles, left, play, places) or self.moves(piles, left, play, places):
            return True
        return left > 0 and self.wins(piles, self.deal(piles, left), play)  # the last use of `piles`

    def covered(self, piles: list[bytes], left: int) -> bool:
        """Whether a position met before covers this one, else records it. One covers another when it has
        the same real cards in the same places and at least its ghosts, each between the same real cards:
        then it wins whenever the other does (each of the other's moves is a move there too, its extra
        ghosts left alone), in as few moves, so searching the other adds nothing. A position met again is
        one covered; ghosts kept in more places (deal 8: 194,000 positions without this, 93,000 with it)
        are the others."""
        ordered = piles if left else sorted(piles, key=_by_real_cards)
        ghosts = 0
        real = bytearray()
        for pile in ordered:
            for c in pile:
                if c & GHOST:
                    ghosts |= 1 << (c & CODE)
                else:
                    real.append(c)
            real.append(SEP)
        real.append(left)
        shape = SEPARATOR.join(ordered)
        met = self.met.get(bytes(real))
        if met is None:
            self.met[bytes(real)] = [(ghosts, shape)]
            return False
        for other, them in met:
            if other & ghosts == ghosts and within(shape, them):
                return True
        met.append((ghosts, shape))
        return False

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
