"""Hint, Solve and the background winnability check, in the window, headless."""
from __future__ import annotations

import inspect

import pygame
import pytest

from game.solver import Status
from game.solver.background import WinnabilityWatcher

from .gui_helpers import board, click, key, make_app, settle, wait_for_verdict


@pytest.fixture(autouse=True)
def pygame_session():
    pygame.init()
    yield
    pygame.quit()


def near_end_position():
    # Hearts and spades home to the Ten; the rest is a short, winnable tangle.
    return board(
        "freecell",
        {0: "KH QS JH", 1: "KS QH JS", 2: "KC QD JC TD 9C", 3: "KD QC JD TC 9D"},
        foundations={"H": 10, "S": 10, "C": 8, "D": 8},
    )


def test_hint_highlights_a_legal_move_without_making_it() -> None:
    app, clock = make_app(deal=617, autoplay=False)
    before = app.table.session.state
    key(app, pygame.K_h)
    move = app.table.hint_move
    assert move is not None
    app.table.session.rules.check(before, move)  # a legal move: raises if not
    assert app.table.session.state == before
    assert app.table.message.startswith("hint:")
    assert app.table.session.hints == 1


def test_the_status_bar_learns_the_deal_is_winnable_without_blocking() -> None:
    app, clock = make_app(deal=1, autoplay=False)
    assert app.table.assistant.verdict_text() in ("checking…", "winnable")
    answer = wait_for_verdict(app)
    assert answer.status is Status.SOLVED
    assert app.table.assistant.verdict_text() == "winnable"


def test_solve_plays_the_rest_of_the_game() -> None:
    app, clock = make_app(start=near_end_position(), autoplay=False)
    wait_for_verdict(app)
    solve = next(b for b in app.table.buttons if b.label == "Solve")
    click(app, clock, solve.rect.center)
    assert app.table.assistant.solution, app.table.message
    settle(app, clock, limit_ms=120_000)
    assert app.table.session.is_won
    assert app.table.session.autoplay is False  # the player's setting is restored
    assert app.table.assistant.verdict_text() == "won"  # not "winnable": the game is over


def test_ctrl_d_plays_the_rest_like_the_solve_button() -> None:
    app, clock = make_app(start=near_end_position(), autoplay=False)
    wait_for_verdict(app)
    key(app, pygame.K_d, mod=pygame.KMOD_CTRL)
    assert app.table.assistant.solution, app.table.message
    settle(app, clock, limit_ms=120_000)
    assert app.table.session.is_won


def test_any_key_stops_the_solver_playing() -> None:
    app, clock = make_app(start=near_end_position(), autoplay=False)
    app.table.session.autoplay = True  # the player's setting, switched on after the deal (nothing auto-played)
    wait_for_verdict(app)
    app.table.assistant.solve_rest()
    assert app.table.session.autoplay is False
    clock.ms += 1000
    app.step()
    played = app.table.session.move_count
    assert played >= 1
    key(app, pygame.K_SPACE)
    assert app.table.assistant.solution == []
    assert app.table.message == "stopped solving"
    assert app.table.session.autoplay is True
    settle(app, clock)
    assert app.table.session.move_count == played


def _solver_move_times(speed: float, moves: int = 3) -> list[int]:
    """When (by the fake clock) each of the solver's first moves is played, started with Ctrl+D."""
    app, clock = make_app(start=near_end_position(), autoplay=False, speed=speed)
    wait_for_verdict(app)
    settle(app, clock)
    key(app, pygame.K_d, mod=pygame.KMOD_CTRL)
    assert app.table.assistant.solving, app.table.message
    times, where = [], app.table.session.position_in_history
    while len(times) < moves:
        clock.ms += 2
        app.step()
        if app.table.session.position_in_history != where:
            times.append(clock.ms)
            where = app.table.session.position_in_history
        assert clock.ms < 60_000, "the solver stopped playing"
    return times


def test_solve_plays_at_the_animation_speed() -> None:
    normal, three_times = _solver_move_times(1.0), _solver_move_times(3.0)
    for slow, fast in zip(zip(normal, normal[1:]), zip(three_times, three_times[1:])):
        gap, quick_gap = slow[1] - slow[0], fast[1] - fast[0]
        assert abs(quick_gap - gap / 3) <= 6, (gap, quick_gap)  # flight and pause both scale; 2 ms steps


def test_plus_and_minus_change_the_pace_without_stopping_the_solver() -> None:
    app, clock = make_app(start=near_end_position(), autoplay=False)
    wait_for_verdict(app)
    key(app, pygame.K_d, mod=pygame.KMOD_CTRL)
    assert app.table.assistant.solving
    key(app, pygame.K_PLUS)
    assert app.table.assistant.solving and app.preferences.speed == 1.5
    key(app, pygame.K_MINUS)
    assert app.table.assistant.solving and app.preferences.speed == 1.0
    key(app, pygame.K_SPACE)
    assert not app.table.assistant.solving and app.table.message == "stopped solving"


