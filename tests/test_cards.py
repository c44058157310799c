"""Cards: 52 frozen values with a text form a player can type any way they like."""
import copy
import pickle

import pytest

from game.cards import Card, CardError, Suit, full_deck


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("AC", 1, Suit.CLUBS),
        ("TD", 10, Suit.DIAMONDS),
        ("10d", 10, Suit.DIAMONDS),
        ("qh", 12, Suit.HEARTS),
        ("Ks", 13, Suit.SPADES),
        ("tD", 10, Suit.DIAMONDS),
        ("2c", 2, Suit.CLUBS),
        ("7♥", 7, Suit.HEARTS),
        (" jS ", 11, Suit.SPADES),
    ],
)
def test_parse_accepts_every_case_and_both_tens(text: str, rank: int, suit: Suit) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)
    assert card is Card.of(rank, suit)


@pytest.mark.parametrize("text", ["", "A", "C", "1C", "11C", "0C", "AX", "ACE", "10", "TT", "CA", "♥7", "A C", "10dd", "1OD"])
def test_anything_else_is_a_card_error_that_quotes_the_text(text: str) -> None:
    with pytest.raises(CardError, match="is not a card") as caught:
        Card.parse(text)
    assert repr(text) in str(caught.value)
    assert isinstance(caught.value, ValueError)  # callers that catch ValueError still catch it


def test_rank_out_of_range_is_a_card_error() -> None:
    for rank in (0, 14, -1):
        with pytest.raises(CardError, match=f"rank {rank} is not between 1"):
            Card.of(rank, Suit.HEARTS)


def test_cards_are_frozen() -> None:
    card = Card.parse("AS")
    with pytest.raises(AttributeError):
        card.rank = 5  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del card.rank  # deleting a slot of the one shared A♠ would break every position holding it
    assert card.rank == 1 and Card.parse("as").rank == 1


def test_each_card_exists_once_so_copies_and_pickles_are_the_same_object() -> None:
    card = Card.parse("9h")
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert len({Card.parse("9H"), Card.parse("9h"), card}) == 1


def test_text_forms() -> None:
    ten = Card.parse("10d")
    assert ten.code == "TD" and ten.label == "10♦" and str(ten) == "10♦" and repr(ten) == "Card(TD)"
    assert Card.parse("AS").label == "A♠" and Card.parse("kc").code == "KC"


def test_code_round_trips_for_the_whole_deck() -> None:
    deck = full_deck()
    assert len(deck) == 52 and len(set(deck)) == 52
    for card in deck:
        assert Card.parse(card.code) is card
        assert Card.parse(card.code.lower()) is card
        assert Card.parse(card.label) is card


def test_colours() -> None:
    assert Card.parse("7H").is_red and Card.parse("7D").colour == "red"
    assert not Card.parse("7S").is_red and Card.parse("7C").colour == "black"


def test_suit_parse_letters_and_symbols_and_errors() -> None:
    assert Suit.parse("h") is Suit.HEARTS and Suit.parse("♠") is Suit.SPADES
    with pytest.raises(CardError, match="is not a suit"):
        Suit.parse("X")


def test_index_is_suit_major_and_ordering_follows_it() -> None:
    assert Card.parse("AC").index == 0 and Card.parse("KS").index == 51
    assert Card.parse("KC") < Card.parse("AD")
    assert sorted([Card.parse("2S"), Card.parse("AC"), Card.parse("KH")]) == [
        Card.parse("AC"), Card.parse("KH"), Card.parse("2S")
    ]


def test_the_cards_of_later_decks_exist_once_whichever_thread_first_asks_for_them() -> None:
    """The copies after the first deck are made when a game first deals them: every thread that asks
    at once gets the very same card, and a copy past the most any game takes is refused."""
    from concurrent.futures import ThreadPoolExecutor

    from game.cards import MOST_COPIES, card_from_index

    last = MOST_COPIES * 52 - 1
    with ThreadPoolExecutor(8) as pool:
        found = list(pool.map(card_from_index, [last] * 64 + list(range(52, MOST_COPIES * 52))))
    assert all(card is found[0] for card in found[:64])
    assert [card.index for card in found[64:]] == list(range(52, MOST_COPIES * 52))
    assert Card.of(13, Suit.SPADES, MOST_COPIES - 1) is found[0]
    assert pickle.loads(pickle.dumps(found[0])) is found[0]
    with pytest.raises(IndexError):
        Card.of(1, Suit.CLUBS, MOST_COPIES)
