"""Grandfather, as KPatience plays it: a snake of 1, 3, 5, 7, 6, 4, 2 cards (the top of each face up)
and 24 more face up on columns 2 to 7; down by suit, any face-up card moves with what is on it, only
Kings fill gaps; a click on the stock gathers the columns, the last first, and deals them again the
same way, twice at most."""
from __future__ import annotations

import io
from collections import Counter
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import ONE_DECK, Card
from game.moves import STOCK, Move, column
from game.pieces.gather import snake
from game.refusal import Why
from game.rules import IllegalMove
from game.session import Session
from game.solver.common import Budget, Status
from game.solver.generic import Hopeful
from game.state import BoardError
from game.variants import find_variant, rules_for
from solitaire.cli import main
from solitaire.console import Console
from sprites.scene import felt

from .game_checks import perft, undo_retraces, walk
from .gui_helpers import card_point, centre_of_top, click, drag, make_app, settle

GAME = find_variant("grandfather")
RULES = rules_for(GAME)
# Every suit home but hearts, whose Four to Queen lie in column 1 (the Queen on top) and the King alone
# in column 2: no heart can go home until the columns are dealt again.
LAST_HEARTS = "Foundations: H-3 C-K D-K S-K\nStock:\n: 4H 5H 6H 7H 8H 9H TH JH QH\n: KH\n" + ":\n" * 5


def cards(written: str) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in written.split())


def test_the_deal_is_a_snake_of_28_with_the_other_24_face_up_on_columns_2_to_7() -> None:
    for deal in (1, 2, 77):
        state = RULES.deal(deal)
        assert [len(pile) for pile in state.columns] == [1, 7, 9, 11, 10, 8, 6]
        assert state.hidden == (0, 2, 4, 6, 5, 3, 1) and not state.stock and state.redeals == 0
        assert Counter(state.cards()) == Counter(ONE_DECK.cards())
    assert RULES.deal(1) != RULES.deal(2)


def test_the_snake_runs_out_and_back_each_round_shorter_its_first_card_face_up() -> None:
    """KPatience's order: columns 1-7, 7-2, 2-6, 6-3, 3-5, 5-4, 4."""
    rounds = [[0, 1, 2, 3, 4, 5, 6], [6, 5, 4, 3, 2, 1], [1, 2, 3, 4, 5], [5, 4, 3, 2], [2, 3, 4], [4, 3], [3]]
    assert snake(7) == [(i, i == r[0]) for r in rounds for i in r]


def test_a_redeal_gathers_the_last_column_first_and_deals_from_the_first_columns_top_card() -> None:
    start = RULES.from_text("Foundations: H-3 C-K D-K S-K\nStock:\n: 4H 5H 6H 7H 8H\n: 9H TH JH QH KH\n" + ":\n" * 5)
    after = RULES.apply(start, Move(STOCK, column(0), 10))
    # dealt in the order 8H 7H 6H 5H 4H (column 1, top down), then KH QH JH TH 9H (column 2): seven
    # face down but the first from column 1 to 7, then from column 7 back, the first face up
    assert after.columns == (
        cards("8H"), cards("7H"), cards("6H"), cards("5H"), cards("4H 9H"), cards("KH TH"), cards("QH JH"),
    )
    assert after.hidden == (0, 0, 0, 0, 1, 1, 1) and after.redeals == 1
    whole = RULES.apply(RULES.deal(1), RULES.stock_move(RULES.deal(1)))
    assert [len(pile) for pile in whole.columns] == [1, 7, 9, 11, 10, 8, 6] and whole.hidden == (0, 2, 4, 6, 5, 3, 1)
    assert whole.columns[0] == RULES.deal(1).columns[0] and Counter(whole.cards()) == Counter(ONE_DECK.cards())


def test_two_redeals_at_most_and_only_kings_fill_a_gap() -> None:
    state = RULES.from_text(LAST_HEARTS)
    with pytest.raises(IllegalMove) as refused:
        RULES.apply(state, Move(column(0), column(2)))  # the Queen into an empty column
    assert refused.value.refusal.why is Why.EMPTY_COLUMN
    for _ in range(2):
        move = RULES.stock_move(state)
        assert move is not None and move in set(RULES.legal_moves(state))
        state = RULES.apply(state, move)
    assert state.redeals == 2 and RULES.stock_move(state) is None
    with pytest.raises(IllegalMove) as refused:
        RULES.apply(state, Move(STOCK, column(0), sum(map(len, state.columns))))
    assert refused.value.refusal.why is Why.STOCK and "Redeals: 2" in RULES.to_text(state)
    assert "2" in GAME.table.stock_spent(GAME.name) and GAME.table.stock_gathers == 2
    assert RULES.from_text(RULES.to_text(state)) == state


@settings(max_examples=30, deadline=None)
@given(deal=st.integers(1, 10**6), seed=st.integers(0, 2**16))
def test_every_listed_move_is_accepted_and_every_other_move_refused(deal: int, seed: int) -> None:
    walk(RULES, RULES.deal(deal), seed, steps=20)


