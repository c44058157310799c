"""Spider's search: searches a stage at a time, with an exact search beside them that can prove.

The positions and their moves are `spider_position`'s (compact bytes, the two copies of a card as
one, natural sequences moved whole through the empty columns); the search a stage at a time
(`spider_stages`) finds the wins. They run as a portfolio (`portfolio`): the main staged search
alone for its first positions, then by turns with series of staged searches that spend other
numbers of positions a stage, weigh otherwise and add a little noise, each started afresh now and
then; and beside them an exact search (`generic.BestFirst` over every move, `every_step`), which
alone can answer "not winnable": when it runs out of positions it has seen every position the deal
can reach. It searches first, alone, for EXACT_FIRST positions, where end games are decided. Its
positions are kept, so it stops taking turns past EXACT_MOST of them (about 600 MB) and the memory
of a search stays bounded whatever its budget; in end games (a few runs left) it answers at once.

Every solution, made of the searches' steps, is turned into the game's own moves (a natural
sequence into its runs, `SpiderGame.atomic`) and replayed through the model (`verified`).

The hint, when the window's short search found no solution, looks a little further
(`spider_hint`).
"""
from __future__ import annotations

from collections.abc import Callable, Collection

from ..moves import STOCK, Move, column
from ..rules import Rules
from ..state import State
from .common import Budget, SolveResult, Status, verified
from .generic import BestFirst
from .heuristic import first_new_move, ranked_first_steps
from .portfolio import Capped, portfolio
from .spider_position import Position, SpiderGame, Step, code, key, won
from .spider_stages import Scorer, Stages, Weights

HINT_POSITIONS = 6_000  # the hint's look ahead when its search found no solution (about 0.2 s)
HINT_CPU = 0.4  # and its CPU seconds at most, on a slow machine
STOCK_WEIGHT = 3  # the exact search's cost of a card in the stock
EXACT_WEIGHTS: Weights = (12, 1, 4, 12, 60)  # the exact search's: a card face down, breaks of suit and rank, empty, home
EXACT_MOST = 1_000_000  # positions the exact search keeps at most
EXACT_SHARE = (1, 8)  # its positions for the main search's
EXACT_FIRST = 5_000  # its positions before the others start: end games are decided in fewer

# The staged searches: (positions a stage, choices a stage, weights). The main one first. A card on
# the next rank of another suit costs the staged searches as much as a card on any other (5, not 2
# or 3): in four suits such a run moves apart again, one suit at a time, only through empty columns,
# so a score that counts it nearly whole steers every search into columns that then block (KPatience's
# Spider solver counts every break alike). Four suits, the 40 first deals of 1..200 not known at 4 s
# of CPU: 24 decided instead of none (docs/solvers.md, "Spider").
MAIN = (3_000, 3, (10, 5, 5, 8, 40))
SERIES = ((1_000, 3, (10, 5, 5, 8, 40)), (20_000, 3, (10, 6, 5, 8, 40)))
SERIES_SHARES = ((1, 1), (1, 1))  # each series' positions for the main search's
FINAL = 10  # a stage's positions once the stock is empty, times its share
ALONE = 100_000  # the main search's positions before the others take turns
NOISE = 4  # the series' noise on the scores
RESTART = 400_000  # positions of a series' search before it starts again with other noise


def encode(state: State) -> tuple[SpiderGame, Position]:
    columns = tuple(bytes([hidden, *(code(c.rank, c.suit) for c in pile)]) for pile, hidden in zip(state.columns, state.hidden))
    home = sum(1 for pile in state.foundations if pile)
    return SpiderGame(bytes(code(c.rank, c.suit) for c in state.stock), False), (columns, len(state.stock), home)


def _game(rules: Rules, state: State) -> tuple[SpiderGame, Position]:
    game, start = encode(state)
    game.relaxed = bool(rules.variant.params.relaxed)
    return game, start


def exact_scorer() -> Callable[[Position], int]:
    """The exact search's score: the staged searches' terms, and each card still in the stock."""
    scorer = Scorer(EXACT_WEIGHTS)

    def score(position: Position) -> int:
        return scorer.position(position) + STOCK_WEIGHT * position[1]
    return score


