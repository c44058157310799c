"""Spider in each front end: a whole console game in Spider's own commands, `show` and `solve`, the
window by mouse (a run dragged, the stock clicked), and its options and rules text."""
from __future__ import annotations

import io

import pygame
import pytest

from game.moves import STOCK, Move, PileKind
from game.session import Session
from game.solver import solve
from game.variants import find_variant, rules_for, with_option
from solitaire.cli import main
from solitaire.console import Console
from sprites.window.layout import compute_layout

from .gui_helpers import card_point, click, drag, make_app, settle
from .test_spider import board


@pytest.fixture
def window():
    pygame.init()
    yield
    pygame.quit()


def spoken(move: Move) -> str:
    """A move as a Spider player types it: `5 8 3` between columns, `d` to deal."""
    if move.src.kind is PileKind.STOCK:
        return "d"
    return f"{move.src.index + 1} {move.dst.index + 1} {move.count}"


def test_a_whole_one_suit_game_is_won_in_the_console_in_spiders_own_commands() -> None:
    variant = find_variant("spider-1")
    rules = rules_for(variant)
    result = solve(rules, rules.deal(3), max_positions=200_000)
    assert result.solved
    session = Session(variant, 3, autoplay=False)
    out = io.StringIO()
    lines = "\n".join(["h", *(spoken(move) for move in result.moves), "q"]) + "\n"
    Console(session, out, ascii=True).run(io.StringIO(lines))
    text = out.getvalue()
    assert session.is_won
    assert session.actions == list(result.moves)  # every line read back as the move the solver meant
    assert "5 8 3    move the top three cards" in text and "TC x y" not in text
    assert "stock (d):" in text and "runs home 0/8" in text and "5 deals left" in text


def test_the_console_says_why_a_deal_or_a_move_is_refused() -> None:
    state = board("spider", ["", "9H 8S", "9S 8D", *["KC", "KC", "KD", "KD", "KH", "KH", "QH"]])
    session = Session(find_variant("spider"), 1, start=state, autoplay=False)
    out = io.StringIO()
    Console(session, out, ascii=True).run(io.StringIO("d\n3 1 2\n4 1\n1 5\nq\n"))
    text = out.getvalue()
    assert "deals only when no column is empty: fill column 1 first" in text
    assert "only a run of one suit moves together: 8d on 9S breaks it" in text
    assert "KC can't go on KC: columns build down by one rank" in text
    assert session.actions == [Move.parse("41")]  # the King into the empty column; the rest refused


def test_show_and_solve_print_spider_positions_and_moves(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "--game", "spider-2", "--deal", "3"]) == 0
    shown = capsys.readouterr().out
    assert shown.startswith("Foundations: - - - - - - - -\nStock: ") and shown.count("\n: ") == 10
    assert main(["solve", "--game", "spider-1", "--deal", "3"]) == 0
    solved = capsys.readouterr()
    assert "Traceback" not in solved.err and "s1v10" in solved.out


def test_the_relaxed_deal_is_an_option_of_the_family() -> None:
    (option,) = find_variant("spider").family.options
    relaxed = with_option(find_variant("spider-2"), option, 1)
    assert relaxed.key == "spider-2-relaxed" and option.value(relaxed) == 1
    assert with_option(relaxed, option, 0).key == "spider-2"
    assert "even while a column is empty" in relaxed.description
    assert "only when no column is empty" in find_variant("spider").description


def test_a_run_is_dragged_by_mouse_and_a_click_on_the_stock_deals(window: None) -> None:
    start = board("spider", ["9H 8S 7S", "9C", "JD", "JD", "KH", "KH", "QC", "QC", "QD", "QD"])
    app, clock = make_app(game="spider", deal=1, start=start, autoplay=False)
    head, onto = start.columns[0][-2], start.columns[1][-1]
    drag(app, clock, card_point(app, head), card_point(app, onto))
    settle(app, clock)
    state = app.table.session.state
    assert state.columns[1] == (onto, head, start.columns[0][-1])
    assert app.table.view.sprites[head].rect.top > app.table.view.sprites[onto].rect.top
    stock = compute_layout(1280, 800, find_variant("spider")).pile_rect(STOCK)
    click(app, clock, stock.center)
    settle(app, clock)
    dealt = app.table.session.state
    assert len(dealt.stock) == len(state.stock) - 10
    assert [pile[-1] for pile in dealt.columns] == list(state.stock[-10:][::-1])
    assert all(app.table.view.sprites[pile[-1]].rect.top > app.table.view.sprites[pile[-2]].rect.top for pile in dealt.columns)


def test_a_mixed_run_cannot_be_picked_up(window: None) -> None:
    start = board("spider", ["9H 8S 7D", "9C", "JD", "JD", "KH", "KH", "QC", "QC", "QD", "QD"])
    app, clock = make_app(game="spider", deal=1, start=start, autoplay=False)
    drag(app, clock, card_point(app, start.columns[0][-2]), card_point(app, start.columns[1][-1]))
    settle(app, clock)
    assert app.table.session.state == start
    assert "only a run of one suit" in app.table.message


def test_the_window_help_tells_how_the_stock_deals() -> None:
    from sprites.panels.help_text import mouse_help

    assert "deal a card face up onto each column" in mouse_help(find_variant("spider-2"))
    assert "free cell" not in mouse_help(find_variant("spider-2"))


@pytest.mark.parametrize("game", ["spider", "spider-1-relaxed"])
def test_every_hint_reads_back_as_the_move_it_names(game: str) -> None:
    """What a hint says (`d`, `58`, `58v3`) and what `solve` writes (`s1v10`) are typed back as the same move."""
    import random

    from game.variants import dialect_for
    from solitaire.console.commands import interpret

    rules = rules_for(find_variant(game))
    dialect = dialect_for(rules.variant)
    rng = random.Random(39)
    for deal in (1, 2, 3):
        state = rules.deal(deal)
        for _move in range(40):
            moves = list(rules.legal_moves(state))
            if not moves:
                break
            for move in moves:
                said = dialect.phrase(move, state)
                assert said == "d" if move.src.kind is PileKind.STOCK else said == move.notation
                assert interpret(said, state, rules) == move and interpret(move.notation, state, rules) == move
            state = rules.perform(state, rng.choice(moves))


def test_a_spider_game_is_saved_resumed_and_counted(tmp_path) -> None:
    from solitaire.store import open_store

    store, _message = open_store(tmp_path)
    session = Session(find_variant("spider-2-relaxed"), 12, autoplay=False)
    session.play(session.rules.stock_move(session.state))
    session.play(next(iter(session.rules.legal_moves(session.state))))
    assert store.save_game(session)
    again, message = store.load_game(autoplay=False)
    assert message is None and again is not None
    assert again.variant is session.variant and again.state == session.state and again.actions == session.actions
    assert store.record_game(again, "abandoned")
