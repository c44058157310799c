"""End to end as a person plays: a real window on Xvfb, a real pointer moved by xdotool.

The program runs as players run it (`python main.py ...`); the test computes where the cards are with
the same layout arithmetic, drags one, reads the screen back with xwd, and checks the record file.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame
import pytest

from game.moves import PileKind
from game.variants import find_variant, rules_for
from sprites.window.layout import compute_layout
from tools.xwindow import TOOLS, find_window, screenshot, xdo, xvfb

ROOT = Path(__file__).resolve().parent.parent
SIZE = (1000, 700)
DEAL = 617

pytestmark = [
    pytest.mark.xvfb,
    pytest.mark.skipif(any(shutil.which(t) is None for t in (*TOOLS, "xprop")),
                       reason="needs Xvfb, xdotool, xwd and xprop (.ci/run installs them)"),
]


@pytest.fixture
def display():
    with xvfb("1280x900x24") as name:
        yield name


def settled_screen(env: dict, window: str, ready, timeout: float = 15.0) -> pygame.Surface:
    """The window once `ready(shot)` holds (the first frame drawn, an animation landed), or as it is
    when the time runs out: a loaded machine draws later, and a fixed sleep would guess."""
    deadline = time.monotonic() + timeout
    while True:
        shot = screenshot(env, window)
        if ready(shot) or time.monotonic() > deadline:
            return shot
        time.sleep(0.1)


@contextmanager
def playing(env: dict, data: Path, *options: str) -> Iterator[str]:
    """`python main.py` on the display in `env`, at SIZE and muted, as a player starts it: yields
    its window, and at the end quits with Ctrl+Q, which must end the program cleanly."""
    app = subprocess.Popen(
        [sys.executable, "main.py", *options, "--size", f"{SIZE[0]}x{SIZE[1]}", "--mute", "--data-dir", str(data)],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    try:
        window = find_window(env, app.pid)
        yield window
        xdo(env, "key", "--window", window, "ctrl+q")
        assert app.wait(timeout=15) == 0
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()


def is_felt(colour) -> bool:
    return colour.g > colour.r + 30 and colour.g > colour.b + 20


def is_card_face(colour) -> bool:
    return min(colour.r, colour.g, colour.b) > 200


def test_drag_a_card_with_a_real_pointer(display, tmp_path) -> None:
    variant = find_variant("freecell")
    rules = rules_for(variant)
    state = rules.deal(DEAL)
    move = sorted(
        (m for m in rules.legal_moves(state)
         if m.src.kind is m.dst.kind is PileKind.COLUMN and state.columns[m.dst.index] and m.count == 1),
        key=str,
    )[0]
    layout = compute_layout(*SIZE, variant)
    src_pile, dst_pile = state.columns[move.src.index], state.columns[move.dst.index]
    src_rect = layout.card_rects(move.src, len(src_pile))[-1]
    dst_top = layout.card_rects(move.dst, len(dst_pile))[-1]
    dst_after = layout.card_rects(move.dst, len(dst_pile) + 1)[-1]

    record = tmp_path / "moves.txt"
    env = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy"}
    with playing(env, tmp_path / "data", "--deal", str(DEAL), "--record", str(record)) as window:
        asked = ["xprop", "-id", window, "WM_CLASS", "_NET_WM_NAME", "_NET_WM_ICON"]
        deadline = time.monotonic() + 10
        names = subprocess.run(asked, env=env, capture_output=True, text=True, timeout=15).stdout
        # a blank 1 x 1 icon stands in until just after the first frame, when the project's own is given
        while "Icon (64 x 64)" not in names and time.monotonic() < deadline:
            time.sleep(0.1)
            names = subprocess.run(asked, env=env, capture_output=True, text=True, timeout=15).stdout
        assert 'WM_CLASS(STRING) = "solitaire", "solitaire"' in names  # desktops match it to solitaire.desktop
        assert f'"FreeCell · Deal {DEAL} — Solitaire"' in names
        assert "Icon (64 x 64)" in names  # the project's own icon, not pygame's
        before = settled_screen(env, window, lambda shot: is_card_face(shot.get_at((src_rect.centerx, src_rect.bottom - 6))))
        assert before.get_size() == SIZE
        assert is_card_face(before.get_at((src_rect.centerx, src_rect.bottom - 6)))
        assert is_felt(before.get_at((dst_after.centerx, dst_after.bottom - 6)))

        grab = (src_rect.centerx, src_rect.top + 10)
        aim = (dst_top.centerx, dst_top.top + 30)
        xdo(env, "mousemove", "--window", window, str(grab[0]), str(grab[1]))
        xdo(env, "mousedown", "1")
        for i in range(1, 9):
            x = grab[0] + (aim[0] - grab[0]) * i // 8
            y = grab[1] + (aim[1] - grab[1]) * i // 8
            xdo(env, "mousemove", "--window", window, str(x), str(y))
            time.sleep(0.02)
        xdo(env, "mouseup", "1")
        landed = (dst_after.centerx, dst_after.bottom - 6)
        uncovered = (src_rect.centerx, src_rect.bottom - 6)
        after = settled_screen(env, window, lambda shot: is_card_face(shot.get_at(landed)) and is_felt(shot.get_at(uncovered)))
        pygame.image.save(after, str(tmp_path / "after.png"))
        assert is_card_face(after.get_at((dst_after.centerx, dst_after.bottom - 6))), "the card is not in its new place"
        assert is_felt(after.get_at((src_rect.centerx, src_rect.bottom - 6))), "the card is still in its old place"

    assert record.read_text().splitlines()[-1] == move.notation


def window_name(env: dict, window: str) -> str:
    return subprocess.run(["xprop", "-id", window, "_NET_WM_NAME"], env=env, capture_output=True, text=True, timeout=15).stdout


def test_a_deal_number_typed_on_a_real_keyboard(display, tmp_path) -> None:
    """Typed text reaches the deal dialog through X's input method, which the program starts with an
    empty compose table (sprites.window.display): digits, a correction, Enter."""
    env = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy"}
    env.pop("XCOMPOSEFILE", None)  # as a player starts it
    with playing(env, tmp_path / "data", "--deal", "1") as window:
        xdo(env, "key", "--window", window, "ctrl+g")
        xdo(env, "type", "--window", window, "--delay", "50", "6170")
        xdo(env, "key", "--window", window, "BackSpace", "Return")
        deadline = time.monotonic() + 15
        while f'"FreeCell · Deal {DEAL} — Solitaire"' not in window_name(env, window) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert f'"FreeCell · Deal {DEAL} — Solitaire"' in window_name(env, window)
