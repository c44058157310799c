"""Baker's Dozen's exact search over compact positions.

The generic search over the model's own positions met about 6,000 positions a CPU second (each
move asks the shared pieces for every legal move and builds a `State`), and left about one deal in
six of 1..1000 not known at the window's 4 s, most of them won in 5 to 15 s. Here a position is two
tuples: each column's cards as numbers (suit by suit, Ace to King) and each suit's foundation
height. Its children are every move the rules allow (a top card home, a top card onto a card one
rank higher on another column, a foundation's top card back down onto one), each followed by the
safe moves home the model's auto-play makes after it, in its order: the positions and moves of the
generic search, so running dry still proves a deal lost, and a win is replayed through the rules.

Two scores take turns, as the generic search's did (no one score wins most deals quickly: each
wanders where the other wins in a few hundred positions), and noisy series of both beside them.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from ..cards import KING
from ..moves import FOUNDATION, Move, Pile, PileKind, column
from ..pieces.progress import column_obstacles
from ..rules import Rules
from ..state import State
from .common import Budget, SolveResult, Status, verified
from .generic import BestFirst
from .portfolio import portfolio

RANKS = 13
SUITS = 4
CARDS = RANKS * SUITS
REMEMBERED = 200_000  # columns whose counts `_column_counts` keeps at most
MOST = 1_500_000  # positions the searches meet in all at most, whatever their time: about a gigabyte
# The noisy series (`portfolio`): on the 24 deals of 1..200 the two scores taking turns left open at
# 4 s, series with noise below 32, started afresh every 5,000 positions, won 15 (below 8 or 24 and
# every 10,000 to 50,000: 7 and 10; 60 and 100 every 2,000 or 3,000: 8 and 5).
ALONE = 5_000
NOISE = 32
RESTART = 5_000
Columns = tuple[bytes, ...]
Home = tuple[int, ...]
Step = Move


def rank_of(number: int) -> int:
    return number % RANKS + 1


RANK = tuple(rank_of(number) for number in range(CARDS))  # looked up where speed counts
SUIT = tuple(number // RANKS for number in range(CARDS))
CARD_BYTES = tuple(bytes((number,)) for number in range(CARDS))  # each card as the bytes of a column
BETWEEN = bytes((CARDS,))  # no card's number: parts the columns in a position's key


class Position:
    """Each column's cards as the bytes of their numbers, in the model's column order, and each
    suit's foundation height: a million positions kept take about half a gigabyte."""

    __slots__ = ("columns", "home")

    def __init__(self, columns: Columns, home: Home) -> None:
        self.columns, self.home = columns, home

    @classmethod
    def of(cls, state: State) -> Position:
        return cls(tuple(bytes(card.index % CARDS for card in pile) for pile in state.columns),
                   tuple(len(pile) for pile in state.foundations))

    def key(self) -> bytes:
        """No card fills a gap, so the columns are alike: their order does not matter."""
        return bytes(self.home) + BETWEEN.join(sorted(self.columns))

    def is_won(self) -> bool:
        return sum(self.home) == CARDS


def is_safe(home: Sequence[int], card: int) -> bool:
    """The rules' safe auto-play: an Ace or a Two, or a card every card that could lie on it (one
    rank lower, any suit) is home for."""
    below = RANK[card] - 1
    return below <= 1 or min(home) >= below


