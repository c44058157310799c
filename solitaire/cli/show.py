"""`show`: print a numbered deal as board text, for sharing, solving elsewhere or writing tests."""
from __future__ import annotations

import argparse

from game.i18n import N_
from game.variants import rules_for

from .common import add_game_options, variant_from_args

HELP = N_("print a deal as board text")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_options(parser, deal_required=True)


def run(args: argparse.Namespace) -> int:
    rules = rules_for(variant_from_args(args))
    print(rules.to_text(rules.deal(args.deal)), end="")
    return 0
