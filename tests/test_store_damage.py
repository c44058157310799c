"""Damage that SQLite's own check misses, emptied files, and a database that cannot be written: the
player is told in one line, their statistics and saved game are never hidden or silently dropped."""
from __future__ import annotations

import os
import random
import re
import shutil
import sqlite3
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path

import pytest

import solitaire.store as store_module
from game.families.klondike import DRAW as DRAW_OPTION
from game.session import Session
from game.variants import find_variant
from solitaire.cli import main
from solitaire.store import DB_NAME, open_store
from solitaire.store import file as store_file
from solitaire.store.running import RUNNING_DIR
from solitaire.store.settings import SOUND, option_setting

from .test_store import random_play
from .test_store_stats import fill

DRAW = option_setting(DRAW_OPTION)


def damaged_copies(directory: Path) -> list[Path]:
    return [p for p in directory.iterdir() if p.name.startswith("solitaire.damaged-")]


def check_moved_aside_and_fresh(directory: Path, damaged: bytes, message: str | None, reason: str) -> None:
    aside = damaged_copies(directory)
    assert len(aside) == 1 and datetime.now().strftime("%Y-%m-%d") in aside[0].name
    assert aside[0].read_bytes() == damaged
    assert message is not None and aside[0].name in message and reason in message and "\n" not in message


# -- a schema that is not ours any more ------------------------------------------------------------------


def drop_column(raw: sqlite3.Connection) -> None:
    raw.execute("ALTER TABLE games DROP COLUMN undos")


def edit_schema_text(raw: sqlite3.Connection) -> None:
    """The column's data stays in every row; only the table's definition lost it, as a bad sector might.
    (The last column, `daily`: the rows' values stay each under its own column's type.)"""
    raw.execute("PRAGMA writable_schema = ON")
    sql = raw.execute("SELECT sql FROM sqlite_master WHERE name = 'games'").fetchone()[0]
    without = re.sub(r",\s*daily TEXT", "", sql)  # the last column, so the rows' other values stay in place
    assert without != sql and "daily" not in without
    raw.execute("UPDATE sqlite_master SET sql = ? WHERE name = 'games'", (without,))
    raw.execute("PRAGMA writable_schema = OFF")


def drop_table(raw: sqlite3.Connection) -> None:
    raw.execute("DROP TABLE games")


@pytest.mark.parametrize("damage", [drop_column, edit_schema_text, drop_table])
def test_tables_not_as_this_version_made_them_count_as_damage(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], damage: object
) -> None:
    fill(tmp_path)
    raw = sqlite3.connect(tmp_path / DB_NAME, isolation_level=None)
    damage(raw)  # type: ignore[operator]
    raw.close()
    raw = sqlite3.connect(tmp_path / DB_NAME)
    assert raw.execute("PRAGMA quick_check").fetchall() == [("ok",)]  # SQLite's own check sees nothing
    raw.close()
    damaged = (tmp_path / DB_NAME).read_bytes()

    assert main(["stats", "--data-dir", str(tmp_path)]) == 0  # it used to fail here on every run
    captured = capsys.readouterr()
    reason = "its games table is missing" if damage is drop_table else "its games table is not as this version made it"
    check_moved_aside_and_fresh(tmp_path, damaged, captured.err.removesuffix("\n"), reason)
    assert captured.err.count("\n") == 1 and captured.out == "No games recorded yet.\n"
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().err == ""  # told once; the fresh file is sound


def test_an_emptied_database_is_reported_and_moved_aside(tmp_path: Path) -> None:
    fill(tmp_path)
    (tmp_path / DB_NAME).write_bytes(b"")
    store, message = open_store(tmp_path)
    check_moved_aside_and_fresh(tmp_path, b"", message, "the file was empty")
    assert store.persistent and store.statistics("freecell").played == 0
    store.close()
    store, message = open_store(tmp_path)
    assert message is None
    store.close()


def test_a_new_database_appears_whole_so_an_empty_one_is_never_ours(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / DB_NAME
    seen: list[bool] = []
    upgrade = store_file.upgrade

    def watching(conn: sqlite3.Connection) -> None:
        seen.append(path.exists())
        upgrade(conn)

    monkeypatch.setattr(store_file, "upgrade", watching)  # as _create calls it, making the new file
    tmp_path.mkdir(exist_ok=True)
    stale, fresh = tmp_path / f"{DB_NAME}.new-dead", tmp_path / f"{DB_NAME}.new-busy"
    for half_made in (stale, fresh):
        half_made.write_bytes(b"")
    an_hour_ago = time.time() - 3600
    os.utime(stale, (an_hour_ago, an_hour_ago))
    store, message = open_store(tmp_path)
    store.close()
    assert message is None and seen[0] is False  # the schema was made before the file had its name
    assert path.stat().st_size > 0
    assert not stale.exists() and fresh.exists()  # a killed start's leftover goes; one being made stays
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([DB_NAME, fresh.name, RUNNING_DIR])


def test_a_file_system_without_hard_links_still_gets_a_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_links(source: object, target: object) -> None:
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    store, message = open_store(tmp_path)
    assert message is None and store.persistent
    assert store.record_game(finished_session(), "won")
    store.close()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(DB_NAME)] == [DB_NAME]
    store, message = open_store(tmp_path)
    assert message is None and store.statistics("golf").won == 1
    store.close()


