"""Spider's search: the share of deals decided, and the hint's CPU on every position of hinted games.

    python bench/spider.py decide --game spider-1 --deals 1 1000      # target: >= 99 % decided
    python bench/spider.py hints --game spider-2 --deals 1 100        # target: every hint <= 1 s CPU
    python bench/spider.py shares --deals 1 25                         # issue 52: the two-deck games' decided shares

`shares` decides the same deals of each two-deck game (Spider one, two and four suits, Forty Thieves)
at the window's budget and prints one line a game with the share decided beside issue 52's target at
4 s, so a change's effect on every game is seen in minutes (the sample is small: the tables of
docs/winnability.md are the figures).

`decide` gives each deal the window's budget (4 s of CPU, `game.solver.background.WINDOW_CPU_LIMIT`)
and prints a line per deal, then the share won, proven lost and undecided, with CPU percentiles.
`hints` plays each deal as a player asking for a hint at every move would (`game.solver.hint` with the
window's budget and the positions met so far in the game, the move played at once) until the game is
won, lost, or `--moves` moves were made, and prints the slowest hint's CPU and how many games the
hints won; a hint that brings back a position met before is counted (the target: none). Times are CPU seconds of this
process (time.process_time): the figure that counts on a shared machine. Run it under `nice -n 19`.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # the window's hint budget is read from sprites/

from game.session import Session
from game.solver import hint, positions_met, solve
from game.solver.background import WINDOW_CPU_LIMIT
from game.variants import find_variant, rules_for
from game.verdict import Status
from sprites.window.solver_client import HINT_SECONDS


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


SHARE_TARGETS = {"spider-1": 99.5, "spider-2": 95.0, "spider": 60.0, "forty-thieves": 80.0}  # issue 52, % at 4 s


def decide(game: str, first: int, last: int, cpu: float, quiet: bool = False) -> float:
    """Each deal's verdict within `cpu` seconds (a line a deal unless `quiet`); the share decided, in %."""
    rules = rules_for(find_variant(game))
    counts = dict.fromkeys(Status, 0)
    times: list[float] = []
    for deal in range(first, last + 1):
        started = time.process_time()
        result = solve(rules, rules.deal(deal), cpu_limit=cpu)
        spent = time.process_time() - started
        counts[result.status] += 1
        times.append(spent)
        if not quiet:
            print(f"{deal} {result.status.value} moves={len(result.moves)} positions={result.positions} cpu={spent:.2f}",
                  flush=True)
    total = last - first + 1
    decided = counts[Status.SOLVED] + counts[Status.UNSOLVABLE]
    print(
        f"{game} deals {first}..{last}: {counts[Status.SOLVED]} won, {counts[Status.UNSOLVABLE]} proven lost, "
        f"{counts[Status.UNKNOWN]} undecided: {100 * decided / total:.1f} % decided within {cpu:g} s of CPU; "
        f"CPU median {statistics.median(times):.2f} s, p90 {percentile(times, 0.9):.2f} s", flush=True
    )
    return 100 * decided / total


def shares(first: int, last: int, cpu: float) -> None:
    """The decided share of each two-deck game on the same deals, beside issue 52's target."""
    for game, target in SHARE_TARGETS.items():
        share = decide(game, first, last, cpu, quiet=True)
        print(f"  {game}: {share:.1f} % decided, target >= {target:g} % at 4 s: {'MET' if share >= target else 'NOT MET'}"
              f" on this sample", flush=True)


def hints(game: str, first: int, last: int, most_moves: int) -> None:
    variant = find_variant(game)
    slowest: list[float] = []
    won = asked = repeats = 0
    for deal in range(first, last + 1):
        session = Session(variant, deal, autoplay=False)
        met = {session.state}
        worst = 0.0
        came_back = 0
        for _move in range(most_moves):
            started = time.process_time()
            move = hint(session.rules, session.state, time_limit=HINT_SECONDS, met=positions_met(session))
            worst = max(worst, time.process_time() - started)
            asked += 1
            if move is None:
                break
            session.play(move)
            came_back += session.state in met
            met.add(session.state)
            if session.is_won:
                won += 1
                break
        slowest.append(worst)
        repeats += came_back
        outcome = "won" if session.is_won else "not won"
        print(f"{deal} {outcome} moves={session.move_count} slowest hint={worst:.3f} s came back={came_back}", flush=True)
    print(
        f"{game} deals {first}..{last}, {asked} hints: slowest {max(slowest):.3f} s of CPU "
        f"(target 1 s: {'MET' if max(slowest) <= 1.0 else 'NOT MET'}); hints alone won {won} games; "
        f"{repeats} hints led back to a position met before"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", nargs="?", choices=("decide", "hints", "shares"), default="decide")
    parser.add_argument("--game", default="spider-1")
    parser.add_argument("--deals", type=int, nargs=2, default=(1, 100), metavar=("FIRST", "LAST"))
    parser.add_argument("--cpu", type=float, default=WINDOW_CPU_LIMIT, help="decide: CPU seconds a deal")
    parser.add_argument("--moves", type=int, default=400, help="hints: moves a game at most")
    args = parser.parse_args()
    first, last = args.deals
    if args.what == "decide":
        decide(args.game, first, last, args.cpu)
    elif args.what == "shares":
        shares(first, last, args.cpu)
    else:
        hints(args.game, first, last, args.moves)


if __name__ == "__main__":
    main()
