"""A best-first search over any positions, and the search of any game through the `Rules` interface.

`BestFirst` knows nothing of cards: it is given the first position, how to make a position's
children (each with the steps that lead to it), what makes two positions the same (`key`), a score
(lower is better) and what a won position is, and it expands the best-scored position first,
meeting each distinct position once. It can be run a slice at a time (`portfolio.Search`), so a
game may run it beside other searches; when every position it can reach has been expanded without
a win, it answers UNSOLVABLE, which is a proof only when `children` leaves no move out. Spider's
exact search and Forty Thieves' searches run it over their compact positions.

`solve_generic` runs it over the model's own `State`s, asking only `legal_moves` and `perform`, so
any game the model can play it can search (a family that names no search of its own gets it); it is
slower than the searches over compact positions but never disagrees with the rules. A family may
run a search of its own beside it (`beside`: Gypsy's searches a deal at a time, Grandfather's bold
one), taking turns CHECK_EVERY expansions at a time on the same budget: the first to win answers,
and only the exact search, which leaves out only what the rules leave out, proves a deal lost.
"""
from __future__ import annotations

import heapq
from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import Generic, TypeVar

from ..moves import Move
from ..rules import Rules
from ..state import State
from .common import POSITION_LIMIT, UNLIMITED, Budget, SolveResult, Status, verified
from .portfolio import JITTER_MASK, Outcome, Search, path_to, stopped

CHECK_EVERY = 128  # expansions between looks at the budget

P = TypeVar("P")  # a position, as the search's game keeps it
S = TypeVar("S")  # a step from one position to the next (a move, or the game's compact form of one)

Score = Callable[[State], int]
Forced = Callable[[State], Move | None]
Hopeless = Callable[[State], bool]
Key = Callable[[State], Hashable]


class Pacer:
    """When a search looks at its budget: after every `every` expansions, since a look reads the clock.
    The searches that look so (the best-first loop, FreeCell's, Klondike's, Yukon's two) each ask
    one, so the count is written once; compiled, its call costs nothing measurable beside an
    expansion (docs/model-speed.md, "The solvers")."""

    def __init__(self, every: int = CHECK_EVERY) -> None:
        self.every = every
        self.left = every

    def tick(self) -> bool:
        """One more expansion: True when it is the one to look after (the count starts again)."""
        self.left -= 1
        if self.left > 0:
            return False
        self.left = self.every
        return True

    def spent(self, budget: Budget, positions: int) -> str | None:
        """The budget's reason to stop (`Budget.spent` of all `positions` met) when this expansion is
        the one to look after, else None: go on."""
        return budget.spent(positions) if self.tick() else None

    def due(self, budget: Budget, count: int, until: int, elsewhere: int) -> Outcome | None:
        """`portfolio.stopped`'s answer when this expansion is the one to look after, else None: go on."""
        return stopped(budget, count, until, elsewhere) if self.tick() else None


class BestFirst(Generic[P, S]):
    """Weighted best-first: the position whose score (plus `depth_weight` times the steps made to
    reach it, plus its noise) is lowest is expanded first; among equals the oldest, or the newest
    with `newest_first`. `children(position)` gives each move's position with the steps to it (a
    move and what follows it by itself); `jitter`, when given, is the noise added to the n-th
    position met (entry n % JITTER), as the noisy searches of `portfolio` use.

    A search that is one part of a longer one (a stage of Spider's `spider_stages`) says how many
    positions the parts before it met (`counted`: they count against the budget and the noise), stops
    after `most` positions of its own, and with `keep` keeps every position it met, in `nodes`, for
    the next part to start from."""

    def __init__(
        self, start: P, first: list[S], children: Callable[[P], Iterable[tuple[list[S], P]]],
        key: Callable[[P], Hashable], score: Callable[[P], int], won: Callable[[P], bool],
        *, depth_weight: int = 0, jitter: tuple[int, ...] = (), newest_first: bool = False,
        counted: int = 0, most: int = UNLIMITED, keep: bool = False,
    ) -> None:
        self.children, self.key, self.score, self.won = children, key, score, won
        self.depth_weight, self.jitter, self.newest_first = depth_weight, jitter, newest_first
        self.parents = [-1]
        self.paths: list[list[S]] = [first]
        self.depths = [len(first)]
        self.seen = {key(start)}
        self.heap: list[tuple[int, int, int, P]] = [(score(start), 0, 0, start)]
        self.positions = counted
        self.last = UNLIMITED if most == UNLIMITED else counted + most
        self.nodes: list[P] | None = [start] if keep else None

    @property
    def count(self) -> int:
        """The positions met (the first not counted)."""
        return self.positions

    @property
    def waiting(self) -> int:
        """The positions met and not yet expanded."""
        return len(self.heap)

    def run(self, budget: Budget, until: int = UNLIMITED, elsewhere: int = 0) -> tuple[Status, list[S] | None, str]:
        """Expand until a win (SOLVED, with the steps from the first position), nothing left to
        expand (UNSOLVABLE), `until` positions met (UNKNOWN, no reason: the turn is over) or the
        budget spent (UNKNOWN with its reason); `elsewhere` is the positions other searches met."""
        parents, paths, depths, seen, heap = self.parents, self.paths, self.depths, self.seen, self.heap
        children, key, score, won = self.children, self.key, self.score, self.won
        weight, jitter, nodes, last = self.depth_weight, self.jitter, self.nodes, self.last
        sign = -1 if self.newest_first else 1
        positions = self.positions
        room = budget.room(elsewhere)
        pacer = Pacer()
        try:
            while heap:
                if positions >= last:
                    return Status.UNKNOWN, None, ""
                node, position = heapq.heappop(heap)[2:]
                depth = depths[node]
                for steps, child in children(position):
                    k = key(child)
                    if k in seen:
                        continue
                    if positions >= room:
                        return Status.UNKNOWN, None, POSITION_LIMIT
                    seen.add(k)
                    positions += 1
                    parents.append(node)
                    paths.append(steps)
                    depths.append(depth + len(steps))
                    if nodes is not None:
                        nodes.append(child)
                    if won(child):
                        return Status.SOLVED, path_to(parents, paths, len(parents) - 1), ""
                    value = score(child) + weight * depths[-1]
                    if jitter:
                        value += jitter[positions & JITTER_MASK]
                    heapq.heappush(heap, (value, sign * positions, len(parents) - 1, child))
                halt = pacer.due(budget, positions, until, elsewhere)
                if halt is not None:
                    return halt
            return Status.UNSOLVABLE, None, ""
        finally:
            self.positions = positions


