"""`stats --csv` and `stats --json`: the statistics, or the history of games played, for a spreadsheet
or a script, and `stats --history` as a table a person reads.

The exports are written for programs: their field names and values are the same in every language
(game keys, results as the store keeps them, plain numbers, seconds with their fraction, dates in
ISO 8601 and UTC), so a script that reads one today reads the next. The JSON says which format and
version it is; a field added later is added at the end, and a field's meaning never changes. Scores
(added in version 1's time, at the end) are by way of scoring: `best_scores` and `score_totals` (the
running totals of the scorings carried from game to game, Vegas cumulative) map a scoring's key to a
number, written `standard=4123 vegas=-12` in CSV; a history row's `scoring` and `score` are empty for
a game played without a score.
"""
from __future__ import annotations

import csv
import json
from collections.abc import Iterable
from typing import TextIO

from game.i18n import N_, _, number
from game.scoring import find_scoring
from game.variants import UnknownGame, find_variant, scorings_for
from solitaire.store.stats import GameRecord, Stats, format_seconds

FORMAT = "solitaire-suite statistics"
VERSION = 1

STATISTICS_FIELDS = (
    "game", "played", "won", "lost", "abandoned", "win_rate", "current_streak", "longest_winning_streak",
    "longest_losing_streak", "best_seconds", "fewest_moves", "solved", "hints", "best_scores", "score_totals",
    "days_played", "days_won", "day_run",
)
HISTORY_FIELDS = (
    "finished_at", "game", "options", "deal", "result", "moves", "seconds", "hints", "undos", "scoring", "score", "daily",
)

# TRANSLATORS: the headings of `stats --history`' table, one column each: keep them short
HISTORY_COLUMNS = (N_("Date"), N_("Game"), N_("Deal"), N_("Result"), N_("Moves"), N_("Time"), N_("Score"))
# TRANSLATORS: a game's end in `stats --history`: won, lost (no move left), abandoned, or finished by the Solve button
RESULT_WORDS = {"won": N_("won"), "lost": N_("lost"), "abandoned": N_("abandoned"), "solved": N_("by solver")}


def statistics_rows(all_stats: Iterable[Stats]) -> list[dict[str, object]]:
    """One row a game: its counts, streaks and bests (None where there is none yet: no win, no best)."""
    return [
        {
            "game": stats.game_key, "played": stats.played, "won": stats.won, "lost": stats.lost,
            "abandoned": stats.abandoned, "win_rate": round(stats.win_rate, 6), "current_streak": stats.current_streak,
            "longest_winning_streak": stats.longest_winning_streak, "longest_losing_streak": stats.longest_losing_streak,
            "best_seconds": stats.best_seconds, "fewest_moves": stats.fewest_moves, "solved": stats.solved,
            "hints": stats.hints, "best_scores": dict(stats.best_scores),
            "score_totals": {key: total for key, total in stats.totals if _cumulative(stats.game_key, key)},
            "days_played": stats.days_played, "days_won": stats.days_won, "day_run": stats.day_run,
        }
        for stats in all_stats
    ]


def history_rows(records: Iterable[GameRecord]) -> list[dict[str, object]]:
    """One row a game played, oldest first: when it ended, the game and its options, the deal, how it
    ended, the player's moves and the time played (pauses left out)."""
    return [
        {
            "finished_at": record.finished_at, "game": record.game_key, "options": record.options, "deal": record.deal,
            "result": record.result, "moves": record.moves, "seconds": record.seconds, "hints": record.hints,
            "undos": record.undos, "scoring": record.scoring, "score": record.score, "daily": record.daily,
        }
        for record in records
    ]


def _cumulative(game_key: str, scoring: str) -> bool:
    """Whether `scoring` carries its total from game to game in the game `game_key` (false for a game
    or a way of scoring this version does not know)."""
    try:
        variant = find_variant(game_key)
    except UnknownGame:
        return False
    mode = find_scoring(scorings_for(variant), scoring)
    return mode is not None and mode.cumulative


def _csv_value(value: object) -> object:
    """A value as a CSV cell: empty for none; scores by way of scoring as `standard=4123 vegas=-12`."""
    if value is None:
        return ""
    if isinstance(value, dict):
        return " ".join(f"{key}={score}" for key, score in value.items())
    return value


def write_csv(rows: list[dict[str, object]], fields: tuple[str, ...], out: TextIO) -> None:
    """A header line of the field names, then a line a row; an empty value where there is none."""
    writer = csv.DictWriter(out, fieldnames=fields, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({key: _csv_value(value) for key, value in row.items()})


def write_json(kind: str, rows: list[dict[str, object]], out: TextIO) -> None:
    """One object: the format, its version and the rows under `kind` ("statistics" or "history")."""
    json.dump({"format": FORMAT, "version": VERSION, kind: rows}, out, indent=2, ensure_ascii=False)
    out.write("\n")


def history_table(records: list[GameRecord]) -> str:
    """The games played as an aligned table in the player's language, oldest first."""
    rows = [tuple(_(heading) for heading in HISTORY_COLUMNS)]
    for record in records:
        day = record.finished_at[:16].replace("T", " ")  # to the minute, UTC as kept
        result = _(RESULT_WORDS[record.result]) if record.result in RESULT_WORDS else record.result
        score = "-" if record.score is None else number(record.score)
        rows.append((
            day, record.game_key, number(record.deal), result, number(record.moves), format_seconds(record.seconds), score,
        ))
    widths = [max(len(row[i]) for row in rows) for i in range(len(HISTORY_COLUMNS))]
    lines = []
    for row in rows:
        cells = [row[0].ljust(widths[0]), row[1].ljust(widths[1])]
        cells += [row[2].rjust(widths[2]), row[3].ljust(widths[3]), row[4].rjust(widths[4]), row[5].rjust(widths[5])]
        cells.append(row[6].rjust(widths[6]))
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)
