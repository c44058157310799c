"""Forty & Eight: two decks, eight columns of five (four, and a card on the waste, as KPatience deals:
the option), down by suit, runs as far as empty columns carry them, any card fills a gap, eight
foundations any Ace starts, and the waste turned back over once."""
from __future__ import annotations

import io
import random
from collections import Counter
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import TWO_DECKS
from game.families.forty_eight import FORTY_EIGHT
from game.moves import STOCK, WASTE, Move, column
from game.pieces.deal import Deal, rows
from game.pieces.engine import PieceRules
from game.pieces.table import Pieces
from game.refusal import Why
from game.rules import IllegalMove
from game.session import Session
from game.solver import Status, hint, solve
from game.variants import dialect_for, find_variant, rules_for
from solitaire.cli import main
from solitaire.console import Console

from .game_checks import missing, perft, walk
from .gui_helpers import centre_of_top, drag, make_app, settle
from .test_forty_thieves_solver import SEEDS, end_game, winnable

GAME = find_variant("forty-and-eight")
RULES = rules_for(GAME)
# the last cards: the K♦ on top of the Q♦ it needs home first, the stock empty, every column empty
LAST_CARDS = "Foundations: H-K H-K C-K C-K D-K D-J S-K S-K\nStock:\nWaste: QD KD\n" + ":\n" * 8


def position(*columns: str, home: str = "- - - - - - - -", stock: str = "", waste: str = "") -> str:
    """Board text of these columns, foundations and waste; the rest of the pack lies in the stock under `stock`."""
    piles = list(columns) + [""] * (8 - len(columns))
    rest = missing(TWO_DECKS, " ".join((*columns, home, stock, waste)))
    return f"Foundations: {home}\nStock: {rest} {stock}\nWaste: {waste}\n" + "".join(f": {pile}\n" for pile in piles)


def test_the_deal_is_eight_columns_of_five_and_sixty_four_in_the_stock() -> None:
    for deal in (1, 2, 77):
        state = RULES.deal(deal)
        assert [len(pile) for pile in state.columns] == [5] * 8 and not any(state.hidden)
        assert len(state.stock) == 64 and not state.waste and len(state.foundations) == 8
        assert Counter(state.cards()) == Counter(TWO_DECKS.cards())
    assert RULES.deal(1) != RULES.deal(2)


def test_kpatience_deals_four_to_each_column_and_turns_the_first_card(capsys: pytest.CaptureFixture[str]) -> None:
    kpatience = rules_for(find_variant("forty-and-eight-kpatience"))
    state = kpatience.deal(1)
    assert [len(pile) for pile in state.columns] == [4] * 8 and len(state.waste) == 1 and len(state.stock) == 71
    assert Counter(state.cards()) == Counter(TWO_DECKS.cards())
    assert not find_variant("forty-and-eight-kpatience").listed and GAME.listed
    assert main(["show", "--game", "forty-and-eight", "--rows", "4", "--deal", "1"]) == 0
    shown = capsys.readouterr().out.splitlines()
    assert [len(line.split()) for line in shown if line.startswith(":")] == [5] * 8  # the colon and four cards
    assert next(line for line in shown if line.startswith("Waste:")).count(" ") == 1
    with pytest.raises(SystemExit):
        main(["show", "--game", "forty-and-eight", "--rows", "6", "--deal", "1"])
    assert "--rows" in capsys.readouterr().err


def test_columns_build_down_by_suit_and_a_run_moves_as_far_as_the_empty_columns_carry_it() -> None:
    state = RULES.from_text(position("KC 7S 6S", "8S", "", "9H", "KD 7S 6S 5S", "KC", "5C", "JD"))
    assert len(RULES.apply(state, Move(column(0), column(1), 2)).columns[1]) == 3  # one empty column: two cards
    with pytest.raises(IllegalMove) as refused:
        RULES.apply(state, Move(column(4), column(1), 3))
    assert refused.value.refusal.why is Why.RUN_TOO_LONG
    assert RULES.apply(state, Move(column(3), column(2))).columns[2][-1].code == "9H"  # any card fills a gap
    with pytest.raises(IllegalMove) as refused:
        RULES.apply(state, Move(column(3), column(0)))  # a 9♥ on the 6♠
    assert refused.value.refusal.why is Why.CANT_GO_ON


def test_the_waste_is_turned_back_over_once_and_the_next_pass_meets_its_cards_in_order() -> None:
    state = RULES.from_text(position("KC", "KD", "KH", "KS", "KC", "KD", "KH", "KS", stock="5H 4C", waste="3D"))
    stock = state.stock
    for _turn in stock:
        state = RULES.apply(state, Move(STOCK, WASTE))
    assert RULES.stock_move(state) == Move(WASTE, STOCK, len(state.waste))
    first = state.waste[0]
    state = RULES.apply(state, Move(WASTE, STOCK, len(state.waste)))
    assert state.redeals == 1 and not state.waste and RULES.apply(state, Move(STOCK, WASTE)).waste == (first,)
    for _turn in range(len(state.stock)):
        state = RULES.apply(state, Move(STOCK, WASTE))
    assert RULES.stock_move(state) is None
    with pytest.raises(IllegalMove) as refused:
        RULES.apply(state, Move(WASTE, STOCK, len(state.waste)))
    assert refused.value.refusal.why is Why.STOCK and "no more" in str(refused.value)


