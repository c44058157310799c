"""The settings panel by mouse, the question before abandoning a game, and the clock's start."""
from __future__ import annotations

import pygame
import pytest

from game.families.klondike import DRAW as DRAW_OPTION
from solitaire.store import Store
from solitaire.store.settings import BACK_STYLE, CONFIRM_ABANDON, FACE_STYLE, FELT, FOUR_COLOUR, HIGH_CONTRAST, option_setting
from sprites.panels.settings_panel import SettingsPanel

from .gui_helpers import click, key, make_app, settle

DRAW = option_setting(DRAW_OPTION)


@pytest.fixture(autouse=True)
def pygame_session():
    pygame.init()
    yield
    pygame.quit()


def open_settings(app, clock) -> SettingsPanel:
    button = next(b for b in app.table.buttons if b.label == "Settings")
    click(app, clock, button.rect.center)
    panel = app.overlays[-1]
    assert isinstance(panel, SettingsPanel)
    return panel


def press_row(app, clock, panel: SettingsPanel, label: str) -> None:
    index = next(i for i, choice in enumerate(panel.choices) if choice.label == label)
    click(app, clock, panel.buttons[index].rect.center)


def test_the_settings_panel_opens_from_the_toolbar_and_lists_every_setting() -> None:
    app, clock = make_app()
    panel = open_settings(app, clock)
    app.step()
    assert [c.label for c in panel.choices] == [
        "Language", "Text size", "Sound", "Auto-play safe cards", "Animation speed", "Klondike draws", "Spider deals",
        "Pyramid's passes", "Winnable deals only", "Card faces", "Card backs", "Table",
        "Four-colour deck", "High contrast",
        "Show the clock", "Ask before abandoning a game",
    ]
    assert all(app.screen.get_rect().contains(b.rect) for b in panel.buttons)
    assert not any(a.rect.colliderect(b.rect) for i, a in enumerate(panel.buttons) for b in panel.buttons[i + 1:])


def test_clicking_a_row_changes_the_setting_keeps_it_and_shows_it() -> None:
    store = Store.in_memory()
    app, clock = make_app(store=store)
    panel = open_settings(app, clock)
    app.step()
    card = app.table.session.state.columns[0][-1]
    face_before = app.table.view.sprites[card].image.copy()
    press_row(app, clock, panel, "Card faces")
    assert store.settings.get(FACE_STYLE) == "large-index" and app.table.view.images.face_style == "large-index"
    assert app.table.view.sprites[card].image.get_view("2").raw != face_before.get_view("2").raw  # redrawn at once
    press_row(app, clock, panel, "Card backs")
    assert store.settings.get(BACK_STYLE) == "red"
    press_row(app, clock, panel, "Table")
    assert store.settings.get(FELT) == "blue"
    key(app, pygame.K_ESCAPE)
    app.step()
    red, green, blue, _ = app.screen.get_at((3, app.table.view.layout.column_tops[0].bottom + 200))
    assert blue > red + 30 and blue > green + 20  # the table is blue now
    assert app.table.view.layout.toolbar.collidepoint(3, 3) and app.screen.get_at((3, 3))[:3] == app.look.palette.bar
    assert app.look.palette.bar[2] > app.look.palette.bar[1]  # and so are its bars
    press = open_settings(app, clock)
    app.step()
    press_row(app, clock, press, "Klondike draws")
    assert store.settings.get(DRAW) == 3
    press_row(app, clock, press, "Sound")
    assert not app.preferences.sound_on


@pytest.mark.parametrize(("label", "setting"), [("Four-colour deck", FOUR_COLOUR), ("High contrast", HIGH_CONTRAST)])
def test_the_deck_colours_are_kept_for_the_next_start(label: str, setting) -> None:
    store = Store.in_memory()
    app, clock = make_app(store=store)
    panel = open_settings(app, clock)
    app.step()
    press_row(app, clock, panel, label)
    assert store.settings.get(setting) is True
    again, _ = make_app(store=store)
    assert getattr(again.look, setting.name) is True


def test_the_keyboard_works_the_panel_too() -> None:
    store = Store.in_memory()
    app, clock = make_app(store=store)
    panel = open_settings(app, clock)
    app.step()
    for _ in range(len(panel.choices) - 1):  # the ring starts on Sound; down to the last row
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert store.settings.get(CONFIRM_ABANDON) is False


def make_a_move(app, clock) -> None:
    session = app.table.session
    app.table.try_move(lambda: sorted(session.rules.legal_moves(session.state), key=str)[0])
    settle(app, clock)


