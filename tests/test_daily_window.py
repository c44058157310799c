"""The deal of the day in the window: the chooser's switch and the deal number's panel start it, Solve
wins it, and the statistics panel has its line."""
from __future__ import annotations

import datetime

import pygame
import pytest

from game.solver import Status
from game.solver.daily import daily_deal
from game.variants import find_variant
from solitaire.store import Store
from sprites.panels.chooser import GameMenu, GameTile
from sprites.panels.statistics import StatisticsOverlay
from sprites.panels.text_entry import DealDialog

from .gui_helpers import click, key, make_app, settle, wait_for_verdict


@pytest.fixture(autouse=True)
def pygame_session():
    pygame.init()
    yield
    pygame.quit()


def test_the_chooser_starts_a_games_deal_of_the_day_which_solve_wins() -> None:
    store = Store.in_memory()
    app, clock = make_app(game="freecell", deal=617, store=store, autoplay=False)
    key(app, pygame.K_g)
    menu = app.overlays[-1]
    assert isinstance(menu, GameMenu)
    switch = next(b for b in menu.buttons if b.label.startswith("Deal of the day"))
    assert switch.label == "Deal of the day: off"
    click(app, clock, switch.rect.center)
    app.step()
    assert switch.label == "Deal of the day: on"
    tile = next(b for b in menu.game_buttons if isinstance(b, GameTile) and b.variant.key == "golf")
    tile.action()  # the tile pressed (it may be scrolled out of sight)
    pick = daily_deal(find_variant("golf"), datetime.date.today())
    session = app.table.session
    assert (session.variant.key, session.deal_number, session.daily) == ("golf", pick.number, datetime.date.today())
    assert "Deal of the day" in app.table.message and "winnable" in app.table.message
    assert wait_for_verdict(app).status is Status.SOLVED
    key(app, pygame.K_d, mod=pygame.KMOD_CTRL)  # Solve
    settle(app, clock, limit_ms=120_000)
    assert app.table.session.is_won
    (record,) = store.games()
    assert (record.result, record.daily) == ("solved", datetime.date.today().isoformat())
    app.dialogs.show_statistics(find_variant("golf"))
    panel = app.overlays[-1]
    assert isinstance(panel, StatisticsOverlay)
    assert panel._days_line() == "Deal of the day, Golf: 1 day played, 0 days won, a run of 0 days"  # Solve's is no win
    app.step()  # drawn with it
    app.close()


def test_the_deal_number_panel_offers_the_deal_of_the_day_of_the_game_on_the_table() -> None:
    app, clock = make_app(game="tripeaks", deal=5, autoplay=False)
    key(app, pygame.K_g, mod=pygame.KMOD_CTRL)
    panel = app.overlays[-1]
    assert isinstance(panel, DealDialog)
    button = next(b for b in panel.buttons if b.label == "Deal of the day")
    click(app, clock, button.rect.center)
    session = app.table.session
    assert session.variant.key == "tripeaks" and session.daily == datetime.date.today()
    assert session.deal_number == daily_deal(find_variant("tripeaks"), datetime.date.today()).number
    app.close()
