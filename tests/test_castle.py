"""Beleaguered Castle, as KPatience plays it: the Aces home at the deal, eight columns of six, down
regardless of suit, runs as far as empty columns carry them, any card fills a gap, a foundation's top
card may come back down."""
from __future__ import annotations

import io
from collections import Counter

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import ACE, ONE_DECK, Card
from game.moves import Move, Pile, PileKind, column
from game.refusal import Why
from game.rules import IllegalMove
from game.session import Session
from game.variants import find_variant, rules_for
from solitaire.cli import main
from solitaire.console import Console

from .game_checks import perft, walk
from .gui_helpers import card_point, drag, make_app, settle

GAME = find_variant("beleaguered-castle")
RULES = rules_for(GAME)
# no card can go home: the J♥ and J♠ lie under runs that need an empty column each
START = "Foundations: H-T C-K D-K S-T\n: JH KS QH\n: JS KH QS\n" + ":\n" * 6
FULL = """Foundations: H-5 C-5 D-5 S-5
: KH 9S 8D
: KC TH
: KD 6C
: KS 6D
: QH QC QD QS JH JC JD JS
: TC TD TS 9H 9C 9D
: 8H 8C 8S 7H 7C
: 7D 7S 6H 6S
"""


def test_the_aces_start_home_and_the_rest_lie_face_up_in_eight_columns_of_six() -> None:
    for deal in (1, 2, 77):
        state = RULES.deal(deal)
        assert [len(pile) for pile in state.columns] == [6] * 8 and not any(state.hidden) and not state.stock
        assert list(state.foundations) == [(Card.of(ACE, suit),) for suit in ONE_DECK.suits]
        assert Counter(state.cards()) == Counter(ONE_DECK.cards())
    assert RULES.deal(1) != RULES.deal(2)


def test_runs_move_as_far_as_empty_columns_carry_them_and_any_card_fills_a_gap() -> None:
    full = RULES.from_text(FULL)
    with pytest.raises(IllegalMove) as refused:
        RULES.apply(full, Move(column(0), column(1), 2))  # 9♠ 8♦ onto the 10♥, with no empty column
    assert refused.value.refusal.why is Why.RUN_TOO_LONG
    assert RULES.apply(full, Move(column(0), column(5))).columns[5][-1] == Card.parse("8D")  # one card onto the 9♦
    club = Move(Pile(PileKind.FOUNDATION, 0), column(2))  # the 5♣ back down onto the 6♣
    assert club in set(RULES.legal_moves(full)) and RULES.apply(full, club).columns[2][-1] == Card.parse("5C")
    start = RULES.from_text(START)
    moved = RULES.apply(start, Move(column(0), column(4), 2))  # a run into an empty column
    assert moved.columns[4] == (Card.parse("KS"), Card.parse("QH"))
    assert RULES.apply(start, Move(column(1), column(5))).columns[5] == (Card.parse("QS"),)  # any card fills a gap


@settings(max_examples=30, deadline=None)
@given(deal=st.integers(1, 10**6), seed=st.integers(0, 2**16))
def test_every_listed_move_is_accepted_and_every_other_move_refused(deal: int, seed: int) -> None:
    walk(RULES, RULES.deal(deal), seed, steps=15)


def test_perft_of_deal_1_and_of_a_full_table() -> None:
    """Moves counted to three plies: fixtures the rules must keep."""
    assert [perft(RULES, RULES.deal(1), depth) for depth in (1, 2, 3)] == [6, 39, 249]
    assert [perft(RULES, RULES.from_text(FULL), depth) for depth in (1, 2)] == [22, 407]


def test_the_console_plays_a_game_to_its_win() -> None:
    session = Session(GAME, 1, start=RULES.from_text(START))
    Console(session, io.StringIO(), ascii=True).run(io.StringIO("13v2\n24v2\nq\n"))
    typed = [m for m, auto in zip(session.actions, session.automatic) if not auto]
    assert typed == [Move(column(0), column(2), 2), Move(column(1), column(3), 2)] and session.is_won


def test_show_and_solve_take_it_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "--game", "castle", "--deal", "1"]) == 0
    shown = capsys.readouterr().out
    assert shown.count("\n:") == 8 and "H-A C-A D-A S-A" in shown
    assert main(["solve", "--game", "beleaguered-castle", "--deal", "1"]) == 0
    assert "solved" in capsys.readouterr().out


def test_a_game_is_won_by_mouse_in_the_window() -> None:
    """Each run dragged into an empty column uncovers a Jack; auto-play sends everything home."""
    pygame.init()
    try:
        app, clock = make_app(game="beleaguered-castle", deal=1, start=RULES.from_text(START))
        layout = app.table.view.layout
        drag(app, clock, card_point(app, Card.parse("KS")), layout.pile_rect(column(2)).center)
        settle(app, clock, limit_ms=20000)
        session = app.table.session
        assert session.state.foundations[2][-1] == Card.parse("JH") and not session.is_won
        drag(app, clock, card_point(app, Card.parse("KH")), layout.pile_rect(column(3)).center)
        settle(app, clock, limit_ms=20000)
        assert session.is_won
        assert [m for m, auto in zip(session.actions, session.automatic) if not auto] == [
            Move(column(0), column(2), 2), Move(column(1), column(3), 2),
        ]
    finally:
        pygame.quit()
