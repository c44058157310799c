"""What a recorded game's result can be: the words the games table holds (see store.stats for what
each counts as). Apart from the statistics' arithmetic, which loads only when statistics are read."""
from __future__ import annotations

from typing import Literal

Result = Literal["won", "lost", "abandoned", "solved"]
WON: Result = "won"
LOST: Result = "lost"
ABANDONED: Result = "abandoned"
SOLVED: Result = "solved"  # finished by the solver: see store.stats
RESULTS: tuple[Result, ...] = (WON, LOST, ABANDONED, SOLVED)
