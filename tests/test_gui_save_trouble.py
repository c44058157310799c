"""A save that fails while playing (issue 37, item 1, the window's half): the window keeps saying so
until a save succeeds again, the moves made meanwhile are written then, and quitting with moves not
yet saved asks first, with the answer that keeps them focused."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.moves import PileKind
from solitaire.store import open_store

from .gui_helpers import key, make_app


@pytest.fixture(autouse=True)
def pygame_session() -> Iterator[None]:
    pygame.init()
    yield
    pygame.quit()


def writes_fail(store, failing: bool) -> None:
    """SQLite's own switch refusing every write: the same error path as a full disk, undone at will."""
    store._conn.execute(f"PRAGMA query_only = {'ON' if failing else 'OFF'}")


def play_one(app) -> None:
    rules, state = app.table.session.rules, app.table.session.state
    move = sorted((m for m in rules.legal_moves(state) if m.dst.kind is PileKind.COLUMN), key=str)[0]
    app.table.try_move(lambda: move)
    app.step()


def test_a_failed_save_stays_on_screen_until_a_save_succeeds(tmp_path: Path) -> None:
    store, _ = open_store(tmp_path)
    app, _clock = make_app(autoplay=False, store=store)
    play_one(app)
    assert app.table.save_trouble == ""
    writes_fail(store, True)
    play_one(app)
    trouble = app.table.save_trouble
    assert trouble.startswith("Could not save the game in progress"), trouble
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # the store tells a failure once: the window keeps it
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert app.table.save_trouble == trouble
    assert app.table.status.banner_rect is not None
    writes_fail(store, False)
    play_one(app)
    assert app.table.save_trouble == ""
    app.step()
    assert app.table.status.banner_rect is None
    actions = list(app.table.session.actions)
    position = app.table.session.position_in_history
    store.close()
    again, _ = open_store(tmp_path)
    resumed, _ = again.load_game()
    again.close()
    assert resumed is not None and resumed.actions == actions and resumed.position_in_history == position


def test_quitting_with_unsaved_moves_asks_and_enter_keeps_playing(tmp_path: Path) -> None:
    store, _ = open_store(tmp_path)
    app, _clock = make_app(autoplay=False, store=store)
    writes_fail(store, True)
    play_one(app)
    key(app, pygame.K_q, pygame.KMOD_CTRL)
    assert app.running and app.overlays, "quit without a word while moves are unsaved"
    key(app, pygame.K_RETURN)  # the focused answer keeps the moves
    assert app.running and not app.overlays
    key(app, pygame.K_q, pygame.KMOD_CTRL)
    key(app, pygame.K_q, pygame.KMOD_CTRL)  # asked already: a second Ctrl+Q is the answer
    assert not app.running
    store.close()


def test_quitting_once_space_is_back_saves_and_asks_nothing(tmp_path: Path) -> None:
    store, _ = open_store(tmp_path)
    app, _clock = make_app(autoplay=False, store=store)
    writes_fail(store, True)
    play_one(app)
    writes_fail(store, False)
    key(app, pygame.K_q, pygame.KMOD_CTRL)
    assert not app.running and not app.overlays
    store.close()
