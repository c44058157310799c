"""Statistics, the game in progress and the settings, in one SQLite file that a crash cannot damage.

Where: `resolve_data_dir(explicit)` picks the directory — the `--data-dir` argument, else the
SOLITAIRE_DATA_DIR environment variable, else platformdirs' user data directory for
"solitaire-suite" (Linux ~/.local/share/solitaire-suite, macOS ~/Library/Application Support/
solitaire-suite, Windows %LOCALAPPDATA%\\solitaire-suite). The file is `solitaire.sqlite3`.

API (the window, the console and the `stats` command all use this):

    store, message = open_store(data_dir)      # message: one line to show the player, or None
    store.save_game(session)                   # after every move, undo, redo, restart; and on quit
    session, message = store.load_game()       # at start: the game in progress, exactly as it was
    store.record_game(session, "won")          # or "lost", "abandoned"; clears the save if it is this deal
    store.clear_saved_game()
    store.statistics("freecell") -> Stats      store.all_statistics() -> {key: Stats}
    store.games(key=None) -> [GameRecord]      store.reset_statistics(key or None) -> rows removed
    store.settings.get(SOUND) / .set(SOUND, False)   (see game.settings)
    store.take_message() -> str | None         # a problem met while playing (disk full, ...), once
    store.persistent, store.path, store.close()

One Store per thread (sqlite3 connections stay in the thread that opened them); every call is short.

Never a crash, never a lost database:
- Every write is one short `BEGIN IMMEDIATE` transaction (the write lock is taken at the start, so a
  second copy of the program waits on busy_timeout instead of failing half-way). WAL mode lets one
  copy read while the other writes. Saving a move appends its notation to `saved_actions` and
  rewrites one small header row; the history is written whole only on the first save of a session
  (or when another copy of the program has saved its own game in between).
- synchronous=NORMAL: in WAL mode a committed transaction survives the program being killed at any
  moment (it is in the WAL, which the OS keeps), and a power cut can only lose the last commits,
  never corrupt the file. FULL would add an fsync to every move on the window's thread, a visible
  stutter on slow disks, to protect a few seconds of solitaire against power loss. Not worth it.
- A damaged file (garbage, truncated, not ours) is renamed `solitaire.damaged-<date>.sqlite3`
  beside it, with its -wal/-shm, and a fresh database starts; the message says so.
- A directory that cannot be created or written, or a database from a newer version, gives a store
  on an in-memory database: the same object and behaviour for this run, `persistent` False, and a
  message that nothing will be saved. Errors while playing become `take_message()` lines.
- A saved game that no longer replays is moved to the `set_aside_games` table (kept for a bug report)
  and `load_game` returns a message instead of a session.

Schema changes: append a function to MIGRATIONS; each runs once, in the upgrade transaction, on a
database at the previous version, and PRAGMA user_version records the version reached.
"""
from __future__ import annotations

import json
import os
import secrets
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict
from datetime import UTC, datetime
from pathlib import Path
from typing import Self

import platformdirs

from .moves import Move
from .session import RESTART, Action, Session
from .settings import Settings
from .stats import RESULTS, GameRecord, Result, Stats, compute_stats
from .variants import Variant, find_variant

APP_NAME = "solitaire-suite"
ENV_VAR = "SOLITAIRE_DATA_DIR"
DB_NAME = "solitaire.sqlite3"
BUSY_TIMEOUT_MS = 5000

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


MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_create_v1]


class _Damaged(Exception):
    """The file is not a usable database of ours; it will be moved aside."""


class _NewerSchema(Exception):
    """Written by a newer version: left untouched, and this run saves nothing."""


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


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


