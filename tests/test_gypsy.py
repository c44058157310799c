"""Gypsy: two decks, eight columns of three (two face down; one as KPatience deals, the option), down
in alternating colours with runs that move whole, any card fills a gap, a stock that deals a card onto
each column even past a gap, eight foundations any Ace starts whose top card may come back down."""
from __future__ import annotations

import io
import random
from collections import Counter
from pathlib import Path

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import TWO_DECKS, Card
from game.moves import FOUNDATION, STOCK, Move, Pile, PileKind, column
from game.refusal import Why
from game.rules import IllegalMove
from game.session import Session
from game.variants import dialect_for, find_variant, rules_for
from solitaire.cli import main
from solitaire.console import Console

from .game_checks import missing, perft, walk
from .gui_helpers import card_point, centre_of_top, click, drag, make_app, settle

GAME = find_variant("gypsy")
RULES = rules_for(GAME)
# all but the last cards home: the K♦ must be dragged home, then the stock dealt; auto-play does the rest
LAST_CARDS = (
    "Foundations: H-K H-K C-K C-K D-K D-Q S-T S-T\nStock: QS QS\n"
    ": KS\n: KS\n: JS KD\n: JS\n" + ":\n" * 4
)


def position(*columns: str, home: str = "- - - - - - - -", stock: str = "") -> str:
    """Board text of these columns and foundations; the rest of the pack lies in the stock under `stock`."""
    piles = list(columns) + [""] * (8 - len(columns))
    rest = missing(TWO_DECKS, " ".join((*columns, home, stock)))
    return f"Foundations: {home}\nStock: {rest} {stock}\n" + "".join(f": {pile}\n" for pile in piles)


def codes(cards: tuple[Card, ...]) -> str:
    """The cards' codes, whichever deck each came from."""
    return " ".join(card.code for card in cards)


def test_the_deal_is_eight_columns_of_three_two_face_down_and_eighty_in_the_stock() -> None:
    for deal in (1, 2, 77):
        state = RULES.deal(deal)
        assert [len(pile) for pile in state.columns] == [3] * 8 and state.hidden == (2,) * 8
        assert len(state.stock) == 80 and not state.waste and len(state.foundations) == 8
        assert Counter(state.cards()) == Counter(TWO_DECKS.cards())
    assert RULES.deal(1) != RULES.deal(2)


def test_kpatience_deals_one_card_face_down_the_same_cards_otherwise(capsys: pytest.CaptureFixture[str]) -> None:
    kpatience = rules_for(find_variant("gypsy-kpatience"))
    for deal in (1, 2):
        state = kpatience.deal(deal)
        assert state.hidden == (1,) * 8 and state.columns == RULES.deal(deal).columns
    assert not find_variant("gypsy-kpatience").listed and find_variant("gypsy").listed
    assert main(["show", "--game", "gypsy", "--face-down", "1", "--deal", "1"]) == 0
    assert capsys.readouterr().out.count("[") == 8
    with pytest.raises(SystemExit):
        main(["show", "--game", "gypsy", "--face-down", "3", "--deal", "1"])
    assert "--face-down" in capsys.readouterr().err


def test_a_run_in_alternating_colours_moves_whole_and_any_card_fills_a_gap() -> None:
    run = "TS 9H 8C 7D 6S 5H 4C"
    state = RULES.from_text(position(run, "JD", "", "AH", stock="2C 3C"))
    moved = RULES.apply(state, Move(column(0), column(1), 7))  # seven cards at once, no free cell or gap needed
    assert codes(moved.columns[1]) == f"JD {run}"
    assert codes(RULES.apply(state, Move(column(0), column(2), 3)).columns[2]) == "6S 5H 4C"
    with pytest.raises(IllegalMove) as refused:
        RULES.apply(state, Move(column(0), column(3)))
    assert refused.value.refusal.why is Why.CANT_GO_ON
    dealt = RULES.apply(state, Move(STOCK, column(0), 8))  # the stock deals even while columns are empty
    assert codes(dealt.columns[0][-1:]) == "3C" and codes(dealt.columns[1][-1:]) == "2C" and all(dealt.columns)


def test_any_ace_starts_a_foundation_and_its_top_card_comes_back_down() -> None:
    state = RULES.from_text(position("3C", "AS", home="H-2 - - - - - - -"))
    aced = RULES.apply(state, Move(column(1), FOUNDATION))
    assert aced.foundations[1] == state.columns[1][-1:]
    back = Move(Pile(PileKind.FOUNDATION, 0), column(0))  # the 2♥ back down onto the 3♣
    assert back in set(RULES.legal_moves(state)) and codes(RULES.apply(state, back).columns[0]) == "3C 2H"
    with pytest.raises(IllegalMove) as refused:
        RULES.apply(state, Move(Pile(PileKind.FOUNDATION, 2), column(0)))
    assert refused.value.refusal.why is Why.FOUNDATION_EMPTY


