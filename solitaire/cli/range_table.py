"""The `--csv` file of `solve --range`: one row per deal, written and flushed as each is decided,
and read back by `--resume` so a table that takes days survives being stopped.

Each row also says what it was decided under (the game's key, `--time-limit`, `--max-positions`),
so a resumed run can refuse a file of another game or budget instead of mixing two tables into one
figure; the columns are added after the old five, which readers that go by column name never miss.
A file without them (written before they existed) is still read and resumed in its own shape, with
a note that it cannot be checked.

Appending is safe: a run killed mid-write can leave a last line without its line end; `--resume`
cuts it off (that deal is decided again) rather than keeping it broken or writing it twice. A row the
disk refuses (full) is cut off at once, so the file holds whole rows only, and the run's summary
counts only the deals whose rows are in it (`solve.decide_into` counts a row once written). A file
is written by one run at a time (an advisory lock where the system has one): two runs appending to
one table would decide every deal twice.
"""
from __future__ import annotations

import csv
import io
import os
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TextIO

from game.i18n import _
from game.solver import Status

from .common import UsageError

DEAL_COLUMNS = ("deal", "verdict", "moves", "seconds", "positions")
STAMP_COLUMNS = ("game", "time_limit", "max_positions")
COLUMNS = DEAL_COLUMNS + STAMP_COLUMNS
VERDICTS = {status.value: status for status in Status}


@dataclass(frozen=True)
class Decided:
    """One deal's row: `seconds` is the solver's CPU time, which does not depend on the load."""

    deal: int
    verdict: Status
    moves: int
    seconds: float
    positions: int
    fault: str = ""  # why the solver failed on the deal (a bug), which leaves it unknown


@dataclass(frozen=True)
class Stamp:
    """What every row of a table was decided under: the same deal is another question in another
    game, and may be "unknown" at 4 s of CPU and won at 60."""

    game: str
    time_limit: float
    max_positions: int | None

    def fields(self) -> list[str]:
        return [self.game, repr(self.time_limit), "" if self.max_positions is None else str(self.max_positions)]

    def describe(self) -> str:
        """As the options that make it are typed: `klondike-draw3 --time-limit 60`."""
        limit = int(self.time_limit) if self.time_limit.is_integer() else self.time_limit
        budget = f" --max-positions {self.max_positions}" if self.max_positions is not None else ""
        return f"{self.game} --time-limit {limit}{budget}"


def stamp_of(fields: list[str]) -> Stamp | None:
    """The stamp a row's last three fields spell, or None when they spell none."""
    game, limit, positions = fields
    try:
        return Stamp(game, float(limit), int(positions) if positions else None)
    except ValueError:
        return None


class RangeTable:
    """An open `--csv` file that rows are appended to, in the shape of its header."""

    def __init__(self, handle: TextIO, stamp: Stamp, columns: tuple[str, ...], fresh: bool, regular: bool = True) -> None:
        self.name = handle.name
        self._handle = handle  # read by `read_table`; rows go straight to its descriptor (see _write)
        self._regular = regular
        self._stamp = stamp.fields() if columns == COLUMNS else []
        self._line = io.StringIO()
        self._writer = csv.writer(self._line)
        if fresh:
            self._write(list(columns))

    @property
    def stamped(self) -> bool:
        """Whether its rows say their game and budget (files written before they did do not)."""
        return bool(self._stamp)

    def write(self, row: Decided) -> None:
        self._write([row.deal, row.verdict.value, row.moves, f"{row.seconds:.3f}", row.positions, *self._stamp])

    def close(self) -> None:
        self._handle.close()

    def _write(self, fields: list[object]) -> None:
        """One row, on disk before the next deal is decided, so an interrupted run keeps it; all of it
        or none. It goes to the descriptor itself, not through a buffer that could keep half a row to
        write at close; when the disk refuses part of it, the file is cut back to its whole rows."""
        self._line.seek(0)
        self._line.truncate()
        self._writer.writerow(fields)
        data = self._line.getvalue().encode("utf-8")
        descriptor = self._handle.fileno()
        whole = os.fstat(descriptor).st_size if self._regular else 0
        try:
            while data:
                data = data[os.write(descriptor, data):]
        except OSError as error:
            if self._regular:
                try:
                    os.truncate(descriptor, whole)
                except OSError:
                    pass  # the next --resume cuts the torn row off
            raise TableError(_("cannot write {file}: {reason}").format(file=self.name, reason=error.strerror or error)) from None