def test_a_new_deal_during_a_game_asks_first_and_keep_playing_keeps_it() -> None:
    app, clock = make_app()
    make_a_move(app, clock)
    session = app.table.session
    key(app, pygame.K_F2)
    question = app.overlays[-1]
    assert question.title == "Abandon this game?"
    click(app, clock, next(b for b in question.buttons if b.label == "Keep playing").rect.center)
    assert app.table.session is session and not app.overlays
    assert app.store.games() == []  # nothing was recorded
    key(app, pygame.K_F2)
    click(app, clock, next(b for b in app.overlays[-1].buttons if b.label == "Abandon it").rect.center)
    assert app.table.session is not session
    assert [g.result for g in app.store.games()] == ["abandoned"]


def test_no_question_before_any_move_or_when_turned_off() -> None:
    app, clock = make_app()
    first = app.table.session
    key(app, pygame.K_F2)  # nothing played yet: nothing to lose
    assert not app.overlays and app.table.session is not first
    app.preferences.set_confirm_abandon(False)
    make_a_move(app, clock)
    second = app.table.session
    key(app, pygame.K_F2)
    assert not app.overlays and app.table.session is not second


def test_the_clock_waits_for_the_first_move() -> None:
    app, clock = make_app()
    clock.ms += 95_000
    app.step()
    assert app.table.session.elapsed == 0 and "0:00" in app.table._status_facts()
    make_a_move(app, clock)
    assert "0:00" in app.table._status_facts()


def test_the_game_chooser_plays_any_freecell_shape() -> None:
    app, clock = make_app()
    click(app, clock, next(b for b in app.table.buttons if b.label == "Game").rect.center)
    menu = app.overlays[-1]
    app.step()
    by_label = {b.label: b for b in menu.buttons}
    for label in ("− cell", "+ column", "+ column"):
        click(app, clock, by_label[label].rect.center)
        app.step()
    assert menu.shape.cells == 3 and menu.shape.columns == 10
    for _ in range(4):
        click(app, clock, by_label["− cell"].rect.center)
    assert menu.shape.cells == 0 and not by_label["− cell"].enabled()  # the end of the range
    click(app, clock, by_label["Play this shape"].rect.center)
    variant = app.table.session.variant
    assert (variant.cells, variant.columns, variant.params.build) == (0, 10, "alternate-colours")
    assert len(app.table.view.layout.column_tops) == 10


def test_the_title_names_the_game_and_the_deal_and_follows_a_new_one() -> None:
    app, clock = make_app(game="bakers-game", deal=617)
    assert pygame.display.get_caption()[0] == "Baker's Game · Deal 617 — Solitaire"
    app.life.request_game(app.table.session.variant, 42)
    assert pygame.display.get_caption()[0] == "Baker's Game · Deal 42 — Solitaire"


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_every_game_name_fits_its_button_in_the_chooser(size) -> None:
    from sprites.deck.cards import font

    app, clock = make_app(size=size)
    key(app, pygame.K_g)
    menu = app.overlays[-1]
    app.step()
    for button in menu.game_buttons:
        assert font(button.text_size).size(button.label)[0] < button.frame.width, button.label
    rects = [b.rect for b in menu.buttons]
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])


def test_every_row_and_the_close_button_fit_the_least_window() -> None:
    """At 800×600 the rows (the four-colour and high-contrast ones too) shrink to fit: no row's button
    reaches the Close button or leaves the panel."""
    app, clock = make_app(size=(800, 600))
    panel = open_settings(app, clock)
    app.step()
    area = panel.panel_rect()
    assert all(area.contains(b.rect) for b in panel.buttons), [b.rect for b in panel.buttons if not area.contains(b.rect)]
    assert not any(a.rect.colliderect(b.rect) for i, a in enumerate(panel.buttons) for b in panel.buttons[i + 1:])


def test_the_scoring_row_keeps_a_way_of_scoring_for_the_game_and_the_next_deal_shows_its_score() -> None:
    from solitaire.store.settings import scoring_setting
    from sprites.panels.status import status_facts

    store = Store.in_memory()
    app, clock = make_app("klondike", 1, store=store)
    klondike = app.table.session.variant
    panel = open_settings(app, clock)
    app.step()
    for expected in ("standard", "vegas"):
        press_row(app, clock, panel, "Scoring")
        assert store.settings.get(scoring_setting(klondike)) == expected
    assert "Scoring" not in [choice.label for choice in open_settings(make_app()[0], clock).choices]  # FreeCell's
    assert app.table.session.scoring is None  # from the next deal: Vegas changes the stock's passes
    key(app, pygame.K_ESCAPE)
    app.step()
    app.table.new_deal(5)
    settle(app, clock)
    session = app.table.session
    assert session.deal_number == 5 and session.scoring is not None and session.scoring.key == "vegas"
    assert session.score == -52 - 0 + 5 * sum(len(pile) for pile in session.state.foundations)
    assert "Vegas: " + str(session.score) in status_facts(session, None, "")
