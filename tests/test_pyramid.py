"""Pyramid (issue 53): 28 cards in seven overlapping rows taken off in pairs that make 13, a King
alone; the stock turned one card at a time onto the waste, whose top card pairs too; three passes
by default (one or two as options); won when the pyramid is cleared."""
from __future__ import annotations

import io
import random
from collections import Counter

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import ONE_DECK, Card
from game.moves import FOUNDATION, STOCK, WASTE, Move, PileKind, column
from game.refusal import Why
from game.rules import IllegalMove
from game.session import Session
from game.solver import Status, solve
from game.variants import find_variant, rules_for
from solitaire.cli import main
from solitaire.console import Console

from .gui_helpers import card_point, click, drag, make_app, settle
from .matching_helpers import accepted, candidate_moves, exhaustive, play_by_mouse, reversed_move

GAME = find_variant("pyramid")
RULES = rules_for(GAME)
ONE_PASS = rules_for(find_variant("pyramid-1"))
WON_DEAL = 5  # solved in about 70 moves, in a few dozen positions


def test_the_deal_is_a_pyramid_of_seven_rows_face_up_and_24_cards_in_the_stock() -> None:
    for deal in (1, 2, 500):
        state = RULES.deal(deal)
        assert [len(pile) for pile in state.columns] == [1] * 28 and not any(state.hidden)
        assert len(state.stock) == 24 and state.waste == () and state.foundations == ((),)
        assert Counter(state.cards()) == Counter(ONE_DECK.cards())
    assert ONE_PASS.deal(9) == RULES.deal(9)  # every number of passes deals alike
    assert RULES.slots.free(RULES.deal(1)) == list(range(21, 28))  # type: ignore[attr-defined]
    assert RULES.slots.covered_by[0] == (1, 2) and RULES.slots.covered_by[20] == (26, 27)  # type: ignore[attr-defined]


def position(slots: dict[int, str], waste: str = "", stock: str = "", redeals: int = 0):  # type: ignore[no-untyped-def]
    columns = tuple((Card.parse(slots[i]),) if i in slots else () for i in range(28))
    return RULES.deal(1).replace(columns=columns, waste=tuple(Card.parse(c) for c in waste.split()),
                   stock=tuple(Card.parse(c) for c in stock.split()), foundations=((),), redeals=redeals)


def test_two_free_cards_that_make_13_leave_together_and_a_king_leaves_alone() -> None:
    state = position({15: "5C", 21: "8H", 22: "QS", 23: "KD"}, waste="AH")
    listed = set(RULES.legal_moves(state))
    assert listed == {Move(WASTE, column(22)), Move(column(23), FOUNDATION), Move(WASTE, STOCK, 1)}  # 5♣ lies under 8♥
    after = RULES.apply(state, Move(WASTE, column(22)))
    assert after.waste == () and after.columns[22] == () and after.foundations[0] == (Card.parse("AH"), Card.parse("QS"))
    covered = position({15: "5C", 21: "8H", 22: "QS"})
    with pytest.raises(IllegalMove) as refused:
        RULES.apply(covered, Move(column(15), column(21)))
    assert refused.value.refusal.why is Why.COVERED and "2" in str(refused.value)  # the 8♥ and Q♠ lie on it
    with pytest.raises(IllegalMove) as refused:
        RULES.apply(covered, Move(column(21), column(22)))
    assert refused.value.refusal.why is Why.NO_MATCH and "20" in str(refused.value)
    with pytest.raises(IllegalMove) as refused:
        RULES.apply(covered, Move(column(21), FOUNDATION))
    assert refused.value.refusal.why is Why.NO_MATCH


def test_the_waste_turns_back_over_twice_in_three_passes_and_never_in_one() -> None:
    spent = position({21: "8H"}, waste="2C 3D")
    assert RULES.stock_move(spent) == Move(WASTE, STOCK, 2) and ONE_PASS.stock_move(spent) is None
    again = RULES.apply(spent, Move(WASTE, STOCK, 2))
    assert again.stock == spent.waste[::-1] and again.redeals == 1
    last = spent.replace(redeals=2)
    assert RULES.stock_move(last) is None and RULES.is_lost(last)
    reason = RULES.lost_reason(last)
    assert reason is not None and reason.why is Why.LOST


def test_won_when_the_pyramid_is_cleared_whatever_the_stock_holds() -> None:
    assert RULES.is_won(position({}, waste="2C", stock="3D"))
    assert not RULES.is_won(position({0: "2C"}))


def test_auto_play_takes_off_a_free_king_and_nothing_else() -> None:
    assert RULES.safe_autoplay(position({21: "KC", 22: "8H"}, waste="5D")) == Move(column(21), FOUNDATION)
    assert RULES.safe_autoplay(position({21: "QC", 22: "8H"}, waste="5D")) is None
    assert RULES.safe_autoplay(position({15: "KC", 22: "8H"})) is None  # covered by slot 22's card


