"""An exact search over compact positions for the games whose columns build down regardless of suit,
with one deck and a foundation per suit whose top card may come back down: Baker's Dozen (one card
at a time, gaps stay empty) and Beleaguered Castle (a run moves as far as the empty columns carry
it, any card or run fills a gap).

The generic search over the model's own positions met about 6,000 positions a CPU second, and left
11 of Baker's Dozen's deals 1..60 not known at the window's 4 s (144 of 1..1000 at 10 s), most of
them won in 5 to 15 s. Here a position is two tuples: each column's cards as `bytes` (numbers suit by suit, Ace to
King) and each suit's foundation height. Its children are every move the rules allow (a top card
home; a card or run onto a card one rank above its head on another column, or into the first
gap; a foundation's top card back down), each followed by the safe moves home that auto-play makes
after it, in its order: the positions and moves of the generic search, in the same order, so running
dry still proves a deal lost, and a win is replayed through the rules.

One score guides the main search; a second, when a game names one, guides a search that takes turns
with it (no one score wins most Baker's Dozen deals quickly: each wanders where the other wins in a
few hundred positions), and noisy series of each run beside them.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache

from ..cards import KING
from ..moves import FOUNDATION, Move, Pile, PileKind, column
from ..pieces.columns import Columns, Fill, Lift
from ..rules import Rules
from ..state import State
from .common import Budget, SolveResult, Status, verified
from .generic import BestFirst
from .portfolio import portfolio

RANKS = 13
SUITS = 4
CARDS = RANKS * SUITS
REMEMBERED = 200_000  # columns each per-column count here (and in simon.py) keeps at most
MOST = 1_500_000  # positions the searches meet in all at most, whatever their time: about a gigabyte
# The noisy series (`portfolio`): on the 24 Baker's Dozen deals of 1..200 the two scores taking turns left open at
# 4 s, series with noise below 32, started afresh every 5,000 positions, won 15 (below 8 or 24 and
# every 10,000 to 50,000: 7 and 10; 60 and 100 every 2,000 or 3,000: 8 and 5).
ALONE = 5_000
NOISE = 32
RESTART = 5_000
Piles = tuple[bytes, ...]
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
    suit's foundation height: a position kept takes about 650 bytes with its key."""

    __slots__ = ("columns", "home")

    def __init__(self, columns: Piles, home: Home) -> None:
        self.columns, self.home = columns, home

    @classmethod
    def of(cls, state: State) -> Position:
        return cls(tuple(bytes(card.index % CARDS for card in pile) for pile in state.columns),
                   tuple(len(pile) for pile in state.foundations))

    def key(self) -> bytes:
        """The columns are alike (no card fills a gap, or any card does): their order does not matter."""
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
    lead to it (the move, then the safe moves home after it), in the order the rules list them.
    With `runs`, a run moves as far as the empty columns would carry it one card at a time (else one
    card moves); with `gaps`, any card or run fills an empty column (else a gap stays empty)."""

    def __init__(self, width: int, runs: bool, gaps: bool) -> None:
        self.runs, self.gaps = runs, gaps
        self.onto = {
            (i, j, count): Move(column(i), column(j), count)
            for i in range(width) for j in range(width) if i != j for count in range(1, RANKS + 1)
        }
        self.home_moves = tuple(Move(column(i), FOUNDATION) for i in range(width))
        self.returns = {(s, j): Move(Pile(PileKind.FOUNDATION, s), column(j)) for s in range(SUITS) for j in range(width)}

    def children(self, p: Position) -> Iterator[tuple[list[Step], Position]]:
        columns, home = p.columns, p.home
        for i, pile in enumerate(columns):
            if pile and RANK[pile[-1]] == home[SUIT[pile[-1]]] + 1:
                yield self._moved(p, i, None, 1)
        empty = columns.count(b"")
        gap = columns.index(b"") if empty and self.gaps else -1  # the first empty column stands for all
        for i, pile in enumerate(columns):
            if not pile:
                continue
            length = _run_length(pile) if self.runs else 1
            limit = min(length, 1 << empty) if self.runs else 1
            top = RANK[pile[-1]]
            for j, target in enumerate(columns):
                if target and j != i and 1 <= RANK[target[-1]] - top <= limit:
                    yield self._moved(p, i, j, RANK[target[-1]] - top)
            if gap >= 0:
                for count in range(1, min(length, 1 << (empty - 1), len(pile) - 1) + 1):
                    yield self._moved(p, i, gap, count)
        for suit, height in enumerate(home):
            if height:
                gap_seen = False
                for j, target in enumerate(columns):
                    if target:
                        if RANK[target[-1]] == height + 1:
                            yield self._returned(p, suit, j)
                    elif not gap_seen:
                        gap_seen = True
                        if self.gaps:
                            yield self._returned(p, suit, j)

    def _moved(self, p: Position, src: int, dst: int | None, count: int) -> tuple[list[Step], Position]:
        """The position after column `src`'s top `count` cards go onto column `dst` (its top card home
        when `dst` is None)."""
        columns, home = list(p.columns), list(p.home)
        pile = columns[src]
        columns[src] = pile[:-count]
        if dst is None:
            home[SUIT[pile[-1]]] += 1
            steps = [self.home_moves[src]]
        else:
            columns[dst] = columns[dst] + pile[-count:]
            steps = [self.onto[src, dst, count]]
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


@lru_cache(maxsize=REMEMBERED)
def _run_length(pile: bytes) -> int:
    """How many cards at the top of a column lie each on the card one rank above it, whatever its
    suit (remembered, as `_column_counts`)."""
    known = 1
    while known < len(pile) and RANK[pile[-known - 1]] == RANK[pile[-known]] + 1:
        known += 1
    return known


@lru_cache(maxsize=REMEMBERED)
def _column_counts(pile: bytes) -> tuple[int, int]:
    """A column's cards lying above a lower card, and those lying above a lower card of their own
    suit (each must move to another column before that card can go home); remembered, since most
    columns come again in many positions."""
    blocking = same_suit = 0
    lowest, low = KING + 1, [KING + 1] * SUITS
    for card in pile:
        rank, suit = RANK[card], SUIT[card]
        if rank > lowest:
            blocking += 1
        else:
            lowest = rank
        if rank > low[suit]:
            same_suit += 1
        else:
            low[suit] = rank
    return blocking, same_suit


def _above_wanted(p: Position) -> int:
    """The cards piled above the card each foundation takes next."""
    wanted = {suit * RANKS + height for suit, height in enumerate(p.home) if height < KING}
    above = 0
    for pile in p.columns:
        for depth, card in enumerate(pile):
            if card in wanted:
                above += len(pile) - 1 - depth
    return above


def _obstacles(p: Position) -> tuple[int, int]:
    """The columns' cards lying above a lower card, and those above a lower card of their own suit."""
    blocking = same_suit = 0
    for pile in p.columns:
        counts = _column_counts(pile)
        blocking += counts[0]
        same_suit += counts[1]
    return blocking, same_suit


