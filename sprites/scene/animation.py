"""Tweens with fixed durations, so an animation looks the same at any frame rate."""
from __future__ import annotations


def ease_out(t: float) -> float:
    """Fast start, gentle landing: cards settle rather than stop dead."""
    return 1 - (1 - t) ** 3


class Tween:
    """A card's flight from `start` to `end`, never changed once made. A plain class: a dataclass or a
    named tuple writes and compiles its methods when the module loads, at every start."""

    __slots__ = __match_args__ = ("start", "end", "begin_ms", "duration_ms")

    def __init__(self, start: tuple[float, float], end: tuple[float, float], begin_ms: int, duration_ms: int) -> None:
        self.start = start
        self.end = end
        self.begin_ms = begin_ms
        self.duration_ms = duration_ms

    def position(self, now_ms: int) -> tuple[int, int]:
        if self.duration_ms <= 0:
            return round(self.end[0]), round(self.end[1])
        t = min(1.0, max(0.0, (now_ms - self.begin_ms) / self.duration_ms))
        k = ease_out(t)
        return (
            round(self.start[0] + (self.end[0] - self.start[0]) * k),
            round(self.start[1] + (self.end[1] - self.start[1]) * k),
        )

    @property
    def end_ms(self) -> int:
        return self.begin_ms + self.duration_ms

    @property
    def nearly_there_ms(self) -> int:
        """Three quarters of its time: with the easing, 98% of the way (a card may set off again)."""
        return self.begin_ms + self.duration_ms * 3 // 4

    def done(self, now_ms: int) -> bool:
        return now_ms >= self.end_ms


# Durations in milliseconds, scaled by the animation-speed setting.
SETTLE_MS = 140
RETURN_MS = 180
STEP_MS = 110  # one step of a short supermove
FLIGHT_MS = 34  # the least time a card of a long supermove spends in the air: seen, not a jump
SUPERMOVE_BUDGET_MS = 260  # a supermove as planned, run back included; cards waiting to land add a little
SUPERMOVE_RETURN_MS = 50  # a dropped run goes back to its column before it travels card by card
AUTOPLAY_MS = 120
FLIP_MS = 120
SOLVE_PAUSE_MS = 240  # when the solver plays, after each move lands: a move's flight and this pause make its pace


def step_timing(steps: int, speed: float = 1.0) -> tuple[int, int]:
    """(flight, lead) of each single-card step of a move: how long its card flies, and how soon the
    next step may start. A long supermove's steps overlap in the air (the view still lets a card all
    but land before it sets off again), so 13 cards through cells and empty columns (59 steps) take
    under half a second, and each card is seen reaching every pile it passes through."""
    if steps <= 1:
        return round(SETTLE_MS / speed), round(SETTLE_MS / speed)
    lead = min(STEP_MS, (SUPERMOVE_BUDGET_MS - SUPERMOVE_RETURN_MS - FLIGHT_MS) / (steps - 1))
    return round(max(lead, FLIGHT_MS) / speed), round(lead / speed)
