"""The core types hold games of more than one deck: cards told apart by copy, packs, board text."""
from __future__ import annotations

import pickle
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.cards import ONE_DECK, TWO_DECKS, Card, Pack, Suit, full_deck
from game.deals import seeded_order
from game.state import BoardError, State

SPIDER_ONE_SUIT = Pack.of(2, (Suit.SPADES,))
SPIDER_TWO_SUITS = Pack.of(2, (Suit.HEARTS, Suit.SPADES))


def test_two_copies_of_a_card_are_two_values_that_read_and_write_alike() -> None:
    first, second = Card.of(1, Suit.HEARTS), Card.of(1, Suit.HEARTS, 1)
    assert first is not second and first != second
    assert (first.rank, first.suit, first.code) == (second.rank, second.suit, second.code)
    assert second.first_copy() is first
    assert pickle.loads(pickle.dumps(second)) is second
    assert Card.parse("AH") is first  # what a player types is the first deck's card


@pytest.mark.parametrize(
    ("pack", "size", "copies", "foundations"),
    [(ONE_DECK, 52, 1, 4), (TWO_DECKS, 104, 2, 8), (SPIDER_TWO_SUITS, 104, 4, 8), (SPIDER_ONE_SUIT, 104, 8, 8)],
)
def test_a_pack_holds_each_of_its_cards_as_often_as_it_says(pack: Pack, size: int, copies: int, foundations: int) -> None:
    cards = pack.cards()
    assert (len(cards), len(set(cards)), pack.size, pack.copies, pack.foundations) == (size, size, size, copies, foundations)
    by_face = Counter(card.first_copy() for card in cards)
    assert set(by_face.values()) == {copies}
    assert {card.suit for card in cards} == set(pack.suits)
    assert all(pack.holds(card) for card in cards)


def test_one_deck_is_the_deck_every_game_so_far_dealt() -> None:
    assert ONE_DECK.cards() == full_deck()
    assert [c.index for c in full_deck()] == list(range(52))


@pytest.mark.parametrize("decks", [0, 1])
def test_a_pack_no_game_can_deal_is_refused(decks: int) -> None:
    with pytest.raises(ValueError):
        Pack.of(decks, (Suit.SPADES, Suit.HEARTS, Suit.CLUBS))


@given(st.integers(1, 10**6))
def test_a_two_deck_deal_shuffles_the_whole_pack_and_one_deck_deals_stay_as_they_were(number: int) -> None:
    shuffled = seeded_order(number, "test", TWO_DECKS)
    assert sorted(shuffled) == sorted(TWO_DECKS.cards())
    assert seeded_order(number, "test") == seeded_order(number, "test", ONE_DECK)


def board(columns: list[list[Card]], foundations: str = "") -> str:
    lines = [f"Foundations: {foundations}"] if foundations else []
    return "\n".join(lines + [" ".join([":", *(c.code for c in column)]) for column in columns]) + "\n"


def read(text: str, pack: Pack = TWO_DECKS, required: bool = True) -> State:
    return State.from_text(
        text, cells=0, columns=10, pack=pack, foundations=pack.foundations, suit_foundations=False,
        full_deck_required=required,
    )


@given(st.integers(1, 10**6))
def test_a_two_deck_position_reads_back_as_written(number: int) -> None:
    cards = seeded_order(number, "board", TWO_DECKS)
    columns = [cards[i::10] for i in range(10)]
    state = read(board(columns))
    assert Counter(c.first_copy() for c in state.cards()) == Counter(c.first_copy() for c in cards)
    assert len(set(state.cards())) == 104
    text = state.to_text(suit_foundations=False)
    assert read(text).to_text(suit_foundations=False) == text


def test_foundations_any_suit_starts_are_written_pile_by_pile() -> None:
    cards = list(TWO_DECKS.cards())
    hearts_to_five = [Card.of(r, Suit.HEARTS) for r in range(1, 6)]
    spades = [Card.of(r, Suit.SPADES, 1) for r in range(1, 14)]
    rest = [c for c in cards if c not in hearts_to_five and c not in spades]
    state = read(board([rest[i::10] for i in range(10)], "H-5 - S-K"))
    assert [len(pile) for pile in state.foundations] == [5, 0, 13, 0, 0, 0, 0, 0]
    assert state.foundations[0][-1].code == "5H" and state.foundations[2][-1].code == "KS"
    assert state.to_text(suit_foundations=False).splitlines()[0] == "Foundations: H-5 - S-K - - - - -"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (": AH AH AH\n" + ":\n" * 9, "AH is given too often (this game has 2 of it)"),
        ("Foundations: - - - - - - - - -\n" + ":\n" * 10, "9 foundations given, but this game has 8"),
        ("Foundations: H5\n" + ":\n" * 10, "should be SUIT-RANK or -"),
    ],
)
def test_a_two_deck_board_that_cannot_be_is_refused_in_one_line(text: str, message: str) -> None:
    with pytest.raises(BoardError, match=message.replace("(", r"\(").replace(")", r"\)")):
        read(text, required=False)


def test_a_card_outside_the_pack_is_refused() -> None:
    with pytest.raises(BoardError, match="AH is not among this game's cards"):
        read(": AH\n" + ":\n" * 9, SPIDER_ONE_SUIT, required=False)


def test_a_two_deck_board_missing_a_copy_names_it() -> None:
    cards = list(TWO_DECKS.cards())
    cards.remove(Card.of(13, Suit.CLUBS, 1))
    with pytest.raises(BoardError, match="cards missing: KC$"):
        read(board([cards[i::10] for i in range(10)]))


def test_a_two_deck_board_missing_whole_lines_is_refused_in_one_short_line() -> None:
    # A Gypsy board without its stock line lacks 74 of its 104 cards; named one by one they made a
    # 301-character message (bench/fuzz.py board --seed 15), an empty board's 429.
    for kept in (0, 30):
        with pytest.raises(BoardError) as caught:
            read(board([list(TWO_DECKS.cards())[:kept]] + [[]] * 9))
        message = str(caught.value)
        assert message.startswith("cards missing: ") and message.endswith(", …")
        assert "\n" not in message and len(message) <= 200
        named = message.removeprefix("cards missing: ").removesuffix(", …").split(", ")
        assert named[0] == list(TWO_DECKS.cards())[kept].code and 10 <= len(named) < 104 - kept


def test_one_deck_boards_still_refuse_a_card_given_twice() -> None:
    with pytest.raises(BoardError, match="AH is given twice"):
        State.from_text(": AH AH\n", cells=0, columns=1, full_deck_required=False)
