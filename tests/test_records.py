"""Statistics that mean what they say (issue 14): a deal only auto-play moved is no game played, a game
the solver finished is no win, and hostile or impossible rows are never shown as they are."""
from __future__ import annotations

import argparse
from pathlib import Path

import pygame
import pytest

from cli.play import choose_session
from game.session import Session
from game.variants import find_variant
from store import open_store

from .gui_helpers import FakeClock, key
from sprites.app import App


def named(**given: object) -> argparse.Namespace:
    options = {"game": None, "deal": None, "cells": None, "columns": None, "draw": None}
    return argparse.Namespace(**{**options, **given})


@pytest.mark.parametrize("game", ["seahaven", "eightoff"])
def test_a_deal_only_auto_play_moved_is_not_a_game_played(tmp_path: Path, game: str) -> None:
    """`--game seahaven --deal 2`, Ctrl+Q, then start FreeCell: no game was played, none is counted."""
    store, _ = open_store(tmp_path)
    app = App(Session(find_variant(game), 2), now_ms=FakeClock(), store=store, analyse=False)
    app.step()
    assert app.table.session.actions and all(app.table.session.automatic)  # auto-play did move at the deal
    key(app, pygame.K_q, pygame.KMOD_CTRL)
    app.close()
    store, _ = open_store(tmp_path)
    _, notes = choose_session(named(game="freecell"), store)
    assert store.games() == [] and notes == []
    assert store.load_game() == (None, None)  # forgotten, not left to be resumed either
    store.close()


@pytest.mark.parametrize("game", ["seahaven", "eightoff"])
def test_undo_is_off_at_moves_0_when_only_auto_play_moved(game: str) -> None:
    app = App(Session(find_variant(game), 2), now_ms=FakeClock(), analyse=False)
    app.step()
    session = app.table.session
    assert session.actions and session.move_count == 0
    undo = next(button for button in app.table.buttons if button.label == "Undo")
    assert not undo.enabled() and not session.can_undo
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # the key does nothing either
    assert session.position_in_history == len(session.actions)
    app.close()
