"""A file's name typed in a panel: Ctrl+S saves the game under it, Ctrl+O opens the game saved in it.

A window of its own from the desktop would need a toolkit beside pygame; a typed name works on every
desktop and from the keyboard alone. The panel stays open with the reason when the file cannot be
written or read (one line: the file's reader says what is wrong), so nothing typed is lost and the
game on the table is untouched until a file has been read whole.
"""
from __future__ import annotations

from collections.abc import Callable

from game.i18n import _

from .overlays import OverlayHost
from .text_entry import TextEntry
from .widgets import Button

LONGEST_NAME = 4096  # the longest path Linux takes


class FileDialog(TextEntry):
    """`title` above a field holding `name`; Enter (or the first button) gives the name to `submit`,
    which returns why it failed, or None when done (the panel then closes)."""

    least_width, width_share = 640, 0.5

    def __init__(self, host: OverlayHost, title: Callable[[], str], name: str, label: Callable[[], str],
                 submit: Callable[[str], str | None]) -> None:
        super().__init__(host)
        self.titled, self.label, self.submit_name = title, label, submit
        self.text = name
        self.error = ""
        self.buttons = [Button(label(), self.submit), Button(_("Cancel"), self.close)]

    def retranslate(self) -> None:
        self.buttons[0].label, self.buttons[1].label = self.label(), _("Cancel")
        self.error = ""
        self.dirty = True

    def title(self) -> str:
        return self.titled()

    def guide(self) -> str:
        return _("a file of Solitaire Suite (.solitaire)")

    def accepts(self, typed: str) -> bool:
        return typed.isprintable() and len(self.text) < LONGEST_NAME

    def submit(self) -> None:
        if not self.text.strip():
            self.error = _("type a file's name")
        else:
            problem = self.submit_name(self.text.strip())
            if problem is None:
                self.close()
                return
            self.error = problem
        self.dirty = True
