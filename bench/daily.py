"""How long the deal of the day takes to pick, per game, and how often the solver proves it winnable.

For each game and each of DAYS dates: the candidates tried, whether the pick was proven, and the CPU
seconds it took (one process, the compiled solvers where they load). Figures in docs/solvers.md.
Run: `.venv/bin/python bench/daily.py [DAYS] [GAME ...]`.
"""
from __future__ import annotations

import argparse
import datetime
import statistics
import sys
import time

from game.solver import load_compiled
from game.solver.daily import EACH, MOST_CANDIDATES, daily_deal
from game.variants import all_variants, find_variant

FIRST = datetime.date(2026, 12, 1)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("days", nargs="?", type=int, default=7, help="dates from December 1 2026 (default: 7)")
    parser.add_argument("games", nargs="*", metavar="GAME", help="game keys (default: every game)")
    args = parser.parse_args(argv)
    days = args.days
    variants = [find_variant(name) for name in args.games] or all_variants()
    print(f"compiled solvers: {load_compiled() or 'no'}; at most {MOST_CANDIDATES} candidates of {EACH:,} positions each;"
          f" {days} days")
    print(f"{'game':34} {'proven':>7} {'tried':>6} {'median s':>9} {'max s':>7}")
    for variant in variants:
        seconds, tried, proven = [], [], 0
        for day in range(days):
            start = time.process_time()
            pick = daily_deal(variant, FIRST + datetime.timedelta(days=day))
            seconds.append(time.process_time() - start)
            tried.append(pick.tried)
            proven += pick.proven
        print(f"{variant.key:34} {proven:>3}/{days:<3} {statistics.mean(tried):>6.1f} "
              f"{statistics.median(seconds):>9.2f} {max(seconds):>7.2f}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
