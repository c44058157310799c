"""No display, an unusable video driver, missing fonts: one line and a clean exit, or a warning and play
on, never a traceback or a window nobody can see (issue 14)."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from sprites.deck import typeface
from sprites.scene.intents import Command

from .gui_helpers import make_app

ROOT = Path(__file__).resolve().parent.parent


def start(tmp_path: Path, **env: str | None) -> tuple[subprocess.CompletedProcess[str], float]:
    """The window command with the environment changed as given (None removes a variable)."""
    environment = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    environment["XDG_RUNTIME_DIR"] = str(tmp_path)  # else libwayland adds a line of its own about it
    environment.update({k: v for k, v in env.items() if v is not None})
    began = time.monotonic()
    result = subprocess.run(
        [sys.executable, "main.py", "--data-dir", str(tmp_path / "data")],
        cwd=ROOT, env=environment, capture_output=True, text=True, timeout=60,
    )
    return result, time.monotonic() - began


@pytest.mark.parametrize(
    "env",
    [{}, {"DISPLAY": ":4242"}, {"DISPLAY": ":4242", "WAYLAND_DISPLAY": "wayland-4242"}],
    ids=["no DISPLAY", "a dead DISPLAY", "dead DISPLAY and Wayland"],
)
def test_without_a_display_the_window_says_so_at_once(tmp_path: Path, env: dict[str, str]) -> None:
    """It used to run on SDL's offscreen driver, invisibly, forever."""
    result, seconds = start(tmp_path, **env)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("solitaire: no display")
    assert "console" in result.stderr and seconds < 10  # about half a second here; a loaded machine is slower
    assert not (tmp_path / "data").exists()  # nothing was opened, the saved game untouched


def test_an_unusable_video_driver_is_one_line(tmp_path: Path) -> None:
    result, _ = start(tmp_path, SDL_VIDEODRIVER="bogus")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1 and "SDL_VIDEODRIVER=bogus" in result.stderr


def test_missing_fonts_fall_back_to_pygames_own_with_one_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(typeface, "REGULAR_FONT", tmp_path / "gone.ttf")
    monkeypatch.setattr(typeface, "BOLD_FONT", tmp_path / "gone-bold.ttf")
    monkeypatch.setattr(typeface, "_MISSING_FONTS", set())
    pygame.init()
    try:
        app, _ = make_app(analyse=False)
        app.command(Command.STATISTICS)
        app.step()
        app.close()
    finally:
        pygame.quit()
    err = capsys.readouterr().err
    assert err.count("cannot load the font") == 1 and err.count("\n") == 1
    assert {tmp_path / "gone.ttf", tmp_path / "gone-bold.ttf"} == typeface._MISSING_FONTS  # both fell back
