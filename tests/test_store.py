"""The store: where it lives, resuming a game exactly, damaged and unwritable files, schema upgrades,
settings, and two copies of the program writing at once."""
from __future__ import annotations

import itertools
import os
import random
import re
import sqlite3
import threading
import time
from datetime import datetime
from pathlib import Path

import platformdirs
import pytest

from game.families.klondike import DRAW as DRAW_OPTION
from game.moves import Move
from game.session import RESTART, Session
from game.variants import all_variants, find_variant
from solitaire.store import DB_NAME, ENV_VAR, Store, open_store, resolve_data_dir
from solitaire.store import file as store_file
from solitaire.store import schema as store_schema
from solitaire.store.problems import Failed, Problem, SetAside
from solitaire.store.settings import (
    ANIMATION_SPEED,
    FULLSCREEN,
    LANGUAGE,
    LAST_GAME,
    SOUND,
    WINDOW_SIZE,
    all_settings,
    option_setting,
)

DRAW = option_setting(DRAW_OPTION)


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def random_play(session: Session, rng: random.Random, steps: int, store: Store | None = None) -> None:
    """Random legal moves mixed with undo, redo and restart; saved after each action when a store is given."""
    for _ in range(steps):
        roll = rng.random()
        if roll < 0.15 and session.can_undo:
            session.undo()
        elif roll < 0.22 and session.can_redo:
            session.redo()
        elif roll < 0.25 and session.state != session.initial:
            session.restart()
        else:
            moves = list(session.rules.legal_moves(session.state))
            if not moves or session.is_won:
                break
            session.play(rng.choice(moves))
        if store is not None:
            assert store.save_game(session)


def history(session: Session) -> list[object]:
    """Every position of the timeline, read through undo and redo only (public behaviour)."""
    cursor = session.position_in_history
    undos = session.undos
    while session.can_undo:
        session.undo()
    states = [session.state]
    while session.can_redo:
        states.append(session.redo())
    while session.position_in_history > cursor:
        session.undo()
    session.undos = undos
    return states


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


# -- where the data lives ----------------------------------------------------------------------------


def test_data_dir_argument_beats_environment_beats_platform(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV_VAR, raising=False)
    assert resolve_data_dir(None) == Path(platformdirs.user_data_dir("solitaire-suite", appauthor=False))
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "env"))
    assert resolve_data_dir(None) == tmp_path / "env"
    assert resolve_data_dir(str(tmp_path / "arg")) == tmp_path / "arg"


def test_open_store_uses_the_environment_variable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "from-env"))
    store, message = open_store(None)
    store.close()
    assert message is None
    assert (tmp_path / "from-env" / DB_NAME).is_file()


def test_new_database_is_wal_at_the_current_schema_version(data_dir: Path) -> None:
    store, message = open_store(data_dir)
    assert message is None and store.persistent and store.path == data_dir / DB_NAME
    store.close()
    with sqlite3.connect(data_dir / DB_NAME) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert raw.execute("PRAGMA user_version").fetchone()[0] == len(store_schema.MIGRATIONS) >= 1



def test_an_opened_store_proves_it_can_write_and_commits_at_normal_synchronous(data_dir: Path) -> None:
    """The proof write at opening goes unsynced (no fsync before the first frame); every commit after it
    is back at NORMAL, where a power cut may lose the last commits but never corrupts the file."""
    open_store(data_dir)[0].close()
    store, _ = open_store(data_dir)
    assert store._conn.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL
    assert store._conn.execute("SELECT value FROM meta WHERE key = 'last_opened'").fetchone() is not None
    store.close()

# -- the game in progress ------------------------------------------------------------------------------


