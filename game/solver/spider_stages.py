"""Spider searched a deal at a time: the stock's deals cut a game into six stages.

A deal from the stock can never be taken back, and it changes every column at once, so a search
that weighs all positions against each other (best first over the whole game) keeps going back to
the stages before the deal, whose positions look better than any after it: on four-suit deals it
spent its budget without reaching the end. A player plays a stage at a time instead: before each
deal they tidy the columns as well as they can, then deal, and look back only when the game
after it goes badly. `Stages` does that:

- from a stage's first position it searches best first (`Scorer`), over `likely_steps`, for at
  most `share` positions (`final` times as many once the stock is empty, where the game must be
  won);
- every position met from which the stock may be dealt is dealt, and the positions after the deal
  are ranked by the same score: the deal's cards are known, so a position is judged by what the
  deal will make of it, not before;
- the `breadth` best, not tried before, are the next stage's first positions, tried one after
  another, depth first: a stage none of whose positions leads to a win sends the search back to
  the next choice of the stage before.

When every choice has been tried, the search starts again from the deal with one more choice a
stage and twice the positions a stage. It never proves a deal lost (it leaves moves out); the
exact search beside it does (`spider.solve_spider`). A stage's search keeps only its own positions,
and what goes on to the next stage is a handful of positions with the steps to them; a stage meets
STAGE_MOST positions at most however wide the search has grown, so the memory a search holds stays
bounded whatever its budget.

Which weights and how many positions a stage suit a deal differs from deal to deal (four-suit deal
15: undecided after 600,000 positions with 3,000 a stage, won after 80,000 with 20,000), so the
searches run as a portfolio of such searches with other shares and weights and a little noise.
"""
from __future__ import annotations

from collections.abc import Iterator

from .common import UNLIMITED, Budget, Status
from .generic import BestFirst
from .portfolio import JITTER_MASK, Outcome, path_to, stopped
from .spider_position import Position, SpiderGame, Step, key, won

NO_STEP: Step = (0, 0, 0)
CACHE_MOST = 250_000  # a scorer's remembered columns, before it forgets them all (a few tens of MB)
STAGE_MOST = 400_000  # a stage's positions at most, whatever the widening: a stage's memory (about 200 MB)

Weights = tuple[int, int, int, int, int]  # a face-down card, a suit break, a rank break, an empty column, a run home


class Scorer:
    """A position's score, lower being better: each face-down card, each face-up card lying on a
    card one rank above of another suit (a break in suit: the two move apart), each lying on any
    other card (a break in rank), less each empty column and each run home. A column's part is
    kept by column, so a child costs the one or two columns its move changed."""

    def __init__(self, weights: Weights) -> None:
        self.hidden, self.suit_break, self.rank_break, self.empty, self.home = weights
        self.cache: dict[bytes, int] = {}

    def column(self, pile: bytes) -> int:
        known = self.cache.get(pile)
        if known is not None:
            return known
        hidden = pile[0]
        if len(pile) == 1:
            score = -self.empty
        else:
            score = self.hidden * hidden
            for at in range(2 + hidden, len(pile)):
                lower, upper = pile[at - 1], pile[at]
                if upper != lower - 1:
                    score += self.suit_break if (upper & 15) == (lower & 15) - 1 else self.rank_break
        if len(self.cache) >= CACHE_MOST:
            self.cache.clear()
        self.cache[pile] = score
        return score

    def position(self, position: Position) -> int:
        total = -self.home * position[2]
        for pile in position[0]:
            total += self.column(pile)
        return total


class _Frame:
    """A stage's first positions to try, each with the steps to it from the stage before's, and
    how many were tried."""

    def __init__(self, choices: list[tuple[list[Step], Position]]) -> None:
        self.choices = choices
        self.next = 0


