"""TriPeaks (issue 53), as Microsoft's players know it: three peaks of 28 cards, 18 face down under a
row of ten, one card on the waste and 23 in the stock turned once; a free card a rank above or below
the waste's top goes onto it, King and Ace touching (an option keeps them apart)."""
from __future__ import annotations

import io
import random
from collections import Counter

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import ONE_DECK, Card
from game.moves import FOUNDATION, STOCK, WASTE, Move, column
from game.refusal import Why
from game.rules import IllegalMove
from game.session import Session
from game.solver import Status, solve
from game.variants import find_variant, rules_for
from solitaire.cli import main
from solitaire.console import Console

from .gui_helpers import make_app, settle
from .matching_helpers import accepted, candidate_moves, exhaustive, play_by_mouse, with_hidden

GAME = find_variant("tripeaks")
RULES = rules_for(GAME)
STRICT = rules_for(find_variant("tripeaks-strict"))
FACE_DOWN = 18


def test_the_deal_is_three_peaks_of_28_with_18_face_down_one_card_on_the_waste_and_23_in_the_stock() -> None:
    for deal in (1, 2, 500):
        state = RULES.deal(deal)
        assert [len(pile) for pile in state.columns] == [1] * 28
        assert state.hidden == (1,) * FACE_DOWN + (0,) * 10
        assert len(state.waste) == 1 and len(state.stock) == 23 and state.foundations == ()
        assert Counter(state.cards()) == Counter(ONE_DECK.cards())
    assert RULES.deal(1) != RULES.deal(2)
    assert STRICT.deal(7) == RULES.deal(7)  # both rules deal alike, so a deal's number means one table


def test_only_the_bottom_row_is_free_at_the_deal_and_a_card_turns_up_when_both_cards_on_it_are_gone() -> None:
    state = RULES.deal(3)
    assert RULES.slots.free(state) == list(range(FACE_DOWN, 28))  # type: ignore[attr-defined]
    # slot 9, the left foot of the first peak's lowest row, lies under the shared row's first two cards
    assert RULES.slots.covered_by[9] == (18, 19)  # type: ignore[attr-defined]
    columns = list(state.columns)
    columns[18] = ()
    one_gone = RULES.slots.turned_up(state.replace(columns=tuple(columns)))  # type: ignore[attr-defined]
    assert one_gone.hidden[9] == 1
    columns[19] = ()
    both_gone = RULES.slots.turned_up(state.replace(columns=tuple(columns)))  # type: ignore[attr-defined]
    assert both_gone.hidden[9] == 0 and both_gone.hidden[10] == 1


def position(slots: dict[int, str], waste: str, stock: str = "") -> object:
    """A position with cards only in the given slots (face down where something covers them)."""
    columns = tuple((Card.parse(slots[i]),) if i in slots else () for i in range(28))
    state = RULES.deal(1).replace(columns=columns, waste=tuple(Card.parse(c) for c in waste.split()),
                    stock=tuple(Card.parse(c) for c in stock.split()), hidden=(0,) * 28)
    return with_hidden(RULES, state, FACE_DOWN)


def test_a_free_card_a_rank_up_or_down_goes_onto_the_waste_whatever_its_suit_and_king_and_ace_touch() -> None:
    state = position({20: "5C", 21: "7H", 22: "AS", 23: "9D"}, "6D")
    assert {m for m in RULES.legal_moves(state) if m.dst == WASTE} == {Move(column(20), WASTE), Move(column(21), WASTE)}
    after = RULES.apply(state, Move(column(21), WASTE))
    assert after.waste[-1] == Card.parse("7H") and after.columns[21] == ()
    king = position({22: "AS"}, "KD")
    assert Move(column(22), WASTE) in list(RULES.legal_moves(king))
    with pytest.raises(IllegalMove) as refused:
        STRICT.apply(king, Move(column(22), WASTE))
    assert refused.value.refusal.why is Why.NOT_NEXT and "Ace and King" in str(refused.value)
    with pytest.raises(IllegalMove) as refused:
        RULES.apply(state, Move(column(23), WASTE))
    assert refused.value.refusal.why is Why.NOT_NEXT


def test_covered_cards_and_moves_elsewhere_are_refused_with_their_reason() -> None:
    state = RULES.deal(4)
    refusals = {
        Move(column(0), WASTE): Why.COVERED,
        Move(column(20), column(21)): Why.CANT_GO_ON,
        Move(column(20), FOUNDATION): Why.CANT_GO_ON,
        Move(WASTE, STOCK, 1): Why.STOCK,  # turned once: nothing goes back
    }
    for move, why in refusals.items():
        with pytest.raises(IllegalMove) as refused:
            RULES.apply(state, move)
        assert refused.value.refusal.why is why, move


