"""The window's chrome: smooth button corners, the game chooser's pictures and lines, a readable
statistics table, the status bar's speaker, the text size setting and the high-contrast theme."""
from __future__ import annotations

import sqlite3
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.variants import all_variants, customised, find_variant
from solitaire.store import DB_NAME, open_store
from solitaire.store.settings import TEXT_SIZE, TEXT_SIZES
from sprites.deck import typeface
from sprites.deck.contrast import (
    AA_TEXT,
    AAA_TEXT,
    HighContrastPalette,
    contrast_ratio,
    high_contrast,
    ink_of,
    text_pairs,
)
from sprites.panels.chooser import GameMenu, GameTile, game_line
from sprites.panels.overlays import Overlay
from sprites.panels.statistics import StatisticsOverlay
from sprites.panels.status import StatusBar, status_facts
from sprites.panels.table_picture import table_picture
from sprites.panels.widgets import Button
from sprites.window.look import FELTS, Look, Palette
from sprites.window.speaker import speaker_image

from .gui_helpers import click, key, make_app

GREEN = Palette(FELTS["green"])


@pytest.fixture(autouse=True)
def pygame_session():
    pygame.init()
    yield
    typeface.use_text_size("normal")  # the text size is the whole window's: no test leaves another behind
    pygame.quit()


# -- buttons -------------------------------------------------------------------------------------------

def _corner_colours(palette: Palette, pressed_by: pygame.Rect) -> set[tuple[int, int, int]]:
    surface = pygame.Surface((200, 80))
    surface.fill(palette.bar)
    button = Button("", lambda: None)
    button.rect = pressed_by
    button.draw(surface, palette)
    corner = pygame.Rect(pressed_by.topleft, (10, 10))
    return {tuple(surface.get_at((x, y)))[:3] for x in range(corner.left, corner.right) for y in range(corner.top, corner.bottom)}


def test_a_buttons_corners_are_smooth_not_stepped() -> None:
    """A stepped corner has two colours, the bar's and the button's; a smooth one blends between them."""
    colours = _corner_colours(GREEN, pygame.Rect(20, 20, 120, 32))
    blends = colours - {GREEN.bar, GREEN.button}
    assert len(blends) >= 4, colours


def test_a_buttons_four_corners_are_alike() -> None:
    surface = pygame.Surface((200, 80))
    surface.fill(GREEN.bar)
    button = Button("", lambda: None)
    button.rect = pygame.Rect(20, 20, 120, 32)
    button.draw(surface, GREEN)
    r = button.rect
    for dx in range(8):
        for dy in range(8):
            top_left = surface.get_at((r.left + dx, r.top + dy))
            assert surface.get_at((r.right - 1 - dx, r.top + dy)) == top_left
            assert surface.get_at((r.left + dx, r.bottom - 1 - dy)) == top_left
            assert surface.get_at((r.right - 1 - dx, r.bottom - 1 - dy)) == top_left


# -- the game chooser ------------------------------------------------------------------------------------

def open_chooser(size=(1280, 800)):
    app, clock = make_app(size=size, analyse=False)
    key(app, pygame.K_g)
    app.step()
    menu = app.overlays[-1]
    assert isinstance(menu, GameMenu)
    return app, clock, menu


def test_every_game_in_the_chooser_has_a_picture_of_its_table() -> None:
    app, _clock, menu = open_chooser()
    shots, tables = {}, {}
    for tile in menu.game_buttons:
        assert isinstance(tile, GameTile)
        if not menu.tiles_area.contains(tile.frame):
            menu.scroll_by(tile.frame.top - menu.tiles_area.top)
            app.draw()
        assert menu.tiles_area.contains(tile.frame)
        picture = app.screen.subsurface(tile.picture_rect())
        w, h = picture.get_size()
        colours = {tuple(picture.get_at((x, y)))[:3] for x in range(0, w, 3) for y in range(0, h, 3)}
        felt = app.look.palette.felt
        assert any(_is_felt(c, felt) for c in colours)  # the felt
        assert any(min(c) > 230 for c in colours)  # and white cards on it
        shots[tile.variant.key] = pygame.image.tobytes(picture, "RGB")
        tables[tile.variant.key] = (tile.variant.table, tile.variant.family)
    for a in shots:
        for b in shots:
            if tables[a] != tables[b]:
                assert shots[a] != shots[b], (a, b)  # games laid out differently look different (draw 3's waste, Golf, cells)