@settings(max_examples=30, deadline=None)
@given(deal=st.integers(1, 10**6), seed=st.integers(0, 2**16))
def test_every_listed_move_is_accepted_and_every_other_move_refused(deal: int, seed: int) -> None:
    walk(RULES, RULES.deal(deal), seed, steps=25)


def test_perft_of_deal_7() -> None:
    """Moves counted from deal 7 to four plies (deal 1 has but the stock's turn): a fixture the rules must keep."""
    assert [perft(RULES, RULES.deal(7), depth) for depth in (1, 2, 3, 4)] == [4, 20, 94, 424]


def test_random_play_through_the_redeal_undoes_exactly() -> None:
    session = Session(GAME, 5, autoplay=False)
    rng = random.Random(5)
    history = [session.state]
    while session.state.redeals == 0 or len(history) < 200:
        moves = sorted(RULES.legal_moves(session.state), key=str)
        if not moves or len(history) > 400:
            break
        stock = [move for move in moves if STOCK in (move.src, move.dst)]
        session.play(rng.choice(stock if stock and rng.random() < 0.7 else moves))
        history.append(session.state)
    assert session.state.redeals == 1
    for expected in reversed(history[:-1]):
        session.undo()
        assert session.state == expected


def test_the_console_turns_the_waste_over_and_plays_the_last_cards_to_the_win() -> None:
    session = Session(GAME, 1, start=RULES.from_text(LAST_CARDS))
    Console(session, io.StringIO(), ascii=True).run(io.StringIO("d\nd\nd\nq\n"))
    assert session.actions[0] == Move(WASTE, STOCK, 2) and session.is_won


def test_show_and_solve_take_it_from_the_command_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["show", "--game", "forty-and-eight", "--deal", "1"]) == 0
    shown = capsys.readouterr().out.splitlines()
    assert [len(line.split()) for line in shown if line.startswith(":")] == [6] * 8  # the colon and five cards
    board = tmp_path / "last-cards.txt"
    board.write_text(LAST_CARDS, encoding="utf-8")
    assert main(["solve", "--game", "forty-and-eight", "--board", str(board)]) == 0
    assert "solved" in capsys.readouterr().out


def test_a_game_is_won_by_mouse_in_the_window() -> None:
    """The K♦ dragged off the waste into an empty column: the Q♦ under it goes home, and the K♦ after it."""
    pygame.init()
    try:
        start = RULES.from_text(LAST_CARDS)
        app, clock = make_app(game="forty-and-eight", deal=1, start=start)
        settle(app, clock, limit_ms=20000)
        session = app.table.session
        drag(app, clock, centre_of_top(app, WASTE), centre_of_top(app, column(3)))
        settle(app, clock, limit_ms=20000)
        assert session.is_won
        assert [m for m, auto in zip(session.actions, session.automatic) if not auto] == [Move(WASTE, column(3))]
    finally:
        pygame.quit()


def narrow(width: int) -> PieceRules:
    """Forty & Eight's rules with `width` columns, so that an end game of a few cards can still be lost."""
    pieces = FORTY_EIGHT.pieces(GAME.params)  # built anew, not replace()d: main's pieces are named tuples
    return PieceRules(GAME, Pieces(Deal(rows(width, 1)), pieces.columns, pieces.foundations, pieces.cells, pieces.stock))


@pytest.mark.parametrize("seed", SEEDS[:30])
def test_the_search_with_a_redeal_agrees_with_an_exhaustive_one_on_small_end_games(seed: int) -> None:
    thieves, state = end_game(seed)
    rules = narrow(len(state.columns))
    expected = winnable(rules, state, set())
    assert solve(rules, state, max_positions=200_000).status is (Status.SOLVED if expected else Status.UNSOLVABLE)


def test_some_small_end_games_are_won_only_through_the_redeal() -> None:
    games = [end_game(seed) for seed in SEEDS[:30]]
    assert any(winnable(narrow(len(s.columns)), s, set()) and not winnable(thieves, s, set()) for thieves, s in games)


def test_a_whole_deal_is_solved_and_its_hint_is_a_legal_move() -> None:
    deal = next(n for n in range(1, 20) if solve(RULES, RULES.deal(n), max_positions=20_000).solved)
    result = solve(RULES, RULES.deal(deal), max_positions=20_000)
    state = RULES.deal(deal)
    for move in result.moves:
        state = RULES.apply(state, move)
    assert RULES.is_won(state)
    move = hint(RULES, RULES.deal(2), max_positions=300)
    assert move is not None and move in set(RULES.legal_moves(RULES.deal(2)))


def test_the_console_help_says_the_waste_turns_back_over() -> None:
    told = dialect_for(GAME).help()
    assert "back over" in told and "columns 1-8" in told and "no redeal" not in told
    thieves = dialect_for(find_variant("forty-thieves")).help()
    assert "no redeal" in thieves and "columns 1-9, 0" in thieves
