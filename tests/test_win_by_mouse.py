"""The end of a game won with a real mouse in the real window, as a player comes back to a saved game.

The whole tour (every game from its deal to the win) is `tools/play_by_mouse.py`, a few minutes a
game; here the program resumes Spider (one suit) saved two moves short of its win: a run dragged
onto another, a finished run sent home by itself, the win announced and counted in the statistics.
"""
from __future__ import annotations

import shutil

import pygame
import pytest

from tools.play_by_mouse import play_one
from tools.xwindow import TOOLS

pytestmark = [
    pytest.mark.xvfb,
    pytest.mark.skipif(any(shutil.which(t) is None for t in TOOLS), reason="needs Xvfb, xdotool and xwd (.ci/run installs them)"),
]


def test_the_last_moves_of_a_spider_game_by_mouse() -> None:
    try:
        tour = play_one("spider-1", 1, left=2)
    finally:
        pygame.quit()
    assert tour.problems == []
    assert (tour.moves, tour.gestures) == (2, 2)
    assert tour.won
