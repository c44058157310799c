"""Forty Thieves' rules: the deal, eight foundations any Ace starts, building by suit, runs as
supermoves sized by empty columns, one pass through the stock, safe auto-play, board text, layout."""
from __future__ import annotations

from collections import Counter

import pytest

from game.cards import TWO_DECKS, Card
from game.moves import FOUNDATION, STOCK, WASTE, Move, Pile, PileKind, cell, column
from game.refusal import Why
from game.rules import IllegalMove
from game.state import BoardError, State
from game.variants import find_variant, rules_for
from sprites.window.layout import compute_layout

GAME = find_variant("forty-thieves")
RULES = rules_for(GAME)


def card(text: str, copy: int = 0) -> Card:
    parsed = Card.parse(text)
    return Card.of(parsed.rank, parsed.suit, copy)


def table(columns: list[str], *, stock: str = "", waste: str = "", foundations: str = "- - - - - - - -") -> State:
    """A position from board text without the full pack: only the cards named are on the table."""
    lines = [f"Foundations: {foundations}", f"Stock: {stock}", f"Waste: {waste}"]
    lines += [f": {text}" for text in columns + [""] * (10 - len(columns))]
    return State.from_text(
        "\n".join(lines), cells=0, columns=10, stock_pile=True, full_deck_required=False,
        pack=TWO_DECKS, foundations=8, suit_foundations=False,
    )


def refusal_of(state: State, move: Move) -> Why:
    with pytest.raises(IllegalMove) as raised:
        RULES.check(state, move)
    return raised.value.refusal.why


def test_the_deal_is_ten_columns_of_four_face_up_and_the_rest_in_the_stock() -> None:
    state = RULES.deal(1)
    assert [len(pile) for pile in state.columns] == [4] * 10 and not any(state.hidden)
    assert len(state.stock) == 64 and state.waste == () and state.foundations == ((),) * 8
    cards = state.cards()
    assert len({id(c) for c in cards}) == 104  # every card of both decks once
    assert set(Counter((c.rank, c.suit) for c in cards).values()) == {2}
    assert RULES.deal(1) == state and RULES.deal(2) != state


def test_an_ace_starts_the_first_empty_foundation_and_either_copy_builds_on_it() -> None:
    state = table(["AH", "2H AH", "5C"], foundations="S-3 - - - - - - -")
    first = RULES.apply(state, Move(column(0), FOUNDATION))
    assert first.foundations[1] == (card("AH"),)
    second = RULES.apply(first, Move(column(1), FOUNDATION))
    assert first.foundations[1] == (card("AH"),) and second.foundations[2] == (card("AH", 1),)
    third = RULES.apply(second, Move(column(1), FOUNDATION))
    assert third.foundations[1] == (card("AH"), card("2H"))
    assert refusal_of(third, Move(column(2), FOUNDATION)) is Why.CANT_GO_HOME
    with pytest.raises(IllegalMove, match="5♣ can't go home: the foundation needs A♣ first"):
        RULES.check(third, Move(column(2), FOUNDATION))


def test_a_card_goes_home_only_on_the_card_below_it_in_its_suit() -> None:
    state = table(["4S", "5S"], foundations="S-3 S-4 - - - - - -")
    assert [len(pile) for pile in RULES.apply(state, Move(column(0), FOUNDATION)).foundations[:2]] == [4, 4]
    assert [len(pile) for pile in RULES.apply(state, Move(column(1), FOUNDATION)).foundations[:2]] == [3, 5]
    later = table(["7S"], foundations="S-3 S-4 - - - - - -")
    with pytest.raises(IllegalMove, match="no foundation has 6♠ on top"):
        RULES.check(later, Move(column(0), FOUNDATION))


def test_columns_build_down_by_suit_and_an_empty_column_takes_any_card() -> None:
    state = table(["9H 6H", "7H", "7D", "QC"])
    assert RULES.apply(state, Move(column(0), column(1))).columns[1] == (card("7H"), card("6H"))
    assert refusal_of(state, Move(column(0), column(2))) is Why.CANT_GO_ON
    assert RULES.apply(state, Move(column(3), column(5))).columns[5] == (card("QC"),)


def test_a_run_moves_as_far_as_the_empty_columns_carry_it() -> None:
    # No empty column but the target: one card at a time; each other empty column doubles the run.
    state = table(["9D QS JS TS", "5D", "KS", "8C", "7C", "6C", "5C", "4C", "3C", "2C"])
    with pytest.raises(IllegalMove, match="only 1 card can move with no empty columns"):
        RULES.check(state, Move(column(0), column(2), 3))
    roomy = table(["KS QS JS TS", "QH JH", "", "", "8C", "7C", "6C", "5C", "4C", "3C"])
    assert RULES.columns.capacity(roomy, column(1)) == 4
    assert RULES.columns.capacity(roomy, column(2)) == 2
    with pytest.raises(IllegalMove, match="only 2 cards can move into an empty column with 1 other empty column"):
        RULES.check(roomy, Move(column(0), column(2), 3))
    moved = RULES.apply(roomy, Move(column(0), column(2), 2))
    assert moved.columns[2] == (card("JS"), card("TS"))


def test_a_supermove_expands_into_legal_single_card_steps_through_the_empty_columns() -> None:
    state = table(["KS QS JS TS 9S", "", "", "", "8C", "7C", "6C", "5C", "4C", "3C"])
    move = Move(column(0), column(1), 4)  # two other empty columns carry four cards
    steps = RULES.expand(state, move)
    assert len(steps) >= 7 and all(step.count == 1 for step in steps)
    walked = state
    for step in steps:
        walked = RULES.apply(walked, step)
    assert walked == RULES.apply(state, move)
    assert walked.columns[1] == tuple(card(c) for c in ["QS", "JS", "TS", "9S"])


