"""`stats`: the statistics of every game (or one) as a table, the games played (`--history`), each
also as CSV or JSON (`stats_export`), and resetting them.

Resetting destroys history, so on a terminal it asks first; without a terminal (a script, a pipe)
there is nobody to ask, so it refuses unless `--yes` says the caller means it.
"""
from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from game.i18n import N_, _, ngettext, number, percent
from game.variants import UnknownGame, find_variant
from solitaire.store import Store, open_store
from solitaire.store.stats import Stats, format_best_scores, format_days, format_seconds, format_streak

from .common import UsageError, add_data_dir_option, apply_language_setting, find_game, game_names, offering
from .stats_export import (
    HISTORY_FIELDS,
    STATISTICS_FIELDS,
    history_rows,
    history_table,
    statistics_rows,
    write_csv,
    write_json,
)

HELP = N_("show the statistics of each game, or reset them")

# TRANSLATORS: the headings of `stats`' table, one column each: keep them short
COLUMNS = (
    N_("Game"), N_("Played"), N_("Won"), N_("Win %"), N_("Streak"), N_("Best run"), N_("Worst run"), N_("Best time"),
    N_("Fewest moves"), N_("By solver"), N_("Hints"), N_("Best score"),
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    game = parser.add_argument("--game", "-g", help=_("one game (name, alias or custom shape like freecell:3x10)"))
    game.completer = offering(game_names)  # type: ignore[attr-defined]
    add_data_dir_option(parser)
    parser.add_argument("--reset", action="store_true", help=_("forget the statistics (of --game, or of all games)"))
    parser.add_argument("--yes", "-y", action="store_true", help=_("with --reset: do not ask for confirmation"))
    parser.add_argument("--history", action="store_true", help=_("the games played, one a line, oldest first"))
    export = parser.add_mutually_exclusive_group()
    export.add_argument("--csv", action="store_true", help=_("write CSV for a spreadsheet (the same in every language)"))
    export.add_argument("--json", action="store_true", help=_("write JSON for a script (the same in every language)"))


def _game_name(key: str) -> str:
    try:
        return find_variant(key).name
    except UnknownGame:
        return key  # recorded by another version under a key this one does not know


def _row(stats: Stats) -> tuple[str, ...]:
    return (
        _game_name(stats.game_key),
        number(stats.played),
        number(stats.won),
        percent(stats.win_rate) if stats.played else "-",
        format_streak(stats.current_streak),
        number(stats.longest_winning_streak),
        number(stats.longest_losing_streak),
        format_seconds(stats.best_seconds),
        "-" if stats.fewest_moves is None else number(stats.fewest_moves),
        number(stats.solved),
        number(stats.hints),
        format_best_scores(stats),
    )


def format_table(all_stats: list[Stats]) -> str:
    """The statistics as an aligned text table: names left, numbers right."""
    rows = [tuple(_(heading) for heading in COLUMNS), *(_row(stats) for stats in all_stats)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(COLUMNS))]
    lines = []
    for row in rows:
        cells = [row[0].ljust(widths[0])] + [cell.rjust(width) for cell, width in zip(row[1:], widths[1:])]
        lines.append("  ".join(cells).rstrip())
    for stats in all_stats:
        if stats.days_played:
            # TRANSLATORS: the deal of the day's line in the statistics (also the window's): {game} a game's name, {days} its days
            lines.append(_("Deal of the day, {game}: {days}").format(game=_game_name(stats.game_key), days=format_days(stats)))
    return "\n".join(lines)


def _confirm(question: str) -> bool:
    # TRANSLATORS: the choices after a yes/no question; y is the answer that says yes (see the next text)
    sys.stdout.write(_("{question} [y/N] ").format(question=question))
    sys.stdout.flush()
    answer = sys.stdin.readline().strip().lower()
    # TRANSLATORS: the answers that mean yes to a question of `stats --reset`, separated by "|"; y and yes always work too
    yes = {"y", "yes", *(word.strip().lower() for word in _("y|yes").split("|"))}
    return answer in yes


def run(args: argparse.Namespace) -> int:
    key = None
    if args.game is not None:
        key = find_game(args.game).key
    if args.yes and not args.reset:
        raise UsageError(_("--yes only goes with --reset"))
    if args.reset and (args.history or args.csv or args.json):
        raise UsageError(_("--reset goes with none of --history, --csv and --json"))
    if args.reset and not args.yes and not sys.stdin.isatty():
        raise UsageError(_("stats --reset needs --yes when there is no terminal to confirm on"))

    store, message = open_store(args.data_dir, purpose="stats")
    try:
        apply_language_setting(args, store.settings)
        if message:
            sys.stderr.write(f"solitaire: {message}\n")
        if args.reset:
            return _reset(store, key, args.yes)
        if args.history:
            records = store.games(key)
        elif key is not None:
            table = [store.statistics(key)]
        else:
            table = list(store.all_statistics().values())
        while (notice := store.take_notice()) is not None:  # set right already: said, and the table is sound
            sys.stderr.write(f"solitaire: {notice}\n")
        problem = store.take_problem()
        if problem:
            sys.stderr.write(f"solitaire: {problem}\n")
            return 1
        if args.history:
            _print_rows("history", history_rows(records), HISTORY_FIELDS, lambda: history_table(records), args)
        else:
            _print_rows("statistics", statistics_rows(table), STATISTICS_FIELDS, lambda: format_table(table), args)
        return 0
    finally:
        store.close()


def _print_rows(kind: str, rows: list[dict[str, object]], fields: tuple[str, ...], table: Callable[[], str],
                args: argparse.Namespace) -> None:
    """Statistics or history as `--csv`, `--json`, or the table a person reads (`table()`)."""
    if args.csv:
        write_csv(rows, fields, sys.stdout)
    elif args.json:
        write_json(kind, rows, sys.stdout)
    elif not rows:
        print(_("No games recorded yet."))
    else:
        print(table())


def _reset(store: Store, key: str | None, yes: bool) -> int:
    if not store.persistent:
        sys.stderr.write("solitaire: " + _("nothing was reset: the statistics cannot be changed") + "\n")
        return 1
    count = len(store.games(key))
    if key:
        question = ngettext(
            "Forget the statistics of {game} ({count} game recorded)?",
            "Forget the statistics of {game} ({count} games recorded)?",
            count,
        ).format(game=_game_name(key), count=number(count))
    else:
        question = ngettext(
            "Forget the statistics of every game ({count} game recorded)?",
            "Forget the statistics of every game ({count} games recorded)?",
            count,
        ).format(count=number(count))
    if not yes and not _confirm(question):
        print(_("Nothing was reset."))
        return 1
    removed = store.reset_statistics(key)
    problem = store.take_problem()
    if problem:
        sys.stderr.write(f"solitaire: {problem}\n")
        return 1
    if key:
        done = ngettext(
            "Reset the statistics of {game}: {count} game forgotten.",
            "Reset the statistics of {game}: {count} games forgotten.",
            removed,
        ).format(game=_game_name(key), count=number(removed))
    else:
        done = ngettext(
            "Reset the statistics of every game: {count} game forgotten.",
            "Reset the statistics of every game: {count} games forgotten.",
            removed,
        ).format(count=number(removed))
    print(done)
    return 0
