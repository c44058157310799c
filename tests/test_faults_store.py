"""The store against hostile paths and a full disk (issue 37, items 4, 5, 13, 14 and 17): every start
goes on with one line for the player, and nothing the player had is lost once the fault is gone."""
from __future__ import annotations

import os
import random
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

from game.session import Session
from game.variants import find_variant
from solitaire.store import DB_NAME, open_store
from solitaire.store.problems import Failed, Problem
from solitaire.store.schema import MIGRATIONS

from .conftest import as_a_player
from .test_store import random_play
from .test_store_stats import fill

ROOT = Path(__file__).resolve().parent.parent
ENV = {"PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "LANGUAGE": "en"}


def stats(data_dir: Path, *before: str) -> subprocess.CompletedProcess[str]:
    """`solitaire stats` in its own process, so a hang fails the test instead of stopping the suite."""
    return subprocess.run(
        [*before, sys.executable, "main.py", "stats", "--data-dir", str(data_dir)],
        cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=30,
    )


def played(data_dir: Path) -> int:
    store, message = open_store(data_dir)
    try:
        assert message is None, message
        return store.statistics("freecell").played
    finally:
        store.close()


# -- hostile things at the database's path --------------------------------------------------------


def test_a_symlink_loop_at_the_database_path_is_one_line_and_a_start(tmp_path: Path) -> None:
    """Item 4: RuntimeError: Symlink loop, on every start of play, console and stats. (Since issue 56 no
    link in the data folder is followed, a loop or not.)"""
    (tmp_path / DB_NAME).symlink_to(DB_NAME)
    store, message = open_store(tmp_path)
    assert not store.persistent and store.statistics("freecell").played == 0
    assert message == (
        f"Cannot use {tmp_path / DB_NAME} (it is a symbolic link, which is not followed): "
        "you can play, but nothing will be saved."
    )
    store.close()
    result = stats(tmp_path)
    assert result.returncode == 0 and "Traceback" not in result.stderr and result.stderr.count("\n") == 1


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_at_the_database_path_is_one_line_not_a_hang(tmp_path: Path) -> None:
    """Item 5: SQLite opened the FIFO and waited forever for a writer, with no word."""
    os.mkfifo(tmp_path / DB_NAME)
    result = stats(tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr == (
        f"solitaire: Cannot use {tmp_path / DB_NAME} (it is not a regular file): no statistics can be shown.\n"
    )
    assert (tmp_path / DB_NAME).is_fifo()  # left as it was: it is not ours to move


def test_a_folder_at_the_database_path_is_one_line_and_left_alone(tmp_path: Path) -> None:
    (tmp_path / DB_NAME).mkdir()
    (tmp_path / DB_NAME / "keep").write_text("mine")
    store, message = open_store(tmp_path)
    assert not store.persistent
    assert message == f"Cannot use {tmp_path / DB_NAME} (it is not a regular file): you can play, but nothing will be saved."
    store.close()
    assert (tmp_path / DB_NAME / "keep").read_text() == "mine"


@pytest.mark.parametrize("thing", ["file", "FIFO", "symlink loop"])
def test_something_else_with_the_data_folders_name_is_said_plainly(tmp_path: Path, thing: str) -> None:
    """It said "(File exists)", as if a folder being there were the problem."""
    data = tmp_path / "data"
    if thing == "file":
        data.write_text("mine")
    elif thing == "FIFO":
        os.mkfifo(data)
    else:
        data.symlink_to(data.name)
    store, message = open_store(data)
    store.close()
    assert message == f"Cannot create the data folder {data} (it is not a folder): you can play, but nothing will be saved."


# -- read-only, then writable again ---------------------------------------------------------------


def test_a_database_made_writable_again_is_written_again(shared_dir: Path) -> None:
    """Item 13: a read-only run left the -shm file at 0444, and every later start said "Cannot write"."""
    player = as_a_player()
    assert stats(shared_dir, *player).stderr == ""
    database = shared_dir / DB_NAME
    database.chmod(0o444)
    readonly = stats(shared_dir, *player)
    assert "Cannot write to" in readonly.stderr and "cannot be changed" in readonly.stderr
    database.chmod(0o644)
    again = stats(shared_dir, *player)
    assert (again.returncode, again.stderr) == (0, "")


# -- a full disk ------------------------------------------------------------------------------------


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 512 KB tmpfs, where the machine lets this test mount one."""
    mount = tmp_path / "disk"
    mount.mkdir()
    if shutil.which("mount") is None or subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=512k", "tmpfs", str(mount)], capture_output=True
    ).returncode:
        pytest.skip("cannot mount a small tmpfs here")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=True)


def fill_up(disk: Path) -> Path:
    ballast = disk / "ballast"
    handle = os.open(ballast, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
    try:
        while os.write(handle, b"\0" * 4096):
            pass
    except OSError:
        pass  # full
    finally:
        os.close(handle)
    return ballast


def test_a_disk_full_at_the_first_start_says_so_and_leaves_no_empty_file(small_disk: Path) -> None:
    """Item 14, and worse: the read-only fallback created an empty database file, which the next
    start, with room again, took for a damaged one."""
    data = small_disk / "data"
    data.mkdir()
    ballast = fill_up(small_disk)
    store, message = open_store(data)
    store.close()
    assert message is not None and "(the disk is full)" in message and "nothing will be saved" in message
    assert not (data / DB_NAME).exists()
    ballast.unlink()
    assert played(data) == 0  # no "damaged" message: a clean first start


def test_a_disk_full_with_a_database_says_so_and_loses_nothing(small_disk: Path) -> None:
    data = small_disk / "data"
    fill(data)
    ballast = fill_up(small_disk)
    store, message = open_store(data)
    assert message is not None and "(the disk is full)" in message, message
    assert store.statistics("freecell").played == 4
    store.close()
    ballast.unlink()
    assert played(data) == 4


def test_a_disk_that_fills_while_playing_says_so_and_the_moves_come_back_when_it_empties(small_disk: Path) -> None:
    """SQLite says "disk I/O error" for some writes that found no room: the player reads "the disk is full".
    What was saved before stays; once there is room again the next save writes the whole game."""
    data = small_disk / "data"
    store, _ = open_store(data)
    session = Session(find_variant("freecell"), 7)
    rng = random.Random(7)
    random_play(session, rng, 3, store)
    for episode in range(2):  # the second time the disk fills is told as the first was
        with closing(sqlite3.connect(data / DB_NAME)) as other:  # the log folded in: it has no room to give back
            assert other.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0] == 0
        ballast = fill_up(small_disk)
        saved = True
        for _ in range(40):  # enough moves to need a page the disk no longer has
            moves = list(session.rules.legal_moves(session.state))
            session.undo() if not moves else session.play(rng.choice(moves))
            saved = store.save_game(session) and saved
        assert not saved, episode
        problem = store.take_problem()
        assert isinstance(problem, Problem) and problem.failed is Failed.SAVE_GAME and problem.disk_full, problem
        ballast.unlink()
        assert store.save_game(session) and store.take_problem() is None
    store.close()
    again, _ = open_store(data)
    resumed, _ = again.load_game()
    again.close()
    assert resumed is not None and resumed.actions == session.actions


def test_the_write_ahead_log_never_keeps_a_small_disk_full(small_disk: Path) -> None:
    """SQLite folded its log into the file only at some 4 MB: on a disk with less room than that, the
    log took all of it, could not be folded in (the file had no room to grow into), and every later
    save failed, for good. The log is folded in at 256 KB now, and a save that finds the disk full
    folds it in at once and tries again."""
    data = small_disk / "data"
    store, _ = open_store(data)
    session = Session(find_variant("klondike-draw3"), 3)
    rng = random.Random(3)
    for number in range(1000):  # some 8 KB of log a save: the 512 KB disk many times over
        moves = list(session.rules.legal_moves(session.state))
        session.undo() if not moves or rng.random() < 0.2 else session.play(rng.choice(moves))
        assert store.save_game(session), (number, store.take_problem())
    store.close()
    again, _ = open_store(data)
    resumed, _ = again.load_game(autoplay=False)
    again.close()
    assert resumed is not None and resumed.actions == session.actions


# -- a version number that does not match the tables ----------------------------------------------


@pytest.mark.parametrize("version", [-1, 1, 2, -(2**31)])
def test_a_wrong_version_number_on_current_tables_is_set_right_and_nothing_lost(tmp_path: Path, version: int) -> None:
    """Item 17: user_version -1 or 1 ran migrations again: "duplicate column name: solver_played"."""
    fill(tmp_path)
    conn = sqlite3.connect(tmp_path / DB_NAME)
    conn.execute(f"PRAGMA user_version = {version}")
    conn.close()
    assert played(tmp_path) == 4
    conn = sqlite3.connect(tmp_path / DB_NAME)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
    conn.close()


def test_a_version_number_that_fits_no_tables_is_damage_set_aside(tmp_path: Path) -> None:
    fill(tmp_path)
    conn = sqlite3.connect(tmp_path / DB_NAME)
    conn.execute("ALTER TABLE saved_games DROP COLUMN solver_played")  # neither version 2's tables nor 3's
    conn.execute("PRAGMA user_version = -1")
    conn.close()
    store, message = open_store(tmp_path)
    store.close()
    assert message is not None and "moved to" in message and "fresh start" in message
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith("solitaire.damaged-")]