@settings(max_examples=30, deadline=None)
@given(deal=st.integers(1, 10**6), seed=st.integers(0, 2**16), passes=st.sampled_from(["pyramid", "pyramid-1"]))
def test_every_listed_move_is_accepted_and_every_other_move_refused(deal: int, seed: int, passes: str) -> None:
    """A pair is one move written either way round (`12 27` or `27 12`); the list has it once."""
    rules = rules_for(find_variant(passes))
    state, rng = rules.deal(deal), random.Random(seed)
    for _ in range(60):
        listed = set(rules.legal_moves(state))
        for move in candidate_moves(state):
            pair = {move.src.kind, move.dst.kind} <= {PileKind.COLUMN, PileKind.WASTE}  # not the stock's, nor a King's
            assert accepted(rules, state, move) == (move in listed or pair and reversed_move(move) in listed), move
        if not listed:
            break
        after = rules.apply(state, rng.choice(sorted(listed, key=str)))
        assert Counter(after.cards()) == Counter(state.cards())
        state = after


@settings(max_examples=25, deadline=None)
@given(deal=st.integers(1, 10**6), seed=st.integers(0, 2**16), keep=st.integers(3, 9), stock=st.integers(0, 8),
       passes=st.sampled_from(["pyramid", "pyramid-2", "pyramid-1"]))
def test_the_exact_search_agrees_with_trying_every_line(deal: int, seed: int, keep: int, stock: int, passes: str) -> None:
    """Positions cut down from a deal (a few slots of the lower rows, a shorter stock): won exactly
    when some line of legal moves wins, found by a search that knows nothing but the rules."""
    rules = rules_for(find_variant(passes))
    state, rng = rules.deal(deal), random.Random(seed)
    kept = set(rng.sample(range(10, 28), keep))
    columns = tuple(pile if i in kept else () for i, pile in enumerate(state.columns))
    state = state.replace(columns=columns, stock=state.stock[:stock])
    result = solve(rules, state, cpu_limit=30)
    truth = exhaustive(rules, state, lambda s: s)
    assert result.status is (Status.SOLVED if truth else Status.UNSOLVABLE)


def test_solve_wins_a_deal_and_proves_another_lost(capsys: pytest.CaptureFixture[str]) -> None:
    won = solve(RULES, RULES.deal(WON_DEAL), cpu_limit=30)
    assert won.status is Status.SOLVED
    state = RULES.deal(WON_DEAL)
    for move in won.moves:
        state = RULES.apply(state, move)
    assert RULES.is_won(state)
    assert main(["solve", "--game", "pyramid", "--deal", "1"]) == 1
    assert "unsolvable" in capsys.readouterr().out


def test_a_game_is_won_in_the_console_by_its_own_commands() -> None:
    session = Session(GAME, WON_DEAL, autoplay=False)
    moves = solve(RULES, session.state, cpu_limit=30).moves
    dialect = GAME.family.dialect(GAME)
    commands, state = [], session.state
    for move in moves:
        commands.append(dialect.phrase(move, state))
        state = RULES.apply(state, move)
    assert any(" " in c for c in commands) and "d" in commands
    out = io.StringIO()
    Console(session, out, ascii=True).run(io.StringIO("\n".join([*commands, "q"]) + "\n"))
    assert session.is_won, out.getvalue()[-600:]
    assert "taken off:" in out.getvalue()


def test_the_console_pairs_cards_by_name_and_says_why_two_do_not_make_13() -> None:
    session = Session(GAME, 1, autoplay=False)
    out = io.StringIO()
    Console(session, out, ascii=True).run(io.StringIO("7s 10h\n22 23\nq\n"))  # 7 + 10 is 17
    assert session.actions == [] and out.getvalue().count("17") >= 2


def test_a_game_is_won_by_mouse_in_the_window() -> None:
    """Pairs clicked one card then the other, Kings double-clicked, the stock clicked."""
    pygame.init()
    try:
        app, clock = make_app(game="pyramid", deal=WON_DEAL, autoplay=False)
        settle(app, clock)
        moves = list(solve(RULES, app.table.session.state, cpu_limit=30).moves)
        play_by_mouse(app, clock, moves)
        assert app.table.session.is_won
    finally:
        pygame.quit()


def test_a_pair_dragged_one_onto_the_other_leaves_and_a_click_elsewhere_unselects() -> None:
    pygame.init()
    try:
        start = position({21: "8H", 22: "5C", 23: "2D", 24: "7S"}, stock="3C")
        app, clock = make_app(game="pyramid", deal=1, start=start, autoplay=False)
        settle(app, clock)
        eight, five = Card.parse("8H"), Card.parse("5C")
        drag(app, clock, card_point(app, eight), card_point(app, five))
        settle(app, clock)
        assert app.table.session.actions == [Move(column(21), column(22))]
        click(app, clock, card_point(app, Card.parse("2D")))
        click(app, clock, card_point(app, Card.parse("7S")))  # 2 + 7: refused, nothing moves
        settle(app, clock)
        assert len(app.table.session.actions) == 1 and app.table.selection is None
    finally:
        pygame.quit()


def test_passes_are_an_option_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "--game", "pyramid", "--passes", "1", "--deal", "3"]) == 0
    assert "Stock:" in capsys.readouterr().out
    assert main(["show", "--game", "klondike", "--passes", "2", "--deal", "3"]) != 0
    assert "--passes is for Pyramid" in capsys.readouterr().err
