"""A search's verdict, in a module of its own so that a front end can name it before any solver loads."""
from __future__ import annotations

import enum


class Status(enum.Enum):
    """The three honest answers: won with these moves, cannot be won, or did not find out."""

    SOLVED = "solved"
    UNSOLVABLE = "unsolvable"
    UNKNOWN = "unknown"
