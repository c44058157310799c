"""Forty Thieves' hint and verdict figures: deals played with the hint, and the deals' verdicts.

    python bench/forty_thieves.py                     # deals 1..100, each played with the hint
    python bench/forty_thieves.py --deals 20 --verdict-cpu 0
    python bench/forty_thieves.py --most-moves 0      # only the deals' verdicts: the decided share at 4 s
    python bench/forty_thieves.py --most-moves 0 --deals 40 --game forty-and-eight
    python bench/forty_thieves.py --first 51 --deals 100

Each deal is played from its start by asking the hint at every position and playing it, auto-play on,
as a player pressing Hint again and again would: the hint is the window's when no verdict is known yet
(`game.solver.hint` with the window's `HINT_SECONDS` and the positions met so far: a search, else the
family's fallback, a short look ahead that never leads back). A deal's play ends won, with no hint (no
move left, or the position proven lost), when a position comes back (the hint would go round in
circles: the target is never), or after `--most-moves` moves.

Printed: the CPU seconds each hint took (this process's `time.process_time`; the target is every hint
within 1 s), the share of hints whose search was decided (a solution found, or the position proven
lost) rather than the fallback's move, the deals won by following the hint, and, with `--verdict-cpu`,
each deal's verdict from its start within that much CPU (the window's background budget, 4 s, by
default) and the share decided. `--game forty-and-eight` does the same for Forty & Eight, which shares
the search.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from dataclasses import dataclass, field

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.solver import load_compiled

# Before the search's module is imported, so that it is the compiled one where built: imported first,
# the plain module ran (a fifth of the positions a second) from November to December 7.
BUILD = load_compiled()

from game.moves import Move  # noqa: E402
from game.session import Session  # noqa: E402
from game.solver import Status, positions_met, solve  # noqa: E402
from game.solver.background import WINDOW_CPU_LIMIT  # noqa: E402
from game.solver.forty_thieves import forty_thieves_hint  # noqa: E402
from game.solver.heuristic import leads_back  # noqa: E402
from game.variants import find_variant  # noqa: E402
from sprites.window.solver_client import HINT_SECONDS  # noqa: E402

TARGET_HINT_CPU = 1.0


@dataclass
class Play:
    """One deal played with the hint."""

    deal: int
    end: str = ""
    hint_cpu: list[float] = field(default_factory=list)
    decided: int = 0


def timed_hint(session: Session) -> tuple[Move | None, bool, float]:
    """`game.solver.hint` as the window calls it, with what it decided and the CPU it took."""
    start = time.process_time()
    rules, state, met = session.rules, session.state, positions_met(session)
    result = solve(rules, state, time_limit=HINT_SECONDS, max_positions=200_000)
    if result.status is Status.SOLVED and result.moves and not leads_back(rules, state, result.moves[0], met):
        move: Move | None = result.moves[0]
    elif result.status is Status.UNSOLVABLE:
        move = None
    else:
        move = forty_thieves_hint(rules, state, met)
    return move, result.status is not Status.UNKNOWN, time.process_time() - start


def play(game: str, deal: int, most_moves: int) -> Play:
    session = Session(find_variant(game), deal, autoplay=True)
    played = Play(deal)
    seen = {session.state}
    while len(played.hint_cpu) < most_moves:
        if session.is_won:
            played.end = "won"
            return played
        move, decided, cpu = timed_hint(session)
        played.hint_cpu.append(cpu)
        played.decided += decided
        if move is None:
            played.end = "lost" if decided else "no move"
            return played
        session.play(move)
        if session.state in seen:
            played.end = "loops"
            return played
        seen.add(session.state)
    played.end = "won" if session.is_won else "move cap"
    return played


def verdicts(game: str, deals: range, cpu: float) -> dict[Status, int]:
    variant = find_variant(game)
    rules = Session(variant, 1).rules
    counts = dict.fromkeys(Status, 0)
    spent = 0.0
    for deal in deals:
        start = time.process_time()
        result = solve(rules, rules.deal(deal), cpu_limit=cpu)
        spent += time.process_time() - start
        counts[result.status] += 1
        print(f"verdict deal {deal}: {result.summary()}", flush=True)
    print(f"{spent:.0f} s of CPU for {len(deals)} deals")
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100, help="the last deal (deals run from --first)")
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--most-moves", type=int, default=100)
    parser.add_argument("--verdict-cpu", type=float, default=WINDOW_CPU_LIMIT)
    parser.add_argument("--game", choices=("forty-thieves", "forty-and-eight"), default="forty-thieves")
    args = parser.parse_args()
    deals = range(args.first, args.deals + 1)
    print(f"searches: {'compiled by mypyc' if BUILD else 'plain Python (`make compiled` builds them)'}")
    if args.most_moves > 0:
        plays = []
        for deal in deals:
            plays.append(play(args.game, deal, args.most_moves))
            print(
                f"deal {deal}: {plays[-1].end} after {len(plays[-1].hint_cpu)} hints, "
                f"slowest {max(plays[-1].hint_cpu):.3f} s, {plays[-1].decided} decided",
                flush=True,
            )
        report_plays(plays, deals)
    if args.verdict_cpu > 0:
        counts = verdicts(args.game, deals, args.verdict_cpu)
        share = 100 * (counts[Status.SOLVED] + counts[Status.UNSOLVABLE]) / len(deals)
        print(
            f"{args.game} verdicts from the deal within {args.verdict_cpu:g} s of CPU: {counts[Status.SOLVED]} solved, "
            f"{counts[Status.UNSOLVABLE]} proven lost, {counts[Status.UNKNOWN]} not known ({share:.0f} % decided)"
        )


def report_plays(plays: list[Play], deals: range) -> None:
    cpu = [c for p in plays for c in p.hint_cpu]
    cpu.sort()
    decided = sum(p.decided for p in plays)
    won = sum(p.end == "won" for p in plays)
    print(f"\nhints: {len(cpu)} positions over deals {deals.start}..{deals.stop - 1}; "
          f"CPU per hint median {statistics.median(cpu):.3f} s, "
          f"p99 {cpu[int(len(cpu) * 0.99)]:.3f} s, slowest {cpu[-1]:.3f} s "
          f"({'MET' if cpu[-1] <= TARGET_HINT_CPU else 'NOT MET'}: every hint within {TARGET_HINT_CPU:.0f} s)")
    print(f"hints from a decided search: {decided} of {len(cpu)} ({100 * decided / len(cpu):.1f} %)")
    print(f"deals won by following the hint: {won} of {len(plays)}")
    ends = {end: sum(p.end == end for p in plays) for end in sorted({p.end for p in plays})}
    print("ends: " + ", ".join(f"{end} {n}" for end, n in ends.items()))


if __name__ == "__main__":
    main()
