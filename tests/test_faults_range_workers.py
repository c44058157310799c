"""A range worker that stops without dying (issue 56, item 8): SIGSTOPped, it held the run's end
forever. The pool now notices a worker stopped for STALL_SECONDS of its watching, kills it and hands
its deal to a fresh worker; the run ends with every deal decided."""
from __future__ import annotations

import os
import signal
import sys
import threading

import pytest

from solitaire.cli import deal_pool
from solitaire.cli.deal_pool import DealPool

from . import pool_tasks

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="stopped processes are told by Linux's /proc")


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_a_stopped_worker_is_noticed_and_its_deal_decided_by_another(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(deal_pool, "STALL_SECONDS", 1.0, raising=False)
    monkeypatch.setattr(deal_pool, "LOOK_SECONDS", 0.1, raising=False)
    decided: dict[int, tuple[int | None, int | None]] = {}
    stopped: list[int] = []

    def run() -> None:
        with DealPool(pool_tasks.slow, 2) as pool:
            for deal, result, code in pool.results(range(1, 9)):
                decided[deal] = (result, code)
                if not stopped:  # a worker holding a deal, stopped as a debugger or `kill -STOP` would
                    worker = next(worker for worker in pool._workers if worker.deal is not None)
                    assert worker.process.pid is not None
                    os.kill(worker.process.pid, signal.SIGSTOP)
                    stopped.append(worker.process.pid)

    runner = threading.Thread(target=run, daemon=True)
    runner.start()
    runner.join(45)
    try:
        assert not runner.is_alive(), "the run waits on the stopped worker"
    finally:
        for pid in stopped:
            if alive(pid):
                os.kill(pid, signal.SIGCONT)  # before the fix: let the run end
        runner.join(30)
    assert decided == {deal: (deal, None) for deal in range(1, 9)}
    assert stopped and not alive(stopped[0])
