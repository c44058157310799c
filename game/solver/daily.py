"""The deal of the day: one deal for every player on a date, for each game with its options.

Every player must get the same deal, so nothing in the choice may depend on the machine: the
candidates are deal numbers drawn from a hash of the date and the game (its key and its rule
parameters, so "klondike-draw3" and a custom FreeCell shape each have their own), tried in order by
the game's solver with a budget counted in positions, never in seconds (a slow machine would run out
of seconds on a deal a fast one wins). The solvers' searches are seeded, so one version answers the
same on every machine. The first candidate won is the day's deal, proven winnable.

A candidate gets at most EACH positions, and the day's candidates together the family's
`daily_positions` (fewer for a family whose search is slow, so a player waits about as long for
each game): a deal proven lost costs little, so a game of many lost deals (Russian Solitaire,
Pyramid with one pass) tries many. When the budget or MOST_CANDIDATES runs out with none won (the
solvers of hard games, such as Forty Thieves, often give up), the first candidate is dealt and said
to be unproven rather than claimed winnable.

docs/solvers.md ("The deal of the day") has the time it takes per game, measured.
"""
from __future__ import annotations

import datetime
import hashlib
import json
from dataclasses import dataclass
from typing import Any

from ..deals import MAX_DEAL
from ..i18n import _
from ..variant import Variant
from ..variants import rules_for
from . import Status, solve

EACH = 40_000  # the most positions one candidate is given
MOST_CANDIDATES = 60  # candidates tried at most, however cheaply each is proven lost


@dataclass(frozen=True)
class DailyDeal:
    """The day's deal of one game: its number, whether the solver won it (`proven`) and how many
    candidates were tried to find it."""

    date: datetime.date
    number: int
    proven: bool
    tried: int


def candidate(variant: Variant[Any], date: datetime.date, index: int) -> int:
    """The `index`th candidate deal of `variant` on `date`: a deal number from a SHA-256 of the
    date, the game's key and its rule parameters, the same on every machine and Python."""
    rules = json.dumps(variant.record(), sort_keys=True)
    digest = hashlib.sha256(f"{date.isoformat()}|{variant.key}|{rules}|{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % MAX_DEAL + 1


def daily_deal(variant: Variant[Any], date: datetime.date) -> DailyDeal:
    """The deal of the day for `variant` on `date` (see the module's docstring)."""
    rules = rules_for(variant)
    left = variant.family.daily_positions
    for index in range(MOST_CANDIDATES):
        if left <= 0:
            return DailyDeal(date, candidate(variant, date, 0), False, index)
        number = candidate(variant, date, index)
        result = solve(rules, rules.deal(number), max_positions=min(EACH, left))
        if result.status is Status.SOLVED:
            return DailyDeal(date, number, True, index + 1)
        left -= max(1, result.positions)
    return DailyDeal(date, candidate(variant, date, 0), False, MOST_CANDIDATES)


def announced(pick: DailyDeal, game: str) -> str:
    """What a front end tells the player of the day's deal of `game` (its name): an unproven one is
    said to be so, never passed off as winnable."""
    if pick.proven:
        # TRANSLATORS: {date} is written 2026-12-06; {game} a game's name, {deal} its deal number
        return _("Deal of the day, {date}: {game} #{deal}, winnable").format(
            date=pick.date.isoformat(), game=game, deal=pick.number)
    # TRANSLATORS: {date} is written 2026-12-06; {game} a game's name, {deal} its deal number
    return _("Deal of the day, {date}: {game} #{deal}; the solver could not prove it winnable").format(
        date=pick.date.isoformat(), game=game, deal=pick.number)
