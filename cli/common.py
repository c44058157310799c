"""Options that several subcommands share, and turning them into a variant and deal."""
from __future__ import annotations

import argparse

from game.deals import DealError, check_deal_number
from game.variants import DRAW_CHOICES, UnknownGame, Variant, customised, find_variant, with_draw, without_foundation_return


DEFAULT_GAME = "freecell"


def add_data_dir_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data-dir", metavar="DIR", help="where statistics, the saved game and settings live")


class UsageError(Exception):
    """Arguments that parse but make no sense together; reported in one line, exit code 2."""


def deal_number(text: str) -> int:
    """`--deal`: a whole number in the range the model deals (its own check, so the two cannot differ)."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"deal number {text!r} is not a whole number") from None
    try:
        return check_deal_number(number)
    except DealError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def add_game_options(parser: argparse.ArgumentParser, deal_required: bool = False) -> None:
    parser.add_argument("--game", "-g", help="game name or alias (see `games`); FreeCell when not given")
    parser.add_argument("--deal", "-d", type=deal_number, required=deal_required, help="deal number")
    parser.add_argument("--cells", type=int, help="FreeCell family: number of free cells (0-10)")
    parser.add_argument("--columns", type=int, help="FreeCell family: number of columns (4-10)")
    parser.add_argument(
        "--draw", type=int, choices=DRAW_CHOICES, help="Klondike: cards turned from the stock at a time (1 or 3)"
    )
    parser.add_argument(
        "--no-foundation-return", action="store_true", help="Klondike: a card on a foundation never comes back down"
    )


def variant_from_args(args: argparse.Namespace) -> Variant:
    """The variant the options name; `--draw` picks Klondike's draw-1 or draw-3 game, and
    `--no-foundation-return` the one where cards never come back down from a foundation."""
    try:
        name = DEFAULT_GAME if args.game is None else args.game  # `--game ""` is a mistake, not "the default"
        variant = customised(find_variant(name), args.cells, args.columns)
        draw = getattr(args, "draw", None)  # a subcommand with its own parser may not offer --draw
        variant = variant if draw is None else with_draw(variant, draw)
        return without_foundation_return(variant) if getattr(args, "no_foundation_return", False) else variant
    except UnknownGame as error:
        raise UsageError(str(error)) from None
