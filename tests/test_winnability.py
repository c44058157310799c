"""The background check answers without blocking, in a worker process of its own: a newer request
cancels an older search, a dead worker is answered "not known" and replaced, and every start method
works."""
from __future__ import annotations

import os
import signal
import threading
import time

import pytest

from game.solver import Status
from game.solver.background import WinnabilityWatcher
from game.variants import find_variant, rules_for

# A search that is surely still under way when these tests look: FreeCell with two cells and six
# columns, deal 13, is proven lost only after 657,528 positions, some 6 s of CPU (deal 11982 of
# FreeCell itself takes 0.4 s now, too close to the tests' fractions of a second).
LONG_GAME, LONG_DEAL = "freecell:2x6", 13
QUICK_DEAL = 2  # of the same game: proven lost in 44 positions


def wait_for(watcher: WinnabilityWatcher, state, seconds: float = 20.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        answer = watcher.answer(state)
        if answer is not None:
            return answer
        time.sleep(0.01)
    raise AssertionError("no answer in time")


def test_a_winnable_deal_is_found_winnable_in_the_background() -> None:
    rules = rules_for(find_variant("freecell"))
    watcher = WinnabilityWatcher(rules)
    try:
        state = rules.deal(1)
        started = time.monotonic()
        watcher.request(state)
        assert time.monotonic() - started < 0.05  # asking never waits for the search
        answer = wait_for(watcher, state)
        assert answer.status is Status.SOLVED
        assert watcher.take_news() is True and watcher.take_news() is False
        # The solution really wins: replayed through the model.
        for move in answer.moves:
            state = rules.apply(state, move)
        assert rules.is_won(state)
    finally:
        watcher.close()


def test_a_lost_golf_position_is_reported_unsolvable() -> None:
    rules = rules_for(find_variant("golf"))
    watcher = WinnabilityWatcher(rules)
    try:
        for deal in range(1, 200):  # a deal that dealing alone leaves with no card to play
            state = rules.deal(deal)
            while (move := rules.stock_move(state)) is not None:
                state = rules.perform(state, move)
            if rules.is_lost(state):
                break
        assert rules.is_lost(state)
        watcher.request(state)
        assert wait_for(watcher, state).status is Status.UNSOLVABLE
    finally:
        watcher.close()


def test_a_newer_request_abandons_the_older_search() -> None:
    rules = rules_for(find_variant(LONG_GAME))
    watcher = WinnabilityWatcher(rules, cpu_limit=30, max_positions=10**9)
    try:
        hard = rules.deal(LONG_DEAL)
        watcher.request(hard)
        time.sleep(0.2)
        easy = rules.deal(QUICK_DEAL)
        started = time.monotonic()
        watcher.request(easy)
        answer = wait_for(watcher, easy)
        assert answer.status is Status.UNSOLVABLE
        assert time.monotonic() - started < 15
        assert watcher.answer(hard) is None  # the abandoned search left no false answer behind
    finally:
        watcher.close()


def test_the_search_runs_in_another_process_and_wakes_the_listener() -> None:
    rules = rules_for(find_variant("freecell"))
    woken = threading.Event()
    watcher = WinnabilityWatcher(rules, on_answer=woken.set)
    try:
        assert watcher.worker_pid not in (None, os.getpid())
        state = rules.deal(1)
        watcher.request(state)
        assert woken.wait(20)  # called after the answer is stored, on a thread of this process
        assert watcher.answer(state).status is Status.SOLVED
    finally:
        watcher.close()
    assert not watcher._worker.is_alive()  # stopped with the window


@pytest.mark.parametrize("method", ["spawn", "forkserver"])
def test_every_start_method_works_and_the_worker_is_reused(method: str) -> None:
    rules = rules_for(find_variant("golf"))
    watcher = WinnabilityWatcher(rules, start_method=method)
    try:
        pid = watcher.worker_pid
        for deal in (1, 2):
            watcher.request(rules.deal(deal))
            assert wait_for(watcher, rules.deal(deal)).status in (Status.SOLVED, Status.UNSOLVABLE)
        assert watcher.worker_pid == pid  # one process for the whole game
    finally:
        watcher.close()


def test_a_dead_worker_is_reported_not_known_and_replaced() -> None:
    rules = rules_for(find_variant(LONG_GAME))
    watcher = WinnabilityWatcher(rules, cpu_limit=60, max_positions=10**9)
    try:
        hard = rules.deal(LONG_DEAL)  # under way when the worker dies
        watcher.request(hard)
        time.sleep(0.5)
        dead = watcher.worker_pid
        os.kill(dead, signal.SIGKILL)
        answer = wait_for(watcher, hard)
        assert answer.status is Status.UNKNOWN and "stopped unexpectedly" in answer.reason
        assert watcher.take_news() is True
        easy = rules.deal(QUICK_DEAL)
        watcher.request(easy)
        assert wait_for(watcher, easy).status is Status.UNSOLVABLE
        assert watcher.worker_pid != dead
    finally:
        watcher.close()


def test_the_budget_is_cpu_time_of_the_worker() -> None:
    rules = rules_for(find_variant(LONG_GAME))
    watcher = WinnabilityWatcher(rules, cpu_limit=0.2, max_positions=None)
    try:
        hard = rules.deal(LONG_DEAL)
        watcher.request(hard)
        answer = wait_for(watcher, hard)
        assert answer.status is Status.UNKNOWN and answer.reason == "CPU time limit reached"
    finally:
        watcher.close()
