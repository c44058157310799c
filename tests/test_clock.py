"""Grandfather's Clock, as KPatience plays it: twelve cards laid in a clock face, each pile built up by
suit round the corner to the card of its hour; eight columns of five, down regardless of suit, one card
at a time, any card into a gap."""
from __future__ import annotations

import io
import math
from collections import Counter

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import ONE_DECK, Card
from game.moves import FOUNDATION, Move, Pile, PileKind, column
from game.refusal import Why
from game.rules import IllegalMove
from game.session import Session
from game.state import BoardError
from game.variants import find_variant, rules_for
from solitaire.cli import main
from solitaire.console import Console
from sprites.window.layout import compute_layout

from .game_checks import perft, undo_retraces, walk
from .gui_helpers import card_point, drag, make_app, settle

GAME = find_variant("grandfathers-clock")
RULES = rules_for(GAME)
FACE = "9D TS JH QC KD 2S 3H 4C 5D 6S 7H 8C"
# Every card home but the Q♦ (twelve o'clock) and the J♣ (eleven), the Q♦ on the J♣: the J♣ is safe to
# send home by itself only once the Q♦ has gone.
LAST_CARDS = (
    "Foundations: D-9-J S-T-A H-J-2 C-Q-3 D-K-4 S-2-5 H-3-6 C-4-7 D-5-8 S-6-9 H-7-T C-8-T\n: JC QD\n" + ":\n" * 7
)


def cards(written: str) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in written.split(" "))


def test_the_clock_is_laid_first_and_the_other_forty_cards_dealt_into_eight_columns_of_five() -> None:
    for deal in (1, 2, 77):
        state = RULES.deal(deal)
        assert list(state.foundations) == [(card,) for card in cards(FACE)]
        assert [len(pile) for pile in state.columns] == [5] * 8 and not any(state.hidden) and not state.stock
        assert Counter(state.cards()) == Counter(ONE_DECK.cards())
    assert RULES.deal(1) != RULES.deal(2)
    text = RULES.to_text(RULES.deal(1))
    assert text.startswith("Foundations: D-9-9 S-T-T H-J-J C-Q-Q D-K-K S-2-2 H-3-3 C-4-4 D-5-5 S-6-6 H-7-7 C-8-8\n")
    assert RULES.from_text(text) == RULES.deal(1)


def test_each_pile_builds_up_by_suit_round_the_corner_to_its_hour() -> None:
    state = RULES.deal(1)
    one_oclock = state.replace(foundations=(state.foundations[0], cards("TS JS QS KS"), *state.foundations[2:]))
    ace = Card.parse("AS")
    where = next(i for i, pile in enumerate(state.columns) if ace in pile)
    lifted = one_oclock.replace(columns=tuple(
        tuple(c for c in pile if c != ace) + ((ace,) if i == where else ()) for i, pile in enumerate(one_oclock.columns)
    ))
    assert RULES.apply(lifted, Move(column(where), FOUNDATION)).foundations[1][-1] == ace
    with pytest.raises(IllegalMove) as refused:
        RULES.apply(lifted.replace(foundations=state.foundations), Move(column(where), FOUNDATION))
    assert refused.value.refusal.why is Why.CANT_GO_HOME
    with pytest.raises(BoardError):  # a clock without its twelve o'clock card
        RULES.from_text(RULES.to_text(state).replace("D-9-9", "-", 1).replace(": ", ": 9D ", 1))


def test_columns_take_one_card_a_rank_lower_of_any_suit_and_any_card_fills_a_gap() -> None:
    state = RULES.from_text(LAST_CARDS)
    moved = RULES.apply(state, Move(column(0), column(3)))
    assert moved.columns[3] == cards("QD") and moved.columns[0] == cards("JC")
    assert RULES.apply(moved, Move(column(0), column(3))).columns[3] == cards("QD JC")  # the J♣ back on the Q♦
    with pytest.raises(IllegalMove) as refused:
        RULES.apply(state, Move(column(0), column(3), 2))
    assert refused.value.refusal.why is Why.ONE_AT_A_TIME


