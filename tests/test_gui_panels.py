"""The panels over the table (win, no moves, help) and the window's settings keys, through the real loop."""
from __future__ import annotations

import pygame
import pytest

from game.cards import Card
from solitaire.store import Store
from solitaire.store.settings import ANIMATION_SPEED, SHOW_CLOCK
from sprites.panels.overlays import HelpOverlay, MessageOverlay, WinOverlay

from .gui_helpers import board, card_point, click, key, make_app, settle


@pytest.fixture(autouse=True)
def pygame_session():
    pygame.init()
    yield
    pygame.quit()


def won_app(**options):
    start = board("freecell", {0: "KS"}, foundations={"C": 13, "D": 13, "H": 13, "S": 12})
    app, clock = make_app(start=start, autoplay=False, **options)
    king = Card.parse("KS")
    click(app, clock, card_point(app, king))
    click(app, clock, card_point(app, king), gap_ms=100)
    settle(app, clock)
    assert isinstance(app.overlays[-1], WinOverlay)
    return app, clock


def test_the_win_says_one_move_not_one_moves() -> None:
    app, _ = won_app()
    assert "won in 1 move and" in app.overlays[-1].lines[0]


def test_the_win_panel_shows_no_time_when_the_clock_is_hidden() -> None:
    """A player who hid the clock (Settings) is not timed at the end either."""
    store = Store.in_memory()
    store.settings.set(SHOW_CLOCK, False)
    app, _ = won_app(store=store)
    line = app.overlays[-1].lines[0]
    assert line.endswith("won in 1 move.") and ":0" not in line


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
    assert app.screen.get_at(corner)[:3] == app.look.palette.panel


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
    from sprites.panels.help_text import mouse_help

    assert words in mouse_help(overlay.variant).lower()
    key(app, pygame.K_ESCAPE)
    assert app.overlays == []


def test_plus_and_minus_change_the_animation_speed_and_keep_it() -> None:
    app, clock = make_app(deal=1, autoplay=False)
    key(app, pygame.K_PLUS)
    assert app.preferences.speed == 1.5 and app.store.settings.get(ANIMATION_SPEED) == 1.5
    assert "1.5" in app.table.message
    move = sorted((m for m in app.table.session.rules.legal_moves(app.table.session.state)), key=str)[0]
    app.table.try_move(lambda: move)
    app.step()
    assert {t.duration_ms for t in app.table.view.tweens.values()} == {round(140 / 1.5)}
    settle(app, clock)
    for _ in range(2):
        key(app, pygame.K_MINUS)
    assert app.preferences.speed == 0.75 and app.store.settings.get(ANIMATION_SPEED) == 0.75
    for _ in range(10):
        key(app, pygame.K_EQUALS)  # the unshifted + key
    assert app.preferences.speed == 3.0


def test_no_moves_panel_answers_the_game_keys() -> None:
    from .test_gui_table import _stuck_position

    start = _stuck_position()
    app, clock = make_app(start=start, autoplay=False)
    settle(app, clock)
    assert isinstance(app.overlays[-1], MessageOverlay) and app.overlays[-1].title == "No moves left"
    key(app, pygame.K_F2)
    assert app.overlays == [] and app.table.session.state != start


LONG_NOTE = (
    "Cannot write to /home/player/.local/share/solitaire/solitaire.sqlite3 (attempt to write a readonly database): "
    "your statistics and saved game are read, but nothing will be saved."
)


def note_app():
    from solitaire.store.settings import MIN_WINDOW

    app, clock = make_app(deal=617, autoplay=False, size=MIN_WINDOW)
    settle(app, clock)
    app.table.say(LONG_NOTE)
    app.step()
    return app, clock


def test_a_short_message_stays_in_the_status_bar() -> None:
    app, clock = make_app(deal=617, autoplay=False, size=(800, 600))
    key(app, pygame.K_m)
    assert app.table.message == "sound off" and app.table.status.note_rect is None