def test_resume_restores_position_and_the_whole_undo_redo_history(data_dir: Path) -> None:
    clock = FakeClock()
    session = Session(find_variant("freecell"), 617, clock=clock)
    store, _ = open_store(data_dir)
    script = ["3a", "3b", "3c", "undo", "undo", "redo", "restart", "6a", "6b", "undo", "undo"]
    for step in script:
        if step == "undo":
            session.undo()
        elif step == "redo":
            session.redo()
        elif step == "restart":
            session.restart()
        else:
            session.play(Move.parse(step))
        clock.now += 7
        assert store.save_game(session)
    session.hints = 2
    assert store.save_game(session)  # on quit
    store.close()
    assert session.can_undo and session.can_redo  # the test really covers both directions

    clock.now = 5000.0  # the program was closed for a while: that time does not count
    store, message = open_store(data_dir)
    resumed, problem = store.load_game(clock=clock)
    store.close()
    assert message is None and problem is None and resumed is not None
    assert resumed.variant.key == "freecell" and resumed.deal_number == 617
    assert resumed.state == session.state
    assert resumed.position_in_history == session.position_in_history
    assert resumed.actions == session.actions
    assert RESTART in resumed.actions
    assert (resumed.undos, resumed.hints, resumed.move_count) == (session.undos, session.hints, session.move_count)
    # playing time, not time away: counted from the first move after the restart (four steps of 7 s)
    assert resumed.elapsed == pytest.approx(4 * 7)
    assert history(resumed) == history(session)
    resumed.redo()
    session.redo()
    assert resumed.state == session.state


@pytest.mark.parametrize("key", [v.key for v in all_variants()] + ["freecell:3x10", "bakers-game:2x6"])
def test_every_game_resumes_after_random_play(data_dir: Path, key: str) -> None:
    rng = random.Random(key)
    session = Session(find_variant(key), rng.randint(1, 32000))
    store, _ = open_store(data_dir)
    random_play(session, rng, 80, store)
    store.close()
    store, _ = open_store(data_dir)
    resumed, problem = store.load_game()
    store.close()
    assert problem is None and resumed is not None
    assert resumed.variant == session.variant
    assert resumed.actions == session.actions and len(resumed.actions) > 2
    assert resumed.automatic == session.automatic
    assert resumed.position_in_history == session.position_in_history
    assert history(resumed) == history(session)


def test_a_resumed_game_undoes_a_whole_turn_as_the_original_does(data_dir: Path) -> None:
    rng = random.Random(7)
    session = Session(find_variant("freecell"), 1)  # auto-play on: it sends cards home after some moves
    store, _ = open_store(data_dir)
    for _ in range(1000):
        if session.automatic and session.automatic[-1]:
            break
        session.play(rng.choice(list(session.rules.legal_moves(session.state))))
        assert store.save_game(session)
    store.close()
    assert session.automatic[-1], "no move in this game was followed by auto-play"
    store, _ = open_store(data_dir)
    resumed, _ = store.load_game()
    store.close()
    assert resumed is not None and resumed.automatic == session.automatic
    at = session.position_in_history
    session.undo()
    resumed.undo()
    assert at - session.position_in_history >= 2  # the move and the card(s) auto-play sent home
    assert resumed.position_in_history == session.position_in_history and resumed.state == session.state


def test_saving_a_move_appends_it_instead_of_rewriting_the_history(data_dir: Path) -> None:
    rng = random.Random(4)
    session = Session(find_variant("freecell"), 11982, autoplay=False)
    store, _ = open_store(data_dir)
    random_play(session, rng, 4, store)
    while session.can_redo:
        session.redo()
    statements: list[str] = []
    store._conn.set_trace_callback(statements.append)

    def inserts() -> int:
        return sum(s.lstrip().upper().startswith("INSERT INTO SAVED_GAME_ACTIONS") for s in statements)

    move = next(iter(session.rules.legal_moves(session.state)))
    session.play(move)
    assert store.save_game(session)
    assert inserts() == 1
    statements.clear()
    session.undo()
    assert store.save_game(session)
    assert inserts() == 0  # undo moves the cursor only; the move stays for redo
    statements.clear()
    other = next(m for m in session.rules.legal_moves(session.state) if m != move)
    session.play(other)  # drops the redo entry
    assert store.save_game(session)
    assert inserts() == 1
    assert any(s.upper().startswith("DELETE FROM SAVED_GAME_ACTIONS WHERE SLOT") and "SEQ >=" in s.upper() for s in statements)
    store._conn.set_trace_callback(None)
    store.close()
    store, _ = open_store(data_dir)
    resumed, _ = store.load_game(autoplay=False)
    assert resumed is not None and resumed.actions == session.actions
    store.close()


