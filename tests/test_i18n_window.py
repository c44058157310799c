"""The window in another language: every text it shows goes through game.i18n, a language chosen in
the settings applies at once, and card faces are never shared between languages.

No catalogue is needed: a translation that marks every text it is asked for (wraps it in «»)
shows which texts passed through gettext, and one that lengthens every text stands for German."""
from __future__ import annotations

import gettext

import pygame
import pytest

from game import i18n
from game.cards import Card
from solitaire.store import Store
from solitaire.store.settings import LANGUAGE
from sprites.deck import face_cache
from sprites.deck.cards import CardImages, font
from sprites.panels import status
from sprites.panels.chooser import GameTile, game_line
from sprites.panels.settings_panel import SettingsPanel
from sprites.scene.intents import Command
from sprites.window import preferences

from .gui_helpers import click, make_app


class Marked(gettext.NullTranslations):
    """Every text comes back in «», so one that did not pass through gettext shows plain."""

    def gettext(self, message: str) -> str:
        return f"«{message}»"

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return f"«{singular if n == 1 else plural}»"

    def pgettext(self, context: str, message: str) -> str:
        return f"«{message}»"

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return f"«{singular if n == 1 else plural}»"


class Lengthened(gettext.NullTranslations):
    """Every text about 60% longer, as German often is (placeholders untouched: only appended to)."""

    @staticmethod
    def _longer(message: str) -> str:
        return message + " " + "e" * (len(message) * 6 // 10) if len(message) > 2 else message

    def gettext(self, message: str) -> str:
        return self._longer(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._longer(singular if n == 1 else plural)

    def pgettext(self, context: str, message: str) -> str:
        return self._longer(message)


@pytest.fixture(autouse=True)
def pygame_session():
    pygame.init()
    yield
    pygame.quit()


def test_the_toolbar_status_bar_and_title_speak_the_language(monkeypatch) -> None:
    monkeypatch.setattr(i18n, "_translation", Marked())
    app, _clock = make_app(analyse=False)
    assert all(b.label.startswith("«") and b.label.endswith("»") for b in app.table.buttons)
    assert pygame.display.get_caption()[0].startswith("«")
    facts = app.table._status_facts()
    assert facts.startswith("«") and "Deal #" in facts  # the placeholders filled in, inside the translated text


def test_panels_speak_the_language(monkeypatch) -> None:
    monkeypatch.setattr(i18n, "_translation", Marked())
    app, _clock = make_app(analyse=False)
    for command in (Command.HELP, Command.STATISTICS, Command.SETTINGS, Command.CHOOSE_GAME, Command.ASK_DEAL_NUMBER):
        app.command(command)
        app.step()  # drawn: every label is written by now
        panel = app.overlays[-1]
        games = getattr(panel, "game_buttons", [])  # the games' names are the model's to translate
        # The speed (×1.5) is a number, not a text.
        labels = [b.label for b in panel.buttons if b.label and b not in games and not b.label.startswith("‹  ×")]
        assert labels and all("«" in label for label in labels), (type(panel).__name__, labels)
        app.pop_overlay(panel)


def test_the_face_cache_keeps_each_language_apart(tmp_path) -> None:
    size = (100, 140)
    english = face_cache._path(tmp_path, "pictured", size, "en")
    french = face_cache._path(tmp_path, "pictured", size, "fr")
    assert english != french != face_cache._path(tmp_path, "pictured", size, "de")
    assert english.name == f"faces-pictured-100x140-{face_cache.drawing_digest()}.bin"  # English's name as before

    face_cache.use(tmp_path)
    try:
        images = CardImages(*size)
        images.face(Card.parse("KS"))
        images.keep_faces()
        face_cache.use(tmp_path)  # a new run
        key = (Card.parse("KS"), images.index_height, False)
        assert face_cache.kept_face("pictured", size, key, "en") is not None
        assert face_cache.kept_face("pictured", size, key, "fr") is None  # a French start draws its own faces
    finally:
        face_cache.use(None)


def test_card_images_draw_faces_anew_in_another_language(monkeypatch) -> None:
    images = CardImages(100, 140)
    king = Card.parse("KH")
    english = images.face(king).copy()
    monkeypatch.setattr(i18n, "_translation", Marked())
    monkeypatch.setattr(i18n, "_language", "fr")
    french = images.face(king)
    assert images.language == "fr"
    assert pygame.image.tobytes(french, "RGBA") != pygame.image.tobytes(english, "RGBA")  # the index is «K» now


def test_choosing_a_language_in_the_settings_keeps_it_and_redraws_the_window_at_once(monkeypatch) -> None:
    calls: list[str | None] = []

    def use_language(code: str | None = None) -> str:
        calls.append(code)
        i18n._translation = gettext.NullTranslations() if code in (None, "en") else Marked()
        i18n._language = code or "en"
        return i18n._language

    monkeypatch.setattr(preferences, "use_language", use_language)
    store = Store.in_memory()
    app, clock = make_app(store=store, analyse=False)
    settings = next(b for b in app.table.buttons if b.label == "Settings")
    click(app, clock, settings.rect.center)
    panel = app.overlays[-1]
    assert isinstance(panel, SettingsPanel)
    app.step()
    row = next(i for i, choice in enumerate(panel.choices) if choice.label == "Language")
    assert store.settings.get(LANGUAGE) == ""
    card = app.table.session.state.columns[0][-1]
    english_face = pygame.image.tobytes(app.table.view.sprites[card].image, "RGBA")

    chosen = []
    for _step in range(len(i18n.LANGUAGES) + 1):  # round every language and back to the system's
        click(app, clock, panel.buttons[row].rect.center)
        chosen.append(store.settings.get(LANGUAGE))
        if chosen[-1] == "fr":
            # The whole window, at once: toolbar, title, the open panel, the cards.
            assert all(b.label.startswith("«") for b in app.table.buttons)
            assert pygame.display.get_caption()[0].startswith("«")
            assert panel.buttons[-1].label == "«Close»"
            assert "Français" in panel.buttons[row].label
            assert app.table.view.images.language == "fr"
            assert pygame.image.tobytes(app.table.view.sprites[card].image, "RGBA") != english_face
    assert chosen == [*i18n.LANGUAGES, ""]
    assert calls == [*i18n.LANGUAGES, None]  # the system's language is None to use_language
    assert [b.label for b in app.table.buttons][0] == "New deal"  # back in English


def tile_is_whole(tile: GameTile) -> bool:
    """Whether a tile shows its whole name and its whole line, word for word, each line inside the
    tile right of its picture, and every line of it within the tile's height."""
    text_font = font(tile.text_size)
    right = tile.frame.right - 4
    fits = (all(tile.text_left() + text_font.size(name)[0] <= right for name in tile.names)
            and all(text_font.size(line)[0] <= tile.frame.width - 8 for line in tile.lines))
    tall = tile.text_height() <= tile.frame.height
    return (fits and tall and " ".join(tile.names).split() == tile.label.split()
            and " ".join(tile.lines).split() == game_line(tile.variant).split())


@pytest.mark.parametrize("translation", [Marked(), Lengthened()], ids=["marked", "lengthened"])
def test_longer_texts_still_fit_a_small_window(monkeypatch, translation) -> None:
    monkeypatch.setattr(i18n, "_translation", translation)
    app, _clock = make_app(size=(800, 600), analyse=False)
    screen = app.screen.get_rect()
    toolbar = app.table.view.layout.toolbar
    buttons = app.table.buttons
    assert all(toolbar.contains(b.rect) for b in buttons)
    assert not any(a.rect.colliderect(b.rect) for i, a in enumerate(buttons) for b in buttons[i + 1:])
    assert all(pygame.font.Font.size(_button_font(b), b.label)[0] <= b.rect.width for b in buttons)
    layout, facts = app.table.view.layout, app.table._status_facts()
    assert status._bar_font(layout, facts).size(facts)[0] <= layout.status.width - 2 * status.EDGE
    for command in (Command.SETTINGS, Command.STATISTICS, Command.HELP, Command.CHOOSE_GAME):
        app.command(command)
        app.step()
        panel = app.overlays[-1]
        for button in panel.buttons:
            if isinstance(button, GameTile):  # a game's name and line whole beside its picture, however long
                assert tile_is_whole(button), button.label  # (a tile scrolled out of sight is drawn clipped)
                continue
            assert screen.contains(button.rect), (type(panel).__name__, button.label)
            if button.label:
                assert _button_font(button).size(button.label)[0] <= button.rect.width, (type(panel).__name__, button.label)
        app.pop_overlay(panel)


def _button_font(button) -> pygame.font.Font:
    from sprites.deck.cards import font

    return font(button.text_size or max(10, int(button.rect.height * 0.5)))


@pytest.mark.parametrize("language", ["de", "fr", "es"])
def test_under_lang_the_language_row_names_the_language_the_window_speaks(language: str) -> None:
    """Issue 57 item 7: `--lang de` over a kept choice of the system's language read "System (English)"
    over a window in German. The row names the language in effect, which `--lang` chose for the run."""
    i18n.use_language(language)  # what --lang does before the window opens (the kept choice stays "")
    app, _clock = make_app(analyse=False)
    app.command(Command.SETTINGS)
    app.step()
    panel = app.overlays[-1]
    assert isinstance(panel, SettingsPanel)
    row = next(i for i, choice in enumerate(panel.choices) if choice.label == "Language")
    assert app.store.settings.get(LANGUAGE) == ""
    label = panel.buttons[row].label
    assert i18n.LANGUAGES[language] in label and "English" not in label
    app.store.settings.set(LANGUAGE, "en")  # a kept English that --lang overrides for this run
    app.step()
    app.overlays[-1].draw(app.screen)
    assert i18n.LANGUAGES[language] in panel.buttons[row].label
