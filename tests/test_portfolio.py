"""The portfolio of searches (game/solver/portfolio.py): whose answer counts."""
from __future__ import annotations

import threading
from collections.abc import Callable
from functools import partial
from typing import Any

from game.solver.common import POSITION_LIMIT, Budget, Status
from game.solver.portfolio import Capped, Relaxation, portfolio


class Scripted:
    """A search that answers `status` once it has met `at` positions."""

    def __init__(self, status: Status, at: int) -> None:
        self.status, self.at, self.count, self.turns = status, at, 0, 0

    def run(self, budget: Budget, until: int, elsewhere: int) -> tuple[Status, object, str]:
        self.turns += 1
        self.count = min(max(until, self.count + 1), self.at)
        if self.count >= self.at:
            return self.status, ["a line"] if self.status is Status.SOLVED else None, ""
        return Status.UNKNOWN, None, ""


def never_noisy(_jitter: tuple[int, ...]) -> Scripted:
    return Scripted(Status.UNKNOWN, 10**9)


def test_a_relaxation_that_runs_dry_proves_the_real_game_lost() -> None:
    main = Scripted(Status.SOLVED, 10**6)
    status, path, _, _ = portfolio(main, [never_noisy], Budget(), alone=10, share=10, noise=4, restart=100,
                                   relaxed=Scripted(Status.UNSOLVABLE, 50), relaxed_ratio=1)
    assert status is Status.UNSOLVABLE and path is None
    assert main.count < 10**6


def test_the_relaxation_meets_its_ratio_of_the_main_search_positions() -> None:
    """With a ratio of 2 the easier game's search keeps twice the main search's positions, so its
    proof over 3,000 positions answers when the main search has met about 1,500."""
    for ratio, main_at_answer in ((1, 3_000), (2, 1_500)):
        main = Scripted(Status.SOLVED, 10**6)
        status, _, _, positions = portfolio(main, [never_noisy], Budget(), alone=10, share=10**6, noise=4,
                                            restart=100, relaxed=Scripted(Status.UNSOLVABLE, 3_000), relaxed_ratio=ratio)
        assert status is Status.UNSOLVABLE
        assert main_at_answer <= main.count < main_at_answer * 3 // 2 + 10
        assert positions == main.count + 3_000


def test_a_win_in_the_relaxation_is_no_answer_and_ends_its_turns() -> None:
    easier = Scripted(Status.SOLVED, 30)
    relaxation = Relaxation(easier)
    assert relaxation.run(Budget(), 100, 0) == (Status.UNKNOWN, None, "")
    assert relaxation.run(Budget(), 200, 0) == (Status.UNKNOWN, None, "")
    assert easier.turns == 1
    main = Scripted(Status.UNSOLVABLE, 5_000)
    status, _, _, positions = portfolio(main, [never_noisy], Budget(), alone=10, share=10, noise=4,
                                        restart=100, relaxed=Scripted(Status.SOLVED, 30), relaxed_ratio=1)
    assert status is Status.UNSOLVABLE and main.count == 5_000
    assert positions < 5_000 + 30 + 5_000 // 10 + 10


def test_each_noisy_series_is_made_by_its_own_factory() -> None:
    made: list[str] = []

    def factory(name: str) -> Callable[[tuple[int, ...]], Scripted]:
        def make(_jitter: tuple[int, ...]) -> Scripted:
            made.append(name)
            return Scripted(Status.UNKNOWN, 10**9)
        return make

    main = Scripted(Status.UNSOLVABLE, 5_000)
    status, _, _, _ = portfolio(main, [factory("first"), factory("second")], Budget(), alone=10, share=10,
                                noise=4, restart=100)
    assert status is Status.UNSOLVABLE
    # each series restarts every 100 of its positions, up to a tenth of the main search's 5,000
    assert made.count("first") == made.count("second") >= 4


def test_the_other_searches_skip_their_turns_while_the_main_search_closes_in() -> None:
    """While the main search's positions waiting to be expanded fall, it is running dry towards a
    proof, which the other searches' positions would only put off; while they grow, the others
    take their turns."""
    for waiting_of, others_take_turns in ((lambda count: count, True), (lambda count: 10**6 - count, False)):
        series: list[Scripted] = []

        def make(_jitter: tuple[int, ...], series: list[Scripted] = series) -> Scripted:
            series.append(Scripted(Status.UNKNOWN, 10**9))
            return series[-1]

        main = Scripted(Status.UNSOLVABLE, 5_000)
        easier = Scripted(Status.UNKNOWN, 10**9)
        waiting = partial(lambda of, search: of(search.count), waiting_of, main)
        status, _, _, positions = portfolio(main, [make], Budget(), alone=10, share=10, noise=4, restart=10**6,
                                            relaxed=easier, relaxed_ratio=1, waiting=waiting)
        assert status is Status.UNSOLVABLE and main.count == 5_000
        met = sum(one.count for one in series)
        assert positions == 5_000 + met + easier.count
        if others_take_turns:
            # a tenth of the main search's positions at its last turn, and as many as it for the easier game
            assert met >= 5_000 * 2 // 3 // 10 and easier.count >= 5_000 * 2 // 3
        else:
            assert met <= 1 and easier.count <= 10  # only the first turn, before there was a fall to see


