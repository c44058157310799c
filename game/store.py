"""Statistics, the games in progress and the settings, in one SQLite file that a crash cannot damage.

Where: `resolve_data_dir(explicit)` picks the directory — the `--data-dir` argument, else the
SOLITAIRE_DATA_DIR environment variable, else platformdirs' user data directory for
"solitaire-suite" (Linux ~/.local/share/solitaire-suite, macOS ~/Library/Application Support/
solitaire-suite, Windows %LOCALAPPDATA%\\solitaire-suite). The file is `solitaire.sqlite3`.

API (the window, the console and the `stats` command all use this):

    store, message = open_store(data_dir)      # message: one line to show the player, or None
    store, message = open_store(data_dir, purpose="stats")   # the same, worded for the `stats` command
    store.save_game(session)                   # after every move, undo, redo, restart; and on quit
    session, message = store.load_game()       # at start: the game in progress, exactly as it was
    message = store.abandon_saved_games()      # at start, when the player named a new game instead
    store.record_game(session, "won")          # or "lost", "abandoned"; clears the save if it is this deal
    store.statistics("freecell") -> Stats      store.all_statistics() -> {key: Stats}
    store.games(key=None) -> [GameRecord]      store.reset_statistics(key or None) -> rows removed
    store.settings.get(SOUND) / .set(SOUND, False)   (see game.settings)
    store.take_message() -> str | None         # a problem met while playing (disk full, ...), once
    store.persistent, store.path, store.close()

One Store per thread (sqlite3 connections stay in the thread that opened them); every call is short.

Never a crash, never a lost database:
- Every write is one short `BEGIN IMMEDIATE` transaction (the write lock is taken at the start, so a
  second copy of the program waits on busy_timeout instead of failing half-way). WAL mode lets one
  copy read while the other writes. Saving a move appends its notation (and whether auto-play made
  it, so a resumed game undoes a turn at a time as before) and rewrites one small header row; the
  history is written whole only on the first save of a session.
- synchronous=NORMAL: in WAL mode a committed transaction survives the program being killed at any
  moment (it is in the WAL, which the OS keeps), and a power cut can only lose the last commits,
  never corrupt the file. FULL would add an fsync to every move on the window's thread, a visible
  stutter on slow disks, to protect a few seconds of solitaire against power loss. Not worth it.
- A new database is made under a temporary name and linked into place whole, so an empty file can
  only be a lost one. A damaged file (garbage, truncated, emptied, not ours, or tables that are not
  as this version made them) is renamed `solitaire.damaged-<date>.sqlite3` beside it, with its
  -wal/-shm, and a fresh database starts; the message says so.
- A database that cannot be written (a read-only file or folder) is read into memory: statistics and
  the saved game are there, `persistent` is False, and the message says nothing will be saved. A
  folder that cannot be made, a file that cannot be read, or one from a newer version gives an empty
  in-memory store with the same interface. Errors while playing become `take_message()` lines.
- A saved game that no longer replays is moved to the `set_aside_games` table (kept for a bug report)
  and `load_game` returns a message instead of a session.

Two copies running at once lose nothing: each open Store is one running copy with a random token,
and it holds an OS lock on `running/<token>.lock` in the data folder for as long as it runs (the OS
drops the lock however the process ends, SIGKILL included). Each copy saves into its own slot, a
`saved_games` row it owns, so neither overwrites the other. `load_game` takes the most recent slot
whose owner is no longer running and makes it this copy's; the slots of other copies that have
stopped are counted in the statistics (abandoned, or won or lost as they stand) in the same
transaction, and the message says so. A game a running copy is playing is never taken: a second
window starts a new game rather than playing the same one twice.

Schema changes: append a function to MIGRATIONS; each runs once, in the upgrade transaction, on a
database at the previous version, and PRAGMA user_version records the version reached. At every open
the tables must have exactly the columns the migrations make, or the file counts as damaged.
"""
from __future__ import annotations

import functools
import json
import os
import secrets
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import BinaryIO, Literal, Self

import platformdirs

