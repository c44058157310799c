"""The solvers: verdicts on known deals, every solution replayed through the model, cancel, CLI codes."""
from __future__ import annotations

import gc
import heapq
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from hypothesis import given, seed, settings
from hypothesis import strategies as st

from game.moves import Move
from game.session import Session
from game.solver import Status, hint, solve
from game.solver import freecell as freecell_solver
from game.solver import golf as golf_solver
from game.solver.common import Budget, collector_paused
from game.solver.generic import solve_generic
from game.variants import find_variant, rules_for

ROOT = Path(__file__).resolve().parent.parent


def rules_of(game: str):  # type: ignore[no-untyped-def]
    return rules_for(find_variant(game))


def assert_wins(game: str, deal: int, moves: tuple[Move, ...]) -> None:
    """Replay through a Session without auto-play: every move written out must be there."""
    session = Session(find_variant(game), deal, autoplay=False)
    for move in moves:
        session.play(Move.parse(move.notation))  # the notation alone carries the move
    assert session.is_won


@seed(2026)
@settings(max_examples=200)
@given(st.lists(st.one_of(st.integers(-60, 60), st.none()), max_size=200))
def test_the_freecell_queue_gives_what_a_heap_of_score_and_index_gives(steps: list[int | None]) -> None:
    """Pushes (a score) and pops (None) in any order: the bucket queue must hand out the indexes a
    heap of (score, index) hands out, lowest score first and the oldest among equals."""
    queue = freecell_solver._Queue()
    heap: list[tuple[int, int]] = []
    for index, step in enumerate(steps):
        if step is not None:
            queue.push(step, index)
            heapq.heappush(heap, (step, index))
        elif heap:
            assert queue.pop() == heapq.heappop(heap)[1]
        assert queue.size == len(heap)
    while heap:
        assert queue.pop() == heapq.heappop(heap)[1]


@pytest.mark.parametrize("game, deal", [("freecell", 1), ("freecell", 617), ("freecell", 92), ("bakers-game", 1)])
def test_freecell_family_solutions_replay_and_win(game: str, deal: int) -> None:
    result = solve(rules_of(game), rules_of(game).deal(deal), time_limit=30)
    assert result.status is Status.SOLVED
    assert result.positions > 0 and result.seconds >= 0
    assert_wins(game, deal, result.moves)


def test_freecell_solutions_are_short_and_use_supermoves() -> None:
    lengths, runs = [], 0
    for deal in range(1, 11):
        result = solve(rules_of("freecell"), rules_of("freecell").deal(deal), time_limit=30)
        assert_wins("freecell", deal, result.moves)
        lengths.append(len(result.moves))
        runs += sum(move.count > 1 for move in result.moves)
    assert sum(lengths) / len(lengths) < 120
    assert runs > 0  # supermoves are written as one move (`58v3`)


def test_freecell_11982_is_proven_unsolvable() -> None:
    result = solve(rules_of("freecell"), rules_of("freecell").deal(11982), time_limit=60)
    assert result.status is Status.UNSOLVABLE
    assert result.moves == ()


def test_bakers_game_unsolvable_deal() -> None:
    result = solve(rules_of("bakers-game"), rules_of("bakers-game").deal(49), time_limit=60)
    assert result.status is Status.UNSOLVABLE


@pytest.mark.parametrize("game, deal", [("freecell:0x8", 1), ("freecell:1x8", 4), ("freecell:1x8", 10), ("bakers-game:1x8", 2)])
def test_tiny_variants_agree_with_the_interface_only_search(game: str, deal: int) -> None:
    """The compact solver's canonical graph is the model's: same verdict, same number of positions."""
    rules = rules_of(game)
    fast = solve(rules, rules.deal(deal), time_limit=30)

    def key(s):  # type: ignore[no-untyped-def]
        return tuple(sorted(s.columns)), tuple(sorted((c for c in s.cells if c), key=lambda c: c.index))

    slow = solve_generic(rules, rules.deal(deal), Budget(None, 30, None), forced=rules.safe_autoplay, key=key)
    assert fast.status is Status.UNSOLVABLE and slow.status is Status.UNSOLVABLE
    assert fast.positions == slow.positions


def test_small_variant_solution_replays() -> None:
    result = solve(rules_of("freecell:1x8"), rules_of("freecell:1x8").deal(7), time_limit=30)
    assert result.status is Status.SOLVED
    assert_wins("freecell:1x8", 7, result.moves)