def test_a_search_beside_answers_with_its_win_or_its_proof() -> None:
    for answer in (Status.SOLVED, Status.UNSOLVABLE):
        main = Scripted(Status.SOLVED, 10**6)
        status, path, _, _ = portfolio(main, [never_noisy], Budget(), alone=10, share=10, noise=4, restart=100,
                                       beside=Scripted(answer, 400))
        assert status is answer and (path is not None) == (answer is Status.SOLVED)
        assert main.count < 10**6


def test_the_search_beside_meets_its_share_and_keeps_its_turns_while_the_main_search_closes_in() -> None:
    """With a share of 3 to 2 the search beside keeps one and a half times the main search's
    positions, also while the main search's positions waiting fall (the noisy series skip then)."""
    for waiting_of in (lambda count: count, lambda count: 10**6 - count):
        series: list[Scripted] = []

        def make(_jitter: tuple[int, ...], series: list[Scripted] = series) -> Scripted:
            series.append(Scripted(Status.UNKNOWN, 10**9))
            return series[-1]

        main = Scripted(Status.SOLVED, 10**6)
        beside = Scripted(Status.UNSOLVABLE, 3_000)
        waiting = partial(lambda of, search: of(search.count), waiting_of, main)
        status, _, _, _ = portfolio(main, [make], Budget(), alone=10, share=1, noise=4, restart=10**6,
                                    waiting=waiting, beside=beside, beside_share=(3, 2))
        assert status is Status.UNSOLVABLE
        assert 2_000 <= main.count < 2_000 * 3 // 2 + 10


def test_a_capped_search_takes_no_turn_past_its_most_positions() -> None:
    """Issue 52: a search that keeps every position it met holds memory by the count, so a portfolio
    caps it; the others go on, and the budget decides when all stop."""
    kept = Scripted(Status.UNSOLVABLE, 10**9)
    capped = Capped(kept, 2_000)
    assert capped.run(Budget(), 10**6, 0) == (Status.UNKNOWN, None, "")
    assert kept.count == 2_000
    turns = kept.turns
    assert capped.run(Budget(), 10**6, 0) == (Status.UNKNOWN, None, "")
    assert kept.turns == turns and kept.count == 2_000
    main = Scripted(Status.SOLVED, 50_000)
    status, _, _, _ = portfolio(main, [never_noisy], Budget(), alone=10, share=10**6, noise=4, restart=100,
                                beside=capped, beside_share=(4, 1))
    assert status is Status.SOLVED and kept.count == 2_000


class Spending(Scripted):
    """A search that never answers, meeting positions until its turn ends or the budget's position
    limit is reached (as a real search asks the budget inside its turn)."""

    def __init__(self) -> None:
        super().__init__(Status.UNKNOWN, 10**9)

    def run(self, budget: Budget, until: int, elsewhere: int) -> tuple[Status, object, str]:
        self.turns += 1
        room = budget.room(elsewhere)
        self.count = min(max(until, self.count + 1), room)
        return Status.UNKNOWN, None, POSITION_LIMIT if self.count >= room else ""


class Dry(Scripted):
    """A search with nothing left to meet that proves nothing (a bold search run dry)."""

    def __init__(self) -> None:
        super().__init__(Status.UNKNOWN, 10**9)

    def run(self, budget: Budget, until: int, elsewhere: int) -> tuple[Status, object, str]:
        self.turns += 1
        return Status.UNKNOWN, None, ""


def within_seconds(search: Callable[[], Any], seconds: float = 20.0) -> Any:
    """The search's answer, failing (not hanging the suite) when it has none within `seconds`."""
    answers: list[Any] = []
    worker = threading.Thread(target=lambda: answers.append(search()), daemon=True)
    worker.start()
    worker.join(seconds)
    assert answers, f"no answer within {seconds} s: the portfolio goes round without end"
    return answers[0]


def test_a_capped_main_search_leaves_the_others_the_budget() -> None:
    """Forty Thieves at 240 s: once its exact search had met its most positions and the bold one its
    share of them, no search took a turn and none asked the budget, so the solve went round for ever.
    The others now go on by themselves until the budget stops them."""
    main = Capped(Scripted(Status.UNSOLVABLE, 10**9), 2_000)
    beside = Spending()
    status, path, reason, positions = within_seconds(lambda: portfolio(
        main, [], Budget(max_positions=50_000), alone=10, noise=4, restart=100, beside=beside, beside_share=(2, 1)))
    assert (status, path, reason) == (Status.UNKNOWN, None, POSITION_LIMIT)
    assert main.count == 2_000 and positions == 50_000 and beside.count == 48_000


def test_when_no_search_can_go_on_the_portfolio_answers_not_known() -> None:
    main = Capped(Scripted(Status.UNSOLVABLE, 10**9), 2_000)
    beside = Dry()
    status, path, reason, positions = within_seconds(lambda: portfolio(
        main, [], Budget(), alone=10, noise=4, restart=100, beside=beside, beside_share=(2, 1)))
    assert (status, path, reason, positions) == (Status.UNKNOWN, None, "", 2_000)
