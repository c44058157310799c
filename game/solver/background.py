"""Deciding, in the background, whether the position on the table can still be won.

The window asks after every move and must never wait, nor share its interpreter's lock with a
search: a pure-Python search holding the GIL doubles the drag's frame time. So the search runs in a
worker process, started once and reused for every position of the game. Only the newest position is
searched: the search's cancel check, asked every few hundred positions, is "has anything come down
the request pipe?", so a newer request (or the window closing, or dying) stops it at once, with no
shared lock or semaphore between the processes. Each search is bounded in CPU seconds of the worker
(or positions), never wall time, so a verdict on a loaded machine is the verdict on a quiet one.
Answers are kept per position so undoing to a known position answers at once.

In the window's process one listener thread blocks on the worker's result pipe (it holds no lock
while it waits), stores each answer and calls `on_answer`, so a window at rest need not poll. If the
worker dies, the position it was searching is answered "not known" and a fresh worker is started.
Standard library only; works with the "spawn", "forkserver" and "fork" start methods.
"""
from __future__ import annotations

import atexit
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from ..rules import Rules
from ..state import State
from . import SolveResult, Status, solve

if TYPE_CHECKING:
    import multiprocessing.connection
    from multiprocessing.context import ForkContext, ForkServerContext, SpawnContext

    # What `multiprocessing.get_context` returns for a named start method: each has `Process`,
    # which typeshed leaves off the `BaseContext` it declares for any string.
    Context = ForkContext | ForkServerContext | SpawnContext

REMEMBERED = 512  # answers kept, newest first; a game rarely has more positions worth recalling
START_METHOD = "spawn"  # the one method every platform has; the worker imports nothing of the window
CRASHED = "the solver's process stopped unexpectedly"
# CPU seconds the window gives one position's search: the budget the solver issue's Klondike target
# is measured against (`bench/solver.py`).
WINDOW_CPU_LIMIT = 4.0
CLOSE_WAIT = 0.4  # seconds each step of closing waits for the worker: the three together stay under 2 s
_LIVE: weakref.WeakSet[WinnabilityWatcher] = weakref.WeakSet()


@atexit.register
def _close_all() -> None:
    """At exit, before multiprocessing ends its daemonic children, close the watchers still open:
    otherwise their listeners would take those ends for crashes and start new workers."""
    for watcher in list(_LIVE):
        watcher.close()


def _search_forever(
    rules: Rules, requests: multiprocessing.connection.Connection, results: multiprocessing.connection.Connection,
    cpu_limit: float | None, max_positions: int | None,
) -> None:
    """The worker's loop: take the newest request, search it, send (serial, result); None ends it,
    and so does the window's end of the pipe closing."""
    while True:
        try:
            request = requests.recv()
            while request is not None and requests.poll():
                request = requests.recv()
        except EOFError:
            return
        if request is None:
            return
        serial, state = request
        try:
            result = solve(rules, state, cpu_limit=cpu_limit, max_positions=max_positions, cancel=requests.poll)
        except Exception as error:  # a solver fault must not silence every later answer
            result = SolveResult(Status.UNKNOWN, reason=f"the solver failed: {error}")
        try:
            results.send((serial, result))
        except OSError:  # the window closed its end while we searched: nobody is left to answer
            return