from .moves import Move
from .session import RESTART, Action, Session
from .settings import Settings
from .stats import ABANDONED, LOST, RESULTS, WON, GameRecord, Result, Stats, compute_stats
from .variants import UnknownGame, Variant, find_variant

APP_NAME = "solitaire-suite"
ENV_VAR = "SOLITAIRE_DATA_DIR"
DB_NAME = "solitaire.sqlite3"
RUNNING_DIR = "running"
BUSY_TIMEOUT_MS = 5000
STALE_TEMP_SECONDS = 60  # a half-made new database older than this was left by a copy that was killed

Purpose = Literal["play", "stats"]

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
        raise _Damaged("it holds tables of some other program")
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


MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_create_v1, _v2_a_slot_per_copy]


class _Damaged(Exception):
    """The file is not a usable database of ours; it will be moved aside. The text says why, in one line."""


class _NewerSchema(Exception):
    """Written by a newer version: left untouched, and this run saves nothing."""


def _now(timespec: str = "seconds") -> str:
    return datetime.now(UTC).isoformat(timespec=timespec)


def _is_damage(error: sqlite3.Error) -> bool:
    name = getattr(error, "sqlite_errorname", "") or ""
    return name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB"))


def resolve_data_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """The data directory: `--data-dir` beats SOLITAIRE_DATA_DIR beats the platform's user data dir.

    Tests and portable installs need the override; the environment variable lets a launcher or a
    test harness redirect every command at once without touching their arguments.
    """
    if explicit:
        return Path(explicit).expanduser()
    from_env = os.environ.get(ENV_VAR)
    if from_env:
        return Path(from_env).expanduser()
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


