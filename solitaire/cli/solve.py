"""`solve`: print a solution in extended standard notation, one move a line, then a summary line.

Exit codes say the verdict so scripts need not parse text: 0 solved, 1 proven unsolvable, 3 unknown
(the time limit ran out), 2 bad input. A solver fault (a solution the rules reject: a bug) is one
line on stderr and an unknown verdict, never a traceback.

`solve --range A-B` decides a range of deals instead, on every core (cli.deal_pool, deals handed
out one at a time), for winnability tables: a progress bar on a terminal, one CSV row per deal with
`--csv` (cli.range_table: written and flushed as each deal is decided; a file that holds something is
replaced only with `--overwrite`, or added to with `--resume`, which skips the deals already in it),
and a summary with the winnable share and its 95 % Wilson interval, over the whole file when resumed.
`--scheduler ADDRESS` hands the deals to a Dask cluster instead (cli.cluster), with the same rows;
`--tls-ca-file`, `--tls-cert` and `--tls-key` make that TLS, with the cluster's own authority (whoever
answers at the address is otherwise trusted to run code here: docs/winnability.md).
Exit code 0 when every deal was decided, 3 when some stayed unknown. A deal the solver fails on is
unknown and named on stderr; the rest of the run stands. Ctrl+C (or SIGTERM) stops the run at once:
the rows written stay, the summary covers the deals decided, and the exit code is 130 (143).
"""
from __future__ import annotations

import argparse
import math
import os
import re
import signal
import sys
import time
from collections.abc import Callable, Generator, Iterable, Iterator
from contextlib import closing, contextmanager, suppress
from dataclasses import dataclass
from functools import partial

from game.deals import DealError, check_deal_number
from game.i18n import N_, _, ngettext, number
from game.reading import quoted, shortened, whole_number
from game.rules import Rules
from game.solver import SolverError, SolveResult, Status, solve
from game.state import BoardError
from game.variants import rules_for

from .cluster import ClusterDeals, ClusterError, Tls, connect
from .common import UsageError, add_game_options, add_load_option, daily_from_args, load_file, variant_from_args, whole
from .deal_pool import DealPool
from .range_table import Decided, RangeTable, Stamp, TableError, open_table

HELP = N_("solve a deal or a position and print the moves")
BOARD_LIMIT = 1 << 20  # bytes; a board is a few hundred
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
    add_load_option(parser, _("solve the game saved in {file} from where it stands").format(file=file))
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
                        # TRANSLATORS: deal,verdict,…,max_positions are the CSV file's column names, written as they are
                        help=_("with --range: write deal,verdict,moves,seconds,positions,game,time_limit,max_positions "
                               "per deal, as each is decided"))
    parser.add_argument("--overwrite", action="store_true",
                        help=_("with --csv: replace the file when it already holds something (else it is left alone)"))
    parser.add_argument("--resume", action="store_true",
                        help=_("with --csv: add to the file the deals it lacks; the summary covers the whole file"))
    # TRANSLATORS: metavar of --scheduler in the command line's help; keep it one short word in capitals
    address = _("ADDRESS")
    parser.add_argument("--scheduler", metavar=address,
                        help=_("with --range: decide the deals on the Dask cluster whose scheduler is at {address} "
                               "(tcp://host:8786, or tls://host:8786 with the TLS options below); whoever answers "
                               "there can run code on this machine").format(address=address))
    for flag, what in TLS_OPTIONS:
        parser.add_argument(flag, metavar=file, help=_(what))


# TRANSLATORS: the help of the three options, which go together; FILE is their metavar; PEM is a file format's name
TLS_OPTIONS = (
    ("--tls-ca-file", N_("with --scheduler tls://...: the certificate authority's certificate (PEM) the cluster's "
                         "certificates are signed by")),
    ("--tls-cert", N_("with --scheduler tls://...: this machine's certificate (PEM), signed by that authority")),
    ("--tls-key", N_("with --scheduler tls://...: this machine's private key (PEM)")),
)


