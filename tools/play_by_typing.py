"""Win a deal in the terminal console by typing moves as its help writes them, as a new player would.

The console runs as players start it (`python main.py console --game G --deal N`). The moves come
from the solver, asked again whenever auto-play sends home a card the solution meant to move, and
are typed in the first form the game's help shows (`3 6 4` in Yukon, `5 8 3` and `d` in Spider, the
standard `58v3`, `wh` and `d` in Forty Thieves). The console must end by saying the game is won.

    .venv/bin/python tools/play_by_typing.py                 # Yukon, Russian, Spider 1/2/4, Forty Thieves
    .venv/bin/python tools/play_by_typing.py --game yukon --deal 3
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.moves import Move, PileKind  # noqa: E402
from game.variant import Variant  # noqa: E402
from game.variants import find_variant  # noqa: E402
from tools.winning_line import TOUR_DEALS, NoWinFound, winning_moves  # noqa: E402

NEW_GAMES = ("yukon", "russian", "spider", "spider-2", "spider-1", "forty-thieves")
SPACED = ("yukon", "russian", "spider", "spider-2", "spider-1")  # whose help shows `3 6 4` first


def typed(variant: Variant, move: Move) -> str:
    """A move as the game's help shows it first."""
    if PileKind.STOCK in (move.src.kind, move.dst.kind):
        return "d"
    if variant.key in SPACED and move.src.kind is PileKind.COLUMN:
        source = str(move.src.index + 1)
        if move.dst.kind is PileKind.FOUNDATION:
            return f"{source} h"
        return f"{source} {move.dst.index + 1} {move.count}"
    return move.notation


def play_one(game: str, deal: int) -> tuple[bool, int, float, str]:
    """Type a whole win into the console; returns (won, moves, seconds, the console's last words)."""
    variant = find_variant(game)
    began = time.monotonic()
    moves = winning_moves(variant, deal)
    lines = ["h"] + [typed(variant, move) for move in moves] + ["q"]  # a new player reads the help first
    with tempfile.TemporaryDirectory(prefix="typing-") as folder:
        command = [sys.executable, "main.py", "console", "--game", variant.key, "--deal", str(deal), "--autoplay",
                   "--data-dir", folder, "--lang", "en"]
        done = subprocess.run(command, cwd=ROOT, input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=300)
    said = done.stdout + done.stderr
    refused = [line for line in said.splitlines() if "Error:" in line]
    if f"Commands for {variant.name}" not in said:
        refused.insert(0, "h printed no help")
    won = "won" in said.lower() and not refused and done.returncode == 0
    tail = refused[0] if refused else " / ".join(line for line in said.splitlines() if "won" in line.lower())[:200]
    return won, len(moves), time.monotonic() - began, tail


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="a game to play (again for more); the new games when not given")
    parser.add_argument("--deal", type=int, help="the deal to play (default: each game's tour deal)")
    args = parser.parse_args(argv)
    results = []
    for game in args.game or NEW_GAMES:
        deal = args.deal if args.deal is not None else TOUR_DEALS.get(find_variant(game).key, 1)
        try:
            won, count, seconds, said = play_one(game, deal)
        except NoWinFound as error:
            won, count, seconds, said = False, 0, 0.0, f"not played: the solver found no win ({error})"
        print(f"{game:15} deal {deal:<6} {'won' if won else 'NOT WON':8} {count:4} moves {seconds:6.1f} s  {said}", flush=True)
        results.append(won)
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