def test_two_copies_each_keep_their_own_game_and_the_next_start_loses_neither(data_dir: Path) -> None:
    first, _ = open_store(data_dir)
    second, _ = open_store(data_dir)
    a = Session(find_variant("freecell"), 1)
    b = Session(find_variant("bakers-game"), 2)
    random_play(a, random.Random(1), 20, first)
    random_play(b, random.Random(2), 20, second)  # the second copy saves in a slot of its own
    random_play(a, random.Random(3), 5, first)  # the first carries on appending to its own slot
    third, _ = open_store(data_dir)
    assert third.load_game() == (None, None)  # both games are being played: a third window starts a new one
    third.close()
    second.close()
    first.close()  # the first copy saved last

    store, message = open_store(data_dir)
    resumed, note = store.load_game()
    assert message is None and resumed is not None
    assert resumed.variant.key == "freecell" and resumed.actions == a.actions
    assert history(resumed) == history(a)
    expected = "won" if b.is_won else "lost" if b.is_lost else "abandoned"
    assert note is not None and f"Baker's Game #2 ({expected})" in note and "\n" not in note
    records = store.games("bakers-game")
    assert [(r.deal, r.result, r.moves, r.undos) for r in records] == [(2, expected, b.move_count, b.undos)]
    store.close()
    store, _ = open_store(data_dir)
    again, note = store.load_game()  # the resumed game stays saved; the other was counted once only
    assert again is not None and again.actions == a.actions and note is None
    assert store.statistics("bakers-game").played == 1
    store.close()


def test_recording_a_game_clears_its_save_but_not_another_deals(data_dir: Path) -> None:
    store, _ = open_store(data_dir)
    playing = Session(find_variant("freecell"), 5)
    random_play(playing, random.Random(5), 10, store)
    other = Session(find_variant("freecell"), 6)
    random_play(other, random.Random(6), 3)
    assert store.record_game(other, "abandoned")
    assert store.load_game()[0] is not None
    assert store.record_game(playing, "lost")
    assert store.load_game() == (None, None)
    store.close()


def test_an_abandoned_game_without_a_move_is_not_counted(data_dir: Path) -> None:
    store, _ = open_store(data_dir)
    assert not store.record_game(Session(find_variant("golf"), 3), "abandoned")
    assert store.statistics("golf").played == 0
    with pytest.raises(ValueError):
        store.record_game(Session(find_variant("golf"), 3), "quit")  # type: ignore[arg-type]
    store.close()


@pytest.mark.parametrize(
    "damage, sql",
    [
        ("an illegal move", "UPDATE saved_game_actions SET action = '1h' WHERE seq = 0"),
        ("a move that is not notation", "UPDATE saved_game_actions SET action = 'zz9' WHERE seq = 1"),
        ("a game that no longer exists", "UPDATE saved_games SET game_key = 'calculation'"),
        ("a missing action", "DELETE FROM saved_game_actions WHERE seq = 2"),
        ("a cursor past the end", "UPDATE saved_games SET cursor = 999"),
        ("a deal out of range", "UPDATE saved_games SET deal = -4"),
    ],
)
def test_a_saved_game_that_no_longer_replays_is_set_aside(data_dir: Path, damage: str, sql: str) -> None:
    store, _ = open_store(data_dir)
    session = Session(find_variant("freecell"), 164, autoplay=False)
    for text in ("3a", "3b", "5c", "6d"):
        session.play(Move.parse(text))
    assert store.save_game(session)
    store.close()
    with sqlite3.connect(data_dir / DB_NAME) as raw:
        raw.execute(sql)
    store, message = open_store(data_dir)
    assert message is None
    resumed, problem = store.load_game()
    assert resumed is None
    assert problem is not None and "set aside" in problem and "\n" not in problem
    assert store.load_game() == (None, None)  # the next start begins a new game, quietly
    kept = store._conn.execute("SELECT reason, actions FROM set_aside_games").fetchall()
    assert len(kept) == 1 and kept[0][0]
    store.close()


