"""Card faces as the table shows them: one index size down a squeezed column, whole indices on the
covered cards of a draw-3 waste, and the card a drag uncovers drawn whole. Read off the pixels."""
from __future__ import annotations

import pygame
import pytest

from game.cards import Card
from game.moves import STOCK, WASTE, column
from solitaire.store import Store
from solitaire.store.settings import FACE_STYLE
from sprites.deck.cards import FACE_STYLES
from sprites.deck.palette import FACE, suit_colour

from .gui_helpers import board, click, make_app, post, settle

SMALL = (800, 600)


def styled(face_style: str) -> Store:
    store = Store.in_memory()
    store.settings.set(FACE_STYLE, face_style)
    return store


@pytest.fixture(autouse=True)
def pygame_session():
    pygame.init()
    yield
    pygame.quit()


def ink(surface: pygame.Surface, colour: tuple[int, int, int]) -> pygame.mask.Mask:
    """Opaque pixels near `colour` (not the card's grey edge, 65 off black on every channel)."""
    near = pygame.mask.from_threshold(surface, (*colour, 255), (60, 60, 60, 255))
    return near.overlap_mask(pygame.mask.from_surface(surface, 200), (0, 0))


def rank_glyph_height(image: pygame.Surface, card: Card, strip: int) -> int:
    """The height of the leftmost glyph (the rank) in the strip of the face a covered card shows."""
    area = image.subsurface((2, 2, image.get_width() // 2, strip - 2))  # inside the card's edge
    glyphs = sorted(ink(area, suit_colour(card.suit)).connected_components(4), key=lambda b: b.get_bounding_rects()[0].x)
    return glyphs[0].get_bounding_rects()[0].height


LONG_COLUMN = "2C 3D 4H 5S 6C 7D 8H 9S 2D 3H 4S 5C 6D 7H 8S 9C 2H 3S 4C 5D 6H 7S 8C 9D"


@pytest.mark.parametrize("face_style", FACE_STYLES)
def test_a_squeezed_column_shows_one_index_size_from_top_to_bottom(face_style) -> None:
    """A FreeCell column of 12 to 24 cards at 800×600: the fan is squeezed and its rounded pixel step
    alternates (at 16 cards between 17 and 18 px, where the index used to change size), yet every
    covered card's rank is drawn the same height (digits differ by at most the pixel a round top
    overshoots, where two index sizes differ by several)."""
    app, _clock = make_app(size=SMALL, store=styled(face_style))
    view = app.table.view
    alternating = 0
    for length in range(12, 25):
        codes = LONG_COLUMN.split()[:length]
        view.show(board("freecell", {0: " ".join(codes)}), 0)
        cards = [Card.parse(code) for code in codes]
        rects = view.rects_of(view.shown, column(0))
        steps = {b.top - a.top for a, b in zip(rects, rects[1:])}
        alternating += len(steps) > 1
        heights = [rank_glyph_height(view.sprites[card].image, card, min(steps)) for card in cards[:-1]]
        assert max(heights) - min(heights) <= 1, f"{length} cards: index heights down the column {heights}"
    assert alternating, "no column length here makes the fan step alternate: the test shows nothing"


@pytest.mark.parametrize("window", [SMALL, (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("face_style", FACE_STYLES)
def test_the_covered_cards_of_a_draw_three_waste_show_their_whole_index(face_style, window) -> None:
    app, clock = make_app(game="klondike-draw3", deal=3, autoplay=False, size=window, store=styled(face_style))
    view = app.table.view
    click(app, clock, view.layout.pile_rect(STOCK).center)
    settle(app, clock)
    waste = app.table.session.state.waste
    for below, above in zip(waste[-3:], waste[-2:]):
        sprite, next_sprite = view.sprites[below], view.sprites[above]
        shown = next_sprite.rect.left - sprite.rect.left
        # the index's band, over the pips and over the line a court's frame draws under the index
        band = sprite.image.subsurface((0, 0, sprite.rect.width, view.images.index_top + view.images.index_height + 1))
        found = ink(band, suit_colour(below.suit))
        assert found.count() > 20, f"{below}: no index on the covered waste card"
        core = pygame.mask.from_threshold(band, (*suit_colour(below.suit), 255), (25, 25, 25, 255))  # no smoothed edges
        # the glyphs, solid: a court frame's outline beside the index (a thin line round an empty box) left out
        glyphs = [b.get_bounding_rects()[0] for b in core.connected_components(4)
                  if b.count() >= 0.2 * b.get_bounding_rects()[0].width * b.get_bounding_rects()[0].height]
        box = glyphs[0].unionall(glyphs[1:])
        assert box.right <= shown, f"{below}: index runs to x={box.right} under the next card, which covers from x={shown}"


def test_the_card_under_a_dragged_waste_card_is_drawn_whole() -> None:
    """Lifting the top card of a draw-3 waste uncovers the one below it: shown with its pips, as the
    top card it is for now, not as the blank edge it was while covered."""
    app, clock = make_app(game="klondike-draw3", deal=3, autoplay=False, size=SMALL)
    view = app.table.view
    click(app, clock, view.layout.pile_rect(STOCK).center)
    settle(app, clock)
    below = app.table.session.state.waste[-2]
    top = view.top_rect(WASTE)
    post(pygame.MOUSEBUTTONDOWN, pos=top.center, button=1)
    app.step()
    for step in range(1, 5):
        post(pygame.MOUSEMOTION, pos=(top.centerx + 30 * step, top.centery + 60 * step), rel=(30, 60), buttons=(1, 0, 0))
        clock.ms += 16
        app.step()
    rect = view.sprites[below].rect
    right_half = app.screen.subsurface(pygame.Rect(rect.centerx, rect.top + rect.height // 4, rect.width // 2 - 4,
                                                   rect.height // 2))
    stock = pygame.mask.from_threshold(right_half, (*FACE, 255), (12, 12, 12, 255))
    drawn = 1 - stock.count() / (right_half.get_width() * right_half.get_height())
    assert drawn > 0.1, f"{below} is blank ({drawn:.0%} drawn on) while the card above it is lifted"
    post(pygame.MOUSEBUTTONUP, pos=(top.centerx + 120, top.centery + 240), button=1)
    app.step()
