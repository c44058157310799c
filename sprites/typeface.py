"""The bundled DejaVu Sans, loaded once per size: pygame's default font has no ♠♥♦♣ glyphs."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pygame

FONT_DIR = Path(__file__).resolve().parent / "fonts"
REGULAR_FONT = FONT_DIR / "DejaVuSans.ttf"
BOLD_FONT = FONT_DIR / "DejaVuSans-Bold.ttf"


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    return pygame.font.Font(str(BOLD_FONT if bold else REGULAR_FONT), max(6, size))


def forget_fonts() -> None:
    """Fonts die with `pygame.quit()`; the next `pygame.init()` must load them afresh."""
    font.cache_clear()
