"""`solve`: print a solution in extended standard notation, one move a line, then a summary line.

Exit codes say the verdict so scripts need not parse text: 0 solved, 1 proven unsolvable, 3 unknown
(the time limit ran out), 2 bad input. A solver fault (a solution the rules reject: a bug) is one
line on stderr and an unknown verdict, never a traceback.

`solve --range A-B` decides a range of deals instead, on every core (a process pool), for
winnability tables: a progress bar on a terminal, one CSV row per deal with `--csv`, and a summary
with the winnable share and its 95 % Wilson interval. Exit code 0 when every deal was decided, 3 when
some stayed unknown. A deal the solver fails on is unknown and named on stderr; the rest of the
run stands.
"""
from __future__ import annotations

import argparse
import concurrent.futures
import csv
import math
import multiprocessing
import os
import re
import sys
import time
from dataclasses import dataclass

from game.deals import DealError, check_deal_number
from game.i18n import N_, _, ngettext, number
from game.reading import quoted, shortened
from game.rules import Rules
from game.solver import SolverError, SolveResult, Status, solve
from game.state import BoardError
from game.variants import rules_for

from .common import UsageError, add_game_options, variant_from_args, whole

HELP = N_("solve a deal or a position and print the moves")
EXIT_CODES = {Status.SOLVED: 0, Status.UNSOLVABLE: 1, Status.UNKNOWN: 3}


