"""Issue 57 item 8: nothing of the game is drawn over the toolbar or the status bar. Cards in flight
(Spider's runs going home), a long dragged run and the win's leaping cards pass under the bars; a run
of ten cards carried down the table closes its fan instead of running off the window."""
from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.cards import full_deck
from game.state import State
from sprites.deck.legible import legible_strip
from sprites.scene.animation import Tween
from sprites.scene.celebration import Celebration
from sprites.window.app import App

from .gui_helpers import card_point, make_app, post

SIZE = (800, 600)


@pytest.fixture(autouse=True)
def display() -> Iterator[None]:
    pygame.init()
    yield
    pygame.quit()


def bars(app: App) -> list[bytes]:
    layout = app.table.view.layout
    return [pygame.image.tobytes(app.screen.subsurface(rect), "RGB") for rect in (layout.toolbar, layout.status)]


def test_a_card_in_flight_passes_under_the_bars() -> None:
    app, clock = make_app(game="spider-1", size=SIZE, autoplay=False, analyse=False)
    table = app.table
    table.draw(app.screen)
    still = bars(app)
    layout = table.view.layout
    for card, top in ((table.session.state.columns[0][-1], layout.status.top - 20), (table.session.state.columns[9][-1], -20)):
        sprite = table.view.sprites[card]
        table.view.tweens[card] = Tween(sprite.rect.topleft, (sprite.rect.x, top), clock.ms, 10_000)
        sprite.rect.y = top  # over the status bar, and over the toolbar
    table.draw(app.screen)
    assert bars(app) == still
    assert app.screen.get_at((table.view.sprites[card].rect.centerx, layout.toolbar.bottom + 5)) != still[0][:3]


def long_yukon_column() -> State:
    deck = list(full_deck())
    columns = [deck[:14]] + [deck[14 + i::6] for i in range(6)]
    return State(tuple(tuple(c) for c in columns), (), ((), (), (), ()), (0,) * 7)


def test_a_ten_card_run_dragged_down_closes_its_fan_and_passes_under_the_status_bar() -> None:
    app, clock = make_app(game="yukon", start=long_yukon_column(), size=SIZE, autoplay=False, analyse=False)
    table = app.table
    lifted = table.session.state.columns[0][-11:]
    sprites = [table.view.sprites[card] for card in lifted]
    steps = [b.rect.top - a.rect.top for a, b in zip(sprites, sprites[1:])]
    table.draw(app.screen)
    still = bars(app)
    layout = table.view.layout
    least = [min(step, legible_strip(layout.card_h)) for step in steps]
    start = card_point(app, lifted[0])
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    app.step()
    for y in range(start[1], layout.height, 20):
        post(pygame.MOUSEMOTION, pos=(start[0] + 60, y), rel=(0, 0), buttons=(1, 0, 0))
        clock.ms += 16
        app.step()
        assert table.pointer.lifted == sprites
        now = [b.rect.top - a.rect.top for a, b in zip(sprites, sprites[1:])]
        assert all(step >= floor for step, floor in zip(now, least))  # each covered index still shows
        assert sprites[-1].rect.bottom <= layout.table_area.bottom or now == least  # on the table, or closed up
        table.draw(app.screen)
        assert bars(app) == still
    assert now == least and now != steps


def test_the_wins_cards_bounce_on_the_table_not_on_the_status_bar() -> None:
    app, _clock = make_app(size=SIZE, analyse=False)
    layout = app.table.view.layout
    images = app.table.view.images
    deck = list(full_deck())
    launchers = [(rect, deck[i * 13:(i + 1) * 13]) for i, (rect) in enumerate(r for _p, r in layout.slots[4:8])]
    show = Celebration(images, launchers, area=layout.table_area)
    screen = app.screen
    app.table.draw(screen)
    still = bars(app)
    for now in range(0, 6000, 16):
        if not show.update(now, SIZE):
            break
        assert all(b.y + images.size[1] <= layout.table_area.bottom for b in show.bouncers)
        show.draw(screen)
        assert bars(app) == still