class TableError(Exception):
    """The `--csv` file could not be written (a full disk): the run stops with what it has."""


def open_table(path: str, stamp: Stamp, overwrite: bool = False, resume: bool = False) -> tuple[RangeTable, dict[int, Status]]:
    """The `--csv` file, and with `resume` the verdicts already in it. A file that already holds
    something is never emptied unless `--overwrite` asks (an interrupted run once emptied a whole
    earlier table), nor added to unless `--resume` does."""
    try:
        regular = not os.path.exists(path) or stat.S_ISREG(os.stat(path).st_mode)
        # a pipe or a device (/dev/stdout) is only written: nothing to read back, lock or seek in
        handle = open(path, "a+" if regular else "a", newline="", encoding="utf-8")  # noqa: SIM115 (RangeTable closes it)
    except OSError as error:
        raise UsageError(_("cannot write {file}: {reason}").format(file=path, reason=error.strerror or str(error))) from None
    try:
        if not regular:
            return RangeTable(handle, stamp, COLUMNS, fresh=True, regular=False), {}
        _lock(handle, path)
        if overwrite:
            handle.truncate(0)
        elif os.fstat(handle.fileno()).st_size and not resume:
            raise UsageError(_("{file} already exists: give --overwrite to replace it").format(file=path))
        columns, verdicts = read_table(handle, path, stamp)
        return RangeTable(handle, stamp, columns or COLUMNS, fresh=not columns), verdicts
    except BaseException:
        handle.close()
        raise


def _lock(handle: TextIO, path: str) -> None:
    try:
        import fcntl
    except ImportError:  # not on Windows: there, two runs on one file are the user's care
        return
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        raise UsageError(_("{file} is being written by another run").format(file=path)) from None


def read_table(handle: TextIO, path: str, stamp: Stamp) -> tuple[tuple[str, ...], dict[int, Status]]:
    """The header and the verdict of each deal in the open file (the first row of a deal counts),
    after cutting off a torn last line. An empty file has no header: ((), {})."""
    handle.seek(0)
    verdicts: dict[int, Status] = {}
    columns: tuple[str, ...] = ()
    kept = 0  # bytes of whole lines
    try:
        for number, line in enumerate(_lines(handle), start=1):
            if not line.endswith("\n"):
                if handle.readline():  # a line end of another kind, not a tear
                    raise UsageError(_("{file}, line {line}: not a row of a deal table").format(file=path, line=number))
                break  # torn: the run writing it was killed
            fields = next(csv.reader([line]))
            if number == 1:
                columns = _header(fields, path)
            else:
                deal, verdict = _row(fields, columns, stamp, path, number)
                verdicts.setdefault(deal, verdict)
            kept += len(line.encode("utf-8"))
    except UnicodeDecodeError:
        raise UsageError(_("{file} is not a table written by solve --range").format(file=path)) from None
    os.truncate(handle.fileno(), kept)
    handle.seek(0, os.SEEK_END)
    return columns, verdicts


def _lines(handle: TextIO) -> Iterator[str]:
    """The file's lines, each with its line end; csv writes \\r\\n, and a lone \\r is no line end here."""
    yield from iter(handle.readline, "")


def _header(fields: list[str], path: str) -> tuple[str, ...]:
    if tuple(fields) in (COLUMNS, DEAL_COLUMNS):
        return tuple(fields)
    raise UsageError(_("{file} is not a table written by solve --range").format(file=path))


def _row(fields: list[str], columns: tuple[str, ...], stamp: Stamp, path: str, number: int) -> tuple[int, Status]:
    """A row's deal and verdict; a row of another game or budget refuses the whole file."""
    verdict = VERDICTS.get(fields[1]) if len(fields) == len(columns) else None
    deal = fields[0] if fields[0].isascii() and fields[0].isdigit() else ""
    if verdict is None or not deal:
        raise UsageError(_("{file}, line {line}: not a row of a deal table").format(file=path, line=number))
    if columns == COLUMNS:
        theirs = stamp_of(fields[len(DEAL_COLUMNS):])
        if theirs is None:
            raise UsageError(_("{file}, line {line}: not a row of a deal table").format(file=path, line=number))
        if theirs != stamp:
            raise UsageError(_("{file} holds deals of {theirs}, not of {ours}: give another file").format(
                file=path, theirs=theirs.describe(), ours=stamp.describe()))
    return int(deal), verdict
