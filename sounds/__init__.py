"""Sound effects, loaded lazily and played through pygame's mixer.

A machine with no audio device must still play the game, so every failure to open the mixer or load
a file leaves the player silent instead of raising.

An open mixer is a thread that wakes every few milliseconds to feed the device, silence included, so
the device is opened only when a sound is to be played (never while muted, nor before the first
frame) and closed again once everything has been quiet for `QUIET_SECONDS`: a window at rest has no
audio thread. Opening costs well under a millisecond with SDL's drivers; closing waits for the thread.
"""
from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from pathlib import Path

import pygame

SOUND_DIR = Path(__file__).resolve().parent
NAMES = ("pickup", "place", "foundation", "illegal", "deal", "win")
QUIET_SECONDS = 2.0  # after the last sound ends, the device stays open this long for the next one


class SoundPlayer:
    def __init__(self, enabled: bool = True, clock: Callable[[], float] = time.monotonic) -> None:
        self.enabled = enabled
        self.available: bool | None = None  # None until the device was first asked for
        self._clock = clock
        self._cache: dict[str, pygame.mixer.Sound | None] = {}
        self._close_at: float | None = None  # when the open device may be closed, by the clock
        self.played: deque[str] = deque(maxlen=64)  # the latest sounds asked for, which tests check

    def _open(self) -> bool:
        """Open the device if it is not; False (and no more attempts) on a machine without one."""
        if self.available is False:
            return False
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            self.available = True
            self._close_at = self._clock() + QUIET_SECONDS
        except pygame.error:
            self.available = False
        return self.available

    def _close(self) -> None:
        """Close the device: its sounds die with it, so the cache goes too."""
        self._cache.clear()
        self._close_at = None
        if pygame.mixer.get_init():
            pygame.mixer.quit()

    def toggle(self) -> bool:
        """Sound on opens the device at once (the next sound is prompt); off closes it."""
        self.enabled = not self.enabled
        if self.enabled:
            self._open()
        else:
            self._close()
        return self.enabled

    def seconds_to_close(self) -> float | None:
        """How long until `close_if_quiet` has work to do (None while the device is closed)."""
        if self._close_at is None:
            return None
        return max(0.0, self._close_at - self._clock())

    def close_if_quiet(self) -> None:
        """Close the device once the last sound has ended and the quiet time has passed."""
        if self._close_at is None or self._clock() < self._close_at:
            return
        if pygame.mixer.get_init() and pygame.mixer.get_busy():
            self._close_at = self._clock() + QUIET_SECONDS
            return
        self._close()

    def play(self, name: str) -> None:
        if not self.enabled:
            return
        self.played.append(name)
        if not self._open():
            return
        if name not in self._cache:
            try:
                self._cache[name] = pygame.mixer.Sound(str(SOUND_DIR / f"{name}.wav"))
            except (pygame.error, FileNotFoundError):
                self._cache[name] = None
        sound = self._cache[name]
        if sound is not None:
            sound.play()
            self._close_at = self._clock() + sound.get_length() + QUIET_SECONDS