@settings(max_examples=30, deadline=None)
@given(deal=st.integers(1, 10**6), seed=st.integers(0, 2**16))
def test_every_listed_move_is_accepted_and_every_other_move_refused(deal: int, seed: int) -> None:
    walk(RULES, RULES.deal(deal), seed, steps=25)


def test_perft_of_deal_1() -> None:
    """Moves counted from deal 1 to four plies: a fixture the rules must keep."""
    assert [perft(RULES, RULES.deal(1), depth) for depth in (1, 2, 3, 4)] == [6, 25, 84, 270]


def test_random_play_undoes_exactly() -> None:
    session = Session(GAME, 5, autoplay=False)
    rng = random.Random(5)
    history = [session.state]
    for _ in range(40):
        moves = sorted(RULES.legal_moves(session.state), key=str)
        if not moves:
            break
        session.play(rng.choice(moves))
        history.append(session.state)
    assert any(m.src == STOCK for m in session.actions)
    for expected in reversed(history[:-1]):
        session.undo()
        assert session.state == expected


def test_the_console_plays_the_last_cards_to_the_win() -> None:
    session = Session(GAME, 1, start=RULES.from_text(LAST_CARDS))
    Console(session, io.StringIO(), ascii=True).run(io.StringIO("3h\nd\nq\n"))
    assert session.actions[1] == Move(column(2), FOUNDATION) and Move(STOCK, column(0), 2) in session.actions
    assert session.is_won


def test_show_and_solve_take_it_from_the_command_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["show", "--game", "gypsy", "--deal", "1"]) == 0
    shown = capsys.readouterr().out
    assert shown.count("\n:") == 8 and shown.count("[") == 16
    board = tmp_path / "last-cards.txt"
    board.write_text(LAST_CARDS, encoding="utf-8")
    assert main(["solve", "--game", "gypsy", "--board", str(board)]) == 0
    assert "solved" in capsys.readouterr().out


def test_a_game_is_won_by_mouse_in_the_window() -> None:
    """The K♦ dragged home (the J♠ under it follows by itself), then a click on the stock."""
    pygame.init()
    try:
        start = RULES.from_text(LAST_CARDS)
        app, clock = make_app(game="gypsy", deal=1, start=start)
        settle(app, clock, limit_ms=20000)
        session = app.table.session
        home = app.table.view.layout.pile_rect(Pile(PileKind.FOUNDATION, 5)).center
        drag(app, clock, card_point(app, start.columns[2][-1]), home)  # the K♦ of the second deck
        settle(app, clock, limit_ms=20000)
        click(app, clock, centre_of_top(app, STOCK))
        settle(app, clock, limit_ms=20000)
        assert session.is_won
        assert [m for m, auto in zip(session.actions, session.automatic) if not auto] == [
            Move(column(2), FOUNDATION), Move(STOCK, column(0), 2),
        ]
    finally:
        pygame.quit()


def test_the_staged_search_gives_its_turn_back_when_a_pass_meets_nothing_new() -> None:
    """A position from which only the stock's deals (or nothing) can be played: every pass of the
    deal-at-a-time search meets no position, and it must hand the turn back (to the exact search
    beside it) rather than widen forever without a look at its budget."""
    from game.solver.common import Budget, Status
    from game.solver.staged import Staged

    start = Session(find_variant("gypsy"), 1).state
    search = Staged(
        lambda s: [], lambda s: False, lambda s: True, start, [], score=lambda s: 0, key=lambda s: s, share=10, breadth=1,
    )
    status, moves, reason = search.run(Budget(1000), 10**9, 0)
    assert (status, moves, reason) == (Status.UNKNOWN, None, "") and search.count == 0


def test_the_console_help_says_how_gypsys_eight_foundations_take_cards() -> None:
    """Not the four-suit games' "one per suit: 1 is ♣": any Ace starts any of Gypsy's eight piles."""
    told = dialect_for(find_variant("gypsy")).help()
    assert "foundations 1-8" in told and "one per suit" not in told and "whichever foundation takes it" in told
    freecell = dialect_for(find_variant("freecell")).help()
    assert "foundations 1-4" in freecell and "one per suit" in freecell


def test_the_search_names_both_copies_of_a_card_alike_and_tells_other_cards_apart() -> None:
    """Two decks: positions that differ only in which copy of a card lies where are one position to
    the search; a card of another rank or suit makes another."""
    from game.families.gypsy import GYPSY

    one = RULES.from_text(position("KS QH", "KS", stock="QH"))
    first, second = one.columns[0][0], one.columns[1][0]
    assert first.copy != second.copy  # the reader numbers the copies in reading order
    swapped = type(one)(
        columns=((second, one.columns[0][1]), (first,), *one.columns[2:]), cells=one.cells,
        foundations=one.foundations, hidden=one.hidden, stock=one.stock,
    )
    assert swapped != one and GYPSY.position_key(swapped) == GYPSY.position_key(one)
    other = RULES.from_text(position("KS QD", "KS", stock="QH"))
    assert GYPSY.position_key(other) != GYPSY.position_key(one)


