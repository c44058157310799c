"""Aces Up, solved exactly: a depth-first search over every position a deal can reach, so the answer
is a proof either way.

A position is the piles (each a `bytes` of card codes, the Ace counted above the King, so that a
code's order within its suit is its rank's) and how many cards the stock still holds: its cards,
their order and where each deal puts them are fixed by the deal, and the cards thrown away are the
rest. The generic search over the model's positions decided 3 of deals 1..10 in 10 s each.

Throwing an outranked card away at once is what a player does, and it almost always right; but not
always (`discard.Discard` says why, and tests/test_aces_up.py holds a deal it loses). So the
search runs in three phases: first with every outranked card thrown away at once, which is quick
(deals 1..20: at most 76,000 positions, under 1 s) and finds most wins; when that finds none, a
relaxed game that wins whenever the real one does (`aces_up_relaxed`: an outranked card becomes a
ghost that may be taken back), whose loss proves the deal lost in a small part of the positions;
and when the relaxed game is won, the whole game, where each outranked card is thrown away or kept.
Four facts cut that last search:

- Cards safe to throw away (`discard.Discard`: every card once the stock is empty, else one no
  hidden lower card of its suit could need) go at once, as one step.
- An outranked card thrown away later before the next deal might as well have gone at once: a card
  that outranks it stays in sight till then. So each is thrown away now or kept till the deal.
- Positions met again are not searched again (with the stock empty the piles' order does not matter).
- A position with nothing to choose (no gap, no outranked card but those kept: the deal is the only
  move, or none is left) is passed through, not kept (`choiceless`): of the 1.78 million positions
  deal 3's proof kept, 1.42 million were such.

A lost deal still takes up to some millions of positions (deal 3: 361,000, deal 10: 926,000), so the
module is compiled (`compiled`), each position is kept as one `bytes` (`position_key`: a tuple of
the piles took three times the memory, 2 GB on deal 5), and the search stops, not known, past MOST
of them. The verdicts are checked against a search over every move of the model on sixty small end
games (tests/test_aces_up.py). Solutions are replayed through the model's own rules (`common.verified`).
"""
from __future__ import annotations

import sys

from ..cards import ACE, Card
from ..moves import FOUNDATION, STOCK, Move, column
from ..rules import Rules
from ..state import State
from .aces_up_relaxed import CARDS, CHECK_EVERY, HIGHER, LOWER, RANKS, TOP, Piles, Stopped, proven_lost
from .aces_up_relaxed import MOST as RELAXED_MOST
from .common import POSITION_LIMIT, Budget, SolveResult, Status, collector_paused, verified

MOST = 10_000_000  # positions kept at most, whatever the budget: about 1.2 GB (deals 7 and 8 at 9.6 million: 1.0-1.1 GB)
SEPARATOR = bytes((CARDS,))  # no card's code
KEPT_BYTES = (CARDS + 7) // 8
Step = tuple[int, int]  # (from pile, to pile), -1 for the foundation; (-1, -1) is a deal
DEAL: Step = (-1, -1)


class _Stop(Exception):
    """Unwinds the search when the budget is spent or the caller cancels."""


def code(card: Card) -> int:
    """The card's number: suit by suit, Two first and Ace last."""
    return card.suit * RANKS + (TOP if card.rank == ACE else card.rank - 2)




def top_bits(piles: Piles) -> int:
    bits = 0
    for pile in piles:
        if pile:
            bits |= 1 << pile[-1]
    return bits


def position_key(piles: Piles, left: int, kept: int) -> bytes:
    """A position as one `bytes`: the piles (in any order once the stock is spent) apart by a byte no
    card has, the stock's size, the cards kept. A third of the memory of a tuple of them, hashed once:
    a lost deal keeps millions of these (deal 5 kept 7.7 million before `choiceless`: 2 GB as tuples)."""
    ordered = piles if left else sorted(piles)
    return SEPARATOR.join(ordered) + bytes((CARDS, left)) + kept.to_bytes(KEPT_BYTES, "little")


