"""The panels over the table (win, no moves, help) and the window's settings keys, through the real loop."""
from __future__ import annotations

import pygame
import pytest

from game.cards import Card
from game.settings import ANIMATION_SPEED
from sprites.overlays import PANEL, HelpOverlay, MessageOverlay, WinOverlay

from .gui_helpers import board, card_point, click, key, make_app, settle


@pytest.fixture(autouse=True)
def pygame_session():
    pygame.init()
    yield
    pygame.quit()


def won_app():
    start = board("freecell", {0: "KS"}, foundations={"C": 13, "D": 13, "H": 13, "S": 12})
    app, clock = make_app(start=start, autoplay=False)
    king = Card.parse("KS")
    click(app, clock, card_point(app, king))
    click(app, clock, card_point(app, king), gap_ms=100)
    settle(app, clock)
    assert isinstance(app.overlays[-1], WinOverlay)
    return app, clock


def test_the_win_says_one_move_not_one_moves() -> None:
    app, _ = won_app()
    assert "won in 1 move and" in app.overlays[-1].lines[0]


def test_the_celebration_ends_and_the_window_goes_idle(monkeypatch) -> None:
    app, clock = won_app()
    most_cards = 0
    for _ in range(20_000 // 16):
        clock.ms += 16
        app.step()
        most_cards = max(most_cards, len(app.overlays[-1].celebration.bouncers))
        if not app.busy:
            break
    assert not app.busy, "the celebration never ended"
    assert clock.ms < 15_000 and 0 < most_cards <= 16  # a short show, never a pile of cards
    assert isinstance(app.overlays[-1], WinOverlay)  # the message stays until the player answers it
    frames = []
    monkeypatch.setattr(app, "draw", lambda: frames.append(1))
    for _ in range(10):
        clock.ms += 500
        app.step()
    assert frames == []  # nothing moves, nothing is drawn: the loop can sleep


def test_game_keys_work_under_the_win_panel() -> None:
    app, clock = won_app()
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert not app.table.session.is_won
    assert app.overlays == []  # the panel was about a win that is no more



def test_panel_buttons_answer_the_keyboard() -> None:
    app, clock = won_app()
    panel = app.overlays[-1]
    assert [b.label for b in panel.buttons] == ["New Deal", "Close"]
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)  # Close
    assert app.overlays == [] and app.table.session.is_won
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    settle(app, clock)
    key(app, pygame.K_y, pygame.KMOD_CTRL)  # the win again
    settle(app, clock)
    assert isinstance(app.overlays[-1], WinOverlay)
    key(app, pygame.K_RETURN)  # New Deal, ringed from the start
    assert app.overlays == [] and not app.table.session.is_won


def test_panels_are_opaque() -> None:
    app, clock = make_app(deal=1, autoplay=False)
    key(app, pygame.K_F1)
    panel = app.overlays[-1].panel_rect()
    corner = (panel.right - 12, panel.top + 12)  # inside the panel, away from its text
    assert app.screen.get_at(corner)[:3] == PANEL


@pytest.mark.parametrize(
    ("game", "present", "absent", "words"),
    [
        ("golf", [], ["A", "F"], "click the stock"),
        ("klondike-draw3", ["A", "F"], [], "turn 3 cards"),
        ("freecell", ["A"], ["F"], "free cell"),
    ],
)
def test_help_shows_this_games_rules_and_keys(game, present, absent, words) -> None:
    app, clock = make_app(game=game, deal=2, autoplay=False)
    key(app, pygame.K_F1)
    overlay = app.overlays[-1]
    assert isinstance(overlay, HelpOverlay) and overlay.variant is app.table.session.variant
    keys = {k for k, _ in overlay.keys}
    assert all(k in keys for k in present) and not any(k in keys for k in absent)
    assert "+ / -" in keys
    from sprites.help_text import mouse_help

    assert words in mouse_help(overlay.variant).lower()
    key(app, pygame.K_ESCAPE)
    assert app.overlays == []


def test_plus_and_minus_change_the_animation_speed_and_keep_it() -> None:
    app, clock = make_app(deal=1, autoplay=False)
    key(app, pygame.K_PLUS)
    assert app.speed == 1.5 and app.store.settings.get(ANIMATION_SPEED) == 1.5
    assert "1.5" in app.table.message
    move = sorted((m for m in app.table.session.rules.legal_moves(app.table.session.state)), key=str)[0]
    app.table.try_move(lambda: move)
    app.step()
    assert {t.duration_ms for t in app.table.view.tweens.values()} == {round(140 / 1.5)}
    settle(app, clock)
    for _ in range(2):
        key(app, pygame.K_MINUS)
    assert app.speed == 0.75 and app.store.settings.get(ANIMATION_SPEED) == 0.75
    for _ in range(10):
        key(app, pygame.K_EQUALS)  # the unshifted + key
    assert app.speed == 3.0


def test_no_moves_panel_answers_the_game_keys() -> None:
    from .test_gui_table import _stuck_position

    start = _stuck_position()
    app, clock = make_app(start=start, autoplay=False)
    settle(app, clock)
    assert isinstance(app.overlays[-1], MessageOverlay) and app.overlays[-1].title == "No moves left"
    key(app, pygame.K_F2)
    assert app.overlays == [] and app.table.session.state != start
