"""Baker's Dozen, as KPatience plays it: thirteen columns of four with the Kings beneath, down regardless
of suit one card at a time, gaps stay empty, a foundation's top card may come back down."""
from __future__ import annotations

import io
from collections import Counter

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import KING, ONE_DECK, Card, Suit
from game.moves import FOUNDATION, Move, MoveSyntaxError, Pile, PileKind, column
from game.refusal import Why
from game.rules import IllegalMove
from game.session import Session
from game.variants import find_variant, rules_for
from solitaire.cli import main
from solitaire.console import Console

from .game_checks import perft, walk
from .gui_helpers import card_point, drag, make_app, settle

GAME = find_variant("bakers-dozen")
RULES = rules_for(GAME)


def test_the_deal_is_thirteen_columns_of_four_face_up_with_each_columns_kings_beneath() -> None:
    for deal in (1, 2, 77):
        state = RULES.deal(deal)
        assert [len(pile) for pile in state.columns] == [4] * 13 and not any(state.hidden)
        assert Counter(state.cards()) == Counter(ONE_DECK.cards()) and not state.stock
        for pile in state.columns:
            kings = [card.rank == KING for card in pile]
            assert kings == sorted(kings, reverse=True)  # no King above a card that is not one
    assert any(state.columns[i][0].rank == KING for i in range(13))
    assert RULES.deal(1) != RULES.deal(2)


def position(*columns: str, home: str = "H-T C-K D-K S-T") -> str:
    return f"Foundations: {home}\n" + "".join(f": {pile}\n" for pile in columns) + ":\n" * (13 - len(columns))


def test_one_card_at_a_time_regardless_of_suit_gaps_stay_empty_and_a_card_comes_back_down() -> None:
    state = RULES.from_text(position("JH QS", "KH", "JS QH", "KS"))
    assert RULES.apply(state, Move(column(0), column(1))).columns[1][-1] == Card.parse("QS")  # a spade on a heart
    refusals = {
        Move(column(2), column(1), 2): Why.ONE_AT_A_TIME,
        Move(column(0), column(5)): Why.EMPTY_COLUMN,
        Move(column(0), column(2)): Why.CANT_GO_ON,
    }
    for illegal, why in refusals.items():
        with pytest.raises(IllegalMove) as refused:
            RULES.apply(state, illegal)
        assert refused.value.refusal.why is why, illegal
    down = RULES.from_text(position("JH QS", "KH", "QH", "KS", home="H-T C-K D-K S-J"))
    jack = Move(Pile(PileKind.FOUNDATION, 3), column(2))  # the J♠ back down onto the Q♥
    assert jack in set(RULES.legal_moves(down)) and RULES.apply(down, jack).columns[2][-1] == Card.parse("JS")


@settings(max_examples=30, deadline=None)
@given(deal=st.integers(1, 10**6), seed=st.integers(0, 2**16))
def test_every_listed_move_is_accepted_and_every_other_move_refused(deal: int, seed: int) -> None:
    walk(RULES, RULES.deal(deal), seed, steps=15)


def test_perft_of_deal_1() -> None:
    """Moves counted from deal 1 to three plies: a fixture the rules must keep."""
    assert [perft(RULES, RULES.deal(1), depth) for depth in (1, 2, 3)] == [14, 199, 2820]


def test_the_console_plays_a_game_to_its_win_writing_columns_past_the_ninth_with_a_dash() -> None:
    start = RULES.from_text(position("", "", "", "", "", "", "", "", "", "JH QS", "KH", "JS QH", "KS"))
    session = Session(GAME, 1, start=start)
    out = io.StringIO()
    Console(session, out, ascii=True).run(io.StringIO("10-11\n12-h\nq\n"))
    assert session.actions[0] == Move(column(9), column(10)) and session.actions[2] == Move(column(11), FOUNDATION)
    assert session.is_won


def test_show_and_solve_take_it_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "--game", "bakers-dozen", "--deal", "4"]) == 0
    shown = capsys.readouterr().out
    assert shown.count("\n:") == 13 and "[" not in shown
    assert main(["solve", "--game", "bakers-dozen", "--deal", "4"]) == 0
    assert "solved" in capsys.readouterr().out


def test_a_game_is_won_by_mouse_in_the_window() -> None:
    """The Q♠ dragged off the J♥ onto the K♥, the Q♥ dragged home; auto-play sends the rest."""
    pygame.init()
    try:
        start = RULES.from_text(position("JH QS", "KH", "JS QH", "KS"))
        app, clock = make_app(game="bakers-dozen", deal=1, start=start)
        drag(app, clock, card_point(app, Card.parse("QS")), card_point(app, Card.parse("KH")))
        settle(app, clock, limit_ms=20000)
        session = app.table.session
        assert session.state.foundations[Suit.HEARTS][-1] == Card.parse("JH")  # the J♥ went home by itself
        home = app.table.view.layout.pile_rect(Pile(PileKind.FOUNDATION, Suit.HEARTS)).center
        drag(app, clock, card_point(app, Card.parse("QH")), home)
        settle(app, clock, limit_ms=20000)
        assert session.is_won
        assert [m for m, auto in zip(session.actions, session.automatic) if not auto] == [
            Move(column(0), column(1)), Move(column(2), FOUNDATION),
        ]
    finally:
        pygame.quit()


def test_columns_past_the_ninth_are_written_with_a_dash_and_read_back() -> None:
    cases = {
        "11-3": Move(column(10), column(2)), "3-12v2": Move(column(2), column(11), 2), "13-h": Move(column(12), FOUNDATION),
        "h12-5": Move(Pile(PileKind.FOUNDATION, 11), column(4)), "h2-13": Move(Pile(PileKind.FOUNDATION, 1), column(12)),
    }
    for text, move in cases.items():
        assert Move.parse(text) == move and move.notation == text
    assert Move(column(4), column(7), 3).notation == "58v3" and Move(Pile(PileKind.FOUNDATION, 1), column(2)).notation == "h23"
    for bad in ("1-", "-3", "14-", "h0-3", "11-"):
        with pytest.raises(MoveSyntaxError):
            Move.parse(bad)


def test_the_console_help_tells_how_to_name_the_columns_past_the_tenth() -> None:
    assert "11-3" in GAME.family.dialect(GAME).help()
    assert "11-3" not in find_variant("freecell").family.dialect(find_variant("freecell")).help()
