"""A game ended while the disk is full (issue 56, item 1): the record is kept until the disk takes it,
the window says why in a banner nothing in the same frame wipes, and the statistics count the game
once there is room. The disk is full by SQLite's own SQLITE_FULL (tests/disk_faults.py)."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.session import Session
from game.variants import find_variant
from solitaire.store import open_store
from solitaire.store.problems import Failed, Problem

from . import disk_faults
from .gui_helpers import click, key, make_app


@pytest.fixture(autouse=True)
def pygame_session() -> Iterator[None]:
    pygame.init()
    yield
    pygame.quit()


def turn_the_stock(app, times: int) -> None:
    for _ in range(times):
        session = app.table.session
        move = next(m for m in session.rules.legal_moves(session.state) if m.notation == "sw")
        app.table.try_move(lambda move=move: move)
        app.table.view.finish()
        app.step()


def press(app, clock, label: str) -> None:
    button = next(b for o in app.overlays for b in o.buttons if b.label == label)
    click(app, clock, button.rect.center)


def recorded(data: Path, game: str) -> tuple[int, str | None]:
    store, message = open_store(data)
    try:
        return store.statistics(game).played, message
    finally:
        store.close()


def test_a_game_abandoned_on_a_full_disk_is_shown_and_recorded_once_there_is_room(tmp_path: Path) -> None:
    """The issue's reproduction: Klondike deal 5, three stock turns, the disk full, F2, "Abandon it",
    the disk emptied, quit. The statistics said "No games recorded yet.", and the failure was never seen."""
    store, _ = open_store(tmp_path)
    app, clock = make_app("klondike", 5, autoplay=False, store=store)
    turn_the_stock(app, 3)
    disk = disk_faults.fill(store)
    key(app, pygame.K_F2)
    press(app, clock, "Abandon it")
    assert app.table.session.deal_number != 5 or app.table.session.move_count == 0  # the new deal is on the table
    assert disk.refused, "nothing was refused: the disk was not full"
    banner = app.table.save_trouble
    assert banner.startswith("Could not record the game in the statistics (the disk is full)."), banner
    assert "recorded as soon as writing works again" in banner
    app.step()
    assert app.table.status.banner_rect is not None  # on screen, not wiped by the new deal's title
    disk_faults.empty(store)
    key(app, pygame.K_q, pygame.KMOD_CTRL)
    assert not app.running and not app.overlays  # room again: quitting writes it all and asks nothing
    app.close()
    assert recorded(tmp_path, "klondike") == (1, None)


def test_the_record_waits_in_the_banner_through_failed_saves_and_goes_with_the_first_save_that_works(tmp_path: Path) -> None:
    store, _ = open_store(tmp_path)
    app, clock = make_app("klondike", 5, autoplay=False, store=store)
    turn_the_stock(app, 2)
    disk_faults.fill(store)
    key(app, pygame.K_F2)
    press(app, clock, "Abandon it")
    turn_the_stock(app, 2)  # the new game's saves fail too: both troubles are said
    banner = app.table.save_trouble
    assert "Could not record the game" in banner and "Could not save the game in progress" in banner, banner
    disk_faults.empty(store)
    turn_the_stock(app, 1)
    assert app.table.save_trouble == ""
    assert store.unrecorded == 0
    assert store.statistics("klondike").played == 1
    app.close()
    again, _ = open_store(tmp_path)
    resumed, _ = again.load_game(autoplay=False)
    again.close()
    assert resumed is not None and resumed.move_count == 3 and resumed.deal_number == app.table.session.deal_number


def test_a_record_the_disk_refuses_retries_once_the_log_is_folded_in(tmp_path: Path) -> None:
    """`save_game` folded the write-ahead log in and tried again when the disk was full; `record_game` gave up."""
    store, _ = open_store(tmp_path)
    session = Session(find_variant("golf"), 4, autoplay=False)
    session.play(next(iter(session.rules.legal_moves(session.state))))
    disk = disk_faults.fill(store, room_after_fold=True)
    assert store.record_game(session, "abandoned")
    assert disk.refused == 1 and store.take_problem() is None
    disk_faults.empty(store)
    assert store.statistics("golf").played == 1
    store.close()


def test_a_game_kept_unrecorded_at_the_end_of_a_run_is_resumed_not_lost(tmp_path: Path) -> None:
    """The disk stays full to the end: the game cannot be counted, so its saved slot is left for the next start."""
    store, _ = open_store(tmp_path)
    session = Session(find_variant("golf"), 4, autoplay=False)
    session.play(next(iter(session.rules.legal_moves(session.state))))
    assert store.save_game(session)
    disk_faults.fill(store)
    assert not store.record_game(session, "abandoned")
    problem = store.take_problem()
    assert isinstance(problem, Problem) and problem.failed is Failed.RECORD and problem.disk_full, problem
    assert str(problem) == "Could not record the game in the statistics (the disk is full)."
    assert store.unrecorded == 1
    store.close()
    again, _ = open_store(tmp_path)
    resumed, _ = again.load_game(autoplay=False)
    again.close()
    assert resumed is not None and resumed.actions == session.actions