def exact_search(game: SpiderGame, start: Position) -> BestFirst[Position, Step]:
    """Best first over every move: its running dry is a proof."""
    def children(position: Position) -> list[tuple[list[Step], Position]]:
        return [([step], game.play(position, step)) for step in game.every_step(position)]
    return BestFirst(start, [], children, key, exact_scorer(), won, newest_first=True)


def solve_spider(rules: Rules, state: State, budget: Budget) -> SolveResult:
    if rules.is_won(state):
        return verified(rules, state, [], 0, budget.elapsed())
    game, start = _game(rules, state)

    def staged(share: int, breadth: int, weights: Weights) -> Callable[[tuple[int, ...]], Stages]:
        def make(jitter: tuple[int, ...]) -> Stages:
            return Stages(game, start, Scorer(weights), share=share, breadth=breadth, final=FINAL, jitter=jitter)
        return make

    exact = exact_search(game, start)
    status, steps, reason = exact.run(budget, EXACT_FIRST)  # an end game is decided here
    positions = exact.count
    if status is Status.UNKNOWN and not reason:
        share, breadth, weights = MAIN
        main = Stages(game, start, Scorer(weights), share=share, breadth=breadth, final=FINAL)
        status, steps, reason, positions = portfolio(
            main, [staged(*series) for series in SERIES], budget, alone=ALONE, noise=NOISE, restart=RESTART,
            series_shares=SERIES_SHARES, beside=Capped(exact, EXACT_MOST), beside_share=EXACT_SHARE,
        )
    if status is Status.SOLVED and steps is not None:
        return verified(rules, state, to_moves(game, start, steps), positions, budget.elapsed())
    return SolveResult(status, (), positions, budget.elapsed(), reason)


def to_moves(game: SpiderGame, start: Position, steps: list[Step]) -> list[Move]:
    """The game's moves for a search's steps, a natural sequence's runs one by one."""
    moves: list[Move] = []
    position = start
    for step in steps:
        for single in game.atomic(position, step):
            moves.append(_as_move(single))
            position = game.play(position, single)
    return moves


def _as_move(step: Step) -> Move:
    src, dst, count = step
    return Move(STOCK, column(0), count) if src < 0 else Move(column(src), column(dst), count)


def _hint_score(scorer: Scorer) -> Callable[[Position], int]:
    """The exact score without the stock: a deal costs what its ten cards cost the columns, so a line
    that deals looks better only when the deal is followed up, and the cards in the stock are kept
    for when they are needed."""
    return scorer.position


def spider_hint(rules: Rules, state: State, met: Collection[State]) -> Move | None:
    """The hint's move when no solution was found in time: the first move of the best line a short
    search sees (`heuristic.ranked_first_steps`), never one back to a position of `met`, the positions
    met earlier in the game. A player deals from the stock when the columns offer nothing better, so
    moves whose line gains nothing come after the deal. When every move leads back to a position met
    before, the deal is still the hint where it may be made, else any legal move: the hint never says
    there is nothing to do while something can be done."""
    game, root = _game(rules, state)

    def children(position: Position) -> list[tuple[Step, Position]]:
        return [(step, game.play(position, step)) for step in game.every_step(position)]

    budget = Budget(HINT_POSITIONS, cpu_limit=HINT_CPU)
    avoid = {key(_game(rules, earlier)[1]) for earlier in met}
    score = _hint_score(Scorer(EXACT_WEIGHTS))
    ranked = ranked_first_steps(root, children, key, score, won, avoid, budget)
    now = score(root)
    gaining = [step for step, best in ranked if best < now and step[0] >= 0]
    deal = [step for step, _best in ranked if step[0] < 0]
    rest = [step for step, best in ranked if best >= now and step[0] >= 0]
    found = first_new_move(rules, state, map(_as_move, gaining + deal + rest), met)
    if found is not None:
        return found
    every = game.every_step(root)
    deals = [step for step in every if step[0] < 0]
    return next((_as_move(step) for step in deals + every), None)