@settings(max_examples=40, deadline=None)
@given(deal=st.integers(1, 10**6), seed=st.integers(0, 2**16))
def test_every_listed_move_is_accepted_and_every_other_move_refused(deal: int, seed: int) -> None:
    walk(RULES, RULES.deal(deal), seed, steps=30)


def test_perft_of_deal_1() -> None:
    """Moves counted to three plies: a fixture the rules must keep."""
    assert [perft(RULES, RULES.deal(1), depth) for depth in (1, 2, 3)] == [5, 27, 155]


def test_random_play_undoes_exactly() -> None:
    undo_retraces(GAME, 5, seed=5)


def test_the_console_plays_the_last_cards_to_the_win() -> None:
    session = Session(GAME, 1, start=RULES.from_text(LAST_CARDS))
    Console(session, io.StringIO(), ascii=True).run(io.StringIO("1h\nq\n"))
    assert [m for m, auto in zip(session.actions, session.automatic) if not auto] == [Move(column(0), FOUNDATION)]
    assert session.is_won


def test_show_and_solve_take_it_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "--game", "clock", "--deal", "1"]) == 0
    assert capsys.readouterr().out.count("\n:") == 8
    assert main(["solve", "--game", "grandfathers-clock", "--deal", "1"]) == 0
    assert "solved" in capsys.readouterr().out


def test_a_game_is_won_by_mouse_in_the_window() -> None:
    """The Q♦ dragged home; the J♣ under it follows by itself."""
    pygame.init()
    try:
        start = RULES.from_text(LAST_CARDS)
        app, clock = make_app(game="grandfathers-clock", deal=1, start=start)
        settle(app, clock, limit_ms=20000)
        session = app.table.session
        assert session.state == start
        home = app.table.view.layout.pile_rect(Pile(PileKind.FOUNDATION, 0)).center
        drag(app, clock, card_point(app, Card.parse("QD")), home)
        settle(app, clock, limit_ms=20000)
        assert session.is_won
        assert [m for m, auto in zip(session.actions, session.automatic) if not auto] == [Move(column(0), FOUNDATION)]
    finally:
        pygame.quit()


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_the_twelve_piles_stand_round_a_clock_face_beside_the_columns(size: tuple[int, int]) -> None:
    """They stood in two rows of six over the columns; as KPatience lays them, the hours go round a
    circle, twelve o'clock at the top and on clockwise, right of the columns, which lie in two rows of
    four, each column's room down to the row below; nothing overlaps."""
    layout = compute_layout(*size, GAME)
    hours = [layout.pile_rect(Pile(PileKind.FOUNDATION, i)) for i in range(12)]
    centre_x = (hours[3].centerx + hours[9].centerx) / 2
    centre_y = (hours[0].centery + hours[6].centery) / 2
    assert hours[0].centery == min(r.centery for r in hours) and hours[6].centery == max(r.centery for r in hours)
    assert hours[3].centerx == max(r.centerx for r in hours) and hours[9].centerx == min(r.centerx for r in hours)
    for i, rect in enumerate(hours):  # each hour at its own angle, going round clockwise
        turned = math.degrees(math.atan2(rect.centerx - centre_x, centre_y - rect.centery)) % 360
        assert abs((turned - 30 * i + 180) % 360 - 180) < 12, (i, turned)
    rooms = hours + [pygame.Rect(r.left, r.top, r.width, layout.column_reach) for r in layout.column_tops]
    assert not any(a.colliderect(b) for i, a in enumerate(rooms) for b in rooms[i + 1:])
    assert max(r.right for r in layout.column_tops) < min(r.left for r in hours)
    assert all(layout.table_area.contains(r) for r in hours)
    tops = layout.column_tops
    assert len({r.top for r in tops[:4]}) == 1 and len({r.top for r in tops[4:]}) == 1 and tops[0].top < tops[4].top
    assert [r.left for r in tops[:4]] == [r.left for r in tops[4:]]
