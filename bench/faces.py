"""How long drawing the cards takes at a new size: the work a window resize puts on one frame.

Not a test: it prints figures. Run it from the repository root:

    .venv/bin/python bench/faces.py [--repeat N]

For each face style and card width, a fresh `CardImages` (with the pip cache emptied, as after a
resize to a size never seen) draws all 52 faces and the back. Faces are drawn lazily, one the first
time it is wanted, but a FreeCell deal shows all 52 at once, so the whole deck is what the first frame
after a resize pays. Reported: the median whole-deck time over the repeats, and the slowest single
card seen. The target is 100 ms for a frame; the script says which sizes miss it.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.cards import full_deck
from sprites.deck.backs import BACK_STYLES
from sprites.deck.cards import FACE_STYLES, CardImages
from sprites.deck.pips import pip

WIDTHS = (70, 110, 160, 300)
FRAME_BUDGET_MS = 100.0


def draw_deck(style: str, width: int, back: str) -> tuple[float, float]:
    """(whole deck ms, slowest card ms) for one fresh set of images."""
    pip.cache_clear()
    slowest = 0.0
    start = time.perf_counter()
    images = CardImages(width, round(width * 1.4), face_style=style, back_style=back)
    for card in full_deck():
        before = time.perf_counter()
        images.face(card)
        slowest = max(slowest, time.perf_counter() - before)
    images.back()
    return (time.perf_counter() - start) * 1000, slowest * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    pygame.init()
    pygame.display.set_mode((1920, 1080))  # faces are converted to the display's format, as in the game
    print(f"whole deck (52 faces + back), median of {args.repeat}; slowest single card; budget {FRAME_BUDGET_MS:.0f} ms a frame")
    print(f"{'style':<12} {'card':>9} {'deck ms':>8} {'card ms':>8}")
    misses = []
    for style in FACE_STYLES:
        for width in WIDTHS:
            runs = [draw_deck(style, width, BACK_STYLES[i % len(BACK_STYLES)]) for i in range(args.repeat)]
            deck = statistics.median(r[0] for r in runs)
            card = max(r[1] for r in runs)
            print(f"{style:<12} {width:>4}x{round(width * 1.4):<4} {deck:8.1f} {card:8.2f}")
            if deck > FRAME_BUDGET_MS:
                misses.append(f"{style} at {width} px")
    print("whole deck within budget at every size" if not misses else "whole deck over budget: " + ", ".join(misses))
    pygame.quit()


if __name__ == "__main__":
    main()
