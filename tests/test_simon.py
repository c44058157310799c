"""Simple Simon, as KPatience plays it: ten columns of 8, 8, 8, 7, 6, 5, 4, 3, 2 and 1 face up, any
card on the card one rank higher, runs of one suit move together, whole runs from King to Ace go home."""
from __future__ import annotations

import functools
import io
from collections import Counter

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import ONE_DECK, Card
from game.moves import Move, column
from game.refusal import Why
from game.rules import IllegalMove
from game.session import Session
from game.variants import find_variant, rules_for
from solitaire.cli import main
from solitaire.console import Console

from .game_checks import compact_walk, missing, perft, walk
from .gui_helpers import card_point, drag, make_app, settle

GAME = find_variant("simple-simon")
RULES = rules_for(GAME)
# the spades still out, in two runs: the lower one dragged onto the higher completes the suit
LAST_RUN = "Foundations: H-K D-K C-K -\n: KS QS JS TS 9S 8S 7S\n: 6S 5S 4S 3S 2S AS\n" + ":\n" * 8


def board(*columns: str) -> str:
    """Board text whose given columns come first, and every other card of the deck in the next one."""
    rest = missing(ONE_DECK, " ".join(columns))
    piles = [*columns, rest] + [""] * (9 - len(columns))
    return "Foundations: - - - -\n" + "".join(f": {pile}\n" for pile in piles)


def test_the_deal_is_ten_columns_from_eight_cards_down_to_one_all_face_up() -> None:
    for deal in (1, 2, 77):
        state = RULES.deal(deal)
        assert [len(pile) for pile in state.columns] == [8, 8, 8, 7, 6, 5, 4, 3, 2, 1] and not any(state.hidden)
        assert Counter(state.cards()) == Counter(ONE_DECK.cards()) and not state.stock
    assert RULES.deal(1) != RULES.deal(2)


def test_any_card_goes_on_one_rank_higher_but_only_a_run_of_one_suit_moves_together() -> None:
    state = RULES.from_text(board("9D 8C 7C", "9H", ""))
    with pytest.raises(IllegalMove) as refused:
        RULES.apply(state, Move(column(0), column(1), 3))
    assert refused.value.refusal.why is Why.NOT_A_RUN
    moved = RULES.apply(state, Move(column(0), column(1), 2))  # the 8♣ 7♣ onto the 9♥: any suit
    assert moved.columns[1] == tuple(map(Card.parse, ("9H", "8C", "7C")))
    assert RULES.apply(state, Move(column(0), column(2), 2)).columns[2] == (Card.parse("8C"), Card.parse("7C"))


@settings(max_examples=30, deadline=None)
@given(deal=st.integers(1, 10**6), seed=st.integers(0, 2**16))
def test_every_listed_move_is_accepted_and_every_other_move_refused(deal: int, seed: int) -> None:
    walk(RULES, RULES.deal(deal), seed, steps=20)


def test_perft_of_deal_1() -> None:
    """Moves counted from deal 1 to three plies: a fixture the rules must keep."""
    assert [perft(RULES, RULES.deal(1), depth) for depth in (1, 2, 3)] == [6, 34, 184]


def test_a_completed_run_goes_home_and_the_console_plays_to_the_win() -> None:
    session = Session(GAME, 1, start=RULES.from_text(LAST_RUN))
    Console(session, io.StringIO(), ascii=True).run(io.StringIO("21v6\nq\n"))
    assert session.actions[0] == Move(column(1), column(0), 6) and session.is_won


def test_show_and_solve_take_it_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "--game", "simon", "--deal", "1"]) == 0
    assert capsys.readouterr().out.count("\n:") == 10
    assert main(["solve", "--game", "simple-simon", "--deal", "1"]) == 0
    assert "solved" in capsys.readouterr().out


def test_a_game_is_won_by_mouse_in_the_window() -> None:
    pygame.init()
    try:
        app, clock = make_app(game="simple-simon", deal=1, start=RULES.from_text(LAST_RUN))
        drag(app, clock, card_point(app, Card.parse("6S")), card_point(app, Card.parse("7S")))
        settle(app, clock, limit_ms=20000)
        session = app.table.session
        assert session.is_won and session.actions[0] == Move(column(1), column(0), 6)
    finally:
        pygame.quit()


MOST_STEPS = 120  # a random game's moves looked at


@pytest.mark.parametrize("start", ["1", "4", "9", LAST_RUN])
def test_the_compact_search_makes_exactly_the_positions_of_the_rules_moves(start: str) -> None:
    """`compact_walk` from deals and from a board whose last runs complete a suit."""
    from game.solver.simon import Moves, Position

    state = RULES.deal(int(start)) if start.isdigit() else RULES.from_text(start)
    met = compact_walk(RULES, None, Moves(len(state.columns)).children, Position.of, state, start, MOST_STEPS)
    assert sum(1 for _ in met) > 5


def test_a_deal_is_won_and_its_solution_replays() -> None:
    from game.solver import solve

    won = solve(RULES, RULES.deal(1), max_positions=200_000)
    assert won.solved and RULES.is_won(functools.reduce(RULES.apply, won.moves, RULES.deal(1)))
