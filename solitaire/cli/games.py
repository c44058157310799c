"""`games`: the list of games a player can name, and how to ask for a FreeCell of another shape."""
from __future__ import annotations

import argparse

from game.i18n import N_, _
from game.variants import all_variants, shaped_games

HELP = N_("list the games and their aliases")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    pass


def run(args: argparse.Namespace) -> int:
    width = max(len(v.key) for v in all_variants())
    for variant in all_variants():
        aliases = ", ".join(variant.aliases)
        if aliases:
            # TRANSLATORS: a line of `games`: a game's key (typed as is), its name, and the other keys that name it
            print(_("{key}  {name}  (also: {aliases})").format(key=f"{variant.key:<{width}}", name=variant.name, aliases=aliases))
        else:
            print(f"{variant.key:<{width}}  {variant.name}")
    for shapes, games in shaped_games():
        shaped = ", ".join(v.key for v in games)
        print()
        print(
            # TRANSLATORS: GAME:CxN, freecell:3x10, --cells C --columns N are typed as they are; keep C and N as letters
            _(
                "Other shapes of {games}: GAME:CxN (C cells {least_cells}-{most_cells}, "
                "N columns {least_columns}-{most_columns}),"
                " like freecell:3x10, or --cells C --columns N."
            ).format(
                games=shaped,
                least_cells=shapes.least_cells,
                most_cells=shapes.most_cells,
                least_columns=shapes.least_columns,
                most_columns=shapes.most_columns,
            )
        )
    return 0
