"""Worker processes that decide numbered deals one at a time, for `solve --range`.

Why not a `concurrent.futures` pool: it takes every task up front (two billion futures for the
whole deal range, gigabytes before the first verdict), and on Ctrl+C its workers went on deciding
deals for minutes. Here each worker holds at most one deal, handed out as the last one comes back,
so memory stays flat whatever the range; leaving the `with` block stops every worker at once; and a
worker dies with the main process even when that is killed with SIGKILL (Linux: the parent-death
signal; elsewhere: a thread that watches the parent). A worker that dies on its own (out of memory,
say) costs its one deal, which comes back without a result; a fresh worker takes its place.

A worker that stops without dying (SIGSTOP, a debugger) would hold the run's end forever: where the
system says which processes are stopped (Linux's /proc), one seen stopped for STALL_SECONDS of the
pool's own watching is killed, and its deal handed to a fresh worker; a deal whose second worker
stalls too comes back without a result. Only the time the pool itself was awake to see counts, so
a whole run stopped and continued at a terminal (Ctrl+Z, `fg`) gives up no worker.
"""
from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Generic, TypeVar

Result = TypeVar("Result")
STOP_GRACE_SECONDS = 0.5  # SIGTERM's time to end a worker before SIGKILL does
PARENT_CHECK_SECONDS = 0.5  # how often a worker without Linux's parent-death signal looks for its parent
STALL_SECONDS = 10.0  # a worker seen stopped this long is given up, and its deal handed to another
LOOK_SECONDS = 1.0  # how often the busy workers are looked at for one that stopped


@dataclass
class _Worker:
    process: BaseProcess
    conn: Connection
    deal: int | None = None  # the deal it is deciding, if any
    stopped_for: float = 0.0  # seconds it has been seen stopped (SIGSTOP) on its deal
    stalls: int = 0  # workers that stalled on its deal before it


class DealPool(Generic[Result]):
    """`jobs` processes running `task(deal)`; use as a context manager, then iterate `results(deals)`."""

    def __init__(self, task: Callable[[int], Result], jobs: int) -> None:
        self._task = task
        self._jobs = jobs
        self._context = multiprocessing.get_context("spawn")  # the same start on every platform
        self._workers: list[_Worker] = []

    def __enter__(self) -> DealPool[Result]:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def results(self, deals: Iterable[int]) -> Iterator[tuple[int, Result | None, int | None]]:
        """(deal, result, None) as each deal is decided, in the order they finish; (deal, None, exit
        code) for a deal whose worker died on it, and (deal, None, None) for one whose workers stalled."""
        pending = iter(deals)
        while len(self._workers) < self._jobs:
            self._workers.append(self._start())
        for worker in self._workers:
            self._hand_out(worker, pending)
        looked = time.monotonic()
        while busy := [worker for worker in self._workers if worker.deal is not None]:
            ready = set(wait([worker.conn for worker in busy] + [worker.process.sentinel for worker in busy], LOOK_SECONDS))
            now = time.monotonic()
            watched, looked = min(now - looked, 2 * LOOK_SECONDS), now  # a pool that was stopped itself saw nothing
            for worker in busy:
                deal = worker.deal
                assert deal is not None
                outcome: tuple[int, Result | None, int | None]
                if worker.conn in ready or worker.process.sentinel in ready:
                    try:
                        outcome = (deal, worker.conn.recv(), None)
                    except (EOFError, OSError):
                        worker, code = self._replace(worker)
                        outcome = (deal, None, code)
                elif self._stalled(worker, watched):
                    stalls = worker.stalls + 1
                    worker, _code = self._replace(worker, kill=True)
                    if stalls < 2:
                        worker.conn.send(deal)  # the same deal, to a fresh worker
                        worker.deal, worker.stalls = deal, stalls
                        continue
                    outcome = (deal, None, None)
                else:
                    continue
                worker.deal = None
                self._hand_out(worker, pending)
                yield outcome

    @staticmethod
    def _stalled(worker: _Worker, watched: float) -> bool:
        """Whether `worker` has now been seen stopped for STALL_SECONDS (`watched`: the seconds since the last look)."""
        worker.stopped_for = worker.stopped_for + watched if _stopped(worker.process.pid) else 0.0
        return worker.stopped_for >= STALL_SECONDS

    def stop(self) -> None:
        """End every worker now: SIGTERM, then SIGKILL for any still there after a moment."""
        for worker in self._workers:
            if worker.process.is_alive():
                worker.process.terminate()
        deadline = time.monotonic() + STOP_GRACE_SECONDS
        for worker in self._workers:
            worker.process.join(max(0.0, deadline - time.monotonic()))
            if worker.process.is_alive():
                worker.process.kill()
                worker.process.join()
            worker.conn.close()
        self._workers.clear()

    def _start(self) -> _Worker:
        here, there = self._context.Pipe()
        process = self._context.Process(target=_serve, args=(there, self._task, os.getpid()), daemon=True)
        if os.name == "posix":  # started first: its start unblocks SIGINT, which _signals_held blocks
            from multiprocessing import resource_tracker

            resource_tracker.ensure_running()
        with _signals_held():
            process.start()
        there.close()
        return _Worker(process, here)

    def _replace(self, dead: _Worker, kill: bool = False) -> tuple[_Worker, int | None]:
        """A fresh worker in the place of one that died (or is killed now), and how the dead one ended."""
        if kill:
            dead.process.kill()  # SIGKILL ends a stopped process too
        dead.process.join()
        dead.conn.close()
        fresh = self._start()
        self._workers[self._workers.index(dead)] = fresh
        return fresh, dead.process.exitcode

    def _hand_out(self, worker: _Worker, pending: Iterator[int]) -> None:
        deal = next(pending, None)
        if deal is None:
            return
        try:
            worker.conn.send(deal)
        except OSError:  # it died after sending its last result
            worker, _code = self._replace(worker)
            worker.conn.send(deal)
        worker.deal, worker.stalls, worker.stopped_for = deal, 0, 0.0