@contextmanager
def _read(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One read transaction: several SELECTs see one snapshot even while another copy writes."""
    conn.execute("BEGIN")
    try:
        yield conn
    finally:
        if conn.in_transaction:
            conn.execute("COMMIT")


def _connect(path: Path | str) -> sqlite3.Connection:
    conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
    try:
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        conn.execute("PRAGMA journal_mode = WAL")  # the first read of the file: garbage fails here
        conn.execute("PRAGMA synchronous = NORMAL")
        problems = [row[0] for row in conn.execute("PRAGMA quick_check")]
        if problems != ["ok"]:
            raise _Damaged(problems[0] if problems else "integrity check gave no answer")
        _upgrade(conn)
        with _write(conn):  # prove now that we can write, rather than failing on the first move
            conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('last_opened', ?)", (_now(),))
    except BaseException:
        conn.close()
        raise
    return conn


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


def _set_aside(path: Path, inode: int | None) -> Path | None:
    """Rename a damaged database (and its -wal and -shm) to a dated name beside it; returns the new path.

    `inode` is the file found damaged. When two copies find the damage together, the second must not
    move aside the fresh file the first one has just made: it returns None and leaves it alone.
    """
    if inode is not None and _inode(path) not in (inode, None):
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


def open_store(data_dir: str | os.PathLike[str] | None = None) -> tuple[Store, str | None]:
    """The store for `data_dir` (see resolve_data_dir), and one line to show the player, or None.

    Never raises for a problem with the disk or the file: the fallback is an in-memory store with
    the same interface, so the game always starts.
    """
    directory = resolve_data_dir(data_dir)
    path = directory / DB_NAME
    cannot_save = "you can play, but nothing will be saved"
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        reason = error.strerror or error
        return Store.in_memory(), f"Cannot create the data folder {directory} ({reason}): {cannot_save}."
    inode = _inode(path)
    try:
        return Store(_connect(path), path), None
    except _NewerSchema:
        return Store.in_memory(), f"{path} was written by a newer version of Solitaire Suite: {cannot_save}."
    except (_Damaged, sqlite3.Error) as error:
        if isinstance(error, sqlite3.Error) and not _is_damage(error):
            reason = str(error)
            return Store.in_memory(), f"Cannot use {path} ({reason}): {cannot_save}."
        try:
            aside = _set_aside(path, inode)
            store = Store(_connect(path), path)
        except (OSError, sqlite3.Error, _Damaged, _NewerSchema) as again:
            return Store.in_memory(), f"{path} is damaged and could not be replaced ({again}): {cannot_save}."
        if aside is None:
            return store, None  # the copy that moved it aside tells the player
        return store, f"The saved data was damaged; it was moved to {aside} and a fresh start was made."
    except OSError as error:
        return Store.in_memory(), f"Cannot use {path} ({error.strerror or error}): {cannot_save}."


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


class Store:
    """Statistics, the saved game and settings over one SQLite connection (see the module docstring)."""

    def __init__(self, conn: sqlite3.Connection, path: Path | None) -> None:
        self._conn = conn
        self.path = path
        self._messages: list[str] = []
        self._shown: set[str] = set()
        # What this store last wrote to the saved-game slot: (session, token, action texts). When the
        # slot still holds our token, a save only appends the new actions.
        self._saved: tuple[Session, str, list[str]] | None = None
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

        An abandoned game where nothing was done at all is not a game played (clicking "new deal"
        twice must not ruin a streak), so it is skipped. When the saved game is this one, it is cleared in the same
        transaction, so a crash can never leave a won game both recorded and resumable.
        """
        if result not in RESULTS:
            raise ValueError(f"result must be one of {', '.join(RESULTS)}, not {result!r}")
        if result == "abandoned" and not session.actions:
            return False
        when = (finished_at or datetime.now(UTC)).isoformat(timespec="seconds")
        row = (
            session.variant.key, _options_json(session.variant), session.deal_number, result,
            session.move_count, float(session.elapsed), when, session.hints, session.undos,
        )
        try:
            with _write(self._conn) as conn:
                conn.execute(
                    "INSERT INTO games (game_key, options, deal, result, moves, seconds, finished_at, hints, undos)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    row,
                )
                conn.execute(
                    "DELETE FROM saved_actions WHERE EXISTS"
                    " (SELECT 1 FROM saved_game WHERE game_key = ? AND deal = ?)",
                    (session.variant.key, session.deal_number),
                )
                conn.execute(
                    "DELETE FROM saved_game WHERE game_key = ? AND deal = ?",
                    (session.variant.key, session.deal_number),
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
        """Save `session` with its whole undo/redo history; cheap enough to call after every action.

        Returns False (with a take_message line) when it could not be saved. A session started from
        a custom position (`Session.start`) cannot be rebuilt from its deal number and is not saved.
        """
        if session.start is not None:
            return False
        texts = [_action_text(action) for action in session.actions]
        key, deal = session.variant.key, session.deal_number
        header = (
            session.position_in_history, len(texts), float(session.elapsed), session.undos, session.hints, _now()
        )
        try:
            with _write(self._conn) as conn:
                row = conn.execute("SELECT token, game_key, deal FROM saved_game WHERE id = 1").fetchone()
                cached = self._saved
                if cached is not None and cached[0] is session and row == (cached[1], key, deal):
                    token, old = cached[1], cached[2]
                    keep = 0
                    for before, now in zip(old, texts):
                        if before != now:
                            break
                        keep += 1
                    if keep < len(old):
                        conn.execute("DELETE FROM saved_actions WHERE seq >= ?", (keep,))
                    conn.executemany(
                        "INSERT INTO saved_actions (seq, action) VALUES (?, ?)",
                        [(keep + i, text) for i, text in enumerate(texts[keep:])],
                    )
                    conn.execute(
                        "UPDATE saved_game SET cursor = ?, action_count = ?, seconds = ?, undos = ?, hints = ?,"
                        " saved_at = ? WHERE id = 1",
                        header,
                    )
                else:
                    token = secrets.token_hex(8)
                    self._rewrite_saved(conn, token, key, deal, texts, header)
        except sqlite3.Error as error:
            self._saved = None  # unsure what the file holds now: the next save rewrites it whole
            self._problem("save the game in progress", error)
            return False
        self._saved = (session, token, texts)
        return True

    @staticmethod
    def _rewrite_saved(
        conn: sqlite3.Connection, token: str, key: str, deal: int, texts: list[str], header: tuple[object, ...]
    ) -> None:
        conn.execute("DELETE FROM saved_actions")
        conn.execute("DELETE FROM saved_game")
        conn.executemany("INSERT INTO saved_actions (seq, action) VALUES (?, ?)", list(enumerate(texts)))
        conn.execute(
            "INSERT INTO saved_game"
            " (id, token, game_key, deal, cursor, action_count, seconds, undos, hints, saved_at)"
            " VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (token, key, deal, *header),
        )

    def load_game(
        self, autoplay: bool = True, clock: Callable[[], float] = time.monotonic
    ) -> tuple[Session | None, str | None]:
        """The saved game, rebuilt move by move through the rules, standing where the player stood.

        Returns (session, None), or (None, None) when nothing is saved, or (None, message) when the
        save could not be read or no longer replays; such a save is moved to `set_aside_games`.
        The timer resumes from the saved playing time. A game that was won but not yet recorded
        (the program stopped in between) comes back won: the caller records it.
        """
        try:
            with _read(self._conn) as conn:
                header = conn.execute(
                    "SELECT token, game_key, deal, cursor, action_count, seconds, undos, hints"
                    " FROM saved_game WHERE id = 1"
                ).fetchone()
                rows = conn.execute("SELECT seq, action FROM saved_actions ORDER BY seq").fetchall()
        except sqlite3.Error as error:
            self._problem("read the saved game", error)
            return None, f"The saved game could not be read ({error}); a new game starts."
        if header is None:
            return None, None
        token, key, deal, cursor, count, seconds, undos, hints = header
        texts = [text for _, text in rows]
        try:
            if [seq for seq, _ in rows] != list(range(count)):
                raise ValueError(f"{count} actions were saved but {len(rows)} are there")
            variant = find_variant(key)
            session = Session(variant, deal, autoplay=autoplay, clock=clock)
            session.started = clock() - float(seconds)
            session.replay([_parse_action(text) for text in texts], cursor)
            session.undos, session.hints = int(undos), int(hints)
        except Exception as error:  # noqa: BLE001 - whatever the rules or the data raise, the save is unusable
            self._set_aside_saved(f"{type(error).__name__}: {error}", key, deal, cursor, texts)
            return None, f"The saved game ({key} #{deal}) could not be restored ({error}); it was set aside."
        self._saved = (session, token, texts)
        return session, None

    def _set_aside_saved(self, reason: str, key: object, deal: object, cursor: object, texts: list[str]) -> None:
        try:
            with _write(self._conn) as conn:
                conn.execute(
                    "INSERT INTO set_aside_games (set_aside_at, reason, game_key, deal, cursor, actions)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    (_now(), reason, str(key), deal if isinstance(deal, int) else None,
                     cursor if isinstance(cursor, int) else None, " ".join(texts)),
                )
                conn.execute("DELETE FROM saved_actions")
                conn.execute("DELETE FROM saved_game")
        except sqlite3.Error as error:
            self._problem("set the unreadable saved game aside", error)
        self._saved = None

    def clear_saved_game(self) -> None:
        """Forget the game in progress (a new deal was started and is not yet saved, say)."""
        try:
            with _write(self._conn) as conn:
                conn.execute("DELETE FROM saved_actions")
                conn.execute("DELETE FROM saved_game")
        except sqlite3.Error as error:
            self._problem("clear the saved game", error)
        self._saved = None

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
        """Close the database (the last connection to close folds the WAL back into the file)."""
        try:
            self._conn.close()
        except sqlite3.Error:
            pass

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
