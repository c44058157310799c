"""A family declared here, in a test, plays everywhere with no edit outside this module.

Gold Creek is no game of the suite, nor of any other: an invented one (Yukon's deal and moves, under
a name of its own), which this module writes as a contributor would (its parameters, rules, table,
terminal dialect and games) and registers. The window, the console, `show` and `solve` then play it,
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
from game.cards import Card, Suit
from game.deals import seeded_order
from game.dialect import Dialect, Ink, top_card
from game.i18n import N_
from game.moves import FOUNDATION, Move, Pile, PileKind, column
from game.refusal import Refusal, Why, refusal
from game.rules import IllegalMove, TableauRules, foundation_reason, transfer
from game.session import Session
from game.state import State
from game.variant import ALTERNATE_COLOURS, KINGS_ONLY, Family, Tableau, TableLayout, Variant
from game.variants import find_variant, rules_for
from solitaire.cli import main
from solitaire.console import Console

from .gui_helpers import card_point, drag, make_app, settle

PILES = 7
FOUNDATIONS = tuple(Pile(PileKind.FOUNDATION, i) for i in range(4))


@dataclass(frozen=True)
class CreekParams(Tableau):
    build: str = ALTERNATE_COLOURS
    empty_column: str = KINGS_ONLY


class CreekRules(TableauRules):
    """Klondike's deal with the stock spread over columns 2 to 7; any face-up card moves with what is on it."""

    def deal(self, number: int) -> State:
        cards = iter(seeded_order(number, "gold-creek"))
        piles: list[list[Card]] = [[] for _unused in range(PILES)]
        for row in range(PILES):
            for pile in range(row, PILES):
                piles[pile].append(next(cards))
        for pile in range(1, PILES):
            piles[pile] += [next(cards) for _unused in range(4)]
        return State(tuple(map(tuple, piles)), (), ((),) * 4, tuple(range(PILES)))

    def exposed(self, state: State) -> Iterator[tuple[Pile, Card]]:
        for i, pile in enumerate(state.columns):
            if len(pile) > state.hidden[i]:
                yield column(i), pile[-1]

    def legal_moves(self, state: State) -> Iterator[Move]:
        for pile, card in self.exposed(state):
            if foundation_reason(card, state.foundation_rank(card.suit)) is None:
                yield Move(pile, FOUNDATION)
        for i, pile in enumerate(state.columns):
            for count in range(1, len(pile) - state.hidden[i] + 1):
                for j, target in enumerate(state.columns):
                    move = Move(column(i), column(j), count)
                    if j != i and self._column_reason(state, move) is None and (target or count < len(pile)):
                        yield move

    def lift_reason(self, state: State, src: Pile, count: int) -> Refusal | None:
        if src.kind is not PileKind.COLUMN or not 0 <= src.index < PILES:
            return refusal(Why.STAYS_HOME, "cards on the foundation stay there")
        pile = state.columns[src.index]
        if not 1 <= count <= len(pile) - state.hidden[src.index]:
            return refusal(Why.FACE_DOWN, "only face-up cards move")
        return None

    def _column_reason(self, state: State, move: Move) -> Refusal | None:
        head = state.columns[move.src.index][-move.count]
        target = state.columns[move.dst.index]
        if target:
            return self.build(head, target[-1])
        return None if self.fills_empty(head) else refusal(Why.EMPTY_COLUMN, "only a King can fill an empty column")

    def check(self, state: State, move: Move) -> None:
        reason = self.lift_reason(state, move.src, move.count)
        if reason is None and move.dst.kind is PileKind.FOUNDATION:
            card = state.columns[move.src.index][-1]
            one_at_a_time = refusal(Why.ONE_AT_A_TIME, "one card at a time")
            reason = foundation_reason(card, state.foundation_rank(card.suit)) if move.count == 1 else one_at_a_time
        elif reason is None and move.dst.kind is PileKind.COLUMN and 0 <= move.dst.index < PILES:
            already = refusal(Why.ALREADY_THERE, "the cards are already there")
            reason = already if move.dst == move.src else self._column_reason(state, move)
        elif reason is None:
            reason = refusal(Why.GAME_LACKS, "Gold Creek has only columns and foundations")
        if reason:
            raise IllegalMove(reason)

    def perform(self, state: State, move: Move) -> State:
        card = state.columns[move.src.index][-move.count]
        return transfer(state, move, foundation_slot=card.suit)


class CreekDialect(Dialect):
    """Standard notation (`58v3` moves a card with the two on it), with a board and help of its own."""

    def board_top(self, state: State, ink: Ink) -> list[str]:
        piles = "  ".join(f"{suit.letter}{ink.slot(top_card(state.foundations[suit]))}" for suit in Suit)
        return [f"Gold Creek foundations: {piles}"]

    def help(self) -> str:
        return "  Gold Creek: 58v3 moves the card three from the top of column 5, with what is on it, onto column 8"


class CreekFamily(Family):
    key = "gold-creek"
    rules = (__name__, "CreekRules")
    dialect = (__name__, "CreekDialect")

    def describe(self, variant: Variant) -> str:
        return "Build down in alternating colours; any face-up card moves with the cards on it."


CREEK = CreekFamily()
TABLE = TableLayout(top=(FOUNDATIONS,), columns=PILES, longest_column=(6 + 4 + 13, 6), kings_fill_columns=True)
GAME = Variant(key="gold-creek", english_name=N_("Gold Creek"), family=CREEK, params=CreekParams(), table=TABLE, aliases=("gc",))


@pytest.fixture(autouse=True)
def creek_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Gold Creek is registered for each test of this module and gone again after it."""
    monkeypatch.setattr(variants, "_VARIANTS", list(variants.all_variants()))
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
