"""The bundled DejaVu Sans, loaded once per size: pygame's default font has no ♠♥♦♣ glyphs; and the
player's text size for the chrome (toolbar, status bar, dialogs and panels; never the cards).

The text size is chosen for the whole window at once, like the language (`game.i18n.use_language`):
the preferences set it at start and when the player changes it, and whatever sizes chrome text
multiplies its size by `text_scale()`."""
from __future__ import annotations

import sys
import zlib
from functools import lru_cache
from pathlib import Path
from typing import Any

import pygame

from game.i18n import _
from solitaire.store.settings import TEXT_SIZES

from . import face_cache

TEXT_SCALES = dict(zip(TEXT_SIZES, (1.0, 1.2, 1.4)))  # the text size setting's choices, in order
_text_scale = 1.0

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"
REGULAR_FONT = FONT_DIR / "DejaVuSans.ttf"
BOLD_FONT = FONT_DIR / "DejaVuSans-Bold.ttf"


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The bundled DejaVu Sans at `size`; pygame's own font, with one warning, when the file is missing,
    unreadable or damaged (a packager dropped or cut it): suits may then show as boxes, but the game
    still plays. A zero-length file raises ValueError; a garbage or corrupted one may load and fail
    only when a text is drawn ("Passed a NULL pointer", "Couldn't find glyph"), so every kind of
    letter and sign the program draws is drawn here once, at the first size asked of each file: most
    damage shows whatever the size (drawing them at every size the window asks for took a tenth of
    the start-up's work, bench/render.py), and what shows at other sizes only is caught as it is drawn
    (`_FileFont`). The files as this program ships them are known by their checksum, which costs a
    twentieth of drawing every letter: only a file that differs (damaged, or replaced by a packager's
    own) is drawn through."""
    _forget_at_quit()
    path = BOLD_FONT if bold else REGULAR_FONT
    if path in _MISSING_FONTS:
        return pygame.font.Font(None, max(6, size))
    try:
        loaded = _FileFont(path, max(6, size))
        if path not in _PROBED_FONTS:
            if not _vouched_for(path):
                if not _as_shipped(path):
                    loaded.probe()
                _vouch_for(path)
            _PROBED_FONTS.add(path)
        return loaded
    except (OSError, ValueError, pygame.error) as error:
        _give_up(path, error)
        return pygame.font.Font(None, max(6, size))


class _FileFont(pygame.font.Font):
    """A font read from a file, which may yet fail to draw a letter at some sizes only: a damaged
    file's hinting can (one changed byte of DejaVu Sans drew every letter at 12 px, but not "m" at 6,
    10, 11, 14, 20 and 33 px; the fuzzer's fonts target, seed 19). Such a text is drawn with pygame's
    own font, and the file is given up for the rest of the run, as one that does not load (`font`
    then answers pygame's own, cached as any size is, however often a kept copy of this one draws)."""

    def __init__(self, path: Path, size: int) -> None:
        super().__init__(str(path), size)
        self.path = path

    def render(self, *args: Any, **kwargs: Any) -> pygame.Surface:
        try:
            return super().render(*args, **kwargs)
        except pygame.error as error:
            _give_up(self.path, error)
            return font(self.point_size, bold=self.path == BOLD_FONT).render(*args, **kwargs)

    def probe(self) -> None:
        """Draw every kind of letter and sign the program draws (`PROBE`), unguarded: pygame.error
        where the file cannot."""
        super().render(PROBE, True, (0, 0, 0))


def _give_up(path: Path, error: Exception) -> None:
    """Draw with pygame's own font instead of this file from now on: one line for the run, however
    many of the files are gone; the sizes already made are made again."""
    if not _MISSING_FONTS:
        message = _("cannot load the font {name} ({error}); using pygame's own font").format(name=path.name, error=error)
        sys.stderr.write(f"solitaire: {message}\n")
    if path not in _MISSING_FONTS:
        _MISSING_FONTS.add(path)
        font.cache_clear()


# What the table, the panels and the translations draw: ASCII, the suits, and the letters and signs
# of French, German and Spanish (a damaged font that draws these draws the game).
PROBE = "".join(chr(code) for code in range(32, 127)) + "♠♥♦♣♡♢↺×·…–—’«»¿¡éèêëàâäçîïôöûùüÿñáíóúßÉÈÀÇÖÜÑ"
SHIPPED_CHECKSUMS = {"DejaVuSans.ttf": 0xD74C30B5, "DejaVuSans-Bold.ttf": 0xFD8FF11C}  # CRC-32 of the bundled files
_MISSING_FONTS: set[Path] = set()  # the files that could not be loaded this run
_PROBED_FONTS: set[Path] = set()  # the files found sound this run
VOUCHER_PREFIX = "font-sound-"


def _as_shipped(path: Path) -> bool:
    """Whether the font file is byte for byte the one this program ships."""
    try:
        return zlib.crc32(path.read_bytes()) == SHIPPED_CHECKSUMS.get(path.name)
    except OSError:
        return False


def _voucher(path: Path) -> Path | None:
    """Where a window's start notes that this font file, as its size and time of change tell, was
    found sound (checksummed, or every letter drawn): the folder the card faces are kept in, or None
    where nothing is kept (tests, the console). Reading the note instead of the file spares every
    later start the checksum (5.7M machine instructions, callgrind); a file damaged in place that
    keeps its size and time of change is the one case it does not see."""
    folder = face_cache.kept_folder()
    if folder is None:
        return None
    try:
        stat = path.stat()
    except OSError:
        return None
    facts = f"{path.absolute()} {stat.st_size} {stat.st_mtime_ns}"
    return folder / f"{VOUCHER_PREFIX}{path.name}-{zlib.crc32(facts.encode()):08x}"


def _vouched_for(path: Path) -> bool:
    voucher = _voucher(path)
    return voucher is not None and voucher.exists()


def _vouch_for(path: Path) -> None:
    """Note that the font file is sound, replacing the notes on it made before; a folder that cannot
    be written notes nothing (the next start checks again)."""
    voucher = _voucher(path)
    if voucher is None:
        return
    try:
        voucher.parent.mkdir(parents=True, exist_ok=True)
        voucher.touch()
        for old in voucher.parent.glob(f"{VOUCHER_PREFIX}{path.name}-*"):
            if old != voucher:
                old.unlink(missing_ok=True)
    except OSError:
        pass


def forget_fonts() -> None:
    """Fonts die with `pygame.quit()`; the next `pygame.init()` must load them afresh."""
    global _quit_hooked
    font.cache_clear()
    _quit_hooked = False


def _forget_at_quit() -> None:
    """Have `pygame.quit()` forget the fonts loaded since the last one: pygame calls what is
    registered once, at its next quit, so a font loaded after a quit registers the hook again.
    Without it a font cached before a quit is dead after the next init ("Invalid font"), and a test
    passed or failed by which test had run before it in the same process."""
    global _quit_hooked
    if not _quit_hooked:
        pygame.register_quit(forget_fonts)
        _quit_hooked = True


_quit_hooked = False  # whether the next pygame.quit() forgets the fonts


def use_text_size(name: str) -> None:
    """Draw the chrome's text at this size from now on ("normal", "large", "larger"); an unknown
    name is the normal size, as a setting this version does not know must never stop the window."""
    global _text_scale
    _text_scale = TEXT_SCALES.get(name, 1.0)


def text_scale() -> float:
    """How much larger than normal the chrome's text is drawn: 1.0, 1.2 or 1.4."""
    return _text_scale


def scaled(size: float) -> int:
    """A chrome text size, in pixels, at the player's text size."""
    return round(size * _text_scale)
