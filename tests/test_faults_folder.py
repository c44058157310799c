"""The data folder as an archive or a hostile hand may leave it (issue 56, items 3, 4 and 8): nothing the
program does changes a file outside the folder, nothing in it points the program elsewhere, a folder
a thousand levels deep is one line, and each refusal names the file it is about."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.session import Session
from game.variants import find_variant
from solitaire.store import DB_NAME, open_store

from .conftest import as_a_player

ROOT = Path(__file__).resolve().parent.parent
ENV = {"PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "LANGUAGE": "en"}
SECRET = b"-----BEGIN OPENSSH PRIVATE KEY-----\nnot really\n-----END OPENSSH PRIVATE KEY-----\n"


def with_a_game(data: Path) -> None:
    """A database holding one recorded game, closed (its -wal and -shm gone)."""
    store, message = open_store(data)
    assert message is None
    session = Session(find_variant("golf"), 3, autoplay=False)
    session.play(next(iter(session.rules.legal_moves(session.state))))
    assert store.record_game(session, "abandoned")
    store.close()


def key_file(folder: Path) -> Path:
    """The player's private key: 0400, outside the data folder."""
    folder.mkdir()
    key = folder / "id_ed25519"
    key.write_bytes(SECRET)
    key.chmod(0o400)
    return key


def untouched(key: Path) -> tuple[bytes, int, int]:
    info = key.stat()
    return key.read_bytes(), info.st_mode & 0o7777, info.st_nlink


def opened(data: Path) -> tuple[int, str | None]:
    store, message = open_store(data)
    try:
        return store.statistics("golf").played, message
    finally:
        store.close()


@pytest.mark.parametrize("companion", ["-wal", "-shm"])
def test_a_companion_linked_to_a_key_file_leaves_the_key_as_it_was(tmp_path: Path, companion: str) -> None:
    """Item 4: a -wal linked to the player's 0400 key made it 0644 (chmod through the link); as root,
    SQLite wrote its log into it."""
    data = tmp_path / "data"
    with_a_game(data)
    key = key_file(tmp_path / "ssh")
    before = untouched(key)
    (data / f"{DB_NAME}{companion}").symlink_to(key)
    played, message = opened(data)
    assert untouched(key) == before
    assert played == 1  # the statistics are read from the database alone
    assert message == (f"Cannot write to {data / DB_NAME}{companion} (it is a symbolic link, which is not followed): "
                       "your statistics and saved game are read, but nothing will be saved.")


def test_the_issues_key_file_keeps_its_mode_when_a_player_runs_stats(shared_dir: Path) -> None:
    """Item 4 as reported, as a player whom permissions bind (root's every file is writable, so the
    chmod branch only runs for a player): `stats` made the 0400 key behind the -wal link 0644."""
    player = as_a_player()
    data = shared_dir / "data"
    data.mkdir()
    data.chmod(0o777)
    assert subprocess.run([*player, sys.executable, "main.py", "stats", "--data-dir", str(data)], cwd=ROOT, env=ENV,
                          capture_output=True, text=True, timeout=60).stderr == ""
    key = key_file(shared_dir / "ssh")
    if player:
        os.chown(key, 65534, 65534)
    (data / f"{DB_NAME}-wal").symlink_to(key)
    result = subprocess.run([*player, sys.executable, "main.py", "stats", "--data-dir", str(data)], cwd=ROOT, env=ENV,
                            capture_output=True, text=True, timeout=60)
    assert (key.stat().st_mode & 0o777, key.read_bytes()) == (0o400, SECRET)
    assert result.stderr == (f"solitaire: Cannot write to {data / DB_NAME}-wal (it is a symbolic link, which is not "
                             "followed): the statistics are shown but cannot be changed.\n")


