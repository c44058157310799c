"""Statistics arithmetic over a history of finished games, kept apart from storage.

The numbers are computed from the list of recorded games rather than kept as running counters, so
they can never drift from the history, a reset is just deleting rows, and the arithmetic is tested
on histories written by hand without a database.

Rules (the same as the classic Windows games):
- every recorded game counts as played, except one the solver finished ("solved": the Solve button
  played it out). That one is counted apart: it is no win, sets no best time or fewest moves, and
  neither breaks a streak nor makes one; the player did not play it to its end, nor lose it;
- only "won" is a win, "lost" and "abandoned" both break a winning streak and extend a losing one;
- `current_streak` is signed: +3 means the last three games were won, -2 that the last two were not;
- best time and fewest moves look only at won games (a quick loss is not a record);
- a best score is the highest of any game played with that way of scoring, won or not (a Vegas game
  lost at -12 beats one lost at -40), and none comes from a game the solver finished;
- the deal of the day has its own line: the days whose deal was played (each day once, however often
  it was dealt again), the days it was won, and the current run: the days in a row, up to today (or
  up to yesterday while today's is not won yet), whose deal was won. A day missed or not won ends it.
"""
from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass

from game.i18n import _, ngettext, number

from .results import LOST, SOLVED, WON, Result


@dataclass(frozen=True)
class GameRecord:
    """One finished or abandoned game, as recorded (in the order it was recorded)."""

    game_key: str
    result: Result
    moves: int
    seconds: float
    deal: int = 0
    options: str = "{}"  # the variant's parameters as JSON, so a record outlives renamed games
    finished_at: str = ""  # ISO 8601, UTC
    hints: int = 0
    undos: int = 0
    scoring: str | None = None  # the way it was scored (`game.scoring`'s key), None for no score
    score: int | None = None
    daily: str | None = None  # the day (ISO) whose deal of the day it was; None for any other deal


@dataclass(frozen=True)
class Stats:
    """The statistics of one game (a game key such as "freecell" or "freecell:3x10")."""

    game_key: str
    played: int = 0
    won: int = 0
    lost: int = 0
    abandoned: int = 0
    current_streak: int = 0
    longest_winning_streak: int = 0
    longest_losing_streak: int = 0
    best_seconds: float | None = None
    fewest_moves: int | None = None
    solved: int = 0  # finished by the solver, not counted in `played`
    hints: int = 0  # hints taken, over every recorded game (solved ones too)
    days_played: int = 0  # days whose deal of the day was played
    days_won: int = 0  # days whose deal of the day was won
    day_run: int = 0  # the current run of days won in a row (see the module's docstring)
    # The best score of each way of scoring the game was played with, by the scoring's key, in the order
    # first played; and each cumulative scoring's running total (Vegas's carried from game to game).
    best_scores: tuple[tuple[str, int], ...] = ()
    totals: tuple[tuple[str, int], ...] = ()

    def best_score(self, scoring: str) -> int | None:
        return dict(self.best_scores).get(scoring)

    def total(self, scoring: str) -> int:
        """The running total of a cumulative scoring so far (0 before its first game)."""
        return dict(self.totals).get(scoring, 0)

    @property
    def win_rate(self) -> float:
        """Wins as a fraction of games played; 0.0 before the first game (not a division error)."""
        return self.won / self.played if self.played else 0.0


