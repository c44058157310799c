"""Golf's rules, relaxed and strict, one test per rule and per message a player can read."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.cards import Card, full_deck
from game.moves import FOUNDATION, STOCK, WASTE, Move, Pile, PileKind, cell, column
from game.rules import IllegalMove, Rules
from game.session import Session
from game.state import BoardError, State
from game.variants import find_variant, rules_for

ROOT = Path(__file__).resolve().parent.parent
RELAXED = rules_for(find_variant("golf"))
STRICT = rules_for(find_variant("golf-strict"))


def position(*columns: str, foundation: str, stock: str | None = None, rules: Rules = RELAXED) -> State:
    """A board from text; seven columns (missing ones empty); unnamed cards go under the foundation.

    `stock=None` puts nothing in the stock, so the leftovers keep the deck whole without being playable.
    """
    lines = [f": {text}" for text in columns] + [":"] * (7 - len(columns))
    body = "\n".join(lines) + f"\nStock: {stock or ''}\n"
    partial = State.from_text(
        f"Foundation: {foundation}\n" + body, cells=0, columns=7, stock_pile=True,
        single_foundation=True, full_deck_required=False,
    )
    used = set(partial.cards())
    under = " ".join(card.code for card in full_deck() if card not in used)
    return rules.from_text(f"Foundation: {under} {foundation}\n" + body)


def refused(state: State, move: Move, rules: Rules = RELAXED) -> str:
    with pytest.raises(IllegalMove) as caught:
        rules.check(state, move)
    return str(caught.value)


def c(code: str) -> Card:
    return Card.parse(code)


# -- the deal ---------------------------------------------------------------------------------------


def test_deal_has_seven_columns_of_five_one_foundation_card_and_16_in_the_stock() -> None:
    state = RELAXED.deal(5)
    assert [len(pile) for pile in state.columns] == [5] * 7
    assert state.hidden == (0,) * 7 and state.cells == () and state.waste == ()
    assert len(state.foundations) == 1 and len(state.foundations[0]) == 1
    assert len(state.stock) == 16
    assert sorted(state.cards()) == sorted(full_deck())


def test_deal_5_is_the_same_on_every_machine_and_strict_shares_it() -> None:
    state = RELAXED.deal(5)
    assert [card.code for card in state.columns[0]] == ["6H", "KD", "3D", "7C", "7D"]
    assert state.foundations[0] == (c("2D"),) and state.stock[-1] == c("9C")
    assert STRICT.deal(5) == state and RELAXED.deal(6) != state


def test_board_text_has_one_foundation_a_stock_and_no_waste_and_reads_back() -> None:
    state = RELAXED.deal(5)
    text = RELAXED.to_text(state)
    lines = text.splitlines()
    assert lines[0] == "Foundation: 2D"
    assert lines[1].startswith("Stock: 8D ") and lines[1].endswith(" 9C")
    assert lines[2] == ": 6H KD 3D 7C 7D" and len(lines) == 9
    assert not any(line.startswith("Waste") for line in lines)
    assert RELAXED.from_text(text) == state


def test_board_text_refuses_face_down_column_cards_and_a_waste() -> None:
    text = RELAXED.to_text(RELAXED.deal(5))
    with pytest.raises(BoardError, match="face up"):
        RELAXED.from_text(text.replace(": 6H KD", ": [6H] KD"))
    stock_line = text.splitlines()[1]
    with pytest.raises(BoardError, match="Golf has no waste"):
        RELAXED.from_text(text.replace(stock_line, "Stock:\nWaste:" + stock_line[len("Stock:"):]))


# -- playing onto the foundation ------------------------------------------------------------------------


def test_a_column_top_one_rank_above_or_below_goes_on_the_foundation_whatever_the_suit() -> None:
    state = position("9S 4C", "KS 2D", "8S", foundation="3H")
    after = RELAXED.apply(state, Move(column(0), FOUNDATION))
    assert after.foundations[0][-2:] == (c("3H"), c("4C")) and after.columns[0] == (c("9S"),)
    assert RELAXED.apply(state, Move(column(1), FOUNDATION)).foundations[0][-1] == c("2D")
    assert refused(state, Move(column(2), FOUNDATION)) == "8♠ is not next to 3♥ on the foundation"


def test_relaxed_golf_lets_ace_and_king_touch_both_ways() -> None:
    on_king = position("AS", foundation="KH")
    assert RELAXED.apply(on_king, Move(column(0), FOUNDATION)).foundations[0][-1] == c("AS")
    on_ace = position("KC", foundation="AD")
    assert RELAXED.apply(on_ace, Move(column(0), FOUNDATION)).foundations[0][-1] == c("KC")
    assert RELAXED.apply(position("QC", foundation="KD"), Move(column(0), FOUNDATION)).columns[0] == ()


def test_strict_golf_keeps_ace_and_king_apart_and_puts_nothing_on_a_king() -> None:
    assert refused(position("KC", foundation="AD"), Move(column(0), FOUNDATION), STRICT) == (
        "K♣ is not next to A♦: Ace and King don't touch in strict Golf"
    )
    assert refused(position("QC", foundation="KD"), Move(column(0), FOUNDATION), STRICT) == (
        "nothing goes on a King in strict Golf (K♦ is on the foundation)"
    )
    assert STRICT.apply(position("KC", foundation="QD"), Move(column(0), FOUNDATION)).columns[0] == ()
    assert STRICT.apply(position("2C", foundation="AD"), Move(column(0), FOUNDATION)).columns[0] == ()


def test_the_stock_deals_its_top_card_onto_the_foundation_whatever_it_is() -> None:
    state = RELAXED.deal(5)
    assert RELAXED.stock_move(state) == Move(STOCK, FOUNDATION)
    after = RELAXED.apply(state, Move(STOCK, FOUNDATION))
    assert after.foundations[0] == (c("2D"), c("9C")) and after.stock == state.stock[:-1]
    king_top = position("QC", foundation="KD", stock="5S", rules=STRICT)
    assert STRICT.apply(king_top, Move(STOCK, FOUNDATION)).foundations[0][-1] == c("5S")


def test_an_empty_stock_says_so() -> None:
    state = position("QC", foundation="5D")
    assert refused(state, Move(STOCK, FOUNDATION)) == "the stock is empty"
    assert RELAXED.stock_move(state) is None


def test_other_moves_are_refused_with_a_reason() -> None:
    state = position("9S 4C", "5S", foundation="3H", stock="8D")
    assert refused(state, Move(column(0), column(1))) == "in this game cards only go to the foundation"
    assert refused(state, Move(column(0), FOUNDATION, 2)) == "only one card moves at a time in this game"
    assert refused(state, Move(Pile(PileKind.FOUNDATION), column(0))) == "cards on the foundation stay there"
    assert refused(state, Move(column(3), FOUNDATION)) == "column 4 is empty"
    assert refused(state, Move(column(7), FOUNDATION)) == "there is no column 8 (there are 7 columns)"
    assert refused(state, Move(cell(0), FOUNDATION)) == "Golf has no free cells"
    assert refused(state, Move(WASTE, FOUNDATION)) == "Golf has no waste"
    assert refused(state, Move(STOCK, column(0))) == "the stock's cards are face down: deal its top card onto the foundation"


def test_only_the_top_card_of_a_column_can_be_picked_up() -> None:
    state = position("9S 4C", foundation="3H")
    assert RELAXED.lift_reason(state, column(0), 1) is None
    assert str(RELAXED.lift_reason(state, column(0), 2)) == "only one card moves at a time in this game"
    assert str(RELAXED.lift_reason(state, column(1), 1)) == "column 2 is empty"
    assert str(RELAXED.lift_reason(state, STOCK, 1)) == "the stock's cards are face down: deal its top card onto the foundation"


def test_legal_moves_are_exactly_the_moves_that_pass_check() -> None:
    state = position("9S 4C", "KS 2D", "8S", "AC", "", "QH 2S", foundation="3H", stock="7D")
    listed = list(RELAXED.legal_moves(state))
    sources = [column(i) for i in range(7)] + [STOCK, WASTE, Pile(PileKind.FOUNDATION)]
    targets = [column(i) for i in range(7)] + [FOUNDATION, STOCK, WASTE]
    allowed = set()
    for src in sources:
        for dst in targets:
            for count in (1, 2):
                try:
                    RELAXED.check(state, Move(src, dst, count))
                    allowed.add(Move(src, dst, count))
                except IllegalMove:
                    pass
    assert set(listed) == allowed and len(listed) == len(allowed)
    playable = {Move(column(0), FOUNDATION), Move(column(1), FOUNDATION), Move(column(5), FOUNDATION)}
    assert set(listed) == playable | {Move(STOCK, FOUNDATION)}


# -- winning and losing -----------------------------------------------------------------------------


def test_won_when_every_column_is_empty() -> None:
    won = position(foundation="5D", stock="8D")
    assert RELAXED.is_won(won) and not RELAXED.is_lost(won) and RELAXED.lost_reason(won) is None
    assert not RELAXED.is_won(position("QC", foundation="5D"))


def test_lost_when_the_stock_is_empty_and_no_column_card_fits() -> None:
    stuck = position("9S 4C", "TS", foundation="7H")
    assert RELAXED.is_lost(stuck)
    assert str(RELAXED.lost_reason(stuck)) == (
        "the stock is empty and no column's top card is next to 7♥: 3 cards left in the columns"
    )
    assert not RELAXED.is_lost(position("9S 4C", "TS", foundation="7H", stock="2D"))
    assert not RELAXED.is_lost(position("9S 4C", "6S", foundation="7H"))


def test_strict_golf_is_lost_under_a_king_that_relaxed_golf_could_play_on() -> None:
    under_king = position("AS", foundation="KH", rules=STRICT)
    assert STRICT.is_lost(under_king) and not RELAXED.is_lost(RELAXED.from_text(STRICT.to_text(under_king)))
    assert str(STRICT.lost_reason(under_king)) == (
        "the stock is empty and nothing goes on K♥ in strict Golf: 1 card left in the columns"
    )


def test_a_session_plays_deals_undoes_and_never_auto_plays() -> None:
    session = Session(find_variant("golf"), 5)
    applied = session.play(Move(STOCK, FOUNDATION))
    assert len(applied) == 1 and applied[0].steps == (Move(STOCK, FOUNDATION),)
    assert session.state.foundations[0][-1] == c("9C") and len(session.state.stock) == 15
    assert session.undo() == RELAXED.deal(5)
    with pytest.raises(IllegalMove, match="not next to"):
        session.play(Move(column(0), FOUNDATION))  # 7♦ on 2♦
    assert session.state == RELAXED.deal(5) and session.can_redo  # the refused move changed nothing


def test_golf_variants_are_found_by_name_and_alias() -> None:
    assert find_variant("golf").params.wrap and find_variant("golf-relaxed") is find_variant("golf")
    assert find_variant("golf-strict").params.wrap is False and find_variant("Golf (strict)").key == "golf-strict"


def test_cli_show_prints_a_golf_deal() -> None:
    for game, rules in (("golf", RELAXED), ("golf-strict", STRICT)):
        result = subprocess.run(
            [sys.executable, "main.py", "show", "--game", game, "--deal", "5"], cwd=ROOT, capture_output=True, text=True
        )
        assert result.returncode == 0, result.stderr
        assert result.stdout == rules.to_text(rules.deal(5))
        assert result.stdout.startswith("Foundation: 2D\nStock: 8D JD")