def choiceless(piles: Piles, kept: int) -> bool:
    """No gap and no outranked card but those kept: the only move is the deal (or none, once the stock
    is spent). Such a position needs no place among those met: all it leads to is one position that has
    one. Most of a lost deal's positions were such (deal 3: 1.42 of 1.78 million, most of them just
    before or after the last deal)."""
    tops = top_bits(piles)
    return all(bool(pile) and (kept >> pile[-1] & 1 == 1 or not tops & HIGHER[pile[-1]]) for pile in piles)


class _Search:
    """One search: the deal's fixed parts, what was met, and the steps of the line being tried.
    `greedy` throws every outranked card away at once (a search of part of the game only)."""

    def __init__(self, state: State, budget: Budget, greedy: bool, most: int, positions: int) -> None:
        self.deals = bytes(code(card) for card in reversed(state.stock))  # in the order they are dealt
        self.width = len(state.columns)
        self.budget = budget
        self.greedy = greedy
        self.positions = positions  # counted on from the searches before
        self.most = most
        self.next_check = min(positions + CHECK_EVERY, most)
        self.seen: set[bytes] = set()
        self.path: list[Step] = []

    def safe(self, piles: Piles, left: int, play: int) -> tuple[Piles, int, int]:
        """The position (and the cards still in play) once every card safe to throw away is gone,
        with how many steps that took (pushed onto `path`)."""
        steps = 0
        found = True
        while found:
            found = False
            tops = top_bits(piles)
            for i in range(len(piles)):
                pile = piles[i]
                if not pile:
                    continue
                card = pile[-1]
                if not tops & HIGHER[card]:
                    continue
                if left and not self.greedy and play & LOWER[card] & ~tops:
                    continue  # a lower card of its suit is hidden: keeping this one may pay
                piles = piles[:i] + (pile[:-1],) + piles[i + 1:]
                play &= ~(1 << card)
                self.path.append((i, -1))
                steps += 1
                found = True
                break
        return piles, play, steps

    def deal(self, piles: Piles, left: int) -> tuple[Piles, int]:
        start = len(self.deals) - left
        count = min(self.width, left)
        dealt = list(piles)
        for k in range(count):
            dealt[k] = dealt[k] + self.deals[start + k:start + k + 1]
        return tuple(dealt), left - count

    def visit(self, piles: Piles, left: int, kept: int, play: int) -> bool:
        """Whether the position can be won, keeping till the next deal the cards of `kept` (bits); the
        winning steps are left in `path`."""
        piles, play, forced = self.safe(piles, left, play)
        if choiceless(piles, kept):  # the deal or the end, nothing to choose: not worth keeping
            if not left:
                if all(card % RANKS == TOP for pile in piles for card in pile):
                    return True
            else:
                self.path.append(DEAL)
                dealt, rest = self.deal(piles, left)
                if self.visit(dealt, rest, 0, play):
                    return True
                self.path.pop()
            del self.path[len(self.path) - forced:]
            return False
        key = position_key(piles, left, kept)
        if key not in self.seen:
            self.seen.add(key)
            self.positions += 1
            if self.positions >= self.next_check:
                self.next_check = min(self.next_check + CHECK_EVERY, self.most)
                if self.budget.spent(self.positions) is not None or self.positions >= self.most:
                    raise _Stop
            if not left and all(card % RANKS == TOP for pile in piles for card in pile):
                return True
            if self.children(piles, left, kept, play):
                return True
        del self.path[len(self.path) - forced:]
        return False

    def children(self, piles: Piles, left: int, kept: int, play: int) -> bool:
        """An outranked card is thrown away now or kept till the next deal: thrown away later in the
        same deal, it would only have hidden the card beneath it meanwhile, since a card that outranks
        it stays in sight till then. So each is decided once, and the moves into gaps and the deal
        come when every outranked card is."""
        tops = top_bits(piles)
        for i in range(len(piles)):
            pile = piles[i]
            if pile and not kept >> pile[-1] & 1 and tops & HIGHER[pile[-1]]:
                self.path.append((i, -1))
                if self.visit(piles[:i] + (pile[:-1],) + piles[i + 1:], left, kept, play & ~(1 << pile[-1])):
                    return True
                self.path.pop()
                return self.visit(piles, left, kept | 1 << pile[-1], play)
        gaps = [j for j in range(len(piles)) if not piles[j]]
        if gaps:
            targets = gaps if left else gaps[:1]
            for i in range(len(piles)):
                pile = piles[i]
                if not pile or len(pile) == 1 and not left:
                    continue
                for j in targets:
                    moved = list(piles)
                    moved[i], moved[j] = pile[:-1], pile[-1:]
                    self.path.append((i, j))
                    if self.visit(tuple(moved), left, kept, play):
                        return True
                    self.path.pop()
        if left:
            self.path.append(DEAL)
            dealt, rest = self.deal(piles, left)
            if self.visit(dealt, rest, 0, play):
                return True
            self.path.pop()
        return False

    def run(self, piles: Piles, play: int) -> bool | None:
        """Whether the deal is won (the steps in `path`), or None when the budget or `most` stopped it."""
        try:
            return self.visit(piles, len(self.deals), 0, play)
        except _Stop:
            return None

    def moves(self) -> list[Move]:
        left = len(self.deals)
        found = []
        for src, dst in self.path:
            if src == -1:
                count = min(self.width, left)
                found.append(Move(STOCK, column(0), count))
                left -= count
            else:
                found.append(Move(column(src), FOUNDATION if dst == -1 else column(dst)))
        return found


