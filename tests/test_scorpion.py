"""Scorpion, declared in one module of game/families and nothing else, plays everywhere (issue 51).

PySolFC's rules: seven columns of seven, three face down in each of the first four, the three cards
left dealt once onto the first three columns; down by suit, any face-up card moves with what is on
it, only Kings fill a gap, a whole run from King to Ace goes home by itself.
"""
from __future__ import annotations

import io
import random
from collections import Counter
from collections.abc import Hashable

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import ONE_DECK, Card
from game.families.scorpion import hopeless, onto_king_run, onto_successor
from game.moves import STOCK, Move, column
from game.refusal import Why
from game.rules import IllegalMove
from game.session import Session
from game.solver import solve
from game.solver.common import Status
from game.state import State
from game.variants import find_variant, rules_for
from solitaire.cli import main
from solitaire.console import Console

from .gui_helpers import card_point, drag, make_app, settle

GAME = find_variant("scorpion")
RULES = rules_for(GAME)


def test_the_deal_is_seven_columns_of_seven_with_three_face_down_in_the_first_four_and_three_in_the_stock() -> None:
    for deal in (1, 2, 77):
        state = RULES.deal(deal)
        assert [len(pile) for pile in state.columns] == [7] * 7 and len(state.stock) == 3
        assert state.hidden == (3, 3, 3, 3, 0, 0, 0)
        assert Counter(state.cards()) == Counter(ONE_DECK.cards())
    assert RULES.deal(1) != RULES.deal(2)


def test_the_stock_deals_once_onto_the_first_three_columns() -> None:
    state = RULES.deal(5)
    deal = RULES.stock_move(state)
    assert deal == Move(STOCK, column(0), 3) and deal in list(RULES.legal_moves(state))
    after = RULES.apply(state, deal)
    assert [len(pile) for pile in after.columns] == [8, 8, 8, 7, 7, 7, 7] and after.stock == ()
    assert [pile[-1] for pile in after.columns[:3]] == list(state.stock[::-1])
    assert RULES.expand(state, deal) == [Move(STOCK, column(k)) for k in range(3)]
    assert RULES.stock_move(after) is None


def position(*columns: str) -> str:
    """Board text of a Scorpion position with the hearts, diamonds and clubs home and the spades in `columns`."""
    return "Foundations: H-K D-K C-K -\nStock:\n" + "".join(f": {pile}\n" for pile in columns)


RUN = "KS QS JS TS 9S 8S 7S"


def board(*columns: str) -> str:
    """Board text whose given columns come first, and every other card of the deck in the next column."""
    given = {Card.parse(code.strip("[]")) for pile in columns for code in pile.split()}
    rest = " ".join(card.code for card in ONE_DECK.cards() if card not in given)
    piles = [*columns, rest] + [""] * (6 - len(columns))
    return "Foundations: - - - -\nStock:\n" + "".join(f": {pile}\n" for pile in piles)


def test_any_face_up_card_moves_with_what_is_on_it_onto_its_successor_in_suit() -> None:
    state = RULES.from_text(board("KH QH JH", "5D TH 2C 8C", "[AS] 3D", ""))
    move = Move(column(1), column(0), 3)  # 10♥ with the 2♣ and 8♣ on it onto the J♥
    assert move in list(RULES.legal_moves(state))
    after = RULES.apply(state, move)
    assert after.columns[0][-3:] == state.columns[1][-3:] and after.columns[1] == state.columns[1][:1]
    refusals = {
        Move(column(1), column(0), 1): Why.CANT_GO_ON,  # the 8♣ is no heart
        Move(column(2), column(3), 2): Why.FACE_DOWN,  # a face-down card stays where it is
        Move(column(1), column(3), 2): Why.EMPTY_COLUMN,  # only a King fills a gap
    }
    for illegal, why in refusals.items():
        with pytest.raises(IllegalMove) as refused:
            RULES.apply(state, illegal)
        assert refused.value.refusal.why is why, illegal


def test_a_completed_run_goes_home_by_itself_within_the_move_and_one_undo_takes_both_back() -> None:
    board = RULES.from_text(position(RUN, "6S 5S 4S 3S 2S AS", "", "", "", "", ""))
    session = Session(GAME, 1, start=board)
    session.play(Move(column(1), column(0), 6))
    assert session.state.columns[0] == () and session.is_won
    session.undo()
    assert session.state == board