def test_a_long_note_is_boxed_whole_above_the_status_bar_and_the_window_then_idles(monkeypatch) -> None:
    app, clock = note_app()
    status = app.table.status
    assert status.note_rect is not None and status.note_rect.bottom <= app.table.view.layout.status.top
    assert " ".join(status.note_lines) == LONG_NOTE
    frames = []
    monkeypatch.setattr(app, "draw", lambda: frames.append(1))
    for _ in range(5):
        clock.ms += 500
        app.step()
    assert frames == [] and app.table.message == LONG_NOTE  # no timer takes it away, nothing redraws


def test_several_notes_come_a_line_each() -> None:
    app, clock = make_app(deal=617, autoplay=False)
    app.table.say("nothing will be saved\nwelcome back: FreeCell, deal #617")
    app.step()
    assert app.table.status.note_lines == ["nothing will be saved", "welcome back: FreeCell, deal #617"]


def test_clicking_the_note_dismisses_it_and_picks_up_nothing_beneath() -> None:
    app, clock = note_app()
    box = app.table.status.note_rect
    under = [s for s in app.table.view.sprites.values() if s.rect.colliderect(box)]
    assert under  # at 800x600 the box lies over the foot of some columns
    spot = under[0].rect.clip(box).center
    click(app, clock, spot)
    assert app.table.message == "" and app.table.status.note_rect is None
    assert app.table.selection is None and app.table.pointer.drag is None
    click(app, clock, spot)  # now the card there answers
    assert app.table.selection is not None or app.table.message


def test_esc_or_a_move_dismisses_the_note() -> None:
    app, clock = note_app()
    key(app, pygame.K_ESCAPE)
    assert app.table.message == "" and app.table.status.note_rect is None
    app.table.say(LONG_NOTE)
    app.step()
    move = sorted(app.table.session.rules.legal_moves(app.table.session.state), key=str)[0]
    app.table.try_move(lambda: move)
    settle(app, clock)
    assert app.table.status.note_rect is None


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_the_statistics_table_fits_inside_its_panel(size) -> None:
    from sprites.panels.statistics import StatisticsOverlay
    from sprites.panels.widgets import BAR_TEXT

    app, clock = make_app(deal=617, autoplay=False, size=size)
    key(app, pygame.K_s)
    panel = app.overlays[-1]
    assert isinstance(panel, StatisticsOverlay)
    rect = panel.panel_rect()
    text_band = range(rect.top + 10, panel.buttons[0].rect.top - 5)
    outside = [(x, y) for x in range(rect.right + 1, min(size[0], rect.right + 40)) for y in text_band]
    assert not any(app.screen.get_at(p)[:3] == BAR_TEXT for p in outside)  # no heading or figure runs past its edge
    assert [row[3] for current, row in panel.rows() if current] == ["-"]  # no games played: no win rate, not 0%
    key(app, pygame.K_RETURN)  # the ring starts on Close, not on "Reset this game"
    assert app.overlays == []


def test_resetting_a_games_statistics_asks_first_and_the_panel_shows_the_result() -> None:
    from sprites.panels.statistics import StatisticsOverlay

    app, clock = make_app(deal=617, autoplay=False)
    played = app.table.session
    played.play(sorted(played.rules.legal_moves(played.state), key=str)[0])
    app.store.record_game(played, "lost")
    key(app, pygame.K_s)
    panel = app.overlays[-1]
    assert isinstance(panel, StatisticsOverlay) and [row[1] for current, row in panel.rows() if current] == ["1"]
    key(app, pygame.K_TAB)  # to "Reset this game"
    key(app, pygame.K_RETURN)
    assert isinstance(app.overlays[-1], MessageOverlay) and app.overlays[-1].title == "Reset statistics?"
    key(app, pygame.K_RETURN)  # Reset
    assert app.overlays == [panel] and [row[1] for current, row in panel.rows() if current] == ["0"]
