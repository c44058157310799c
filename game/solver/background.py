"""Deciding, in the background, whether the position on the table can still be won.

The window asks after every move and must never wait: one worker thread searches the newest
position only, a newer request cancels the search under way, and answers are kept per position so
undoing to a known position answers at once. Standard library only; the view polls `answer`.
"""
from __future__ import annotations

import sys
import threading
from collections import OrderedDict

from ..rules import Rules
from . import SolveResult, Status, solve
from ..state import State

REMEMBERED = 512  # answers kept, newest first; a game rarely has more positions worth recalling


class WinnabilityWatcher:
    def __init__(self, rules: Rules, time_limit: float = 4.0, max_positions: int | None = None) -> None:
        """`time_limit` bounds each search (and with it the memory it takes); a hard Golf deal needs
        over a million positions to settle, so by default there is no position limit."""
        self.rules = rules
        self.time_limit = time_limit
        self.max_positions = max_positions
        self._answers: OrderedDict[State, SolveResult] = OrderedDict()
        self._lock = threading.Lock()
        self._wake = threading.Condition(self._lock)
        self._wanted: State | None = None
        self._searching: State | None = None
        self._cancel = threading.Event()
        self._closed = False
        self._fresh = False
        # A pure-Python search holds the GIL in long stretches; a short switch interval keeps the
        # frame loop's waits for it to a millisecond or so.
        sys.setswitchinterval(0.001)
        self._thread = threading.Thread(target=self._work, name="winnability", daemon=True)
        self._thread.start()

    def request(self, state: State) -> None:
        """Ask about `state`; any search of an older position is abandoned."""
        with self._lock:
            if state in self._answers or state == self._searching:
                return
            if self._searching is not None:
                self._cancel.set()
            self._wanted = state
            self._wake.notify()

    def answer(self, state: State) -> SolveResult | None:
        """What is known of `state` (None while it is still being searched or was never asked)."""
        with self._lock:
            return self._answers.get(state)

    def is_searching(self, state: State) -> bool:
        with self._lock:
            return state in (self._searching, self._wanted) and state not in self._answers

    def take_news(self) -> bool:
        """True once after each new answer, so the view redraws only when something was learned."""
        with self._lock:
            fresh, self._fresh = self._fresh, False
            return fresh

    def close(self) -> None:
        with self._lock:
            self._closed = True
            self._cancel.set()
            self._wake.notify()
        self._thread.join(timeout=2)

    def _work(self) -> None:
        while True:
            with self._lock:
                while self._wanted is None and not self._closed:
                    self._wake.wait()
                if self._closed:
                    return
                state, self._wanted = self._wanted, None
                self._searching = state
                self._cancel.clear()
            try:
                result = solve(self.rules, state, time_limit=self.time_limit, max_positions=self.max_positions, cancel=self._cancel)
            except Exception as error:  # a solver fault must not silence every later answer
                result = SolveResult(Status.UNKNOWN, reason=f"the solver failed: {error}")
            with self._lock:
                self._searching = None
                cancelled = self._cancel.is_set()
                if not (cancelled and result.status is Status.UNKNOWN):
                    self._answers[state] = result
                    self._answers.move_to_end(state)
                    while len(self._answers) > REMEMBERED:
                        self._answers.popitem(last=False)
                    self._fresh = True
