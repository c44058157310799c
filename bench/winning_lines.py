"""The solver's own winning lines, searched position by position: none may be called lost.

Not a test: it prints figures, and takes minutes. Every rule the Klondike solver uses to leave moves
out is argued exact, and the tests hold it to a search that leaves nothing out on small end games;
but end games drawn at random have missed faults that whole deals show. This check found one: the
draw-1 search called 42 positions along draw-3 deal 521's winning line lost (README, "Solver
figures"). A position on a line the solver itself found to end won must never be called lost; one
called lost is a fault in a rule, and the line replays to it. Run it after any change to a rule:

    .venv/bin/python bench/winning_lines.py --game klondike-draw3 --deals 1-40
    .venv/bin/python bench/winning_lines.py --game klondike --deals 500-520 --every 2

Each deal is solved (up to --line-limit CPU seconds), then every --every-th position along its line
is solved again from scratch (up to --limit seconds each; "not known" is no fault). Exit code 1
when any position was called lost, each printed with its deal and place on the line.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.solver import Status, solve
from game.variants import find_variant, rules_for
from solitaire.cli.common import UsageError
from solitaire.cli.solve import deal_range


def deals(text: str) -> range:
    """`--deals A-B`, read as `solve --range` reads it."""
    try:
        return deal_range(text)
    except UsageError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="klondike-draw3")
    parser.add_argument("--deals", type=deals, default=deal_range("1-20"), help="A-B")
    parser.add_argument("--every", type=int, default=3, help="search every n-th position of a line")
    parser.add_argument("--limit", type=float, default=1.0, help="CPU seconds for each position")
    parser.add_argument("--line-limit", type=float, default=20.0, help="CPU seconds to find each line")
    args = parser.parse_args()
    rules = rules_for(find_variant(args.game))
    lines = checked = 0
    faults: list[tuple[int, int]] = []
    for deal in args.deals:
        state = rules.deal(deal)
        found = solve(rules, state, cpu_limit=args.line_limit)
        if found.status is not Status.SOLVED:
            continue
        states = [state]
        for move in found.moves:
            states.append(rules.apply(states[-1], move))
        lines += 1
        for place in range(len(states) - 1, -1, -args.every):
            checked += 1
            if solve(rules, states[place], cpu_limit=args.limit).status is Status.UNSOLVABLE:
                faults.append((deal, place))
                print(f"deal {deal}, position {place} of {len(states) - 1}: called lost on a winning line",
                      flush=True)
    print(f"{args.game}: {checked} positions along {lines} winning lines searched; {len(faults)} called lost")
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
