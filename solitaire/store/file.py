"""The store's file on disk: opened checked and current, made whole, read without writing, or set aside.

- WAL mode lets one copy read while another writes. synchronous=NORMAL: in WAL mode a committed
  transaction survives the program being killed at any moment (it is in the WAL, which the OS keeps),
  and a power cut can only lose the last commits, never corrupt the file. FULL would add an fsync to
  every move on the window's thread, a visible stutter on slow disks, to protect a few seconds of
  solitaire against power loss. Not worth it.
- A new database is made under a temporary name and linked into place whole, so an empty file can
  only be a lost one. A damaged file (garbage, truncated, emptied, not ours, or tables that are not
  as this version made them) is renamed `solitaire.damaged-<date>.sqlite3` beside it, with its
  -wal/-shm, so that a fresh database can start in its place.
- A database that cannot be written (a read-only file or folder) can still be read into memory.
- Only a regular file is opened: SQLite would wait forever on a FIFO at the path, and a folder or a
  device there is not ours to move.
- Nothing in the folder may point the program elsewhere (a folder unpacked from an archive, say): the
  database, its -wal and -shm and the marks under running/ are taken only as plain files of the
  folder's own, never through a symbolic link, and a -wal or -shm with another name elsewhere (a hard
  link) is left alone, since SQLite would write its log or index into that other file. Such a file is
  refused with a line that names it; the statistics are still read from the database alone
  (`copy_into_memory`), and nothing is written. The checks run before SQLite opens anything, with
  lstat; the mode given back to a -wal or -shm (`_writable_companions`) is set through a descriptor
  opened with O_NOFOLLOW, so not even a link made in between is followed. (The folder itself may be a
  link, or lie under one: that is where the player chose to keep it.)
- A folder nested deeper than SQLite can name (a path of more than MOST_PATH_BYTES bytes) is made
  all the same, one level at a time, and refused in one line, not with a traceback.
"""
from __future__ import annotations

import errno
import os
import sqlite3
import stat
import time
from datetime import datetime
from pathlib import Path

from game.i18n import _

from .schema import Damaged, check, now, upgrade, write

BUSY_TIMEOUT_MS = 5000
STALE_TEMP_SECONDS = 60  # a half-made new database older than this was left by a copy that was killed
# SQLite reports some writes that found no room as a bare "disk I/O error" (growing the -shm file, for
# one); with less free space than this in the folder, that is what it was.
NEARLY_FULL_BYTES = 1 << 20
# The write-ahead log is folded into the file when it reaches this many pages (SQLite's default is
# 1,000, some 4 MB). On a small or nearly full disk a log that big took all the room there was, and
# then could not be folded in at all (the file had no room to grow into): saves failed for good.
# 64 pages (256 KB) is a fold every thirty moves or so, a few milliseconds.
WAL_PAGES = 64


# SQLite's unix VFS opens no path longer than this (MAX_PATHNAME, 512 with the string's end): a longer
# one is "unable to open database file", which says nothing of why.
MOST_PATH_BYTES = 511
O_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)  # not on Windows, where the lstat checks stand alone


class NotAFile(OSError):
    """Something other than a regular file of the folder's own at the database's path or a companion's
    (a FIFO, a folder, a device, a symbolic link, a file with another name elsewhere); `filename` names it."""

    def __init__(self, path: Path, reason: str | None = None) -> None:
        super().__init__(errno.EINVAL, reason or _("it is not a regular file"), str(path))


def make_folder(folder: Path) -> None:
    """`folder` and the parents it lacks, made one level at a time from the deepest that exists.

    `Path.mkdir(parents=True)` calls itself once a missing level: a folder 1,000 levels deep ended in
    a RecursionError. FileExistsError when something other than a folder has its name (as mkdir's)."""
    missing: list[Path] = []
    at = folder
    while at != at.parent and not os.path.lexists(at):  # lexists: a link, even a loop, is something there
        missing.append(at)
        at = at.parent
    for level in reversed(missing):
        try:
            os.mkdir(level)
        except FileExistsError:
            pass  # made meanwhile (another copy starting): whether it is a folder is checked below
    if not folder.is_dir():
        raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(folder))