def default_score(state: State) -> int:
    """Cards not yet on a foundation and cards face down, both worth getting rid of."""
    home = sum(len(pile) for pile in state.foundations)
    return 4 * (52 - home) + 3 * sum(state.hidden) + sum(1 for c in state.cells if c is not None)


class ModelMoves:
    """The model's moves as a search's children: each legal move, then the moves `forced` names
    after it (none when it is None), as one step; a position `hopeless` names has none."""

    def __init__(self, rules: Rules, forced: Forced | None, hopeless: Hopeless | None = None) -> None:
        self.rules, self.forced, self.hopeless = rules, forced, hopeless

    def settle(self, s: State, done: list[Move]) -> State:
        """The position once the forced moves are made from `s`, each added to `done`."""
        forced, rules = self.forced, self.rules
        if forced is not None:
            while (m := forced(s)) is not None:
                s = rules.perform(s, m)
                done.append(m)
        return s

    def children(self, s: State) -> Iterator[tuple[list[Move], State]]:
        """None for a position `hopeless` names: asked here, once for each position expanded, rather
        than of every child, where a child met before would be asked again."""
        rules = self.rules
        if self.hopeless is not None and self.hopeless(s):
            return
        for move in rules.legal_moves(s):
            done = [move]
            yield done, self.settle(rules.perform(s, move), done)


class Hopeful:
    """A search that leaves moves out (safe moves made where they may not be safe, say), run beside
    the exact one: its wins are real, but its running dry proves nothing, so it then gives back each
    turn at once and leaves the verdict to the exact search."""

    def __init__(self, search: Search) -> None:
        self.search, self.dry = search, False

    @property
    def count(self) -> int:
        return self.search.count

    def run(self, budget: Budget, until: int, elsewhere: int) -> Outcome:
        if not self.dry:
            status, found, reason = self.search.run(budget, until, elsewhere)
            if status is not Status.UNSOLVABLE:
                return status, found, reason
            self.dry = True
        return Status.UNKNOWN, None, ""


# A search that takes turns beside the best-first ones (a game's own way to find wins, which may
# leave moves out): made from the model's moves, the first position and the moves that led to it.
Beside = Callable[[ModelMoves, State, list[Move]], Search]


def solve_generic(
    rules: Rules,
    state: State,
    budget: Budget,
    *,
    score: Score = default_score,
    forced: Forced | None = None,
    key: Key = lambda s: s,
    weight: int = 1,
    safe_moves: bool = False,
    beside: Beside | None = None,
    hopeless: Hopeless | None = None,
) -> SolveResult:
    """Weighted best-first over the model's own moves; UNSOLVABLE only when every position was seen.

    `forced` names a move that can be made at once without losing anything (it is then the only
    child; `safe_moves` takes the rules' safe auto-play for it), `key` maps a position to what makes
    it distinct (a canonical form), `score` guides, and each move made costs `weight` more. `beside`
    makes one more search to take turns with it, which may win but never proves a loss
    (`solver.staged`'s). `hopeless` names positions the family proves cannot be won: they are not
    expanded, so a search that runs dry still proves the deal lost.
    """
    if safe_moves and forced is None:
        forced = rules.safe_autoplay
    moves = ModelMoves(rules, forced, hopeless)
    first: list[Move] = []
    start = moves.settle(state, first)
    if rules.is_won(start):
        return verified(rules, state, first, 0, budget.elapsed())
    searches: list[Search] = [BestFirst(start, first, moves.children, key, score, rules.is_won, depth_weight=weight)]
    if beside is not None:
        searches.append(beside(moves, start, first))
    while True:
        for search in searches:
            elsewhere = sum(other.count for other in searches if other is not search)
            # one turn: until its next look at the budget (CHECK_EVERY expansions), when others wait
            until = search.count + 1 if len(searches) > 1 else UNLIMITED
            status, found, reason = search.run(budget, until, elsewhere)
            positions = elsewhere + search.count
            if status is Status.SOLVED and found is not None:
                return verified(rules, state, found, positions, budget.elapsed())
            if status is Status.UNSOLVABLE or reason:
                return SolveResult(status, (), positions, budget.elapsed(), reason)
