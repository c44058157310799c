"""Numbered deals: Microsoft's layouts, reproducibly."""
import pytest

from game.deals import DealError, microsoft_order, seeded_order
from game.variants import find_variant, rules_for


def column_codes(game: str, deal: int, index: int) -> list[str]:
    rules = rules_for(find_variant(game))
    return [card.code for card in rules.deal(deal).columns[index]]


def test_deal_1_first_column_matches_microsoft() -> None:
    assert column_codes("freecell", 1, 0) == ["JD", "KD", "2S", "4C", "3S", "6D", "6S"]


def test_deal_617_matches_the_published_layout() -> None:
    # Deal 617's first and last columns as Microsoft FreeCell shows them.
    assert column_codes("freecell", 617, 0) == ["7D", "TD", "TH", "KD", "4C", "4S", "JD"]
    assert column_codes("freecell", 617, 7) == ["AH", "KH", "TC", "JS", "2S", "QH"]


def test_bakers_game_uses_the_same_numbering() -> None:
    for deal in (1, 617, 11982):
        assert rules_for(find_variant("bakers")).deal(deal) == rules_for(find_variant("freecell")).deal(deal)


def test_columns_are_dealt_round_robin_left_to_right() -> None:
    order = microsoft_order(5)
    state = rules_for(find_variant("freecell")).deal(5)
    assert [len(c) for c in state.columns] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert [state.columns[i % 8][i // 8] for i in range(52)] == order


@pytest.mark.parametrize("number", [0, -1, 2**31])
def test_out_of_range_deal_numbers_are_refused(number: int) -> None:
    with pytest.raises(DealError, match="out of range"):
        microsoft_order(number)


def test_every_deal_is_a_permutation_of_the_deck() -> None:
    for number in (1, 2, 1000, 2**31 - 1):
        assert sorted(microsoft_order(number)) == sorted(seeded_order(number, "x"))
        assert len(set(microsoft_order(number))) == 52


def test_seeded_deals_are_stable_and_differ_by_salt() -> None:
    assert seeded_order(7, "klondike") == seeded_order(7, "klondike")
    assert seeded_order(7, "klondike") != seeded_order(7, "golf")
