"""A window at rest: the loop blocks instead of polling, a muted window opens no audio device, and
the background search wakes the loop when it answers (issue 16's behaviour; bench/idle.py has the speed)."""
from __future__ import annotations

import threading
import time

import pygame
import pytest

import sounds
from game.session import Session
from game.solver.background import WinnabilityWatcher
from game.variants import find_variant
from sounds import SoundPlayer
from sprites.window import app as app_module
from sprites.window import solver_client, waiting
from sprites.window.app import LONGEST_WAIT_MS, App
from sprites.window.solver_client import ANSWERED
from sprites.window.waiting import sdl_wait, sleeping_wait

from .gui_helpers import FakeClock


@pytest.fixture(autouse=True)
def nothing_open():
    """Each test starts with pygame wholly shut, so what it finds open is what the program opened."""
    pygame.quit()
    yield
    pygame.quit()


class Seconds:
    """A session clock the test sets."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def quiet_app(
    sound: bool = False, elapsed: float = 0.25, analyse: bool = False, clock: FakeClock | None = None,
) -> tuple[App, Seconds]:
    """FreeCell deal 1 with its deal animation over, nothing to say, the session clock running at `elapsed` s.
    With a `clock` of the test's, the window's time is that (moved on here until the deal has landed)."""
    seconds = Seconds(100.0)
    session = Session(find_variant("freecell"), 1, autoplay=False, clock=seconds)
    app = App(session, (1000, 700), sound=sound, analyse=analyse, now_ms=clock)
    while app.busy:
        app.step()
        if clock is not None:
            clock.ms += 100
    session.resume_clock(elapsed)  # as if a first move had started it
    app.step()
    return app, seconds


def count_frames(monkeypatch) -> list[str]:
    frames: list[str] = []
    monkeypatch.setattr(pygame.display, "flip", lambda: frames.append("flip"))
    monkeypatch.setattr(pygame.display, "update", lambda *args: frames.append("update"))
    return frames


def test_a_step_at_rest_waits_for_the_clocks_next_second_and_draws_nothing(monkeypatch) -> None:
    app, _ = quiet_app(elapsed=0.25)
    waits: list[int] = []
    app._wait = waits.append  # no event will come: the wait returns at once
    frames = count_frames(monkeypatch)
    assert app.step(block=True)
    assert waits == [750]  # one wait, until the status bar's clock shows its next second
    assert frames == []
    app.close()


@pytest.mark.parametrize("clock", ["not started", "stopped"])
def test_a_clock_that_does_not_run_leaves_only_the_longest_wait(monkeypatch, clock: str) -> None:
    app, _ = quiet_app(elapsed=0.0 if clock == "not started" else 0.25)
    if clock == "stopped":
        app.table.session.finished_seconds = app.table.session.elapsed  # stopped where it stands, as a won game's
    waits: list[int] = []
    app._wait = waits.append
    frames = count_frames(monkeypatch)
    app.step(block=True)
    assert waits == [LONGEST_WAIT_MS] and frames == []
    app.close()


def test_the_clocks_second_redraws_only_the_status_bar(monkeypatch) -> None:
    app, seconds = quiet_app(elapsed=0.25)
    app._wait = lambda ms: setattr(seconds, "now", seconds.now + ms / 1000)  # the wait lasts its whole time
    frames = count_frames(monkeypatch)
    app.step(block=True)
    assert frames == ["update"]
    app.close()


def test_a_queued_event_is_handled_without_waiting(monkeypatch) -> None:
    app, _ = quiet_app()
    waits: list[int] = []
    app._wait = waits.append
    frames = count_frames(monkeypatch)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
    app.step(block=True)
    assert waits == [] and frames == ["flip"]
    app.close()


def test_sdls_wait_blocks_until_an_event_and_leaves_it_queued(monkeypatch) -> None:
    pygame.display.init()
    pygame.display.set_mode((200, 100))
    monkeypatch.setattr(waiting, "POLLING_DRIVERS", set())  # SDL polls under the dummy driver, but its wait still works
    wait = sdl_wait()
    if wait is None:
        pytest.skip("pygame's SDL library was not found here: the window uses the sleeping fallback")
    pygame.event.get()
    t0 = time.monotonic()
    wait(150)
    assert time.monotonic() - t0 >= 0.12  # nothing came: it waited its time
    threading.Timer(0.05, lambda: pygame.event.post(pygame.event.Event(pygame.USEREVENT, tag="late"))).start()
    t0 = time.monotonic()
    wait(5000)
    assert time.monotonic() - t0 < 2
    assert [e.tag for e in pygame.event.get(pygame.USEREVENT)] == ["late"]


def test_no_sdl_wait_where_sdl_could_only_poll() -> None:
    pygame.display.init()
    assert pygame.display.get_driver() == "dummy"  # as the tests run
    assert sdl_wait() is None


def test_the_fallback_wait_also_returns_on_an_event() -> None:
    pygame.display.init()
    pygame.display.set_mode((200, 100))
    pygame.event.get()
    threading.Timer(0.05, lambda: pygame.event.post(pygame.event.Event(pygame.USEREVENT))).start()
    t0 = time.monotonic()
    sleeping_wait(5000)
    assert time.monotonic() - t0 < 2
    assert pygame.event.get(pygame.USEREVENT)


def test_the_watcher_calls_back_with_each_answer() -> None:
    answered = threading.Event()
    session = Session(find_variant("freecell"), 1)
    watcher = WinnabilityWatcher(session.rules, on_answer=answered.set)
    watcher.request(session.state)
    assert answered.wait(10)
    assert watcher.answer(session.state) is not None
    watcher.close()


def test_the_search_answer_wakes_a_blocked_loop(monkeypatch) -> None:
    app, _ = quiet_app(analyse=False)
    app.table.session.finished_seconds = app.table.session.elapsed  # no clock to tick: the only thing to wait for is the answer
    handled: list[int] = []
    real_handle = app.handle
    monkeypatch.setattr(app, "handle", lambda event: handled.append(event.type) or real_handle(event))
    waited: list[float] = []
    real_wait = sdl_wait() or sleeping_wait  # the window's own wait (its first wait would replace ours)
    wait_began = threading.Condition()
    began: list[float] = []

    def timed_wait(ms: int) -> None:
        assert ms == LONGEST_WAIT_MS  # nothing else is due, so only the answer can end a wait early
        t0 = time.monotonic()
        with wait_began:
            began.append(t0)
            wait_began.notify_all()
        real_wait(ms)
        waited.append(time.monotonic() - t0)

    real_wake = solver_client._wake_loop

    def post_early_in_the_next_wait() -> None:
        with wait_began:
            seen = len(began)
            wait_began.wait_for(lambda: len(began) > seen, timeout=60)  # the next wait, from its start
        time.sleep(0.05)
        real_wake()

    def wake_while_blocked() -> None:
        """However slowly a busy machine searches, the answer is posted early in a blocked wait (from a
        thread of its own: the watcher calls this holding its lock, which the loop's step takes too)."""
        threading.Thread(target=post_early_in_the_next_wait, daemon=True).start()

    monkeypatch.setattr(solver_client, "_wake_loop", wake_while_blocked)
    app._wait = timed_wait
    state = app.table.session.state
    app.solver.search_now(app.table.session)
    deadline = time.monotonic() + 120
    while ANSWERED not in handled:
        assert time.monotonic() < deadline, "no answer came"
        app.step(block=True)
    assert app.solver.winnability(state) is not None
    assert waited[-1] < LONGEST_WAIT_MS / 1000 - 0.2  # ended by the answer, not by the wait's timeout
    assert app.table.assistant.verdict_text() == "winnable"
    app.close()


def test_a_muted_window_opens_no_audio_device_and_unmuting_opens_it() -> None:
    app, _ = quiet_app(sound=False)
    app.play_sound("place")
    assert pygame.mixer.get_init() is None
    assert app.preferences.toggle_sound() is True
    assert pygame.mixer.get_init() is not None
    assert app.preferences.toggle_sound() is False
    assert pygame.mixer.get_init() is None
    app.close()


def test_the_device_opens_with_the_first_sound_not_the_window() -> None:
    app, _ = quiet_app(sound=True)
    assert pygame.mixer.get_init() is None  # the first frame is drawn, and nothing has sounded yet
    app.play_sound("place")
    assert pygame.mixer.get_init() is not None
    app.close()


def test_the_device_closes_after_a_quiet_spell_and_the_loop_wakes_for_it(monkeypatch) -> None:
    now = Seconds(10.0)
    player = SoundPlayer(clock=now)
    player.play("place")
    assert pygame.mixer.get_init() is not None
    due = player.seconds_to_close()
    assert due is not None and sounds.QUIET_SECONDS <= due < sounds.QUIET_SECONDS + 1
    now.now += due - 0.1
    player.close_if_quiet()
    assert pygame.mixer.get_init() is not None
    now.now += 0.1
    monkeypatch.setattr(pygame.mixer, "get_busy", lambda: False)
    player.close_if_quiet()
    assert pygame.mixer.get_init() is None and player.seconds_to_close() is None
    player.play("place")  # and it opens again for the next sound
    assert pygame.mixer.get_init() is not None
    pygame.mixer.quit()


def test_a_loop_at_rest_wakes_when_the_device_may_close(monkeypatch) -> None:
    app, _ = quiet_app(sound=True, elapsed=0.0)
    app.table.session.finished_seconds = app.table.session.elapsed  # no clock to tick: only the device's quiet time is due
    monkeypatch.setattr(app.sounds, "seconds_to_close", lambda: 0.3)
    waits: list[int] = []
    app._wait = waits.append
    app.step(block=True)
    assert waits == [300]
    app.close()


def test_run_paces_frames_while_cards_move_and_blocks_once_they_land() -> None:
    clock = FakeClock()
    app, _ = quiet_app(clock=clock)  # the window's clock moves only with the frames, however busy the machine
    now_ms = [clock.ms]
    app._now = lambda: now_ms[0]
    move = sorted(app.table.session.rules.legal_moves(app.table.session.state), key=str)[0]
    assert app.table.try_move(lambda: move) and app.busy
    ticks: list[int] = []
    blocks: list[bool] = []

    class FrameClock:
        def tick(self, rate: int) -> int:
            ticks.append(rate)
            now_ms[0] += 1000 // rate
            return 1000 // rate

    app.clock = FrameClock()
    real_step = app.step

    def step(block: bool = False) -> bool:
        blocks.append(block)
        if block:
            pygame.event.post(pygame.event.Event(pygame.QUIT))  # the first blocking step ends the run
        return real_step(block)

    app.step = step
    pygame.event.clear()  # nothing an earlier test left in SDL's queue may end the flight early
    app.run()
    assert len(ticks) >= 3 and set(ticks) == {app_module.FRAME_RATE} == {60}
    # a frame clock while the card flies; the step that lands it is the last not to block
    assert blocks == [False] * (len(ticks) + 1) + [True]
