"""`games`: the list of games a player can name, and how to ask for a FreeCell of another shape."""
from __future__ import annotations

import argparse

from game.variants import MAX_CELLS, MAX_COLUMNS, MIN_CELLS, MIN_COLUMNS, all_variants

HELP = "list the games and their aliases"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    pass


def run(args: argparse.Namespace) -> int:
    width = max(len(v.key) for v in all_variants())
    for variant in all_variants():
        aliases = ", ".join(variant.aliases)
        print(f"{variant.key:<{width}}  {variant.name}" + (f"  (also: {aliases})" if aliases else ""))
    shaped = ", ".join(v.key for v in all_variants() if v.reshapeable)
    print()
    print(
        f"Other shapes of {shaped}: GAME:CxN (C cells {MIN_CELLS}-{MAX_CELLS}, N columns {MIN_COLUMNS}-{MAX_COLUMNS}),"
        " like freecell:3x10, or --cells C --columns N."
    )
    return 0
