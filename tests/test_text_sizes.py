"""Issue 57 item 2: the text-size setting enlarges every text and shrinks none. At "large" and
"larger" the settings' values were smaller than at "normal", the statistics kept an 11 px table
whatever the size, the help kept its size, and German toolbar labels had an 8 px cap height at 800x600.

Every text the window draws (the toolbar, the status bar and each panel) is recorded with its size
as it is rendered, at each text size, in every language, and compared text by text."""
from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game import i18n
from sprites.deck import typeface
from sprites.panels.widgets import LEGIBLE_LABEL
from sprites.scene.intents import Command

from .gui_helpers import make_app

PANELS = (Command.SETTINGS, Command.STATISTICS, Command.HELP, Command.CHOOSE_GAME, Command.ASK_DEAL_NUMBER)
LANGUAGES = ("en", "fr", "de", "es")
TEXT_SIZES = ("normal", "large", "larger")


@pytest.fixture(autouse=True)
def display() -> Iterator[None]:
    pygame.init()
    yield
    typeface.use_text_size("normal")
    pygame.quit()


class Drawn:
    """The texts rendered while it listens, each with the largest size it was rendered at."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.sizes: dict[str, int] = {}
        drawn = self

        def recording(font_class):  # type: ignore[no-untyped-def]
            class RecordingFont(font_class):  # type: ignore[misc, valid-type]
                def render(self, text, *args, **kwargs):  # type: ignore[no-untyped-def]
                    if text and text.strip():
                        drawn.sizes[text] = max(drawn.sizes.get(text, 0), self.point_size)
                    return super().render(text, *args, **kwargs)

            return RecordingFont

        # the bundled files' fonts (typeface's own class) and pygame's own, where a file is missing
        monkeypatch.setattr(typeface, "_FileFont", recording(typeface._FileFont))
        monkeypatch.setattr(pygame.font, "Font", recording(pygame.font.Font))
        typeface.forget_fonts()

    def take(self) -> dict[str, int]:
        taken, self.sizes = self.sizes, {}
        return taken


def texts_at(monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], text_size: str) -> dict[str, dict[str, int]]:
    """Each part of the window (the bars, then each panel) and the size of each text it draws."""
    drawn = Drawn(monkeypatch)
    app, _clock = make_app(size=size, analyse=False)
    app.preferences.set_text_size(text_size)
    app.step()
    drawn.take()
    app.table.draw(app.screen)
    parts = {"bars": drawn.take()}
    for command in PANELS:
        app.command(command)
        app.step()
        app.table.draw(app.screen)
        drawn.take()
        app.overlays[-1].draw(app.screen)
        parts[command.name] = drawn.take()
        app.pop_overlay(app.overlays[-1])
    return parts


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_every_text_grows_with_the_text_size_and_none_shrinks(monkeypatch, language: str, size: tuple[int, int]) -> None:
    i18n.use_language(language)
    by_size = {text_size: texts_at(monkeypatch, size, text_size) for text_size in TEXT_SIZES}
    for part, texts in by_size["normal"].items():
        for smaller, larger in zip(TEXT_SIZES, TEXT_SIZES[1:]):
            for text, at in by_size[smaller][part].items():
                grown = by_size[larger][part].get(text)
                assert grown is None or grown >= at, f"{part}: {text!r} at {smaller} {at} px, at {larger} {grown} px"
        common = [text for text in texts if text in by_size["larger"][part] and not text.isdigit()]
        assert common, part
        grew = [text for text in common if by_size["larger"][part][text] > texts[text]]
        assert len(grew) >= len(common) * 0.9, f"{part}: only {len(grew)} of {len(common)} texts grew at larger"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("text_size", TEXT_SIZES)
def test_the_toolbar_labels_are_legible_at_800_by_600(language: str, text_size: str) -> None:
    """German labels were drawn at 11 px (capitals 8 px tall); every language's are 14 px and more,
    capitals of 10 px, and still fit the bar."""
    from sprites.deck.cards import font

    i18n.use_language(language)
    app, _clock = make_app(size=(800, 600), analyse=False)
    app.preferences.set_text_size(text_size)
    app.step()
    buttons = app.table.buttons
    assert min(button.text_size for button in buttons) >= LEGIBLE_LABEL
    capital = font(min(button.text_size for button in buttons)).render("H", True, (0, 0, 0)).get_bounding_rect()
    assert capital.height >= 10
    assert all(app.screen.get_rect().contains(b.rect) for b in buttons)
    assert not any(a.rect.colliderect(b.rect) for i, a in enumerate(buttons) for b in buttons[i + 1:])
    assert all(font(b.text_size).size(b.label)[0] <= b.rect.width for b in buttons)


@pytest.mark.parametrize("command", [Command.HELP, Command.STATISTICS])
def test_a_panel_too_tall_for_its_text_scrolls_and_keeps_its_body_inside(command: Command) -> None:
    """With the larger text at 800x600 the help and the statistics are taller than the window: their
    body scrolls (wheel, Page Down, End) inside the panel, above its buttons, instead of shrinking."""
    i18n.use_language("de")
    app, _clock = make_app(size=(800, 600), analyse=False)
    app.preferences.set_text_size("larger")
    app.command(command)
    app.step()
    panel = app.overlays[-1]
    scroller = panel.scroller  # type: ignore[attr-defined]
    assert scroller.scrolls
    rect = panel.panel_rect()
    assert rect.contains(scroller.view) and all(b.rect.top >= scroller.view.bottom for b in panel.buttons)
    before = pygame.image.tobytes(app.screen.subsurface(scroller.view), "RGB")
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    app.step()
    assert scroller.scroll > 0
    assert pygame.image.tobytes(app.screen.subsurface(scroller.view), "RGB") != before
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode="", scancode=0))
    app.step()
    assert scroller.scroll == scroller.content_height - scroller.view.height
    assert app.overlays[-1] is panel  # the keys scrolled it, and closed nothing
