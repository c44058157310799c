"""Canfield, as AisleRiot and PySolFC play it: a base card on the first foundation, whose rank starts
every pile, built up by suit round the corner from King to Ace; a reserve of thirteen (the last
column) whose top card fills a gap at once; four columns down in alternating colours, a King on an
Ace; the stock turned three at a time, as often as a player likes."""
from __future__ import annotations

import io
from collections import Counter
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import ONE_DECK, Card
from game.moves import FOUNDATION, STOCK, WASTE, Move, Pile, PileKind, column
from game.refusal import Why
from game.rules import IllegalMove
from game.session import Session
from game.state import BoardError
from game.variants import find_variant, rules_for
from solitaire.cli import main
from solitaire.console import Console

from .game_checks import perft, undo_retraces, walk
from .gui_helpers import card_point, centre_of_top, click, drag, make_app, settle

GAME = find_variant("canfield")
RULES = rules_for(GAME)
RESERVE = column(4)
# The base is a Seven: clubs and hearts are home up to their Sixes, diamonds to the Five, spades to
# the Four; the 6♦ covers the 5♠, and no card is safe to send home until it has moved. The 6♠ is the
# stock's last card.
LAST_CARDS = "Foundations: C-7-6 D-7-5 H-7-6 S-7-4\nStock: 6S\nWaste:\n: 5S 6D\n:\n:\n:\n:\n"


def middle() -> str:
    """A game under way, the base a Nine: a run round the corner in column 1 (2♠ A♥ K♠ Q♥), a King,
    two Aces, and the reserve's top card a Nine; every other card in the stock."""
    home, piles = "9C TC 9S", ("2S AH KS QH", "KH", "AS", "AD", "[5C] [6C] 9H")
    used = " ".join((home, *piles)).replace("[", "").replace("]", "").split()
    rest = " ".join(card.code for card in ONE_DECK.cards() if card.code not in used)
    return f"Foundations: C-9-T - - S-9-9\nStock: {rest}\nWaste:\n" + "".join(f": {pile}\n" for pile in piles)


def codes(pile: tuple[Card, ...]) -> str:
    return " ".join(card.code for card in pile)


def cards(written: str) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in written.split(" "))


def test_the_deal_is_a_base_card_a_reserve_of_thirteen_four_columns_and_a_stock_of_34() -> None:
    for deal in (1, 2, 77):
        state = RULES.deal(deal)
        assert [len(pile) for pile in state.columns] == [1, 1, 1, 1, 13] and state.hidden == (0, 0, 0, 0, 12)
        assert len(state.foundations[0]) == 1 and not any(state.foundations[1:])
        assert len(state.stock) == 34 and not state.waste
        assert Counter(state.cards()) == Counter(ONE_DECK.cards())
    assert RULES.deal(1) != RULES.deal(2)


def test_a_board_text_writes_each_pile_from_its_base_and_reads_it_back() -> None:
    state = RULES.from_text(middle())
    assert codes(state.foundations[0]) == "9C TC" and codes(state.foundations[3]) == "9S"
    assert RULES.to_text(state).splitlines()[0] == "Foundations: C-9-T - - S-9-9"
    assert RULES.from_text(RULES.to_text(state)) == state
    clubs = cards("9C TC JC QC KC AC 2C")
    round_the_corner = state.replace(foundations=(clubs, (), (), ()))
    assert RULES.to_text(round_the_corner).splitlines()[0] == "Foundations: C-9-2 - - -"
    with pytest.raises(BoardError):  # piles that start at two ranks
        RULES.from_text(middle().replace("C-9-T", "C-8-T").replace("8C ", ""))
    with pytest.raises(BoardError):  # no base card
        RULES.from_text(middle().replace("C-9-T - - S-9-9", "- - - -").replace("Stock:", "Stock: 9C TC 9S"))


def test_the_foundations_build_by_suit_from_the_base_rank_round_the_corner() -> None:
    state = RULES.from_text(middle())
    based = RULES.apply(state, Move(RESERVE, FOUNDATION))  # the 9♥ starts the first empty pile
    assert codes(based.foundations[1]) == "9H" and codes(based.columns[4]) == "5C 6C" and based.hidden[4] == 1
    with pytest.raises(IllegalMove) as refused:  # the A♠ waits for the spades up to the King
        RULES.apply(state, Move(column(2), FOUNDATION))
    assert refused.value.refusal.why is Why.CANT_GO_HOME
    to_king = cards("9S TS JS QS KS")
    cornered = state.replace(foundations=(*state.foundations[:3], to_king))
    assert codes(RULES.apply(cornered, Move(column(2), FOUNDATION)).foundations[3]) == "9S TS JS QS KS AS"


