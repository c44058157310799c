"""Mod 3, as KPatience plays it: two decks, three rows of eight slots built up by suit in threes from a 2,
a 3 and a 4, a bottom row of eight the stock refills and deals onto, the Aces put out on their own pile."""
from __future__ import annotations

import io
from collections import Counter

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import KING, TWO_DECKS, Card, Suit
from game.families.mod3 import MOD3, PILES, ROWS
from game.moves import FOUNDATION, STOCK, Move, column
from game.refusal import Why
from game.rules import IllegalMove
from game.session import Session
from game.solver import Status, solve
from game.solver.common import Budget
from game.solver.generic import solve_generic
from game.solver.mod3 import eager, forced
from game.state import Column, State
from game.variants import find_variant, rules_for
from solitaire.cli import main
from solitaire.console import Console
from sprites.panels.help_text import keys_help

from .game_checks import perft, undo_retraces, walk
from .gui_helpers import card_point, click, drag, make_app, settle

GAME = find_variant("mod3")
RULES = rules_for(GAME)
SUITS = tuple(Suit)


def cards(written: str) -> Column:
    return tuple(Card.parse(code) for code in written.split())


def built(base: int, suit: Suit, copy: int) -> Column:
    """A slot of `base` built up in threes to its last card."""
    return tuple(Card.of(rank, suit, copy) for rank in range(base, KING + 1, ROWS.step))


