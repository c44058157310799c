"""Forty Thieves' search: best first over compact positions, exhaustive when it has to prove a loss.

The positions, their moves and the score are `forty_thieves_position`'s. The main search
(`generic.BestFirst` over every move, after auto-play's safe moves) is exact: when it runs out of
positions it has seen every position reachable, and only then is the deal called lost. Beside it,
as a portfolio (`portfolio`), a bold search takes turns (`Bold`): the same score with noise on it,
over fewer moves (no run split, as KPatience's Forty & Eight solver plays), started afresh with other
noise every BOLD_RESTART positions: a best-first order is fragile, and on many won deals a noisy
search wins in a few thousand positions where the main one wanders. It meets two positions for each
of the main search's; on deals 1..40 at 4 s of CPU it won 23 where two series of the exact search
with little noise won 21 (docs/solvers.md). A game of the family may add such series (`series`:
Forty & Eight does), and a beam search (`beam_of`) that takes turns with the bold one (`beam`:
Forty & Eight's, whose deals it walks through both passes of the stock). The main search keeps
every position it met, so it takes no more turns past MAIN_MOST of them (the others go on alone until
the budget ends): the memory of a search stays bounded whatever its budget. Every solution is replayed
through the model (`verified`).

Forty & Eight plays on the same pieces with one redeal of the waste: the positions carry the stock
and the redeals made, the redeal is one more move (`REDEAL`), and the family weighs the score its own
way (`solve_forty_thieves`'s `weights` and `series`).

A player who follows a solution (or the window's live verdict, which asks again after every move)
meets its positions one after another, so the last solution found is kept (`_Line`): a position on
it is answered with the rest of it at once, replayed through the model like any other.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Collection

from ..moves import FOUNDATION, STOCK, WASTE, Move, column
from ..pieces.engine import PieceRules
from ..pieces.stocks import TurnOnto
from ..rules import Rules
from ..state import State
from .beam import Beam
from .common import Budget, SolverError, SolveResult, Status, verified
from .forty_thieves_position import (
    COLUMN_HOME,
    COLUMN_TO_COLUMN,
    REDEAL,
    WASTE_HOME,
    WASTE_TO_COLUMN,
    FortyGame,
    Position,
    Scorer,
    Step,
    code,
    key,
    won,
)
from .generic import BestFirst
from .heuristic import first_new_move, ranked_first_steps
from .portfolio import JITTER, Capped, Outcome, Search, Split, portfolio

Weights = tuple[int, int, int, int, int]

HINT_POSITIONS = 6_000  # the hint's look ahead when its search found no solution (about 0.2 s)
HINT_CPU = 0.4  # and its CPU seconds at most, on a slow machine
WEIGHTS = (12, 4, 8, 2, 4)  # cards home, breaks, empty columns, buried wanted cards, the waste's cards
SERIES_WEIGHTS: tuple[Weights, ...] = ()  # each exact noisy series' weights: none (the bold search wins more)
ALONE = 20_000  # the main search's positions before the series take turns
NOISE = 8  # the series' noise on the scores
RESTART = 50_000  # positions of a series' search before it starts again with other noise
MAIN_MOST = 2_000_000  # positions the main (exact) search keeps at most: 3 million took deal 7 to 1.5 GB
BOLD_SHARE = (2, 1)  # the bold search's positions for the main search's
BOLD_NOISE = 24  # the bold search's noise on the scores (two cards home)
BOLD_RESTART = 10_000  # positions of a bold search before it starts again with other noise
BOLD_SEED = 7_000  # the first bold search's noise seed (the series' are 1000 and 2000 onward)
BEAM_WIDTH = 1_000  # the beam search's positions a layer, in its first pass (`beam_of`)
BEAM_MOST = 1_000_000  # positions the beam meets at most: each pass twice as wide keeps more of them


def start_of(rules: Rules, state: State, redeals: int = 0) -> tuple[FortyGame, Position]:
    """The deal's fixed facts and the position, before auto-play; the game turns the waste back over
    `redeals` times (Forty & Eight's once). Spare cards go home at once only in a game with no redeal:
    in Forty Thieves the same deals are won from fewer positions, while Forty & Eight's deal 6 at 10 s
    was won without it and not with it (docs/solvers.md), so its search orders its moves as before."""
    copies = rules.variant.pack.copies
    heights: list[list[int]] = [[] for _suit in range(4)]
    for pile in state.foundations:
        if pile:
            heights[pile[0].suit].append(len(pile))
    home: list[int] = []
    for suit_heights in heights:
        home += sorted(suit_heights + [0] * (copies - len(suit_heights)))
    columns = tuple(bytes(code(c.rank, c.suit) for c in pile) for pile in state.columns)
    stock = bytes(code(c.rank, c.suit) for c in state.stock)
    game = FortyGame(stock, copies, redeals, spares=not redeals)
    return game, (columns, bytes(home), stock, bytes(code(c.rank, c.suit) for c in state.waste), state.redeals)


def redeals_of(rules: Rules) -> int:
    """How often the game's waste may be turned back over: none in Forty Thieves, once in Forty & Eight."""
    stock = rules.stock if isinstance(rules, PieceRules) else None
    if not isinstance(stock, TurnOnto) or stock.draw != 1 or stock.redeals is None:
        raise ValueError("the search plays a stock turned one card at a time, with a limited redeal")
    return stock.redeals


def search_of(game: FortyGame, root: Position, weights: tuple[int, int, int, int, int], jitter: tuple[int, ...] = ()
              ) -> BestFirst[Position, Step]:
    scorer = Scorer(weights, game.copies, game.redeals)
    return BestFirst(root, [], game.settled_children, key, scorer.score, won, jitter=jitter, newest_first=True)


class Bold:
    """Searches over `FortyGame.bold_children` with a little noise, each started afresh with other
    noise every BOLD_RESTART positions, beside the exact ones (the portfolio's `beside`): the moves
    they leave out are ones a strong player seldom needs, so they go deeper on the same budget, and
    their wins count; but their running dry proves nothing (no other noise helps then: they stop)."""

    def __init__(self, game: FortyGame, root: Position, weights: Weights) -> None:
        self.game, self.root, self.weights = game, root, weights
        self.seed = BOLD_SEED
        self.done = 0  # positions met by the searches before the current one
        self.dry = False
        self.current = self._fresh()

    def _fresh(self) -> BestFirst[Position, Step]:
        self.seed += 1
        rng = random.Random(self.seed)
        jitter = tuple(rng.randrange(BOLD_NOISE) for _ in range(JITTER))
        scorer = Scorer(self.weights, self.game.copies, self.game.redeals)
        return BestFirst(self.root, [], self.game.bold_children, key, scorer.score, won, jitter=jitter, newest_first=True)

    @property
    def count(self) -> int:
        return self.done + self.current.count

    def run(self, budget: Budget, until: int, elsewhere: int) -> Outcome:
        while not self.dry:
            status, path, reason = self.current.run(budget, min(until - self.done, BOLD_RESTART), elsewhere + self.done)
            if status is Status.UNSOLVABLE:
                self.dry = True
            elif status is not Status.UNKNOWN or reason or self.count >= until:
                return status, path, reason
            else:
                self.done += self.current.count
                self.current = self._fresh()
        return Status.UNKNOWN, None, ""


def beam_of(game: FortyGame, root: Position, weights: Weights) -> Beam[Position, Step]:
    """A beam search (`beam.Beam`) over the bold search's moves, by the main score: it never goes
    back, so it walks through the stock where a best-first search wanders before its next card."""
    scorer = Scorer(weights, game.copies, game.redeals)
    return Beam(root, game.bold_children, key, scorer.score, won, BEAM_WIDTH)


def _as_move(step: Step) -> Move:
    what, src, dst, n = step
    if what == COLUMN_TO_COLUMN:
        return Move(column(src), column(dst), n)
    if what == COLUMN_HOME:
        return Move(column(src), FOUNDATION)
    if what == WASTE_TO_COLUMN:
        return Move(WASTE, column(dst))
    if what == WASTE_HOME:
        return Move(WASTE, FOUNDATION)
    if what == REDEAL:
        return Move(WASTE, STOCK, n)
    return Move(STOCK, WASTE)


class _Line:
    """The last solution found: each position on it (columns in their order, as the moves name them,
    and the stock and waste card by card), with the steps that win from there."""

    def __init__(self) -> None:
        self.rest: dict[Position, int] = {}
        self.steps: list[Step] = []

    def keep(self, game: FortyGame, root: Position, path: list[Step]) -> None:
        self.steps, self.rest = path, {}
        position = root
        for done, step in enumerate(path):
            self.rest.setdefault(position, done)
            position = _after(game, position, step)
        self.rest.setdefault(position, len(path))

    def known(self, root: Position) -> list[Step] | None:
        at = self.rest.get(root)
        return None if at is None else self.steps[at:]


_LAST = _Line()  # the last solution found in this process


def _after(game: FortyGame, position: Position, step: Step) -> Position:
    """The position a step leads to, found among the position's children."""
    return next(child for move, child in game.children(position) if move == step)


def solve_forty_thieves(
    rules: Rules, state: State, budget: Budget, *, weights: Weights = WEIGHTS,
    series: tuple[Weights, ...] = SERIES_WEIGHTS, beam: int = 0,
) -> SolveResult:
    """The rest of the last solution when the position is on it; else the searches: the main one by
    `weights`, a noisy series by each of `series` (another game of the family's weighs its own), the
    bold search, and when `beam` is not 0 a beam search meeting `beam` positions for each of the main
    search's (`beam_of`), which takes its turns with the bold one (`portfolio.Split`)."""
    game, unsettled = start_of(rules, state, redeals_of(rules))
    first: list[Step] = []
    root = game.settle(unsettled, first)
    known = _LAST.known(root)
    if known is not None:
        try:
            return verified(rules, state, [_as_move(step) for step in first + known], 0, budget.elapsed())
        except SolverError:
            pass  # never expected: then search as if nothing were known
    if won(root):
        return verified(rules, state, [_as_move(step) for step in first], 0, budget.elapsed())

    def noisy(each: Weights) -> Callable[[tuple[int, ...]], BestFirst[Position, Step]]:
        def make(jitter: tuple[int, ...]) -> BestFirst[Position, Step]:
            return search_of(game, root, each, jitter)
        return make

    main = search_of(game, root, weights)
    bold_times, bold_part = BOLD_SHARE
    beside: Search = Bold(game, root, weights)
    if beam:
        beside = Split([beside, Capped(beam_of(game, root, weights), BEAM_MOST)], (bold_times, beam * bold_part))
    beside_share = (bold_times + beam * bold_part, bold_part)
    status, path, reason, positions = portfolio(
        Capped(main, MAIN_MOST), [noisy(each) for each in series], budget, alone=ALONE, noise=NOISE,
        restart=RESTART, series_shares=((1, 1),) * len(series), beside=beside, beside_share=beside_share,
    )
    if status is Status.SOLVED:
        result = verified(rules, state, [_as_move(step) for step in first + path], positions, budget.elapsed())
        _LAST.keep(game, root, path)
        return result
    return SolveResult(status, (), positions, budget.elapsed(), reason)


def forty_thieves_hint(rules: Rules, state: State, met: Collection[State]) -> Move | None:
    """The hint's move when no solution was found in time: the first move of the best line a short
    search sees (`heuristic.ranked_first_steps`, on this search's positions, auto-play and score),
    never one back to a position of `met`, the positions met earlier in the game. A card auto-play
    would send home but has not (auto-play off) is the hint itself: it is where every line starts.
    When every move leads back to a position met before, the stock's turn is still the hint where
    the stock has cards, else any legal move: the hint never says there is nothing to do while
    something can be done."""
    game, unsettled = start_of(rules, state, redeals_of(rules))
    first: list[Step] = []
    root = game.settle(unsettled, first)
    found = first_new_move(rules, state, [_as_move(first[0])], met) if first else None
    if found is not None:
        return found
    return _look_ahead(rules, state, met, game, root) if not first else _last_resort(rules, state)


def _look_ahead(rules: Rules, state: State, met: Collection[State], game: FortyGame, root: Position) -> Move | None:
    """The first move of the best line a short search sees that leads somewhere new, else `_last_resort`."""
    def children(position: Position) -> list[tuple[Step, Position]]:
        return [(step, game.settle(child, [])) for step, child in game.children(position)]

    budget = Budget(HINT_POSITIONS, cpu_limit=HINT_CPU)
    avoid = {key(game.settle(start_of(rules, earlier, game.redeals)[1], [])) for earlier in met}
    scorer = Scorer(WEIGHTS, game.copies, game.redeals)
    ranked = ranked_first_steps(root, children, key, scorer.score, won, avoid, budget)
    found = first_new_move(rules, state, (_as_move(step) for step, _best in ranked), met)
    if found is not None:
        return found
    return _last_resort(rules, state)


def _last_resort(rules: Rules, state: State) -> Move | None:
    """A move when every move leads back: the stock's turn where it has cards, else any legal move."""
    moves = list(rules.legal_moves(state))
    turns = [move for move in moves if move.src == STOCK]
    return next(iter(turns + moves), None)
