"""A saved game's history has a bound (issue 56, item 7): a crafted file of a million legal stock turns
took 18 s and 900 MB to load, and the window did not open. Past MOST_SAVED_ACTIONS the history is not
read: the game is set aside whole, and the player told in one line. (The time and memory are
bench/saved_games.py's figures, not a test's.)"""
from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from game.session import Session
from game.variants import find_variant
from solitaire.store import DB_NAME, open_store

MOST_SAVED_ACTIONS = 20_000  # the bound docs/architecture.md gives (solitaire.store.rows.MOST_SAVED_ACTIONS)


def stock_turns(count: int) -> list[str]:
    """`count` legal actions of Klondike deal 5: the stock turned over and over, round after round."""
    session = Session(find_variant("klondike"), 5, autoplay=False)
    state, round_trip = session.state, []
    while not round_trip or not round_trip[-1].startswith("ws"):
        move = next(m for m in session.rules.legal_moves(state) if m.notation == "sw" or m.notation.startswith("ws"))
        round_trip.append(move.notation)
        state = session.rules.apply(state, move)
    return [round_trip[i % len(round_trip)] for i in range(count)]


def crafted(data: Path, count: int) -> None:
    """A data folder whose saved game (of a copy no longer running) holds `count` stock turns."""
    store, _ = open_store(data)
    session = Session(find_variant("klondike"), 5, autoplay=False)
    session.play(next(m for m in session.rules.legal_moves(session.state) if m.notation == "sw"))
    assert store.save_game(session)
    store.close()
    with closing(sqlite3.connect(data / DB_NAME)) as raw, raw:
        slot = raw.execute("SELECT slot FROM saved_games").fetchone()[0]
        raw.execute("DELETE FROM saved_game_actions WHERE slot = ?", (slot,))
        raw.executemany("INSERT INTO saved_game_actions VALUES (?, ?, ?, 0)",
                        ((slot, seq, text) for seq, text in enumerate(stock_turns(count))))
        raw.execute("UPDATE saved_games SET action_count = ?, cursor = ? WHERE slot = ?", (count, count, slot))


def test_a_history_past_the_bound_is_set_aside_whole_with_one_line(tmp_path: Path) -> None:
    crafted(tmp_path, 10 * MOST_SAVED_ACTIONS)
    store, _ = open_store(tmp_path)
    session, message = store.load_game()
    kept = store._conn.execute("SELECT reason, actions FROM set_aside_games").fetchall()
    left = store._conn.execute("SELECT count(*) FROM saved_game_actions").fetchone()[0]
    store.close()
    assert session is None
    assert message == ("The saved game (Klondike #5) could not be restored (its history holds 200,000 actions, more "
                       "than a saved game may have (20,000)); it was set aside.")
    assert len(kept) == 1 and kept[0][1].split() == stock_turns(10 * MOST_SAVED_ACTIONS)  # kept for a bug report
    assert left == 0


def test_a_history_at_the_bound_resumes(tmp_path: Path) -> None:
    crafted(tmp_path, MOST_SAVED_ACTIONS)
    store, _ = open_store(tmp_path)
    session, message = store.load_game(autoplay=False)
    store.close()
    assert message is None and session is not None and len(session.actions) == MOST_SAVED_ACTIONS
