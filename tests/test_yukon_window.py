"""Yukon in the window, played by mouse through the real loop (headless): a drag takes a face-up card
with every card on it, however mixed, a double-click sends a card home, and a face-down card is not
picked up."""
from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.moves import PileKind
from game.variants import find_variant, rules_for

from .gui_helpers import card_point, click, drag, make_app, settle


@pytest.fixture(autouse=True)
def display() -> Iterator[None]:
    pygame.init()
    yield
    pygame.quit()


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_a_drag_moves_a_deep_face_up_card_with_the_mixed_cards_on_it(size: tuple[int, int]) -> None:
    rules = rules_for(find_variant("yukon"))
    state = rules.deal(1)
    move = max((m for m in rules.legal_moves(state) if m.dst.kind is PileKind.COLUMN), key=lambda m: m.count)  # 72v5
    moving = state.columns[move.src.index][-move.count:]
    assert any(rules.columns.build.reason(upper, lower) for lower, upper in zip(moving, moving[1:]))  # no run
    app, clock = make_app(game="yukon", deal=1, autoplay=False, size=size)
    onto = state.columns[move.dst.index][-1]
    drag(app, clock, card_point(app, moving[0]), card_point(app, onto))
    settle(app, clock)
    after = app.table.session.state
    assert after.columns[move.dst.index][-move.count:] == moving
    assert after.hidden[move.src.index] == state.hidden[move.src.index] - 1  # the card under it turned up
    tops = [app.table.view.sprites[card].rect.top for card in after.columns[move.dst.index]]
    assert tops == sorted(tops) and len(set(tops)) == len(tops)  # fanned down, each card showing


def test_a_double_click_sends_a_card_home_and_a_face_down_card_stays() -> None:
    app, clock = make_app(game="yukon", deal=1, autoplay=False)
    state = app.table.session.state
    ace = state.columns[0][-1]
    assert ace.rank == 1
    click(app, clock, card_point(app, ace))
    click(app, clock, card_point(app, ace), gap_ms=100)
    settle(app, clock)
    after = app.table.session.state
    assert after.foundations[ace.suit] == (ace,) and not after.columns[0]
    face_down = after.columns[6][0]
    drag(app, clock, card_point(app, face_down), (20, 20))
    settle(app, clock)
    assert app.table.session.state == after
    assert app.table.message


def test_russian_refuses_a_drop_of_another_suit_and_the_cards_fly_back() -> None:
    rules = rules_for(find_variant("russian"))
    state = rules.deal(1)
    app, clock = make_app(game="russian", deal=1, autoplay=False)
    jack = state.columns[6][-1]  # J♠ on top of column 7: onto Q♠ only
    onto = state.columns[4][-1]  # 2♦
    drag(app, clock, card_point(app, jack), card_point(app, onto))
    settle(app, clock)
    assert app.table.session.state == state
    drag(app, clock, card_point(app, jack), card_point(app, state.columns[2][-1]))  # Q♠
    settle(app, clock)
    assert app.table.session.state.columns[2][-2:] == (state.columns[2][-1], jack)