def test_a_game_of_any_shape_gets_its_picture_with_nothing_drawn_for_it_by_name() -> None:
    wide = customised(find_variant("freecell"), 2, 10)
    picture = table_picture(wide, (160, 100), Look())
    usual = table_picture(find_variant("freecell"), (160, 100), Look())
    assert picture.get_size() == (160, 100)
    assert pygame.image.tobytes(picture, "RGB") != pygame.image.tobytes(usual, "RGB")


def drawn_table(game: str, look: Look, size: tuple[int, int]) -> bytes:
    """The first deal of `game` as the window's table draws it, its stock turned once, scaled to `size`."""
    from game.variants import rules_for
    from sprites.panels.table_picture import DRAWN_AT, PICTURE_DEAL
    from sprites.scene.board_view import BoardView

    variant = find_variant(game)
    rules = rules_for(variant)
    state = rules.deal(PICTURE_DEAL)
    turn = rules.stock_move(state)
    view = BoardView(variant, DRAWN_AT, look)
    view.show(rules.apply(state, turn) if turn is not None else state, 0)
    window = pygame.Surface(DRAWN_AT)
    view.draw_table(window)
    return pygame.image.tobytes(pygame.transform.smoothscale(window.subsurface(view.layout.table_area), size), "RGB")


def differ(a: bytes, b: bytes) -> float:
    return sum(abs(x - y) for x, y in zip(a, b)) / len(a)


@pytest.mark.parametrize(("game", "look"), [("klondike-draw3", Look()), ("spider", Look(back="red", felt="blue")),
                                            ("golf", Look(face="large-index", four_colour=True))])
def test_a_games_picture_is_its_table_in_miniature_with_real_cards(game: str, look: Look) -> None:
    """Issue 57 item 3: the chooser's pictures were schematics (white shapes with a coloured mark);
    KPatience shows real miniature cards. A picture is the table as the window draws it, in the
    player's deck and felt, scaled down: its felt, slots, faces, backs and the stock's count (compared
    coarsely: where each card lies and what shows on it, not how large its corner index is drawn)."""
    coarse = (48, 30)
    picture = table_picture(find_variant(game), (240, 150), look)
    shrunk = pygame.image.tobytes(pygame.transform.smoothscale(picture, coarse), "RGB")
    assert differ(shrunk, drawn_table(game, look, coarse)) < 10  # the table, in miniature
    assert differ(shrunk, drawn_table("freecell", look, coarse)) > 10  # and not another game's
    assert differ(shrunk, drawn_table(game, look.replace(felt="grey"), coarse)) > 10  # in the player's felt


def test_each_game_has_one_line_and_the_lines_tell_the_families_games_apart() -> None:
    lines = {v.key: game_line(v) for v in all_variants()}
    assert all(lines.values())
    assert lines["freecell"] != lines["bakers-game"] != lines["eight-off"]
    assert lines["klondike"] != lines["klondike-draw3"]
    assert "\n" not in "".join(lines.values())


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_the_chooser_is_written_in_one_size_and_everything_fits(size) -> None:
    app, _clock, menu = open_chooser(size)
    rect = menu.panel_rect()
    assert {b.text_size for b in menu.game_buttons} == {menu.text_size()}  # the panel's size, no word too wide for it
    for button in menu.buttons:
        assert rect.contains(button.rect), button.label
    rects = [b.rect for b in menu.buttons]
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])


def test_clicking_a_tile_starts_its_game() -> None:
    app, clock, menu = open_chooser()
    tile = next(t for t in menu.game_buttons if t.variant.key == "golf")
    menu.scroll_by(tile.frame.top - menu.tiles_area.top)  # into sight: the chooser scrolls at 1280x800 too
    click(app, clock, tile.rect.center)
    assert app.table.session.variant.key == "golf" and not app.overlays


# -- statistics ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("language", ["en", "fr", "de", "es"])
def test_the_statistics_text_is_at_least_14_pixels_at_1280_by_800(language) -> None:
    i18n.use_language(language)
    app, _clock = make_app(size=(1280, 800), analyse=False)
    key(app, pygame.K_s)
    panel = app.overlays[-1]
    assert isinstance(panel, StatisticsOverlay)
    rect = panel.panel_rect()
    size, widths = panel._fit(panel._table(), rect.width - 48)
    assert size >= 14
    assert sum(widths) <= rect.width - 48 and app.screen.get_rect().contains(rect)


# -- the speaker ------------------------------------------------------------------------------------------

