"""The pause: P (or the window losing the focus while the clock runs) stops the clock and hides the
cards until any key or click; the time recorded is the time played. The clocks are the tests' own."""
from __future__ import annotations

import pygame
import pytest

from game.moves import Move, cell, column
from game.session import Session
from game.variants import find_variant
from solitaire.store import Store
from solitaire.store.settings import SHOW_CLOCK
from sprites.panels.pause import PauseOverlay
from sprites.window.app import App

from .gui_helpers import FakeClock, click, key, post, settle


class Seconds:
    """The session's clock, moved by hand."""

    def __init__(self) -> None:
        self.now = 500.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(autouse=True)
def pygame_session():
    pygame.init()
    yield
    pygame.quit()


def test_a_paused_clock_does_not_advance_and_runs_on_from_where_it_stopped() -> None:
    seconds = Seconds()
    session = Session(find_variant("freecell"), 617, autoplay=False, clock=seconds)
    session.play(Move(column(0), cell(0)))
    seconds.now += 40
    session.pause()
    seconds.now += 600
    assert session.paused and session.elapsed == 40
    session.resume()
    seconds.now += 2
    assert not session.paused and session.elapsed == 42


def test_a_move_resumes_and_a_restart_undone_brings_back_the_time_played_not_the_pause() -> None:
    seconds = Seconds()
    session = Session(find_variant("freecell"), 617, autoplay=False, clock=seconds)
    session.play(Move(column(0), cell(0)))
    seconds.now += 30
    session.restart()
    session.pause()
    seconds.now += 1000  # away, with the restarted game's clock stopped anyway
    session.play(Move(column(1), cell(1)))  # playing is coming back
    assert not session.paused
    seconds.now += 5
    session.undo()
    session.undo()  # the restart undone: 30 s before it and 5 after, never the 1000 s away
    assert session.elapsed == 35


def make_timed_app(store: Store | None = None) -> tuple[App, FakeClock, Seconds]:
    seconds = Seconds()
    session = Session(find_variant("freecell"), 617, autoplay=False, clock=seconds)
    clock = FakeClock()
    app = App(session, (1280, 800), now_ms=clock, analyse=False, store=store)
    app.step()
    return app, clock, seconds


def play_a_move(app: App, clock: FakeClock) -> None:
    app.table.try_move(lambda: Move(column(0), cell(0)))
    settle(app, clock)


def card_pixels(app: App) -> int:
    """How many points at the centre of each card on the table show anything but the felt."""
    felt = pygame.Color(app.look.palette.felt)
    return sum(app.screen.get_at(sprite.rect.center) != felt for sprite in app.table.view.sprites.values())


def test_p_pauses_hides_the_cards_and_any_key_resumes_with_the_clock_held() -> None:
    app, clock, seconds = make_timed_app()
    play_a_move(app, clock)
    seconds.now += 12
    assert card_pixels(app) > 40
    key(app, pygame.K_p)
    assert isinstance(app.overlays[-1], PauseOverlay) and app.table.session.paused
    seconds.now += 300
    clock.ms += 300_000
    app.step()
    app.draw()
    assert card_pixels(app) == 0  # no card to study while the clock stands still
    assert int(app.table.session.elapsed) == 12
    key(app, pygame.K_LSHIFT)  # a modifier alone does not resume (Alt on the way back from Alt+Tab)
    assert app.overlays
    key(app, pygame.K_x)
    assert not app.overlays and not app.table.session.paused
    seconds.now += 3
    assert int(app.table.session.elapsed) == 15
    assert card_pixels(app) > 40


def test_a_click_resumes_and_does_not_play_on_the_table() -> None:
    app, clock, seconds = make_timed_app()
    play_a_move(app, clock)
    where = app.table.session.position_in_history
    key(app, pygame.K_p)
    click(app, clock, app.table.view.sprites[app.table.session.state.columns[1][-1]].rect.center)
    assert not app.overlays and app.table.session.position_in_history == where


@pytest.mark.parametrize("away", [pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED])
def test_the_window_pauses_itself_when_left_while_the_clock_runs(away: int) -> None:
    app, clock, seconds = make_timed_app()
    post(away)
    app.step()
    assert not app.overlays  # nothing played yet: no clock to stop, nothing to hide
    play_a_move(app, clock)
    seconds.now += 7
    post(away)
    app.step()
    assert isinstance(app.overlays[-1], PauseOverlay)
    seconds.now += 3600
    assert int(app.table.session.elapsed) == 7


def test_the_time_recorded_is_the_time_played() -> None:
    store = Store.in_memory()
    app, clock, seconds = make_timed_app(store)
    play_a_move(app, clock)
    seconds.now += 20
    key(app, pygame.K_p)
    seconds.now += 900
    key(app, pygame.K_SPACE)
    seconds.now += 5
    app.life.start_game(find_variant("freecell"), 1)  # the game in progress recorded, abandoned
    (record,) = store.games()
    assert record.result == "abandoned" and record.seconds == pytest.approx(25)


def test_the_clock_can_be_hidden_and_is_still_kept() -> None:
    store = Store.in_memory()
    app, clock, seconds = make_timed_app(store)
    play_a_move(app, clock)
    seconds.now += 65
    assert "1:05" in app.table._status_facts()
    app.preferences.toggle_clock()
    assert store.settings.get(SHOW_CLOCK) is False
    assert "1:05" not in app.table._status_facts() and "Moves 1" in app.table._status_facts()
    assert int(app.table.session.elapsed) == 65


def test_the_pause_says_the_time_played_only_while_the_clock_is_shown() -> None:
    store = Store.in_memory()
    app, clock, seconds = make_timed_app(store)
    play_a_move(app, clock)
    seconds.now += 65
    key(app, pygame.K_p)
    panel = app.overlays[-1]
    assert isinstance(panel, PauseOverlay) and "Time played: 1:05" in panel.lines()
    key(app, pygame.K_SPACE)
    app.preferences.toggle_clock()
    key(app, pygame.K_p)
    panel = app.overlays[-1]
    assert isinstance(panel, PauseOverlay)
    assert not any("Time played" in line for line in panel.lines()) and len(panel.lines()) == 1
