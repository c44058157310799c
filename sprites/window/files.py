"""Games in files, from the window: Ctrl+S writes the game on the table to a file, Ctrl+O plays the
game in one instead (game/savefile.py reads and writes them, for the console too).

A file that cannot be written or read leaves its reason in the panel, one line, and the game on the
table as it was: the file is read whole, every move replayed by the rules, before anything changes.
"""
from __future__ import annotations

from pathlib import Path
from typing import Protocol

from game.i18n import _
from game.savefile import SUFFIX, SaveFileError, load, save
from game.session import Session

from ..panels.file_dialog import FileDialog
from ..panels.overlays import OverlayHost
from ..scene.table import Table


class Opener(Protocol):
    """What follows a game read from a file (implemented by `life_cycle.GameLife`)."""

    def request_session(self, session: Session) -> None: ...


class GameFiles:
    """The window's Save and Open; `last` is the file named last, offered again."""

    def __init__(self, host: OverlayHost, table: Table, life: Opener) -> None:
        self.host, self.table, self.life = host, table, life
        self.last: Path | None = None
        self.dialog: FileDialog | None = None

    def save_as(self) -> None:
        session = self.table.session
        default = self.last or Path.home() / f"{session.variant.key.replace(':', '-')}-{session.deal_number}{SUFFIX}"
        self.dialog = FileDialog(self.host, lambda: _("Save the game as"), str(default), lambda: _("Save"), self._save)
        self.host.push_overlay(self.dialog)

    def open(self) -> None:
        default = str(self.last) if self.last is not None else str(Path.home()) + "/"
        self.dialog = FileDialog(self.host, lambda: _("Open a saved game"), default, lambda: _("Open"), self._open)
        self.host.push_overlay(self.dialog)

    def _save(self, name: str) -> str | None:
        path = Path(name).expanduser()
        try:
            save(self.table.session, path)
        except OSError as error:
            return _("the game could not be saved to {file} ({reason})").format(file=name, reason=error.strerror or error)
        self.last = path
        self.table.say(_("Saved to {file}.").format(file=name))
        return None

    def _open(self, name: str) -> str | None:
        path = Path(name).expanduser()
        try:
            session = load(path, autoplay=self.table.session.autoplay)
        except SaveFileError as error:
            return str(error)
        if session.is_won:
            return _("the game in {file} is already won").format(file=name)
        self.last = path
        if self.dialog is not None:
            self.host.pop_overlay(self.dialog)  # closed first: the question "Abandon this game?" may follow
        self.life.request_session(session)
        return None
