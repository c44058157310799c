"""Canfield's search over compact positions, with the stock's cards as the cards it can reach.

Over the model's positions the generic search met each turn of the stock as a position of its own,
and with the waste turned back over without limit a pass through the stock came back to positions
met before only after a dozen turns: most of the positions it met differed only in where the stock's
pointer stood. Here a position is the four columns (cards as numbers, `Card.index`), how many cards
of each suit are home, how many cards the reserve still holds (the deal's reserve says which), the
stock and waste as one sequence (the waste's cards bottom to top, then the stock's top to bottom)
and how many of them are in the waste (the pointer). A move from the waste is "play the i-th card
of the sequence": the turns of the stock that bring it to the waste's top are part of the move
(`reachable`). Turning three at a time, the pointers 0, 3, 6, ... and the end come round again on
every pass, so positions that differ only in such a pointer reach the same cards and are one
position to the search (`key`); any other pointer comes round only once, and stays in the key. The
four columns are alike, so the key sorts them.

Nothing the rules allow is left out but a whole column moved into a gap (the same position, the
columns being alike), and a card goes home at once, as part of the move before, only where that
loses nothing (`safe_home`): so when the exact search has met every position it can reach, the
deal is lost. Noisy searches take turns with it (`portfolio`) to find wins sooner. A win is
replayed through the rules (`model_moves`, `verified`).
"""
from __future__ import annotations

from collections.abc import Callable, Iterator

from ..moves import FOUNDATION, STOCK, WASTE, Move, Pile, PileKind, column
from ..rules import Rules
from ..state import State
from .common import Budget, SolveResult, Status, collector_paused, verified
from .generic import BestFirst, Key, Score, default_score, solve_generic
from .portfolio import portfolio

RANKS = 13
SUITS = 4
DRAW = 3
TABLEAU = 4
HOME = -1  # a step's destination: the foundations
CYCLE = -1  # the key's pointer for every pointer a pass through the stock comes back to
# the portfolio's figures: each step costs DEPTH; the main search alone for its first ALONE positions,
# then the noisy series by turns, each adding below NOISE to its scores and restarting every RESTART
DEPTH, ALONE, NOISE, RESTART = 1, 2000, 40, 20_000
MOST = 2_500_000  # positions a solve meets at most (each kept in memory: about 1.3 GB at most)

Columns = tuple[tuple[int, ...], ...]
# columns, cards home by suit, reserve cards left, the stock and waste as one sequence, the pointer
Position = tuple[Columns, tuple[int, ...], int, tuple[int, ...], int]
# one step of a line: (source, what, destination); source "c" a column (what: index, count), "r"
# the reserve, "w" the sequence (what: the card's place in it); destination a column or HOME
Step = tuple[str, int, int, int]


def is_red(card: int) -> bool:
    return card // RANKS in (1, 2)  # the Suit enum's order: clubs, diamonds, hearts, spades


def builds_on(lower: int, upper: int) -> bool:
    """Whether `lower` goes on `upper` in a column: one rank lower, round the corner (a King on an
    Ace), the other colour."""
    return (upper % RANKS - lower % RANKS) % RANKS == 1 and is_red(lower) != is_red(upper)


ON = tuple(tuple(builds_on(lower, upper) for upper in range(RANKS * SUITS)) for lower in range(RANKS * SUITS))


def reachable(length: int, pointer: int) -> Iterator[int]:
    """The places in the sequence of the cards a player can bring to the waste's top by turning the
    stock (three at a time, the waste turned back over as often as wanted): the top now, each card
    the turns from here lay on top, and each a pass from the start lays on top."""
    seen = set()
    for start in (pointer, 0):
        at = start
        while True:
            if at > 0 and at - 1 not in seen:
                seen.add(at - 1)
                yield at - 1
            if at >= length:
                break
            at = min(at + DRAW, length)


def key(position: Position) -> tuple[object, ...]:
    """What makes two positions the same: the columns in any order, and a pointer a pass through the
    stock comes back to (a multiple of three, or the end) counted as any other such."""
    columns, home, reserve, sequence, pointer = position
    if pointer % DRAW == 0 or pointer == len(sequence):
        pointer = CYCLE
    return tuple(sorted(columns)), home, reserve, sequence, pointer


