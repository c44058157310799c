"""Scores, as the games Microsoft's players know keep them: a game's score read from the moves played
and the clock, never kept beside them.

A `Scoring` is one way of scoring (Klondike's Standard and Vegas, TriPeaks' runs, Pyramid's pairs); a
family lists its own (`Family.scorings`), and the front ends show the number and the mode's name
without knowing what it counts. The score is a fold over the moves since the deal (each as the
position before, the move, the position after) and the time played: undo, redo and restart move the
session's cursor, so the score after an undo is exactly the score before the move, with nothing to
take back by hand.

The modes themselves live in game/scoring_modes.py, imported only by the families that score (a
FreeCell start reads none of them).
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable

from .i18n import _
from .moves import Move
from .state import State

# What a score is read from: each move since the deal, with the positions before and after it.
Step = tuple[State, Move, State]


class Scoring(ABC):
    """One way of scoring a game. `key` is what the settings and `--scoring` name; `label` its name,
    marked with N_; `passes` limits the times through the stock while it is on (Vegas);
    `cumulative` carries the total from game to game (Vegas's option)."""

    key: str
    label: str
    cumulative: bool = False

    def passes(self) -> int | None:
        """The times through the stock the game allows while this scoring is on, or None for the game's own."""
        return None

    @property
    def name(self) -> str:
        """The mode's name in the player's language."""
        return _(self.label)

    @abstractmethod
    def score(self, steps: Iterable[Step], seconds: float, won: bool) -> int:
        """The score after `steps` (the moves since the deal), `seconds` of play, won or not."""

    @abstractmethod
    def describe(self) -> str:
        """What scores and where the figures come from, for the help, in the player's language."""


def find_scoring(scorings: Iterable[Scoring], key: str) -> Scoring | None:
    """The mode of `scorings` named `key`, or None."""
    return next((mode for mode in scorings if mode.key == key), None)
