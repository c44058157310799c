"""Options that several subcommands share, and turning them into a variant and deal."""
from __future__ import annotations

import argparse

from game.deals import DealError, check_deal_number
from game.reading import quoted, whole_number
from game.variants import DRAW_CHOICES, UnknownGame, Variant, customised, find_variant, with_draw, without_foundation_return


DEFAULT_GAME = "freecell"


def data_dir(text: str) -> str:
    """`--data-dir`: a folder's name. An empty one used to mean "the default folder" without a word."""
    if not text.strip():
        raise argparse.ArgumentTypeError("the data folder's name is empty")
    return text


def add_data_dir_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data-dir", metavar="DIR", type=data_dir, help="where statistics, the saved game and settings live")


class UsageError(Exception):
    """Arguments that parse but make no sense together; reported in one line, exit code 2."""


def whole(text: str, what: str = "number") -> int:
    """A whole number typed on the command line, in ASCII digits as everywhere a number is typed
    (not `²`, `١٢`, `1_000` or ` 12`, which `int()` takes or chokes on)."""
    number = whole_number(text, signed=True)
    if number is None:
        raise argparse.ArgumentTypeError(f"{what} {quoted(text)} is not a whole number")
    return number


def deal_number(text: str) -> int:
    """`--deal`: a whole number in the range the model deals (its own check, so the two cannot differ)."""
    number = whole(text, "deal number")
    try:
        return check_deal_number(number)
    except DealError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def add_game_options(parser: argparse.ArgumentParser, deal_required: bool = False) -> None:
    parser.add_argument("--game", "-g", help="game name or alias (see `games`); FreeCell when not given")
    parser.add_argument("--deal", "-d", type=deal_number, required=deal_required, help="deal number")
    parser.add_argument("--cells", type=whole, help="FreeCell family: number of free cells (0-10)")
    parser.add_argument("--columns", type=whole, help="FreeCell family: number of columns (4-10)")
    parser.add_argument(
        "--draw", type=whole, choices=DRAW_CHOICES, help="Klondike: cards turned from the stock at a time (1 or 3)"
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
