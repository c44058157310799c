"""What a player sees of the table's geometry: card sizes, alignment, legible corners, the window's limits."""
from __future__ import annotations

import pygame
import pytest

from game.cards import Card
from game.moves import STOCK, WASTE, PileKind, column
from game.variants import find_variant
from solitaire.store.settings import MIN_WINDOW
from sprites.deck.cards import font
from sprites.panels.widgets import fit_text, wrap_text
from sprites.window.layout import compute_layout

from .gui_helpers import board, card_point, click, make_app, post, settle

LONGEST_FREECELL_COLUMN = "KC QD JC TD 9C 8D 7C 6D 5C 4D 3C 2D KH QS JH TS 9H 8S 7H"


@pytest.fixture(autouse=True)
def pygame_session():
    pygame.init()
    yield
    pygame.quit()


@pytest.mark.parametrize(("game", "size", "least_width"), [
    ("eight-off", (1280, 800), 100),  # its twelve top piles fold into two rows instead of shrinking every card
    ("eight-off", (800, 600), 72),
    ("seahaven", (800, 600), 70),  # ten columns: the gaps narrow before the cards do
    ("freecell", (1280, 800), 125),
])
def test_cards_are_as_big_as_the_window_allows(game, size, least_width) -> None:
    layout = compute_layout(*size, find_variant(game))
    assert layout.card_w >= least_width
    piles = [rect for _, rect in layout.slots] + list(layout.column_tops)
    assert all(pygame.Rect(0, 0, *size).contains(rect) for rect in piles)
    assert not any(a.colliderect(b) for i, a in enumerate(piles) for b in piles[i + 1:])


@pytest.mark.parametrize("game", ["freecell", "seahaven", "klondike", "klondike-draw3", "golf", "eight-off"])
def test_the_top_row_lines_up_with_the_columns(game) -> None:
    variant = find_variant(game)
    layout = compute_layout(1280, 800, variant)
    lefts = {rect.left for rect in layout.column_tops}
    assert all(rect.left in lefts for pile, rect in layout.slots if pile not in variant.table.side)
    side = [rect for pile, rect in layout.slots if pile in variant.table.side]
    step = layout.card_w + layout.gap  # one or two more columns, in the grid of the columns
    assert all((rect.left - layout.column_tops[-1].left) in (step, 2 * step) for rect in side)
    if game.startswith("klondike"):  # stock over the first column, foundations over the last four
        assert layout.pile_rect(STOCK).left == layout.column_tops[0].left
        foundations = [rect.left for p, rect in layout.slots if p.kind is PileKind.FOUNDATION]
        assert foundations == [r.left for r in layout.column_tops[3:]]


