"""The store's tables, how each version reaches the next, and the one way to write to them.

Schema changes: append a function to MIGRATIONS, and write the columns it leaves into COLUMNS (a test
holds them equal; a new database is made from CURRENT_TABLES, which may be brought up to date with
CURRENT_VERSION, and then runs the migrations past it); each migration runs once, in the upgrade transaction, on a database at the
previous version, and PRAGMA user_version records the version reached. At every open the tables must
have exactly the columns the migrations make, or the file counts as damaged.

Every write is one short `BEGIN IMMEDIATE` transaction (`write`): the write lock is taken at the
start, so a second copy of the program waits on busy_timeout instead of failing half-way.
"""
from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime

from game.i18n import _

_V1_SCHEMA = (
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    """CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        game_key TEXT NOT NULL,
        options TEXT NOT NULL,
        deal INTEGER NOT NULL,
        result TEXT NOT NULL CHECK (result IN ('won', 'lost', 'abandoned')),
        moves INTEGER NOT NULL,
        seconds REAL NOT NULL,
        finished_at TEXT NOT NULL,
        hints INTEGER NOT NULL,
        undos INTEGER NOT NULL
    )""",
    "CREATE INDEX games_by_key ON games (game_key, id)",
    """CREATE TABLE saved_game (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        token TEXT NOT NULL,
        game_key TEXT NOT NULL,
        deal INTEGER NOT NULL,
        cursor INTEGER NOT NULL,
        action_count INTEGER NOT NULL,
        seconds REAL NOT NULL,
        undos INTEGER NOT NULL,
        hints INTEGER NOT NULL,
        saved_at TEXT NOT NULL
    )""",
    "CREATE TABLE saved_actions (seq INTEGER PRIMARY KEY, action TEXT NOT NULL)",
    """CREATE TABLE set_aside_games (
        id INTEGER PRIMARY KEY,
        set_aside_at TEXT NOT NULL,
        reason TEXT NOT NULL,
        game_key TEXT,
        deal INTEGER,
        cursor INTEGER,
        actions TEXT
    )""",
    "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
)


def _create_v1(conn: sqlite3.Connection) -> None:
    """Version 0 (an empty file) to 1. Statements run one by one: executescript would commit early."""
    if conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
        raise Damaged(_("it holds tables of some other program"))
    for statement in _V1_SCHEMA:
        conn.execute(statement)


def _v2_a_slot_per_copy(conn: sqlite3.Connection) -> None:
    """Version 1 to 2: a saved game per running copy, and each action's automatic flag.

    Version 1 had one slot, so a second copy's save replaced the first copy's game. It kept no flags:
    its actions count as the player's own (undo then steps one entry at a time, as it did then).
    """
    conn.execute(
        """CREATE TABLE saved_games (
            slot INTEGER PRIMARY KEY,
            owner TEXT NOT NULL UNIQUE,
            game_key TEXT NOT NULL,
            deal INTEGER NOT NULL,
            cursor INTEGER NOT NULL,
            action_count INTEGER NOT NULL,
            seconds REAL NOT NULL,
            undos INTEGER NOT NULL,
            hints INTEGER NOT NULL,
            saved_at TEXT NOT NULL
        )"""
    )
    conn.execute(
        """CREATE TABLE saved_game_actions (
            slot INTEGER NOT NULL,
            seq INTEGER NOT NULL,
            action TEXT NOT NULL,
            automatic INTEGER NOT NULL CHECK (automatic IN (0, 1)),
            PRIMARY KEY (slot, seq)
        ) WITHOUT ROWID"""
    )
    conn.execute(
        "INSERT INTO saved_games (slot, owner, game_key, deal, cursor, action_count, seconds, undos, hints, saved_at)"
        " SELECT 1, token, game_key, deal, cursor, action_count, seconds, undos, hints, saved_at FROM saved_game"
    )
    conn.execute(
        "INSERT INTO saved_game_actions (slot, seq, action, automatic)"
        " SELECT 1, seq, action, 0 FROM saved_actions WHERE EXISTS (SELECT 1 FROM saved_game)"
    )
    conn.execute("DROP TABLE saved_actions")
    conn.execute("DROP TABLE saved_game")


def _v3_finished_by_the_solver(conn: sqlite3.Connection) -> None:
    """Version 2 to 3: a game the solver finished is recorded as 'solved', not as a win, and a saved game
    keeps whether the solver played in it (so a game resumed and then won still counts as the solver's).

    SQLite cannot change a CHECK constraint in place: the games table is made anew and its rows copied.
    """
    conn.execute(
        """CREATE TABLE games_v3 (
            id INTEGER PRIMARY KEY,
            game_key TEXT NOT NULL,
            options TEXT NOT NULL,
            deal INTEGER NOT NULL,
            result TEXT NOT NULL CHECK (result IN ('won', 'lost', 'abandoned', 'solved')),
            moves INTEGER NOT NULL,
            seconds REAL NOT NULL,
            finished_at TEXT NOT NULL,
            hints INTEGER NOT NULL,
            undos INTEGER NOT NULL
        )"""
    )
    conn.execute(
        "INSERT INTO games_v3 SELECT id, game_key, options, deal, result, moves, seconds, finished_at, hints, undos FROM games"
    )
    conn.execute("DROP TABLE games")
    conn.execute("ALTER TABLE games_v3 RENAME TO games")
    conn.execute("CREATE INDEX games_by_key ON games (game_key, id)")
    conn.execute(
        "ALTER TABLE saved_games ADD COLUMN solver_played INTEGER NOT NULL DEFAULT 0 CHECK (solver_played IN (0, 1))"
    )