def test_the_second_score_counts_the_cards_over_each_card_a_foundation_takes_next() -> None:
    """Nothing home: every Ace is wanted. The A♠ under two cards adds two; with the ♠ piles at the Ace
    and the Two, the wanted ♠ are the Two and the Three, and the 2♠ lies under one card."""
    from game.solver.gypsy import Position, progress

    state = Position.of(RULES.from_text(position("AS 5H 4C", "9D")))
    assert progress(state, 1) - progress(state, 0) == 2
    later = Position.of(RULES.from_text(position("2S 5H", "9D", "3S", home="S-A S-2 - - - - - -")))
    assert progress(later, 3) - progress(later, 0) == 3 * 1


def test_searches_run_as_one_take_turns_even_past_one_with_nothing_left() -> None:
    """`Turns` gives each search a turn in order: one that gives its turn back at once (nothing new to
    meet) must not take every turn from the other."""
    from game.solver.common import Budget, Status
    from game.solver.staged import Turns

    class Counting:
        def __init__(self, step: int) -> None:
            self.count, self.step, self.turns = 0, step, 0

        def run(self, budget: Budget, until: int, elsewhere: int) -> tuple[Status, None, str]:
            self.turns += 1
            self.count += self.step
            return Status.UNKNOWN, None, ""

    idle, busy = Counting(0), Counting(100)
    both = Turns([idle, busy])
    for _ in range(6):
        both.run(Budget(), 0, 0)
    assert (idle.turns, busy.turns, both.count) == (3, 3, 300)


MOST_STEPS = 150  # a random game's moves looked at (deals 1, 5 and 9 have dealt their whole stock by then)


@pytest.mark.parametrize("deal", [1, 5, 9])
def test_each_compact_move_replays_through_the_rules_to_the_position_it_names(deal: int) -> None:
    """Along a random game (fixed seed), every child the compact search makes is a position the
    model's own moves make too (`ModelMoves.children`, the exact search's), and its moves, replayed
    through the rules' checks, lead to it: its wins are the rules' wins. The game stops after
    `MOST_STEPS` moves: once the stock is out, random play can shuttle a card back and forth for ever."""
    from game.solver.common import replay
    from game.solver.generic import ModelMoves
    from game.solver.gypsy import Moves, Position

    model = ModelMoves(RULES, RULES.safe_autoplay)
    state = model.settle(RULES.deal(deal), [])
    compact, rng, met = Moves(state), random.Random(deal), 0
    position = Position.of(state)
    for _step in range(MOST_STEPS):
        children = list(compact.children(position))
        if not children:
            break
        made = {Position.of(child).key() for _, child in model.children(state)}
        for steps, child in children:
            assert Position.of(replay(RULES, state, steps)).key() == child.key()
            assert child.key() in made
        met += len(children)
        steps, position = rng.choice(children)
        state = replay(RULES, state, steps)
    assert met > 100 and not position.stock  # a game long enough to deal the whole stock


def test_the_compact_search_leaves_out_only_moves_a_player_seldom_needs() -> None:
    """A whole column into a gap, a run onto the twin of the card under it, and a second gap are left
    out; a run's part into the first gap, a foundation's card back down, and the deal are in."""
    from game.solver.gypsy import Moves, Position

    state = RULES.from_text(position("KS QH JC", "", "QH", "", "9C", home="D-A - - - - - - -"))
    moves = {step[0] for step, _ in Moves(state).children(Position.of(state))}
    foundation = Pile(PileKind.FOUNDATION, 0)
    assert Move(column(0), column(1), 1) in moves and Move(column(0), column(1), 2) in moves
    assert Move(column(0), column(1), 3) not in moves and Move(column(0), column(3), 1) not in moves
    assert Move(column(0), column(2), 1) not in moves  # the J♣ from the Q♥ onto the other Q♥
    assert Move(foundation, column(1)) in moves and Move(foundation, column(3)) not in moves
    assert Move(STOCK, column(0), 8) in moves


@pytest.mark.parametrize("deal", [1, 2, 3, 4])
def test_the_search_wins_deals_within_a_budget_of_positions(deal: int) -> None:
    """Deals the search a deal at a time won before it went over compact positions (in 27,000 to
    43,000 positions of the model's): within 60,000 positions now, with moves the rules accept."""
    from game.solver import solve
    from game.solver.common import Status, replay

    result = solve(RULES, RULES.deal(deal), max_positions=60_000)
    assert result.status is Status.SOLVED
    assert RULES.is_won(replay(RULES, RULES.deal(deal), list(result.moves)))
