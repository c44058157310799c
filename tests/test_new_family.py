"""A family declared here, in a test, plays everywhere with no edit outside this module.

Gold Creek is no game of the suite, nor of any other: an invented one (Yukon's deal and moves, under
a name of its own), which this module declares as a contributor would (its parameters, its pieces,
its table, a terminal dialect of its own and its game) and registers. The window, the console, `show` and `solve` then play it,
and its console board and help are its own, because every front end asks the family and none of
them names a game.
"""
from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass

import pygame
import pytest

from game import variants
from game.cards import Suit
from game.dialect import Dialect, Ink, top_card
from game.family import Family, table_layout
from game.i18n import N_
from game.moves import Move, Pile, PileKind
from game.pieces.builds import DOWN_ALTERNATING
from game.pieces.columns import Columns, Fill, Lift
from game.pieces.deal import Deal, triangle
from game.pieces.foundations import SuitPiles
from game.pieces.table import Pieces
from game.rules import IllegalMove
from game.session import Session
from game.state import State
from game.variant import Params, TableLayout, Variant
from game.variants import find_variant, rules_for
from solitaire.cli import main
from solitaire.console import Console

from .gui_helpers import card_point, drag, make_app, settle

FOUNDATIONS = tuple(Pile(PileKind.FOUNDATION, i) for i in range(4))


@dataclass(frozen=True)
class CreekParams(Params):
    """Gold Creek has no choices."""


class CreekDialect(Dialect):
    """Standard notation (`58v3` moves a card with the two on it), with a board and help of its own."""

    def board_top(self, state: State, ink: Ink) -> list[str]:
        piles = "  ".join(f"{suit.letter}{ink.slot(top_card(state.foundations[suit]))}" for suit in Suit)
        return [f"Gold Creek foundations: {piles}"]

    def help(self) -> str:
        return "  Gold Creek: 58v3 moves the card three from the top of column 5, with what is on it, onto column 8"


class CreekFamily(Family[CreekParams]):
    """Klondike's deal with the stock spread over columns 2 to 7; any face-up card moves with what is on it."""

    key = "gold-creek"
    position = 1000

    def pieces(self, params: CreekParams) -> Pieces:
        return Pieces(
            deal=Deal(triangle(7), salt="gold-creek", face_down=tuple(range(7)), spread=(0,) + (4,) * 6),
            columns=Columns(DOWN_ALTERNATING, lift=Lift.FACE_UP, fill=Fill.KINGS),
            foundations=SuitPiles(),
        )

    def dialect(self, variant: Variant[CreekParams]) -> Dialect:
        return CreekDialect(variant)

    def describe(self, variant: Variant[CreekParams]) -> str:
        return "Build down in alternating colours; any face-up card moves with the cards on it."


CREEK = CreekFamily()
TABLE = table_layout(CREEK.pieces(CreekParams()), TableLayout(top=(FOUNDATIONS,), columns=7, longest_column=(6 + 4 + 13, 6)))
GAME = Variant(key="gold-creek", english_name=N_("Gold Creek"), family=CREEK, params=CreekParams(), table=TABLE, aliases=("gc",))


@pytest.fixture(autouse=True)
def creek_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Gold Creek is registered for each test of this module and gone again after it."""
    monkeypatch.setattr(variants, "_VARIANTS", list(variants.all_variants()))
    monkeypatch.setattr(variants, "_FAMILIES", dict(variants._FAMILIES))
    variants.register(GAME)
    pygame.init()
    yield
    pygame.quit()


def test_gold_creek_is_found_by_name_and_alias_and_its_rules_are_its_own() -> None:
    assert find_variant("Gold Creek") is GAME and find_variant("gc") is GAME
    rules = rules_for(GAME)
    state = rules.deal(1)
    assert [len(pile) for pile in state.columns] == [1, 6, 7, 8, 9, 10, 11]
    assert sum(len(pile) for pile in state.columns) == 52


def test_any_face_up_card_moves_with_the_cards_on_it_and_a_wrong_move_changes_nothing() -> None:
    rules = rules_for(GAME)
    state = rules.deal(3)
    deep = [m for m in rules.legal_moves(state) if m.count > 1]
    assert deep, "deal 3 has a move of a card from under others"
    move = deep[0]
    after = rules.apply(state, move)
    assert after.columns[move.dst.index][-move.count:] == state.columns[move.src.index][-move.count:]
    illegal = Move(move.src, move.dst, len(state.columns[move.src.index]) + 1)
    with pytest.raises(IllegalMove):
        rules.apply(state, illegal)


def test_the_console_plays_gold_creek_with_its_own_board_and_help() -> None:
    session = Session(GAME, 3, autoplay=False)
    move = next(m for m in session.rules.legal_moves(session.state) if m.count > 1)
    out = io.StringIO()
    Console(session, out, ascii=True).run(io.StringIO(f"h\n{move.notation}\nq\n"))
    text = out.getvalue()
    assert "Gold Creek foundations:" in text and "cells (" not in text
    assert "Gold Creek: 58v3 moves the card three" in text and "TC x y" not in text
    assert session.actions == [move]


def test_show_and_solve_take_gold_creek_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "--game", "gold-creek", "--deal", "3"]) == 0
    shown = capsys.readouterr().out
    assert "Gold Creek foundations:" in shown or "Foundations:" in shown
    assert main(["solve", "--game", "gold-creek", "--deal", "3", "--max-positions", "2000"]) in (0, 1)
    solved = capsys.readouterr()
    assert "Traceback" not in solved.err and solved.out.strip()


def test_the_window_lays_gold_creek_out_and_a_drag_moves_a_card_with_what_is_on_it() -> None:
    rules = rules_for(GAME)
    state = rules.deal(3)
    move = next(m for m in rules.legal_moves(state) if m.count > 1 and state.columns[m.dst.index])
    app, clock = make_app(game="gold-creek", deal=3, autoplay=False)
    head = state.columns[move.src.index][-move.count]
    onto = state.columns[move.dst.index][-1]
    drag(app, clock, card_point(app, head), card_point(app, onto))
    settle(app, clock)
    moved = app.table.session.state.columns[move.dst.index]
    assert moved[-move.count:] == state.columns[move.src.index][-move.count:]
    assert app.table.view.sprites[head].rect.top > app.table.view.sprites[onto].rect.top
