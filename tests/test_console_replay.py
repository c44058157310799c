"""What the program writes replays in the console (issue 55, item 1): a `solve` solution or a window's
`--record` file piped into `solitaire console` plays its game to the win, with no line refused.

Input piped in is a script: it names every move, the ones auto-play would make among them, so the
console plays it exactly as written, with auto-play off unless `--autoplay` asks for it (typed at a
terminal, auto-play is on as in the window).
"""
from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.session import Session
from game.variants import find_variant
from sprites.window.app import App
from tools.winning_line import winning_moves

from .gui_helpers import FakeClock, settle

ROOT = Path(__file__).resolve().parent.parent
ENV = {"PATH": os.environ["PATH"], "LANGUAGE": "en", "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def solitaire(*args: str, script: str = "", data: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "solitaire", *args], cwd=ROOT, input=script, capture_output=True,
                          text=True, timeout=300, env={**ENV, "SOLITAIRE_DATA_DIR": str(data)})


def assert_won_without_a_refusal(played: subprocess.CompletedProcess[str], game: str, deal: int) -> None:
    refused = [line for line in played.stdout.splitlines() if "Error:" in line]
    assert played.returncode == 0 and refused == [], refused[:3]
    assert f"You won {find_variant(game).name} deal {deal} in " in played.stdout


@pytest.mark.parametrize(("game", "deal"), [("freecell", 1), ("klondike", 3), ("yukon", 1), ("forty-thieves", 1)])
def test_a_solution_piped_into_the_console_wins(game: str, deal: int, tmp_path: Path) -> None:
    """`solitaire solve --game G --deal N | grep -v '^#' | solitaire console --game G --deal N`"""
    solved = solitaire("solve", "--game", game, "--deal", str(deal), data=tmp_path)
    assert solved.returncode == 0, solved.stderr
    moves = "".join(line for line in solved.stdout.splitlines(keepends=True) if not line.startswith("#"))
    played = solitaire("console", "--game", game, "--deal", str(deal), script=moves, data=tmp_path)
    assert_won_without_a_refusal(played, game, deal)
    assert "Auto-play:" not in played.stdout  # the script made every move itself
    whole = solitaire("console", "--game", game, "--deal", str(deal), script=solved.stdout, data=tmp_path)
    assert_won_without_a_refusal(whole, game, deal)  # its `#` lines (the summary) are comments


def test_a_window_record_piped_into_the_console_wins(tmp_path: Path) -> None:
    """Klondike deal 3 won in the window with auto-play on: its --record file holds the player's moves
    and auto-play's, each as the move it was, and replays to the same win."""
    record = io.StringIO()
    clock = FakeClock()
    app = App(Session(find_variant("klondike"), 3, autoplay=True), (1280, 800), now_ms=clock, record_to=record,
              analyse=False)
    app.step()
    for move in winning_moves(find_variant("klondike"), 3):
        assert app.table.try_move(lambda move=move: move), move.notation
        settle(app, clock)
    assert app.table.session.is_won
    app.close()
    lines = record.getvalue().splitlines()
    assert lines[0] == "# new game klondike deal 3"
    assert len([line for line in lines if not line.startswith("#")]) > len(app.table.session.actions) // 2
    played = solitaire("console", "--game", "klondike", "--deal", "3", script=record.getvalue(), data=tmp_path)
    assert_won_without_a_refusal(played, "klondike", 3)


def test_autoplay_on_asks_for_it_with_input_piped_in(tmp_path: Path) -> None:
    """Klondike deal 3 has the Ace of clubs on top at the deal: auto-play sends it home at once when on."""
    asked = solitaire("console", "--game", "klondike", "--deal", "3", "--autoplay", script="q\n", data=tmp_path)
    assert "Auto-play: A♣ to foundation C." in asked.stdout
    piped = solitaire("console", "--game", "klondike", "--deal", "3", script="q\n", data=tmp_path)
    assert "Auto-play" not in piped.stdout and piped.returncode == 0
