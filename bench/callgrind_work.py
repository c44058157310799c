"""Fixed workloads of a source tree's model and solvers, to count their instructions under callgrind.

    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        .venv/bin/python bench/callgrind_work.py TREE model freecell,bakers-game 10
    PYTHONHASHSEED=0 valgrind --tool=callgrind --collect-atstart=no --toggle-collect=functools_reduce \\
        --callgrind-out-file=/dev/null .venv/bin/python bench/callgrind_work.py TREE solve klondike-draw3 1 6 5000
                                                    # deals 1..6, 5,000 positions each, the searches alone
    PYTHONHASHSEED=0 valgrind --tool=callgrind --collect-atstart=no --toggle-collect=functools_reduce \\
        --callgrind-out-file=/dev/null .venv/bin/python bench/callgrind_work.py TREE ops spider legal

Why: on a shared machine CPU seconds move by a fifth with the load, and instruction counts do
not. Run `model` and the same with no work (0 deals): the difference is the work alone, without
the imports. `TREE` is the tree whose `game` package runs (its compiled build loaded when it has
one), so two trees can be compared. `ops` counts one operation alone (`apply` or `legal`: listing
every legal move), three times over the positions of 60 random moves of deals 1..20, and `solve`
the searches of a range of deals: both run inside `functools.reduce`, which callgrind's
`--toggle-collect` counts by itself, so no run without the work is needed.
"""
from __future__ import annotations

import argparse
import random
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.moves import Move
    from game.solver import SolveResult


def model(games: str, deals: int) -> None:
    """Legal moves and `perform` along 60 random moves of each deal, then `Session.play`, `undo`
    and `redo` along the same moves."""
    from game.session import Session
    from game.variants import find_variant, rules_for

    for key in games.split(","):
        variant = find_variant(key)
        rules = rules_for(variant)
        rng = random.Random(2024)
        for deal in range(1, deals + 1):
            state = rules.deal(deal)
            game = []
            for _ in range(60):
                legal = list(rules.legal_moves(state))
                if not legal:
                    break
                move = rng.choice(legal)
                game.append(move)
                state = rules.perform(state, move)
            session = Session(variant, deal, autoplay=False)
            for move in game:
                session.play(move)
                session.undo()
                session.redo()


def operations(game: str, what: str) -> None:
    """`rules.apply` or every legal move listed, over the positions of 60 random moves of deals 1..20
    (the move played from each drawn among the legal ones in a fixed order, so trees compare)."""
    from functools import reduce

    from game.state import State
    from game.variants import find_variant, rules_for

    rules = rules_for(find_variant(game))
    rng = random.Random(1)
    positions: list[tuple[State, Move]] = []
    for deal in range(1, 21):
        state = rules.deal(deal)
        for _ in range(60):
            legal = sorted(rules.legal_moves(state), key=_order)
            if not legal:
                break
            move = rng.choice(legal)
            positions.append((state, move))
            state = rules.perform(state, move)
    apply, listed = rules.apply, rules.legal_moves
    if what == "apply":
        reduce(lambda _, played: apply(played[0], played[1]), positions * 3, None)
    else:
        reduce(lambda _, played: [*listed(played[0])], positions * 3, None)


def _order(move: Move) -> tuple[str, int, str, int, int]:
    return move.src.kind.value, move.src.index, move.dst.kind.value, move.dst.index, move.count


def solve_deals(game: str, first: int, last: int, positions: int) -> None:
    """Solve deals first..last within `positions` each, inside `functools.reduce` (so callgrind's
    `--toggle-collect` counts the searches alone, as for `ops`); prints each deal's verdict and
    positions met, so two trees' searches can be seen to agree, and the build that ran (`compiled`
    when the tree's compiled solvers loaded, else `plain`)."""
    from functools import reduce

    from game.solver import load_compiled, solve
    from game.variants import find_variant, rules_for

    build = load_compiled()
    rules = rules_for(find_variant(game))
    solve(rules, rules.deal(first), max_positions=1)  # whatever a first search loads, loaded before the count
    results: list[SolveResult] = []
    reduce(lambda _, deal: results.append(solve(rules, rules.deal(deal), max_positions=positions)), range(first, last + 1), None)
    for deal, result in enumerate(results, first):
        print(deal, result.status.name, result.positions)
    print("positions", sum(result.positions for result in results), "compiled" if build else "plain")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("tree", help="the source tree whose game package runs")
    kinds = parser.add_subparsers(dest="kind", required=True)
    work = kinds.add_parser("model", help="random moves, then play, undo and redo, of each game's deals")
    work.add_argument("games", help="game keys, separated by commas")
    work.add_argument("deals", type=int, help="deals 1..DEALS of each (0: the imports alone)")
    work = kinds.add_parser("ops", help="one operation alone, over fixed positions")
    work.add_argument("game")
    work.add_argument("what", choices=("apply", "legal"))
    work = kinds.add_parser("solve", help="the searches of deals FIRST..LAST, POSITIONS each")
    work.add_argument("game")
    for name in ("first", "last", "positions"):
        work.add_argument(name, type=int)
    args = parser.parse_args(argv)
    sys.path.insert(0, args.tree)
    if args.kind == "model":
        model(args.games, args.deals)
    elif args.kind == "ops":
        operations(args.game, args.what)
    else:
        solve_deals(args.game, args.first, args.last, args.positions)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