def too_long(path: Path) -> bool:
    """Whether `path` is longer than SQLite can open (see MOST_PATH_BYTES; Windows's own limits differ,
    and an open that fails there is the usual one line)."""
    return os.name == "posix" and len(os.fsencode(os.path.abspath(path))) > MOST_PATH_BYTES


def reason_for(error: BaseException, folder: Path) -> str:
    """The words for what went wrong: "the disk is full" whenever it is, however SQLite or the system put it."""
    if is_disk_full(error, folder):
        return _("the disk is full")
    return system_words(error)


def system_words(error: BaseException) -> str:
    """What the system or SQLite said went wrong, as it said it."""
    return (error.strerror if isinstance(error, OSError) else None) or str(error)


def is_disk_full(error: BaseException, folder: Path) -> bool:
    if isinstance(error, OSError):
        return error.errno in (errno.ENOSPC, errno.EDQUOT)
    if not isinstance(error, sqlite3.Error):
        return False
    name = getattr(error, "sqlite_errorname", "") or ""
    if name == "SQLITE_FULL":
        return True
    if not name.startswith("SQLITE_IOERR"):
        return False
    try:
        room = os.statvfs(folder)
    except (OSError, AttributeError):  # no statvfs on Windows
        return False
    return room.f_bavail * room.f_frsize < NEARLY_FULL_BYTES