# -- damaged, unwritable, newer ------------------------------------------------------------------------


def filled_store(data_dir: Path, games: int = 200) -> None:
    store, _ = open_store(data_dir)
    session = Session(find_variant("freecell"), 9)
    random_play(session, random.Random(9), 10, store)
    for _ in range(games):
        store.record_game(session, "lost")
    store.close()


@pytest.mark.parametrize(
    "damage",
    ["truncated to half", "truncated to one page", "garbage bytes", "a page overwritten", "the last page zeroed"],
)
def test_a_damaged_database_is_moved_aside_with_the_date_and_a_fresh_one_starts(data_dir: Path, damage: str) -> None:
    filled_store(data_dir)
    path = data_dir / DB_NAME
    data = path.read_bytes()
    assert len(data) > 8 * 4096
    if damage == "truncated to half":
        damaged = data[: len(data) // 2]
    elif damage == "truncated to one page":
        damaged = data[:4096]
    elif damage == "garbage bytes":
        damaged = random.Random(1).randbytes(len(data))
    elif damage == "a page overwritten":
        damaged = data[:4096 * 3] + b"\xa5" * 4096 + data[4096 * 4:]
    else:  # a page nothing reads at start-up: only a full check finds it
        damaged = data[:-4096] + bytes(4096)
    path.write_bytes(damaged)

    store, message = open_store(data_dir)
    today = datetime.now().strftime("%Y-%m-%d")
    aside = [p for p in data_dir.iterdir() if p.name.startswith("solitaire.damaged-")]
    assert len(aside) == 1 and today in aside[0].name and aside[0].suffix == ".sqlite3"
    assert aside[0].read_bytes() == damaged  # kept as it was, for whoever wants to look
    assert message is not None and aside[0].name in message and "\n" not in message
    assert store.persistent
    assert store.statistics("freecell").played == 0
    assert store.record_game(Session(find_variant("freecell"), 9), "won")
    store.close()
    store, message = open_store(data_dir)
    assert message is None and store.statistics("freecell").won == 1
    store.close()


def test_a_database_of_another_program_is_moved_aside(data_dir: Path) -> None:
    data_dir.mkdir()
    with sqlite3.connect(data_dir / DB_NAME) as raw:
        raw.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT)")
    store, message = open_store(data_dir)
    assert message is not None and "solitaire.damaged-" in message
    assert store.persistent and store.statistics("freecell").played == 0
    store.close()


def test_two_damaged_files_in_one_second_get_different_names(data_dir: Path) -> None:
    for _ in range(2):
        data_dir.mkdir(exist_ok=True)
        (data_dir / DB_NAME).write_bytes(b"not a database at all" * 100)
        store, message = open_store(data_dir)
        assert message is not None
        store.close()
    assert len([p for p in data_dir.iterdir() if ".damaged-" in p.name]) == 2


def test_a_damaged_file_already_replaced_by_another_copy_is_left_alone(data_dir: Path) -> None:
    data_dir.mkdir()
    path = data_dir / DB_NAME
    path.write_bytes(b"garbage" * 1000)
    found_damaged = path.stat().st_ino
    other_copy_moved_it = data_dir / "elsewhere"
    path.rename(other_copy_moved_it)
    store, message = open_store(data_dir)  # the other copy's fresh file
    store.close()
    assert store_file.set_aside(path, found_damaged) is None
    assert path.exists() and not [p for p in data_dir.iterdir() if ".damaged-" in p.name]


def check_plays_without_saving(store: Store, message: str | None) -> None:
    assert message is not None and "nothing will be saved" in message and "\n" not in message
    assert not store.persistent and store.path is None
    session = Session(find_variant("freecell"), 1)
    random_play(session, random.Random(1), 10, store)  # asserts each save succeeds, in memory
    assert store.load_game()[0] is not None
    assert store.record_game(session, "won") and store.statistics("freecell").won == 1
    store.settings.set(SOUND, False)
    assert store.settings.get(SOUND) is False
    assert store.take_problem() is None
    store.close()


