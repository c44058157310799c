"""How fast the model is: legal-move generation, and a move played then undone through a Session.

Not a test: it prints figures. Positions come from random play (seeded, so runs compare) from many
deals, because the opening position alone is unusually easy (every column full, every cell free).

    python bench/model.py                      # FreeCell, 40 deals
    python bench/model.py --game all --deals 100 --moves 80
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from anywhere without installing

from game.moves import Move
from game.rules import Rules
from game.session import Session
from game.state import State
from game.variants import UnknownGame, Variant, all_variants, find_variant, rules_for


def random_game(rules: Rules, deal: int, moves: int, rng: random.Random) -> list[tuple[State, Move]]:
    """Positions of one random game with the move played from each; ends early when stuck."""
    state = rules.deal(deal)
    played = []
    for _ in range(moves):
        legal = list(rules.legal_moves(state))
        if not legal:
            break
        move = rng.choice(legal)
        played.append((state, move))
        state = rules.perform(state, move)
    return played


def generation_rate(rules: Rules, positions: list[State], repeat: int) -> float:
    """Positions per second for which every legal move is listed."""
    start = time.perf_counter()
    for _ in range(repeat):
        for state in positions:
            for _move in rules.legal_moves(state):
                pass
    return repeat * len(positions) / (time.perf_counter() - start)


def play_undo_rate(variant: Variant, deal: int, game: list[tuple[State, Move]]) -> float:
    """Session.play followed by undo, per second, along one game (redo moves on, untimed)."""
    session = Session(variant, deal, autoplay=False)
    elapsed = 0.0
    for _, move in game:
        start = time.perf_counter()
        session.play(move)
        session.undo()
        elapsed += time.perf_counter() - start
        session.redo()
    return len(game) / elapsed if elapsed else 0.0


def summary(name: str, unit: str, rates: list[float]) -> str:
    quartiles = statistics.quantiles(rates, n=4) if len(rates) > 1 else rates * 3
    return (
        f"  {name:<22} median {statistics.median(rates):>10,.0f} {unit}   "
        f"quartiles {quartiles[0]:,.0f}-{quartiles[2]:,.0f}   min {min(rates):,.0f}   max {max(rates):,.0f}"
    )


def bench_variant(variant: Variant, deals: list[int], moves: int, repeat: int, seed: int) -> None:
    rules = rules_for(variant)
    rng = random.Random(seed)
    generation, play_undo, sizes = [], [], []
    for deal in deals:
        game = random_game(rules, deal, moves, rng)
        if not game:
            continue
        positions = [state for state, _ in game]
        sizes.append(len(positions))
        generation.append(generation_rate(rules, positions, repeat))
        play_undo.append(play_undo_rate(variant, deal, game))
    print(f"{variant.name}: {len(sizes)} deals, {sum(sizes)} positions (median {statistics.median(sizes):.0f} a deal)")
    print(summary("legal-move generation", "positions/s", generation))
    print(summary("Session.play + undo", "pairs/s", play_undo))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="freecell", help="a FreeCell-family game, or 'all' for every one")
    parser.add_argument("--deals", type=int, default=40, help="how many deals (from --first on)")
    parser.add_argument("--first", type=int, default=1, help="first deal number")
    parser.add_argument("--moves", type=int, default=60, help="random moves played from each deal")
    parser.add_argument("--repeat", type=int, default=5, help="times each position's moves are generated")
    parser.add_argument("--seed", type=int, default=2024, help="seed for the random choice of moves")
    args = parser.parse_args(argv)
    if args.game == "all":
        variants = [v for v in all_variants() if v.family.key == "freecell"]
    else:
        try:
            variants = [find_variant(args.game)]
        except UnknownGame as error:
            parser.error(str(error))
    deals = list(range(args.first, args.first + args.deals))
    print(f"Python {sys.version.split()[0]}, {args.deals} deals from {args.first}, up to {args.moves} random moves each")
    for variant in variants:
        bench_variant(variant, deals, args.moves, args.repeat, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