class Game:
    """One deal's fixed facts: the reserve's cards, bottom first, and the base rank (as a card's
    `rank - 1`), which every foundation starts from."""

    def __init__(self, reserve: tuple[int, ...], base: int) -> None:
        self.reserve, self.base = reserve, base

    def rel(self, card: int) -> int:
        """How many cards of its suit lie under `card` on a finished foundation."""
        return (card % RANKS - self.base) % RANKS

    def goes_home(self, home: tuple[int, ...], card: int) -> bool:
        return home[card // RANKS] == self.rel(card)

    def safe_home(self, home: tuple[int, ...], card: int) -> bool:
        """Whether `card`, which may go home, loses nothing by going at once from the top of a column
        (the column keeps a card, or the reserve is empty: no card comes from it): no card that could
        go on it is left out of the foundations, so it is no column's use, and nothing under it in a
        winning line needs it where it lies. The base rank's cards are never: the cards one below
        them (round the corner) go home last."""
        rel = self.rel(card)
        if rel == 0:
            return False
        red = is_red(card)
        return all(home[suit] >= rel for suit in range(SUITS) if (suit in (1, 2)) != red)

    def scorer(self, reserve_weight: int) -> Callable[[Position], int]:
        """A score, lower better: cards not home, the reserve's cards most (each waits for every card
        above it; `reserve_weight` each), the cards under a column's top (they block it) and the
        stock's. Searches weighing the reserve differently find different wins (`solve_canfield`)."""

        def score(position: Position) -> int:
            columns, home, reserve, sequence, _ = position
            buried = sum(len(cards) - 1 for cards in columns if cards)
            return 8 * (RANKS * SUITS - sum(home)) + reserve_weight * reserve + buried + len(sequence) // 2

        return score

    def moved(self, position: Position, step: Step) -> Position:
        """The position after `step` (legal): a column a move empties takes the reserve's top card."""
        columns, home, reserve, sequence, pointer = position
        source, what, count, destination = step
        cols = list(columns)
        if source == "c":
            cards = cols[what][len(cols[what]) - count:]
            cols[what] = cols[what][: len(cols[what]) - count]
        elif source == "r":
            cards = (self.reserve[reserve - 1],)
            reserve -= 1
        else:
            cards = (sequence[what],)
            sequence = sequence[:what] + sequence[what + 1:]
            pointer = what
        if destination == HOME:
            suit = cards[0] // RANKS
            home = home[:suit] + (home[suit] + 1,) + home[suit + 1:]
        else:
            cols[destination] = cols[destination] + cards
        if source == "c" and not cols[what] and reserve:
            cols[what] = (self.reserve[reserve - 1],)
            reserve -= 1
        return tuple(cols), home, reserve, sequence, pointer

    def steps(self, position: Position) -> Iterator[Step]:
        """Every move the rules allow, the stock's turns folded in (the module's note), but a whole
        column into a gap and any gap but the first."""
        columns, home, reserve, sequence, pointer = position
        gap = next((i for i, cards in enumerate(columns) if not cards), -1)
        tops = [cards[-1] if cards else -1 for cards in columns]
        for c, cards in enumerate(columns):
            if not cards:
                continue
            if self.goes_home(home, cards[-1]):
                yield "c", c, 1, HOME
            start = len(cards) - 1
            while start > 0 and ON[cards[start]][cards[start - 1]]:
                start -= 1
            for at in range(start, len(cards)):
                card = cards[at]
                for d, top in enumerate(tops):
                    if top >= 0 and d != c and ON[card][top]:
                        yield "c", c, len(cards) - at, d
                if gap >= 0 and at > 0:
                    yield "c", c, len(cards) - at, gap
        if reserve:
            yield from self.plays("r", self.reserve[reserve - 1], 0, home, tops, gap)
        for at in reachable(len(sequence), pointer):
            yield from self.plays("w", sequence[at], at, home, tops, gap)

    def plays(self, source: str, card: int, what: int, home: tuple[int, ...], tops: list[int], gap: int) -> Iterator[Step]:
        """A single card's moves (the reserve's or the waste's): home, onto a column, into the gap."""
        if self.goes_home(home, card):
            yield source, what, 1, HOME
        for d, top in enumerate(tops):
            if top >= 0 and ON[card][top]:
                yield source, what, 1, d
        if gap >= 0:
            yield source, what, 1, gap

    def settle(self, position: Position, done: list[Step]) -> Position:
        """The position once every column top that goes home safely has gone (`safe_home`)."""
        again = True
        while again:
            again = False
            columns, home, reserve = position[0], position[1], position[2]
            for c, cards in enumerate(columns):
                if not cards or len(cards) == 1 and reserve:
                    continue
                if self.goes_home(home, cards[-1]) and self.safe_home(home, cards[-1]):
                    step = ("c", c, 1, HOME)
                    done.append(step)
                    position = self.moved(position, step)
                    again = True
                    break
        return position

    def children(self, position: Position) -> Iterator[tuple[list[Step], Position]]:
        for step in self.steps(position):
            done = [step]
            yield done, self.settle(self.moved(position, step), done)


def compact(state: State) -> tuple[Game, Position] | None:
    """The deal's facts and the position, or None where the position is none a deal leads to (a
    gap while the reserve has cards, a face-down card in a column, no foundation started)."""
    columns = state.columns
    if len(columns) != TABLEAU + 1 or any(state.hidden[:TABLEAU]) or not any(state.foundations):
        return None
    if columns[TABLEAU] and not all(columns[:TABLEAU]):
        return None
    base = next(pile[0].rank - 1 for pile in state.foundations if pile)
    home = [0] * SUITS
    for pile in state.foundations:
        if pile:
            home[int(pile[0].suit)] = len(pile)
    game = Game(tuple(card.index for card in columns[TABLEAU]), base)
    sequence = tuple(card.index for card in state.waste) + tuple(card.index for card in reversed(state.stock))
    cols = tuple(tuple(card.index for card in cards) for cards in columns[:TABLEAU])
    return game, (cols, tuple(home), len(columns[TABLEAU]), sequence, len(state.waste))


def model_moves(rules: Rules, state: State, steps: list[Step]) -> list[Move]:
    """The rules' moves of a line of steps, with the stock turns each play from the waste takes."""
    moves: list[Move] = []
    for source, what, count, destination in steps:
        if source == "w":
            while len(state.waste) != what + 1:
                turn = Move(STOCK, WASTE, min(DRAW, len(state.stock))) if state.stock else Move(WASTE, STOCK, len(state.waste))
                moves.append(turn)
                state = rules.perform(state, turn)
            src = WASTE
        else:
            src = column(what if source == "c" else TABLEAU)
        dst = FOUNDATION if destination == HOME else Pile(PileKind.COLUMN, destination)
        move = Move(src, dst, count)
        moves.append(move)
        state = rules.perform(state, move)
    return moves


def solve_canfield(
    rules: Rules, state: State, budget: Budget, *, main_weight: int = 14, noisy_weights: tuple[int, ...] = (14, 14),
    generic_score: Score = default_score, generic_key: Key = lambda s: s,
) -> SolveResult:
    """The exact search, weighing each reserve card `main_weight`, with a series of noisy restarts
    for each of `noisy_weights` taking turns beside it; a position no deal leads to (a board text's)
    goes to the generic search, guided by `generic_score` and keyed by `generic_key` (the family's)."""
    found = compact(state)
    if found is None:
        return solve_generic(rules, state, budget, score=generic_score, key=generic_key)
    game, start = found
    first: list[Step] = []
    start = game.settle(start, first)

    def series(weight: int) -> Callable[[tuple[int, ...]], BestFirst[Position, Step]]:
        score = game.scorer(weight)
        return lambda jitter: BestFirst(start, first, game.children, key, score, won, depth_weight=DEPTH, jitter=jitter)

    if won(start):
        return verified(rules, state, model_moves(rules, state, first), 0, budget.elapsed())
    main = BestFirst(start, first, game.children, key, game.scorer(main_weight), won, depth_weight=DEPTH)
    with collector_paused():
        status, path, reason, positions = portfolio(
            main, [series(weight) for weight in noisy_weights], budget.within(MOST), alone=ALONE, noise=NOISE, restart=RESTART,
        )
    if status is Status.SOLVED and path is not None:
        return verified(rules, state, model_moves(rules, state, path), positions, budget.elapsed())
    return SolveResult(status, (), positions, budget.elapsed(), reason)


def won(position: Position) -> bool:
    return sum(position[1]) == RANKS * SUITS

