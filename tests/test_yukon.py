"""Yukon and Russian Solitaire: the deal, the rules, move counts of deal 1, the board text, the layout."""
from __future__ import annotations

import pytest

from game.cards import Card
from game.moves import FOUNDATION, Move, Pile, PileKind, column
from game.refusal import Why
from game.rules import IllegalMove, Rules
from game.state import BoardError, State
from game.variants import find_variant, rules_for
from sprites.window.layout import compute_layout

GAMES = ("yukon", "russian")


def rules_of(game: str) -> Rules:
    return rules_for(find_variant(game))


def position(game: str, text: str) -> State:
    return rules_of(game).from_text(text)


# An end game: the rest of each suit is home. Column 1 holds 5♥ on 6♠ over a face-down 4♣.
END = """Foundations: H-3 C-3 D-5 S-4
: [4C] 6S 5H
: 6D KS
: 4H
: 5C KD 7H
: QD JD TD 9D 8D 7D KH QH JH TH 9H 8H 7S 5S 6H QS JS TS 9S 8S 7C 6C KC QC JC TC 9C 8C
:
:
"""


@pytest.mark.parametrize("game", GAMES)
def test_the_deal_is_klondikes_with_the_rest_face_up_on_columns_two_to_seven(game: str) -> None:
    state = rules_of(game).deal(1)
    assert [len(pile) for pile in state.columns] == [1, 6, 7, 8, 9, 10, 11]
    assert list(state.hidden) == [0, 1, 2, 3, 4, 5, 6]
    assert sorted(state.cards()) == sorted(Card.of(rank, suit) for suit in range(4) for rank in range(1, 14))
    assert not state.stock and not state.waste and not state.cells


def test_yukon_and_russian_deal_the_same_layout_and_deals_differ() -> None:
    assert rules_of("yukon").deal(7) == rules_of("russian").deal(7)
    assert rules_of("yukon").deal(7) != rules_of("yukon").deal(8)


def test_a_face_up_card_moves_with_the_cards_on_it_though_they_are_no_run() -> None:
    rules = rules_of("yukon")
    state = position("yukon", END)
    with pytest.raises(IllegalMove) as error:
        rules.check(state, Move(column(3), column(0), 2))  # K♦ (7♥ on it) onto 5♥
    assert error.value.refusal.why is Why.CANT_GO_ON
    after = rules.apply(state, Move(column(3), column(5), 2))  # K♦ and 7♥, no run, to an empty column
    assert after.columns[5] == (Card.parse("KD"), Card.parse("7H"))
    assert after.columns[3] == (Card.parse("5C"),)


def test_alternating_colours_in_yukon_and_suit_in_russian() -> None:
    text = END.replace(": 4H\n", ": 4H 7C\n")
    text = text.replace("7C 6C KC", "6C KC")
    yukon, russian = position("yukon", text), position("russian", text)
    onto_seven_of_clubs = Move(column(0), column(2), 1)  # 5♥ onto 7♣: two ranks apart, refused in both
    for game, state in (("yukon", yukon), ("russian", russian)):
        with pytest.raises(IllegalMove):
            rules_of(game).check(state, onto_seven_of_clubs)
    six_of_diamonds_on_seven_of_clubs = Move(column(1), column(2), 2)  # 6♦ (with K♠ on it) onto 7♣
    assert rules_of("yukon").apply(yukon, six_of_diamonds_on_seven_of_clubs).columns[2][-2:] == (
        Card.parse("6D"), Card.parse("KS"),
    )
    with pytest.raises(IllegalMove) as error:
        rules_of("russian").check(russian, six_of_diamonds_on_seven_of_clubs)
    assert error.value.refusal.why is Why.CANT_GO_ON


