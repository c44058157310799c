"""What a saved game costs to load: a data folder whose saved game is N legal stock turns of Klondike
deal 5 (the crafted file of issue 56, item 7), opened as the window opens it, in a fresh process each,
with its wall time and peak memory. Up to the bound (solitaire.store.rows.MOST_SAVED_ACTIONS) the game
resumes; past it the history is counted, not read, and the game set aside.

Not a test: it prints figures (docs/architecture.md, "Bounds").

    python bench/saved_games.py                          # 1,000, the bound, and a million
    python bench/saved_games.py --actions 5000 200000
"""
from __future__ import annotations

import argparse
import sqlite3
import subprocess
import sys
import tempfile
from contextlib import closing
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from anywhere without installing

from game.session import Session  # noqa: E402
from game.variants import find_variant  # noqa: E402
from solitaire.store import DB_NAME, open_store  # noqa: E402
from solitaire.store.rows import MOST_SAVED_ACTIONS  # noqa: E402

LOAD = """
import resource, sys, time
from solitaire.store import open_store
started = time.perf_counter()
store, _ = open_store(sys.argv[1])
session, message = store.load_game()
seconds = time.perf_counter() - started
store.close()
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(f"{seconds:.2f} {peak:.0f} {'resumed' if session is not None else 'set aside'}")
"""


def stock_turns(count: int) -> list[str]:
    """`count` legal actions: the stock of Klondike deal 5 turned over, round after round."""
    session = Session(find_variant("klondike"), 5, autoplay=False)
    state, round_trip = session.state, []
    while not round_trip or not round_trip[-1].startswith("ws"):
        move = next(m for m in session.rules.legal_moves(state) if m.notation == "sw" or m.notation.startswith("ws"))
        round_trip.append(move.notation)
        state = session.rules.apply(state, move)
    return [round_trip[i % len(round_trip)] for i in range(count)]


def craft(data: Path, count: int) -> None:
    store, _ = open_store(data)
    session = Session(find_variant("klondike"), 5, autoplay=False)
    session.play(next(m for m in session.rules.legal_moves(session.state) if m.notation == "sw"))
    store.save_game(session)
    store.close()
    with closing(sqlite3.connect(data / DB_NAME)) as raw, raw:
        slot = raw.execute("SELECT slot FROM saved_games").fetchone()[0]
        raw.execute("DELETE FROM saved_game_actions WHERE slot = ?", (slot,))
        raw.executemany("INSERT INTO saved_game_actions VALUES (?, ?, ?, 0)",
                        ((slot, seq, text) for seq, text in enumerate(stock_turns(count))))
        raw.execute("UPDATE saved_games SET action_count = ?, cursor = ? WHERE slot = ?", (count, count, slot))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--actions", type=int, nargs="*", default=[1000, MOST_SAVED_ACTIONS, 1_000_000])
    args = parser.parse_args()
    print(f"{'actions':>10} {'file':>8} {'load':>8} {'peak':>8}  outcome")
    for count in args.actions:
        with tempfile.TemporaryDirectory(prefix="solitaire-bench-saved-") as folder:
            craft(Path(folder), count)
            size = (Path(folder) / DB_NAME).stat().st_size / 2**20
            result = subprocess.run([sys.executable, "-c", LOAD, folder], cwd=ROOT, capture_output=True, text=True,
                                    check=True)
            seconds, peak, outcome = result.stdout.split(maxsplit=2)
            print(f"{count:>10,} {size:>6.1f} MB {seconds:>6} s {peak:>5} MB  {outcome.strip()}")


if __name__ == "__main__":
    main()
