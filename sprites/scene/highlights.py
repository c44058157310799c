"""What the table marks on top of the cards: the selected cards, the pile a drop would land on, the
keyboard focus and a hint's source and destination."""
from __future__ import annotations

import pygame

from game.moves import STOCK, Move, Pile, PileKind
from game.state import State

from ..panels.rounded import draw_box
from .board_view import BoardView

HIGHLIGHT_OK = (120, 230, 120)
HIGHLIGHT_FOCUS = (255, 215, 70)
SELECTED_TINT = (80, 140, 255, 90)
HINT_COLOUR = (255, 120, 220)
RING_RADIUS = 8


def draw_selection(surface: pygame.Surface, view: BoardView, state: State, selection: tuple[Pile, int] | None) -> None:
    """Tint the cards picked up by a click (or the keyboard) and waiting for a destination."""
    if selection is None:
        return
    pile, count = selection
    for rect in view.rects_of(state, pile)[-count:]:
        tint = pygame.Surface(rect.size, pygame.SRCALPHA)
        tint.fill(SELECTED_TINT)
        surface.blit(tint, rect)


def draw_rings(
    surface: pygame.Surface,
    view: BoardView,
    state: State,
    drop: pygame.Rect | None,
    focus: pygame.Rect | None,
    hint: Move | None,
) -> None:
    """Rings around an accepting drop target, the keyboard focus, and a hint's two ends."""
    width = max(2, view.layout.card_w // 30)
    if drop is not None:
        draw_box(surface, drop.inflate(6, 6), RING_RADIUS, None, HIGHLIGHT_OK, width + 1)
    if focus is not None:
        draw_box(surface, focus.inflate(8, 8), RING_RADIUS, None, HIGHLIGHT_FOCUS, width)
    if hint is None:
        return
    if hint.src.kind is PileKind.STOCK:
        source = [view.layout.pile_rect(STOCK)]
    else:
        source = view.rects_of(state, hint.src)[-hint.count:]
    if source:
        draw_box(surface, source[0].unionall(source).inflate(6, 6), RING_RADIUS, None, HINT_COLOUR, width + 1)
    if hint.dst.kind is PileKind.FOUNDATION:
        slots = [r for p, r in view.layout.slots if p.kind is PileKind.FOUNDATION]
        dest = slots[0].unionall(slots)
    else:
        dest = view.top_rect(hint.dst)
    draw_box(surface, dest.inflate(6, 6), RING_RADIUS, None, HINT_COLOUR, width)