def last_card() -> State:
    """Every slot built but the last, whose K♠ lies alone in the bottom row's first pile; the Aces out."""
    slots = [built(base, SUITS[k % 4], k // 4) for base in ROWS.bases for k in range(ROWS.width)]
    king = slots[-1][-1]
    slots[-1] = slots[-1][:-1]
    bottom: list[Column] = [(king,)] + [()] * (ROWS.open - 1)
    aces = tuple(Card.of(1, suit, copy) for copy in range(2) for suit in SUITS)
    return State(tuple(bottom + slots), (), (aces,), (0,) * PILES, (), ())


def with_piles(state: State, **piles: str) -> State:
    """`state` with the columns named `c<index>` holding the cards written (the rest of the pack unchecked)."""
    columns = list(state.columns)
    for name, written in piles.items():
        columns[int(name[1:])] = cards(written)
    return state.replace(columns=tuple(columns))


def test_one_card_goes_to_each_of_the_thirty_two_piles_and_seventy_two_wait_in_the_stock() -> None:
    for deal in (1, 2, 77):
        state = RULES.deal(deal)
        assert [len(pile) for pile in state.columns] == [1] * 32 and not any(state.hidden)
        assert len(state.stock) == 72 and state.foundations == ((),)
        assert Counter(state.cards()) == Counter(TWO_DECKS.cards())
        text = RULES.to_text(state)
        assert RULES.to_text(RULES.from_text(text)) == text  # copies of a card are told apart only by place
    assert RULES.deal(1) != RULES.deal(2)


def test_an_empty_slot_takes_its_rows_rank_and_a_slot_builds_up_by_suit_in_threes() -> None:
    empty = with_piles(RULES.deal(1), c0="2H", c1="5H", c2="3C", c3="9D", c8="", c16="", c24="4S")
    into_row = RULES.apply(empty, Move(column(0), column(8)))  # the 2♥ into the first row's empty slot
    assert into_row.columns[8] == cards("2H")
    assert RULES.apply(into_row, Move(column(1), column(8))).columns[8] == cards("2H 5H")
    for move, why in (
        (Move(column(2), column(8)), Why.EMPTY_COLUMN),  # a 3 does not start the first row
        (Move(column(1), column(8)), Why.EMPTY_COLUMN),
        (Move(column(3), column(24)), Why.BUILD),  # the 9♦ is not three above the 4♠
    ):
        with pytest.raises(IllegalMove) as refused:
            RULES.check(empty, move)
        assert refused.value.refusal.why is why
    assert RULES.apply(empty, Move(column(2), column(16))).columns[16] == cards("3C")


def test_a_slot_dealt_another_rank_takes_nothing_until_its_card_leaves() -> None:
    state = with_piles(RULES.deal(1), c0="5H", c1="8H", c9="2D", c8="5D")  # the 5♦ dealt in a slot of the 2s
    with pytest.raises(IllegalMove) as refused:
        RULES.check(state, Move(column(1), column(8)))
    assert refused.value.refusal.why is Why.CANT_GO_ON
    assert RULES.apply(state, Move(column(8), column(9))).columns[9] == cards("2D 5D")  # it leaves for its place


def test_the_bottom_row_takes_a_card_only_when_empty_and_the_stock_refills_it_at_once() -> None:
    state = RULES.deal(1)
    with pytest.raises(IllegalMove) as refused:
        RULES.check(state, Move(column(8), column(1)))
    assert refused.value.refusal.why is Why.CANT_GO_ON
    state = with_piles(state, c0="2H", c8="")
    after = RULES.apply(state, Move(column(0), column(8)))
    assert after.columns[0] == state.stock[-1:] and after.stock == state.stock[:-1]
    dealt = RULES.apply(state, Move(STOCK, column(0), 8))
    assert [pile[-1] for pile in dealt.columns[:8]] == list(reversed(state.stock[-8:]))
    assert dealt.columns[8:] == state.columns[8:] and len(dealt.stock) == 64
    spent = state.replace(stock=())
    emptied = RULES.apply(spent, Move(column(0), column(8)))
    assert emptied.columns[0] == () and RULES.check(emptied, Move(column(9), column(0))) is None


def test_aces_go_out_and_nothing_else_does() -> None:
    state = with_piles(RULES.deal(1), c0="AS", c1="2S")
    assert RULES.apply(state, Move(column(0), FOUNDATION)).foundations == (cards("AS"),)
    with pytest.raises(IllegalMove) as refused:
        RULES.check(state, Move(column(1), FOUNDATION))
    assert refused.value.refusal.why is Why.CANT_GO_HOME


def test_the_game_is_won_when_every_slot_is_built() -> None:
    state = last_card()
    assert RULES.to_text(RULES.from_text(RULES.to_text(state))) == RULES.to_text(state)
    assert not RULES.is_won(state)
    assert RULES.is_won(RULES.apply(state, Move(column(0), column(PILES - 1))))


@settings(max_examples=40, deadline=None)
@given(deal=st.integers(1, 10**6), seed=st.integers(0, 2**16))
def test_every_listed_move_is_accepted_and_every_other_move_refused(deal: int, seed: int) -> None:
    walk(RULES, RULES.deal(deal), seed, steps=30)


def test_perft_of_deal_1() -> None:
    """Moves counted to three plies: a fixture the rules must keep."""
    assert [perft(RULES, RULES.deal(1), depth) for depth in (1, 2, 3)] == [5, 32, 230]


def test_random_play_undoes_exactly() -> None:
    undo_retraces(GAME, 5, seed=5)


def test_the_exact_search_makes_at_once_only_moves_into_places_no_other_card_could_need() -> None:
    stuck = State((cards("QC"),) * ROWS.open + (cards("KH"),) * (PILES - ROWS.open), (), ((),), (0,) * PILES, cards("5C 6C"), ())
    assert forced(stuck) is None and eager(stuck) is None  # no card fits anywhere
    lone = with_piles(stuck, c0="2H", c8="")
    assert forced(lone) is None and eager(lone) is None  # moving the lone 2♥ would refill its pile from the stock
    assert forced(lone.replace(stock=())) is None  # the K♥s dealt among the 2s: another 2 may need the one gap
    assert eager(lone.replace(stock=())) == Move(column(0), column(8))
    row = {f"c{i}": "" for i in range(8, 16)}
    assert forced(with_piles(lone, c0="KC 2H", **row)) == Move(column(0), column(8))  # every 2 will find a slot
    twin = with_piles(stuck, c0="KC 5H", c8="2H")  # the other 5♥ might want the one 2♥ first
    assert forced(twin) is None and eager(twin) == Move(column(0), column(8))
    assert forced(with_piles(twin, c9="2S 5H")) == Move(column(0), column(8))  # the other 5♥ is in place already
    fours = {f"c{i}": "" for i in range(24, 32)}
    assert forced(with_piles(stuck, c10="4S", **fours)) == Move(column(10), column(24))  # a 4 dealt among the 2s


def test_the_search_wins_a_deal_and_proves_another_lost() -> None:
    decided = [solve(RULES, RULES.deal(deal), time_limit=20).status for deal in range(1, 11)]
    assert Status.SOLVED in decided and Status.UNSOLVABLE in decided and Status.UNKNOWN not in decided


def test_a_deal_the_eager_moves_alone_would_lose_is_won() -> None:
    """Deal 7: putting every card into its place at once loses it (a twin needed the place first), so a
    search that did so would call it lost; the exact search, with the eager one beside it, wins it."""
    start = RULES.deal(7)
    hasty = solve_generic(RULES, start, Budget(max_positions=200_000), score=MOD3.score, key=MOD3.position_key, forced=eager)
    assert hasty.status is Status.UNSOLVABLE
    assert solve(RULES, start, time_limit=20).status is Status.SOLVED


def test_the_console_plays_the_last_card_to_the_win() -> None:
    session = Session(GAME, 1, start=last_card())
    Console(session, io.StringIO(), ascii=True).run(io.StringIO(f"1-{PILES}\nq\n"))
    assert session.actions == [Move(column(0), column(PILES - 1))]
    assert session.is_won


def test_show_and_solve_take_it_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "--game", "mod3", "--deal", "3"]) == 0
    assert capsys.readouterr().out.count("\n:") == PILES
    assert main(["solve", "--game", "mod-3", "--deal", "3"]) == 0
    assert "solved" in capsys.readouterr().out