def test_the_stock_turns_one_card_at_a_time_and_never_comes_back() -> None:
    state = table(["5C"], stock="3D 8H")
    assert RULES.stock_move(state) == Move(STOCK, WASTE)
    turned = RULES.apply(state, Move(STOCK, WASTE))
    assert turned.stock == (card("3D"),) and turned.waste == (card("8H"),)
    assert refusal_of(state, Move(STOCK, WASTE, 2)) is Why.STOCK
    empty = RULES.apply(turned, Move(STOCK, WASTE))
    assert RULES.stock_move(empty) is None
    with pytest.raises(IllegalMove, match="no redeal"):
        RULES.check(empty, Move(WASTE, STOCK, 2))
    assert refusal_of(empty, Move(STOCK, WASTE)) is Why.STOCK


def test_only_the_wastes_top_card_plays_and_foundations_keep_their_cards() -> None:
    state = table(["9H", "7D"], waste="8D 8H", foundations="C-2 - - - - - - -")
    assert RULES.apply(state, Move(WASTE, column(0))).columns[0][-1] is card("8H")
    assert refusal_of(state, Move(WASTE, column(1), 2)) is Why.TOP_CARD_ONLY
    assert refusal_of(state, Move(Pile(PileKind.FOUNDATION, 0), column(1))) is Why.STAYS_HOME
    assert refusal_of(state, Move(column(0), cell(0))) is Why.GAME_LACKS
    assert refusal_of(state, Move(column(0), column(10))) is Why.NO_SUCH_PILE


def test_auto_play_sends_aces_and_twos_home_and_a_card_once_both_copies_below_it_are_home() -> None:
    state = table(["9D 2H", "3H"], foundations="H-A - - - - - - -")
    assert RULES.safe_autoplay(state) == Move(column(0), FOUNDATION)  # a Two holds only Aces
    two_home = RULES.apply(state, Move(column(0), FOUNDATION))
    # one 2♥ is home and the other is not: the 3♥ may still be wanted to hold it
    assert RULES.safe_autoplay(table(["3H", "2H 9C"], foundations="H-2 - - - - - - -")) is None
    both = table(["3H"], foundations="H-2 H-2 - - - - - -")
    assert RULES.safe_autoplay(both) == Move(column(0), FOUNDATION)
    assert RULES.safe_autoplay(two_home) is None  # 3♥ on a pile of 2♥, but the other 2♥ is still out


def test_auto_finish_plays_home_what_foundation_moves_alone_can_win() -> None:
    piles = " ".join(f"{suit}-K" for suit in "HHCCDD") + " S-J S-J"
    state = table(["KS QS", "KS QS"], foundations=piles)
    moves = RULES.auto_finish(state)
    assert moves is not None and len(moves) == 4
    end = state
    for move in moves:
        end = RULES.apply(end, move)
    assert RULES.is_won(end)
    assert RULES.auto_finish(table(["QS KS", "QS KS"], foundations=piles)) is None


def test_the_board_text_reads_back_to_the_same_text_and_the_same_cards() -> None:
    state = RULES.deal(7)
    for move in (Move(STOCK, WASTE), Move(STOCK, WASTE)):
        state = RULES.apply(state, move)
    text = RULES.to_text(state)
    assert text.startswith("Foundations: - - - - - - - -\nStock: ")
    again = RULES.from_text(text)
    assert RULES.to_text(again) == text
    def codes(s: State) -> list[list[str]]:
        return [[c.code for c in pile] for pile in (*s.columns, *s.foundations, s.stock, s.waste)]
    assert codes(again) == codes(state)


def test_the_board_reader_takes_each_card_twice_and_no_more() -> None:
    text = RULES.to_text(RULES.deal(3))
    first_column = next(line for line in text.splitlines() if line.startswith(":"))
    doubled = text.replace(first_column, first_column + " " + first_column.split()[1], 1)
    with pytest.raises(BoardError, match="given too often"):
        RULES.from_text(doubled)
    with pytest.raises(BoardError, match="missing"):
        RULES.from_text(text.replace(first_column, ":", 1))


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_stock_waste_and_eight_foundations_line_up_over_the_ten_columns(size) -> None:
    layout = compute_layout(*size, GAME)
    top = [rect for _pile, rect in layout.slots]
    assert [pile for pile, _rect in layout.slots] == [STOCK, WASTE, *(Pile(PileKind.FOUNDATION, i) for i in range(8))]
    assert [r.left for r in top] == [r.left for r in layout.column_tops]
    assert len({r.top for r in top}) == 1 and top[0].bottom < layout.column_tops[0].top
    # the longest column (a King dealt on top with a run to the Ace: 16 cards) stays on the table, readable
    last = layout.card_rects(column(0), 16)[-1]
    assert last.bottom <= layout.status.top and layout.tightest_strip >= 12
    assert layout.card_w >= (100 if size[0] == 1280 else 60)


def test_the_rules_text_names_the_pack_and_the_supermove() -> None:
    text = GAME.description
    assert "40 cards" in text and "10 columns of 4 cards" in text and "other 64" in text
    assert "eight foundations" in text and "2 cards with one empty column" in text and "no redeal" in text
    assert GAME.pack.size == 104 and GAME.pack.copies == 2