def test_perft_of_deal_1_and_of_the_last_hearts() -> None:
    """Moves counted to three plies: fixtures the rules must keep."""
    assert [perft(RULES, RULES.deal(1), depth) for depth in (1, 2, 3)] == [6, 35, 202]
    assert [perft(RULES, RULES.from_text(LAST_HEARTS), depth) for depth in (1, 2, 3)] == [7, 49, 339]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_undo_gives_back_each_position_exactly_through_the_redeals(seed: int) -> None:
    undo_retraces(GAME, 5, seed, moves=80)
    session = Session(GAME, 1, autoplay=False)
    before = session.state
    session.play(RULES.stock_move(before))
    assert session.state.redeals == 1
    session.undo()
    assert session.state == before


class _RunsDry:
    """A search that has met three positions and finds nothing more to expand."""

    count = 3

    def run(self, budget: Budget, until: int, elsewhere: int) -> tuple[Status, None, str]:
        return Status.UNSOLVABLE, None, ""


def test_the_bold_search_running_dry_proves_nothing() -> None:
    """The search beside the exact one sends cards home where that may not be safe: when it runs dry
    it answers "not yet", for good, and leaves the verdict to the exact search."""
    hopeful = Hopeful(_RunsDry())
    assert hopeful.run(Budget(), 10, 0) == (Status.UNKNOWN, None, "") and not hopeful.run(Budget(), 10, 0)[2]
    assert hopeful.dry and hopeful.count == 3


WINNING = [Move(column(0), column(1)), Move(STOCK, column(0), 10), Move(column(4), column(6)), Move(column(5), column(6))]


def test_the_console_plays_a_game_to_its_win() -> None:
    """The Queen onto the King, a redeal (the Four and Five go home by themselves), the King into the
    gap they left, the Queen onto it: every heart goes home."""
    session = Session(GAME, 1, start=RULES.from_text(LAST_HEARTS))
    Console(session, io.StringIO(), ascii=True).run(io.StringIO("12\nd\n57\n67\nq\n"))
    typed = [m for m, auto in zip(session.actions, session.automatic) if not auto]
    assert typed == WINNING and session.is_won


def test_show_and_solve_take_it_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "--game", "grandf", "--deal", "1"]) == 0
    shown = capsys.readouterr().out
    assert shown.count("\n:") == 7 and shown.count("[") == 21
    assert main(["solve", "--game", "grandfather", "--deal", "2"]) == 0
    assert "solved" in capsys.readouterr().out


def test_a_board_past_the_redeals_is_refused_for_its_redeals_not_for_a_waste(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A Grandfather board saying "Redeals: 3" was refused as a waste turned back over three times,
    and Grandfather has no waste: the one line names the redeals used past the game's two."""
    assert RULES.from_text(LAST_HEARTS + "Redeals: 2\n").redeals == 2
    with pytest.raises(BoardError, match=r"^the board says 3 redeals were used; Grandfather allows 2$"):
        RULES.from_text(LAST_HEARTS + "Redeals: 3\n")
    board = tmp_path / "three.txt"
    board.write_text(LAST_HEARTS + "Redeals: 3\n", encoding="utf-8")
    assert main(["solve", "--game", "grandfather", "--board", str(board)]) != 0
    said = capsys.readouterr().err.strip()
    assert "3 redeals were used; Grandfather allows 2" in said and "waste" not in said and "\n" not in said


def test_a_game_is_won_by_mouse_in_the_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same game by mouse: a drag, a click on the stock, two drags; the stock's tag counts the
    redeals left."""
    tags: list[int] = []
    drawn = felt.count_tag
    monkeypatch.setattr(felt, "count_tag", lambda count, *rest: tags.append(count) or drawn(count, *rest))
    pygame.init()
    try:
        start = RULES.from_text(LAST_HEARTS)
        app, clock = make_app(game="grandfather", deal=1, start=start)
        settle(app, clock, limit_ms=20000)
        session, layout = app.table.session, app.table.view.layout
        assert session.state == start
        drag(app, clock, card_point(app, Card.parse("QH")), card_point(app, Card.parse("KH")))
        settle(app, clock, limit_ms=20000)
        click(app, clock, centre_of_top(app, STOCK))
        settle(app, clock, limit_ms=20000)
        assert session.state.redeals == 1 and not session.state.columns[6]
        app.table.view.draw_table(pygame.Surface((layout.width, layout.height)))
        assert tags[-1] == 1
        drag(app, clock, card_point(app, Card.parse("KH")), layout.pile_rect(column(6)).center)
        settle(app, clock, limit_ms=20000)
        drag(app, clock, card_point(app, Card.parse("QH")), card_point(app, Card.parse("KH")))
        settle(app, clock, limit_ms=20000)
        assert session.is_won
        assert [m for m, auto in zip(session.actions, session.automatic) if not auto] == WINNING
    finally:
        pygame.quit()
