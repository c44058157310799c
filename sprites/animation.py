"""Tweens with fixed durations, so an animation looks the same at any frame rate."""
from __future__ import annotations

from dataclasses import dataclass


def ease_out(t: float) -> float:
    """Fast start, gentle landing: cards settle rather than stop dead."""
    return 1 - (1 - t) ** 3


@dataclass
class Tween:
    start: tuple[float, float]
    end: tuple[float, float]
    begin_ms: int
    duration_ms: int

    def position(self, now_ms: int) -> tuple[int, int]:
        if self.duration_ms <= 0:
            return round(self.end[0]), round(self.end[1])
        t = min(1.0, max(0.0, (now_ms - self.begin_ms) / self.duration_ms))
        k = ease_out(t)
        return (
            round(self.start[0] + (self.end[0] - self.start[0]) * k),
            round(self.start[1] + (self.end[1] - self.start[1]) * k),
        )

    def done(self, now_ms: int) -> bool:
        return now_ms >= self.begin_ms + self.duration_ms


# Durations in milliseconds, scaled by the animation-speed setting.
SETTLE_MS = 140
RETURN_MS = 180
STEP_MS = 110
SUPERMOVE_BUDGET_MS = 650  # a whole supermove, however many steps, stays well under a second
AUTOPLAY_MS = 120
FLIP_MS = 120
SOLVE_PACE_MS = 380  # between moves when the solver plays: watchable, not tedious


def step_duration(steps: int, speed: float = 1.0) -> int:
    """Per-step time of a multi-step move: quick, and bounded in total."""
    if steps <= 1:
        return round(SETTLE_MS / speed)
    return max(15, round(min(STEP_MS, SUPERMOVE_BUDGET_MS / steps) / speed))
