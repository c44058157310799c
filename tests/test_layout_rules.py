"""The table's arithmetic for every game at the two sizes players use most: nothing overlaps, nothing
leaves the window, and no band of felt wider than a card stays empty (the cards take the room)."""
from __future__ import annotations

import pygame
import pytest

from game.moves import PileKind
from game.variants import all_variants, customised, find_variant
from sprites.window.layout import Layout, compute_layout

SIZES = [(1280, 800), (800, 600)]
GAMES = [v.key for v in all_variants()]
SHAPES = GAMES + ["freecell:3x10", "freecell:6x6", "freecell:10x4", "eight-off:8x6"]


def variant_of(key: str):
    base, _, shape = key.partition(":")
    if not shape:
        return find_variant(key)
    cells, columns = (int(n) for n in shape.split("x"))
    return customised(find_variant(base), cells, columns)


def regions(layout: Layout) -> list[pygame.Rect]:
    """Every pile's room: a slot's card, and a column's whole height down to where it may reach; the
    single-card slots of a placed tableau (Pyramid's rows, which overlap as they should) one room."""
    if layout.placed:
        tops = layout.column_tops
        return [rect for _, rect in layout.slots] + [tops[0].unionall(list(tops[1:]))]
    columns = [pygame.Rect(r.left, r.top, r.width, layout.column_reach) for r in layout.column_tops]
    return [rect for _, rect in layout.slots] + columns


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", SHAPES)
def test_piles_stay_apart_and_inside_the_table(game, size) -> None:
    layout = compute_layout(*size, variant_of(game))
    table = pygame.Rect(0, layout.toolbar.bottom, size[0], layout.status.top - layout.toolbar.bottom)
    rooms = regions(layout)
    assert all(table.contains(room) for room in rooms)
    assert not any(a.colliderect(b) for i, a in enumerate(rooms) for b in rooms[i + 1:])


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", GAMES)
def test_no_band_of_felt_wider_than_a_card(game, size) -> None:
    layout = compute_layout(*size, variant_of(game))
    rooms = regions(layout)
    width, card_w, card_h = size[0], layout.card_w, layout.card_h
    assert min(r.left for r in rooms) < card_w and width - max(r.right for r in rooms) < card_w  # the sides
    rows: dict[int, list[pygame.Rect]] = {}
    ring = variant_of(game).table.ring  # a clock face's piles stand round its circle, not along a row
    for pile, rect in layout.slots:
        if pile not in ring:
            rows.setdefault(rect.top, []).append(rect)
    for row in rows.values():  # along a row of piles, at most one free slot between two piles
        row.sort(key=lambda r: r.left)
        assert all(b.left - a.right <= card_w + 2 * layout.gap for a, b in zip(row, row[1:]))
    first = min(r.top for r in rooms)
    assert first - layout.toolbar.bottom < card_h / 2  # the table starts under the toolbar
    assert layout.status.top - max(r.bottom for r in rooms) < card_h  # and reaches down to the status bar


@pytest.mark.parametrize(("game", "size", "least_width"), [
    ("klondike", (1280, 800), 140),  # seven columns: the width, not a reserve for 19-card columns, sets the size
    ("klondike", (800, 600), 100),
    ("golf", (1280, 800), 150),
    ("golf", (800, 600), 100),
    ("eight-off", (1280, 800), 110),  # foundations beside the columns instead of a second top row
    ("eight-off", (800, 600), 78),
])
def test_stock_games_and_eight_off_use_the_width(game, size, least_width) -> None:
    assert compute_layout(*size, find_variant(game)).card_w >= least_width


def test_golf_keeps_its_stock_and_foundation_under_the_tableau() -> None:
    layout = compute_layout(1280, 800, find_variant("golf"))
    lowest_column_card = layout.column_tops[0].top + layout.column_offsets(5, 0)[-1] + layout.card_h
    kinds = {pile.kind: rect for pile, rect in layout.slots}
    assert set(kinds) == {PileKind.STOCK, PileKind.FOUNDATION}
    assert all(rect.top > lowest_column_card for rect in kinds.values())
    assert layout.column_tops[0].top < layout.toolbar.bottom + layout.card_h / 2  # no empty row above the columns


@pytest.mark.parametrize("key", ["yukon", "russian"])
@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1280, 800), (1920, 1080)])
def test_foundations_beside_the_columns_give_them_the_windows_height(key, size) -> None:
    """Issue 57 item 1: both anchors put Yukon's foundations in a side column, so the columns start
    under the toolbar and their covered cards show a taller strip than under a top row; the side piles
    stand right of the columns (one under another, or in two lines where the window is wide), apart,
    inside the window and the band behind them."""
    game = find_variant(key)
    foundations = game.table.side
    assert foundations and all(pile.kind is PileKind.FOUNDATION for pile in foundations)
    on_top = game.replace(table=game.table.replace(top=((), foundations), side=()))
    layout, above = compute_layout(*size, game), compute_layout(*size, on_top)
    assert layout.column_tops[0].top == layout.toolbar.bottom + layout.gap
    assert layout.tightest_strip >= max(above.tightest_strip, 18)  # the index gets room: 18 px and more
    piles = [rect for pile, rect in layout.slots if pile.kind is PileKind.FOUNDATION]
    assert len(piles) == len(foundations)
    assert all(rect.left > layout.column_tops[-1].right for rect in piles)
    assert not any(a.colliderect(b) for i, a in enumerate(piles) for b in piles[i + 1:])
    window = pygame.Rect(0, layout.toolbar.bottom, layout.width, layout.status.top - layout.toolbar.bottom)
    assert all(window.contains(rect) and layout.bands[-1].contains(rect) for rect in piles)