class WinnabilityWatcher:
    def __init__(
        self,
        rules: Rules,
        cpu_limit: float | None = WINDOW_CPU_LIMIT,
        max_positions: int | None = None,
        on_answer: Callable[[], None] | None = None,
        start_method: str = START_METHOD,
    ) -> None:
        """`cpu_limit` bounds each search in CPU seconds of the worker (and with it the memory it
        takes); a hard Golf deal needs over a million positions to settle, so by default there is no
        position limit. `on_answer` is called on a background thread of this process after each new
        answer, so a window at rest need not poll."""
        self.rules = rules
        self.cpu_limit = cpu_limit
        self.max_positions = max_positions
        self.on_answer = on_answer
        import multiprocessing  # here, not at the top: the window's first frame does not wait for it (~12 ms)

        self._context = cast("Context", multiprocessing.get_context(start_method))
        self._answers: OrderedDict[State, SolveResult] = OrderedDict()
        self._lock = threading.Lock()
        self._asked: dict[int, State] = {}  # serial -> position, for every request not yet answered
        self._serial = 0
        self._closed = False
        self._fresh = False
        self._start_worker()
        _LIVE.add(self)
        # atexit runs the newest first: multiprocessing registered its own exit (end the daemonic
        # children, then wait for them with no time limit) when the worker started, so `_close_all`
        # goes after it again, to run before it and not wait on a stopped worker.
        atexit.unregister(_close_all)
        atexit.register(_close_all)

    def _start_worker(self) -> None:
        """A fresh worker with its own pipes, and a listener thread for its results. Called with no
        request outstanding (at the start, or after the previous worker's requests were answered)."""
        requests_out, requests_in = self._context.Pipe(duplex=False)
        results_out, results_in = self._context.Pipe(duplex=False)
        self._worker = self._context.Process(
            target=_search_forever, name="winnability",
            args=(self.rules, requests_out, results_in, self.cpu_limit, self.max_positions), daemon=True,
        )
        self._worker.start()
        requests_out.close()  # only the worker reads requests and writes results: a dead worker
        results_in.close()    # then shows as end-of-file on our side instead of a silent wait
        self._requests = requests_in
        listener = threading.Thread(
            target=WinnabilityWatcher._listen, args=(weakref.ref(self), results_out, self._worker), name="winnability-listener",
            daemon=True,
        )
        listener.start()
        self._listener = listener

    @property
    def worker_pid(self) -> int | None:
        """The searching process, for measuring its CPU apart from the window's (and for tests)."""
        return self._worker.pid

    def request(self, state: State) -> None:
        """Ask about `state`; any search of an older position is abandoned. Never waits."""
        with self._lock:
            if self._closed or state in self._answers or state in self._asked.values():
                return
            self._serial += 1
            self._asked[self._serial] = state
            try:
                self._requests.send((self._serial, state))
            except OSError:  # the worker just died; the listener answers this request "not known"
                pass

    def answer(self, state: State) -> SolveResult | None:
        """What is known of `state` (None while it is still being searched or was never asked)."""
        with self._lock:
            return self._answers.get(state)

    def is_searching(self, state: State) -> bool:
        """True while `state` is asked about and not yet answered (the window polls only then)."""
        with self._lock:
            return state in self._asked.values() and state not in self._answers

    def take_news(self) -> bool:
        """True once after each new answer, so the view redraws only when something was learned."""
        with self._lock:
            fresh, self._fresh = self._fresh, False
            return fresh

    def close(self) -> None:
        """Stop the worker: the message cuts its search short and ends it; if it does not end, end it.
        A stopped worker (SIGSTOP) takes no message and holds SIGTERM until it is continued, so it is
        killed, which works on a stopped process too: the window's process is gone within 2 s
        whatever the worker does (multiprocessing would otherwise wait for it at exit)."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            try:
                self._requests.send(None)
            except OSError:
                pass
        for end in (self._worker.terminate, self._worker.kill):
            self._worker.join(timeout=CLOSE_WAIT)
            if not self._worker.is_alive():
                break
            end()
        self._worker.join(timeout=CLOSE_WAIT)
        self._requests.close()
        self._listener.join(timeout=CLOSE_WAIT)

    @staticmethod
    def _listen(watcher: weakref.ref[WinnabilityWatcher], results: multiprocessing.connection.Connection, worker: Any) -> None:
        """Store each answer as it comes; when the worker dies, answer what it held "not known"
        and start another (unless the watcher was closed). Holds the watcher weakly, so a watcher
        dropped without `close` is collected, which closes the request pipe and ends the worker."""
        while True:
            try:
                serial, result = results.recv()
            except (EOFError, OSError):
                break
            self = watcher()
            if self is None:
                break
            self._learn(serial, result)
            del self
        results.close()
        worker.join(timeout=1)
        self = watcher()
        if self is None:
            return
        with self._lock:
            if self._closed:
                return
            newest = max(self._asked, default=None)
        if newest is not None:  # older requests were skipped for it, and `_learn` drops them
            self._learn(newest, SolveResult(Status.UNKNOWN, reason=f"{CRASHED} (exit code {worker.exitcode})"))
        with self._lock:
            if not self._closed:
                self._start_worker()

    def _learn(self, serial: int, result: SolveResult) -> None:
        """Keep `result` unless it is only a cancelled search's "not known"; wake the view."""
        with self._lock:
            state = self._asked.pop(serial, None)
            superseded = any(later > serial for later in self._asked)
            for older in [s for s in self._asked if s < serial]:
                del self._asked[older]  # the worker skipped them for a newer position
            learned = state is not None and not (superseded and result.status is Status.UNKNOWN)
            if learned:
                assert state is not None
                self._answers[state] = result
                self._answers.move_to_end(state)
                while len(self._answers) > REMEMBERED:
                    self._answers.popitem(last=False)
                self._fresh = True
        if learned and self.on_answer is not None:
            self.on_answer()