@contextmanager
def _write(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
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


# -- opening, checking and upgrading the file ----------------------------------------------------------


def _connect(path: Path) -> sqlite3.Connection:
    """A checked, current, writable connection to `path`, made first when there is no file."""
    try:
        empty = path.stat().st_size == 0 and path.is_file()
    except FileNotFoundError:
        _create(path)
        empty = False
    if empty:
        raise _Damaged("the file was empty")
    conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
    try:
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        conn.execute("PRAGMA journal_mode = WAL")  # the first read of the file: garbage fails here
        conn.execute("PRAGMA synchronous = NORMAL")
        _check(conn)
        with _write(conn):  # prove now that we can write, rather than failing on the first move
            conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('last_opened', ?)", (_now(),))
    except BaseException:
        conn.close()
        raise
    return conn


def _create(path: Path) -> None:
    """Make a fresh database under a temporary name, then link it into place whole.

    A copy killed while creating leaves no empty file at `path`, so an empty file there is always
    lost data, reported rather than silently replaced. When two copies create at once, the second
    link fails and that copy uses the first one's file.
    """
    for stale in path.parent.glob(f"{path.name}.new-*"):
        try:
            if time.time() - stale.stat().st_mtime > STALE_TEMP_SECONDS:
                stale.unlink()
        except OSError:
            pass  # another copy cleared it first
    temp = path.with_name(f"{path.name}.new-{secrets.token_hex(4)}")
    try:
        conn = sqlite3.connect(str(temp), isolation_level=None)
        try:
            conn.execute("PRAGMA journal_mode = WAL")
            _upgrade(conn)
        finally:
            conn.close()  # the last connection folds the WAL into the file and removes it
        try:
            os.link(temp, path)
        except FileExistsError:
            pass  # another copy made it first: this one uses theirs
        except OSError:  # a file system without hard links (FAT, some network shares)
            if not path.exists():
                os.rename(temp, path)
    finally:
        temp.unlink(missing_ok=True)


def _check(conn: sqlite3.Connection) -> None:
    """Raise _Damaged unless the file reads back whole and has our tables, upgraded to this version."""
    if [row[0] for row in conn.execute("PRAGMA quick_check")] != ["ok"]:
        raise _Damaged("it fails SQLite's integrity check")
    _upgrade(conn)
    for table, columns in _expected_schema(tuple(MIGRATIONS)).items():
        found = [row[0] for row in conn.execute("SELECT name FROM pragma_table_info(?) ORDER BY cid", (table,))]
        if found != columns:
            # quick_check does not look at the schema: without this, every later read fails instead
            raise _Damaged(f"its {table} table is not as this version made it" if found else f"its {table} table is missing")


@functools.cache
def _expected_schema(migrations: tuple[Callable[[sqlite3.Connection], None], ...]) -> dict[str, list[str]]:
    """Each table's columns as the migrations make them, found by running them on an empty database."""
    scratch = sqlite3.connect(":memory:", isolation_level=None)
    try:
        for migrate in migrations:
            migrate(scratch)
        tables = [row[0] for row in scratch.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {
            table: [row[0] for row in scratch.execute("SELECT name FROM pragma_table_info(?) ORDER BY cid", (table,))]
            for table in tables
        }
    finally:
        scratch.close()


def _upgrade(conn: sqlite3.Connection) -> None:
    """Bring the schema to len(MIGRATIONS), all steps in one transaction (all or nothing)."""
    target = len(MIGRATIONS)
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version > target:
        raise _NewerSchema(version)
    if version == target:
        return
    with _write(conn):
        version = conn.execute("PRAGMA user_version").fetchone()[0]  # another copy may have upgraded
        if version > target:
            raise _NewerSchema(version)
        for migrate in MIGRATIONS[version:]:
            migrate(conn)
        if version != target:
            conn.execute(f"PRAGMA user_version = {target}")


def _copy_into_memory(path: Path) -> sqlite3.Connection:
    """The database at `path` read without writing a byte, as a checked in-memory copy at this version.

    `mode=ro` reads through the WAL; a WAL database whose -shm file cannot be made (a read-only
    folder) opens only as `immutable`, which reads the main file alone (the last few saves may be missing).
    """
    uri = path.resolve().as_uri()
    memory = sqlite3.connect(":memory:", isolation_level=None)
    try:
        try:
            _backup(f"{uri}?mode=ro", memory)
        except sqlite3.Error:
            _backup(f"{uri}?immutable=1", memory)
        _check(memory)
    except BaseException:
        memory.close()
        raise
    return memory


def _backup(uri: str, target: sqlite3.Connection) -> None:
    source = sqlite3.connect(uri, uri=True)
    try:
        source.backup(target)
    finally:
        source.close()


def _set_aside(path: Path, inode: int | None) -> Path | None:
    """Rename a damaged database (and its -wal and -shm) to a dated name beside it; returns the new path.

    `inode` is the file found damaged. When two copies find the damage together, the second must not
    move aside the fresh file the first one has just made (or report a move it did not make): it
    returns None and leaves the file alone.
    """
    if inode is not None and _inode(path) != inode:
        return None
    stamp = datetime.now().strftime("%Y-%m-%d-%H%M%S")
    aside = path.with_name(f"{path.stem}.damaged-{stamp}{path.suffix}")
    number = 1
    while aside.exists():
        number += 1
        aside = path.with_name(f"{path.stem}.damaged-{stamp}-{number}{path.suffix}")
    for extra in ("-wal", "-shm"):
        companion = Path(f"{path}{extra}")
        if companion.exists():
            os.rename(companion, f"{aside}{extra}")
    if path.exists():
        os.rename(path, aside)
    return aside


def _inode(path: Path) -> int | None:
    try:
        return path.stat().st_ino
    except OSError:
        return None


def _reason(error: BaseException) -> str:
    return (error.strerror if isinstance(error, OSError) else None) or str(error)


def _consequence(purpose: Purpose, kept: bool) -> str:
    """What a problem means for the player, in the words of the command they ran."""
    if purpose == "stats":
        return "the statistics are shown but cannot be changed" if kept else "no statistics can be shown"
    if kept:
        return "your statistics and saved game are read, but nothing will be saved"
    return "you can play, but nothing will be saved"


def open_store(
    data_dir: str | os.PathLike[str] | None = None, purpose: Purpose = "play"
) -> tuple[Store, str | None]:
    """The store for `data_dir` (see resolve_data_dir), and one line to show the player, or None.

    Never raises for a problem with the disk or the file: the fallback is an in-memory store with
    the same interface, so the game always starts. `purpose` words that line for the command.
    """
    directory = resolve_data_dir(data_dir)
    path = directory / DB_NAME
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        reason = _reason(error)
        return Store.in_memory(), f"Cannot create the data folder {directory} ({reason}): {_consequence(purpose, False)}."
    inode = _inode(path)
    try:
        return Store(_connect(path), path), None
    except _NewerSchema:
        return Store.in_memory(), f"{path} was written by a newer version of Solitaire Suite: {_consequence(purpose, False)}."
    except _Damaged as error:
        return _replace_damaged(path, inode, str(error), purpose)
    except (sqlite3.Error, OSError) as error:
        if isinstance(error, sqlite3.Error) and _is_damage(error):
            return _replace_damaged(path, inode, str(error), purpose)
        return _without_saving(path, _reason(error), purpose)


def _replace_damaged(path: Path, inode: int | None, reason: str, purpose: Purpose) -> tuple[Store, str | None]:
    try:
        aside = _set_aside(path, inode)
        store = Store(_connect(path), path)
    except (OSError, sqlite3.Error, _Damaged, _NewerSchema) as again:
        return Store.in_memory(), f"{path} is damaged and could not be replaced ({again}): {_consequence(purpose, False)}."
    if aside is None:
        return store, None  # the copy that moved it aside tells the player
    return store, f"The saved data was damaged ({reason}); it was moved to {aside} and a fresh start was made."


def _without_saving(path: Path, reason: str, purpose: Purpose) -> tuple[Store, str]:
    """A store for a database that cannot be written: its contents in memory, else an empty one."""
    try:
        conn = _copy_into_memory(path)
    except (sqlite3.Error, OSError, ValueError, _Damaged, _NewerSchema):
        return Store.in_memory(), f"Cannot use {path} ({reason}): {_consequence(purpose, False)}."
    return Store(conn, None), f"Cannot write to {path} ({reason}): {_consequence(purpose, True)}."


# -- knowing which copies are running ------------------------------------------------------------------


def _try_lock(handle: BinaryIO) -> bool:
    """Lock the open file without waiting; False when another process (or open file) holds it."""
    try:
        if os.name == "nt":
            import msvcrt

            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def _mark_running(folder: Path, token: str) -> BinaryIO | None:
    """Hold the lock on running/<token>.lock while this copy runs, and clear the marks of copies that stopped.

    None when the mark cannot be made: this copy still plays and saves, but another copy starting
    meanwhile would take its game for one left behind.
    """
    path = folder / f"{token}.lock"
    try:
        folder.mkdir(exist_ok=True)
        for other in folder.glob("*.lock"):
            _is_running(folder, other.stem)  # removes the mark when its copy has stopped
        for _ in range(3):
            handle = open(path, "ab")  # noqa: SIM115 - held open for the life of the store
            # Another copy's sweep may hold this new file's lock for a moment and then delete it:
            # the mark counts only once locked and still in place.
            if _try_lock(handle) and _in_place(handle, path):
                return handle
            handle.close()
            time.sleep(0.01)
    except OSError:
        pass
    return None


def _in_place(handle: BinaryIO, path: Path) -> bool:
    """Whether the open file is still the one at `path` (not deleted or replaced since it was opened)."""
    try:
        return os.path.samestat(os.fstat(handle.fileno()), path.stat())
    except OSError:
        return False


def _is_running(folder: Path, token: str) -> bool:
    """Whether the copy with `token` still runs: its mark exists and its lock is held."""
    path = folder / f"{token}.lock"
    try:
        handle = open(path, "r+b")  # noqa: SIM115 - closed below, before the unlink (Windows needs that)
    except OSError:
        return False  # no mark: it stopped and cleared it, or could never make one
    with handle:
        if not _try_lock(handle):
            return True
    path.unlink(missing_ok=True)  # a copy that was killed leaves its mark behind, unlocked
    return False


# -- saved games as rows ---------------------------------------------------------------------------------


def _options_json(variant: Variant) -> str:
    """The variant's parameters (not its names), so a record still says what was played if keys change."""
    params = asdict(variant)
    for name in ("key", "name", "aliases", "description"):
        params.pop(name, None)
    return json.dumps(params, sort_keys=True)


def _action_text(action: Action) -> str:
    return RESTART if action == RESTART else action.notation  # type: ignore[union-attr]


def _parse_action(text: str) -> Action:
    return RESTART if text == RESTART else Move.parse(text)


Entry = tuple[str, bool]  # one saved action: its notation, and whether auto-play made it


@dataclass(frozen=True)
class _Slot:
    """One saved game as read from its rows (not yet checked by the rules)."""

    slot: int
    owner: str
    key: str
    deal: int
    cursor: int
    count: int
    seconds: float
    undos: int
    hints: int
    seqs: list[int]
    entries: list[Entry]

    def rebuild(self, autoplay: bool, clock: Callable[[], float]) -> Session:
        """The game, replayed move by move through the rules; raises whatever makes it unusable."""
        if self.seqs != list(range(self.count)):
            raise ValueError(f"{self.count} actions were saved but {len(self.seqs)} are there")
        session = Session(find_variant(self.key), self.deal, autoplay=autoplay, clock=clock)
        session.started = clock() - float(self.seconds)
        session.replay([_parse_action(text) for text, _ in self.entries], self.cursor, [a for _, a in self.entries])
        session.undos, session.hints = int(self.undos), int(self.hints)
        return session

    def name(self) -> str:
        try:
            return f"{find_variant(self.key).name} #{self.deal}"
        except UnknownGame:  # saved by a version that knows more games
            return f"{self.key} #{self.deal}"


def _read_slots(conn: sqlite3.Connection) -> list[_Slot]:
    """Every saved game, the most recently saved first."""
    headers = conn.execute(
        "SELECT slot, owner, game_key, deal, cursor, action_count, seconds, undos, hints FROM saved_games"
        " ORDER BY saved_at DESC, slot DESC"
    ).fetchall()
    actions: dict[int, list[tuple[int, str, int]]] = {}
    for slot, seq, text, automatic in conn.execute(
        "SELECT slot, seq, action, automatic FROM saved_game_actions ORDER BY slot, seq"
    ):
        actions.setdefault(slot, []).append((seq, text, automatic))
    slots = []
    for header in headers:
        rows = actions.get(header[0], [])
        slots.append(_Slot(*header, seqs=[seq for seq, _, _ in rows], entries=[(text, bool(a)) for _, text, a in rows]))
    return slots


def _forget_slots(conn: sqlite3.Connection, where: str, params: tuple[object, ...]) -> None:
    """Delete the saved games matching `where` (an SQL condition on saved_games) with their actions."""
    conn.execute(f"DELETE FROM saved_game_actions WHERE slot IN (SELECT slot FROM saved_games WHERE {where})", params)
    conn.execute(f"DELETE FROM saved_games WHERE {where}", params)


def _insert_record(conn: sqlite3.Connection, session: Session, result: Result, when: str) -> None:
    conn.execute(
        "INSERT INTO games (game_key, options, deal, result, moves, seconds, finished_at, hints, undos)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (session.variant.key, _options_json(session.variant), session.deal_number, result,
         session.move_count, float(session.elapsed), when, session.hints, session.undos),
    )


def _set_aside_slot(conn: sqlite3.Connection, slot: _Slot, reason: str) -> None:
    conn.execute(
        "INSERT INTO set_aside_games (set_aside_at, reason, game_key, deal, cursor, actions) VALUES (?, ?, ?, ?, ?, ?)",
        (_now(), reason, str(slot.key), slot.deal if isinstance(slot.deal, int) else None,
         slot.cursor if isinstance(slot.cursor, int) else None, " ".join(text for text, _ in slot.entries)),
    )
    _forget_slots(conn, "slot = ?", (slot.slot,))


def _standing(session: Session) -> Result:
    """How a game left unfinished counts: won or lost when it already is, else abandoned."""
    if session.is_won:
        return WON
    return LOST if session.is_lost else ABANDONED


class Store:
    """Statistics, the saved games and settings over one SQLite connection (see the module docstring)."""

    def __init__(self, conn: sqlite3.Connection, path: Path | None) -> None:
        self._conn = conn
        self.path = path
        self._messages: list[str] = []
        self._shown: set[str] = set()
        self._token = secrets.token_hex(8)  # this copy: the owner of its slot
        self._running_dir = path.parent / RUNNING_DIR if path is not None else None
        self._mark = _mark_running(self._running_dir, self._token) if self._running_dir is not None else None
        # What this store last wrote to its slot: (session, slot, entries). When the slot still holds
        # that game, a save only appends the new actions.
        self._saved: tuple[Session, int, list[Entry]] | None = None
        self.settings = Settings(self._read_setting, self._write_setting)

    @classmethod
    def in_memory(cls) -> Store:
        """A store that keeps everything for this run only (the fallback when nothing can be saved)."""
        conn = sqlite3.connect(":memory:", isolation_level=None)
        try:
            _upgrade(conn)
        except sqlite3.Error:
            pass  # only a broken migration gets here; every method then reports instead of crashing
        return cls(conn, None)

    @property
    def persistent(self) -> bool:
        """Whether anything written survives this run."""
        return self.path is not None

    # -- problems while playing --------------------------------------------------------------------

    def take_message(self) -> str | None:
        """The next problem to tell the player about, once each (the store carries on regardless)."""
        return self._messages.pop(0) if self._messages else None

    def _problem(self, doing: str, error: BaseException) -> None:
        text = f"Could not {doing} ({error})."
        if text not in self._shown:
            self._shown.add(text)
            self._messages.append(text)

    # -- finished games and statistics -------------------------------------------------------------

    def record_game(self, session: Session, result: Result, finished_at: datetime | None = None) -> bool:
        """Record a finished or abandoned game; returns whether it was recorded.

        An abandoned game where the player did nothing (at most auto-play moved) is not a game played
        (clicking "new deal" twice must not ruin a streak), so it is skipped. When this copy's saved game is this deal, it
        is cleared in the same transaction, so a crash can never leave a won game both recorded and
        resumable. Other copies' saved games are theirs: recording the same deal leaves them alone.
        """
        if result not in RESULTS:
            raise ValueError(f"result must be one of {', '.join(RESULTS)}, not {result!r}")
        if result == ABANDONED and all(session.automatic):
            return False
        when = (finished_at or datetime.now(UTC)).isoformat(timespec="seconds")
        try:
            with _write(self._conn) as conn:
                _insert_record(conn, session, result, when)
                _forget_slots(
                    conn, "owner = ? AND game_key = ? AND deal = ?", (self._token, session.variant.key, session.deal_number)
                )
        except sqlite3.Error as error:
            self._problem("record the game in the statistics", error)
            return False
        if self._saved is not None and self._saved[0] is session:
            self._saved = None
        return True

    def games(self, game_key: str | None = None) -> list[GameRecord]:
        """The recorded games, oldest first, of one game or of all."""
        query = "SELECT game_key, result, moves, seconds, deal, options, finished_at, hints, undos FROM games"
        params: tuple[str, ...] = ()
        if game_key is not None:
            query += " WHERE game_key = ?"
            params = (game_key,)
        try:
            rows = self._conn.execute(query + " ORDER BY id", params).fetchall()
        except sqlite3.Error as error:
            self._problem("read the statistics", error)
            return []
        return [GameRecord(*row) for row in rows]

    def statistics(self, game_key: str) -> Stats:
        """The statistics of one game (all zero when it was never played)."""
        return compute_stats(game_key, self.games(game_key))

    def all_statistics(self) -> dict[str, Stats]:
        """The statistics of every game played, by game key, in key order."""
        records = self.games()
        keys = sorted({record.game_key for record in records})
        return {key: compute_stats(key, records) for key in keys}

    def reset_statistics(self, game_key: str | None = None) -> int:
        """Forget the recorded games of one game, or of all when `game_key` is None; returns how many."""
        try:
            with _write(self._conn) as conn:
                if game_key is None:
                    cursor = conn.execute("DELETE FROM games")
                else:
                    cursor = conn.execute("DELETE FROM games WHERE game_key = ?", (game_key,))
                return cursor.rowcount
        except sqlite3.Error as error:
            self._problem("reset the statistics", error)
            return 0

    # -- the game in progress ----------------------------------------------------------------------

    def save_game(self, session: Session) -> bool:
        """Save `session` in this copy's slot with its whole undo/redo history; cheap enough for every action.

        Returns False (with a take_message line) when it could not be saved. A session started from
        a custom position (`Session.start`) cannot be rebuilt from its deal number and is not saved.
        """
        if session.start is not None:
            return False
        entries = [(_action_text(action), auto) for action, auto in zip(session.actions, session.automatic)]
        key, deal = session.variant.key, session.deal_number
        header = (
            session.position_in_history, len(entries), float(session.elapsed), session.undos, session.hints,
            _now("microseconds"),  # orders the slots: the next start resumes the latest
        )
        try:
            with _write(self._conn) as conn:
                row = conn.execute("SELECT slot, game_key, deal FROM saved_games WHERE owner = ?", (self._token,)).fetchone()
                cached = self._saved
                if cached is not None and cached[0] is session and row == (cached[1], key, deal):
                    slot = cached[1]
                    self._append(conn, slot, cached[2], entries, header)
                else:
                    slot = self._rewrite(conn, key, deal, entries, header)
        except sqlite3.Error as error:
            self._saved = None  # unsure what the file holds now: the next save rewrites it whole
            self._problem("save the game in progress", error)
            return False
        self._saved = (session, slot, entries)
        return True

    @staticmethod
    def _append(
        conn: sqlite3.Connection, slot: int, old: list[Entry], entries: list[Entry], header: tuple[object, ...]
    ) -> None:
        keep = 0
        for before, now in zip(old, entries):
            if before != now:
                break
            keep += 1
        if keep < len(old):
            conn.execute("DELETE FROM saved_game_actions WHERE slot = ? AND seq >= ?", (slot, keep))
        conn.executemany(
            "INSERT INTO saved_game_actions (slot, seq, action, automatic) VALUES (?, ?, ?, ?)",
            [(slot, keep + i, text, auto) for i, (text, auto) in enumerate(entries[keep:])],
        )
        conn.execute(
            "UPDATE saved_games SET cursor = ?, action_count = ?, seconds = ?, undos = ?, hints = ?, saved_at = ?"
            " WHERE slot = ?",
            (*header, slot),
        )

    def _rewrite(
        self, conn: sqlite3.Connection, key: str, deal: int, entries: list[Entry], header: tuple[object, ...]
    ) -> int:
        _forget_slots(conn, "owner = ?", (self._token,))
        slot = conn.execute(
            "INSERT INTO saved_games (owner, game_key, deal, cursor, action_count, seconds, undos, hints, saved_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (self._token, key, deal, *header),
        ).lastrowid
        assert slot is not None
        conn.executemany(
            "INSERT INTO saved_game_actions (slot, seq, action, automatic) VALUES (?, ?, ?, ?)",
            [(slot, seq, text, auto) for seq, (text, auto) in enumerate(entries)],
        )
        return slot

    def load_game(
        self, autoplay: bool = True, clock: Callable[[], float] = time.monotonic
    ) -> tuple[Session | None, str | None]:
        """The latest saved game no running copy is playing, rebuilt through the rules, now this copy's.

        Returns (session, None), or (None, None) when there is none, or a message beside either: when
        the save no longer replays (it is moved to `set_aside_games`), and when games other copies left
        were counted in the statistics (see the module docstring). The timer resumes from the saved
        playing time. A game that was won but not yet recorded (the program stopped in between) comes
        back won: the caller records it.
        """
        try:
            with _write(self._conn) as conn:
                slots = self._resumable(conn)
                if not slots:
                    return None, None
                chosen, *others = slots
                counted = self._count_in_statistics(conn, others)
                try:
                    session = chosen.rebuild(autoplay, clock)
                except Exception as error:  # noqa: BLE001 - whatever the rules or the data raise, the save is unusable
                    _set_aside_slot(conn, chosen, f"{type(error).__name__}: {error}")
                    session, problem = None, f"The saved game ({chosen.name()}) could not be restored ({error}); it was set aside."
                else:
                    conn.execute("UPDATE saved_games SET owner = ? WHERE slot = ?", (self._token, chosen.slot))
                    problem = None
        except sqlite3.Error as error:
            self._problem("read the saved game", error)
            return None, f"The saved game could not be read ({error}); a new game starts."
        self._saved = (session, chosen.slot, chosen.entries) if session is not None else None
        notes = [problem] if problem else []
        if counted:
            notes.append(f"Left unfinished in another window, now counted in the statistics: {', '.join(counted)}.")
        return session, " ".join(notes) or None

    def abandon_saved_games(self) -> str | None:
        """Count every saved game no running copy is playing in the statistics, and forget them.

        For a start that names a new game: like "New game" in the window, it must not silently drop
        the game in progress, which would otherwise never be resumed. It counts as abandoned (won or
        lost when it already is); one played not at all is just forgotten. Returns the line to tell
        the player, or None when nothing was counted.
        """
        try:
            with _write(self._conn) as conn:
                counted = self._count_in_statistics(conn, self._resumable(conn))
        except sqlite3.Error as error:
            self._problem("count the game in progress in the statistics", error)
            return None  # it stays saved, and the next start without a named game resumes it
        self._saved = None
        if not counted:
            return None
        return f"The game in progress was counted in the statistics: {', '.join(counted)}."

    def _resumable(self, conn: sqlite3.Connection) -> list[_Slot]:
        """The saved games of this copy and of copies no longer running, the latest first."""
        return [
            slot for slot in _read_slots(conn)
            if slot.owner == self._token or self._running_dir is None or not _is_running(self._running_dir, slot.owner)
        ]

    @staticmethod
    def _count_in_statistics(conn: sqlite3.Connection, slots: list[_Slot]) -> list[str]:
        """Record each saved game as it stands and forget it (set aside if it no longer replays); names what was counted."""
        counted = []
        for slot in slots:
            try:
                session = slot.rebuild(autoplay=False, clock=time.monotonic)
            except Exception as error:  # noqa: BLE001 - as in load_game
                _set_aside_slot(conn, slot, f"{type(error).__name__}: {error}")
                counted.append(f"{slot.name()} (could not be restored; set aside)")
                continue
            if session.actions:
                result = _standing(session)
                _insert_record(conn, session, result, _now())
                counted.append(f"{slot.name()} ({result})")
            _forget_slots(conn, "slot = ?", (slot.slot,))
        return counted

    # -- settings ----------------------------------------------------------------------------------

    def _read_setting(self, name: str) -> str | None:
        try:
            row = self._conn.execute("SELECT value FROM settings WHERE key = ?", (name,)).fetchone()
        except sqlite3.Error as error:
            self._problem("read the settings", error)
            return None
        return None if row is None else str(row[0])

    def _write_setting(self, name: str, text: str) -> None:
        try:
            with _write(self._conn) as conn:
                conn.execute("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)", (name, text))
        except sqlite3.Error as error:
            self._problem("save the settings", error)

    # -- the end -----------------------------------------------------------------------------------

    def close(self) -> None:
        """Close the database (the last connection to close folds the WAL back into the file) and
        clear this copy's running mark, so the next start may resume its game."""
        try:
            self._conn.close()
        except sqlite3.Error:
            pass
        if self._mark is not None and self._running_dir is not None:
            self._mark.close()
            self._mark = None
            (self._running_dir / f"{self._token}.lock").unlink(missing_ok=True)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
