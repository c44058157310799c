"""The ways of scoring that Microsoft's players know, each a `Scoring` (game/scoring.py) that a family
lists as its own: Klondike's Standard and Vegas, TriPeaks' runs, Pyramid's pairs.

Where the figures come from:
- Klondike Standard and Vegas: Windows' Solitaire (Windows 3.0 to XP), as its help listed them.
- TriPeaks: the Windows Entertainment Pack's TriPeaks, which the Solitaire Collection keeps: each card
  of a run scores one more than the one before, a card turned from the stock costs 5 and starts the
  run again, and the peaks cleared score 15, 15 and then 30.
- Pyramid: no figures of Microsoft's are published; the suite's own are 5 for each card taken off the
  table (10 a pair, 5 a King) and 500 for clearing the pyramid.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .i18n import N_, _
from .moves import Move, PileKind
from .scoring import Scoring, Step
from .state import State


def cards_home(before: State, after: State) -> int:
    """Cards a move put on the foundations (less those it took off)."""
    return sum(len(pile) for pile in after.foundations) - sum(len(pile) for pile in before.foundations)


def turned_up(before: State, after: State) -> int:
    """Face-down cards a move turned up on the table."""
    return sum(max(0, down - now) for down, now in zip(before.hidden, after.hidden))


def left_table(before: State, after: State) -> int:
    """Cards a move took off the table's columns (or slots)."""
    return max(0, sum(map(len, before.columns)) - sum(map(len, after.columns)))


def is_stock_turn(move: Move) -> bool:
    return move.src.kind is PileKind.STOCK


def is_recycle(move: Move) -> bool:
    return move.src.kind is PileKind.WASTE and move.dst.kind is PileKind.STOCK


@dataclass(frozen=True)
class Standard(Scoring):
    """Windows' Standard scoring: +10 a card home, +5 a waste card to the tableau, +5 a tableau card
    turned up, -15 a card back from a foundation, a pass through the stock again -100 (draw 1) or -20
    (draw 3), -2 for each 10 s played, and at a win after more than 30 s a bonus of 700,000 / seconds.
    The score is never below 0, as Windows' never was."""

    draw: int = 1
    key = "standard"
    label = N_("Standard")

    def score(self, steps: Iterable[Step], seconds: float, won: bool) -> int:
        total = 0
        recycle = 100 if self.draw == 1 else 20
        for before, move, after in steps:
            home = cards_home(before, after)
            total += 10 * home if home > 0 else 15 * home
            if move.src.kind is PileKind.WASTE and move.dst.kind is PileKind.COLUMN:
                total += 5
            total += 5 * turned_up(before, after)
            if is_recycle(move):
                total -= recycle
        whole = int(seconds)
        total -= 2 * (whole // 10)
        if won and whole > 30:
            total += 700_000 // whole
        return max(0, total)

    def describe(self) -> str:
        return _(
            "Standard scoring, as Windows' Solitaire kept it: 10 points for a card sent home, 5 for a waste card "
            "played to the tableau, 5 for a card turned up, minus 15 for a card taken back from a foundation, "
            "minus {recycle} for each new pass through the stock, minus 2 every 10 seconds, and for a win of more "
            "than 30 seconds a bonus of 700,000 divided by the seconds played. The score is never below 0."
        ).format(recycle=100 if self.draw == 1 else 20)


@dataclass(frozen=True)
class Vegas(Scoring):
    """Windows' Vegas scoring: the game costs 52 and each card home pays 5 (a card back takes its 5
    away); one pass through the stock in draw 1, three in draw 3. `cumulative` carries the total from
    game to game."""

    draw: int = 1
    cumulative: bool = False
    key = "vegas"
    label = N_("Vegas")

    def passes(self) -> int | None:
        return 1 if self.draw == 1 else 3

    def score(self, steps: Iterable[Step], seconds: float, won: bool) -> int:
        return -52 + 5 * sum(cards_home(before, after) for before, _move, after in steps)

    def describe(self) -> str:
        return _(
            "Vegas scoring, as Windows' Solitaire kept it: each game costs 52 and each card sent home pays 5; "
            "the stock is gone through once when it turns one card, three times when it turns three. "
            "Cumulative Vegas carries the total from game to game."
        )


@dataclass(frozen=True)
class VegasCumulative(Vegas):
    """Vegas whose total runs on from game to game (kept in the store with the statistics)."""

    cumulative: bool = True
    key = "vegas-cumulative"
    label = N_("Vegas (cumulative)")


@dataclass(frozen=True)
class Runs(Scoring):
    """TriPeaks' runs: each card played from the table scores one more than the one before it since
    the stock was last turned; each card turned from the stock costs `turn_cost`; clearing a peak
    (its top slot emptied) scores `peak_bonus`, and the last peak `last_bonus`."""

    tops: tuple[int, ...] = ()
    turn_cost: int = 5
    peak_bonus: int = 15
    last_bonus: int = 30
    key = "runs"
    label = N_("Runs")

    def score(self, steps: Iterable[Step], seconds: float, won: bool) -> int:
        total, run = 0, 0
        for before, move, after in steps:
            if is_stock_turn(move):
                total -= self.turn_cost * move.count
                run = 0
            for _card in range(left_table(before, after)):
                run += 1
                total += run
            cleared = sum(1 for top in self.tops if before.columns[top] and not after.columns[top])
            if cleared and not any(after.columns[top] for top in self.tops):
                total += self.peak_bonus * (cleared - 1) + self.last_bonus
            else:
                total += self.peak_bonus * cleared
        return total

    def describe(self) -> str:
        return _(
            "Runs scoring, as the Windows Entertainment Pack's TriPeaks kept it: each card played from the peaks "
            "scores one more than the one before it, back to 1 after a card is turned from the stock, which costs "
            "{turn}; clearing a peak scores {peak}, and the last peak {last}."
        ).format(turn=self.turn_cost, peak=self.peak_bonus, last=self.last_bonus)


@dataclass(frozen=True)
class Pairs(Scoring):
    """Pyramid's pairs: `per_card` for each card taken off the table or the waste to the foundation
    (a pair scores twice that, a King alone once), and `cleared_bonus` when the table is cleared."""

    per_card: int = 5
    cleared_bonus: int = 500
    key = "pairs"
    label = N_("Pairs")

    def score(self, steps: Iterable[Step], seconds: float, won: bool) -> int:
        total = 0
        for before, _move, after in steps:
            total += self.per_card * max(0, cards_home(before, after))
            if any(before.columns) and not any(after.columns):
                total += self.cleared_bonus
        return total

    def describe(self) -> str:
        return _(
            "Pairs scoring: {card} points for each card taken off (a pair twice that, a King alone once) and {bonus} "
            "for clearing the pyramid. Microsoft publishes no figures for its Pyramid's score: these are the suite's own."
        ).format(card=self.per_card, bonus=self.cleared_bonus)
