"""A real X window driven from outside: an Xvfb server, xdotool for the pointer and keys, xwd for pixels.

Shared by the real-window test and the screenshot script, so both see the program as a person does.
"""
from __future__ import annotations

import os
import select
import struct
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager

import pygame

TOOLS = ("Xvfb", "xdotool", "xwd")


@contextmanager
def xvfb(screen: str = "1600x1000x24") -> Iterator[str]:
    """A private X server for the duration; yields its display name (":N", a free number)."""
    read_fd, write_fd = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", screen, "-nolisten", "tcp"],
        pass_fds=(write_fd,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    os.close(write_fd)
    try:
        ready, _, _ = select.select([read_fd], [], [], 15)
        if not ready:
            raise RuntimeError("Xvfb did not start")
        yield ":" + os.read(read_fd, 32).decode().strip()
    finally:
        os.close(read_fd)
        server.terminate()
        server.wait(timeout=10)


def xdo(env: dict, *args: str) -> str:
    return subprocess.run(["xdotool", *args], env=env, capture_output=True, text=True, timeout=15, check=True).stdout


def find_window(env: dict, pid: int) -> str:
    """The first visible window of a process (SDL windows are not found by title)."""
    return xdo(env, "search", "--sync", "--onlyvisible", "--pid", str(pid)).split()[0]


def screenshot(env: dict, window: str) -> pygame.Surface:
    """The window's pixels as the X server shows them (XWD, ZPixmap, 32 bits per pixel)."""
    raw = subprocess.run(["xwd", "-silent", "-id", window], env=env, capture_output=True, timeout=15, check=True).stdout
    fields = struct.unpack(">25I", raw[:100])
    header_size, width, height = fields[0], fields[4], fields[5]
    byte_order, bits_per_pixel, bytes_per_line, ncolors = fields[7], fields[11], fields[12], fields[19]
    if bits_per_pixel != 32:
        raise RuntimeError(f"unexpected XWD depth {bits_per_pixel}")
    pixels = raw[header_size + 12 * ncolors:][: bytes_per_line * height]
    image = pygame.image.frombuffer(pixels, (width, height), "BGRA" if byte_order == 0 else "ARGB").copy()
    # A depth-24 window's fourth byte is padding, 0, which would read as fully transparent: a PNG
    # saved so shows nothing in a browser or an image viewer. Every pixel on screen is opaque.
    image.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MAX)
    return image