def solve_aces_up(rules: Rules, state: State, budget: Budget, most: int = MOST) -> SolveResult:
    """SOLVED with the moves or UNSOLVABLE (proven), unless the budget ends first. First every
    outranked card is thrown away at once, which is quick and finds most wins; then the relaxed game
    (`aces_up_relaxed`), which proves most losses in far fewer positions; and when the relaxed game is
    won, the whole game."""
    if len(state.cards()) > CARDS or state.cells:
        raise ValueError("the exact Aces Up search plays one deck and no cells")
    piles = tuple(bytes(code(card) for card in pile) for pile in state.columns)
    play = sum(1 << code(card) for pile in (*state.columns, state.stock) for card in pile)
    depth = sys.getrecursionlimit()
    sys.setrecursionlimit(max(depth, 10_000))
    try:
        with collector_paused():
            search = _Search(state, budget, True, most, 0)
            found = search.run(piles, play)
            if found is None or found:
                return _answer(rules, state, budget, search, found, most)
            relaxed_most = min(most, RELAXED_MOST)
            try:
                lost, positions = proven_lost(piles, search.deals, play, budget, relaxed_most, search.positions)
            except Stopped as stopped:
                return _unknown(budget, stopped.args[0], relaxed_most)
            if lost:
                return SolveResult(Status.UNSOLVABLE, (), positions, budget.elapsed())
            search = _Search(state, budget, False, most, positions)
            return _answer(rules, state, budget, search, search.run(piles, play), most)
    finally:
        sys.setrecursionlimit(depth)


def _answer(rules: Rules, state: State, budget: Budget, search: _Search, found: bool | None, most: int) -> SolveResult:
    """The answer of a search that won (True), saw every position (False) or was stopped (None)."""
    if found is None:
        return _unknown(budget, search.positions, most)
    if found:
        return verified(rules, state, search.moves(), search.positions, budget.elapsed())
    return SolveResult(Status.UNSOLVABLE, (), search.positions, budget.elapsed())


def _unknown(budget: Budget, positions: int, most: int) -> SolveResult:
    reason = budget.spent(positions) or (POSITION_LIMIT if positions >= most else "stopped")
    return SolveResult(Status.UNKNOWN, (), positions, budget.elapsed(), reason)
