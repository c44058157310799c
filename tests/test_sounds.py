"""Sounds play when there is a device and stay silent, never crashing, when there is none."""
from __future__ import annotations

import os
import subprocess
import sys
import wave
from pathlib import Path

import pygame

import sounds
from sounds import NAMES, SoundPlayer

ROOT = Path(__file__).resolve().parent.parent


def test_every_sound_file_exists_and_has_audio() -> None:
    for name in NAMES:
        with wave.open(str(Path(sounds.__file__).parent / f"{name}.wav")) as clip:
            frames = clip.readframes(clip.getnframes())
            assert clip.getframerate() == 44100 and clip.getnframes() > 1000
            assert any(frames[i] for i in range(0, len(frames), 7)), f"{name}.wav is silent"


def test_no_audio_device_means_silence_not_a_crash(monkeypatch) -> None:
    def no_device() -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    player = SoundPlayer()
    player.play("place")  # must not raise
    assert player.available is False
    assert list(player.played) == ["place"]


def test_mute_plays_nothing() -> None:
    player = SoundPlayer(enabled=False)
    player.play("illegal")
    assert list(player.played) == []
    assert player.toggle() is True


def test_the_drop_sound_really_reaches_the_audio_output(tmp_path) -> None:
    capture = tmp_path / "out.raw"
    script = (
        "import time, pygame; pygame.mixer.init(44100, -16, 2); from sounds import SoundPlayer; "
        "p = SoundPlayer(); p.play('place'); time.sleep(0.4); pygame.mixer.quit()"
    )
    env = {**os.environ, "SDL_AUDIODRIVER": "disk", "SDL_DISKAUDIOFILE": str(capture), "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, check=True, timeout=30, capture_output=True)
    data = capture.read_bytes()
    assert len(data) > 1000
    assert max(abs(int.from_bytes(data[i:i + 2], "little", signed=True)) for i in range(0, len(data) - 1, 2)) > 1000