def _ink_free(image: pygame.Surface, rows: range) -> bool:
    """True when the given rows hold nothing but the card's plain face (no index, no symbol)."""
    w = image.get_width()
    body = image.get_at((w // 2, rows.start))
    return all(image.get_at((x, y)) == body for y in rows for x in range(3, w - 3))


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_a_squeezed_column_keeps_every_corner_index_whole(size) -> None:
    app, clock = make_app(start=board("freecell", {0: LONGEST_FREECELL_COLUMN}), autoplay=False, size=size)
    view = app.table.view
    cards = app.table.session.state.columns[0]
    rects = view.rects_of(app.table.session.state, column(0))
    strips = [b.top - a.top for a, b in zip(rects, rects[1:])]
    assert min(strips) < view.images.index_top + view.images.index_height  # the usual index would be cut here
    for card, _rect, strip in zip(cards, rects, strips):
        if card.rank > 10:
            continue  # a court's frame turns round its index just under it, hidden by the next card (the index is sized alike)
        image = view.sprites[card].image
        assert _ink_free(image, range(strip, strip + 3)), f"{card}'s index runs under the next card"


def test_covered_waste_cards_show_their_index_and_a_slice_of_their_face() -> None:
    """Issue 57 item 5: as in a fan of real cards, beside the next card shows the index and, under it,
    a slice of the pips or picture (they showed blank strips)."""
    app, clock = make_app(game="klondike-draw3", deal=3, autoplay=False)
    click(app, clock, app.table.view.layout.pile_rect(STOCK).center)
    settle(app, clock)
    view, waste = app.table.view, app.table.session.state.waste
    rects = view.rects_of(app.table.session.state, WASTE)
    step = rects[-1].left - rects[-2].left
    assert step > 0  # fanned sideways
    for card in waste[-3:-1]:
        image = view.sprites[card].image.subsurface((0, 0, step, view.layout.card_h))
        below_index = range(view.images.index_top + view.images.index_height + 2, view.layout.card_h - view.layout.card_w // 8)
        assert not _ink_free(image, below_index), f"{card} shows a blank strip beside the next card"
    assert not _ink_free(view.sprites[waste[-1]].image, range(view.layout.card_h // 3, view.layout.card_h * 2 // 3))


def test_a_dragged_card_casts_a_shadow() -> None:
    app, clock = make_app(deal=1, autoplay=False)
    card = app.table.session.state.columns[0][-1]
    start = card_point(app, card)
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    app.step()
    post(pygame.MOUSEMOTION, pos=(start[0] + 40, start[1] - 200), rel=(40, -200), buttons=(1, 0, 0))
    app.step()
    rect = app.table.view.sprites[card].rect
    for point in ((rect.right + 3, rect.centery), (rect.centerx, rect.bottom + 3)):
        table = app.table.view.backdrop.get_at(point)  # the table as it is under the drag
        assert sum(app.screen.get_at(point)[:3]) < sum(table[:3]) - 30  # darker beside the lifted card


def test_the_window_stays_at_least_the_least_usable_size() -> None:
    app, clock = make_app(deal=1, autoplay=False)
    app.screen = pygame.display.set_mode((500, 400), pygame.RESIZABLE)
    post(pygame.VIDEORESIZE, size=(500, 400), w=500, h=400)
    app.step()
    assert app.size == MIN_WINDOW
    assert app.table.view.layout.width == MIN_WINDOW[0]


def test_a_message_too_long_for_the_status_bar_is_never_a_hang() -> None:
    """`fit_text` cuts what the bar shows between full draws; a full draw moves the message to the note box."""
    text_font = font(16)
    assert fit_text(text_font, "a long message", 1000) == "a long message"
    cut = fit_text(text_font, "a long message", text_font.size("a long")[0] + text_font.size("…")[0])
    assert cut.endswith("…") and text_font.size(cut)[0] <= text_font.size("a long…")[0]
    assert fit_text(text_font, "a long message", text_font.size("…")[0] - 1) == ""  # used to loop forever
    assert fit_text(text_font, "a long message", -50) == ""
    app, clock = make_app(game="freecell:10x10", deal=1, autoplay=False, size=MIN_WINDOW)
    app.table.say("x" * 400)
    app.step()  # one word far wider than the window
    status = app.table.status
    assert "".join(status.note_lines) == "x" * 400 and app.screen.get_rect().contains(status.note_rect)


def test_wrapping_breaks_a_word_wider_than_the_line() -> None:
    text = "Cannot write to /" + "long-folder-name/" * 12 + "solitaire.sqlite3: nothing will be saved."
    lines = wrap_text(text, 14, 300)
    assert all(font(14).size(line)[0] <= 300 for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    assert lines[0] == "Cannot write to"  # the words before the path are not broken


def test_the_ring_round_a_drop_target_lies_under_the_lifted_cards() -> None:
    from sprites.scene.highlights import HIGHLIGHT_OK

    start = board("freecell", {0: "9S 8H 7C", 1: "5D 10D"})
    app, clock = make_app(start=start, autoplay=False)
    settle(app, clock)
    grab, target = card_point(app, Card.parse("9S")), app.table.view.sprites[Card.parse("10D")].rect
    post(pygame.MOUSEBUTTONDOWN, pos=grab, button=1)
    app.step()
    to = (target.left - 20 + grab[0] - app.table.view.sprites[Card.parse("9S")].rect.left, target.top + 40)
    post(pygame.MOUSEMOTION, pos=to, rel=(0, 0), buttons=(1, 0, 0))
    app.step()
    assert app.table.pointer.drag.target_ok
    lifted = app.table.view.sprites[Card.parse("9S")].rect
    ring = target.inflate(6, 6)
    inside_card = [(ring.left + dx, y) for dx in range(3) for y in range(lifted.top + 12, lifted.bottom - 12, 9)]
    assert all(lifted.collidepoint(p) for p in inside_card)
    assert not any(app.screen.get_at(p)[:3] == HIGHLIGHT_OK for p in inside_card)  # card face, not the ring
    beside = [(ring.left + dx, ring.top + 2) for dx in range(40, 80)]
    assert any(app.screen.get_at(p)[:3] == HIGHLIGHT_OK for p in beside if not lifted.collidepoint(p))  # the ring is drawn


def test_a_dragged_card_passes_under_the_toolbar_and_the_status_bar() -> None:
    """Issue 57 item 8: the bars stay whole over a card dragged across them (it was drawn over them)."""
    app, clock = make_app(deal=1, autoplay=False)
    settle(app, clock)
    card = app.table.session.state.columns[0][-1]
    lifted = app.table.view.sprites[card]
    toolbar, status = app.table.view.layout.toolbar, app.table.view.layout.status
    for aim_y, bar in ((toolbar.centery, toolbar), (status.centery, status)):
        grab = card_point(app, card)  # wherever the last drop left it
        post(pygame.MOUSEBUTTONDOWN, pos=grab, button=1)
        app.step()
        post(pygame.MOUSEMOTION, pos=(grab[0] + 300, aim_y), rel=(0, 0), buttons=(1, 0, 0))
        app.step()
        assert lifted.rect.colliderect(bar)
        inside = lifted.rect.clip(bar).inflate(-12, -4)
        for point in (inside.topleft, inside.center, inside.bottomright):
            face = lifted.image.get_at((point[0] - lifted.rect.x, point[1] - lifted.rect.y))
            assert app.screen.get_at(point) != face  # the bar, not the card's face drawn over it
        post(pygame.MOUSEBUTTONUP, pos=(grab[0] + 300, aim_y), button=1)
        app.step()
        settle(app, clock)


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_every_toolbar_button_fits_in_the_window_with_a_readable_label(size) -> None:
    app, clock = make_app(size=size)
    buttons = app.table.buttons
    assert all(app.screen.get_rect().contains(b.rect) for b in buttons)
    assert not any(a.rect.colliderect(b.rect) for i, a in enumerate(buttons) for b in buttons[i + 1:])
    assert min(b.text_size for b in buttons) >= 12
    solve = next(b for b in buttons if b.label == "Solve")
    hint = next(b for b in buttons if b.label == "Hint")
    assert solve.rect.left - hint.rect.right > solve.rect.height  # a stray click beside Hint never solves the game