class Moves:
    """A deal's moves: `children(position)` gives each move's position with the model's moves that
    lead to it (the move, then the safe moves home after it)."""

    def __init__(self, width: int) -> None:
        self.onto = {(i, j): Move(column(i), column(j)) for i in range(width) for j in range(width) if i != j}
        self.home_moves = tuple(Move(column(i), FOUNDATION) for i in range(width))
        self.returns = {(s, j): Move(Pile(PileKind.FOUNDATION, s), column(j)) for s in range(SUITS) for j in range(width)}

    def children(self, p: Position) -> Iterator[tuple[list[Step], Position]]:
        columns, home = p.columns, p.home
        by_rank: dict[int, list[int]] = {}  # the columns whose top card has each rank
        for j, pile in enumerate(columns):
            if pile:
                by_rank.setdefault(RANK[pile[-1]], []).append(j)
        for i, pile in enumerate(columns):
            if pile and RANK[pile[-1]] == home[SUIT[pile[-1]]] + 1:
                yield self._moved(p, i, None)
        for i, pile in enumerate(columns):
            if pile:
                for j in by_rank.get(RANK[pile[-1]] + 1, ()):
                    if j != i:
                        yield self._moved(p, i, j)
        for suit, height in enumerate(home):
            if 0 < height < KING:
                for j in by_rank.get(height + 1, ()):
                    yield self._returned(p, suit, j)

    def _moved(self, p: Position, src: int, dst: int | None) -> tuple[list[Step], Position]:
        """The position after column `src`'s top card goes home (`dst` None) or onto column `dst`."""
        columns, home = list(p.columns), list(p.home)
        card = columns[src][-1]
        columns[src] = columns[src][:-1]
        if dst is None:
            home[SUIT[card]] += 1
            steps = [self.home_moves[src]]
        else:
            columns[dst] = columns[dst] + CARD_BYTES[card]
            steps = [self.onto[src, dst]]
        return steps, self.settled(columns, home, steps)

    def _returned(self, p: Position, suit: int, dst: int) -> tuple[list[Step], Position]:
        """The position after the top card of `suit`'s foundation comes down onto column `dst`."""
        columns, home = list(p.columns), list(p.home)
        columns[dst] = columns[dst] + CARD_BYTES[suit * RANKS + home[suit] - 1]
        home[suit] -= 1
        steps = [self.returns[suit, dst]]
        return steps, self.settled(columns, home, steps)

    def settled(self, columns: list[bytes], home: list[int], steps: list[Step]) -> Position:
        """The position once the top cards the rules call safe to send home are sent, one after
        another as auto-play sends them (the first such column first), each added to `steps`."""
        i = 0
        while i < len(columns):
            pile = columns[i]
            if pile and RANK[pile[-1]] == home[SUIT[pile[-1]]] + 1 and is_safe(home, pile[-1]):
                home[SUIT[pile[-1]]] += 1
                columns[i] = pile[:-1]
                steps.append(self.home_moves[i])
                i = 0
            else:
                i += 1
        return Position(tuple(columns), tuple(home))


def _column_counts(pile: bytes) -> tuple[int, int]:
    """A column's cards lying above a lower card, and those lying above a lower card of their own
    suit (`progress.column_obstacles`); remembered, since most columns come again in many positions."""
    known = _COUNTS.get(pile)
    if known is None:
        known = column_obstacles((RANK[card], SUIT[card]) for card in pile)
        if len(_COUNTS) >= REMEMBERED:
            _COUNTS.clear()
        _COUNTS[pile] = known
    return known


_COUNTS: dict[bytes, tuple[int, int]] = {}


def _above_wanted(p: Position) -> int:
    """The cards piled above the card each foundation takes next."""
    wanted = {suit * RANKS + height for suit, height in enumerate(p.home) if height < KING}
    above = 0
    for pile in p.columns:
        for depth, card in enumerate(pile):
            if card in wanted:
                above += len(pile) - 1 - depth
    return above


def main_score(p: Position) -> int:
    """Cards not home; most of all, cards lying above a lower card of their own suit; then the cards
    piled above the next card each foundation wants, and cards lying on any lower card."""
    blocking = same_suit = 0
    for pile in p.columns:
        counts = _column_counts(pile)
        blocking += counts[0]
        same_suit += counts[1]
    return 4 * (CARDS - sum(p.home)) + blocking + 10 * same_suit + 2 * _above_wanted(p)


def plain_score(p: Position) -> int:
    """Cards not home and cards lying on any lower card: a search by this score wins many of the
    deals on which the main one wanders (deal 4 in a few hundred positions), and loses its way on others."""
    return 4 * (CARDS - sum(p.home)) + 6 * sum(_column_counts(pile)[0] for pile in p.columns)


def solve_bakers_dozen(rules: Rules, state: State, budget: Budget) -> SolveResult:
    """The search by `main_score`, alone for its first `ALONE` positions, then taking turns with one
    by `plain_score` and with noisy series of both (`portfolio`), all within `MOST` positions; the
    first to answer answers."""
    moves = Moves(len(state.columns))
    first: list[Step] = []
    dealt = Position.of(state)
    root = moves.settled(list(dealt.columns), list(dealt.home), first)
    if root.is_won():
        return verified(rules, state, first, 0, budget.elapsed())

    def search(score: Callable[[Position], int], jitter: tuple[int, ...] = ()) -> BestFirst[Position, Step]:
        return BestFirst(root, first, moves.children, Position.key, score, Position.is_won, depth_weight=1, jitter=jitter,
                         newest_first=bool(jitter))

    def noisy(score: Callable[[Position], int]) -> Callable[[tuple[int, ...]], BestFirst[Position, Step]]:
        return lambda jitter: search(score, jitter)

    status, found, reason, positions = portfolio(
        search(main_score), [noisy(main_score), noisy(plain_score)], budget.within(MOST),
        alone=ALONE, noise=NOISE, restart=RESTART, beside=search(plain_score),
    )
    if status is Status.SOLVED and found is not None:
        return verified(rules, state, found, positions, budget.elapsed())
    return SolveResult(status, (), positions, budget.elapsed(), reason)
