"""Klondike at a research budget (issue 40): its four games, deals 1..1000, 60 s of CPU a deal, and
the target that every deal is won or proven lost, none left not known.

    python bench/klondike_research.py          # the figures of the tables as they stand (seconds)
    python bench/klondike_research.py --run    # first make the tables or go on with them (hours on 2 cores)

The tables are docs/winnability/GAME.csv, the ones docs/winnability.md is made from. `--run` starts
one `solve --range … --jobs 1 --resume` per game at the lowest priority (nice 19), all four at once,
so a shared machine lends them only its idle time and a stopped run loses at most the deals under
way; run it again to go on. Times are CPU seconds of the searching process, so the load does not
change a verdict. Per game it prints the counts, CPU seconds and positions per deal (median, p99,
the slowest deal), the deals not known, and MET / NOT MET.

The window's own Klondike budget (4 s, >= 99 % of deals 1..1000 decided) is bench/solver.py's.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.winnability import DATA, GameTable, TableFileError, read_game_table  # noqa: E402

GAMES = ("klondike", "klondike-draw3", "klondike-nfr", "klondike3-nfr")
DEALS = range(1, 1001)
TIME_LIMIT = 60


def run_tables(games: tuple[str, ...]) -> None:
    """Make or go on with each game's table, all at once at the lowest priority; wait for them."""
    runs = []
    for game in games:
        command = ["nice", "-n", "19", sys.executable, str(ROOT / "main.py"), "solve", "--game", game,
                   "--range", f"{DEALS[0]}-{DEALS[-1]}", "--time-limit", str(TIME_LIMIT), "--jobs", "1",
                   "--csv", str(DATA / f"{game}.csv"), "--resume"]
        runs.append(subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL))
    for run in runs:
        run.wait()


def p99(values: list[float]) -> float:
    return statistics.quantiles(values, n=100)[98] if len(values) > 1 else values[0]


def report(game: str, table: GameTable) -> None:
    """Print one game's figures and whether they meet the target."""
    done = set(table.deals) & set(DEALS)
    missing = len(DEALS) - len(done)
    slowest = max(range(len(table.deals)), key=lambda index: table.seconds[index])
    met = missing == 0 and not table.unknown
    print(f"{game}: {len(table.deals)} deals at {table.stamp.describe().removeprefix(game).strip()}: "
          f"{table.won} won, {table.lost} lost, {len(table.unknown)} not known"
          + (f", {missing} of {DEALS[0]}..{DEALS[-1]} not run yet" if missing else ""))
    print(f"    CPU s a deal: median {statistics.median(table.seconds):.3f}, p99 {p99(table.seconds):.2f}, "
          f"slowest {table.seconds[slowest]:.2f} (deal {table.deals[slowest]}), all {sum(table.seconds):.0f}")
    print(f"    positions a deal: median {statistics.median(table.positions):,.0f}, most {max(table.positions):,}")
    if table.unknown:
        print(f"    not known: {', '.join(str(deal) for deal in sorted(table.unknown))}")
    target = "every deal of 1..1000 won or proven lost"
    print(f"    {target}: {'MET' if met else 'NOT MET'}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--run", action="store_true", help="make or go on with the tables first (hours)")
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=GAMES, metavar="GAME")
    args = parser.parse_args()
    if args.run:
        run_tables(tuple(args.games))
    for game in args.games:  # figures to watch, not a test: the exit code is 0 whatever they say
        path = DATA / f"{game}.csv"
        if not path.exists():
            print(f"{game}: no table yet ({os.path.relpath(path, ROOT)}): run with --run")
            continue
        try:
            report(game, read_game_table(path))
        except TableFileError as error:
            print(f"{game}: {error}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
