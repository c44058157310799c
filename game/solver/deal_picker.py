"""Choosing the next deal number, optionally only among deals the solver has shown can be won.

A deal is offered as winnable only when a solution was found: "not proven unsolvable" is not enough,
since a player who asked for winnable deals must never be dealt a lost cause. When the time allowed
runs out the last deal tried is dealt anyway, and the caller says it is unconfirmed.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from ..deals import random_deal_number
from ..variant import Variant
from ..variants import rules_for
from . import Status, solve

PER_DEAL_SECONDS = 0.6


@dataclass(frozen=True)
class Pick:
    number: int
    confirmed_winnable: bool
    tried: int


def pick_deal(variant: Variant[Any], winnable_only: bool, rng: random.Random | None = None, time_limit: float = 2.5) -> Pick:
    rng = rng or random.Random()
    if not winnable_only:
        return Pick(random_deal_number(rng), False, 0)
    rules = rules_for(variant)
    deadline = time.monotonic() + time_limit
    tried = 0
    while True:
        number = random_deal_number(rng)
        tried += 1
        left = deadline - time.monotonic()
        result = solve(rules, rules.deal(number), time_limit=max(0.05, min(PER_DEAL_SECONDS, left)))
        if result.status is Status.SOLVED:
            return Pick(number, True, tried)
        if time.monotonic() >= deadline:
            return Pick(number, False, tried)
