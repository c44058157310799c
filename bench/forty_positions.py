"""Where a Forty Thieves or Forty & Eight search's positions go: by pass and stock, and how far it gets.

    python bench/forty_positions.py                                   # Forty & Eight's deals 5 and 7
    python bench/forty_positions.py --deals 5 7 --positions 300000 --search bold
    python bench/forty_positions.py --game forty-thieves --deals 2 3

A deal the search leaves "not known" says little by itself: this runs one search of the verdict's
(`exact`: the main search over every move; `bold`: the bold search's moves, one noisy search without its
restarts) for a number of positions and prints the most cards it had home and where that position
stood (the stock and waste left, the redeals made, the empty columns), and how its positions spread
over the passes and the stock (by sixteen cards): a search that piles its positions up at the end of
the first pass never tries the redeal; one that piles them up at the end of the last pass is stuck
with cards buried in the waste. Positions, not seconds, so the figures do not move with the load.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game.solver import load_compiled

load_compiled()  # before the searches' modules are imported, so that they are the compiled ones where built

from game.families import forty_eight  # noqa: E402
from game.session import Session  # noqa: E402
from game.solver import forty_thieves  # noqa: E402
from game.solver.common import Budget  # noqa: E402
from game.solver.forty_thieves import BOLD_NOISE, BOLD_SEED, Weights, redeals_of, start_of  # noqa: E402
from game.solver.forty_thieves_position import Position, Scorer, key, won  # noqa: E402
from game.solver.generic import BestFirst  # noqa: E402
from game.solver.portfolio import JITTER  # noqa: E402
from game.variants import find_variant  # noqa: E402

WEIGHTS: dict[str, Weights] = {"forty-and-eight": forty_eight.WEIGHTS, "forty-thieves": forty_thieves.WEIGHTS}


class Watched:
    """The search's own score, noting each position it scores: the most cards home, where that position
    stood, and the positions by (redeals made, the stock's cards // 16)."""

    def __init__(self, scorer: Scorer) -> None:
        self.scorer = scorer
        self.home = -1
        self.where = ""
        self.spread: Counter[tuple[int, int]] = Counter()

    def score(self, position: Position) -> int:
        columns, home, stock, waste, redeals = position
        if sum(home) > self.home:
            self.home = sum(home)
            empty = sum(1 for pile in columns if not pile)
            self.where = f"stock {len(stock)}, waste {len(waste)}, redeals {redeals}, empty columns {empty}"
        self.spread[redeals, len(stock) // 16] += 1
        return self.scorer.score(position)


def profile(game_key: str, deal: int, positions: int, search: str) -> None:
    """One search from the deal, as the verdict's starts (its weights, the bold one's first noise), with
    its score watched: a single search rather than the portfolio, so the spread is one search's."""
    variant = find_variant(game_key)
    rules = Session(variant, 1).rules
    game, unsettled = start_of(rules, rules.deal(deal), redeals_of(rules))
    root = game.settle(unsettled, [])
    cards = sum(map(len, root[0])) + len(root[2]) + len(root[3]) + sum(root[1])
    watched = Watched(Scorer(WEIGHTS[game_key], game.copies, game.redeals))
    children, jitter = game.settled_children, tuple[int, ...]()
    if search == "bold":  # the bold search's first noise (`forty_thieves.Bold`)
        rng = random.Random(BOLD_SEED + 1)
        children, jitter = game.bold_children, tuple(rng.randrange(BOLD_NOISE) for _ in range(JITTER))
    found = BestFirst(root, [], children, key, watched.score, won, jitter=jitter, newest_first=True)
    start = time.process_time()
    status = found.run(Budget(max_positions=positions))[0]
    print(
        f"{variant.english_name} deal {deal}, {search} search: {status.name.lower()} after {found.count:,} positions "
        f"({time.process_time() - start:.1f} s of CPU), {found.waiting:,} waiting; most cards home {watched.home} of "
        f"{cards} ({watched.where})"
    )
    total = sum(watched.spread.values())
    for (redeals, sixteens), count in sorted(watched.spread.items()):
        print(f"  pass {redeals + 1}, stock {16 * sixteens}-{16 * sixteens + 15}: {100 * count / total:5.1f} %")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("forty-and-eight", "forty-thieves"), default="forty-and-eight")
    parser.add_argument("--deals", type=int, nargs="+", default=[5, 7])
    parser.add_argument("--positions", type=int, default=100_000)
    parser.add_argument("--search", choices=("exact", "bold", "both"), default="both")
    args = parser.parse_args()
    for deal in args.deals:
        for search in ("exact", "bold") if args.search == "both" else (args.search,):
            profile(args.game, deal, args.positions, search)


if __name__ == "__main__":
    main()
