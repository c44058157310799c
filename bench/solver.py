"""Solver figures: solve rate, time percentiles and solution lengths over numbered deals.

    python bench/solver.py                  # FreeCell, Baker's Game, both Golfs: deals 1..1000; FreeCell 11982
    python bench/solver.py --deals 100      # fewer deals
    python bench/solver.py --games freecell golf-strict --time-limit 30
    python bench/solver.py --games klondike klondike-draw3 --deals 200 --time-limit 4 --skip-11982

Targets (not tests, because a shared machine's timings vary): FreeCell 1..1000 all solved, median
< 50 ms, p99 < 1 s, mean length < 110; Baker's Game an exact answer for every deal, median < 100 ms,
none over 10 s; FreeCell 11982 proven unsolvable in < 10 s; Golf (relaxed and strict) every deal
decided in < 1 s; Klondike draw 1 and draw 3, deals 1..200 with a 4 s limit (what the window's
background check allows), at least 90% decided (solved or proven unsolvable), median < 0.3 s. The
Klondike games are not in the default run: an undecided deal costs the whole time limit. When
`fc-solve` is on PATH (Debian: freecell-solver-bin) its figures for the same
FreeCell-family deals are printed beside ours.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game.variants import VARIANTS, find_variant, rules_for  # noqa: E402
from game.solver import Status, solve  # noqa: E402

FC_SOLVE_PRESETS = {"freecell": [], "bakers-game": ["--game", "bakers_game"]}


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


def bench_game(game: str, deals: range, time_limit: float) -> None:
    variant = find_variant(game)
    rules = rules_for(variant)
    seconds: list[float] = []
    lengths: list[int] = []
    counts = {status: 0 for status in Status}
    slowest = (0.0, 0)
    for number in deals:
        result = solve(rules, rules.deal(number), time_limit=time_limit)
        counts[result.status] += 1
        seconds.append(result.seconds)
        slowest = max(slowest, (result.seconds, number))
        if result.solved:
            lengths.append(len(result.moves))
    print(f"{variant.name}, deals {deals.start}..{deals.stop - 1}:")
    decided = counts[Status.SOLVED] + counts[Status.UNSOLVABLE]
    print(f"  solved {counts[Status.SOLVED]}, proven unsolvable {counts[Status.UNSOLVABLE]}, "
          f"unknown {counts[Status.UNKNOWN]} ({100 * decided / len(deals):.1f}% decided)")
    print(f"  time: median {statistics.median(seconds) * 1000:.1f} ms, p99 {percentile(seconds, 0.99) * 1000:.0f} ms, "
          f"mean {statistics.mean(seconds) * 1000:.1f} ms, max {slowest[0]:.2f} s (deal {slowest[1]}), "
          f"total {sum(seconds):.1f} s")
    if lengths:
        print(f"  solution length: mean {statistics.mean(lengths):.1f}, median {statistics.median(lengths):.0f}, "
              f"max {max(lengths)} moves")
    if variant.key in FC_SOLVE_PRESETS:
        fc_solve = shutil.which("fc-solve")
        if fc_solve is None:
            print("  fc-solve: not on PATH, no comparison")
        else:
            bench_fc_solve(fc_solve, rules, deals, FC_SOLVE_PRESETS[variant.key])


def bench_fc_solve(program: str, rules, deals: range, options: list[str]) -> None:  # type: ignore[no-untyped-def]
    """The same deals through fc-solve, timed from outside (process start included)."""
    seconds, solved, failed = [], 0, 0
    for number in deals:
        board = rules.to_text(rules.deal(number))
        started = time.perf_counter()
        done = subprocess.run([program, *options, "-"], input=board, capture_output=True, text=True)
        seconds.append(time.perf_counter() - started)
        solved += "This game is solveable" in done.stdout
        failed += "I could not solve this game" in done.stdout
    print(f"  fc-solve: solved {solved}, could not solve {failed}, median {statistics.median(seconds) * 1000:.1f} ms, "
          f"p99 {percentile(seconds, 0.99) * 1000:.0f} ms (process start included)")


def bench_11982(time_limit: float) -> None:
    rules = rules_for(find_variant("freecell"))
    result = solve(rules, rules.deal(11982), time_limit=time_limit)
    print(f"FreeCell 11982: {result.summary()}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="how many deals, from 1 (default 1000)")
    parser.add_argument("--first", type=int, default=1, help="first deal number (default 1)")
    parser.add_argument("--games", nargs="+", default=["freecell", "bakers-game", "golf", "golf-strict"],
                        choices=[variant.key for variant in VARIANTS], metavar="GAME",
                        help="games to run, of " + " ".join(variant.key for variant in VARIANTS)
                             + " (default: freecell bakers-game golf golf-strict)")
    parser.add_argument("--time-limit", type=float, default=60.0, help="seconds per deal before UNKNOWN")
    parser.add_argument("--skip-11982", action="store_true", help="leave out FreeCell deal 11982")
    args = parser.parse_args()
    deals = range(args.first, args.first + args.deals)
    for game in args.games:
        bench_game(game, deals, args.time_limit)
    if not args.skip_11982:
        bench_11982(args.time_limit)
    return 0


if __name__ == "__main__":
    sys.exit(main())
