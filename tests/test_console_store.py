"""Games played in the terminal count in the statistics like games in the window."""
from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

from game.session import Session
from game.variants import find_variant
from solitaire.console import Console
from solitaire.store import open_store

ROOT = Path(__file__).resolve().parent.parent


def test_an_abandoned_and_a_new_game_are_recorded(tmp_path) -> None:
    store, _ = open_store(tmp_path)
    out = io.StringIO()
    console = Console(Session(find_variant("golf"), 3), out, record=store.record_game, new_deal=lambda: 4)
    console.run(io.StringIO("d\nnew\nd\nq\n"))
    records = store.games("golf")
    assert [(r.deal, r.result, r.moves) for r in records] == [(3, "abandoned", 1), (4, "abandoned", 1)]
    store.close()


def test_the_console_command_writes_to_the_chosen_data_dir(tmp_path) -> None:
    env = {**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    subprocess.run(
        [sys.executable, "main.py", "console", "--game", "golf", "--deal", "9", "--data-dir", str(tmp_path)],
        cwd=ROOT, input="d\nq\n", text=True, capture_output=True, timeout=60, check=True, env=env,
    )
    store, _ = open_store(tmp_path)
    assert [(r.deal, r.result) for r in store.games("golf")] == [(9, "abandoned")]
    store.close()
