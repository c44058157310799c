"""The background check answers without blocking, and a newer request cancels an older search."""
from __future__ import annotations

import time

from game.moves import FOUNDATION, Move, column
from game.variants import find_variant, rules_for
from game.solver import Status
from game.solver.background import WinnabilityWatcher


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
    rules = rules_for(find_variant("freecell"))
    watcher = WinnabilityWatcher(rules, time_limit=30, max_positions=10**9)
    try:
        hard = rules.deal(11982)  # unsolvable: a long exhaustive search
        watcher.request(hard)
        time.sleep(0.2)
        easy = rules.deal(1)
        started = time.monotonic()
        watcher.request(easy)
        answer = wait_for(watcher, easy)
        assert answer.status is Status.SOLVED
        assert time.monotonic() - started < 15
        assert watcher.answer(hard) is None  # the abandoned search left no false answer behind
    finally:
        watcher.close()
