"""The beam search (`game.solver.beam`) beside Forty & Eight's and Gypsy's other searches: its wins
replay through the rules, it never claims a loss, and `portfolio.Split` shares the positions as told."""
from __future__ import annotations

from game.solver import Status
from game.solver.beam import Beam
from game.solver.common import POSITION_LIMIT, UNLIMITED, Budget, verified
from game.solver.forty_thieves import WEIGHTS, _as_move, beam_of, redeals_of, start_of
from game.solver.portfolio import Outcome, Split

from .test_forty_eight import narrow
from .test_forty_thieves_solver import SEEDS, end_game, winnable


def test_the_beams_wins_on_small_end_games_replay_and_its_running_dry_proves_nothing() -> None:
    won = dry_but_won = 0
    for seed in SEEDS:
        thieves, state = end_game(seed)
        for rules in (thieves, narrow(len(state.columns))):  # without and with Forty & Eight's redeal
            game, unsettled = start_of(rules, state, redeals_of(rules))
            first: list[tuple[int, int, int, int]] = []
            root = game.settle(unsettled, first)
            beam = beam_of(game, root, WEIGHTS)
            status, path, _reason = beam.run(Budget(), UNLIMITED, 0)
            assert status is not Status.UNSOLVABLE
            if status is Status.SOLVED:
                won += 1
                verified(rules, state, [_as_move(step) for step in first + path], 0, 0.0)  # raises unless it wins
            else:
                assert beam.dry
                dry_but_won += winnable(rules, state, set())
    assert won > 20
    assert dry_but_won > 0  # its moves leave run splits out: a dry beam misses some wins, and says only "not known"


def test_a_beam_widens_until_it_wins() -> None:
    # A line of positions 0 -> 1 -> ... -> 6, where each position also leads to a dead end that scores
    # better: a beam one wide follows the dead ends, runs dry, and wins at width 2.
    def children(position: int) -> list[tuple[list[str], int]]:
        if position < 0 or position >= 6:
            return []
        return [([f"dead {position}"], -position - 1), ([f"on {position}"], position + 1)]

    beam = Beam(0, children, lambda p: p, lambda p: p, lambda p: p == 6, 1)
    status, path, _reason = beam.run(Budget(), UNLIMITED, 0)
    assert status is Status.SOLVED and path == [f"on {n}" for n in range(6)]
    assert not beam.dry


def test_a_beam_that_keeps_everything_and_finds_no_win_stops() -> None:
    beam = Beam(0, lambda p: [(["on"], p + 1)] if p < 5 else [], lambda p: p, lambda p: p, lambda p: False, 4)
    assert beam.run(Budget(), UNLIMITED, 0) == (Status.UNKNOWN, None, "")
    assert beam.dry and beam.count == 5


def test_a_beam_keeps_a_position_limit_exactly() -> None:
    beam = Beam(0, lambda p: [(["on"], p + 1), (["off"], -p - 1)], lambda p: p, lambda p: p, lambda p: False, 3)
    assert beam.run(Budget(max_positions=5), UNLIMITED, 0) == (Status.UNKNOWN, None, POSITION_LIMIT)
    assert beam.count == 5


def test_a_beams_win_begins_with_the_steps_that_led_to_its_start() -> None:
    beam = Beam(0, lambda p: [([f"on {p}"], p + 1)], lambda p: p, lambda p: p, lambda p: p == 3, 2, first=["before"])
    status, path, _reason = beam.run(Budget(), UNLIMITED, 0)
    assert status is Status.SOLVED and path == ["before", "on 0", "on 1", "on 2"]


def test_a_beams_turn_is_at_least_as_many_positions_as_told() -> None:
    # Gypsy's beam takes turns with searches that meet thousands of positions a turn: asked for one
    # more position, it meets its own turn's worth (or runs dry first).
    endless = Beam(0, lambda p: [(["on"], p + 1), (["off"], -p - 1)], lambda p: p, lambda p: p, lambda p: False, 2, turn=5000)
    assert endless.run(Budget(), 1, 0) == (Status.UNKNOWN, None, "")
    assert endless.count >= 5000
    plain = Beam(0, lambda p: [(["on"], p + 1), (["off"], -p - 1)], lambda p: p, lambda p: p, lambda p: False, 2)
    plain.run(Budget(), 1, 0)
    assert plain.count < 5000


class Counting:
    """A search that meets positions one at a time up to its turn's end and never answers."""

    def __init__(self) -> None:
        self.count = 0

    def run(self, budget: Budget, until: int, elsewhere: int) -> Outcome:
        self.count = max(self.count, until)
        return Status.UNKNOWN, None, ""


def test_split_gives_each_search_its_share() -> None:
    one, two = Counting(), Counting()
    split = Split([one, two], (1, 2))
    split.run(Budget(), 300, 0)
    assert (one.count, two.count, split.count) == (100, 200, 300)