def run(args: argparse.Namespace) -> int:
    variant = variant_from_args(args)
    pick = daily_from_args(args, variant)
    if pick is not None:
        from game.solver.daily import announced

        print(announced(pick, variant.name), file=sys.stderr)  # the output stays moves and comments a console replays
    rules = rules_for(variant)
    if args.range is not None:
        return run_range(rules, args)
    if args.jobs is not None or args.csv is not None or args.overwrite or args.resume or args.scheduler is not None:
        raise UsageError(_("--jobs, --csv, --overwrite, --resume and --scheduler go with --range A-B"))
    if tls_of(args) is not None:
        raise UsageError(_("--tls-ca-file, --tls-cert and --tls-key go with --range and --scheduler tls://..."))
    if args.load is not None:
        if args.deal is not None or args.board is not None or args.game is not None:
            raise UsageError(_("a saved game says its own game and position: give --load alone"))
        session = load_file(args.load)
        rules, state = session.rules, session.state
    elif args.board is not None:
        if args.deal is not None:
            raise UsageError(_("give --deal or --board, not both"))
        text = read_board(args.board)
        try:
            state = rules.from_text(text)
        except BoardError as error:
            raise UsageError(f"{args.board}: {shortened(str(error), 200)}") from None  # one readable line
    else:
        if args.deal is None:
            raise UsageError(_("say what to solve: --deal N, --daily or --board FILE"))
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


