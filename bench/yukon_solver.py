"""Yukon and Russian Solitaire's solver against its target: >= 99 % of deals 1..1000 decided (won
with a solution, or proven lost) within the window's budget of CPU seconds a position.

    python bench/yukon_solver.py                           # both games, deals 1..1000, the window's 4 s
    python bench/yukon_solver.py --games yukon --first 1 --last 200
    nice -n 19 python bench/yukon_solver.py --last 300 > figures.txt &   # on a shared machine

It first prints how fast this machine runs a fixed piece of the search (`machine_speed`), to set
beside figures measured elsewhere. Times are CPU seconds of this process (time.process_time), as
the window's worker counts them (`game.solver.background.WINDOW_CPU_LIMIT`), so a busy machine gives
the verdicts a quiet one does, only later; a slower machine decides fewer deals. Each deal's line
is printed as it is decided (deal, verdict, moves, positions, seconds), then per game the counts,
the decided share, the slowest decided deal and MET / NOT MET; a range short of 1..1000 is a
sample and prints its share without MET.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game.solver import Status, load_compiled, solve
from game.solver.background import WINDOW_CPU_LIMIT
from game.solver.common import Budget
from game.variants import find_variant, rules_for

TARGET = 0.99  # the share of deals 1..1000 to decide within the window's budget
TARGET_DEALS = range(1, 1001)
CALIBRATION_DEAL = 25  # lost: its relaxed search runs to the end, the same positions on every machine


def bench_game(game: str, deals: range, cpu: float) -> tuple[Counter[Status], float, int]:
    """Solve each deal; the verdicts counted, the slowest decided deal's CPU seconds and its number."""
    rules = rules_for(find_variant(game))
    verdicts: Counter[Status] = Counter()
    slowest, slowest_deal = 0.0, 0
    for deal in deals:
        started = time.process_time()
        result = solve(rules, rules.deal(deal), cpu_limit=cpu)
        spent = time.process_time() - started
        verdicts[result.status] += 1
        if result.status is not Status.UNKNOWN and spent > slowest:
            slowest, slowest_deal = spent, deal
        print(f"{game} {deal} {result.status.value} {len(result.moves)} {result.positions} {spent:.2f}", flush=True)
    return verdicts, slowest, slowest_deal


def machine_speed() -> str:
    """How fast this machine runs the relaxed search, the part that decides the hard deals: the
    target is in CPU seconds, so the same build decides fewer deals on a slower machine. Imported
    here, once `load_compiled` has run: imported before, the plain modules would be the ones run."""
    from game.solver.yukon import _Game
    from game.solver.yukon_relaxed import Groups, RelaxedSearch

    groups = Groups(_Game(False).takes)
    state = rules_for(find_variant("yukon")).deal(CALIBRATION_DEAL)
    columns = tuple(bytes(card.index for card in pile) for pile in state.columns)
    started = time.process_time()
    search = RelaxedSearch(groups, columns, tuple(state.hidden))
    status, _plan, _reason = search.run(Budget(), 10**9, 0)
    spent = time.process_time() - started
    return (f"this machine: deal {CALIBRATION_DEAL}'s relaxed proof ({status.value}, {search.count:,} positions) "
            f"in {spent:.2f} s of CPU (this build: 0.48 to 0.59 s on the machine where it decided 99.1 % of "
            "Yukon's deals 1..1000, December 2)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="+", default=["yukon", "russian"])
    parser.add_argument("--first", type=int, default=TARGET_DEALS.start)
    parser.add_argument("--last", type=int, default=TARGET_DEALS.stop - 1)
    parser.add_argument("--cpu", type=float, default=WINDOW_CPU_LIMIT, help="CPU seconds a deal (the window's by default)")
    args = parser.parse_args()
    deals = range(args.first, args.last + 1)
    if load_compiled() is None:
        print("the solvers run as plain Python, some ten times slower (no build of these sources: make compiled)")
    print(machine_speed(), flush=True)
    for game in args.games:
        verdicts, slowest, slowest_deal = bench_game(game, deals, args.cpu)
        decided = verdicts[Status.SOLVED] + verdicts[Status.UNSOLVABLE]
        share = decided / len(deals)
        whole = deals == TARGET_DEALS and args.cpu == WINDOW_CPU_LIMIT
        judged = ("MET" if share >= TARGET else "NOT MET") if whole else "a sample: no MET"
        print(
            f"{game} {args.first}..{args.last} in {args.cpu:g} s of CPU: {verdicts[Status.SOLVED]} won, "
            f"{verdicts[Status.UNSOLVABLE]} proven lost, {verdicts[Status.UNKNOWN]} undecided; decided {share:.1%} "
            f"(target {TARGET:.0%}); slowest decided {slowest:.2f} s (deal {slowest_deal}) - {judged}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