def test_only_a_king_fills_an_empty_column_and_a_card_turns_up_when_uncovered() -> None:
    rules = rules_of("yukon")
    state = position("yukon", END)
    with pytest.raises(IllegalMove) as error:
        rules.check(state, Move(column(0), column(5), 1))
    assert error.value.refusal.why is Why.EMPTY_COLUMN
    after = rules.apply(state, Move(column(0), column(3), 2))  # 6♠ (5♥ on it) onto 7♥
    assert after.hidden[0] == 0 and after.columns[0] == (Card.parse("4C"),)
    assert after.columns[3][-3:] == (Card.parse("7H"), Card.parse("6S"), Card.parse("5H"))


def test_face_down_cards_and_foundations_do_not_lift() -> None:
    rules = rules_of("yukon")
    state = position("yukon", END)
    assert rules.lift_reason(state, column(0), 3).why is Why.FACE_DOWN
    assert rules.lift_reason(state, column(0), 2) is None
    assert rules.lift_reason(state, Pile(PileKind.FOUNDATION, 0), 1).why is Why.STAYS_HOME
    assert rules.lift_reason(state, column(5), 1).why is Why.PILE_EMPTY
    assert rules.lift_reason(state, Pile(PileKind.CELL, 0), 1).why is Why.GAME_LACKS


def test_cards_go_home_one_at_a_time_from_the_top() -> None:
    rules = rules_of("yukon")
    state = position("yukon", END)
    home = rules.apply(state, Move(column(2), FOUNDATION))  # 4♥ on the hearts' 3
    assert home.foundation_rank(Card.parse("4H").suit) == 4
    with pytest.raises(IllegalMove) as error:
        rules.check(state, Move(column(3), FOUNDATION, 2))
    assert error.value.refusal.why is Why.ONE_AT_A_TIME


def test_safe_auto_play_keeps_a_two_an_ace_could_still_be_carried_onto() -> None:
    # The red Aces are not home, so 2♠ may still take A♥ with cards on it: never sent home on its own.
    text = """Foundations: H-0 C-1 D-0 S-1
: AH 9C
: 2S
: AD QC
: KS QH JS TH 9S 8H 7S 6H 5S 4H 3S 2H 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD
: 2C 3C 4C 5C 6C 7C 8C TC JC KC 3H 5H 7H 9H JH KH
: 4S 6S 8S TS QS
:
"""
    rules = rules_of("yukon")
    state = position("yukon", text)
    assert Move(column(1), FOUNDATION) in set(rules.legal_moves(state))
    assert rules.safe_autoplay(state) is None
    assert rules_of("klondike").is_safe_home(state, Card.parse("2S"))  # where an Ace is never carried
    assert rules_of("russian").is_safe_home(state, Card.parse("2S"))  # by suit only 2♠'s own Ace goes on it


# Moves of deal 1 counted by brute force: every (source, count, destination) the model accepts, which
# the fixture below must match at depths 1 to 3 (perft), so move generation neither misses a move nor
# offers an illegal one; `legal_moves` lists one empty column for all and no King moved from the
# bottom of its column to an empty one, which `brute_moves` drops as well.


def brute_moves(rules: Rules, state: State) -> list[Move]:
    found = []
    piles = [column(i) for i in range(7)]
    empty = next((p for p in piles if not state.columns[p.index]), None)
    for src in piles:
        for count in range(1, len(state.columns[src.index]) + 1):
            for dst in [*piles, FOUNDATION]:
                move = Move(src, dst, count)
                try:
                    rules.check(state, move)
                except IllegalMove:
                    continue
                to_empty = dst.kind is PileKind.COLUMN and not state.columns[dst.index]
                if to_empty and (dst != empty or count == len(state.columns[src.index])):
                    continue
                found.append(move)
    return found


def perft(rules: Rules, state: State, depth: int, moves=lambda rules, state: list(rules.legal_moves(state))) -> int:
    if depth == 0:
        return 1
    return sum(perft(rules, rules.perform(state, move), depth - 1, moves) for move in moves(rules, state))


YUKON_DEAL_1 = ["1h", "23v4", "43v4", "72v5", "75v3"]
RUSSIAN_DEAL_1 = ["1h", "54", "57v2", "65v2", "73"]
PERFT = {"yukon": [5, 24, 119], "russian": [5, 24, 110]}