def test_the_chooser_line_and_the_help_say_the_rows() -> None:
    assert "2, 3" in MOD3.summary(GAME) and "bottom row" in MOD3.play_help(GAME)
    assert "(2, 5, 8, J)" in MOD3.describe(GAME)


def test_a_game_is_won_by_mouse_in_the_window() -> None:
    """The K♠ dragged onto the last slot's 10♠."""
    pygame.init()
    try:
        start = last_card()
        app, clock = make_app(game="mod3", deal=1, start=start)
        settle(app, clock, limit_ms=20000)
        session = app.table.session
        assert session.state == start
        slot = app.table.view.layout.pile_rect(column(PILES - 1)).center
        drag(app, clock, card_point(app, start.columns[0][0]), slot)
        settle(app, clock, limit_ms=20000)
        assert session.is_won
        assert session.actions == [Move(column(0), column(PILES - 1))]
    finally:
        pygame.quit()


def test_a_double_click_sends_a_card_to_the_slot_that_takes_it() -> None:
    """A double click put out only an Ace; KPatience's sends a card to the place it can go: here the
    5♥ onto the 2♥'s slot, the 3♣ into the second row's empty slot, the Ace out. A card in place, or
    one no slot takes, is sent home, whose refusal says why."""
    state = with_piles(RULES.deal(1), c0="5H", c1="3C", c2="AS", c3="9D", c8="2H", c16="", c24="4S")
    assert RULES.sends(state, column(0)) == Move(column(0), column(8))
    assert RULES.sends(state, column(1)) == Move(column(1), column(16))
    assert RULES.sends(state, column(2)) == Move(column(2), FOUNDATION)
    assert RULES.sends(state, column(8)) == Move(column(8), FOUNDATION)  # the 2♥ lies in place
    with pytest.raises(IllegalMove) as refused:
        RULES.check(state, RULES.sends(state, column(3)))
    assert refused.value.refusal.why is Why.CANT_GO_HOME
    pygame.init()
    try:
        app, clock = make_app(game="mod3", deal=1, start=state, autoplay=False)
        settle(app, clock, limit_ms=20000)
        five = Card.parse("5H")
        click(app, clock, card_point(app, five))
        click(app, clock, card_point(app, five), gap_ms=150)
        settle(app, clock, limit_ms=20000)
        assert app.table.session.actions == [Move(column(0), column(8))]
        assert app.table.session.state.columns[8] == cards("2H 5H")
    finally:
        pygame.quit()


def test_the_finish_key_is_off_since_the_game_ends_in_the_slots() -> None:
    """F sent cards home, and only Aces go home in Mod 3, which auto-play puts out anyway: the key is
    not offered (nor in the F1 panel's keys), where a game won by sending cards home keeps it."""
    assert not RULES.has_auto_finish and RULES.auto_finish(last_card()) is None
    assert "F" not in dict(keys_help(GAME))
    assert rules_for(find_variant("forty-thieves")).has_auto_finish and "F" in dict(keys_help(find_variant("forty-thieves")))
