"""Two source trees' solvers on the same deals, interleaved: the same positions and verdicts, and which used less CPU.

    .venv/bin/python bench/solver_ab.py BEFORE_TREE AFTER_TREE               # FreeCell 1..32000, Klondike 1..1000 both draws
    .venv/bin/python bench/solver_ab.py /tmp/base . --games freecell --deals 1000 --chunk 100

Why: a refactoring of a solver must search the very same positions in the same order, so every
deal's verdict and position count must be equal, and it must not cost more CPU. The machine is
shared and noisy, so each tree runs in a worker process of its own (its `game` package first on the
path, its compiled build loaded when it has one: `make compiled` in that tree), and the deals go to
the two workers in chunks, one after the other, the order swapped every chunk, so that both see the
same load. Budgets are positions, never time, so the verdicts cannot depend on the load:
FreeCell's large enough to decide every deal, Klondike's (`--klondike-positions`) about what the
window's 4 s of CPU allow compiled. CPU is each worker's `time.process_time` around `solve`.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass, field
from typing import Any

GAMES = ("freecell", "klondike", "klondike-draw3")
DEALS = {"freecell": 32000}  # the others 1..1000
FREECELL_POSITIONS = 5_000_000  # decides every deal of 1..32000 (the most is some 130,000)
KLONDIKE_POSITIONS = 150_000
Row = tuple[Any, ...]  # a deal: number, status, positions, CPU seconds, solution length


def worker(tree: str) -> int:
    """Answer "game first last positions" lines with one JSON line per chunk: per deal its status,
    positions, CPU seconds and solution length."""
    sys.path.insert(0, tree)
    from game.solver import solve
    from game.variants import find_variant, rules_for

    for line in sys.stdin:
        game, first, last, positions = line.split()
        rules = rules_for(find_variant(game))
        rows = []
        for number in range(int(first), int(last) + 1):
            state = rules.deal(number)
            started = time.process_time()
            result = solve(rules, state, max_positions=int(positions))
            cpu = time.process_time() - started
            rows.append((number, result.status.name, result.positions, cpu, len(result.moves)))
        module = sys.modules.get(f"game.solver.{rules.variant.family.solver[0]}")
        source = getattr(module, "__file__", "") or ""
        print(json.dumps({"rows": rows, "compiled": not source.endswith(".py"), "source": source}), flush=True)
    return 0


@dataclass
class Totals:
    cpu: list[float] = field(default_factory=lambda: [0.0, 0.0])
    deals: int = 0
    differ: list[tuple[int, Row, Row]] = field(default_factory=list)
    statuses: dict[str, int] = field(default_factory=dict)
    positions: int = 0
    compiled: list[bool] = field(default_factory=lambda: [False, False])


def compare(trees: list[str], games: list[str], deals: int | None, chunk: int, klondike_positions: int) -> dict[str, Totals]:
    here = os.path.abspath(__file__)
    workers = [subprocess.Popen([sys.executable, here, "--worker", os.path.abspath(tree)], cwd=os.path.abspath(tree),
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True) for tree in trees]
    results: dict[str, Totals] = {}
    turn = 0
    for game in games:
        totals = results[game] = Totals()
        last = deals or DEALS.get(game, 1000)
        budget = FREECELL_POSITIONS if game == "freecell" else klondike_positions
        for first in range(1, last + 1, chunk):
            request = f"{game} {first} {min(first + chunk - 1, last)} {budget}\n"
            answers: list[dict[str, Any]] = [{}, {}]
            order = (0, 1) if turn % 2 == 0 else (1, 0)
            turn += 1
            for side in order:
                stdin, stdout = workers[side].stdin, workers[side].stdout
                assert stdin is not None and stdout is not None
                stdin.write(request)
                stdin.flush()
                answers[side] = json.loads(stdout.readline())
            for side in (0, 1):
                totals.cpu[side] += sum(row[3] for row in answers[side]["rows"])
                totals.compiled[side] = answers[side]["compiled"]
            for before, after in zip(answers[0]["rows"], answers[1]["rows"]):
                totals.deals += 1
                totals.statuses[before[1]] = totals.statuses.get(before[1], 0) + 1
                totals.positions += before[2]
                same = (before[0], before[1], before[2], before[4]) == (after[0], after[1], after[2], after[4])
                if not same:
                    totals.differ.append((before[0], tuple(before), tuple(after)))
            print(f"  {game} ..{min(first + chunk - 1, last)}: CPU {totals.cpu[0]:.1f} s / {totals.cpu[1]:.1f} s, "
                  f"{len(totals.differ)} deals differ", file=sys.stderr, flush=True)
    for process in workers:
        assert process.stdin is not None
        process.stdin.close()
        process.wait()
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("trees", nargs="*", help="the tree before, then the tree after")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=GAMES)
    parser.add_argument("--deals", type=int, help="deals 1..DEALS of every game (default: FreeCell 32000, the others 1000)")
    parser.add_argument("--chunk", type=int, default=200, help="deals a worker solves before the other takes its turn")
    parser.add_argument("--klondike-positions", type=int, default=KLONDIKE_POSITIONS, help="Klondike's budget in positions")
    args = parser.parse_args(argv)
    if args.worker:
        return worker(args.worker)
    if len(args.trees) != 2:
        parser.error("give two trees: before and after")
    print(f"before: {args.trees[0]}\nafter:  {args.trees[1]}")
    results = compare(args.trees, args.games, args.deals, args.chunk, args.klondike_positions)
    for game, totals in results.items():
        ratio = totals.cpu[1] / totals.cpu[0] if totals.cpu[0] else float("nan")
        statuses = ", ".join(f"{name.lower()} {count}" for name, count in sorted(totals.statuses.items()))
        print(f"{game}: {totals.deals} deals ({statuses}), {totals.positions:,} positions before; "
              f"compiled {totals.compiled[0]}/{totals.compiled[1]}")
        print(f"  CPU before {totals.cpu[0]:.1f} s, after {totals.cpu[1]:.1f} s: after/before {ratio:.3f}")
        print(f"  deals whose verdict, positions or solution length differ: {len(totals.differ)}")
        for number, before, after in totals.differ[:10]:
            print(f"    deal {number}: before {before}, after {after}")
    return 1 if any(totals.differ for totals in results.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