@settings(max_examples=40, deadline=None)
@given(deal=st.integers(1, 10**6), seed=st.integers(0, 2**16))
def test_every_listed_move_is_accepted_and_every_other_move_refused_with_the_position_unchanged(deal: int, seed: int) -> None:
    state, rng = RULES.deal(deal), random.Random(seed)
    for _ in range(30):
        listed = set(RULES.legal_moves(state))
        for i in range(7):
            for j in range(7):
                for count in range(1, len(state.columns[i]) + 1):
                    move = Move(column(i), column(j), count)
                    try:
                        RULES.check(state, move)
                        accepted = True
                    except IllegalMove:
                        accepted = False
                    # one empty column stands for all, and a whole column never moves into an empty one
                    assert accepted == (move in listed) or not state.columns[j] and accepted
        if not listed:
            break
        move = rng.choice(sorted(listed, key=str))
        after = RULES.apply(state, move)
        assert Counter(after.cards()) == Counter(state.cards())
        state = after


def perft(state, depth: int) -> int:  # type: ignore[no-untyped-def]
    if depth == 0:
        return 1
    return sum(perft(RULES.perform(state, move), depth - 1) for move in RULES.legal_moves(state))


def test_perft_of_deal_1() -> None:
    """Moves counted from deal 1 to three plies: a fixture the rules must keep."""
    state = RULES.deal(1)
    assert [perft(state, depth) for depth in (1, 2, 3, 4)] == [4, 13, 39, 126]


def test_the_console_plays_it_in_the_common_language_with_the_stock_on_its_board() -> None:
    session = Session(GAME, 5, autoplay=False)
    out = io.StringIO()
    Console(session, out, ascii=True).run(io.StringIO("d\nq\n"))
    assert "stock (d):" in out.getvalue()
    assert session.actions == [Move(STOCK, column(0), 3)]


def test_show_and_solve_take_it_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "--game", "scorpion", "--deal", "5"]) == 0
    shown = capsys.readouterr().out
    assert shown.splitlines()[1].startswith("Stock: ") and len(shown.splitlines()[1].split()) == 4
    assert shown.count("[") == 12  # the first three cards of the first four columns lie face down
    assert main(["solve", "--game", "scorpion", "--deal", "15"]) == 1  # proven lost in a few hundred positions
    solved = capsys.readouterr()
    assert "unsolvable" in solved.out and "Traceback" not in solved.err


def test_a_game_is_won_by_mouse_in_the_window() -> None:
    """The last run dragged into place by mouse: it goes home by itself and the game is won."""
    pygame.init()
    try:
        start = RULES.from_text(position(RUN, "6S 5S 4S 3S 2S AS", "", "", "", "", ""))
        app, clock = make_app(game="scorpion", deal=1, start=start)
        six, seven = Card.parse("6S"), Card.parse("7S")
        drag(app, clock, card_point(app, six), card_point(app, seven))
        settle(app, clock, limit_ms=20000)
        session = app.table.session
        assert session.is_won and session.state.columns[0] == () and len(session.state.foundations[3]) == 13
        assert session.actions[0] == Move(column(1), column(0), 6)
    finally:
        pygame.quit()


def wins_by_some_line(state: State, most: int = 10_000) -> bool | None:
    """Whether any line of legal moves wins, by trying them all (None past `most` positions)."""
    seen: set[Hashable] = set()
    waiting = [state]
    while waiting:
        position = waiting.pop()
        if RULES.is_won(position):
            return True
        key = GAME.family.position_key(position)
        if key in seen:
            continue
        if len(seen) == most:
            return None
        seen.add(key)
        waiting += [RULES.perform(position, move) for move in RULES.legal_moves(position)]
    return False


def cut(play: list[str], columns: int, rng: random.Random) -> list[list[str]]:
    """The cards `play` cut at random into `columns` piles, none empty."""
    cuts = sorted(rng.sample(range(1, len(play)), columns - 1))
    return [play[a:b] for a, b in zip([0, *cuts], [*cuts, len(play)])]


def board_text(piles: list[list[str]], downs: list[int], stock: list[str]) -> str:
    """Board text with the hearts and diamonds home, and the first `downs[i]` cards of column i face down."""
    lines = [": " + " ".join(f"[{code}]" if k < down else code for k, code in enumerate(pile))
             for pile, down in zip(piles, downs)]
    return f"Foundations: H-K D-K - -\nStock: {' '.join(stock)}\n" + "\n".join(lines) + "\n"


