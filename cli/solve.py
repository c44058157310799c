"""`solve`: print a solution in extended standard notation, one move a line, then a summary line.

Exit codes say the verdict so scripts need not parse text: 0 solved, 1 proven unsolvable, 3 unknown
(the time limit ran out), 2 bad input.
"""
from __future__ import annotations

import argparse

from game.variants import rules_for
from game.solver import Status, solve
from game.state import BoardError

from .common import UsageError, add_game_options, variant_from_args

HELP = "solve a deal or a position and print the moves"
EXIT_CODES = {Status.SOLVED: 0, Status.UNSOLVABLE: 1, Status.UNKNOWN: 3}


def positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"time limit {text!r} is not a number of seconds") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"time limit must be more than 0 seconds, not {text}")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_options(parser)
    parser.add_argument("--board", metavar="FILE", help="solve the position in FILE (board text) instead of a deal")
    parser.add_argument("--time-limit", type=positive_seconds, default=60.0, metavar="S",
                        help="give up after S seconds (default 60); exit code 3")
    parser.add_argument("--max-positions", type=int, default=None, metavar="N", help="give up after N positions")


def run(args: argparse.Namespace) -> int:
    rules = rules_for(variant_from_args(args))
    if args.board is not None:
        if args.deal is not None:
            raise UsageError("give --deal or --board, not both")
        try:
            with open(args.board, encoding="utf-8") as handle:
                text = handle.read()
        except (OSError, UnicodeDecodeError) as error:
            raise UsageError(f"cannot read {args.board}: {getattr(error, 'strerror', None) or error}") from None
        try:
            state = rules.from_text(text)
        except BoardError as error:
            raise UsageError(f"{args.board}: {error}") from None
    else:
        if args.deal is None:
            raise UsageError("say what to solve: --deal N or --board FILE")
        state = rules.deal(args.deal)
    result = solve(rules, state, time_limit=args.time_limit, max_positions=args.max_positions)
    for move in result.moves:
        print(move.notation)
    print(f"# {result.summary()}")
    return EXIT_CODES[result.status]
