"""The chrome joined to the table: the status bar's speaker in the real window, and the high-contrast
theme on the felt and the chrome (no bands, black bars, outlined buttons) once the look asks for it."""
from __future__ import annotations

import pygame
import pytest

from game.moves import cell
from sprites.deck.contrast import HighContrastPalette

from .gui_helpers import click, make_app


@pytest.fixture(autouse=True)
def pygame_session():
    pygame.init()
    yield
    pygame.quit()


def test_a_click_on_the_speaker_switches_the_sound_and_the_bar_shows_it() -> None:
    app, clock = make_app(analyse=False)
    speaker = app.table.status.speaker_rect
    assert speaker is not None and app.table.view.layout.status.contains(speaker)
    assert "muted" not in app.table._status_facts()
    speaking = pygame.image.tobytes(app.screen.subsurface(speaker), "RGB")
    click(app, clock, speaker.center)
    assert app.preferences.sound_on is False and app.table.message == "sound off"
    assert pygame.image.tobytes(app.screen.subsurface(speaker), "RGB") != speaking
    click(app, clock, speaker.center)
    assert app.preferences.sound_on is True


def test_high_contrast_paints_no_bands_and_black_bars_with_outlined_buttons() -> None:
    app, _clock = make_app(analyse=False)
    layout = app.table.view.layout
    slot = layout.pile_rect(cell(0))
    between = (slot.right + layout.gap // 2, layout.bands[0].top + 4)  # the band, between two piles
    normal_band = app.screen.get_at(between)[:3]
    app.preferences.set_look(app.look.replace(high_contrast=True))
    app.step()
    assert isinstance(app.look.palette, HighContrastPalette)
    assert app.screen.get_at((layout.width // 2, layout.toolbar.bottom - 1))[:3] == (0, 0, 0)
    assert app.screen.get_at(between)[:3] != normal_band  # not darkened into a band
    button = app.table.buttons[0].rect
    assert app.screen.get_at((button.centerx, button.top))[:3] == (255, 255, 255)