def compute_stats(game_key: str, records: Iterable[GameRecord], today: datetime.date | None = None) -> Stats:
    """The statistics of `game_key` from its records, oldest first (records of other games are skipped);
    the run of days of the deal of the day counts up to `today` (the local date when not given)."""
    own = [record for record in records if record.game_key == game_key]
    days_played, days_won, day_run = _days(own, today or datetime.date.today())
    played = won = lost = abandoned = solved = hints = 0
    streak = longest_win = longest_loss = 0
    best_seconds: float | None = None
    fewest_moves: int | None = None
    best: dict[str, int] = {}
    totals: dict[str, int] = {}
    for record in own:
        hints += record.hints
        if record.scoring is not None and record.score is not None:
            best[record.scoring] = max(best.get(record.scoring, record.score), record.score)
            totals[record.scoring] = totals.get(record.scoring, 0) + record.score
        if record.result == SOLVED:
            solved += 1
            continue
        played += 1
        if record.result == WON:
            won += 1
            streak = streak + 1 if streak > 0 else 1
            longest_win = max(longest_win, streak)
            best_seconds = record.seconds if best_seconds is None else min(best_seconds, record.seconds)
            fewest_moves = record.moves if fewest_moves is None else min(fewest_moves, record.moves)
        else:
            if record.result == LOST:
                lost += 1
            else:
                abandoned += 1
            streak = streak - 1 if streak < 0 else -1
            longest_loss = max(longest_loss, -streak)
    return Stats(
        game_key, played, won, lost, abandoned, streak, longest_win, longest_loss, best_seconds, fewest_moves,
        solved, hints, days_played, days_won, day_run, tuple(best.items()), tuple(totals.items()),
    )


def _days(records: list[GameRecord], today: datetime.date) -> tuple[int, int, int]:
    """Days of the deal of the day played, days won, and the current run of days won (see the
    module's docstring): a day counts once however often its deal was played."""
    played = {record.daily for record in records if record.daily is not None}
    won = {record.daily for record in records if record.daily is not None and record.result == WON}
    day = today if today.isoformat() in won else today - datetime.timedelta(days=1)
    run = 0
    while day.isoformat() in won:
        run += 1
        day -= datetime.timedelta(days=1)
    return len(played), len(won), run


def format_seconds(seconds: float | None) -> str:
    """A duration as m:ss (or h:mm:ss), rounded down to whole seconds; "-" when there is none."""
    if seconds is None:
        return "-"
    minutes, secs = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def format_best_scores(stats: Stats) -> str:
    """A game's best score by way of scoring, in the player's words: `4,123`, or `4,123 Standard,
    -12 Vegas` when it was scored more than one way; "-" before its first scored game."""
    if not stats.best_scores:
        return "-"
    if len(stats.best_scores) == 1:
        return number(stats.best_scores[0][1])
    return ", ".join(f"{number(best)} {scoring_name(stats.game_key, key)}" for key, best in stats.best_scores)


def scoring_name(game_key: str, key: str) -> str:
    """A way of scoring's name in the player's language, or its key for one this version does not know."""
    from game.scoring import find_scoring
    from game.variants import UnknownGame, find_variant, scorings_for

    try:
        variant = find_variant(game_key)
    except UnknownGame:
        return key
    mode = find_scoring(scorings_for(variant), key)
    return mode.name if mode is not None else key


def format_streak(streak: int) -> str:
    """A signed streak as words, in the player's language: "3 won", "2 lost", "-"."""
    if streak > 0:
        # TRANSLATORS: the current streak in the statistics: that many games won in a row
        return ngettext("{n} won", "{n} won", streak).format(n=number(streak))
    if streak < 0:
        # TRANSLATORS: the current streak in the statistics: that many games not won in a row
        return ngettext("{n} lost", "{n} lost", -streak).format(n=number(-streak))
    return "-"


def format_days(stats: Stats) -> str:
    """The deal of the day's line, in the player's language: "5 days played, 4 days won, a run of 3 days"."""
    # TRANSLATORS: the deal of the day in the statistics: days whose deal was played
    played = ngettext("{n} day played", "{n} days played", stats.days_played).format(n=number(stats.days_played))
    # TRANSLATORS: the deal of the day in the statistics: of the days played, those whose deal was won
    won = ngettext("{n} day won", "{n} days won", stats.days_won).format(n=number(stats.days_won))
    # TRANSLATORS: the deal of the day in the statistics: days won in a row, up to today
    run = ngettext("a run of {n} day", "a run of {n} days", stats.day_run).format(n=number(stats.day_run))
    # TRANSLATORS: joins the three parts of the deal of the day's line in the statistics
    return _("{played}, {won}, {run}").format(played=played, won=won, run=run)
