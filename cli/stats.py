"""`stats`: the statistics of every game (or one) as a table, and resetting them.

Resetting destroys history, so on a terminal it asks first; without a terminal (a script, a pipe)
there is nobody to ask, so it refuses unless `--yes` says the caller means it.
"""
from __future__ import annotations

import argparse
import sys

from store.stats import Stats, format_seconds, format_streak
from store import Store, open_store
from game.variants import UnknownGame, find_variant

from .common import UsageError, add_data_dir_option

HELP = "show the statistics of each game, or reset them"

COLUMNS = (
    "Game", "Played", "Won", "Win %", "Streak", "Best run", "Worst run", "Best time", "Fewest moves", "By solver", "Hints",
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", "-g", help="one game (name, alias or custom shape like freecell:3x10)")
    add_data_dir_option(parser)
    parser.add_argument("--reset", action="store_true", help="forget the statistics (of --game, or of all games)")
    parser.add_argument("--yes", "-y", action="store_true", help="with --reset: do not ask for confirmation")


def _game_name(key: str) -> str:
    try:
        return find_variant(key).name
    except UnknownGame:
        return key  # recorded by another version under a key this one does not know


def _row(stats: Stats) -> tuple[str, ...]:
    return (
        _game_name(stats.game_key),
        str(stats.played),
        str(stats.won),
        f"{stats.win_rate * 100:.0f}%" if stats.played else "-",
        format_streak(stats.current_streak),
        str(stats.longest_winning_streak),
        str(stats.longest_losing_streak),
        format_seconds(stats.best_seconds),
        "-" if stats.fewest_moves is None else str(stats.fewest_moves),
        str(stats.solved),
        str(stats.hints),
    )


def format_table(all_stats: list[Stats]) -> str:
    """The statistics as an aligned text table: names left, numbers right."""
    rows = [COLUMNS, *(_row(stats) for stats in all_stats)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(COLUMNS))]
    lines = []
    for row in rows:
        cells = [row[0].ljust(widths[0])] + [cell.rjust(width) for cell, width in zip(row[1:], widths[1:])]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def _confirm(question: str) -> bool:
    sys.stdout.write(f"{question} [y/N] ")
    sys.stdout.flush()
    answer = sys.stdin.readline()
    return answer.strip().lower() in ("y", "yes")


def run(args: argparse.Namespace) -> int:
    key = None
    if args.game is not None:
        try:
            key = find_variant(args.game).key
        except UnknownGame as error:
            raise UsageError(str(error)) from None
    if args.yes and not args.reset:
        raise UsageError("--yes only goes with --reset")
    if args.reset and not args.yes and not sys.stdin.isatty():
        raise UsageError("stats --reset needs --yes when there is no terminal to confirm on")

    store, message = open_store(args.data_dir, purpose="stats")
    try:
        if message:
            sys.stderr.write(f"solitaire: {message}\n")
        if args.reset:
            return _reset(store, key, args.yes)
        if key is not None:
            table = [store.statistics(key)]
        else:
            table = list(store.all_statistics().values())
        while (notice := store.take_notice()) is not None:  # set right already: said, and the table is sound
            sys.stderr.write(f"solitaire: {notice}\n")
        problem = store.take_message()
        if problem:
            sys.stderr.write(f"solitaire: {problem}\n")
            return 1
        if not table:
            print("No games recorded yet.")
        else:
            print(format_table(table))
        return 0
    finally:
        store.close()


def _reset(store: Store, key: str | None, yes: bool) -> int:
    if not store.persistent:
        sys.stderr.write("solitaire: nothing was reset: the statistics cannot be changed\n")
        return 1
    what = f"the statistics of {_game_name(key)}" if key else "the statistics of every game"
    count = len(store.games(key))
    if not yes and not _confirm(f"Forget {what} ({count} game{'s' if count != 1 else ''} recorded)?"):
        print("Nothing was reset.")
        return 1
    removed = store.reset_statistics(key)
    problem = store.take_message()
    if problem:
        sys.stderr.write(f"solitaire: {problem}\n")
        return 1
    print(f"Reset {what}: {removed} game{'s' if removed != 1 else ''} forgotten.")
    return 0
