"""Options that several subcommands share, and turning them into a variant and deal."""
from __future__ import annotations

import argparse

from game.deals import MAX_DEAL
from game.variants import UnknownGame, Variant, customised, find_variant


class UsageError(Exception):
    """Arguments that parse but make no sense together; reported in one line, exit code 2."""


def deal_number(text: str) -> int:
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"deal number {text!r} is not a whole number") from None
    if not 1 <= number <= MAX_DEAL:
        raise argparse.ArgumentTypeError(f"deal number {number} is out of range (1 to {MAX_DEAL})")
    return number


def add_game_options(parser: argparse.ArgumentParser, deal_required: bool = False) -> None:
    parser.add_argument("--game", "-g", default="freecell", help="game name or alias (see `games`)")
    parser.add_argument("--deal", "-d", type=deal_number, required=deal_required, help="deal number")
    parser.add_argument("--cells", type=int, help="FreeCell family: number of free cells (0-10)")
    parser.add_argument("--columns", type=int, help="FreeCell family: number of columns (4-10)")


def variant_from_args(args: argparse.Namespace) -> Variant:
    try:
        return customised(find_variant(args.game), args.cells, args.columns)
    except UnknownGame as error:
        raise UsageError(str(error)) from None