def test_columns_build_down_in_alternating_colours_a_king_on_an_ace_and_runs_move() -> None:
    state = RULES.from_text(middle())
    king = RULES.apply(state, Move(column(1), column(2)))  # K♥ on A♠; its column takes the reserve's 9♥
    assert codes(king.columns[2]) == "AS KH" and codes(king.columns[1]) == "9H"
    assert codes(king.columns[4]) == "5C 6C" and king.hidden[4] == 1
    run = RULES.apply(state, Move(column(0), column(3), 2))  # K♠ Q♥ on A♦
    assert codes(run.columns[3]) == "AD KS QH"
    with pytest.raises(IllegalMove) as refused:  # K♥ on A♦: both red
        RULES.apply(state, Move(column(1), column(3)))
    assert "alternating colours" in str(refused.value)
    with pytest.raises(IllegalMove) as refused:
        RULES.apply(state, Move(column(2), RESERVE))
    assert str(refused.value) == "no card goes on the reserve"
    assert not any(move.dst == RESERVE for move in RULES.legal_moves(state))


def test_once_the_reserve_is_empty_any_card_fills_a_gap() -> None:
    state = RULES.from_text(LAST_CARDS)
    assert codes(RULES.apply(state, Move(column(0), column(2))).columns[2]) == "6D"
    with pytest.raises(IllegalMove):
        RULES.apply(state, Move(column(0), RESERVE))


def test_the_stock_turns_three_cards_and_the_waste_turns_back_over_without_limit() -> None:
    state = RULES.deal(1)
    for _ in range(40):  # past the bottom of the stock many times over
        move = RULES.stock_move(state)
        assert move is not None and move.count in ((3, 1) if move.src == STOCK else (len(state.waste),))
        state = RULES.apply(state, move)
    assert move.src in (STOCK, WASTE) and state.redeals == 0


@settings(max_examples=40, deadline=None)
@given(deal=st.integers(1, 10**6), seed=st.integers(0, 2**16))
def test_every_listed_move_is_accepted_and_every_other_move_refused(deal: int, seed: int) -> None:
    walk(RULES, RULES.deal(deal), seed, steps=30)


def test_perft_of_deal_1_and_of_a_game_under_way() -> None:
    """Moves counted to four plies: fixtures the rules must keep."""
    assert [perft(RULES, RULES.deal(1), depth) for depth in (1, 2, 3, 4)] == [3, 8, 21, 52]
    assert [perft(RULES, RULES.from_text(middle()), depth) for depth in (1, 2, 3)] == [4, 15, 56]


def test_random_play_undoes_exactly() -> None:
    undo_retraces(GAME, 5, seed=5)


def test_a_refilled_gap_is_undone_with_the_move_that_made_it() -> None:
    session = Session(GAME, 1, start=RULES.from_text(middle()), autoplay=False)
    before = session.state
    session.play(Move(column(1), column(2)))
    assert codes(session.state.columns[1]) == "9H"
    session.undo()
    assert session.state == before


def test_the_console_plays_the_last_cards_to_the_win() -> None:
    session = Session(GAME, 1, start=RULES.from_text(LAST_CARDS))
    Console(session, io.StringIO(), ascii=True).run(io.StringIO("1h\nd\nq\n"))
    typed = [m for m, auto in zip(session.actions, session.automatic) if not auto]
    assert typed == [Move(column(0), FOUNDATION), Move(STOCK, WASTE)]
    assert session.is_won


def test_the_console_help_names_the_reserve_and_its_top_card_plays_by_number() -> None:
    session = Session(GAME, 1, autoplay=False)
    out = io.StringIO()
    Console(session, out, ascii=True).run(io.StringIO("h\n51\nq\n"))  # the reserve's 7♥ onto the 8♠
    assert "column 5 is the reserve" in out.getvalue()
    assert session.actions == [Move(RESERVE, column(0))] and session.state.hidden[4] == 11


def test_show_and_solve_take_it_from_the_command_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["show", "--game", "canfield", "--deal", "1"]) == 0
    shown = capsys.readouterr().out
    assert shown.count("\n:") == 5 and shown.count("[") == 12
    board = tmp_path / "middle.txt"
    board.write_text(middle(), encoding="utf-8")
    assert main(["solve", "--game", "canfield", "--board", str(board)]) == 0
    assert "solved" in capsys.readouterr().out
    assert main(["solve", "--game", "canfield", "--deal", "3"]) == 1
    assert "unsolvable" in capsys.readouterr().out


def test_a_game_is_won_by_mouse_in_the_window() -> None:
    """The 6♦ dragged home (the 5♠ under it follows by itself), then a click on the stock turns the 6♠,
    which goes home by itself."""
    pygame.init()
    try:
        start = RULES.from_text(LAST_CARDS)
        app, clock = make_app(game="canfield", deal=1, start=start)
        settle(app, clock, limit_ms=20000)
        session = app.table.session
        assert session.state == start  # nothing was safe to send home by itself
        home = app.table.view.layout.pile_rect(Pile(PileKind.FOUNDATION, 1)).center
        drag(app, clock, card_point(app, Card.parse("6D")), home)
        settle(app, clock, limit_ms=20000)
        assert not session.state.columns[0] and not session.is_won
        click(app, clock, centre_of_top(app, STOCK))
        settle(app, clock, limit_ms=20000)
        assert session.is_won
        typed = [m for m, auto in zip(session.actions, session.automatic) if not auto]
        assert typed == [Move(column(0), FOUNDATION), Move(STOCK, WASTE)]
    finally:
        pygame.quit()
