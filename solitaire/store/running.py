"""Which copies of the program are running, told by OS locks on files under `running/` in the data folder.

Each open Store is one running copy with a random token, and it holds an OS lock on
`running/<token>.lock` for as long as it runs. The OS drops the lock however the process ends,
SIGKILL included, so a mark whose lock anyone can take belongs to a copy that has stopped: the store
may then take over the game that copy left.

The marks are made, locked and removed only as plain files of a real `running/` folder: a `running`
that is a link (to some other folder of the player's, say) is not written through, nor a mark that is
a link or a file with another name elsewhere. Such a copy plays and saves unmarked.
"""
from __future__ import annotations

import os
import stat
import sys
import time
from pathlib import Path
from typing import BinaryIO

RUNNING_DIR = "running"
O_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)  # not on Windows, where the folder's lstat check stands alone


class RunningCopy:
    """This copy: its token, and its mark in the data folder (none for a store kept only in memory)."""

    def __init__(self, data_dir: Path | None) -> None:
        self.token = os.urandom(8).hex()  # secrets.token_hex, without its imports on the way to the window
        self._folder = data_dir / RUNNING_DIR if data_dir is not None else None
        self._mark = _mark_running(self._folder, self.token) if self._folder is not None else None

    def is_running(self, token: str) -> bool:
        """Whether the copy with `token` still runs. Without a data folder there is no other copy to ask."""
        return self._folder is not None and _is_running(self._folder, token)

    def stop(self) -> None:
        """Clear this copy's mark, so the next start may take over what it left."""
        if self._mark is not None and self._folder is not None:
            self._mark.close()
            self._mark = None
            (self._folder / f"{self.token}.lock").unlink(missing_ok=True)


def _try_lock(handle: BinaryIO) -> bool:
    """Lock the open file without waiting; False when another process (or open file) holds it."""
    try:
        if sys.platform == "win32":
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
        if not stat.S_ISDIR(os.lstat(folder).st_mode):
            return None  # a link to a folder elsewhere: nothing is made or removed there
        for other in os.listdir(folder):  # not glob("*.lock"), which compiles a pattern at every start
            if other.endswith(".lock") and not other.startswith("."):
                _is_running(folder, other.removesuffix(".lock"))  # removes the mark when its copy has stopped
        for _attempt in range(3):
            flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND | O_NOFOLLOW | getattr(os, "O_BINARY", 0)
            handle = os.fdopen(os.open(path, flags, 0o666), "ab")  # held open for the life of the store
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
        # closed below, before the unlink (Windows needs that); a link is not opened (ELOOP): no mark of ours
        handle = os.fdopen(os.open(path, os.O_RDWR | O_NOFOLLOW | getattr(os, "O_BINARY", 0)), "r+b")
    except OSError:
        return False  # no mark: it stopped and cleared it, or could never make one
    with handle:
        if not _try_lock(handle):
            return True
        info = os.fstat(handle.fileno())
    if stat.S_ISREG(info.st_mode) and info.st_nlink == 1:  # a name of a file elsewhere is not ours to remove
        path.unlink(missing_ok=True)  # a copy that was killed leaves its mark behind, unlocked
    return False