CRAFTED_STUCK = """\
Foundations: H-0 C-0 D-0 S-0
Freecells: 2C 3C 4C 5C
: AC 6C 7C 8C 9C TC JC QC KC
: AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD
: AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH
: AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS
:
:
:
:
"""

CRAFTED_UNSOLVABLE = """\
Foundations: H-0 C-0 D-0 S-0
Freecells: JD QD KD 9S
: AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C
: AD 2D 3D 4D 5D 6D 7D 8D 9D TD
: AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H
: AS 2S 3S 4S 5S 6S 7S 8S TS JS QS KS
"""


def test_crafted_position_with_no_empty_cell_is_unsolvable() -> None:
    """Four columns, full cells, the Aces buried under a whole suit: nothing useful can move."""
    rules = rules_for(find_variant("freecell:4x4"))
    state = rules.from_text(CRAFTED_UNSOLVABLE)
    result = solve(rules, state, time_limit=10)
    assert result.status is Status.UNSOLVABLE


def test_crafted_position_with_empty_columns_is_solved() -> None:
    rules = rules_of("freecell")
    state = rules.from_text(CRAFTED_STUCK)
    result = solve(rules, state, time_limit=10)
    assert result.status is Status.SOLVED
    end = state
    for move in result.moves:
        end = rules.apply(end, move)
    assert rules.is_won(end)


@pytest.mark.parametrize("game, deal, expected", [
    ("golf", 1, Status.SOLVED), ("golf", 15, Status.UNSOLVABLE), ("golf", 55, Status.UNSOLVABLE),
    ("golf-strict", 3, Status.SOLVED), ("golf-strict", 6, Status.SOLVED), ("golf-strict", 2, Status.UNSOLVABLE),
])
def test_golf_verdicts_and_replay(game: str, deal: int, expected: Status) -> None:
    """Verdicts pinned after agreeing with the earlier memo-only search on deals 1-200 of both games."""
    rules = rules_of(game)
    result = solve(rules, rules.deal(deal), time_limit=20)
    assert result.status is expected
    if expected is Status.SOLVED:
        assert_wins(game, deal, result.moves)


def golf_wins_by_brute_force(rules, state, memo: dict) -> bool:  # type: ignore[no-untyped-def]
    """The plainest search there is: every legal move of the model, every position remembered."""
    if rules.is_won(state):
        return True
    if state not in memo:
        memo[state] = False
        memo[state] = any(golf_wins_by_brute_force(rules, rules.perform(state, m), memo) for m in rules.legal_moves(state))
    return memo[state]


@settings(max_examples=60, deadline=None)
@given(game=st.sampled_from(["golf", "golf-strict"]), order=st.permutations(range(52)),
       heights=st.lists(st.integers(0, 3), min_size=7, max_size=7), stock=st.integers(0, 6))
def test_golf_solver_agrees_with_brute_force_on_small_positions(
    game: str, order: list[int], heights: list[int], stock: int,
) -> None:
    """Both phases of the Golf solver (depth-first and by levels) against a search that trusts nothing."""
    from game.cards import card_from_index
    from game.state import State

    rules = rules_of(game)
    cards = [card_from_index(i) for i in order]
    columns = []
    for height in heights:
        columns.append(tuple(cards[:height]))
        cards = cards[height:]
    start = State(tuple(columns), (), (tuple(cards[stock:]),), (0,) * 7, tuple(cards[:stock]), ())
    expected = golf_wins_by_brute_force(rules, start, {})
    for share in (golf_solver.DEPTH_FIRST_SHARE, 0):  # 0: straight to the level search
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(golf_solver, "DEPTH_FIRST_SHARE", share)
            result = solve(rules, start)
        assert result.status is (Status.SOLVED if expected else Status.UNSOLVABLE)
        if expected:
            end = start
            for move in result.moves:
                end = rules.apply(end, move)
            assert rules.is_won(end)


def test_klondike_solution_replays() -> None:
    rules = rules_of("klondike")
    result = solve(rules, rules.deal(8), time_limit=20)
    assert result.status is Status.SOLVED
    assert_wins("klondike", 8, result.moves)


def test_position_limit_gives_unknown() -> None:
    rules = rules_of("freecell")
    result = solve(rules, rules.deal(11982), max_positions=500)
    assert result.status is Status.UNKNOWN and "limit" in result.reason
    assert result.positions < 2000


