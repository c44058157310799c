"""The window's table as it was last painted (felt, bands, empty slots), kept on disk between runs.

Painting it is the largest part of the window's first frame after the faces (callgrind: 13.6M machine
instructions at 1280x800, most of them the felt's light scaled up to the window), and the next start
usually opens the same game at the same size in the same look. So the window keeps the picture it
last painted, as its pixels, beside the kept faces (`face_cache`'s folder), and the next start copies
them straight into the window (0.5M). The file says everything the picture was painted from (the
game's table, the layout, the look, the language, the pixel format, the drawing code's digest); a
picture painted from anything else is no match and is painted as before. One picture is kept: the
last window's.
"""
from __future__ import annotations

import mmap
import os
from contextlib import suppress
from pathlib import Path
from typing import BinaryIO

import pygame

from ..deck import face_cache

FILE_NAME = "table.bin"
FELT_CODE = Path(__file__).resolve().parent / "felt.py"


def facts_of(surface: pygame.Surface, painted_from: str) -> str:
    """What a picture painted onto `surface` from `painted_from` depends on, as one text: a kept
    picture is used only where this matches exactly."""
    code = FELT_CODE.stat()
    return "\n".join((
        painted_from,
        f"{surface.get_size()} {surface.get_pitch()} {surface.get_masks()}",
        f"{face_cache.drawing_digest()} {code.st_size} {code.st_mtime_ns}",
    ))


def kept(facts: str) -> memoryview | None:
    """The pixels of the picture kept for `facts`; None when the folder keeps none, or another.

    Mapped, not read: copied from the OS's cache straight into the window, where reading them into
    fresh memory first cost more (page faults, a second copy) than painting saved."""
    folder = face_cache.kept_folder()
    if folder is None:
        return None
    try:
        with (folder / FILE_NAME).open("rb") as file:
            if not _holds(file, facts):
                return None
            return memoryview(mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ))[file.tell():]
    except (OSError, ValueError):  # ValueError: an empty file cannot be mapped
        return None


def copy(pixels: memoryview, surface: pygame.Surface) -> bool:
    """Copy kept `pixels` into `surface` when they fill it exactly (a picture cut short is none) and
    its rows lie end to end (a display whose rows are padded is painted, as before)."""
    if len(pixels) != surface.get_pitch() * surface.get_height():
        return False
    try:
        with memoryview(surface.get_view("0")) as target:  # type: ignore[arg-type]  # stubs lack its buffer protocol
            target[:] = pixels
    except ValueError:  # rows not end to end
        return False
    return True


def keep(facts: str, picture: pygame.Surface) -> None:
    """Keep `picture`, painted from `facts`, for the next start (where the window keeps its faces)."""
    folder = face_cache.kept_folder()
    if folder is None:
        return
    heading = facts.encode()
    path = folder / FILE_NAME
    temp = folder / f"{FILE_NAME}.{os.getpid()}.new"  # each copy of the program its own: two closing at once never mix
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with temp.open("wb") as out:
            out.write(len(heading).to_bytes(4, "little") + heading)
            with memoryview(picture.get_view("0")) as pixels:  # type: ignore[arg-type]  # as in copy()
                out.write(pixels)
        os.replace(temp, path)
    except (OSError, ValueError):  # ValueError: rows not end to end, which copy() could not take back
        with suppress(OSError):  # a folder that cannot be written keeps nothing: the next start paints the table
            temp.unlink(missing_ok=True)


def _holds(file: BinaryIO, facts: str) -> bool:
    """Whether the kept file, read from its start, was painted from `facts` (left at its pixels if so)."""
    heading = facts.encode()
    return file.read(4) == len(heading).to_bytes(4, "little") and file.read(len(heading)) == heading
