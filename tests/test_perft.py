"""Move counts from fixed deals, as regression fixtures (chess programmers call this perft).

`perft(state, d)` counts the sequences of d moves that `legal_moves` offers from `state`, played
with `perform` and no auto-play. `legal_moves` offers one move where several are equivalent: a card
goes to the first free cell only, a card or run to the first empty column only, and it never
offers a card moved from cell to cell or a whole column moved into an empty one. The counts were
computed once with the code and checked by hand at depth 1 (see the first tests); a change here
means move generation changed, which must be on purpose.
"""
import pytest

from game.moves import Move
from game.rules import Rules
from game.state import State
from game.variants import find_variant, rules_for


def perft(rules: Rules, state: State, depth: int) -> int:
    if depth == 0:
        return 1
    return sum(perft(rules, rules.perform(state, move), depth - 1) for move in rules.legal_moves(state))


def test_deal_1_depth_1_is_each_column_top_to_the_first_cell() -> None:
    # Deal 1's tops are 6♠ 9♣ 2♥ 6♥ 6♣ 3♦ 8♣ 10♣: no Ace, and no top is one below an
    # opposite-coloured top (no red 7 for 6♠ or 6♣, no black 7 for 6♥, no black 4 for 3♦, and so on).
    rules = rules_for(find_variant("freecell"))
    state = rules.deal(1)
    assert [pile[-1].code for pile in state.columns] == ["6S", "9C", "2H", "6H", "6C", "3D", "8C", "TC"]
    assert [m.notation for m in rules.legal_moves(state)] == [f"{i}a" for i in range(1, 9)]


def test_deal_617_depth_1_adds_three_column_moves() -> None:
    # Tops: J♦ K♠ K♣ 4♥ J♣ 6♣ J♥ Q♥. J♣ goes on Q♥, and Q♥ on either black King.
    rules = rules_for(find_variant("freecell"))
    moves = [m.notation for m in rules.legal_moves(rules.deal(617))]
    assert sorted(moves) == sorted([f"{i}a" for i in range(1, 9)] + ["58", "82", "83"])


def test_bakers_game_deal_1_allows_same_suit_builds() -> None:
    # By suit, 9♣ goes on 10♣ and 8♣ on 9♣, which alternating colours forbid.
    rules = rules_for(find_variant("bakers"))
    moves = [m.notation for m in rules.legal_moves(rules.deal(1))]
    assert sorted(moves) == sorted([f"{i}a" for i in range(1, 9)] + ["28", "72"])


PERFT = {
    # game: {deal: [depth 1, depth 2, depth 3]}
    "freecell": {1: [8, 70, 661], 617: [11, 118, 1259]},
    "bakers": {1: [10, 96, 903], 617: [9, 80, 708]},
    "eight-off": {1: [9, 82, 760], 617: [9, 80, 713]},
    "seahaven": {1: [12, 146, 803], 617: [11, 125, 441]},
    "freecell:0x10": {1: [1, 1, 0], 617: [4, 12, 34]},
}


@pytest.mark.parametrize(
    ("game", "deal", "depth", "expected"),
    [
        (game, deal, depth, counts[depth - 1])
        for game, deals in PERFT.items()
        for deal, counts in deals.items()
        for depth in (1, 2, 3)
    ],
)
def test_perft(game: str, deal: int, depth: int, expected: int) -> None:
    rules = rules_for(find_variant(game))
    assert perft(rules, rules.deal(deal), depth) == expected


def test_deal_1_without_cells_is_stuck_after_two_moves() -> None:
    # Matches the 0 at depth 3 above: 8♦ onto 9♣, then the one move that follows, then nothing.
    rules = rules_for(find_variant("freecell:0x10"))
    state = rules.apply(rules.deal(1), Move.parse("30"))
    (only,) = rules.legal_moves(state)
    assert list(rules.legal_moves(rules.apply(state, only))) == []