def test_deal_1_depth_1_by_hand() -> None:
    # Tops A♥ 5♣ Q♠ 3♦ 2♦ 6♠ J♠. Yukon: A♥ home, 4♥ (column 7) onto 5♣, J♦ or J♥ onto Q♠, A♠ onto 2♦
    # (4♦ lies under 5♣ itself; the black Twos, the red Fives and 10♦ are face down, 10♥ under J♠).
    # Russian: A♥ home, J♠ onto Q♠, 2♦ onto 3♦, A♦ onto 2♦, 10♠ onto J♠.
    yukon, russian = rules_of("yukon"), rules_of("russian")
    state = yukon.deal(1)
    assert sorted(map(str, yukon.legal_moves(state))) == YUKON_DEAL_1
    assert sorted(map(str, russian.legal_moves(state))) == RUSSIAN_DEAL_1


@pytest.mark.parametrize("game", GAMES)
def test_deal_1_move_counts_match_a_brute_force_of_every_move(game: str) -> None:
    rules = rules_of(game)
    state = rules.deal(1)
    assert sorted(map(str, rules.legal_moves(state))) == sorted(map(str, brute_moves(rules, state)))
    counts = [perft(rules, state, depth) for depth in (1, 2, 3)]
    assert counts == [perft(rules, state, depth, brute_moves) for depth in (1, 2, 3)]
    assert counts == PERFT[game]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("deal", [1, 2, 1000])
def test_the_board_text_reads_back_the_same_position(game: str, deal: int) -> None:
    rules = rules_of(game)
    state = rules.deal(deal)
    for move in list(rules.legal_moves(state))[:3]:
        later = rules.apply(state, move)
        assert rules.from_text(rules.to_text(later)) == later
    assert rules.from_text(rules.to_text(state)) == state


def test_the_board_reader_refuses_a_face_down_top_and_a_missing_card() -> None:
    rules = rules_of("yukon")
    with pytest.raises(BoardError, match="must be face up"):
        rules.from_text(END.replace("[4C] 6S 5H", "[4C] [6S] [5H]"))
    with pytest.raises(BoardError, match="missing"):
        rules.from_text(END.replace(": 4H\n", ":\n"))


ALMOST = "Foundations: H-K C-K D-Q S-J\n: {cards}\n:\n:\n:\n:\n:\n:\n"


def test_auto_finish_only_when_every_card_goes_home_from_the_tops() -> None:
    rules = rules_of("yukon")
    assert rules.auto_finish(position("yukon", END)) is None  # a face-down card
    assert rules.auto_finish(position("yukon", ALMOST.format(cards="[KD] KS QS"))) is None
    assert rules.auto_finish(position("yukon", ALMOST.format(cards="KD QS KS"))) is None  # K♠ lies on Q♠
    state = position("yukon", ALMOST.format(cards="KD KS QS"))
    finish = rules.auto_finish(state)
    assert finish is not None and len(finish) == 3 and rules.is_won(_played(rules, state, finish))


def _played(rules: Rules, state: State, moves: list[Move]) -> State:
    for move in moves:
        state = rules.apply(state, move)
    return state


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_the_foundations_stand_beside_the_columns_and_long_columns_stay_readable(size: tuple[int, int]) -> None:
    layout = compute_layout(*size, find_variant("yukon"))
    foundations = [rect for pile, rect in layout.slots if pile.kind is PileKind.FOUNDATION]
    assert [pile.kind for pile, _rect in layout.slots] == [PileKind.FOUNDATION] * 4  # no stock, waste or cells
    assert all(rect.left > layout.column_tops[-1].right for rect in foundations)
    assert all(rect.top >= layout.column_tops[0].top for rect in foundations)  # no row over the columns
    # the longest column the game can build still shows a strip of every covered face-up card
    assert layout.tightest_strip >= layout.card_h * 0.07
    offsets = layout.column_offsets(*layout.longest_column)
    assert layout.column_tops[0].top + offsets[-1] + layout.card_h <= layout.column_bottom
