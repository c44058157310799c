"""Waiting for the next event without waking: SDL's own blocking wait, reached through ctypes.

pygame-ce's `event.wait(timeout)` polls inside (about 850 sleeps and 3,400 reads of the X connection a
second, 2-3 % of a core for a window doing nothing), and sleeping in slices wakes the program a
hundred times a second. SDL itself can block: `SDL_WaitEventTimeout(NULL, ms)` sleeps on the X
connection until an event is queued (input, or one posted by another thread) or the time is up, and
with NULL leaves the event in the queue for `pygame.event.get()`. pygame-ce does not expose it, so it
is called on the very SDL library pygame has loaded. Where that library cannot be found (or is not
the one pygame initialised), the wait falls back to sleeping in short slices: correct, only costlier.
"""
from __future__ import annotations

import re
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pygame

SDL_INIT_VIDEO = 0x20
FALLBACK_SLICE_S = 0.01  # the fallback's sleep between looks at the queue
POLLING_DRIVERS = {"dummy", "offscreen"}  # SDL has nothing to block on for these: it would look every millisecond


def sdl_wait() -> Callable[[int], None] | None:
    """`wait(ms)`: block until an event is queued or `ms` pass, or None where SDL cannot be reached.

    Call it after the display is initialised: the library is accepted only if it says its video is
    running, which proves it is pygame's own copy rather than another SDL found on the system."""
    if pygame.display.get_driver() in POLLING_DRIVERS:
        return None
    import ctypes  # here, not at the top: the first frame does not wait for it

    for path in _loaded_sdl_paths():
        try:
            library = ctypes.CDLL(path)
            was_init, wait = library.SDL_WasInit, library.SDL_WaitEventTimeout
        except (OSError, AttributeError):
            continue
        was_init.argtypes, was_init.restype = [ctypes.c_uint32], ctypes.c_uint32
        wait.argtypes, wait.restype = [ctypes.c_void_p, ctypes.c_int], ctypes.c_int
        if was_init(SDL_INIT_VIDEO):
            return _blocking(wait)
    return None


def _blocking(wait: Callable[[None, int], int]) -> Callable[[int], None]:
    def block(timeout_ms: int) -> None:
        wait(None, max(0, timeout_ms))  # NULL: the event stays queued for pygame.event.get()
    return block


def sleeping_wait(timeout_ms: int) -> None:
    """The fallback: look at the queue every 10 ms until something is there or the time is up."""
    deadline = time.monotonic() + timeout_ms / 1000
    while not pygame.event.peek() and time.monotonic() < deadline:
        time.sleep(FALLBACK_SLICE_S)


def _loaded_sdl_paths() -> list[str]:
    """Where pygame's SDL library is: the one mapped into this process (Linux), then beside pygame's
    own modules, as its wheels ship it (macOS, Windows)."""
    found: list[str] = []
    maps = Path("/proc/self/maps")
    if maps.exists():
        found = sorted(set(re.findall(r"/\S*libSDL2-2\S*", maps.read_text())))
    package = Path(pygame.__file__).parent
    pattern = "SDL2.dll" if sys.platform == "win32" else "libSDL2-2*"
    for folder in (package, package / ".dylibs", package.parent / "pygame_ce.libs"):
        found += [str(p) for p in sorted(folder.glob(pattern)) if str(p) not in found]
    return found