def bakers_dozen_score(p: Position) -> int:
    """Cards not home; most of all, cards lying above a lower card of their own suit; then the cards
    piled above the next card each foundation wants, and cards lying on any lower card."""
    blocking, same_suit = _obstacles(p)
    return 4 * (CARDS - sum(p.home)) + blocking + 10 * same_suit + 2 * _above_wanted(p)


def bakers_dozen_plain_score(p: Position) -> int:
    """Cards not home and cards lying on any lower card: a search by this score wins many of the
    deals on which the main one wanders (deal 4 in a few hundred positions), and loses its way on others."""
    return 4 * (CARDS - sum(p.home)) + 6 * _obstacles(p)[0]


def castle_score(p: Position) -> int:
    """Cards not home, cards lying above a lower card of their suit (each must move away before that
    card goes home), the cards above the next card each foundation wants; empty columns, which
    carry runs, count as progress."""
    blocking, same_suit = _obstacles(p)
    return 4 * (CARDS - sum(p.home)) + 2 * blocking + 6 * same_suit + 2 * _above_wanted(p) - 3 * p.columns.count(b"")


Score = Callable[[Position], int]


class Game:
    """What differs between the games this search plays: how their columns move cards (`Moves`) and
    the scores that guide it."""

    __slots__ = ("runs", "gaps", "scores")

    def __init__(self, runs: bool, gaps: bool, scores: tuple[Score, ...]) -> None:
        self.runs, self.gaps, self.scores = runs, gaps, scores


def search_of(columns: Columns) -> Game:
    """How a game's columns move cards, read from its pieces, and the scores that fit them: where any
    card fills a gap, empty columns are progress (Beleaguered Castle's score); where a gap stays empty,
    two scores take turns (Baker's Dozen's)."""
    runs, gaps = columns.lift is Lift.RUN, columns.fill is Fill.ANY
    one_card_or_runs = columns.lift is Lift.TOP or (runs and columns.supermove)
    if columns.run is not None or not one_card_or_runs or columns.fill is Fill.KINGS:
        raise ValueError("solver.any_suit plays columns that move a card, or a run as far as the gaps carry it")
    return Game(runs, gaps, (castle_score,) if gaps else (bakers_dozen_score, bakers_dozen_plain_score))


def solve_any_suit(rules: Rules, state: State, budget: Budget, *, game: Game) -> SolveResult:
    """The search by the game's first score, alone for its first `ALONE` positions, then taking turns
    with one by its second (if it names one) and with a noisy series of each (`portfolio`), all
    within `MOST` positions; the first to answer answers."""
    moves = Moves(len(state.columns), game.runs, game.gaps)
    first: list[Step] = []
    dealt = Position.of(state)
    root = moves.settled(list(dealt.columns), list(dealt.home), first)
    if root.is_won():
        return verified(rules, state, first, 0, budget.elapsed())

    def search(score: Score, jitter: tuple[int, ...] = ()) -> BestFirst[Position, Step]:
        return BestFirst(root, first, moves.children, Position.key, score, Position.is_won, depth_weight=1, jitter=jitter,
                         newest_first=bool(jitter))

    def noisy(score: Score) -> Callable[[tuple[int, ...]], BestFirst[Position, Step]]:
        return lambda jitter: search(score, jitter)

    main, *other = game.scores
    status, found, reason, positions = portfolio(
        search(main), [noisy(score) for score in game.scores], budget.within(MOST),
        alone=ALONE, noise=NOISE, restart=RESTART, beside=search(other[0]) if other else None,
    )
    if status is Status.SOLVED and found is not None:
        return verified(rules, state, found, positions, budget.elapsed())
    return SolveResult(status, (), positions, budget.elapsed(), reason)
