"""A solver worker stopped with SIGSTOP (issue 37 item 12), met for real: the worker process is
stopped, then the watcher closed or the window's process left; neither may wait for it."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from game.session import Session
from game.solver.background import WinnabilityWatcher
from game.variants import find_variant

START = Session(find_variant("freecell"), 1)  # any deal: the worker is asked once, so it is running


def _stopped_worker_watcher() -> tuple[WinnabilityWatcher, int]:
    """A watcher whose worker has answered once (so it is running its loop, as in a game), then stopped."""
    watcher = WinnabilityWatcher(START.rules, max_positions=2000)
    _answered_once(watcher)
    pid = watcher.worker_pid
    assert pid is not None
    os.kill(pid, signal.SIGSTOP)
    return watcher, pid


def _answered_once(watcher: WinnabilityWatcher) -> None:
    watcher.request(START.state)
    deadline = time.monotonic() + 60
    while watcher.answer(START.state) is None:
        assert time.monotonic() < deadline, "the worker never answered"
        time.sleep(0.05)


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def test_closing_the_watcher_ends_a_stopped_worker_at_once() -> None:
    """SIGTERM waits for a stopped process to be continued; closing must not."""
    watcher, pid = _stopped_worker_watcher()
    try:
        began = time.monotonic()
        watcher.close()
        seconds = time.monotonic() - began
        assert _gone(pid) and not watcher._worker.is_alive()
        assert seconds < 3  # a bound, not a benchmark: about one second here
    finally:
        if not _gone(pid):
            os.kill(pid, signal.SIGKILL)
            os.kill(pid, signal.SIGCONT)


STOP_AND_LEAVE = """
import os, signal, sys
from tests.test_faults_worker import _stopped_worker_watcher
watcher, pid = _stopped_worker_watcher()
print(pid, flush=True)
sys.exit(0)  # as the window does after Ctrl+Q: the watcher is closed at exit
"""


def test_a_process_whose_worker_is_stopped_still_exits() -> None:
    """The window's process, leaving with a stopped worker, ends within seconds and leaves no worker."""
    root = Path(__file__).resolve().parent.parent
    child = subprocess.Popen([sys.executable, "-c", STOP_AND_LEAVE], cwd=root, stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    pid = int(child.stdout.readline())
    began = time.monotonic()
    try:
        child.wait(timeout=20)
        seconds = time.monotonic() - began
        assert child.returncode == 0 and _gone(pid)
        assert seconds < 3  # a bound, not a benchmark: the window must be gone within 2 s
    finally:
        if child.poll() is None:
            child.kill()
        if not _gone(pid):
            os.kill(pid, signal.SIGKILL)
            os.kill(pid, signal.SIGCONT)


def test_a_worker_whose_window_left_mid_search_ends_quietly() -> None:
    """The window closes its end while a search runs: the worker's answer has nowhere to go, and the
    worker must end without a traceback on the player's terminal."""
    import multiprocessing

    from game.solver.background import _search_forever

    requests_in, requests_out = multiprocessing.Pipe(duplex=False)
    results_in, results_out = multiprocessing.Pipe(duplex=False)
    requests_out.send((1, START.state))
    results_in.close()  # the window is gone before the answer
    _search_forever(START.rules, requests_in, results_out, None, 200)  # returns; raises nothing
    assert requests_in.poll() is False