def test_a_data_dir_that_cannot_be_created_plays_without_saving(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("a regular file where a directory should be")
    store, message = open_store(blocker / "data")
    check_plays_without_saving(store, message)
    assert blocker.read_text().startswith("a regular file")


def test_a_database_path_that_cannot_be_opened_plays_without_saving(data_dir: Path) -> None:
    (data_dir / DB_NAME).mkdir(parents=True)  # a directory where the file should be
    store, message = open_store(data_dir)
    check_plays_without_saving(store, message)
    assert (data_dir / DB_NAME).is_dir()  # not "moved aside": it is not a damaged database


def test_a_database_from_a_newer_version_is_left_alone(data_dir: Path) -> None:
    filled_store(data_dir, games=3)
    with sqlite3.connect(data_dir / DB_NAME) as raw:
        raw.execute("PRAGMA user_version = 99")
    before = (data_dir / DB_NAME).read_bytes()
    store, message = open_store(data_dir)
    assert message is not None and "newer version" in message
    assert not store.persistent
    store.close()
    assert (data_dir / DB_NAME).read_bytes() == before
    assert not [p for p in data_dir.iterdir() if ".damaged-" in p.name]


def test_a_write_failing_while_playing_becomes_one_message_not_a_crash(data_dir: Path) -> None:
    store, _ = open_store(data_dir)
    store._conn.execute("PRAGMA query_only = ON")  # every write now fails, as on a full disk
    session = Session(find_variant("freecell"), 3)
    session.play(next(iter(session.rules.legal_moves(session.state))))
    assert store.save_game(session) is False
    assert store.save_game(session) is False
    assert store.record_game(session, "lost") is False
    store.settings.set(SOUND, False)
    problems = []
    while (more := store.take_problem()) is not None:
        problems.append(more)
    assert [p.failed for p in problems if isinstance(p, Problem)] == [Failed.SAVE_GAME, Failed.RECORD, Failed.SAVE_SETTINGS]
    assert len(problems) == 3  # once per kind of failure, not once per attempt
    assert "save the game in progress" in str(problems[0])  # worded when said
    store.close()


# -- schema versions -----------------------------------------------------------------------------------

# Version 1 exactly as it shipped, written by hand so a change to the schema without a migration fails here.
V1_BY_HAND = [
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    (
        "CREATE TABLE games (id INTEGER PRIMARY KEY, game_key TEXT NOT NULL, options TEXT NOT NULL,"
        " deal INTEGER NOT NULL, result TEXT NOT NULL CHECK (result IN ('won', 'lost', 'abandoned')), moves INTEGER NOT NULL,"
        " seconds REAL NOT NULL, finished_at TEXT NOT NULL, hints INTEGER NOT NULL, undos INTEGER NOT NULL)"
    ),
    "CREATE INDEX games_by_key ON games (game_key, id)",
    (
        "CREATE TABLE saved_game (id INTEGER PRIMARY KEY CHECK (id = 1), token TEXT NOT NULL, game_key TEXT NOT NULL,"
        " deal INTEGER NOT NULL, cursor INTEGER NOT NULL, action_count INTEGER NOT NULL, seconds REAL NOT NULL,"
        " undos INTEGER NOT NULL, hints INTEGER NOT NULL, saved_at TEXT NOT NULL)"
    ),
    "CREATE TABLE saved_actions (seq INTEGER PRIMARY KEY, action TEXT NOT NULL)",
    (
        "CREATE TABLE set_aside_games (id INTEGER PRIMARY KEY, set_aside_at TEXT NOT NULL, reason TEXT NOT NULL,"
        " game_key TEXT, deal INTEGER, cursor INTEGER, actions TEXT)"
    ),
    "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "INSERT INTO games VALUES (1, 'freecell', '{}', 617, 'won', 90, 245.0, '2024-01-01T10:00:00+00:00', 0, 3)",
    "INSERT INTO games VALUES (2, 'freecell', '{}', 618, 'lost', 40, 100.0, '2024-01-02T10:00:00+00:00', 1, 0)",
    "INSERT INTO saved_game VALUES (1, 'abc', 'freecell', 617, 2, 3, 12.5, 1, 0, '2024-01-03T10:00:00+00:00')",
    "INSERT INTO saved_actions VALUES (0, '3a'), (1, '3b'), (2, 'restart')",
    "INSERT INTO settings VALUES ('sound', 'false'), ('window_size', '[1024, 700]')",
    "PRAGMA user_version = 1",
]


def make_v1_database(data_dir: Path) -> Path:
    data_dir.mkdir(parents=True, exist_ok=True)
    path = data_dir / DB_NAME
    with sqlite3.connect(path) as raw:
        for statement in V1_BY_HAND:
            raw.execute(statement)
    return path


def test_a_hand_made_version_1_database_is_read_as_it_was_written(data_dir: Path) -> None:
    make_v1_database(data_dir)
    store, message = open_store(data_dir)
    assert message is None
    stats = store.statistics("freecell")
    assert (stats.played, stats.won, stats.best_seconds, stats.fewest_moves) == (2, 1, 245.0, 90)
    session, problem = store.load_game()
    assert problem is None and session is not None
    assert session.deal_number == 617 and session.position_in_history == 2 and session.actions[-1] == RESTART
    assert session.undos == 1
    assert session.automatic == [False, False, False]  # version 1 kept no flags: all the player's own
    session.undo()
    assert session.position_in_history == 1  # so undo steps back one entry, as it did then
    assert store.settings.get(SOUND) is False and store.settings.get(WINDOW_SIZE) == (1024, 700)
    store.close()


def test_the_columns_every_open_checks_are_those_the_migrations_make() -> None:
    made = store_schema.made_by_migrations()
    assert {table: columns for table, (columns, _statements) in made.items()} == store_schema.COLUMNS


def test_a_new_database_gets_the_tables_the_migrations_make() -> None:
    """A new file (or the window's store in memory) is made at CURRENT_VERSION at once: the same
    tables, columns, constraints and index as running the migrations one by one."""

    def plain(statement: str) -> str:
        return re.sub(r"\s*([(),])\s*", r"\1", " ".join(statement.replace('"', "").split()))

    made = store_schema.made_by_migrations()
    fresh = sqlite3.connect(":memory:", isolation_level=None)
    store_schema.upgrade(fresh)
    assert fresh.execute("PRAGMA user_version").fetchone()[0] == len(store_schema.MIGRATIONS)
    at_once = {row[0]: [] for row in fresh.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    for table in at_once:
        at_once[table] = [plain(row[0]) for row in fresh.execute(
            "SELECT sql FROM sqlite_master WHERE tbl_name = ? AND sql IS NOT NULL ORDER BY type = 'index'", (table,))]
    assert at_once == {table: [plain(statement) for statement in statements] for table, (_columns, statements) in made.items()}
    fresh.close()


def test_a_database_with_a_column_the_migrations_do_not_make_is_damaged(data_dir: Path) -> None:
    store, _ = open_store(data_dir)
    store.close()
    with sqlite3.connect(data_dir / DB_NAME) as raw:
        raw.execute("ALTER TABLE saved_games ADD COLUMN extra TEXT")
    store, message = open_store(data_dir)
    assert message is not None and "its saved_games table is not as this version made it" in message
    store.close()


def test_an_older_database_is_upgraded_keeping_its_data(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = make_v1_database(data_dir)

    def next_adds_a_note_to_games(conn: sqlite3.Connection) -> None:
        conn.execute("ALTER TABLE games ADD COLUMN note TEXT NOT NULL DEFAULT ''")
        conn.execute("UPDATE games SET note = 'from v1'")

    shipped = len(store_schema.MIGRATIONS)
    monkeypatch.setattr(store_schema, "MIGRATIONS", [*store_schema.MIGRATIONS, next_adds_a_note_to_games])
    monkeypatch.setitem(store_schema.COLUMNS, "games", (*store_schema.COLUMNS["games"], "note"))  # as its author writes it
    store, message = open_store(data_dir)
    assert message is None
    assert store.statistics("freecell").played == 2
    assert store.record_game(Session(find_variant("freecell"), 1), "won")  # the new column's default applies
    store.close()
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == len(store_schema.MIGRATIONS) == shipped + 1
        assert raw.execute("SELECT note FROM games ORDER BY id").fetchall() == [("from v1",), ("from v1",), ("",)]
    store, message = open_store(data_dir)  # a second start runs no migration again
    assert message is None
    store.close()


def test_a_failed_upgrade_changes_nothing(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = make_v1_database(data_dir)

    def v2_fails_half_way(conn: sqlite3.Connection) -> None:
        conn.execute("ALTER TABLE games ADD COLUMN note TEXT")
        conn.execute("INSERT INTO no_such_table VALUES (1)")

    monkeypatch.setattr(store_schema, "MIGRATIONS", [*store_schema.MIGRATIONS, v2_fails_half_way])
    store, message = open_store(data_dir)
    assert message is not None and "nothing will be saved" in message and not store.persistent
    store.close()
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == 1
        columns = [row[1] for row in raw.execute("PRAGMA table_info(games)")]
        assert "note" not in columns and raw.execute("SELECT count(*) FROM games").fetchone()[0] == 2


# -- settings ------------------------------------------------------------------------------------------


def test_settings_have_defaults_persist_and_are_typed(data_dir: Path) -> None:
    store, _ = open_store(data_dir)
    s = store.settings
    assert (s.get(SOUND), s.get(FULLSCREEN), s.get(DRAW), s.get(WINDOW_SIZE)) == (True, False, 1, None)
    assert s.get(ANIMATION_SPEED) == 1.0 and s.get(LAST_GAME) == "freecell"
    s.set(SOUND, False)
    s.set(DRAW, 3)
    s.set(ANIMATION_SPEED, 2)
    s.set(WINDOW_SIZE, (1280, 800))
    s.set(FULLSCREEN, True)
    s.set(LAST_GAME, "FreeCell:3x10")
    store.close()
    store, _ = open_store(data_dir)
    s = store.settings
    assert s.get(SOUND) is False and s.get(DRAW) == 3 and s.get(FULLSCREEN) is True
    assert s.get(ANIMATION_SPEED) == 2.0 and isinstance(s.get(ANIMATION_SPEED), float)
    assert s.get(WINDOW_SIZE) == (1280, 800)
    assert s.get(LAST_GAME) == "freecell:3x10"
    refused = [(SOUND, "yes"), (DRAW, 2), (WINDOW_SIZE, (10, 10)), (ANIMATION_SPEED, 0), (LAST_GAME, "calculation")]
    for setting, bad in refused:
        with pytest.raises(ValueError):
            s.set(setting, bad)  # type: ignore[arg-type]
    assert s.get(DRAW) == 3  # a refused value leaves the old one
    store.close()


def test_an_unreadable_setting_falls_back_to_its_default(data_dir: Path) -> None:
    store, _ = open_store(data_dir)
    store.close()
    with sqlite3.connect(data_dir / DB_NAME) as raw:
        raw.executemany(
            "INSERT INTO settings VALUES (?, ?)",
            [("sound", "{not json"), ("draw", "7"), ("window_size", '"big"'), ("last_game", '"calculation"')],
        )
    store, _ = open_store(data_dir)
    s = store.settings
    assert (s.get(SOUND), s.get(DRAW), s.get(WINDOW_SIZE), s.get(LAST_GAME)) == (True, 1, None, "freecell")
    store.close()


def test_the_language_setting_is_the_systems_or_a_language_the_program_speaks(data_dir: Path) -> None:
    assert LANGUAGE in all_settings() and LANGUAGE.name == "language"
    store, _ = open_store(data_dir)
    s = store.settings
    assert s.get(LANGUAGE) == ""  # the system's language
    s.set(LANGUAGE, "fr")
    assert s.get(LANGUAGE) == "fr"
    s.set(LANGUAGE, "de_AT.UTF-8")  # reduced as check_language reduces it
    assert s.get(LANGUAGE) == "de"
    for bad in ("xx", "klingon", 3, None):
        with pytest.raises(ValueError):
            s.set(LANGUAGE, bad)  # type: ignore[arg-type]
    assert s.get(LANGUAGE) == "de"  # a refused value leaves the old one
    s.set(LANGUAGE, "")
    assert s.get(LANGUAGE) == ""
    store.close()
    with sqlite3.connect(data_dir / DB_NAME) as raw:
        raw.execute("INSERT OR REPLACE INTO settings VALUES ('language', '\"tlh\"')")
    store, _ = open_store(data_dir)
    assert store.settings.get(LANGUAGE) == ""  # a stored code no catalogue serves gives the default
    store.close()


# -- two copies at once --------------------------------------------------------------------------------


def test_a_writer_waits_for_the_other_copys_transaction_instead_of_failing(data_dir: Path) -> None:
    store, _ = open_store(data_dir)
    other = sqlite3.connect(data_dir / DB_NAME, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")
    other.execute("INSERT INTO settings VALUES ('from-the-other-copy', '1')")
    threading.Timer(0.4, lambda: other.execute("COMMIT")).start()
    begun = time.monotonic()
    session = Session(find_variant("freecell"), 8)
    session.play(next(iter(session.rules.legal_moves(session.state))))
    assert store.record_game(session, "lost")
    assert time.monotonic() - begun >= 0.3  # it really waited for the lock
    assert store.take_problem() is None
    assert store.statistics("freecell").played == 1
    other.close()
    store.close()


WRITER = r"""
import os, random, sys, time
from game.session import Session
from game.families.klondike import DRAW as DRAW_OPTION
from solitaire.store.settings import option_setting
from solitaire.store import open_store
from game.variants import find_variant

DRAW = option_setting(DRAW_OPTION)
store, message = open_store(sys.argv[1])
assert message is None, message
open(sys.argv[3] + "." + sys.argv[2], "w").close()
while not os.path.exists(sys.argv[3]):  # start together
    time.sleep(0.005)
rng = random.Random(sys.argv[2])
session = Session(find_variant(sys.argv[2]), 3)
for i in range(120):
    moves = list(session.rules.legal_moves(session.state))
    if moves:
        session.play(rng.choice(moves))
        assert store.save_game(session), store.take_problem()
    assert store.record_game(session, "lost"), store.take_problem()
    store.settings.set(DRAW, 3)
    time.sleep(0.002)  # SQLite's busy wait lets one writer starve the other; a pause lets them take turns
store.close()
"""


def test_two_copies_writing_at_once_lose_and_corrupt_nothing(data_dir: Path) -> None:
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root)}
    go = data_dir.parent / "go"
    keys = ("freecell", "bakers-game")
    writers = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, str(data_dir), key, str(go)], cwd=root, env=env, stderr=subprocess.PIPE
        )
        for key in keys
    ]
    deadline = time.monotonic() + 30
    while not all(Path(f"{go}.{key}").exists() for key in keys) and time.monotonic() < deadline:
        time.sleep(0.005)
    go.touch()
    for writer in writers:
        _, err = writer.communicate(timeout=60)
        assert writer.returncode == 0, err.decode()
    with sqlite3.connect(data_dir / DB_NAME) as raw:
        assert raw.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    store, message = open_store(data_dir)
    assert message is None
    assert store.statistics("freecell").played == 120 and store.statistics("bakers-game").played == 120
    order = [record.game_key for record in store.games()]
    assert sum(a != b for a, b in itertools.pairwise(order)) > 2  # the two copies really wrote in turn
    store.close()


def test_the_stores_problems_are_worded_in_the_language_spoken_when_they_are_said() -> None:
    """Values, not sentences: a problem met in English is said in French after a switch."""
    from game.i18n import use_language

    full, refused = Problem(Failed.SAVE_GAME, disk_full=True), Problem(Failed.READ_SETTINGS, False, "database is locked")
    aside = SetAside(2, "row 7: a negative time, ...", kept=True)
    try:
        use_language("fr")
        said = [str(full), str(refused), str(aside)]
    finally:
        use_language("en")
    assert "disque" in said[0] and said[0] != str(full)
    assert "database is locked" in said[1] and said[1] != str(refused)
    assert said[2].startswith("2 ") and "row 7" in said[2] and said[2] != str(aside)
    assert str(SetAside(1, "row 7", kept=False)).startswith("1 recorded game held impossible values (row 7)")