def _stopped(pid: int | None) -> bool:
    """Whether process `pid` is stopped (state T, or t when traced), as Linux's /proc tells; False where
    nothing tells (other systems), and a stopped worker is then not noticed."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] in ("T", "t")
    except (OSError, IndexError):
        return False


def _serve(conn: Connection, task: Callable[[int], object], parent: int) -> None:
    """A worker's life: decide each deal it is sent until the main process closes the pipe or ends."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C reaches the terminal's whole group: the main process decides
    if hasattr(signal, "pthread_sigmask"):  # blocked since the start (_signals_held): a Ctrl+C held is dropped, a SIGTERM ends it
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPPING_SIGNALS)
    _die_with(parent)
    while True:
        try:
            deal = conn.recv()
        except (EOFError, OSError):
            return
        conn.send(task(deal))


STOPPING_SIGNALS = (signal.SIGINT, signal.SIGTERM)


@contextmanager
def _signals_held() -> Iterator[None]:
    """Ctrl+C and SIGTERM held while a worker starts, then acted on as they would have been.

    Raised half-way through `Process.start()`, an interrupt left a worker reading half its start-up
    data, and it died with a traceback; a handler recording the signal (Python runs one that was
    already due at its next step, so blocking alone is too late) keeps the start whole. The signals
    are also blocked, and the worker inherits that mask through exec: Ctrl+C at a terminal reaches
    every process of the group, and a worker still importing died of it, another traceback. The
    worker unblocks them once it ignores SIGINT (`_serve`)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    previous = {signum: signal.signal(signum, lambda signum, frame: caught.append(signum)) for signum in STOPPING_SIGNALS}
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, STOPPING_SIGNALS) if hasattr(signal, "pthread_sigmask") else None
    try:
        yield
    finally:
        if mask is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        for held in caught[:1]:
            handler = previous[signal.Signals(held)]
            if callable(handler):
                handler(held, None)
            elif handler == signal.SIG_DFL:
                os.kill(os.getpid(), held)


def _die_with(parent: int) -> None:
    """End this process when `parent` ends, even by SIGKILL, so no worker searches on for nobody."""
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            pr_set_pdeathsig = 1
            if libc.prctl(pr_set_pdeathsig, signal.SIGKILL, 0, 0, 0) == 0:
                if os.getppid() != parent:  # it ended before the signal was asked for
                    os._exit(1)
                return
        except (OSError, AttributeError):
            pass  # no prctl: watch instead

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()