def test_a_companion_hard_linked_to_a_file_outside_leaves_it_as_it_was(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with_a_game(data)
    outside = tmp_path / "notes.txt"
    outside.write_bytes(SECRET)
    os.link(outside, data / f"{DB_NAME}-shm")
    before = outside.read_bytes(), outside.stat().st_mode
    played, message = opened(data)
    assert (outside.read_bytes(), outside.stat().st_mode) == before
    assert played == 1
    assert message is not None and message.startswith(f"Cannot write to {data / DB_NAME}-shm (it has another name")


def test_a_database_linked_elsewhere_is_not_followed(tmp_path: Path) -> None:
    """The database itself a link to a database outside: neither read nor written, and said in one line."""
    elsewhere = tmp_path / "elsewhere"
    with_a_game(elsewhere)
    before = (elsewhere / DB_NAME).read_bytes(), sorted(path.name for path in elsewhere.iterdir())
    data = tmp_path / "data"
    data.mkdir()
    (data / DB_NAME).symlink_to(elsewhere / DB_NAME)
    played, message = opened(data)
    assert played == 0
    # not written, and no -wal or -shm made beside it
    assert ((elsewhere / DB_NAME).read_bytes(), sorted(path.name for path in elsewhere.iterdir())) == before
    assert message == (f"Cannot use {data / DB_NAME} (it is a symbolic link, which is not followed): "
                       "you can play, but nothing will be saved.")


def test_a_dangling_link_at_the_database_makes_no_file_where_it_points(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    target = tmp_path / "made-here.sqlite3"
    (data / DB_NAME).symlink_to(target)
    played, message = opened(data)
    assert not target.exists()
    assert message is not None and "symbolic link" in message


def test_the_running_folder_linked_elsewhere_is_not_written_through(tmp_path: Path) -> None:
    """The copies' marks (running/*.lock) live in the data folder: a `running` link to another folder
    made lock files there, and removed the unlocked *.lock files it found."""
    data = tmp_path / "data"
    with_a_game(data)
    other = tmp_path / "other"
    other.mkdir()
    (other / "build.lock").write_text("mine")
    (data / "running").rmdir()
    (data / "running").symlink_to(other)
    store, message = open_store(data)
    session = Session(find_variant("golf"), 5, autoplay=False)
    session.play(next(iter(session.rules.legal_moves(session.state))))
    assert store.save_game(session) and message is None  # the copy plays and saves, only unmarked
    store.close()
    assert sorted(path.name for path in other.iterdir()) == ["build.lock"]
    assert (other / "build.lock").read_text() == "mine"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize(("companion", "make"), [("-wal", os.mkfifo), ("-shm", os.mkdir)])
def test_something_else_at_a_companions_name_is_named_in_the_message(tmp_path: Path, companion: str, make) -> None:
    """Item 8: a FIFO or a folder at -wal or -shm was reported as the database's fault."""
    data = tmp_path / "data"
    with_a_game(data)
    make(data / f"{DB_NAME}{companion}")
    played, message = opened(data)
    assert played == 1
    assert message == (f"Cannot write to {data / DB_NAME}{companion} (it is not a regular file): "
                       "your statistics and saved game are read, but nothing will be saved.")


def deep_folder(base: Path, levels: int) -> Path:
    return Path(str(base) + "/a" * levels)


def test_a_data_folder_a_thousand_levels_deep_is_one_line_not_a_recursion_error(tmp_path: Path) -> None:
    """Item 3: Path.mkdir(parents=True) recursed once a level: every command died with a RecursionError
    and 1.3 MB of traceback."""
    deep = deep_folder(tmp_path, 1000)
    for command in (["stats"], ["console", "--deal", "1"]):
        result = subprocess.run([sys.executable, "main.py", *command, "--data-dir", str(deep)], cwd=ROOT, env=ENV,
                                input="q\n", capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, result.stderr[-500:]
        assert "Traceback" not in result.stderr and "RecursionError" not in result.stderr
        said = result.stderr if command == ["stats"] else result.stdout.splitlines()[0] + "\n"
        assert said.count("\n") == 1 and "its path is too long" in said, said[-300:]
        assert len(said) < 400  # the 2,000 characters of the path are not all quoted


def test_a_deep_folder_that_sqlite_can_open_is_made_and_used(tmp_path: Path) -> None:
    deep = deep_folder(tmp_path, 60)
    with_a_game(deep)
    assert opened(deep) == (1, None)