def test_the_speaker_shows_the_sounds_state_and_a_click_on_it_switches_it() -> None:
    app, _clock = make_app(size=(1280, 800), analyse=False)
    sound = {"on": True}
    bar = StatusBar(lambda: sound["on"], lambda: sound.update(on=not sound["on"]))
    layout = app.table.view.layout
    bar.draw(app.screen, layout, "FreeCell", "", GREEN)
    assert bar.speaker_rect is not None and layout.status.contains(bar.speaker_rect)
    speaking = pygame.image.tobytes(app.screen.subsurface(bar.speaker_rect), "RGB")
    assert not bar.press((layout.status.left + 5, layout.status.centery))  # the facts are not a switch
    assert bar.press(bar.speaker_rect.center) and sound["on"] is False
    bar.draw(app.screen, layout, "FreeCell", "", GREEN)
    assert pygame.image.tobytes(app.screen.subsurface(bar.speaker_rect), "RGB") != speaking


def test_the_speaker_is_drawn_not_a_glyph_and_differs_on_and_off() -> None:
    on, off = speaker_image(24, True, (255, 255, 255)), speaker_image(24, False, (255, 255, 255))
    ink = [sum(1 for x in range(24) for y in range(24) if image.get_at((x, y)).a > 128) for image in (on, off)]
    assert min(ink) > 24 * 24 // 10  # a solid shape, not an empty box
    assert pygame.image.tobytes(on, "RGBA") != pygame.image.tobytes(off, "RGBA")


def test_with_the_speaker_the_facts_say_no_muted() -> None:
    app, _clock = make_app(analyse=False)
    session = app.table.session
    assert "muted" in status_facts(session, False, "")  # a bar without a speaker still says it
    assert "muted" not in status_facts(session, None, "") and "muted" not in status_facts(session, True, "")


def test_the_message_leaves_room_for_the_speaker() -> None:
    app, _clock = make_app(size=(800, 600), analyse=False)
    layout = app.table.view.layout
    bar = StatusBar(lambda: True, lambda: None)
    bar.draw(app.screen, layout, "Klondike", "a message the bar shows at its right end", GREEN)
    assert bar.speaker_rect is not None
    message_colour = ink_of(GREEN).message
    row = range(layout.status.top, layout.status.bottom)
    assert not any(app.screen.get_at((x, y))[:3] == message_colour for x in range(bar.speaker_rect.left - 4, layout.width)
                   for y in row)


# -- the text size -----------------------------------------------------------------------------------------

def test_the_text_size_is_kept_validated_and_an_old_file_still_loads(tmp_path: Path) -> None:
    store, _ = open_store(tmp_path)
    assert store.settings.get(TEXT_SIZE) == "normal"
    store.settings.set(TEXT_SIZE, "larger")
    with pytest.raises(ValueError, match="text size"):
        store.settings.set(TEXT_SIZE, "huge")
    store.close()
    store, _ = open_store(tmp_path)
    assert store.settings.get(TEXT_SIZE) == "larger"
    store.close()
    with sqlite3.connect(tmp_path / DB_NAME) as raw:
        raw.execute("UPDATE settings SET value = '\"enormous\"' WHERE key = 'text_size'")
    store, _ = open_store(tmp_path)
    assert store.settings.get(TEXT_SIZE) == "normal"  # a size this version does not know: the default
    store.close()
    assert set(TEXT_SIZES) == set(typeface.TEXT_SCALES)


def test_the_settings_row_steps_through_the_sizes_and_the_window_grows_its_text() -> None:
    app, clock = make_app(size=(1280, 800), analyse=False)
    before = max(b.text_size for b in app.table.buttons)
    key(app, pygame.K_o)
    panel = app.overlays[-1]
    app.step()
    row = next(i for i, c in enumerate(panel.choices) if c.label == "Text size")
    sizes = []
    for _ in TEXT_SIZES:
        panel.buttons[row].action()
        app.step()
        sizes.append(app.store.settings.get(TEXT_SIZE))
    assert sizes == ["large", "larger", "normal"]
    panel.buttons[row].action()  # to "large" and kept
    app.step()
    assert app.preferences.text_size() == "large" and typeface.text_scale() == pytest.approx(1.2)
    assert max(b.text_size for b in app.table.buttons) > before
    assert panel.text_size() > round(app.size[1] * 0.024)


def fits(app, panel: Overlay) -> None:
    screen = app.screen.get_rect()
    rect = panel.panel_rect()
    assert screen.contains(rect), type(panel).__name__
    for button in panel.buttons:
        assert rect.contains(button.rect), (type(panel).__name__, button.label)
        if button.label and not isinstance(button, GameTile):
            from sprites.deck.cards import font

            assert font(button.text_size).size(button.label)[0] <= button.rect.width, (type(panel).__name__, button.label)
    rects = [b.rect for b in panel.buttons]
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:]), type(panel).__name__


