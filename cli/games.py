"""`games`: the list of games a player can name."""
from __future__ import annotations

import argparse

from game.variants import all_variants

HELP = "list the games and their aliases"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    pass


def run(args: argparse.Namespace) -> int:
    width = max(len(v.key) for v in all_variants())
    for variant in all_variants():
        aliases = ", ".join(variant.aliases)
        print(f"{variant.key:<{width}}  {variant.name}" + (f"  (also: {aliases})" if aliases else ""))
    return 0
