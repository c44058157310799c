"""`solve`: print a solution in extended standard notation, one move a line, then a summary line.

Exit codes say the verdict so scripts need not parse text: 0 solved, 1 proven unsolvable, 3 unknown
(the time limit ran out), 2 bad input.
"""
from __future__ import annotations

import argparse
import math

from game.variants import rules_for
from game.solver import Status, solve
from game.state import BoardError

from game.reading import quoted, shortened

from .common import UsageError, add_game_options, variant_from_args, whole

HELP = "solve a deal or a position and print the moves"
EXIT_CODES = {Status.SOLVED: 0, Status.UNSOLVABLE: 1, Status.UNKNOWN: 3}


def positive_seconds(text: str) -> float:
    """`--time-limit`: a finite number of seconds above 0 (not inf, nan, 0 or -1, which float() takes)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"time limit {quoted(text)} is not a number of seconds") from None
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"time limit must be a number of seconds more than 0, not {quoted(text)}")
    return value


def positive_count(text: str) -> int:
    """`--max-positions`: a whole number above 0 (0 or fewer would give up before looking at anything)."""
    value = whole(text, "position count")
    if value < 1:
        raise argparse.ArgumentTypeError(f"--max-positions must be at least 1, not {quoted(text)}")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_options(parser)
    parser.add_argument("--board", metavar="FILE", help="solve the position in FILE (board text) instead of a deal")
    parser.add_argument("--time-limit", type=positive_seconds, default=60.0, metavar="S",
                        help="give up after S seconds (default 60); exit code 3")
    parser.add_argument("--max-positions", type=positive_count, default=None, metavar="N", help="give up after N positions")


def run(args: argparse.Namespace) -> int:
    rules = rules_for(variant_from_args(args))
    if args.board is not None:
        if args.deal is not None:
            raise UsageError("give --deal or --board, not both")
        try:
            with open(args.board, encoding="utf-8-sig") as handle:  # a byte-order mark, as Notepad writes, is no card
                text = handle.read()
        except (OSError, UnicodeDecodeError) as error:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else shortened(str(error), 200)
            raise UsageError(f"cannot read {args.board}: {reason}") from None
        try:
            state = rules.from_text(text)
        except BoardError as error:
            raise UsageError(f"{args.board}: {shortened(str(error), 200)}") from None  # one readable line
    else:
        if args.deal is None:
            raise UsageError("say what to solve: --deal N or --board FILE")
        state = rules.deal(args.deal)
    result = solve(rules, state, time_limit=args.time_limit, max_positions=args.max_positions)
    for move in result.moves:
        print(move.notation)
    print(f"# {result.summary()}")
    return EXIT_CODES[result.status]
