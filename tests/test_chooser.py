"""The game chooser holds any number of games at 800x600 (issue 51): with forty-odd games, as the
suite will have, every name and every line is whole, word for word, beside a picture large enough to
recognise the game; the list scrolls by the wheel, the keys and the focus, and a click on a tile
scrolled into sight starts its game. In every text size and every language."""
from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.variant import Variant
from game.variants import offered_variants
from solitaire.store import Store
from solitaire.store.settings import TEXT_SIZE, TEXT_SIZES
from sprites.deck import typeface
from sprites.deck.cards import font
from sprites.panels import dialogs
from sprites.panels.chooser import GameMenu, GameTile, game_line

from .gui_helpers import click, key, make_app, post

SMALL = (800, 600)
LEAST_PICTURE = (160, 100)  # the table in miniature, its cards real ones: large enough to recognise the game (66x44 before)


@pytest.fixture(autouse=True)
def pygame_session():
    pygame.init()
    yield
    typeface.use_text_size("normal")
    pygame.quit()


def many_games(count: int = 44) -> tuple[Variant, ...]:
    """`count` games of the families there are: the real ones, then copies under longer names, as a
    suite of Scorpion, Pyramid, TriPeaks and ten KPatience games will list them."""
    real = offered_variants()
    assert len(real) <= count, "every real game must be among those tried: raise the count"
    extra = [v.replace(key=f"{v.key}-extra-{n}", english_name=f"{v.english_name} Extraordinaire {n}", aliases=())
             for n in range(count) for v in real]
    return (real + tuple(extra))[:count]


def open_chooser(monkeypatch: pytest.MonkeyPatch, games: tuple[Variant, ...], text_size: str = "normal"):
    monkeypatch.setattr(dialogs, "offered_variants", lambda: games)
    store = Store.in_memory()
    store.settings.set(TEXT_SIZE, text_size)
    app, clock = make_app(size=SMALL, analyse=False, store=store)
    key(app, pygame.K_g)
    app.step()
    menu = app.overlays[-1]
    assert isinstance(menu, GameMenu)
    return app, clock, menu


def whole(tile: GameTile) -> bool:
    """The tile's name and line word for word, no line wider than the room right of its picture."""
    text_font = font(tile.text_size)
    inside = (all(tile.text_left() + text_font.size(name)[0] <= tile.frame.right - 4 for name in tile.names)
              and all(text_font.size(line)[0] <= tile.frame.width - 8 for line in tile.lines))
    tall = tile.text_height() <= tile.frame.height
    return (inside and tall and " ".join(tile.names).split() == tile.label.split()
            and " ".join(tile.lines).split() == game_line(tile.variant).split())


@pytest.mark.parametrize("language", ["en", "fr", "de", "es"])
@pytest.mark.parametrize("text_size", TEXT_SIZES)
def test_forty_four_games_fit_at_800_by_600_whole_in_every_size_and_language(monkeypatch, text_size, language) -> None:
    i18n.use_language(language)
    games = many_games()
    app, _clock, menu = open_chooser(monkeypatch, games, text_size)
    assert len(menu.game_buttons) == len(games) and menu.scrolls
    panel = menu.panel_rect()
    assert app.screen.get_rect().contains(panel) and panel.contains(menu.tiles_area)
    for tile in menu.game_buttons:
        assert whole(tile), (tile.label, tile.names, tile.lines)
        assert tile.text_size >= menu.text_size() - 1  # the text keeps the chosen size (a pixel for a long word)
        picture = tile.picture_rect()
        assert picture.width >= LEAST_PICTURE[0] and picture.height >= LEAST_PICTURE[1], picture
        assert menu.tiles_area.left <= tile.frame.left and tile.frame.right <= menu.tiles_area.right
        assert menu.tiles_area.contains(tile.rect)  # what a click may press is in sight
    others = [b for b in menu.buttons if not isinstance(b, GameTile)]
    assert all(panel.contains(b.rect) and not b.rect.colliderect(menu.tiles_area) for b in others)
    tiles = [t.rect for t in menu.game_buttons]
    assert not any(a.colliderect(b) for i, a in enumerate(tiles) for b in tiles[i + 1:])


@pytest.mark.parametrize("language", ["en", "fr", "de", "es"])
def test_every_registered_game_is_in_the_chooser_whole_at_800_by_600(language) -> None:
    """The chooser as a player opens it, with every game the families register (issue 54's thirty-odd):
    each listed game has its tile, and no name or line is cut, in every language."""
    i18n.use_language(language)
    app, _clock = make_app(size=SMALL, analyse=False)
    key(app, pygame.K_g)
    app.step()
    menu = app.overlays[-1]
    assert isinstance(menu, GameMenu)
    listed = [v.key for v in offered_variants()]
    assert len(listed) >= 29 and [tile.variant.key for tile in menu.game_buttons] == listed
    for tile in menu.game_buttons:
        assert whole(tile), (tile.label, tile.names, tile.lines)
        assert menu.tiles_area.left <= tile.frame.left and tile.frame.right <= menu.tiles_area.right


def test_the_wheel_scrolls_to_the_last_game_and_a_click_there_starts_it(monkeypatch) -> None:
    games = many_games()
    app, clock, menu = open_chooser(monkeypatch, games)
    last = menu.game_buttons[-1]
    assert not menu.tiles_area.contains(last.frame) and not last.rect  # out of sight at first
    at_top = pygame.image.tobytes(app.screen.subsurface(menu.tiles_area), "RGB")
    turns = 0
    while not menu.tiles_area.contains(last.frame) and turns < 500:
        post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)
        app.step()
        turns += 1
    assert menu.tiles_area.contains(last.frame) and menu.scroll == menu.content_height - menu.tiles_area.height
    post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)
    app.step()
    assert menu.scroll == menu.content_height - menu.tiles_area.height  # the end of the list stays put
    assert pygame.image.tobytes(app.screen.subsurface(menu.tiles_area), "RGB") != at_top  # drawn scrolled
    click(app, clock, last.rect.center)
    assert app.table.session.variant == games[-1] and not app.overlays


def test_a_click_below_the_tiles_presses_no_tile_scrolled_out_of_sight(monkeypatch) -> None:
    app, clock, menu = open_chooser(monkeypatch, many_games())
    below = next(t for t in menu.game_buttons if t.frame.bottom > menu.tiles_area.bottom)
    menu.scroll_by(below.frame.centery - menu.tiles_area.bottom)  # half of it in sight
    app.draw()
    cut = next(t for t in menu.game_buttons if t.frame.top < menu.tiles_area.bottom < t.frame.bottom)
    assert cut.rect.bottom == menu.tiles_area.bottom  # only its part in sight answers a click
    click(app, clock, (cut.frame.centerx, menu.tiles_area.bottom + 3))
    assert app.overlays and app.table.session.variant != cut.variant


def test_tab_walks_into_the_tiles_out_of_sight_and_scrolls_them_in(monkeypatch) -> None:
    app, _clock, menu = open_chooser(monkeypatch, many_games())
    for _press in range(len(menu.game_buttons) - 1):
        key(app, pygame.K_TAB)
        app.step()
        focused = menu.buttons[menu.focus]
        assert isinstance(focused, GameTile) and menu.tiles_area.contains(focused.frame), focused.label
    key(app, pygame.K_PAGEUP)
    app.step()
    assert menu.scroll < menu.content_height - menu.tiles_area.height