class AskedEvent(threading.Event):
    """A cancel signal that also tells the test the search has begun asking it."""

    def __init__(self) -> None:
        super().__init__()
        self.asked = threading.Event()

    def is_set(self) -> bool:
        self.asked.set()
        return super().is_set()


# Slow deals (Golf 922: hundreds of thousands of positions to prove lost). The test waits for the
# search to begin asking rather than for a set time, which a fast solver could finish within.
@pytest.mark.parametrize("game, deal", [("freecell", 11982), ("golf", 922), ("klondike", 56)])
def test_cancel_from_another_thread_returns_unknown_promptly(game: str, deal: int) -> None:
    rules = rules_of(game)
    stop = AskedEvent()
    box: dict[str, object] = {}
    worker = threading.Thread(target=lambda: box.update(result=solve(rules, rules.deal(deal), cancel=stop)))
    worker.start()
    assert stop.asked.wait(timeout=5)
    cancelled_at = time.perf_counter()
    stop.set()
    worker.join(timeout=5)
    assert not worker.is_alive()
    assert time.perf_counter() - cancelled_at < 1.0
    result = box["result"]
    assert result.status is Status.UNKNOWN and result.reason == "cancelled"  # type: ignore[attr-defined]


def test_cancel_callable_is_honoured() -> None:
    rules = rules_of("freecell")
    result = solve(rules, rules.deal(11982), cancel=lambda: True)
    assert result.status is Status.UNKNOWN and result.reason == "cancelled"


def test_the_cycle_collector_rests_during_a_search_and_comes_back(monkeypatch: pytest.MonkeyPatch) -> None:
    during: list[bool] = []
    real = freecell_solver.solve_freecell

    def spy(rules, state, budget):  # type: ignore[no-untyped-def]
        during.append(gc.isenabled())
        return real(rules, state, budget)

    monkeypatch.setattr(freecell_solver, "solve_freecell", spy)
    rules = rules_of("freecell")
    assert gc.isenabled()
    assert solve(rules, rules.deal(1)).status is Status.SOLVED
    assert during == [False] and gc.isenabled()


def test_the_collector_comes_back_after_a_failure_but_a_caller_s_off_stays_off() -> None:
    with pytest.raises(RuntimeError), collector_paused():
        raise RuntimeError("a search that fails")
    assert gc.isenabled()
    gc.disable()
    try:
        rules = rules_of("freecell")
        solve(rules, rules.deal(1))
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_hint_is_a_legal_first_move_and_none_when_nothing_helps() -> None:
    rules = rules_of("freecell")
    state = rules.deal(1)
    move = hint(rules, state)
    assert move is not None
    rules.apply(state, move)  # raises when illegal
    stuck = rules_for(find_variant("freecell:0x8"))
    assert hint(stuck, stuck.deal(1)) is None  # proven lost: no move helps


def test_hint_falls_back_to_a_heuristic_move_when_time_is_short() -> None:
    rules = rules_of("freecell")
    state = rules.deal(11982)
    move = hint(rules, state, time_limit=0.01)
    assert move is not None
    rules.apply(state, move)


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(ROOT / "main.py"), "solve", *args],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)


def test_cli_solves_a_deal_and_prints_notation() -> None:
    done = run_cli("--game", "freecell", "--deal", "1")
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert lines[-1].startswith("# solved in") and "positions" in lines[-1]
    state = rules_of("freecell").deal(1)
    for line in lines[:-1]:
        state = rules_of("freecell").apply(state, Move.parse(line))
    assert rules_of("freecell").is_won(state)


def test_cli_exit_codes(tmp_path: Path) -> None:
    board = tmp_path / "stuck.txt"
    board.write_text(CRAFTED_UNSOLVABLE)
    assert run_cli("--game", "freecell:4x4", "--board", str(board)).returncode == 1
    # a count: the proof takes 0.4 s, a time limit would race it
    assert run_cli("--deal", "11982", "--max-positions", "1000").returncode == 3
    bad = tmp_path / "bad.txt"
    bad.write_text("this is not a board\n")
    done = run_cli("--board", str(bad))
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1
    assert run_cli("--board", str(tmp_path / "missing.txt")).returncode == 2
    assert run_cli("--game", "freecell").returncode == 2
