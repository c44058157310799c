"""`show`: print a numbered deal, or the position of a saved game, as board text, for sharing, solving
elsewhere or writing tests."""
from __future__ import annotations

import argparse
import sys

from game.i18n import N_, _
from game.variants import rules_for

from .common import UsageError, add_game_options, add_load_option, daily_from_args, load_file, variant_from_args

HELP = N_("print a deal as board text")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_options(parser)
    add_load_option(parser, _("print the position of the game saved in FILE instead of a deal"))


def run(args: argparse.Namespace) -> int:
    variant = variant_from_args(args)
    pick = daily_from_args(args, variant)
    if pick is not None:
        from game.solver.daily import announced

        print(announced(pick, variant.name), file=sys.stderr)  # the board alone on the output, as for --deal
    if args.load is not None:
        if any(getattr(args, name) is not None for name in ("game", "deal", "cells", "columns")):
            raise UsageError(_("a saved game says its own game and deal: give --load or --game and --deal, not both"))
        session = load_file(args.load)
        print(session.rules.to_text(session.state), end="")
        return 0
    if args.deal is None:
        raise UsageError(_("say what to show: --deal N, --daily or --load FILE"))
    rules = rules_for(variant)
    print(rules.to_text(rules.deal(args.deal)), end="")
    return 0
