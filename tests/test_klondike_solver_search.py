"""How the Klondike search orders and shares its work: its queues (`Buckets`) take positions in the
order the heaps before them did, and the noisy series stop at `series_until`, the easier game's
search going on. Neither may change a verdict: only which position comes next, and when."""
from __future__ import annotations

import heapq

from hypothesis import given
from hypothesis import strategies as st

from game.solver import Status, solve
from game.solver import klondike as klondike_solver
from game.solver.common import Budget
from game.solver.klondike import Buckets
from game.solver.portfolio import portfolio
from game.variants import find_variant, rules_for

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


def test_with_the_series_stopped_early_every_verdict_stays(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Draw-3 deals, won and lost, with the series stopped after the main search's first 2,000
    positions: the same verdicts as with the series to the end."""
    rules = rules_for(find_variant("klondike3-nfr"))
    deals = (1, 2, 17, 56)
    verdicts = [[solve(rules, rules.deal(deal), max_positions=60_000).status for deal in deals]]
    monkeypatch.setattr(klondike_solver, "SERIES_UNTIL", 2_000)
    verdicts.append([solve(rules, rules.deal(deal), max_positions=60_000).status for deal in deals])
    assert verdicts[0] == verdicts[1]
    assert Status.SOLVED in verdicts[0] and Status.UNSOLVABLE in verdicts[0]
