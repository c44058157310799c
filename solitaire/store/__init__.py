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
    store.unrecorded, store.record_kept()      # ended games a full disk refused, kept until a write takes them
    store.statistics("freecell") -> Stats      store.all_statistics() -> {key: Stats}
    store.games(key=None) -> [GameRecord]      store.reset_statistics(key or None) -> rows removed
    store.settings.get(SOUND) / .set(SOUND, False)   (see store.settings)
    store.take_problem() -> Problem | SetAside | None   # a problem met while playing (disk full, ...), once
    store.take_notice() -> SetAside | None     # something the store set right itself (a damaged row set aside)
    store.persistent, store.path, store.close()

One Store per thread (sqlite3 connections stay in the thread that opened them); every call is short.
Beneath it: store.file opens, makes and sets aside the file; store.schema holds its tables,
upgrades and write transactions; store.rows turns games into rows; store.running tells which
copies run.

Never a crash, never a lost database:
- Every write is one short transaction. Saving a move appends its notation and rewrites one small
  header row; the history is written whole only on the first save of a session.
- A damaged file is set aside and a fresh database starts; the message says so.
- A database that cannot be written (a read-only file or folder) is read into memory: statistics and
  the saved game are there, `persistent` is False, and the message says nothing will be saved. A
  folder that cannot be made, a file that cannot be read, or one from a newer version gives an empty
  in-memory store with the same interface. Errors while playing become `take_problem()` values
  (store.problems), which the front ends word.
- A saved game that no longer replays is moved to the `set_aside_games` table (kept for a bug report)
  and `load_game` returns a message instead of a session.

