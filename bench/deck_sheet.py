"""Contact sheets of the whole deck, to look at the card designs as a player would see them.

Not a test: it writes one PNG per face style and card size (the sizes a 1280×800 and an 800×600
FreeCell window give), each with the 52 faces in suit rows on the table's green and every back
below them, and prints the paths. Run it from the repository root:

    .venv/bin/python bench/deck_sheet.py [--out DIR] [--size WxH ...]
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.cards import Card, Suit
from game.variants import find_variant
from sprites.deck.backs import BACK_STYLES
from sprites.deck.cards import FACE_STYLES, CardImages
from sprites.window.layout import compute_layout

TABLE = (24, 96, 56)
WINDOWS = ((1280, 800), (800, 600))


def sheet(style: str, window: tuple[int, int]) -> pygame.Surface:
    """All 52 faces of `style` in suit rows, then one of each back, at the card size `window` gives."""
    layout = compute_layout(*window, find_variant("freecell"))
    width, height = layout.card_size
    gap = max(4, width // 10)
    columns = 13
    rows = len(Suit) + 1
    surface = pygame.Surface((gap + columns * (width + gap), gap + rows * (height + gap)))
    surface.fill(TABLE)
    images = CardImages(width, height, layout.tightest_strip, face_style=style)
    for row, suit in enumerate((Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)):
        for rank in range(1, 14):
            surface.blit(images.face(Card.of(rank, suit)), (gap + (rank - 1) * (width + gap), gap + row * (height + gap)))
    for i, back in enumerate(BACK_STYLES):
        image = CardImages(width, height, face_style=style, back_style=back).back()
        surface.blit(image, (gap + i * (width + gap), gap + len(Suit) * (height + gap)))
    return surface


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/faces-shots"))
    parser.add_argument("--size", action="append", help="window size WxH whose FreeCell cards to draw (repeatable)")
    args = parser.parse_args()
    windows = [tuple(int(v) for v in s.lower().split("x")) for s in args.size] if args.size else WINDOWS
    pygame.init()
    args.out.mkdir(parents=True, exist_ok=True)
    for style in FACE_STYLES:
        for window in windows:
            path = args.out / f"deck-{style}-{window[0]}x{window[1]}.png"
            pygame.image.save(sheet(style, window), str(path))
            print(path)
    pygame.quit()


if __name__ == "__main__":
    main()
