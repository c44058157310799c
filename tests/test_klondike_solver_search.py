"""How the Klondike search orders and shares its work: its queues (`Buckets`) take positions in the
order the heaps before them did, the noisy series stop at `series_until`, the easier game's
search going on, and from PROOF_FROM positions the main search takes the newest first, unscored.
None may change a verdict: only which position comes next, and when."""
from __future__ import annotations

import heapq

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.solver import Status, replay, solve
from game.solver import klondike as klondike_solver
from game.solver.common import Budget
from game.solver.klondike import Buckets
from game.solver.klondike_position import Space
from game.solver.portfolio import portfolio
from game.state import State
from game.variants import find_variant, rules_for
from tests.test_klondike_solver import end_games, every_position_verdict

# A run of queue operations: a score to add the next node with, or None to take one.
OPERATIONS = st.lists(st.one_of(st.none(), st.integers(0, 40)), max_size=300)


@given(operations=OPERATIONS, newest_first=st.booleans())
def test_the_queue_takes_nodes_in_the_order_of_a_heap_of_score_and_age(operations: list[int | None],
                                                                      newest_first: bool) -> None:
    """Lowest score first; among equal scores the newest node (or the oldest), nodes being added
    in the order they are met, as the search adds them."""
    queue = Buckets(newest_first)
    heap: list[tuple[int, int]] = []
    node = 0
    for score in operations:
        if score is None:
            expected = heapq.heappop(heap)[1] if heap else None
            taken = queue.pop()
            assert taken == (-1 if expected is None else (-expected if newest_first else expected))
        else:
            queue.push(score, node)
            heapq.heappush(heap, (score, -node if newest_first else node))
            node += 1
    assert sorted(queue.entries()) == sorted((score, -key if newest_first else key) for score, key in heap)


class Counting:
    """A search that meets the positions it is allowed and answers `status` at `at` positions."""

    def __init__(self, status: Status, at: int) -> None:
        self.status, self.at, self.count = status, at, 0

    def run(self, budget: Budget, until: int, elsewhere: int) -> tuple[Status, object, str]:
        self.count = min(max(until, self.count + 1), self.at)
        return (self.status if self.count >= self.at else Status.UNKNOWN), None, ""


def test_the_noisy_series_stop_once_the_main_search_has_met_series_until_positions() -> None:
    """They get a fifth of the main search's positions until it passes 3,000, and none after; the
    easier game's search keeps its share to the end, since its running dry would be a proof."""
    series: list[Counting] = []

    def make(_jitter: tuple[int, ...]) -> Counting:
        series.append(Counting(Status.UNKNOWN, 10**9))
        return series[-1]

    main = Counting(Status.UNSOLVABLE, 20_000)
    easier = Counting(Status.UNKNOWN, 10**9)
    status, _, _, positions = portfolio(main, [make], Budget(), alone=10, share=5, noise=4, restart=10**6,
                                        relaxed=easier, relaxed_ratio=1, series_until=3_000)
    assert status is Status.UNSOLVABLE and main.count == 20_000
    met = sum(one.count for one in series)
    assert 3_000 * 2 // 3 // 5 <= met < 3_000 // 5
    assert easier.count >= 20_000 * 2 // 3
    assert positions == 20_000 + met + easier.count


def test_with_the_series_stopped_and_the_proof_begun_early_every_verdict_stays(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Draw-3 deals, won and lost, with the series stopped and the main search digging unscored after
    its first 2,000 positions: the same verdicts as with the series to the end, and the wins replay."""
    rules = rules_for(find_variant("klondike3-nfr"))
    deals = (1, 2, 17, 56)
    verdicts = [[solve(rules, rules.deal(deal), max_positions=60_000).status for deal in deals]]
    monkeypatch.setattr(klondike_solver, "PROOF_FROM", 2_000)
    results = [solve(rules, rules.deal(deal), max_positions=60_000) for deal in deals]
    verdicts.append([result.status for result in results])
    assert verdicts[0] == verdicts[1]
    assert Status.SOLVED in verdicts[0] and Status.UNSOLVABLE in verdicts[0]
    for deal, result in zip(deals, results):
        if result.status is Status.SOLVED:
            assert rules.is_won(replay(rules, rules.deal(deal), result.moves))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(["klondike", "klondike-draw3", "klondike3-nfr"]), start=end_games(),
       proof_from=st.integers(1, 300))
def test_a_search_digging_unscored_from_any_point_gives_the_verdict_of_one_that_leaves_nothing_out(
        game: str, start: State, proof_from: int) -> None:
    """The switch may come with any positions waiting; none may be lost, and a win still replays."""
    rules = rules_for(find_variant(game))
    truth = every_position_verdict(rules, start)
    if truth is None:
        return
    with pytest.MonkeyPatch.context() as patch:  # not the fixture: Hypothesis runs many examples
        patch.setattr(klondike_solver, "PROOF_FROM", proof_from)
        result = solve(rules, start, max_positions=200_000)
    assert result.status is (Status.SOLVED if truth else Status.UNSOLVABLE), rules.to_text(start)
    if truth:
        assert rules.is_won(replay(rules, start, result.moves))


def test_digging_unscored_takes_first_the_position_the_first_queue_would_have() -> None:
    """`_prove` keeps every position waiting, and the one taken next is the first queue's next."""
    rules = rules_for(find_variant("klondike3-nfr"))
    space = Space(rules.variant.params.draw, rules.variant.params.foundation_return)
    start, first = klondike_solver._settled(rules.deal(429), space)
    search = klondike_solver._BestFirst(space, klondike_solver.Scorer(), start, tuple(first),
                                        klondike_solver.WEIGHTS, widen_at=100)
    search.run(Budget(), 3_000, 0)
    waiting = {(score, node) for score, node in search.queues[0].entries() if not search.expanded[node]}
    assert len(waiting) > 100
    search._prove()
    assert len(search.queues) == 1
    assert sorted(node for _, node in search.queues[0].entries()) == sorted(node for _, node in waiting)
    assert search.queues[0].pop() == min(waiting, key=lambda entry: (entry[0], -entry[1]))[1]