Two copies running at once lose nothing: each open Store is one running copy (see store.running).
Each copy saves into its own slot, a `saved_games` row it owns, so neither overwrites the other.
`load_game` takes the most recent slot whose owner is no longer running and makes it this copy's; the
slots of other copies that have stopped are counted in the statistics (abandoned, or won or lost as
they stand) in the same transaction, and the message says so. A game a running copy is playing is
never taken: a second window starts a new game rather than playing the same one twice.
"""
from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Literal, Self, TypeVar

from game.i18n import _
from game.scoring import Scoring
from game.session import Session

from .file import (
    MOST_PATH_BYTES,
    NotAFile,
    connect,
    copy_into_memory,
    inode_of,
    is_damage,
    is_disk_full,
    make_folder,
    reason_for,
    set_aside,
    system_words,
    too_long,
)
from .problems import Failed, Problem, SetAside, StoreNews
from .results import ABANDONED, LOST, RESULTS, WON, Result
from .rows import (
    Entry,
    Record,
    Slot,
    action_text,
    forget_slots,
    insert_record,
    insert_row,
    read_records,
    read_slots,
    record_row,
    set_aside_slot,
)
from .running import RunningCopy
from .schema import Damaged, NewerSchema, now, upgrade, write
from .settings import Settings
from .user_dirs import user_dir

if TYPE_CHECKING:  # the statistics' module loads when they are first read
    from .stats import GameRecord, Stats

ENV_VAR = "SOLITAIRE_DATA_DIR"
DB_NAME = "solitaire.sqlite3"

Purpose = Literal["play", "stats"]
_T = TypeVar("_T")


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
    return user_dir("data")


def _consequence(purpose: Purpose, kept: bool) -> str:
    """What a problem means for the player, in the words of the command they ran."""
    if purpose == "stats":
        if kept:
            # TRANSLATORS: ends a message about a data file that cannot be used ("Cannot write to ...: {consequence}.")
            return _("the statistics are shown but cannot be changed")
        # TRANSLATORS: ends a message about a data file that cannot be used ("Cannot use ...: {consequence}.")
        return _("no statistics can be shown")
    if kept:
        # TRANSLATORS: ends a message about a data file that cannot be used ("Cannot write to ...: {consequence}.")
        return _("your statistics and saved game are read, but nothing will be saved")
    # TRANSLATORS: ends a message about a data file that cannot be used ("Cannot use ...: {consequence}.")
    return _("you can play, but nothing will be saved")


def open_store(
    data_dir: str | os.PathLike[str] | None = None, purpose: Purpose = "play"
) -> tuple[Store, str | None]:
    """The store for `data_dir` (see resolve_data_dir), and one line to show the player, or None.

    Never raises for a problem with the disk or the file: the fallback is an in-memory store with
    the same interface, so the game always starts. `purpose` words that line for the command.
    """
    directory = resolve_data_dir(data_dir)
    path = directory / DB_NAME
    if too_long(path):
        # TRANSLATORS: {folder} may be cut short in the middle; {most} is a number of bytes; {consequence}: what still works
        return Store.in_memory(), _("Cannot use the data folder {folder}: its path is too long for the database "
                                    "(more than {most} bytes): {consequence}.").format(
            folder=_cut(str(directory)), most=MOST_PATH_BYTES, consequence=_consequence(purpose, False))
    try:
        make_folder(directory)
    except OSError as error:
        # mkdir's "File exists" when a file, a FIFO or a symlink loop has the folder's name
        reason = _("it is not a folder") if isinstance(error, FileExistsError) else reason_for(error, directory.parent)
        # TRANSLATORS: {reason}: the system's words; {consequence}: what still works ("you can play, but nothing will be saved")
        return Store.in_memory(), _("Cannot create the data folder {folder} ({reason}): {consequence}.").format(
            folder=directory, reason=reason, consequence=_consequence(purpose, False)
        )
    inode = inode_of(path)
    try:
        return Store(connect(path), path), None
    except NewerSchema:
        # TRANSLATORS: {reason}: the system's words; {consequence}: what still works ("you can play, but nothing will be saved")
        return Store.in_memory(), _("{path} was written by a newer version of Solitaire Suite: {consequence}.").format(
            path=path, consequence=_consequence(purpose, False)
        )
    except Damaged as error:
        return _replace_damaged(path, inode, str(error), purpose)
    except (sqlite3.Error, OSError) as error:
        if isinstance(error, sqlite3.Error) and is_damage(error):
            return _replace_damaged(path, inode, str(error), purpose)
        # the file the error is about: a -wal or -shm that is not the folder's own is named, not the database
        culprit = Path(error.filename) if isinstance(error, NotAFile) else path
        return _without_saving(path, culprit, reason_for(error, directory), purpose)


def _replace_damaged(path: Path, inode: int | None, reason: str, purpose: Purpose) -> tuple[Store, str | None]:
    try:
        aside = set_aside(path, inode)
        store = Store(connect(path), path)
    except (OSError, sqlite3.Error, Damaged, NewerSchema) as again:
        # TRANSLATORS: {reason}: the system's words; {consequence}: what still works ("you can play, but nothing will be saved")
        return Store.in_memory(), _("{path} is damaged and could not be replaced ({reason}): {consequence}.").format(
            path=path, reason=again, consequence=_consequence(purpose, False)
        )
    if aside is None:
        return store, None  # the copy that moved it aside tells the player
    return store, _("The saved data was damaged ({reason}); it was moved to {aside} and a fresh start was made.").format(
        reason=reason, aside=aside
    )


def _without_saving(path: Path, culprit: Path, reason: str, purpose: Purpose) -> tuple[Store, str]:
    """A store for a database that cannot be written: its contents in memory, else an empty one. The
    message names `culprit`, the file at fault (the database, or its -wal or -shm)."""
    try:
        conn = copy_into_memory(path)
    except (sqlite3.Error, OSError, ValueError, Damaged, NewerSchema):
        # TRANSLATORS: {reason}: the system's words; {consequence}: what still works ("you can play, but nothing will be saved")
        return Store.in_memory(), _("Cannot use {path} ({reason}): {consequence}.").format(
            path=culprit, reason=reason, consequence=_consequence(purpose, False)
        )
    # TRANSLATORS: {reason}: the system's words; {consequence}: what still works ("you can play, but nothing will be saved")
    return Store(conn, None), _("Cannot write to {path} ({reason}): {consequence}.").format(
        path=culprit, reason=reason, consequence=_consequence(purpose, True)
    )


def _cut(text: str, most: int = 120) -> str:
    """A long path as a message shows it: its start and its end, a thousand levels of folders left out."""
    return text if len(text) <= most else f"{text[: most // 2 - 1]}…{text[-(most // 2):]}"


def _standing(session: Session) -> Result:
    """How a game left unfinished counts: won or lost when it already is, else abandoned."""
    if session.is_won:
        return WON
    return LOST if session.is_lost else ABANDONED


def _counted_as(game: str, result: Result) -> str:
    """One of a list of saved games counted in the statistics, as "FreeCell #5 (abandoned)"."""
    # TRANSLATORS: one of a list of saved games counted in the statistics, with how it counts
    texts = {WON: _("{game} (won)"), LOST: _("{game} (lost)"), ABANDONED: _("{game} (abandoned)")}
    return texts[result].format(game=game)


class Store:
    """Statistics, the saved games and settings over one SQLite connection (see the module docstring)."""

    def __init__(self, conn: sqlite3.Connection, path: Path | None) -> None:
        self._conn = conn
        self.path = path
        self._problems: list[Problem] = []
        self._notices: list[SetAside] = []
        self._shown: set[StoreNews] = set()
        self._copy = RunningCopy(path.parent if path is not None else None)  # the owner of this copy's slot
        # What this store last wrote to its slot: (session, slot, entries). When the slot still holds
        # that game, a save only appends the new actions.
        self._saved: tuple[Session, int, list[Entry]] | None = None
        self._unrecorded: list[tuple[Record, str, int]] = []  # ended games the disk has not taken yet: row, key, deal
        self.settings = Settings(self._read_setting, self._write_setting)

    @classmethod
    def in_memory(cls) -> Store:
        """A store that keeps everything for this run only (the fallback when nothing can be saved)."""
        conn = sqlite3.connect(":memory:", isolation_level=None)
        try:
            upgrade(conn)
        except sqlite3.Error:
            pass  # only a broken migration gets here; every method then reports instead of crashing
        return cls(conn, None)

    @property
    def persistent(self) -> bool:
        """Whether anything written survives this run."""
        return self.path is not None

    # -- problems while playing --------------------------------------------------------------------

    def take_problem(self) -> StoreNews | None:
        """The next problem to tell the player about, once each (the store carries on regardless),
        then what it set right by itself."""
        if self._problems:
            return self._problems.pop(0)
        return self.take_notice()

    def _folder(self) -> Path:
        return self.path.parent if self.path is not None else Path.cwd()

    def _why(self, error: BaseException) -> str:
        """An error's words for the player: "the disk is full" whenever it is (SQLite may say "disk I/O error")."""
        return reason_for(error, self._folder())

    def _problem(self, failed: Failed, error: BaseException) -> None:
        """Tell the player once that `failed` failed for `error`, until a save succeeds again: a disk
        that fills a second time is told a second time."""
        problem = Problem(failed, is_disk_full(error, self._folder()), system_words(error))
        if problem not in self._shown:
            self._shown.add(problem)
            self._problems.append(problem)

    # -- finished games and statistics -------------------------------------------------------------

    def record_game(self, session: Session, result: Result, finished_at: datetime | None = None) -> bool:
        """Record a finished or abandoned game; returns whether it was recorded.

        An abandoned or lost game where the player did nothing (at most auto-play moved) is not a game played
        (clicking "new deal" twice must not ruin a streak), so it is skipped. When this copy's saved game is this deal, it
        is cleared in the same transaction, so a crash can never leave a won game both recorded and
        resumable. Other copies' saved games are theirs: recording the same deal leaves them alone.

        A record the disk refuses (full, even once the write-ahead log is folded in) is kept in memory
        (`unrecorded`) and written by the next save or record that works, in that save's transaction,
        or at `close`; meanwhile this copy's slot still holds the game, so a copy that ends first
        leaves it to be resumed. Either way the game is never dropped from the statistics unseen.
        """
        if result not in RESULTS:
            raise ValueError(f"result must be one of {', '.join(RESULTS)}, not {result!r}")
        if result in (ABANDONED, LOST) and not session.player_acted:
            return False  # a deal only auto-play moved, even one stuck from the start, is no game played
        when = (finished_at or datetime.now(UTC)).isoformat(timespec="seconds")
        self._unrecorded.append((record_row(session, result, when), session.variant.key, session.deal_number))
        if self._saved is not None and self._saved[0] is session:
            self._saved = None  # its slot is forgotten with the record: the next save writes the next game whole
        return self.record_kept()

    @property
    def unrecorded(self) -> int:
        """How many ended games wait in memory for a write to the statistics that works (see record_game)."""
        return len(self._unrecorded)

    def record_kept(self) -> bool:
        """Write the games kept by `record_game` to the statistics now; returns whether none is left.

        A failure is told once (`take_problem`) and the games stay kept for the next try."""
        if not self._unrecorded:
            return True
        try:
            self._with_room(lambda: self._transaction(lambda conn: None))
        except sqlite3.Error as error:
            self._problem(Failed.RECORD, error)
            return False
        return True

    def _transaction(self, body: Callable[[sqlite3.Connection], _T]) -> _T:
        """`body` in one write transaction that first writes the kept records (and forgets their slots)."""
        with write(self._conn) as conn:
            for row, key, deal in self._unrecorded:
                insert_row(conn, row)
                forget_slots(conn, "owner = ? AND game_key = ? AND deal = ?", (self._copy.token, key, deal))
            done = body(conn)
        self._unrecorded.clear()
        return done

    def _with_room(self, attempt: Callable[[], _T]) -> _T:
        """`attempt()`, and once more when it found the disk full and folding the write-ahead log in made room."""
        try:
            return attempt()
        except sqlite3.Error as error:
            if not self._made_room(error):
                raise
        return attempt()

    def games(self, game_key: str | None = None) -> list[GameRecord]:
        """The recorded games, oldest first, of one game or of all.

        A row holding what no version writes (a BLOB, a 300-digit time, fewest moves -3) is never
        shown: like a damaged file it is set aside (to `set_aside_games`, kept for a bug report) and
        the player is told once (`take_notice`); a store that cannot write just leaves it out.
        """
        where, params = ("game_key = ?", (game_key,)) if game_key is not None else ("1", ())
        try:
            records, bad = read_records(self._conn, where, params)
        except sqlite3.Error as error:
            self._problem(Failed.READ_STATISTICS, error)
            return []
        if bad:
            self._set_aside_records(bad)
        return records

    def _set_aside_records(self, bad: list[tuple[int, str]]) -> None:
        count, details = len(bad), bad[0][1] + (", ..." if len(bad) > 1 else "")
        try:
            with write(self._conn) as conn:
                for ident, reason in bad:
                    conn.execute(
                        "INSERT INTO set_aside_games (set_aside_at, reason) VALUES (?, ?)",
                        (now(), f"statistics row {ident}: {reason}"),
                    )
                    conn.execute("DELETE FROM games WHERE id = ?", (ident,))
        except sqlite3.Error:
            self._notice(SetAside(count, details, kept=False))
            return
        self._notice(SetAside(count, details, kept=True))

    def _notice(self, notice: SetAside) -> None:
        if notice not in self._shown:
            self._shown.add(notice)
            self._notices.append(notice)

    def take_notice(self) -> SetAside | None:
        """The next thing the store set right by itself (a damaged row set aside), once each; the
        statistics shown are sound. `take_problem` gives these too, after the problems."""
        return self._notices.pop(0) if self._notices else None

    def statistics(self, game_key: str) -> Stats:
        """The statistics of one game (all zero when it was never played)."""
        from .stats import compute_stats  # loaded when statistics are first read: a start needs none

        return compute_stats(game_key, self.games(game_key))

    def all_statistics(self) -> dict[str, Stats]:
        """The statistics of every game played, by game key, in key order."""
        from .stats import compute_stats

        records = self.games()
        keys = sorted({record.game_key for record in records})
        return {key: compute_stats(key, records) for key in keys}

    def carried_score(self, game_key: str, scoring: Scoring | None) -> int:
        """The total a cumulative scoring (Vegas's) carries into a new game of `game_key` from the games
        recorded before it; 0 for a game scored otherwise or not at all."""
        if scoring is None or not scoring.cumulative:
            return 0
        return self.statistics(game_key).total(scoring.key)

    def reset_statistics(self, game_key: str | None = None) -> int:
        """Forget the recorded games of one game, or of all when `game_key` is None; returns how many."""
        try:
            with write(self._conn) as conn:
                if game_key is None:
                    cursor = conn.execute("DELETE FROM games")
                else:
                    cursor = conn.execute("DELETE FROM games WHERE game_key = ?", (game_key,))
                return cursor.rowcount
        except sqlite3.Error as error:
            self._problem(Failed.RESET, error)
            return 0

    # -- the game in progress ----------------------------------------------------------------------

    def save_game(self, session: Session) -> bool:
        """Save `session` in this copy's slot with its whole undo/redo history; cheap enough for every action.

        Returns False (with a `take_problem` value) when it could not be saved. A session started from
        a custom position (`Session.start`) cannot be rebuilt from its deal number and is not saved.
        """
        if session.start is not None:
            return False
        entries = [(action_text(action), auto) for action, auto in zip(session.actions, session.automatic)]
        key, deal = session.variant.key, session.deal_number
        header = (
            session.position_in_history, len(entries), float(session.elapsed), session.undos, session.hints,
            int(session.solver_played), now("microseconds"),  # saved_at orders the slots: the next start resumes the latest
            session.daily.isoformat() if session.daily else None,
        )
        try:
            slot = self._with_room(lambda: self._write_save(session, key, deal, entries, header))
        except sqlite3.Error as error:
            self._saved = None  # unsure what the file holds now: the next save rewrites it whole
            self._problem(Failed.SAVE_GAME, error)
            return False
        self._saved = (session, slot, entries)
        self._shown.clear()  # the disk took a write: a failure after this one is news again, told again
        return True

    def _write_save(self, session: Session, key: str, deal: int, entries: list[Entry], header: tuple[object, ...]) -> int:
        """One transaction: the kept records first, then append to this copy's slot when it holds this game as
        last written, else rewrite it."""

        def body(conn: sqlite3.Connection) -> int:
            row = conn.execute("SELECT slot, game_key, deal FROM saved_games WHERE owner = ?", (self._copy.token,)).fetchone()
            cached = self._saved
            if cached is not None and cached[0] is session and row == (cached[1], key, deal):
                self._append(conn, cached[1], cached[2], entries, header)
                return cached[1]
            return self._rewrite(conn, key, deal, entries, header)

        return self._transaction(body)

    def _made_room(self, error: sqlite3.Error) -> bool:
        """After a write found the disk full: fold the write-ahead log into the file and cut it to nothing.

        The log grows to some 4 MB before SQLite folds it in by itself; on a nearly full disk it can
        take the last free space and keep it, so that saves failed for good even once the rest of
        the disk had room again. Returns whether a retry is worth it."""
        if self.path is None or not is_disk_full(error, self.path.parent):
            return False
        try:
            busy = self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]
        except sqlite3.Error:
            return False
        return not busy

    @staticmethod
    def _append(
        conn: sqlite3.Connection, slot: int, old: list[Entry], entries: list[Entry], header: tuple[object, ...]
    ) -> None:
        keep = 0
        for before, current in zip(old, entries):
            if before != current:
                break
            keep += 1
        if keep < len(old):
            conn.execute("DELETE FROM saved_game_actions WHERE slot = ? AND seq >= ?", (slot, keep))
        conn.executemany(
            "INSERT INTO saved_game_actions (slot, seq, action, automatic) VALUES (?, ?, ?, ?)",
            [(slot, keep + i, text, auto) for i, (text, auto) in enumerate(entries[keep:])],
        )
        conn.execute(
            "UPDATE saved_games SET cursor = ?, action_count = ?, seconds = ?, undos = ?, hints = ?, solver_played = ?,"
            " saved_at = ?, daily = ? WHERE slot = ?",
            (*header, slot),
        )

    def _rewrite(
        self, conn: sqlite3.Connection, key: str, deal: int, entries: list[Entry], header: tuple[object, ...]
    ) -> int:
        forget_slots(conn, "owner = ?", (self._copy.token,))
        slot = conn.execute(
            "INSERT INTO saved_games"
            " (owner, game_key, deal, cursor, action_count, seconds, undos, hints, solver_played, saved_at, daily)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (self._copy.token, key, deal, *header),
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
            with write(self._conn) as conn:
                slots = self._resumable(conn)
                if not slots:
                    return None, None
                chosen, *others = slots
                counted = self._count_in_statistics(conn, others)
                try:
                    session = chosen.rebuild(autoplay, clock)
                except Exception as error:
                    set_aside_slot(conn, chosen, f"{type(error).__name__}: {error}")
                    problem: str | None = _("The saved game ({game}) could not be restored ({reason}); it was set aside.").format(
                        game=chosen.name(), reason=error
                    )
                    session = None
                else:
                    conn.execute("UPDATE saved_games SET owner = ? WHERE slot = ?", (self._copy.token, chosen.slot))
                    problem = None
        except sqlite3.Error as error:
            self._problem(Failed.READ_SAVED_GAME, error)
            return None, _("The saved game could not be read ({reason}); a new game starts.").format(reason=self._why(error))
        self._saved = (session, chosen.slot, chosen.entries) if session is not None else None
        notes = [problem] if problem else []
        if counted:
            notes.append(
                _("Left unfinished in another window, now counted in the statistics: {games}.").format(games=", ".join(counted))
            )
        return session, " ".join(notes) or None

    def abandon_saved_games(self) -> str | None:
        """Count every saved game no running copy is playing in the statistics, and forget them.

        For a start that names a new game: like "New game" in the window, it must not silently drop
        the game in progress, which would otherwise never be resumed. It counts as abandoned (won or
        lost when it already is); one played not at all is just forgotten. Returns the line to tell
        the player, or None when nothing was counted.
        """
        try:
            with write(self._conn) as conn:
                counted = self._count_in_statistics(conn, self._resumable(conn))
        except sqlite3.Error as error:
            self._problem(Failed.COUNT_SAVED_GAME, error)
            return None  # it stays saved, and the next start without a named game resumes it
        self._saved = None
        if not counted:
            return None
        return _("The game in progress was counted in the statistics: {games}.").format(games=", ".join(counted))

    def _resumable(self, conn: sqlite3.Connection) -> list[Slot]:
        """The saved games of this copy and of copies no longer running, the latest first."""
        return [
            slot for slot in read_slots(conn)
            # a damaged slot's owner may not even be a token (a path, bytes): no running copy is asked
            if slot.damage is not None or slot.owner == self._copy.token or not self._copy.is_running(slot.owner)
        ]

    @staticmethod
    def _count_in_statistics(conn: sqlite3.Connection, slots: list[Slot]) -> list[str]:
        """Record each saved game as it stands and forget it (set aside if it no longer replays); names what was counted."""
        counted = []
        for slot in slots:
            try:
                session = slot.rebuild(autoplay=False, clock=time.monotonic)
            except Exception as error:
                set_aside_slot(conn, slot, f"{type(error).__name__}: {error}")
                # TRANSLATORS: one of a list of saved games counted in the statistics
                counted.append(_("{game} (could not be restored; set aside)").format(game=slot.name()))
                continue
            if session.player_acted:  # only auto-play moved: not a game played (as in record_game)
                result = _standing(session)
                insert_record(conn, session, result, now())
                counted.append(_counted_as(slot.name(), result))
            forget_slots(conn, "slot = ?", (slot.slot,))
        return counted

    # -- settings ----------------------------------------------------------------------------------

    def _read_setting(self, name: str) -> str | None:
        try:
            row = self._conn.execute("SELECT value FROM settings WHERE key = ?", (name,)).fetchone()
        except sqlite3.Error as error:
            self._problem(Failed.READ_SETTINGS, error)
            return None
        return None if row is None else str(row[0])

    def _write_setting(self, name: str, text: str) -> None:
        try:
            with write(self._conn) as conn:
                conn.execute("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)", (name, text))
        except sqlite3.Error as error:
            self._problem(Failed.SAVE_SETTINGS, error)

    # -- the end -----------------------------------------------------------------------------------

    def close(self) -> None:
        """Close the database (the last connection to close folds the WAL back into the file) and
        clear this copy's running mark, so the next start may resume its game. Games kept unrecorded
        get one more try (the disk may have room again); if it fails they are lost to the statistics, but
        not the game itself: this copy's slot still holds it, and the next start resumes it."""
        self.record_kept()
        try:
            self._conn.close()
        except sqlite3.Error:
            pass
        self._copy.stop()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