def positive_seconds(text: str) -> float:
    """`--time-limit`: a finite number of seconds above 0 (not inf, nan, 0 or -1, which float() takes)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("time limit {text} is not a number of seconds").format(text=quoted(text))) from None
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(
            _("time limit must be a number of seconds more than 0, not {text}").format(text=quoted(text))
        )
    return value


def positive_count(text: str) -> int:
    """`--max-positions`: a whole number above 0 (0 or fewer would give up before looking at anything)."""
    value = whole(text, N_("position count {text} is not a whole number"))
    if value < 1:
        raise argparse.ArgumentTypeError(_("--max-positions must be at least 1, not {text}").format(text=quoted(text)))
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_options(parser)
    # TRANSLATORS: metavar of --board and --csv in the command line's help; keep it one short word in capitals
    file = _("FILE")
    parser.add_argument(
        "--board", metavar=file,
        help=_("solve the position in {file} (board text) instead of a deal").format(file=file),
    )
    parser.add_argument("--time-limit", type=positive_seconds, default=60.0, metavar="S",
                        # TRANSLATORS: S is the option's metavar, shown as is
                        help=_("give up after S seconds (default 60); exit code 3. With --range, S CPU seconds "
                               "per deal, so verdicts do not depend on how many jobs share the cores"))
    parser.add_argument("--max-positions", type=positive_count, default=None, metavar="N",
                        # TRANSLATORS: N is the option's metavar, shown as is
                        help=_("give up after N positions"))
    parser.add_argument("--range", metavar="A-B",
                        # TRANSLATORS: A and B are the option's metavar A-B, shown as is
                        help=_("decide deals A to B (inclusive) and print a summary"))
    parser.add_argument("--jobs", "-j", type=whole, default=None, metavar="N",
                        help=_("with --range: deals decided at once (default: every core)"))
    parser.add_argument("--csv", metavar=file,
                        # TRANSLATORS: deal,verdict,moves,seconds,positions are the CSV file's column names, written as they are
                        help=_("with --range: write deal,verdict,moves,seconds,positions per deal"))


def run(args: argparse.Namespace) -> int:
    rules = rules_for(variant_from_args(args))
    if args.range is not None:
        return run_range(rules, args)
    if args.jobs is not None or args.csv is not None:
        raise UsageError(_("--jobs and --csv go with --range A-B"))
    if args.board is not None:
        if args.deal is not None:
            raise UsageError(_("give --deal or --board, not both"))
        try:
            with open(args.board, encoding="utf-8-sig") as handle:  # a byte-order mark, as Notepad writes, is no card
                text = handle.read()
        except (OSError, UnicodeDecodeError) as error:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else shortened(str(error), 200)
            raise UsageError(_("cannot read {file}: {reason}").format(file=args.board, reason=reason)) from None
        try:
            state = rules.from_text(text)
        except BoardError as error:
            raise UsageError(f"{args.board}: {shortened(str(error), 200)}") from None  # one readable line
    else:
        if args.deal is None:
            raise UsageError(_("say what to solve: --deal N or --board FILE"))
        state = rules.deal(args.deal)
    try:
        result = solve(rules, state, time_limit=args.time_limit, max_positions=args.max_positions)
    except SolverError as error:
        print(_("the solver failed ({problem})").format(problem=error), file=sys.stderr)
        return EXIT_CODES[Status.UNKNOWN]
    for move in result.moves:
        print(move.notation)
    print(f"# {result_line(result)}")
    return EXIT_CODES[result.status]


def result_line(result: SolveResult) -> str:
    """The summary after the moves, for people: verdict, length, work done (`SolveResult.summary`, in the player's language)."""
    if result.status is Status.SOLVED:
        count = len(result.moves)
        head = ngettext("solved in {count} move", "solved in {count} moves", count).format(count=number(count))
    elif result.status is Status.UNSOLVABLE:
        head = _("proven unsolvable")
    else:
        # TRANSLATORS: the solver's verdict when it stopped before deciding; {reason} says why (a time or position limit)
        head = _("unknown ({reason})").format(reason=_(result.reason) if result.reason else _("gave up"))
    work = ngettext(
        "{count} position searched in {seconds} s", "{count} positions searched in {seconds} s", result.positions
    ).format(count=number(result.positions), seconds=number(round(result.seconds, 3), 3))
    # TRANSLATORS: the solver's summary line: the verdict, then the work it took
    return _("{verdict}; {work}").format(verdict=head, work=work)


# -- deciding a range of deals -------------------------------------------------------------------

Z95 = 1.959963984540054  # the normal quantile for a two-sided 95 % interval


@dataclass(frozen=True)
class Decided:
    """One deal's row: `seconds` is the solver's CPU time, which does not depend on the load."""

    deal: int
    verdict: Status
    moves: int
    seconds: float
    positions: int
    fault: str = ""  # why the solver failed on the deal (a bug), which leaves it unknown


def deal_range(text: str) -> range:
    """`A-B` with 1 <= A <= B <= the last deal number, as a range of deal numbers."""
    match = re.fullmatch(r"\s*(\d+)\s*-\s*(\d+)\s*", text)
    if match is None:
        raise UsageError(_("--range {text} is not of the form A-B (for example 1-1000)").format(text=repr(text)))
    first, last = int(match[1]), int(match[2])
    try:
        check_deal_number(first)
        check_deal_number(last)
    except DealError as error:
        raise UsageError(_("--range {text}: {reason}").format(text=text, reason=error)) from None
    if first > last:
        raise UsageError(_("--range {text}: the first deal is after the last").format(text=text))
    return range(first, last + 1)


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a share: unlike the normal approximation it stays inside 0..1
    and is honest for shares near 0 or 1 and for small samples."""
    if trials == 0:
        return 0.0, 1.0
    share = successes / trials
    denominator = 1 + z * z / trials
    centre = (share + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def decide(rules: Rules, deal: int, cpu_limit: float, max_positions: int | None) -> Decided:
    """One deal, in a pool worker; module-level so every start method can pickle it."""
    started = time.process_time()
    try:
        result = solve(rules, rules.deal(deal), cpu_limit=cpu_limit, max_positions=max_positions)
    except SolverError as error:  # one deal's fault must not cost the whole run
        return Decided(deal, Status.UNKNOWN, 0, time.process_time() - started, 0, str(error))
    return Decided(deal, result.status, len(result.moves), time.process_time() - started, result.positions)


def run_range(rules: Rules, args: argparse.Namespace) -> int:
    if args.deal is not None or args.board is not None:
        raise UsageError(_("give --range, or --deal or --board, not both"))
    deals = deal_range(args.range)
    if args.jobs is not None and args.jobs < 1:
        raise UsageError(_("--jobs must be 1 or more, not {jobs}").format(jobs=args.jobs))
    jobs = min(args.jobs or os.cpu_count() or 1, len(deals))
    table = None
    if args.csv is not None:
        try:
            table = open(args.csv, "w", newline="", encoding="utf-8")
        except OSError as error:
            reason = error.strerror or str(error)
            raise UsageError(_("cannot write {file}: {reason}").format(file=args.csv, reason=reason)) from None
    try:
        rows = decide_all(rules, deals, jobs, args.time_limit, args.max_positions)
        if table is not None:
            writer = csv.writer(table)
            writer.writerow(["deal", "verdict", "moves", "seconds", "positions"])
            for row in rows:
                writer.writerow([row.deal, row.verdict.value, row.moves, f"{row.seconds:.3f}", row.positions])
    finally:
        if table is not None:
            table.close()
    print(summary(rules.variant.name, rows))
    for row in rows:
        if row.fault:
            print(_("deal {deal}: the solver failed ({problem})").format(deal=row.deal, problem=row.fault), file=sys.stderr)
    return 0 if all(row.verdict is not Status.UNKNOWN for row in rows) else EXIT_CODES[Status.UNKNOWN]


def decide_all(rules: Rules, deals: range, jobs: int, cpu_limit: float, max_positions: int | None) -> list[Decided]:
    """Every deal of `deals`, in deal order, decided by `jobs` processes; a bar on a terminal only."""
    from tqdm import tqdm

    context = multiprocessing.get_context("spawn")  # the same start on every platform
    rows: list[Decided] = []
    with concurrent.futures.ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        futures = [pool.submit(decide, rules, deal, cpu_limit, max_positions) for deal in deals]
        try:
            with tqdm(total=len(futures), unit="deal", file=sys.stderr, disable=not sys.stderr.isatty()) as bar:
                for future in concurrent.futures.as_completed(futures):
                    rows.append(future.result())
                    bar.update()
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise
    return sorted(rows, key=lambda row: row.deal)


def summary(game: str, rows: list[Decided]) -> str:
    """Won / lost / unknown, and the winnable share of the decided deals with its 95 % interval."""
    won = sum(row.verdict is Status.SOLVED for row in rows)
    lost = sum(row.verdict is Status.UNSOLVABLE for row in rows)
    unknown = len(rows) - won - lost
    first, last = rows[0].deal, rows[-1].deal
    # Deal numbers stay as typed (a player types them back to --deal); counts are written as the language writes them.
    lines = [
        _("{game}, deals {first}-{last}: {won} won, {lost} lost, {unknown} unknown").format(
            game=game, first=first, last=last, won=number(won), lost=number(lost), unknown=number(unknown)
        )
    ]
    decided = won + lost
    if decided:
        low, high = wilson(won, decided)
        lines.append(
            ngettext(
                "winnable: {share} % of {decided} decided (95 % interval {low}-{high} %)",
                "winnable: {share} % of {decided} decided (95 % interval {low}-{high} %)",
                decided,
            ).format(share=_tenths(100 * won / decided), decided=number(decided), low=_tenths(100 * low), high=_tenths(100 * high))
        )
    else:
        lines.append(_("winnable: no deal was decided"))
    return "\n".join(lines)


def _tenths(value: float) -> str:
    """A percentage to one decimal, rounded as `f"{value:.1f}"` rounds, written as the language writes it."""
    return number(round(value, 1), 1)
