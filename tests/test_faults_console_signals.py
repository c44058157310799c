"""A terminal game ended by a signal is recorded (issue 56, item 2): Ctrl-C, `q` and the end of input
recorded the game as abandoned, but SIGTERM (`kill`, a shutdown) and SIGHUP (the terminal closed)
ended the process before it could."""
from __future__ import annotations

import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from solitaire.store import open_store

ROOT = Path(__file__).resolve().parent.parent
ENV = {"PATH": "/usr/bin:/bin", "LANGUAGE": "en", "PYTHONUNBUFFERED": "1"}
PROMPT = "Command (h for help): "


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="no SIGHUP here")
@pytest.mark.parametrize("signum", [signal.SIGTERM, getattr(signal, "SIGHUP", signal.SIGTERM)])
def test_a_console_game_ended_by_a_signal_is_recorded(tmp_path: Path, signum: int) -> None:
    game = subprocess.Popen(
        [sys.executable, "main.py", "console", "--game", "golf", "--deal", "9", "--data-dir", str(tmp_path)],
        cwd=ROOT, env=ENV, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    said: list[str] = []
    reader = threading.Thread(target=lambda: said.extend(iter(lambda: game.stdout.read(1), "")), daemon=True)  # type: ignore[union-attr]
    reader.start()
    try:
        game.stdin.write("d\n")  # type: ignore[union-attr]
        game.stdin.flush()  # type: ignore[union-attr]
        deadline = time.monotonic() + 30
        while "".join(said).count(PROMPT) < 2:  # the move is made and the next command awaited
            assert time.monotonic() < deadline and game.poll() is None, "".join(said)
            time.sleep(0.02)
        game.send_signal(signum)
        code = game.wait(timeout=30)
    finally:
        game.kill()
    reader.join(5)
    assert code == 128 + signum, game.stderr.read()  # type: ignore[union-attr]
    store, message = open_store(tmp_path)
    records = [(record.deal, record.result, record.moves) for record in store.games("golf")]
    store.close()
    assert (records, message) == ([(9, "abandoned", 1)], None)
