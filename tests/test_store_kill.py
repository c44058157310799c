"""Kill the program at random moments while it saves every move: the database must always survive.

A child process resumes the saved FreeCell game and plays random legal moves, undos, redos and
restarts, saving after each; the parent kills it with SIGKILL at a random moment (sometimes while it
is still opening or creating the database), dozens of times. Every other child is first let reach its
START line, so however slowly the machine starts Python, kills land in the middle of play too. After every kill the file passes
PRAGMA integrity_check, the saved game replays, and it is exactly the last save the child finished
or the one it was making: at most the move being made is lost.
"""
from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
import zlib
from pathlib import Path

import pytest

from game.session import RESTART, Session
from solitaire.store import DB_NAME, open_store

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import random, sys, zlib
from game.session import RESTART, Session
from solitaire.store import open_store
from game.variants import find_variant

def signature(session):
    texts = ["restart" if a == RESTART else a.notation for a in session.actions]
    crc = zlib.crc32(" ".join(texts).encode())
    return f"{session.variant.key} {session.deal_number} {session.position_in_history} {len(texts)} {crc}"

data_dir, seed = sys.argv[1], int(sys.argv[2])
log = open(sys.argv[3], "a", buffering=1)
store, message = open_store(data_dir)
if not store.persistent or message:
    log.write(f"PROBLEM {message}\n")
    sys.exit(3)
rng = random.Random(seed)
session, message = store.load_game()
if message:
    log.write(f"PROBLEM {message}\n")
    sys.exit(3)
log.write("START " + (signature(session) if session else "none") + "\n")
if session is None:
    session = Session(find_variant("freecell"), rng.randint(1, 32000))
while True:
    roll = rng.random()
    if roll < 0.10 and session.can_undo:
        session.undo()
    elif roll < 0.15 and session.can_redo:
        session.redo()
    elif roll < 0.17 and not session.at_start:
        session.restart()
    else:
        moves = list(session.rules.legal_moves(session.state))
        if session.is_won or not moves:
            log.write("WILL none\n")
            store.record_game(session, "won" if session.is_won else "lost")
            log.write("DONE none\n")
            session = Session(find_variant("freecell"), rng.randint(1, 32000))
            continue
        session.play(rng.choice(moves))
    log.write("WILL " + signature(session) + "\n")
    if not store.save_game(session):
        log.write(f"PROBLEM {store.take_problem()}\n")
        sys.exit(3)
    log.write("DONE " + signature(session) + "\n")
"""


def signature(session: Session | None) -> str:
    if session is None:
        return "none"
    texts = [RESTART.value if a == RESTART else a.notation for a in session.actions]  # type: ignore[union-attr]
    return (
        f"{session.variant.key} {session.deal_number} {session.position_in_history} {len(texts)} "
        f"{zlib.crc32(' '.join(texts).encode())}"
    )


def acceptable(lines: list[str], before: str) -> set[str]:
    """What the database may hold after the kill: the last finished save, or the one in progress."""
    finished, in_progress = before, None
    for line in lines:
        kind, _, sig = line.partition(" ")
        if kind == "WILL":
            in_progress = sig
        elif kind == "DONE":
            finished, in_progress = sig, None
    return {finished} | ({in_progress} if in_progress is not None else set())


def wait_for_start(child: subprocess.Popen[bytes], log_path: Path, timeout_s: float = 60.0) -> None:
    """Wait until the child has opened the store and written its START line (or has stopped)."""
    deadline = time.monotonic() + timeout_s
    while child.poll() is None and time.monotonic() < deadline:
        if log_path.read_text().startswith("START"):
            return
        time.sleep(0.01)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_sigkill_at_random_moments_never_damages_the_store(tmp_path: Path) -> None:
    rng = random.Random(20240611)
    data_dir = tmp_path / "data"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    expected = "none"
    saves_seen = 0
    kills = 40
    started = time.monotonic()
    for round_number in range(kills):
        log_path = tmp_path / f"log{round_number}.txt"
        log_path.touch()
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(data_dir), str(round_number), str(log_path)],
            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )
        if round_number % 2:
            wait_for_start(child, log_path)  # this kill lands in the middle of play, however slow start-up is
        time.sleep(rng.uniform(0.03, 0.35))  # start-up takes ~0.1 s: on even rounds some kills land while opening
        if child.poll() is None:
            child.send_signal(signal.SIGKILL)
        child.wait()
        stderr = child.stderr.read().decode() if child.stderr else ""
        if child.stderr:
            child.stderr.close()
        assert child.returncode == -signal.SIGKILL, f"the child stopped by itself: {stderr}"
        lines = log_path.read_text().split("\n")[:-1]  # a line cut by the kill is dropped
        assert not any(line.startswith("PROBLEM") for line in lines), lines
        if lines and lines[0].startswith("START"):
            assert lines[0].removeprefix("START ") == expected  # the child resumed exactly where the last one was
        saves_seen += sum(line.startswith("DONE") for line in lines)

        if not (data_dir / DB_NAME).exists():
            # killed before any child made the database: then none of them can have started playing
            assert expected == "none" and not lines, (round_number, lines)
            continue
        with sqlite3.connect(data_dir / DB_NAME) as raw:
            assert raw.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        store, message = open_store(data_dir)
        try:
            assert message is None and store.persistent
            session, problem = store.load_game()
            assert problem is None
            allowed = acceptable(lines, expected)
            assert signature(session) in allowed, (round_number, signature(session), allowed)
            if session is not None:
                replayed = Session(session.variant, session.deal_number)
                replayed.replay(session.actions, session.position_in_history)
                assert replayed.state == session.state
            expected = signature(session)
        finally:
            store.close()
    assert saves_seen > kills  # the kills really landed in the middle of play, not only at start-up
    assert time.monotonic() - started < 60
