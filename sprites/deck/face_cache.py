"""Card faces kept on disk between runs, so the window's first frame need not draw 52 pictures.

Drawing a pictured deck is most of the time to the first frame (about 60 ms at 1280x800 here, more
at larger sizes), and the next start usually opens at the same size in the same style. When the
window closes it keeps the faces it drew at its last size in one file; the next start reads them
back (a few milliseconds) instead of drawing them. The file's name holds a digest of the drawing
code, the fonts and pygame's version, so any change to how faces look makes it a stranger that is
ignored and replaced. Faces show the language's rank letters (French R D V), so a language other
than English adds its code and a digest of its catalogue to the name: a French start never reads
English faces, nor the faces of an older French catalogue. Only the window turns this on (`use`);
anything else draws every face.
"""
from __future__ import annotations

import mmap
import os
import zlib
from functools import lru_cache
from pathlib import Path
from typing import Final

import pygame

from game.cards import Card
from game.i18n import DOMAIN, LOCALE_DIR, SOURCE_LANGUAGE, current_language
from solitaire.store.user_dirs import user_dir

HERE = Path(__file__).resolve().parent
PREFIX = "faces-"
PIXELS: Final = "BGRA"  # the byte order most displays want (ARGB words, little-endian): read back, nothing needs converting
FaceKey = tuple[Card, int, bool]  # the card, its corner index's height, fanned under the next waste card



class _Kept:
    """Where faces are kept (None: nowhere), and the sets read so far, by style, size and language."""

    folder: Path | None = None
    loaded: dict[tuple[str, tuple[int, int], str], dict[FaceKey, pygame.Surface]] = {}


def default_folder() -> Path:
    """SOLITAIRE_CACHE_DIR when set (tests set it), else the user cache folder."""
    if os.environ.get("SOLITAIRE_CACHE_DIR"):
        return Path(os.environ["SOLITAIRE_CACHE_DIR"])
    return user_dir("cache")


def kept_folder() -> Path | None:
    """The folder faces are kept in now (None: nowhere), where other things the window finds out
    once (that its fonts are sound) are noted for the next start too."""
    return _Kept.folder


def use(folder: Path | None) -> None:
    """Keep faces in `folder` from now on (None: draw every face, keep nothing)."""
    _Kept.folder, _Kept.loaded = folder, {}


def kept_face(style: str, size: tuple[int, int], key: FaceKey, language: str | None = None) -> pygame.Surface | None:
    """The face as an earlier run drew it in `language` (None: the current one), RGBA, not yet in the
    display's format; or None."""
    if _Kept.folder is None:
        return None
    language = language or current_language()
    if (style, size, language) not in _Kept.loaded:
        _Kept.loaded[(style, size, language)] = _read(_path(_Kept.folder, style, size, language), size)
    return _Kept.loaded[(style, size, language)].get(key)


def keep(style: str, size: tuple[int, int], faces: dict[FaceKey, pygame.Surface], language: str | None = None) -> None:
    """Write these faces, drawn in `language` (None: the current one), for the next start, replacing
    every face file kept before (one size and language is kept: the window opens at the size it last
    had). A folder that cannot be written keeps nothing."""
    if _Kept.folder is None or not faces:
        return
    language = language or current_language()
    path = _path(_Kept.folder, style, size, language)
    if faces.keys() <= _Kept.loaded.get((style, size, language), {}).keys() and path.exists():
        return  # nothing drawn that the file lacks
    keys = sorted(faces, key=lambda k: (k[0].code, k[1], k[2]))
    # Cards by their codes (`TD`), not by the names a player reads: French `R♥` is no card to Card.parse,
    # and a French start found its kept faces unreadable and drew them all again.
    index = "".join(f"{card.code} {height} {int(edge)}\n" for card, height, edge in keys).encode()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temp = path.with_suffix(f".{os.getpid()}.new")  # each copy of the program its own: two closing at once never mix
        with temp.open("wb") as out:
            out.write(len(index).to_bytes(4, "little") + index)
            for key in keys:
                out.write(pygame.image.tobytes(faces[key], PIXELS))
        temp.replace(path)
        for old in path.parent.glob(f"{PREFIX}*.bin"):
            if old != path:
                old.unlink(missing_ok=True)
    except OSError:
        pass


def _read(path: Path, size: tuple[int, int]) -> dict[FaceKey, pygame.Surface]:
    """The faces in a kept file; nothing when it is missing, damaged or not of this size. Raw pixels,
    not compressed: reading them is the point, and inflating took as long as drawing half the deck.

    Mapped, not read: the faces are the file's pages, shared with the OS's cache and copied only if
    drawn on, where reading five megabytes into fresh memory took 2-3 ms of the first frame."""
    try:
        with path.open("rb") as file:
            data = memoryview(mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_COPY))
        length = int.from_bytes(data[:4], "little")
        rows = [line.split() for line in bytes(data[4:4 + length]).decode().splitlines()]
        keys = [(Card.parse(code), int(height), edge == "1") for code, height, edge in rows]
    except (OSError, ValueError, UnicodeDecodeError):
        return {}
    stride, start = size[0] * size[1] * 4, 4 + length
    if len(data) - start != stride * len(keys):
        return {}
    return {key: pygame.image.frombuffer(data[start + n * stride:start + (n + 1) * stride], size, PIXELS)
            for n, key in enumerate(keys)}


def _path(folder: Path, style: str, size: tuple[int, int], language: str | None = None) -> Path:
    return folder / f"{PREFIX}{style}-{size[0]}x{size[1]}-{drawing_digest()}{_language_tag(language or current_language())}.bin"


def _language_tag(language: str) -> str:
    """What the file name adds for a language: nothing for English (no catalogue draws its letters),
    else its code and a digest of its catalogue (by size and time of change, like the drawing code's)."""
    if language == SOURCE_LANGUAGE:
        return ""
    catalogue = LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
    try:
        facts = f"{catalogue.stat().st_size} {catalogue.stat().st_mtime_ns}"
    except OSError:
        facts = "none"  # no catalogue yet: English letters, but kept apart from English all the same
    return f"-{language}-{zlib.crc32(facts.encode()):08x}"


@lru_cache(maxsize=1)
def drawing_digest() -> str:
    """What the faces depend on: the modules of sprites/deck/ and the fonts (by name, size and time of change)
    and pygame's version. Cheap to take (no file is read), and any edit or checkout changes it."""
    files = _listed(HERE, ".py") + _listed(HERE.parent / "fonts", "")
    facts = [pygame.version.ver] + [f"{entry.name} {entry.stat().st_size} {entry.stat().st_mtime_ns}" for entry in files]
    return f"{zlib.crc32(chr(10).join(facts).encode()):08x}"


def _listed(folder: Path, suffix: str) -> list[os.DirEntry[str]]:
    """The files of `folder` ending in `suffix`, by name, hidden ones left out (as a glob would): a
    scan's entries keep their stat, where asking each path again cost half a millisecond a start."""
    return sorted((e for e in os.scandir(folder) if e.name.endswith(suffix) and not e.name.startswith(".")), key=lambda e: e.name)
