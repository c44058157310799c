"""Ctrl+S and Ctrl+O in the window: a file it writes opens in the console at the same position, a
file the console writes opens on the table at the same position, and a damaged one changes nothing."""
from __future__ import annotations

import io
from pathlib import Path

import pygame
import pytest

from game.moves import Move, cell, column
from game.savefile import load
from game.session import Session
from game.variants import find_variant
from solitaire.console import Console
from solitaire.store import Store
from sprites.panels.file_dialog import FileDialog

from .gui_helpers import key, make_app, settle


@pytest.fixture(autouse=True)
def pygame_session():
    pygame.init()
    yield
    pygame.quit()


def type_name(app, name: str) -> None:
    """Clear the panel's field and type `name`, a key a character, then Enter."""
    dialog = app.overlays[-1]
    assert isinstance(dialog, FileDialog)
    for _ in range(len(dialog.text)):
        key(app, pygame.K_BACKSPACE)
    for char in name:
        key(app, 0, unicode=char)
    key(app, pygame.K_RETURN)


def test_a_file_the_window_saves_opens_in_the_console_at_the_same_position(tmp_path: Path) -> None:
    app, clock = make_app("freecell", 617, autoplay=False)
    app.table.try_move(lambda: Move(column(0), cell(0)))
    app.table.try_move(lambda: Move(column(1), cell(1)))
    settle(app, clock)
    key(app, pygame.K_s, mod=pygame.KMOD_CTRL)
    path = tmp_path / "from-window.solitaire"
    type_name(app, str(path))
    assert not app.overlays and path.exists() and "Saved to" in app.table.message
    console = Console(Session(find_variant("golf"), 1, autoplay=False), io.StringIO())
    assert console.execute(f"load {path}").ok
    assert console.session.state == app.table.session.state
    assert console.session.actions == app.table.session.actions


def test_a_file_the_console_saves_opens_on_the_table_at_the_same_position(tmp_path: Path) -> None:
    path = tmp_path / "from-console.solitaire"
    console = Console(Session(find_variant("klondike"), 5, autoplay=False), io.StringIO())
    for line in ("sw", "sw", f"save {path}"):
        assert console.execute(line).ok
    store = Store.in_memory()
    app, clock = make_app("freecell", 617, store=store)
    key(app, pygame.K_o, mod=pygame.KMOD_CTRL)
    type_name(app, str(path))
    settle(app, clock)
    assert not app.overlays
    session = app.table.session
    assert session.variant.key == "klondike" and session.deal_number == 5
    assert session.state == console.session.state and session.actions == console.session.actions
    assert app.table.view.shown == session.state  # what the table shows is the file's position


def test_a_damaged_file_leaves_its_reason_in_the_panel_and_the_game_as_it_was(tmp_path: Path) -> None:
    app, clock = make_app("freecell", 617, autoplay=False)
    app.table.try_move(lambda: Move(column(0), cell(0)))
    settle(app, clock)
    session, where = app.table.session, app.table.session.position_in_history
    bad = tmp_path / "bad.solitaire"
    bad.write_text("Solitaire Suite game, version 1\ngame: freecell\ndeal: 617\nat: 1\nmoves:\n  9h\n", encoding="utf-8")
    key(app, pygame.K_o, mod=pygame.KMOD_CTRL)
    type_name(app, str(bad))
    dialog = app.overlays[-1]
    assert isinstance(dialog, FileDialog) and "do not replay" in dialog.error and "\n" not in dialog.error
    assert app.table.session is session and session.position_in_history == where
    key(app, pygame.K_ESCAPE)
    assert not app.overlays and app.table.session is session


def test_opening_a_file_over_a_game_under_way_asks_first_and_records_it(tmp_path: Path) -> None:
    path = tmp_path / "g.solitaire"
    console = Console(Session(find_variant("golf"), 2, autoplay=False), io.StringIO())
    assert console.execute(f"save {path}").ok
    store = Store.in_memory()
    app, clock = make_app("freecell", 617, store=store, autoplay=False)
    app.table.try_move(lambda: Move(column(0), cell(0)))
    settle(app, clock)
    key(app, pygame.K_o, mod=pygame.KMOD_CTRL)
    type_name(app, str(path))
    question = app.overlays[-1]
    assert question.title == "Abandon this game?"
    key(app, pygame.K_LEFT)  # from "Keep playing" to "Abandon it"
    key(app, pygame.K_RETURN)
    assert app.table.session.variant.key == "golf" and app.table.session.state == load(path).state
    assert [(g.game_key, g.result) for g in store.games()] == [("freecell", "abandoned")]
