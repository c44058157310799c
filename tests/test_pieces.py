"""The shared pieces, in the behaviours no registered game uses yet: a stock with one redeal, gaps
no card fills, one card at a time, builds up and round the corner from King to Ace.

Each test declares a small game of its own from the pieces, as a contributor would, and plays it
through the one engine every game uses.
"""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from game.cards import Card
from game.family import Family, table_layout
from game.moves import STOCK, WASTE, Move, Pile, PileKind, column
from game.pieces.builds import DOWN_ANY_SUIT, DOWN_BY_SUIT, Build, Suits
from game.pieces.columns import Columns, Fill, Lift
from game.pieces.deal import Deal, rows, triangle
from game.pieces.foundations import SuitPiles
from game.pieces.stocks import TurnOnto
from game.pieces.table import Pieces
from game.refusal import Why
from game.rules import IllegalMove, Rules
from game.state import BoardError, State
from game.variant import Params, TableLayout, Variant

FOUNDATIONS = tuple(Pile(PileKind.FOUNDATION, i) for i in range(4))


@dataclass(frozen=True)
class MadeUpParams(Params):
    """The pieces themselves are the parameters of these made-up games."""

    pieces: Pieces


class MadeUpFamily(Family[MadeUpParams]):
    key = "test-pieces"
    position = 9999

    def pieces(self, params: MadeUpParams) -> Pieces:
        return params.pieces

    def describe(self, variant: Variant[MadeUpParams]) -> str:
        return "A game made up in a test."


def rules_of(pieces: Pieces) -> Rules:
    family = MadeUpFamily()
    table = table_layout(pieces, TableLayout(top=((Pile(PileKind.STOCK), Pile(PileKind.WASTE)), FOUNDATIONS), columns=7,
                                             longest_column=(19, 6)))
    return family.rules(Variant(key="test", english_name="Test", family=family, params=MadeUpParams(pieces), table=table))


def refused(rules: Rules, text: str, move: Move) -> Why:
    with pytest.raises(IllegalMove) as caught:
        rules.check(rules.from_text(text), move)
    return caught.value.refusal.why


ONE_REDEAL = Pieces(
    deal=Deal(triangle(7), salt="one-redeal", face_down=tuple(range(7))),
    columns=Columns(Build(Suits.ALTERNATE)),
    foundations=SuitPiles(),
    stock=TurnOnto(draw=1, redeals=1),
)


def test_a_stock_with_one_redeal_turns_the_waste_back_over_once_and_counts_it_in_the_position() -> None:
    rules = rules_of(ONE_REDEAL)
    state = rules.deal(3)
    for _ in range(len(state.stock)):
        state = rules.apply(state, Move(STOCK, WASTE))
    recycle = rules.stock_move(state)
    assert recycle == Move(WASTE, STOCK, 24) and recycle in list(rules.legal_moves(state))
    state = rules.apply(state, recycle)
    assert state.redeals == 1 and len(state.stock) == 24
    assert "Redeals: 1" in rules.to_text(state) and rules.from_text(rules.to_text(state)) == state
    for _ in range(len(state.stock)):
        state = rules.apply(state, Move(STOCK, WASTE))
    assert rules.stock_move(state) is None and Move(WASTE, STOCK, 24) not in list(rules.legal_moves(state))
    with pytest.raises(IllegalMove, match="turned back over 1 time already"):
        rules.apply(state, Move(WASTE, STOCK, 24))
    with pytest.raises(BoardError, match="allows 1"):
        rules.from_text(rules.to_text(state).replace("Redeals: 1", "Redeals: 2"))


def test_an_unlimited_redeal_is_not_counted_so_a_pass_through_the_stock_comes_back_to_its_position() -> None:
    rules = rules_of(ONE_REDEAL.replace(stock=TurnOnto(draw=3)))
    start = state = rules.deal(3)
    while state.stock:
        state = rules.apply(state, Move(STOCK, WASTE, min(3, len(state.stock))))
    assert rules.apply(state, Move(WASTE, STOCK, len(state.waste))) == start


def test_a_gap_no_card_fills_and_one_card_at_a_time() -> None:
    rules = rules_of(Pieces(
        deal=Deal(rows(7, 1), salt="gaps"), columns=Columns(DOWN_ANY_SUIT, lift=Lift.TOP, fill=Fill.NONE),
        foundations=SuitPiles(),
    ))
    board = State(
        columns=((Card.parse("9C"), Card.parse("8D")), (Card.parse("TH"),), (), (), (), (), ()),
        cells=(), foundations=((), (), (), ()), hidden=(0,) * 7,
    )
    for move, why in ((Move(column(0), column(1), 2), Why.ONE_AT_A_TIME), (Move(column(0), column(2)), Why.EMPTY_COLUMN)):
        assert move not in list(rules.legal_moves(board))
        with pytest.raises(IllegalMove) as caught:
            rules.check(board, move)
        assert caught.value.refusal.why is why
    turned = board.replace(columns=((Card.parse("8D"), Card.parse("9C")), *board.columns[1:]))
    assert Move(column(0), column(1)) in list(rules.legal_moves(turned))  # the 9♣ on the 10♥, whatever the suit


def test_builds_up_and_round_the_corner() -> None:
    up = Build(Suits.SAME, step=1)
    assert up.reason(Card.parse("6H"), Card.parse("5H")) is None
    assert up.reason(Card.parse("4H"), Card.parse("5H")) is not None
    assert up.reason(Card.parse("6S"), Card.parse("5H")) is not None
    wrap = Build(Suits.ANY, wrap=True)
    assert wrap.reason(Card.parse("KS"), Card.parse("AH")) is None
    assert DOWN_BY_SUIT.reason(Card.parse("KS"), Card.parse("AS")) is not None
    assert wrap.distance(Card.parse("QC"), Card.parse("AH")) == 2  # a King then a Queen on the Ace
    assert Build(Suits.SAME, step=1, wrap=True).holds(Card.parse("KD")) == (1, (Card.parse("KD").suit,))
