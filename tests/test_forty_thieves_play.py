"""Forty Thieves played as a player plays it: by mouse in the window (drag, a supermove's drag,
double-click, the stock), to a win in the console, and from the command line (`show`, `solve`)."""
from __future__ import annotations

import io
from collections.abc import Iterator

import pygame
import pytest

from game.cards import Card
from game.moves import STOCK, Move, PileKind, column
from game.session import Session
from game.solver import Status, solve
from game.variants import dialect_for, find_variant, rules_for
from solitaire.cli import main
from solitaire.console import Console

from .gui_helpers import card_point, centre_of_top, click, drag, make_app, settle

GAME = find_variant("forty-thieves")
RULES = rules_for(GAME)


@pytest.fixture(autouse=True)
def window() -> Iterator[None]:
    pygame.init()
    yield
    pygame.quit()


def top(state, index: int) -> Card:
    return state.columns[index][-1]


def test_the_mouse_plays_forty_thieves_double_click_drag_supermove_and_stock() -> None:
    dealt = RULES.deal(1)
    # columns 9 and 10 cleared into the stock, so a run has room to move
    start = dealt.replace(columns=(*dealt.columns[:8], (), ()), stock=dealt.stock + dealt.columns[8] + dealt.columns[9])
    app, clock = make_app(game="forty-thieves", start=start, autoplay=False)
    session = app.table.session
    ace, five, six = top(start, 0), top(start, 2), top(start, 3)
    assert (ace.code, five.code, six.code) == ("AS", "5H", "6H")

    click(app, clock, card_point(app, ace))
    click(app, clock, card_point(app, ace), gap_ms=150)  # a double-click sends it home
    assert session.state.foundations[0] == (ace,)
    settle(app, clock)

    drag(app, clock, card_point(app, five), card_point(app, six))
    settle(app, clock)
    assert session.state.columns[3][-2:] == (six, five)

    # Picking up the 6♥ lifts the 5♥ on it; two cards into an empty column, with one more empty
    drag(app, clock, card_point(app, six), centre_of_top(app, column(8)))
    assert session.state.columns[8] == (six, five) and session.state.columns[9] == ()
    assert session.actions[-1].count == 2
    settle(app, clock)
    assert app.table.view.sprites[five].rect.top > app.table.view.sprites[six].rect.top

    waste_before = len(session.state.waste)
    click(app, clock, centre_of_top(app, STOCK))
    assert len(session.state.waste) == waste_before + 1 and session.state.waste[-1] is start.stock[-1]
    settle(app, clock)
    assert app.sounds.played.count("illegal") == 0


def test_a_drop_the_rules_refuse_changes_nothing_and_says_why() -> None:
    app, clock = make_app(game="forty-thieves", deal=1, autoplay=False)
    session = app.table.session
    before = session.state
    drag(app, clock, card_point(app, top(before, 4)), card_point(app, top(before, 5)))  # K♦ onto 9♦
    settle(app, clock)
    assert session.state is before and app.sounds.played.count("illegal") == 1


def solved_deal() -> tuple[int, list]:
    """The first deal the search wins within a fixed count of positions (a count, not seconds, so a
    busy machine picks the same deal)."""
    for deal in range(1, 10):
        result = solve(RULES, RULES.deal(deal), max_positions=20_000)
        if result.status is Status.SOLVED:
            return deal, list(result.moves)
    raise AssertionError("no deal of 1-9 solved within 20,000 positions")


def test_a_whole_game_is_won_in_the_console_in_its_own_language() -> None:
    deal, moves = solved_deal()
    session = Session(GAME, deal, autoplay=False)
    dialect = dialect_for(GAME)
    lines, state = [], session.state
    for move in moves:
        lines.append("d" if move.src.kind is PileKind.STOCK else dialect.phrase(move, state))
        state = RULES.apply(state, move)
    out = io.StringIO()
    Console(session, out, ascii=True).run(io.StringIO("h\n" + "\n".join(lines) + "\n"))
    text = out.getvalue()
    assert session.is_won and "Error" not in text
    assert "d or n   turn the next stock card" in text and "foundations (h): 1[" in text and "8[" in text


def test_the_console_refuses_a_redeal_and_a_foundation_card_in_words() -> None:
    session = Session(GAME, 1, autoplay=True)
    out = io.StringIO()
    Console(session, out, ascii=True).run(io.StringIO("ws\nh12\n5h\nq\n"))
    text = out.getvalue()
    assert "no redeal" in text and "cards on the foundation stay there" in text
    assert session.state.foundations[0] and len(session.actions) == 2  # only auto-play's two Aces


def test_show_and_solve_speak_forty_thieves_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "--game", "forty-thieves", "--deal", "1"]) == 0
    shown = capsys.readouterr().out
    assert shown.startswith("Foundations: - - - - - - - -\nStock: ") and shown.count("\n: ") == 10
    deal, _moves = solved_deal()
    assert main(["solve", "--game", "fortythieves", "--deal", str(deal), "--max-positions", "20000"]) == 0
    solved = capsys.readouterr()
    lines = [line for line in solved.out.splitlines() if line and not line.startswith("#")]
    state = RULES.deal(deal)
    for line in lines:
        state = RULES.apply(state, Move.parse(line))
    assert RULES.is_won(state) and "Traceback" not in solved.err