def test_won_when_the_peaks_are_cleared_and_lost_when_the_stock_is_spent_with_nothing_next_to_the_waste() -> None:
    assert RULES.is_won(position({}, "6D"))
    stuck = position({20: "9C"}, "6D")
    reason = RULES.lost_reason(stuck)
    assert RULES.is_lost(stuck) and reason is not None and reason.why is Why.LOST and "6♦" in str(reason)
    assert not RULES.is_lost(position({20: "9C"}, "6D", "8H"))


@settings(max_examples=30, deadline=None)
@given(deal=st.integers(1, 10**6), seed=st.integers(0, 2**16), wrap=st.booleans())
def test_every_listed_move_is_accepted_and_every_other_move_refused(deal: int, seed: int, wrap: bool) -> None:
    rules = RULES if wrap else STRICT
    state, rng = rules.deal(deal), random.Random(seed)
    for _ in range(40):
        listed = set(rules.legal_moves(state))
        assert {m for m in candidate_moves(state) if accepted(rules, state, m)} == listed
        if not listed:
            break
        after = rules.apply(state, rng.choice(sorted(listed, key=str)))
        assert Counter(after.cards()) == Counter(state.cards())
        state = after


@settings(max_examples=25, deadline=None)
@given(deal=st.integers(1, 10**6), seed=st.integers(0, 2**16), wrap=st.booleans(), keep=st.integers(4, 11),
       stock=st.integers(0, 9))
def test_the_exact_search_agrees_with_trying_every_line(deal: int, seed: int, wrap: bool, keep: int, stock: int) -> None:
    """Positions cut down from a deal (some slots emptied, a shorter stock): won exactly when some
    line of legal moves wins, found by a search that knows nothing but the rules."""
    rules = RULES if wrap else STRICT
    state, rng = rules.deal(deal), random.Random(seed)
    kept = set(rng.sample(range(28), keep))
    columns = tuple(pile if i in kept else () for i, pile in enumerate(state.columns))
    state = with_hidden(rules, state.replace(columns=columns, stock=state.stock[:stock]), FACE_DOWN)
    result = solve(rules, state, cpu_limit=30)
    truth = exhaustive(rules, state, lambda s: (s.columns, len(s.stock), s.waste[-1:]))
    assert result.status is (Status.SOLVED if truth else Status.UNSOLVABLE)


def test_solve_wins_deal_1_and_proves_deal_29_lost(capsys: pytest.CaptureFixture[str]) -> None:
    won = solve(RULES, RULES.deal(1), cpu_limit=30)
    assert won.status is Status.SOLVED
    state = RULES.deal(1)
    for move in won.moves:
        state = RULES.apply(state, move)
    assert RULES.is_won(state)
    assert main(["solve", "--game", "tripeaks", "--deal", "29"]) == 1
    assert "unsolvable" in capsys.readouterr().out


def test_a_game_is_won_in_the_console_by_its_own_commands() -> None:
    session = Session(GAME, 1, autoplay=False)
    moves = solve(RULES, session.state, cpu_limit=30).moves
    dialect = GAME.family.dialect(GAME)
    commands, state = [], session.state
    for move in moves:
        commands.append(dialect.phrase(move, state))
        state = RULES.apply(state, move)
    assert any(c.isdigit() for c in commands) and "d" in commands
    out = io.StringIO()
    Console(session, out, ascii=True).run(io.StringIO("\n".join([*commands, "q"]) + "\n"))
    assert session.is_won, out.getvalue()[-600:]
    assert "stock (d):" in out.getvalue() and "waste (w):" in out.getvalue()


def test_the_console_takes_a_card_by_name_and_says_why_a_covered_one_stays() -> None:
    session = Session(GAME, 1, autoplay=False)
    top = session.state.waste[-1]
    free = [session.state.columns[i][0] for i in range(FACE_DOWN, 28)]
    playable = next(card for card in free if abs(card.rank - top.rank) in (1, 12))
    out = io.StringIO()
    Console(session, out, ascii=True).run(io.StringIO(f"{playable.code}\n1\nq\n"))
    assert session.actions[0].dst == WASTE and session.state.waste[-1] is playable
    assert "covered" in out.getvalue()


def test_a_game_is_won_by_mouse_in_the_window() -> None:
    """Every card of a winnable deal clicked onto the waste, the stock clicked when nothing fits."""
    pygame.init()
    try:
        app, clock = make_app(game="tripeaks", deal=1, autoplay=False)
        settle(app, clock)
        moves = solve(RULES, app.table.session.state, cpu_limit=30).moves
        play_by_mouse(app, clock, list(moves))
        assert app.table.session.is_won
    finally:
        pygame.quit()


def test_show_lists_it_and_names_it_by_its_aliases(capsys: pytest.CaptureFixture[str]) -> None:
    assert find_variant("tri-peaks") is GAME and find_variant("strict-tripeaks").params.wrap is False
    assert main(["games"]) == 0
    assert "tripeaks" in capsys.readouterr().out
    assert main(["show", "--game", "tripeaks", "--deal", "5"]) == 0
    shown = capsys.readouterr().out
    assert shown.count("[") == FACE_DOWN and "Foundation" not in shown