def _v4_scores(conn: sqlite3.Connection) -> None:
    """Version 3 to 4: a game's score and the way it was scored (`game.scoring`'s key), both NULL for
    a game played without a score (every game recorded before scoring)."""
    conn.execute("ALTER TABLE games ADD COLUMN scoring TEXT")
    conn.execute("ALTER TABLE games ADD COLUMN score INTEGER")


def _v5_the_deal_of_the_day(conn: sqlite3.Connection) -> None:
    """Version 4 to 5: the day a game was the deal of the day (ISO, 2026-12-06), on its record and its
    saved game, so the statistics count days played and won (NULL: any other deal, every older row)."""
    conn.execute("ALTER TABLE games ADD COLUMN daily TEXT")
    conn.execute("ALTER TABLE saved_games ADD COLUMN daily TEXT")


MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [
    _create_v1, _v2_a_slot_per_copy, _v3_finished_by_the_solver, _v4_scores, _v5_the_deal_of_the_day,
]

# The tables as the first CURRENT_VERSION migrations leave them, made at once in a new database (a
# player's first start, and the window's in-memory store at every start): running the migrations
# there cost some 8 million machine instructions, as each ALTER TABLE reads the whole schema again.
# A migration added later runs after these; tests/test_store.py holds them to what MIGRATIONS make.
CURRENT_VERSION = 5
CURRENT_TABLES = (
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    """CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        game_key TEXT NOT NULL,
        options TEXT NOT NULL,
        deal INTEGER NOT NULL,
        result TEXT NOT NULL CHECK (result IN ('won', 'lost', 'abandoned', 'solved')),
        moves INTEGER NOT NULL,
        seconds REAL NOT NULL,
        finished_at TEXT NOT NULL,
        hints INTEGER NOT NULL,
        undos INTEGER NOT NULL,
        scoring TEXT,
        score INTEGER,
        daily TEXT
    )""",
    "CREATE INDEX games_by_key ON games (game_key, id)",
    """CREATE TABLE set_aside_games (
        id INTEGER PRIMARY KEY,
        set_aside_at TEXT NOT NULL,
        reason TEXT NOT NULL,
        game_key TEXT,
        deal INTEGER,
        cursor INTEGER,
        actions TEXT
    )""",
    "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    """CREATE TABLE saved_games (
        slot INTEGER PRIMARY KEY,
        owner TEXT NOT NULL UNIQUE,
        game_key TEXT NOT NULL,
        deal INTEGER NOT NULL,
        cursor INTEGER NOT NULL,
        action_count INTEGER NOT NULL,
        seconds REAL NOT NULL,
        undos INTEGER NOT NULL,
        hints INTEGER NOT NULL,
        saved_at TEXT NOT NULL,
        solver_played INTEGER NOT NULL DEFAULT 0 CHECK (solver_played IN (0, 1)),
        daily TEXT
    )""",
    """CREATE TABLE saved_game_actions (
        slot INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        action TEXT NOT NULL,
        automatic INTEGER NOT NULL CHECK (automatic IN (0, 1)),
        PRIMARY KEY (slot, seq)
    ) WITHOUT ROWID""",
)


def _create_current(conn: sqlite3.Connection) -> None:
    """Version 0 (an empty file) to CURRENT_VERSION at once, as `_create_v1` is to version 1."""
    if conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
        raise Damaged(_("it holds tables of some other program"))
    for statement in CURRENT_TABLES:
        conn.execute(statement)

# Tables whose loss costs little (the defaults, an empty slot list, no notes): a file missing one of them
# gets it back empty, rather than being set aside whole with the statistics in it. A file without its
# games table has nothing left worth keeping in place and counts as damaged (the file is kept aside).
RECREATED_WHEN_MISSING = ("meta", "settings", "saved_games", "saved_game_actions", "set_aside_games")

# Each table's columns, in order, as MIGRATIONS leave them: what `check` holds an opened file to.
# Written out, because finding them by running the migrations on a scratch database (as
# made_by_migrations does) took a millisecond of every start; a test holds the two equal.
COLUMNS: dict[str, tuple[str, ...]] = {
    "meta": ("key", "value"),
    "set_aside_games": ("id", "set_aside_at", "reason", "game_key", "deal", "cursor", "actions"),
    "settings": ("key", "value"),
    "saved_games": (
        "slot", "owner", "game_key", "deal", "cursor", "action_count", "seconds", "undos", "hints", "saved_at", "solver_played",
        "daily",
    ),
    "saved_game_actions": ("slot", "seq", "action", "automatic"),
    "games": (
        "id", "game_key", "options", "deal", "result", "moves", "seconds", "finished_at", "hints", "undos", "scoring", "score",
        "daily",
    ),
}


class Damaged(Exception):
    """The file is not a usable database of ours; it will be moved aside. The text says why, in one line."""


class NewerSchema(Exception):
    """Written by a newer version: left untouched, and this run saves nothing."""


def now(timespec: str = "seconds") -> str:
    """A timestamp as the tables keep it: UTC in ISO form, so text order is time order on any machine."""
    return datetime.now(UTC).isoformat(timespec=timespec)


@contextmanager
def write(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One write transaction. IMMEDIATE takes the write lock first, so busy_timeout applies: a
    deferred transaction that later needs to write fails at once with "database is locked" in WAL."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
        conn.execute("COMMIT")
    except BaseException:
        _rollback(conn)
        raise


def _rollback(conn: sqlite3.Connection) -> None:
    """End a failed transaction so the connection stays usable for the next one."""
    try:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
    except sqlite3.Error:
        pass  # the original error is the one worth reporting


def check(conn: sqlite3.Connection) -> None:
    """Raise Damaged unless the file reads back whole and has our tables, upgraded to this version."""
    if [row[0] for row in conn.execute("PRAGMA quick_check")] != ["ok"]:
        raise Damaged(_("it fails SQLite's integrity check"))
    upgrade(conn)
    _recreate_missing(conn)
    for table, columns in COLUMNS.items():
        found = tuple(row[0] for row in conn.execute("SELECT name FROM pragma_table_info(?) ORDER BY cid", (table,)))
        if found != columns:
            # quick_check does not look at the schema: without this, every later read fails instead
            # TRANSLATORS: {table} is the name of a table in the database file, as it is (games, settings...)
            text = _("its {table} table is not as this version made it") if found else _("its {table} table is missing")
            raise Damaged(text.format(table=table))


def _recreate_missing(conn: sqlite3.Connection) -> None:
    """Make again, empty, the tables of RECREATED_WHEN_MISSING that a file lacks (see there)."""
    present = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    missing = [table for table in RECREATED_WHEN_MISSING if table in COLUMNS and table not in present]
    if not missing or "games" not in present:
        return
    made = made_by_migrations()
    with write(conn):
        for table in missing:
            for statement in made[table][1]:
                conn.execute(statement)


def made_by_migrations() -> dict[str, tuple[tuple[str, ...], list[str]]]:
    """Each table's columns as MIGRATIONS make them, and the statements that make it (the table's,
    then its indexes'), found by running them on an empty database."""
    scratch = sqlite3.connect(":memory:", isolation_level=None)
    try:
        for migrate in MIGRATIONS:
            migrate(scratch)
        tables = [row[0] for row in scratch.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {
            table: (
                tuple(row[0] for row in scratch.execute("SELECT name FROM pragma_table_info(?) ORDER BY cid", (table,))),
                [row[0] for row in scratch.execute(
                    "SELECT sql FROM sqlite_master WHERE tbl_name = ? AND sql IS NOT NULL ORDER BY type = 'index'", (table,)
                )],
            )
            for table in tables
        }
    finally:
        scratch.close()


def upgrade(conn: sqlite3.Connection) -> None:
    """Bring the schema to len(MIGRATIONS), all steps in one transaction (all or nothing).

    The version number is only a label on the tables: one that does not fit them (-1, or 1 on this
    version's tables, written by hand or by another tool) must not run migrations again, which failed
    on "duplicate column name". Tables already as this version makes them get the label put right; a
    negative number on other tables is no version at all, and the file Damaged (it is kept aside). A
    migration that fails (say, a bug in one) leaves the file as it was: it is read, and nothing is saved.
    """
    target = len(MIGRATIONS)
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version > target:
        raise NewerSchema(version)
    if version == target:
        return
    with write(conn):
        version = conn.execute("PRAGMA user_version").fetchone()[0]  # another copy may have upgraded
        if version > target:
            raise NewerSchema(version)
        if version != target and has_current_tables(conn):
            conn.execute(f"PRAGMA user_version = {target}")
            return
        if version < 0:
            raise Damaged(_("its version number {version} is not one this program writes").format(version=version))
        first = version
        if version == 0 and len(MIGRATIONS) >= CURRENT_VERSION:
            _create_current(conn)
            first = CURRENT_VERSION
        for migrate in MIGRATIONS[first:]:
            migrate(conn)
        if version != target:
            conn.execute(f"PRAGMA user_version = {target}")


def has_current_tables(conn: sqlite3.Connection) -> bool:
    """Whether every table is there with exactly the columns this version makes."""
    return all(
        tuple(row[0] for row in conn.execute("SELECT name FROM pragma_table_info(?) ORDER BY cid", (table,))) == columns
        for table, columns in COLUMNS.items()
    )