@pytest.mark.parametrize("language", ["en", "de"])
def test_with_the_larger_text_everything_still_fits_at_800_by_600(language) -> None:
    from sprites.deck.cards import font
    from sprites.panels import status
    from sprites.scene.intents import Command

    i18n.use_language(language)
    app, clock = make_app(size=(800, 600), analyse=False)
    app.preferences.set_text_size("larger")
    app.step()
    buttons = app.table.buttons
    assert all(app.screen.get_rect().contains(b.rect) for b in buttons)
    assert not any(a.rect.colliderect(b.rect) for i, a in enumerate(buttons) for b in buttons[i + 1:])
    assert all(font(b.text_size).size(b.label)[0] <= b.rect.width for b in buttons)
    assert all(font(b.text_size).get_height() <= b.rect.height for b in buttons)
    layout, facts = app.table.view.layout, app.table._status_facts()
    bar_font = status._bar_font(layout, facts, app.table.status.speaker_width(layout))
    assert bar_font.size(facts)[0] <= layout.status.width - 2 * status.EDGE and bar_font.get_height() <= layout.status.height
    for command in (Command.SETTINGS, Command.STATISTICS, Command.HELP, Command.CHOOSE_GAME, Command.ASK_DEAL_NUMBER):
        app.command(command)
        app.step()
        fits(app, app.overlays[-1])
        app.pop_overlay(app.overlays[-1])
    app.dialogs.abandon(app.table.session, lambda: None)
    app.step()
    fits(app, app.overlays[-1])


# -- high contrast -------------------------------------------------------------------------------------------

def test_every_text_on_the_chrome_passes_aa_and_high_contrast_passes_aaa(capsys) -> None:
    """Both themes over every felt; the ratios are printed (pytest -s) for docs/window.md."""
    worst: dict[str, float] = {}
    for felt_name, felt in FELTS.items():
        for theme, palette in (("normal", Palette(felt)), ("high contrast", high_contrast(Palette(felt)))):
            least = AAA_TEXT if theme == "high contrast" else AA_TEXT
            for where, text, ground in text_pairs(palette):
                ratio = contrast_ratio(text, ground)
                assert ratio >= least, (theme, felt_name, where, ratio)
                worst[f"{theme}: {where}"] = min(worst.get(f"{theme}: {where}", 21.0), ratio)
    with capsys.disabled():
        print("\nleast contrast over the four felts:")
        for where, ratio in sorted(worst.items()):
            print(f"  {ratio:5.2f}:1  {where}")


def test_the_contrast_ratio_is_wcags() -> None:
    assert contrast_ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast_ratio((118, 118, 118), (255, 255, 255)) == pytest.approx(4.54, abs=0.01)  # the AA grey on white
    assert contrast_ratio((255, 255, 255), (255, 255, 255)) == pytest.approx(1.0)


def test_high_contrast_felt_has_no_bands_and_white_outlines_stand_out_on_it() -> None:
    for felt in FELTS.values():
        palette = high_contrast(Palette(felt))
        assert isinstance(palette, HighContrastPalette)
        assert palette.band == palette.felt  # no tinted bands behind the rows of piles
        assert contrast_ratio((255, 255, 255), palette.felt) >= AAA_TEXT
    assert Palette(FELTS["green"]).band != Palette(FELTS["green"]).felt  # the normal theme's bands stay


def test_in_high_contrast_buttons_are_outlined_and_panels_black_with_white_text() -> None:
    palette = high_contrast(GREEN)
    surface = pygame.Surface((200, 80))
    surface.fill(palette.bar)
    button = Button("", lambda: None)
    button.rect = pygame.Rect(20, 20, 120, 32)
    button.draw(surface, palette)
    assert surface.get_at((80, 20))[:3] == (255, 255, 255)  # the top edge's middle: the outline
    assert surface.get_at((80, 36))[:3] == palette.button
    assert ink_of(palette).text == (255, 255, 255) and palette.panel == (0, 0, 0)


def _is_felt(colour: tuple[int, ...], felt: tuple[int, int, int]) -> bool:
    """The felt's colour, or the felt darkened towards the table's edges or behind a band (the same
    colour scaled down): a picture whose middle is all cards (Pyramid's) shows only its darker edges."""
    shade = colour[1] / felt[1]
    return 0.4 <= shade <= 1.0 and all(abs(c - f * shade) <= 3 for c, f in zip(colour, felt))