def _regular_file(path: Path) -> os.stat_result | None:
    """`path`'s status when it is a regular file of its own (not a link to one), None when nothing is
    there; NotAFile otherwise, or the system's OSError."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return None
    if stat.S_ISLNK(info.st_mode):
        # TRANSLATORS: why a file of the data folder is not used ("Cannot use ... ({reason}): ...")
        raise NotAFile(path, _("it is a symbolic link, which is not followed"))
    if not stat.S_ISREG(info.st_mode):
        raise NotAFile(path)
    return info


def companions(path: Path) -> list[Path]:
    """The database's -wal and -shm, where SQLite keeps its log and the log's index."""
    return [Path(f"{path}{extra}") for extra in ("-wal", "-shm")]


def check_companions(path: Path) -> None:
    """NotAFile, naming it, unless each of the -wal and -shm that is there is a plain file with no
    other name: SQLite writes into them, so a link would carry its writes out of the folder."""
    for companion in companions(path):
        info = _regular_file(companion)
        if info is not None and info.st_nlink > 1:
            # TRANSLATORS: why a file of the data folder is not used ("Cannot use ... ({reason}): ...")
            raise NotAFile(companion, _("it has another name outside the database's own files (a hard link)"))


def is_damage(error: sqlite3.Error) -> bool:
    """Whether SQLite itself says the file is corrupt or not a database (rather than, say, unwritable)."""
    name = getattr(error, "sqlite_errorname", "") or ""
    return name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB"))


def connect(path: Path) -> sqlite3.Connection:
    """A checked, current, writable connection to `path`, made first when there is no file."""
    info = _regular_file(path)
    if info is None:
        _create(path)
    elif info.st_size == 0:
        raise Damaged(_("the file was empty"))
    else:
        check_companions(path)
        _writable_companions(path, info)
    conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
    try:
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        conn.execute("PRAGMA journal_mode = WAL")  # the first read of the file: garbage fails here
        check(conn)
        # Prove now that we can write, rather than failing on the first move; unsynced, since this row
        # is worth no wait for the disk: the first write to a fresh WAL syncs it and its folder (two
        # fsyncs, milliseconds before the window's first frame, far more on a busy or spinning disk).
        # Later commits run under NORMAL, which syncs only at a checkpoint, so they lose nothing by it.
        conn.execute("PRAGMA synchronous = OFF")
        with write(conn):
            conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('last_opened', ?)", (now(),))
        conn.execute("PRAGMA synchronous = NORMAL")
        conn.execute(f"PRAGMA wal_autocheckpoint = {WAL_PAGES}")
    except BaseException:
        conn.close()
        raise
    return conn


def _writable_companions(path: Path, info: os.stat_result) -> None:
    """Give a writable database's -wal and -shm files back their write permission.

    SQLite makes them with the database's mode: a run on a read-only (0444) database leaves them so,
    and once the database is writable again SQLite still cannot write through them: every start
    would say "Cannot write" until they were deleted by hand. Only our own files are touched: each is
    opened without following a link, and changed only when it is a plain file with no other name.
    """
    if not os.access(path, os.W_OK):
        return
    for companion in companions(path):
        try:
            if os.access(companion, os.W_OK, follow_symlinks=False):
                continue
            handle = os.open(companion, os.O_RDONLY | O_NOFOLLOW | getattr(os, "O_NONBLOCK", 0))
        except (OSError, NotImplementedError):  # not there (most often), or a link: not ours to change
            continue
        try:
            mine = os.fstat(handle)
            if stat.S_ISREG(mine.st_mode) and mine.st_nlink == 1 and mine.st_uid == info.st_uid:
                os.fchmod(handle, stat.S_IMODE(info.st_mode))
        except (OSError, AttributeError):  # no fchmod on Windows
            pass
        finally:
            os.close(handle)


def _create(path: Path) -> None:
    """Make a fresh database under a temporary name, then link it into place whole.

    A copy killed while creating leaves no empty file at `path`, so an empty file there is always
    lost data, reported rather than silently replaced. When two copies create at once, the second
    link fails and that copy uses the first one's file.
    """
    for stale in path.parent.glob(f"{path.name}.new-*"):
        try:
            if time.time() - stale.lstat().st_mtime > STALE_TEMP_SECONDS:
                stale.unlink()
        except OSError:
            pass  # another copy cleared it first
    temp = path.with_name(f"{path.name}.new-{os.urandom(4).hex()}")  # as secrets.token_hex, without its imports at start-up
    try:
        conn = sqlite3.connect(str(temp), isolation_level=None)
        try:
            conn.execute("PRAGMA journal_mode = WAL")
            upgrade(conn)
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


def copy_into_memory(path: Path) -> sqlite3.Connection:
    """The database at `path` read without writing a byte, as a checked in-memory copy at this version.

    `mode=ro` reads through the WAL; a WAL database whose -shm file cannot be made (a read-only
    folder) opens only as `immutable`, which reads the main file alone (the last few saves may be missing).
    Both are read-only opens, so a missing file is an error here, never an empty one made (which the next
    start would take for a damaged database). A -wal or -shm that is not the folder's own
    (`check_companions`) is never opened: the main file alone is read, as `immutable`. The path is made
    absolute without resolving its links (the folder may lie under one).
    """
    if _regular_file(path) is None:
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), str(path))
    uri = Path(os.path.abspath(path)).as_uri()
    try:
        check_companions(path)
        ways = ["mode=ro", "mode=ro&immutable=1"]
    except OSError:
        ways = ["mode=ro&immutable=1"]
    memory = sqlite3.connect(":memory:", isolation_level=None)
    try:
        for way in ways:
            try:
                _backup(f"{uri}?{way}", memory)
                break
            except sqlite3.Error:
                if way == ways[-1]:
                    raise
        check(memory)
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


def set_aside(path: Path, inode: int | None) -> Path | None:
    """Rename a damaged database (and its -wal and -shm) to a dated name beside it; returns the new path.

    `inode` is the file found damaged. When two copies find the damage together, the second must not
    move aside the fresh file the first one has just made (or report a move it did not make): it
    returns None and leaves the file alone.
    """
    if inode is not None and inode_of(path) != inode:
        return None
    stamp = datetime.now().strftime("%Y-%m-%d-%H%M%S")
    aside = path.with_name(f"{path.stem}.damaged-{stamp}{path.suffix}")
    number = 1
    while aside.exists():
        number += 1
        aside = path.with_name(f"{path.stem}.damaged-{stamp}-{number}{path.suffix}")
    for companion in companions(path):
        if os.path.lexists(companion):  # a link is moved as the link it is
            os.rename(companion, f"{aside}{companion.name[len(path.name):]}")
    if os.path.lexists(path):
        os.rename(path, aside)
    return aside


def inode_of(path: Path) -> int | None:
    """The file's identity, taken before opening it, so that `set_aside` moves only the file found damaged."""
    try:
        return os.lstat(path).st_ino
    except OSError:
        return None