def end_game(rng: random.Random) -> str:
    """Board text of a small Scorpion position: two suits home, the other two's 26 cards shuffled into
    the seven columns (some face down in the first four) and, half the time, three of them in the stock."""
    play = [f"{rank}{suit}" for suit in "CS" for rank in "A23456789TJQK"]
    rng.shuffle(play)
    stock = [play.pop() for _ in range(3)] if rng.random() < 0.5 else []
    piles = cut(play, 7, rng)
    downs = [rng.randint(0, min(3, len(pile) - 1)) if i < 4 else 0 for i, pile in enumerate(piles)]
    return board_text(piles, downs, stock)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_the_search_that_moves_runs_onto_their_successor_at_once_agrees_with_trying_every_line(seed: int) -> None:
    """Moving a run down to its Ace onto its successor loses nothing (`onto_successor`), nor does moving
    a card onto a King's run (`onto_king_run`), and a position `hopeless` names has no winning line, so
    the search that makes such moves at once and leaves such positions out wins exactly the end games
    some line of legal moves wins. (Moving any card onto its successor does not: a card under the
    successor may need one of those carried.)"""
    state = RULES.from_text(end_game(random.Random(seed)))
    truth = wins_by_some_line(state)
    if truth is None:
        return  # too many positions to try them all
    assert not (truth and hopeless(state))
    result = solve(RULES, state, cpu_limit=30)
    assert result.status is (Status.SOLVED if truth else Status.UNSOLVABLE)


def test_a_run_down_to_its_ace_goes_onto_its_successor_at_once_but_not_where_the_stock_may_fall() -> None:
    dealt = RULES.from_text(position(RUN, "4S 3S", "", "", "", "6S 5S 2S AS", ""))
    assert onto_successor(dealt) == Move(column(5), column(1), 2)  # the 2♠ with the A♠ onto the 3♠
    no_ace = RULES.from_text(position(RUN, "AS 4S 3S", "", "", "", "6S 5S 2S", ""))
    assert onto_successor(no_ace) is None  # the A♠, under the 3♠, may need the 2♠ where it lies
    far = RULES.from_text(position(RUN, "", "", "", "", "2S AS", "3S").replace("Stock:", "Stock: 6S 5S 4S"))
    assert onto_successor(far) == Move(column(5), column(6), 2)  # columns the stock does not reach
    near = RULES.from_text(position(RUN, "3S", "", "", "", "2S AS", "").replace("Stock:", "Stock: 6S 5S 4S"))
    assert onto_successor(near) is None  # the stock will fall on column 2's 3♠
    carried = RULES.from_text(position(RUN, "", "", "", "", "6S 2S AS", "3S").replace("Stock:", "Stock: 5S 4S"))
    assert onto_successor(carried) is None  # the 6♠ may carry the run onto the 7♠, where the stock falls
    laid = RULES.from_text(position(RUN, "", "", "", "", "[6S] 2S AS", "3S").replace("Stock:", "Stock: 5S 4S"))
    assert onto_successor(laid) == Move(column(5), column(6), 2)  # nothing under the run moves


def kings_run_end_game(rng: random.Random) -> str:
    """Board text of a small Scorpion position, the stock dealt, two suits in play: a run of one of them
    down from its King at the foot of a column, and the card next below the run's top face up in another
    column, with whatever lies on it (`onto_king_run` moves it there)."""
    ranks, suit, length = "A23456789TJQK", rng.choice("CS"), rng.randint(1, 6)
    run = [f"{ranks[12 - k]}{suit}" for k in range(length)]
    wanted = f"{ranks[12 - length]}{suit}"
    play = [f"{rank}{other}" for other in "CS" for rank in ranks if f"{rank}{other}" not in (*run, wanted)]
    rng.shuffle(play)
    piles = cut(play, 6, rng)
    at = rng.randrange(6)
    piles[at].insert(rng.randint(0, len(piles[at])), wanted)
    piles.insert(rng.randrange(7), run)
    downs = [rng.randint(0, min(3, pile.index(wanted) if wanted in pile else len(pile) - 1)) if i < 4 and pile != run else 0
             for i, pile in enumerate(piles)]
    return board_text(piles, downs, [])


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_card_laid_at_once_on_a_kings_run_loses_no_win(seed: int) -> None:
    """After `onto_king_run`'s move some line of legal moves still wins wherever one did before it
    (every line tried on both sides)."""
    state = RULES.from_text(kings_run_end_game(random.Random(seed)))
    move = onto_king_run(state)
    assert move is not None
    before, after = wins_by_some_line(state, most=30_000), wins_by_some_line(RULES.perform(state, move), most=30_000)
    if before is None or after is None:
        return  # too many positions to try them all
    assert after or not before


