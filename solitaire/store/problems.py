"""What the store could not do while playing, and what it set right by itself, as values.

The store keeps the facts (what failed and why, how many rows it set aside); a front end words them
when it says them, in the language it speaks then, and a test checks the kind rather than a sentence.
"""
from __future__ import annotations

from enum import Enum

from game.i18n import N_, _, ngettext
from game.value import Value


class Failed(Enum):
    """What the store could not do; each value is the template of its sentence."""

    RECORD = N_("Could not record the game in the statistics ({error}).")
    READ_STATISTICS = N_("Could not read the statistics ({error}).")
    RESET = N_("Could not reset the statistics ({error}).")
    SAVE_GAME = N_("Could not save the game in progress ({error}).")
    READ_SAVED_GAME = N_("Could not read the saved game ({error}).")
    COUNT_SAVED_GAME = N_("Could not count the game in progress in the statistics ({error}).")
    READ_SETTINGS = N_("Could not read the settings ({error}).")
    SAVE_SETTINGS = N_("Could not save the settings ({error}).")


class Problem(Value):
    """Something the store could not do: because the disk is full, or for the system's own words."""

    __slots__ = __match_args__ = ("failed", "disk_full", "system_words")

    def __init__(self, failed: Failed, disk_full: bool, system_words: str = "") -> None:
        self.failed = failed
        self.disk_full = disk_full
        self.system_words = system_words

    def __str__(self) -> str:
        error = _("the disk is full") if self.disk_full else self.system_words
        return _(self.failed.value).format(error=error)


class SetAside(Value):
    """Recorded games that held impossible values, left out of the statistics: moved to the set-aside
    table (`kept`), or only left out when the disk would not take the move."""

    __slots__ = __match_args__ = ("games", "details", "kept")

    def __init__(self, games: int, details: str, kept: bool) -> None:
        self.games = games
        self.details = details
        self.kept = kept

    def __str__(self) -> str:
        if self.kept:
            text = ngettext(
                "{n} recorded game held impossible values ({details}): set aside, left out of the statistics.",
                "{n} recorded games held impossible values ({details}): set aside, left out of the statistics.",
                self.games,
            )
        else:
            text = ngettext(
                "{n} recorded game held impossible values ({details}): left out of the statistics.",
                "{n} recorded games held impossible values ({details}): left out of the statistics.",
                self.games,
            )
        return text.format(n=self.games, details=self.details)


StoreNews = Problem | SetAside  # what `Store.take_problem` hands a front end to say