class Stages:
    """The search a stage at a time (the module's note), run a slice at a time (`portfolio.Search`)."""

    def __init__(
        self, game: SpiderGame, start: Position, scorer: Scorer, *,
        share: int, breadth: int, final: int, jitter: tuple[int, ...] = (),
    ) -> None:
        self.game, self.start, self.scorer = game, start, scorer
        self.share, self.breadth, self.final = share, breadth, final
        self.jitter = jitter
        self.positions = 0
        self.stack = [_Frame([([], start)])]
        self.tried: set[bytes] = set()  # the keys of the positions after a deal tried already

    @property
    def count(self) -> int:
        return self.positions

    def run(self, budget: Budget, until: int, elsewhere: int) -> Outcome:
        """Stages one after another until a win (SOLVED, with the steps, some of them natural
        sequences: `SpiderGame.atomic`), `until` positions met or the budget spent (UNKNOWN)."""
        while True:
            stack = self.stack
            if not stack:
                self._widen()
                continue
            frame = stack[-1]
            if frame.next >= len(frame.choices):
                stack.pop()
                continue
            position = frame.choices[frame.next][1]
            frame.next += 1
            steps, choices, reason = self._stage(position, budget, elsewhere)
            if steps is not None:
                return Status.SOLVED, self._path() + steps, ""
            if reason:
                return Status.UNKNOWN, None, reason
            if choices:
                stack.append(_Frame(choices))
            halt = stopped(budget, self.positions, until, elsewhere)
            if halt is not None:
                return halt

    def _widen(self) -> None:
        """Every choice has been tried: again from the deal, wider."""
        self.breadth += 1
        self.share *= 2
        self.tried = set()
        self.stack = [_Frame([([], self.start)])]

    def _path(self) -> list[Step]:
        """The steps from the deal to the stage being searched."""
        steps: list[Step] = []
        for frame in self.stack:
            steps += frame.choices[frame.next - 1][0]
        return steps

    def _stage(
        self, start: Position, budget: Budget, elsewhere: int,
    ) -> tuple[list[Step] | None, list[tuple[list[Step], Position]], str]:
        """One stage's search, best first without the stock's deal: the steps to a win found in it,
        else the next stage's first positions (none once the stock is empty), and why it stopped when
        the budget did."""
        game = self.game

        def children(position: Position) -> Iterator[tuple[list[Step], Position]]:
            for step in game.likely_steps(position):
                if step[0] >= 0:  # the deal ends the stage: taken by `_choices`
                    yield [step], game.play(position, step)

        left = start[1]
        search = BestFirst(
            start, [], children, key, self.scorer.position, won, jitter=self.jitter, counted=self.positions,
            most=min(self.share if left else self.share * self.final, STAGE_MOST), keep=True,
        )
        status, steps, reason = search.run(budget, UNLIMITED, elsewhere)
        self.positions = search.count
        if status is Status.SOLVED:
            return steps, [], ""
        if reason or not left:
            return None, [], reason
        assert search.nodes is not None  # kept, as asked
        return self._choices(search.nodes, search.parents, search.paths)

    def _choices(
        self, nodes: list[Position], parents: list[int], paths: list[list[Step]],
    ) -> tuple[list[Step] | None, list[tuple[list[Step], Position]], str]:
        """Every position of the stage from which the stock may be dealt, dealt and ranked by the
        score after the deal; the best `breadth` not tried before (or the win a deal made)."""
        game, scorer, jitter = self.game, self.scorer, self.jitter
        ranked: list[tuple[int, int, Position]] = []
        for node in range(len(nodes)):
            position = nodes[node]
            if game.may_deal(position):
                after = game.play(position, game.deal_step(position))
                if won(after):
                    return path_to(parents, paths, node) + [game.deal_step(position)], [], ""
                value = scorer.position(after)
                if jitter:
                    value += jitter[node & JITTER_MASK]
                ranked.append((value, node, after))
        ranked.sort()
        choices: list[tuple[list[Step], Position]] = []
        for _value, node, after in ranked:
            k = key(after)
            if k in self.tried:
                continue
            self.tried.add(k)
            choices.append((path_to(parents, paths, node) + [game.deal_step(nodes[node])], after))
            if len(choices) >= self.breadth:
                break
        return None, choices, ""