def test_a_card_goes_onto_a_kings_run_at_once_only_once_the_stock_is_dealt() -> None:
    laid = RULES.from_text(position("KS QS JS TS", "9S 8S 7S", "6S 5S 4S 3S 2S AS", "", "", "", ""))
    assert onto_king_run(laid) == Move(column(1), column(0), 3)  # the 9♠, with what lies on it, onto the 10♠
    under = RULES.from_text(position("KS QS JS TS", "8S 7S 9S", "6S 5S 4S 3S 2S AS", "", "", "", ""))
    assert onto_king_run(under) == Move(column(1), column(0), 1)  # the 9♠ alone: nothing lies on it
    hidden = RULES.from_text(position("[6S] KS QS JS TS", "9S 8S 7S", "5S 4S 3S 2S AS", "", "", "", ""))
    assert onto_king_run(hidden) is None  # the King lies on a face-down card, not at the column's foot
    broken = RULES.from_text(position("KS QS JS 5S TS", "9S 8S 7S", "6S 4S 3S 2S AS", "", "", "", ""))
    assert onto_king_run(broken) is None  # the 10♠ tops no run from the King
    stocked = position("KS QS JS TS", "9S 8S 7S", "6S 5S 4S", "", "", "", "").replace("Stock:", "Stock: 3S 2S AS")
    assert onto_king_run(RULES.from_text(stocked)) is None  # the stock may fall on the 10♠ in a line that waits


def test_a_card_that_can_never_lie_on_its_successor_makes_the_position_hopeless() -> None:
    held = RULES.from_text(position("[8S] [3S] 7S", "KS QS JS TS 9S", "6S 5S 4S 2S AS", "", "", "", ""))
    assert hopeless(held)  # the 7♠ is never picked up (the 8♠ is under it), so it never lies on the 8♠
    free = RULES.from_text(position("[3S] 8S 7S", "KS QS JS TS 9S", "6S 5S 4S", "2S AS", "", "", ""))
    assert not hopeless(free) and wins_by_some_line(free)
    # each waits for a card the other covers: the 5♠ for the 6♠ under the 9♠, the 9♠ for the 10♠ under the 5♠
    crossed = RULES.from_text(position("TS 5S", "6S 9S", "QS JS", "8S 7S", "4S 3S 2S AS", "KS", ""))
    assert hopeless(crossed) and wins_by_some_line(crossed) is False
    # a King between them could leave for a gap, carrying the 5♠ away: no proof
    king = RULES.from_text(position("TS KS 5S", "6S 9S", "QS JS", "8S 7S", "4S 3S 2S AS", "", ""))
    assert not hopeless(king)
    dealt = RULES.deal(1)
    assert dealt.columns[0][:4] == tuple(Card.parse(code) for code in ("QH", "KH", "TS", "JH")) and dealt.hidden[0] == 3
    assert hopeless(dealt)  # the J♥, the first card face up, over the Q♥ face down
    assert solve(RULES, dealt, cpu_limit=10).status is Status.UNSOLVABLE


@settings(max_examples=80, deadline=None)
@given(deal=st.integers(1, 10**6), seed=st.integers(0, 2**32))
def test_a_hopeless_position_leads_only_to_hopeless_positions(deal: int, seed: int) -> None:
    """A ring of cards waiting for one another never breaks, whatever is played: along a random line
    from a deal, every move from a position `hopeless` names leads to another it names, never to a win."""
    rng, state = random.Random(seed), RULES.deal(deal)
    for _ in range(60):
        moves = list(RULES.legal_moves(state))
        if hopeless(state):
            for move in moves:
                after = RULES.perform(state, move)
                assert hopeless(after) and not RULES.is_won(after), move
        if not moves:
            return
        state = RULES.perform(state, rng.choice(moves))
