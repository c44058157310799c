"""`--size` larger than the screen (issue 37, item 18): the window opens no larger than the screen,
and that is the size kept for the next start, not the one asked for. Under SDL's dummy driver there
is no screen to fit, so the size asked for is kept there (the window tests rely on it)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from solitaire.store import open_store
from solitaire.store.settings import WINDOW_SIZE
from tools.xwindow import TOOLS, find_window, xdo, xvfb

ROOT = Path(__file__).resolve().parent.parent
SCREEN = (1024, 768)


def test_a_headless_driver_keeps_the_size_asked_for() -> None:
    from sprites.window.display import fit_to_screen

    os.environ["SDL_VIDEODRIVER"] = "dummy"
    pygame.display.init()
    try:
        assert fit_to_screen((5000, 4000)) == (5000, 4000)
    finally:
        pygame.display.quit()


@pytest.mark.xvfb
@pytest.mark.skipif(any(shutil.which(t) is None for t in TOOLS), reason="needs Xvfb, xdotool and xwd (.ci/run installs them)")
def test_a_size_larger_than_the_screen_opens_and_is_kept_at_the_screens(tmp_path: Path) -> None:
    with xvfb(f"{SCREEN[0]}x{SCREEN[1]}x24") as display:
        env = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy", "LANGUAGE": "en"}
        app = subprocess.Popen(
            [sys.executable, "main.py", "--size", "6000x5000", "--mute", "--data-dir", str(tmp_path)],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )
        try:
            window = find_window(env, app.pid)
            geometry = xdo(env, "getwindowgeometry", "--shell", window)
            shown = dict(line.split("=", 1) for line in geometry.split())
            assert int(shown["WIDTH"]) <= SCREEN[0] and int(shown["HEIGHT"]) <= SCREEN[1], geometry
            xdo(env, "key", "--window", window, "ctrl+q")
            assert app.wait(timeout=15) == 0
        finally:
            if app.poll() is None:
                app.kill()
                app.wait()
    store, _ = open_store(tmp_path)
    kept = store.settings.get(WINDOW_SIZE)
    store.close()
    assert kept is not None and kept[0] <= SCREEN[0] and kept[1] <= SCREEN[1], kept
