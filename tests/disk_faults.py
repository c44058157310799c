"""A full disk without a disk to fill: the store's SQLite connection made to answer every change with
SQLite's own "database or disk is full" (SQLITE_FULL), as it does when a write finds no room, and
let through again when the disk "empties". No mount, no root: it runs wherever the tests run."""
from __future__ import annotations

import sqlite3
from typing import Any

CHANGES = ("INSERT", "UPDATE", "DELETE", "REPLACE")


def disk_full() -> sqlite3.OperationalError:
    error = sqlite3.OperationalError("database or disk is full")
    error.sqlite_errorname = "SQLITE_FULL"  # type: ignore[misc]
    error.sqlite_errorcode = sqlite3.SQLITE_FULL  # type: ignore[misc]
    return error


class FullDisk:
    """Stands in for a store's connection (`store._conn`); `full` says whether the disk has room.
    `room_after_fold`: folding the write-ahead log in (`PRAGMA wal_checkpoint(TRUNCATE)`, what the
    store does after a full disk) frees enough for the retry, as it does on a disk the log had filled."""

    def __init__(self, conn: sqlite3.Connection, room_after_fold: bool = False) -> None:
        self.conn = conn
        self.full = True
        self.room_after_fold = room_after_fold
        self.refused = 0

    def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
        self._check(sql)
        return self.conn.execute(sql, *args)

    def executemany(self, sql: str, *args: Any) -> sqlite3.Cursor:
        self._check(sql)
        return self.conn.executemany(sql, *args)

    def _check(self, sql: str) -> None:
        words = sql.split()
        if self.full and self.room_after_fold and "wal_checkpoint" in sql:
            self.full = False
        if self.full and words and words[0].upper() in CHANGES:
            self.refused += 1
            raise disk_full()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.conn, name)


def fill(store: Any, room_after_fold: bool = False) -> FullDisk:
    disk = FullDisk(store._conn, room_after_fold)
    store._conn = disk
    return disk


def empty(store: Any) -> None:
    if isinstance(store._conn, FullDisk):
        store._conn = store._conn.conn
