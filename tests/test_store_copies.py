"""Copies of the program and the games they leave: a game a copy is playing is never taken by another,
a copy that was killed leaves its game resumable, and a start that names a new game counts the one in
progress in the statistics instead of dropping it."""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from game.session import Session
from game.variants import find_variant
from solitaire.store import Store, open_store
from solitaire.store.running import RUNNING_DIR

from .test_store import history, random_play

ROOT = Path(__file__).resolve().parent.parent

KILLED_COPY = r"""
import random, sys, time
from game.session import Session
from solitaire.store import open_store
from game.variants import find_variant
store, message = open_store(sys.argv[1])
assert message is None, message
session = Session(find_variant("golf"), 5)
rng = random.Random(5)
for _ in range(6):
    moves = list(session.rules.legal_moves(session.state))
    session.play(rng.choice(moves))
    assert store.save_game(session)
print(" ".join(move.notation for move in session.actions), flush=True)
time.sleep(60)  # killed here, its store still open
"""


def expected_result(session: Session) -> str:
    return "won" if session.is_won else "lost" if session.is_lost else "abandoned"


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_killed_copys_game_is_resumed_while_a_running_copys_game_is_left_alone(tmp_path: Path) -> None:
    running, _ = open_store(tmp_path)
    playing = Session(find_variant("freecell"), 3)
    random_play(playing, random.Random(3), 10, running)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen(
        [sys.executable, "-c", KILLED_COPY, str(tmp_path)], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True
    )
    assert child.stdout is not None
    actions = child.stdout.readline().split()
    assert len(actions) == 6, "the other copy did not save its game"
    other, _ = open_store(tmp_path)
    assert other.load_game() == (None, None)  # the killed-to-be copy is still running: its game is not taken
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=10)
    child.stdout.close()
    assert len(list((tmp_path / RUNNING_DIR).glob("*.lock"))) == 3  # the killed copy's mark is left behind

    resumed, note = other.load_game()
    assert note is None and resumed is not None
    assert (resumed.variant.key, resumed.deal_number) == ("golf", 5)
    assert [move.notation for move in resumed.actions] == actions  # type: ignore[union-attr]
    assert len(list((tmp_path / RUNNING_DIR).glob("*.lock"))) == 2  # ... and cleared once seen stale
    random_play(playing, random.Random(4), 3, running)  # the running copy's game was not touched
    running.close()
    other.close()
    store, _ = open_store(tmp_path)
    again, note = store.load_game()
    assert again is not None and again.actions == playing.actions  # the first copy stopped last
    assert note is not None and "Golf #5" in note  # and the other game, left again, is counted
    store.close()


def test_naming_a_new_game_counts_the_one_in_progress_instead_of_dropping_it(tmp_path: Path) -> None:
    store, _ = open_store(tmp_path)
    left = Session(find_variant("freecell"), 11)
    random_play(left, random.Random(11), 12, store)
    left.hints = 2
    assert store.save_game(left)
    store.close()

    store, _ = open_store(tmp_path)
    note = store.abandon_saved_games()
    result = expected_result(left)
    assert note is not None and f"FreeCell #11 ({result})" in note and "\n" not in note
    records = store.games("freecell")
    assert [(r.deal, r.result, r.moves, r.hints, r.undos) for r in records] == [
        (11, result, left.move_count, 2, left.undos)
    ]
    assert store.load_game() == (None, None)  # counted once, and not resumed later as well
    assert store.abandon_saved_games() is None
    store.close()


def test_naming_a_new_game_leaves_another_running_copys_game_and_forgets_an_untouched_one(tmp_path: Path) -> None:
    running, _ = open_store(tmp_path)
    playing = Session(find_variant("golf"), 8)
    random_play(playing, random.Random(8), 4, running)
    idle, _ = open_store(tmp_path)
    assert idle.save_game(Session(find_variant("freecell"), 12))  # dealt, nothing done
    idle.close()
    store, _ = open_store(tmp_path)
    assert store.abandon_saved_games() is None  # an untouched deal is not a game played
    assert store.games() == []
    store.close()
    running.close()
    store, _ = open_store(tmp_path)
    resumed, note = store.load_game()
    assert resumed is not None and history(resumed) == history(playing) and note is None
    store.close()


def test_a_game_left_by_another_copy_that_no_longer_replays_is_set_aside_not_counted(tmp_path: Path) -> None:
    first, _ = open_store(tmp_path)
    second, _ = open_store(tmp_path)
    broken = Session(find_variant("freecell"), 13)
    random_play(broken, random.Random(13), 6, first)
    first._conn.execute("UPDATE saved_game_actions SET action = 'zz9' WHERE seq = 0")
    first.close()
    kept = Session(find_variant("golf"), 14)
    random_play(kept, random.Random(14), 6, second)
    second.close()
    store, _ = open_store(tmp_path)
    resumed, note = store.load_game()
    assert resumed is not None and resumed.actions == kept.actions
    assert note is not None and "FreeCell #13" in note and "set aside" in note
    assert store.games() == []
    assert store._conn.execute("SELECT game_key, deal FROM set_aside_games").fetchall() == [("freecell", 13)]
    store.close()


def test_a_store_that_cannot_mark_itself_running_still_saves_and_resumes(tmp_path: Path) -> None:
    (tmp_path / RUNNING_DIR).write_text("a file where the folder of marks should be")
    store, message = open_store(tmp_path)
    assert message is None and store.persistent
    session = Session(find_variant("freecell"), 15)
    random_play(session, random.Random(15), 5, store)
    store.close()
    store, _ = open_store(tmp_path)
    resumed, _ = store.load_game()
    assert resumed is not None and resumed.actions == session.actions
    store.close()


def test_an_in_memory_store_resumes_its_own_game() -> None:
    store = Store.in_memory()
    session = Session(find_variant("golf"), 16)
    random_play(session, random.Random(16), 5, store)
    resumed, note = store.load_game()
    assert note is None and resumed is not None and resumed.actions == session.actions
    store.close()
