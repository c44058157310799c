"""Sound effects, loaded lazily and played through pygame's mixer.

A machine with no audio device must still play the game, so every failure to open the mixer or load
a file leaves the player silent instead of raising.
"""
from __future__ import annotations

from collections import deque
from pathlib import Path

import pygame

SOUND_DIR = Path(__file__).resolve().parent
NAMES = ("pickup", "place", "foundation", "illegal", "deal", "win")


class SoundPlayer:
    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self.available = self._open_mixer()
        self._cache: dict[str, pygame.mixer.Sound | None] = {}
        self.played: deque[str] = deque(maxlen=64)  # the latest sounds asked for, which tests check

    @staticmethod
    def _open_mixer() -> bool:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            return True
        except pygame.error:
            return False

    def toggle(self) -> bool:
        self.enabled = not self.enabled
        return self.enabled

    def play(self, name: str) -> None:
        if not self.enabled:
            return
        self.played.append(name)
        if not self.available:
            return
        if name not in self._cache:
            try:
                self._cache[name] = pygame.mixer.Sound(str(SOUND_DIR / f"{name}.wav"))
            except (pygame.error, FileNotFoundError):
                self._cache[name] = None
        sound = self._cache[name]
        if sound is not None:
            sound.play()
