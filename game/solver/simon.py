"""Simple Simon's exact search over compact positions.

The generic search over the model's own positions left 47 of deals 1..1000 not known at 10 s. Here a
position is each column's cards as `bytes` (numbers suit by suit, Ace to King, as `any_suit`) and how
many whole runs have gone home. Its children are the moves the rules list, in their order (a
completed run home when one lies in a column; a run of one suit, or part of one, onto a card one rank
above its head, whatever that card's suit, or into the first gap), each with what the rules do inside
it (a run from King to Ace completed on a column the move touched goes home): the positions the
generic search met, in the same order, so running dry proves a deal lost, and a win is replayed
through the rules before it counts.
"""
from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from ..moves import FOUNDATION, Move, column
from ..pieces.foundations import RUN
from ..rules import Rules
from ..state import State
from .any_suit import ALONE, BETWEEN, CARDS, MOST, NOISE, RANK, RANKS, REMEMBERED, RESTART, SUIT, SUITS
from .common import Budget, SolveResult, Status, verified
from .generic import BestFirst
from .portfolio import portfolio

Step = Move
WHOLE_RUN = tuple(bytes(range(suit * RANKS + RANKS - 1, suit * RANKS - 1, -1)) for suit in range(SUITS))  # King to Ace


class Position:
    """Each column's cards as bytes, in the model's column order, and how many runs have gone home."""

    __slots__ = ("columns", "home")

    def __init__(self, columns: tuple[bytes, ...], home: int) -> None:
        self.columns, self.home = columns, home

    @classmethod
    def of(cls, state: State) -> Position:
        return cls(tuple(bytes(card.index % CARDS for card in pile) for pile in state.columns),
                   sum(1 for pile in state.foundations if pile))

    def key(self) -> bytes:
        """Any card fills a gap, so the columns are alike: their order does not matter."""
        return bytes((self.home,)) + BETWEEN.join(sorted(self.columns))

    def is_won(self) -> bool:
        return self.home == SUITS


def completed(pile: bytes) -> bool:
    """Whether a column's top 13 cards are a run of one suit from King down to Ace."""
    return len(pile) >= RUN and RANK[pile[-1]] == 1 and pile[-RUN:] == WHOLE_RUN[SUIT[pile[-1]]]


class Moves:
    """A deal's moves: `children(position)` gives each move's position with the model's move that
    leads to it, in the order the rules list them."""

    def __init__(self, width: int) -> None:
        self.moves = {
            (i, j, count): Move(column(i), column(j), count)
            for i in range(width) for j in range(width) if i != j for count in range(1, RANKS + 1)
        }
        self.home_moves = tuple(Move(column(i), FOUNDATION, RUN) for i in range(width))

    def children(self, p: Position) -> Iterator[tuple[list[Step], Position]]:
        columns = p.columns
        for i, pile in enumerate(columns):
            if completed(pile):  # only a board text leaves one there
                yield [self.home_moves[i]], _after(list(columns), p.home, (i,), RUN)
        gap = columns.index(b"") if b"" in columns else -1  # the first empty column stands for all
        for i, pile in enumerate(columns):
            if not pile:
                continue
            length, top = _suit_run_length(pile), RANK[pile[-1]]
            for j, target in enumerate(columns):
                if target and j != i and 1 <= RANK[target[-1]] - top <= length:
                    count = RANK[target[-1]] - top
                    yield [self.moves[i, j, count]], self._moved(p, i, j, count)
            if gap >= 0:
                for count in range(1, min(length, len(pile) - 1) + 1):
                    yield [self.moves[i, gap, count]], self._moved(p, i, gap, count)

    @staticmethod
    def _moved(p: Position, src: int, dst: int, count: int) -> Position:
        columns = list(p.columns)
        pile = columns[src]
        columns[dst] = columns[dst] + pile[-count:]
        columns[src] = pile[:-count]
        return _after(columns, p.home, (src, dst), 0)


def _after(columns: list[bytes], home: int, touched: tuple[int, ...], lifted: int) -> Position:
    """The position once `lifted` cards have left column `touched[0]` for home and each run completed
    on a column the move touched has gone home too (as the rules send it, inside the move)."""
    if lifted:
        columns[touched[0]] = columns[touched[0]][:-lifted]
        home += 1
    for i in touched:
        if completed(columns[i]):
            columns[i] = columns[i][:-RUN]
            home += 1
    return Position(tuple(columns), home)


@lru_cache(maxsize=REMEMBERED)
def _suit_run_length(pile: bytes) -> int:
    """How many cards at the top of a column hold together as a run of one suit (remembered)."""
    known = 1
    while known < len(pile) and pile[-known - 1] == pile[-known] + 1 and RANK[pile[-known]] < RANKS:
        known += 1
    return known


@lru_cache(maxsize=REMEMBERED)
def _in_order(pile: bytes) -> tuple[int, int]:
    """A column's cards lying on the card one rank above them in their suit, and those lying on
    any card one rank above them (remembered)."""
    in_suit = descending = 0
    for lower, upper in zip(pile, pile[1:]):
        if RANK[upper] == RANK[lower] - 1:
            descending += 1
            in_suit += SUIT[upper] == SUIT[lower]
    return in_suit, descending


def score(p: Position) -> int:
    """Cards go home thirteen at a time, so progress is cards lying on the card above them in their
    suit; a card on any card one rank higher is half way there, and empty columns carry runs."""
    in_suit = descending = 0
    for pile in p.columns:
        counts = _in_order(pile)
        in_suit += counts[0]
        descending += counts[1]
    return 4 * (CARDS - RANKS * p.home) - 3 * in_suit - descending - 2 * p.columns.count(b"")


def solve_simon(rules: Rules, state: State, budget: Budget) -> SolveResult:
    """Best-first by `score`, alone for its first `ALONE` positions, then by turns with a noisy series
    of it (`portfolio`, as `any_suit`'s), within `MOST` positions."""
    root = Position.of(state)
    if root.is_won():
        return verified(rules, state, [], 0, budget.elapsed())
    moves = Moves(len(state.columns))

    def search(jitter: tuple[int, ...] = ()) -> BestFirst[Position, Step]:
        return BestFirst(root, [], moves.children, Position.key, score, Position.is_won, depth_weight=1, jitter=jitter,
                         newest_first=bool(jitter))

    status, found, reason, positions = portfolio(
        search(), [search], budget.within(MOST), alone=ALONE, noise=NOISE, restart=RESTART,
    )
    if status is Status.SOLVED and found is not None:
        return verified(rules, state, found, positions, budget.elapsed())
    return SolveResult(status, (), positions, budget.elapsed(), reason)
