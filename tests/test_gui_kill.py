"""Killing the window at any moment loses at most the move being made, never the database.

The real application (App, Table, store) plays random moves, undos and new deals in a subprocess
under the dummy video driver; it is SIGKILLed at random moments, dozens of times, and every restart
resumes the saved game from the same database.
"""
from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from solitaire.store import open_store

ROOT = Path(__file__).resolve().parent.parent
KILLS = 20

PLAYER = """
import argparse, random, sys
from solitaire.cli.play import choose_session
from solitaire.store import open_store
from sprites.window.app import App

store, _ = open_store(sys.argv[1])
names = argparse.Namespace(game=None, deal=None, cells=None, columns=None, draw=None)
session, notes = choose_session(names, store)
app = App(session, (900, 650), store=store, analyse=False, sound=False)
rng = random.Random(int(sys.argv[2]))
print("resumed" if any("welcome back" in n for n in notes) else "fresh", session.move_count, flush=True)
while True:
    table = app.table
    moves = list(table.session.rules.legal_moves(table.session.state))
    roll = rng.random()
    if not moves or table.session.is_won or roll < 0.02:
        app.life.start_game(table.session.variant)
    elif roll < 0.15 and table.session.can_undo:
        table.play.undo()
    else:
        move = rng.choice(moves)
        table.try_move(lambda: move)
    table.view.finish()
    app.step()
"""


def test_sigkill_at_random_moments_never_damages_the_saved_game(tmp_path) -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    rng = random.Random(2026)
    resumed = 0
    for round_number in range(KILLS):
        player = subprocess.Popen(
            [sys.executable, "-c", PLAYER, str(tmp_path), str(round_number)],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        first = player.stdout.readline()  # type: ignore[union-attr]
        assert first, player.stderr.read()  # type: ignore[union-attr]
        resumed += first.startswith("resumed")
        time.sleep(rng.uniform(0.05, 0.6))
        player.send_signal(signal.SIGKILL)
        player.wait(timeout=10)

        connection = sqlite3.connect(tmp_path / "solitaire.sqlite3")
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        connection.close()
        store, message = open_store(tmp_path)
        session, problem = store.load_game()
        assert message is None and problem is None
        if session is not None:
            replayed = session.rules.deal(session.deal_number)
            for action in session.actions[: session.position_in_history]:
                replayed = session.initial if action == "restart" else session.rules.apply(replayed, action)
            assert replayed == session.state
        store.close()
    assert resumed >= KILLS // 2  # most restarts found a game in progress and carried on with it