def test_shift_on_the_way_to_plus_leaves_the_solver_playing_and_the_status_bar_keeps_auto_play() -> None:
    """On a US keyboard "+" is Shift and =: the Shift alone used to stop Solve (issue 57, item 4).
    While Solve plays, auto-play rests, but the status bar says the player's setting, not "off"."""
    app, clock = make_app(start=near_end_position(), autoplay=False)
    app.table.session.autoplay = True  # the player's setting, switched on after the deal (nothing auto-played)
    wait_for_verdict(app)
    key(app, pygame.K_d, mod=pygame.KMOD_CTRL)
    assert app.table.assistant.solving and app.table.session.autoplay is False
    assert "auto-play off" not in app.table._status_facts()
    key(app, pygame.K_LSHIFT, mod=pygame.KMOD_LSHIFT)
    key(app, pygame.K_EQUALS, mod=pygame.KMOD_LSHIFT, unicode="+")
    assert app.table.assistant.solving and app.preferences.speed == 1.5, app.table.message
    key(app, pygame.K_a)  # any other key stops it
    assert not app.table.assistant.solving and app.table.session.autoplay is True


def _losing_golf_move():
    """A winnable Golf position and a move from it that loses, both proven within the window's own
    search budget (late in a won game, where the proofs are quick)."""
    from game.solver import solve
    from game.variants import find_variant, rules_for

    rules = rules_for(find_variant("golf"))
    watcher = inspect.signature(WinnabilityWatcher).parameters
    budget = {"cpu_limit": watcher["cpu_limit"].default, "max_positions": watcher["max_positions"].default}
    quick = {"max_positions": 20_000}  # a proof found in fewer positions is found in more
    for deal in range(1, 40):
        state = rules.deal(deal)
        result = solve(rules, state, **budget)
        if result.status is not Status.SOLVED:
            continue
        for played in result.moves:
            for move in rules.legal_moves(state):
                after = rules.perform(state, move)
                if move != played and not rules.is_lost(after) and solve(rules, after, **quick).status is Status.UNSOLVABLE:
                    return deal, state, move
            state = rules.perform(state, played)
    raise AssertionError("no won Golf game with a losing move on the way")


def test_a_losing_move_offers_to_rewind_to_the_last_winnable_position() -> None:
    deal, position, move = _losing_golf_move()
    app, clock = make_app(game="golf", deal=deal, start=position)
    start = app.table.session.state
    assert wait_for_verdict(app).status is Status.SOLVED
    app.table.try_move(lambda: move)
    assert wait_for_verdict(app).status is Status.UNSOLVABLE
    settle(app, clock)  # asked once the card has landed, not while it flies
    overlay = app.overlays[-1]
    assert overlay.title == "No longer winnable"
    assert app.table.assistant.verdict_text() == "not winnable"
    rewind = overlay.buttons[0]
    assert rewind.label == "Rewind to the last winnable position"
    click(app, clock, rewind.rect.center)
    assert app.table.session.state == start
    assert app.table.session.can_redo  # the losing move can still be redone


def _lose_and_be_offered_a_rewind(app, clock, move):
    app.table.try_move(lambda: move)
    settle(app, clock)
    assert wait_for_verdict(app).status is Status.UNSOLVABLE
    settle(app, clock)
    assert [o.title for o in app.overlays] == ["No longer winnable"]
    return app.overlays[-1]


def _play_on_move(app):
    """A legal move that leaves the (unwinnable) game still going: the stock's, or any other."""
    rules, state = app.table.session.rules, app.table.session.state
    moves = [rules.stock_move(state)] if rules.stock_move(state) else list(rules.legal_moves(state))
    return next(m for m in moves if not rules.is_lost(rules.perform(state, m)))


def test_play_on_sticks_for_the_rest_of_the_game() -> None:
    deal, position, move = _losing_golf_move()
    app, clock = make_app(game="golf", deal=deal, start=position)
    assert wait_for_verdict(app).status is Status.SOLVED
    overlay = _lose_and_be_offered_a_rewind(app, clock, move)
    click(app, clock, overlay.buttons[1].rect.center)  # Play on
    assert app.overlays == []
    for _ in range(2):
        app.table.try_move(lambda: _play_on_move(app))
        settle(app, clock)
        assert wait_for_verdict(app).status is Status.UNSOLVABLE
        settle(app, clock)
        assert app.overlays == []  # not "1 move back…", "2 moves back…"
        assert app.table.assistant.verdict_text() == "not winnable"  # the status bar keeps the verdict


def test_the_rewind_is_offered_again_when_the_game_was_made_winnable_and_lost_again() -> None:
    deal, position, move = _losing_golf_move()
    app, clock = make_app(game="golf", deal=deal, start=position)
    assert wait_for_verdict(app).status is Status.SOLVED
    overlay = _lose_and_be_offered_a_rewind(app, clock, move)
    click(app, clock, overlay.buttons[1].rect.center)  # Play on
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)  # winnable again
    settle(app, clock)
    assert app.table.session.state == position and app.overlays == []
    _lose_and_be_offered_a_rewind(app, clock, move)