def read_board(path: str) -> str:
    """The board text in `path`, refused past BOARD_LIMIT bytes: /dev/zero or a runaway file was once
    read until memory ran out."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(BOARD_LIMIT + 1)
        if len(data) > BOARD_LIMIT:
            # TRANSLATORS: {size} is a whole number of kilobytes
            raise UsageError(_("{file} is more than {size} KB: not a board").format(file=path, size=BOARD_LIMIT // 1024))
        return data.decode("utf-8-sig")  # a byte-order mark, as Notepad writes, is no card
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else shortened(str(error), 200)
        raise UsageError(_("cannot read {file}: {reason}").format(file=path, reason=reason)) from None


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


def deal_range(text: str) -> range:
    """`A-B` with 1 <= A <= B <= the last deal number, as a range of deal numbers (never a list).

    ASCII digits only, as `--deal` reads them (`١-٥` is not 1-5); a bound of thousands of digits is
    out of range, quoted as typed, not a traceback from int()."""
    match = re.fullmatch(r"\s*([0-9]+)\s*-\s*([0-9]+)\s*", text)
    if match is None:
        raise UsageError(_("--range {text} is not of the form A-B (for example 1-1000)").format(text=quoted(text)))
    try:
        first, last = (check_deal_number(whole_number(digits) or 0, digits) for digits in match.groups())
    except DealError as error:
        raise UsageError(_("--range {text}: {reason}").format(text=shortened(text), reason=error)) from None
    if first > last:
        raise UsageError(_("--range {text}: the first deal is after the last").format(text=text))
    return range(first, last + 1)


def available_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells it)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on macOS or Windows
        return os.cpu_count() or 1


def jobs_for(asked: int | None, deals: range) -> int:
    """`--jobs`, at most one per core (more only cost memory: 40 jobs were 820 MB for no speed), said when cut."""
    cores = available_cores()
    if asked is not None and asked < 1:
        raise UsageError(_("--jobs must be 1 or more, not {jobs}").format(jobs=asked))
    if asked is not None and asked > cores:
        note = _("--jobs {jobs} is more than the {cores} cores here: {cores} at once").format(jobs=asked, cores=cores)
        print(f"solitaire: {note}", file=sys.stderr)
    return min(asked or cores, cores, len(deals))


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


@dataclass
class Tally:
    """What a range run has decided so far, with the rows of a resumed file: counts only, so memory
    stays flat whatever the range."""

    deals: range
    won: int = 0
    lost: int = 0
    unknown: int = 0
    outside: int = 0  # deals of a resumed file outside the range: counted too, the summary is the file's

    def add(self, deal: int, verdict: Status) -> None:
        if verdict is Status.SOLVED:
            self.won += 1
        elif verdict is Status.UNSOLVABLE:
            self.lost += 1
        else:
            self.unknown += 1
        if deal not in self.deals:
            self.outside += 1

    @property
    def done(self) -> int:
        return self.won + self.lost + self.unknown


class Terminated(BaseException):
    """SIGTERM, raised in the main thread as Ctrl+C raises KeyboardInterrupt, so both stop a run alike."""


@contextmanager
def terminate_as_interrupt() -> Iterator[None]:
    def on_terminate(signum: int, frame: object) -> None:
        if _Termination.held:
            _Termination.pending = True
        else:
            raise Terminated

    try:
        previous = signal.signal(signal.SIGTERM, on_terminate)
    except ValueError:  # not the main thread (a test calling main() on one): SIGTERM keeps its own way
        previous = None
    try:
        yield
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


class _Termination:
    """Whether a SIGTERM must wait for the block under way (`termination_held`), and whether one came."""

    held = False
    pending = False


@contextmanager
def termination_held() -> Iterator[None]:
    """A SIGTERM that comes during the block takes effect when it is done."""
    _Termination.held = True
    try:
        yield
    finally:
        _Termination.held = False
    if _Termination.pending:
        _Termination.pending = False
        raise Terminated


def check_range_options(args: argparse.Namespace) -> None:
    """The options that go with --range, refused in combinations that mean nothing, before any work."""
    if args.deal is not None or args.board is not None or args.load is not None:
        raise UsageError(_("give --range, or --deal or --board, not both"))
    if args.overwrite and args.csv is None:
        raise UsageError(_("--overwrite goes with --csv FILE"))
    if args.resume and args.csv is None:
        raise UsageError(_("--resume goes with --csv FILE"))
    if args.resume and args.overwrite:
        raise UsageError(_("give --resume or --overwrite, not both"))
    if args.jobs is not None and args.scheduler is not None:
        raise UsageError(_("give --jobs or --scheduler, not both: the cluster's workers decide at once"))
    tls = tls_of(args)
    if tls is not None and not (args.scheduler or "").startswith("tls://"):
        raise UsageError(_("--tls-ca-file, --tls-cert and --tls-key go with --range and --scheduler tls://..."))


def tls_of(args: argparse.Namespace) -> Tls | None:
    """The `--tls-*` files, None when none is given; all three or none (the cluster's TLS is mutual)."""
    files = [getattr(args, flag[2:].replace("-", "_"), None) for flag, _what in TLS_OPTIONS]
    given = [file for file in files if file]
    if not given:
        return None
    if len(given) < len(files):
        raise UsageError(_("give --tls-ca-file, --tls-cert and --tls-key together"))
    return Tls(*given)


def run_range(rules: Rules, args: argparse.Namespace) -> int:
    """Decide the range; Ctrl+C or SIGTERM stops it at once with the summary so far (exit 130 or 143)."""
    check_range_options(args)
    if args.scheduler is None:
        note_plain_solver()
    deals = deal_range(args.range)
    stamp = Stamp(rules.variant.key, args.time_limit, args.max_positions)
    task = partial(decide, rules, cpu_limit=args.time_limit, max_positions=args.max_positions)
    jobs = jobs_for(args.jobs, deals) if args.scheduler is None else 0
    client, table, tally, code = None, None, Tally(deals), None
    try:
        client = None if args.scheduler is None else connect(args.scheduler, tls_of(args))
        table, known = (None, {}) if args.csv is None else open_table(args.csv, stamp, args.overwrite, args.resume)
        if table is not None and not table.stamped and known:
            print(f"solitaire: {unstamped_note(table.name)}", file=sys.stderr)
        for deal, verdict in known.items():
            tally.add(deal, verdict)
        todo = (deal for deal in deals if deal not in known)
        if client is not None:
            rows = decide_on_cluster(client, task, todo)
        else:
            rows = decide_all(task, todo, min(jobs, len(deals) - (tally.done - tally.outside)))
        with terminate_as_interrupt():
            decide_into(tally, table, rows)
    except KeyboardInterrupt:
        code = 128 + signal.SIGINT
    except Terminated:
        code = 128 + signal.SIGTERM
    except (TableError, ClusterError) as error:
        code = 2
        print(f"solitaire: {error}", file=sys.stderr)
    finally:
        if table is not None:
            with suppress(OSError):  # already reported when writing failed
                table.close()
        if client is not None:
            client.close()
    print(summary(rules.variant.name, tally))
    if code is not None:
        return code
    return 0 if tally.unknown == 0 else EXIT_CODES[Status.UNKNOWN]


def note_plain_solver() -> None:
    """A table's verdicts depend on how many positions its CPU seconds buy, and the plain Python
    searches buy a third to a fifth of the compiled ones'; a source tree edited since its last build
    runs them without a word. So a range run in plain Python says so once, before its first row."""
    import game.solver

    from .version import solver_build

    if game.solver.load_compiled() is None:
        print(f"solitaire: {solver_build()}", file=sys.stderr)


def unstamped_note(file: str) -> str:
    return _("{file} does not say which game and budget its deals were decided under (an older version wrote it): "
             "they are taken as this run's").format(file=file)


def decide_into(tally: Tally, table: RangeTable | None, rows: Generator[Decided, None, None]) -> None:
    """Write each deal's row of `rows` (on disk) as it is decided, then count it, with a progress bar: a
    deal whose row the disk refused is not in the summary, which says what the file holds."""
    from tqdm import tqdm

    done = tally.done - tally.outside
    with tqdm(total=len(tally.deals), initial=done, unit="deal", file=sys.stderr, disable=not sys.stderr.isatty()) as bar, \
            closing(rows) as decided:
        for row in decided:
            with termination_held():  # a stop between writing a row and counting it would leave the summary short
                if table is not None:
                    table.write(row)
                tally.add(row.deal, row.verdict)
            if row.fault:
                fault = _("deal {deal}: the solver failed ({problem})").format(deal=row.deal, problem=row.fault)
                bar.write(fault, file=sys.stderr)
            bar.update()


def decide_all(task: Callable[[int], Decided], deals: Iterable[int], jobs: int) -> Generator[Decided, None, None]:
    """Every deal of `deals`, as each is decided (not in deal order) by `jobs` processes, handed out one at a time."""
    with DealPool(task, jobs) as pool:
        for deal, row, exit_code in pool.results(deals):
            if row is None and exit_code is None:  # two workers in turn stopped on it (SIGSTOP) and were given up
                row = Decided(deal, Status.UNKNOWN, 0, 0.0, 0, _("its worker processes stalled"))
            elif row is None:  # its worker died on it (out of memory, killed)
                reason = _("its worker process stopped with exit code {code}").format(code=exit_code)
                row = Decided(deal, Status.UNKNOWN, 0, 0.0, 0, reason)
            yield row


def decide_on_cluster(client: object, task: Callable[[int], Decided], deals: Iterable[int]) -> Generator[Decided, None, None]:
    """The same, on the Dask cluster `client` talks to (cli.cluster)."""
    for deal, row, reason in ClusterDeals(client, task).results(deals):
        yield row if row is not None else Decided(deal, Status.UNKNOWN, 0, 0.0, 0, reason)


def summary(game: str, tally: Tally) -> str:
    """Won / lost / unknown, the winnable share of the decided deals with its 95 % interval, and how
    far a stopped run got; a resumed file's deals outside the range are said and counted."""
    won, lost, unknown = tally.won, tally.lost, tally.unknown
    first, last = tally.deals[0], tally.deals[-1]
    # Deal numbers stay as typed (a player types them back to --deal); counts are written as the language writes them.
    counts = {"game": game, "first": first, "last": last, "won": number(won), "lost": number(lost), "unknown": number(unknown)}
    if tally.outside:
        head = ngettext(
            "{game}, deals {first}-{last} and {more} other deal in the file: {won} won, {lost} lost, {unknown} unknown",
            "{game}, deals {first}-{last} and {more} other deals in the file: {won} won, {lost} lost, {unknown} unknown",
            tally.outside,
        ).format(more=number(tally.outside), **counts)
    else:
        head = _("{game}, deals {first}-{last}: {won} won, {lost} lost, {unknown} unknown").format(**counts)
    lines = [head]
    decided = won + lost
    if decided:
        low, high = wilson(won, decided)
        lines.append(
            ngettext(
                "winnable: {share} % of {decided} decided (95 % interval {low}-{high} %)",
                "winnable: {share} % of {decided} decided (95 % interval {low}-{high} %)",
                decided,
            ).format(
                share=_tenths(100 * won / decided), decided=number(decided), low=_tenths(100 * low), high=_tenths(100 * high)
            )
        )
    else:
        lines.append(_("winnable: no deal was decided"))
    count = len(tally.deals) + tally.outside
    if tally.done < count:
        lines.append(ngettext("stopped after {done} of {count} deal", "stopped after {done} of {count} deals", count).format(
            done=number(tally.done), count=number(count)))
    return "\n".join(lines)


def _tenths(value: float) -> str:
    """A percentage to one decimal, rounded as `f"{value:.1f}"` rounds, written as the language writes it."""
    return number(round(value, 1), 1)