def finished_session() -> Session:
    session = Session(find_variant("golf"), 2)
    session.play(next(iter(session.rules.legal_moves(session.state))))
    return session


# -- a database that cannot be written -------------------------------------------------------------------


@contextmanager
def unwritable(path: Path) -> Iterator[None]:
    """Make `path` unwritable for this process, or skip: root ignores permissions, but not chattr +i."""
    if getattr(os, "geteuid", lambda: 1)() == 0:
        if shutil.which("chattr") is None or subprocess.run(["chattr", "+i", str(path)], capture_output=True).returncode:
            pytest.skip("running as root, where chmod does not stop writes, and chattr +i is not available")

        def undo() -> None:
            subprocess.run(["chattr", "-i", str(path)], check=True)
    else:
        mode = path.stat().st_mode
        path.chmod(0o555 if path.is_dir() else 0o444)

        def undo() -> None:
            path.chmod(mode)
    try:
        probe = path / "probe" if path.is_dir() else path
        try:
            with open(probe, "ab"):
                pass
        except OSError:
            pass
        else:
            pytest.skip(f"{path} stays writable here even after being made read-only")
        yield
    finally:
        undo()


def played_and_saved(data_dir: Path) -> Session:
    fill(data_dir)
    store, _ = open_store(data_dir)
    session = Session(find_variant("freecell"), 21)
    random_play(session, random.Random(21), 8, store)
    store.settings.set(SOUND, False)
    store.close()
    assert not Path(f"{data_dir / DB_NAME}-shm").exists()  # closed cleanly: a reader would have to make one
    return session


@pytest.mark.parametrize("what", ["file", "folder"])
def test_an_unwritable_database_still_shows_the_statistics_and_resumes_the_game(tmp_path: Path, what: str) -> None:
    session = played_and_saved(tmp_path)
    before = (tmp_path / DB_NAME).read_bytes()
    with unwritable(tmp_path / DB_NAME if what == "file" else tmp_path):
        store, message = open_store(tmp_path)
        assert message is not None and "nothing will be saved" in message and "\n" not in message
        assert not store.persistent
        assert store.statistics("freecell").played == 4 and store.statistics("golf").played == 1
        assert store.settings.get(SOUND) is False
        resumed, problem = store.load_game()
        assert problem is None and resumed is not None and resumed.actions == session.actions
        random_play(resumed, random.Random(22), 3, store)  # plays on, saving in memory without complaint
        store.settings.set(DRAW, 3)
        assert store.take_problem() is None
        store.close()
    assert (tmp_path / DB_NAME).read_bytes() == before


def test_stats_from_an_unwritable_database_are_shown_and_not_reset(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    played_and_saved(tmp_path)
    with unwritable(tmp_path):
        assert main(["stats", "--data-dir", str(tmp_path)]) == 0
        captured = capsys.readouterr()
        assert "shown but cannot be changed" in captured.err and captured.err.count("\n") == 1
        assert "saved" not in captured.err  # words for this command, not for playing
        assert any(line.split()[:2] == ["FreeCell", "4"] for line in captured.out.splitlines())
        assert main(["stats", "--data-dir", str(tmp_path), "--reset", "--yes"]) == 1
        assert "nothing was reset" in capsys.readouterr().err
    store, _ = open_store(tmp_path)
    assert len(store.games()) == 6
    store.close()


def test_a_failing_open_reads_the_database_into_memory_by_the_same_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where a file cannot be made read-only (root without chattr), the fallback is still exercised."""
    session = played_and_saved(tmp_path)

    def read_only(path: Path) -> sqlite3.Connection:
        raise sqlite3.OperationalError("attempt to write a readonly database")

    monkeypatch.setattr(store_module, "connect", read_only)
    store, message = open_store(tmp_path)
    assert message is not None and "readonly" in message and "nothing will be saved" in message
    assert not store.persistent and store.statistics("freecell").played == 4
    resumed, _ = store.load_game()
    assert resumed is not None and resumed.actions == session.actions
    store.close()
