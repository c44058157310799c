"""Every rule of the FreeCell family and the message a player reads when a move breaks it.

Positions are board text (cards deepest first); most put the low cards on the foundations so that a
whole deck fits in a few short columns.
"""
import pytest

from game.cards import Card
from game.moves import FOUNDATION, STOCK, WASTE, Move, cell, column
from game.rules import IllegalMove, Rules
from game.state import State
from game.variants import customised, find_variant, rules_for

from .boards import MID_GAME, SAFE_HOME

FREECELL = rules_for(find_variant("freecell"))
BAKERS = rules_for(find_variant("bakers"))
EIGHT_OFF = rules_for(find_variant("eight-off"))
SEAHAVEN = rules_for(find_variant("seahaven"))
ZERO_TEN = rules_for(customised(find_variant("freecell"), 0, 10))
FOUR_TEN = rules_for(customised(find_variant("freecell"), 4, 10))

# 7♥ and 9♠ each alone; a six-card alternating run on K♥ in column 2; column 8 empty.
BUILDS = """\
Foundations: H-6 C-6 D-6 S-6
Freecells: - - - -
: KS QH JC TH 9C
: KH QS JH TS 9H 8S
: 9S
: 7H
: KC QD JD 8H
: KD QC JS TC 8D
: TD 9D 8C 7S 7C 7D
:
"""

# A six-card run Q♣..7♦ in column 1 that fits on K♥ (column 2); every cell free, no empty column.
RUN_NO_ROOM = """\
Foundations: H-6 C-6 D-6 S-6
Freecells: - - - -
: QC JD TC 9D 8C 7D
: KH
: KS 7H 9C
: QS 8H JC
: JS TH KC
: TS QH 8D
: 9S JH TD QD
: 8S 7S 9H 7C KD
"""


# Spades left in two by-suit runs, eight empty columns that take only Kings, one free cell.
SEAHAVEN_RUNS = """\
Foundations: H-Q C-Q D-Q S-6
Freecells: KH KC KD -
: 9S 8S 7S
: KS QS JS TS
:
:
:
:
:
:
:
:
"""

EIGHT_OFF_RUNS = """\
Foundations: H-K C-K D-K S-6
Freecells: - - - - - - - -
: 9S 8S 7S
: KS QS JS TS
:
:
:
:
:
:
"""


def refused(rules: Rules, text: str, notation: str) -> str:
    """The reason `notation` is illegal in the position, after checking that the position is unchanged."""
    state = rules.from_text(text)
    with pytest.raises(IllegalMove) as caught:
        rules.apply(state, Move.parse(notation))
    assert state == rules.from_text(text)
    assert rules.to_text(state) == text
    return str(caught.value)


def allowed(rules: Rules, text: str, notation: str) -> State:
    return rules.apply(rules.from_text(text), Move.parse(notation))


def notations(rules: Rules, state: State) -> list[str]:
    return [move.notation for move in rules.legal_moves(state)]


# -- building on columns -----------------------------------------------------------------------------


def test_columns_build_down_by_one_rank() -> None:
    assert refused(FREECELL, BUILDS, "43") == "7♥ can't go on 9♠: columns build down by one rank"


def test_freecell_columns_alternate_colours() -> None:
    assert refused(FREECELL, BUILDS, "45") == "7♥ can't go on 8♥: columns build down in alternating colours"
    assert refused(FREECELL, BUILDS, "76") == "7♦ can't go on 8♦: columns build down in alternating colours"
    after = allowed(FREECELL, BUILDS, "42")
    assert after.columns[1][-2:] == (Card.parse("8S"), Card.parse("7H")) and after.columns[3] == ()


def test_bakers_game_builds_by_suit() -> None:
    assert refused(BAKERS, BUILDS, "42") == "7♥ can't go on 8♠: columns build down by suit"
    assert refused(BAKERS, BUILDS, "43") == "7♥ can't go on 9♠: columns build down by one rank"
    assert allowed(BAKERS, BUILDS, "76").columns[5][-1] == Card.parse("7D")
    assert refused(BAKERS, BUILDS, "16v2") == (
        "those 2 cards are not a run: 9♣ on 10♥ breaks it (columns build down by suit)"
    )


def test_any_card_fills_an_empty_column_in_freecell_and_bakers() -> None:
    for rules in (FREECELL, BAKERS):
        assert allowed(rules, BUILDS, "48").columns[7] == (Card.parse("7H"),)


@pytest.mark.parametrize(("rules", "text"), [(SEAHAVEN, SEAHAVEN_RUNS), (EIGHT_OFF, EIGHT_OFF_RUNS)])
def test_only_a_king_fills_an_empty_column_in_eight_off_and_seahaven(rules: Rules, text: str) -> None:
    assert refused(rules, text, "13") == "only a King can fill an empty column, not 7♠"
    assert refused(rules, text, "13v3") == "only a King can fill an empty column, not 9♠"
    assert refused(rules, text, "21") == "10♠ can't go on 7♠: columns build down by one rank"


def test_a_king_led_run_fills_an_empty_column_when_there_is_room() -> None:
    assert allowed(EIGHT_OFF, EIGHT_OFF_RUNS, "23v4").columns[2] == tuple(Card.parse(c) for c in ("KS", "QS", "JS", "TS"))
    assert refused(SEAHAVEN, SEAHAVEN_RUNS, "23v4").startswith("only 2 cards can move with 1 free cell")


# -- sequence moves ------------------------------------------------------------------------------------


def test_capacity_is_free_cells_plus_one_times_two_to_the_empty_columns() -> None:
    no_room, room = FREECELL.from_text(RUN_NO_ROOM), FREECELL.from_text(MID_GAME)
    assert FREECELL.columns.capacity(no_room, column(1)) == 5
    assert FREECELL.columns.capacity(room, column(1)) == 6
    assert FREECELL.columns.capacity(FREECELL.from_text(BUILDS), column(0)) == 10


def test_an_empty_destination_column_does_not_count() -> None:
    room = FREECELL.from_text(MID_GAME)
    assert FREECELL.columns.capacity(room, column(7)) == 3
    assert allowed(FREECELL, MID_GAME, "18v3").columns[7][0] == Card.parse("9D")
    assert refused(FREECELL, MID_GAME, "18v4") == (
        "only 3 cards can move into an empty column with 2 free cells and no other empty columns"
    )


def test_too_long_a_run_names_the_limit_and_the_room() -> None:
    assert refused(FREECELL, RUN_NO_ROOM, "12v6") == "only 5 cards can move with 4 free cells and no empty columns"
    one_cell_one_column = MID_GAME.replace("Freecells: 7C - KD -", "Freecells: 7C 9H KD -").replace(
        ": JS TH KC 9H\n", ": JS TH KC\n"
    )
    assert refused(FREECELL, one_cell_one_column, "12v6") == "only 4 cards can move with 1 free cell and 1 empty column"


def test_a_run_that_fits_moves_whole() -> None:
    after = allowed(FREECELL, MID_GAME, "12v6")
    assert [c.code for c in after.columns[1]] == ["KH", "QC", "JD", "TC", "9D", "8C", "7D"]
    assert after.columns[0] == () and after.cells == FREECELL.from_text(MID_GAME).cells


def test_empty_columns_count_only_where_any_card_may_fill_them() -> None:
    # The same position: FreeCell's empty columns double the room, Seahaven's (Kings only) do not.
    seahaven = SEAHAVEN.from_text(SEAHAVEN_RUNS)
    assert SEAHAVEN.columns.capacity(seahaven, column(1)) == 2
    assert FOUR_TEN.columns.capacity(FOUR_TEN.from_text(SEAHAVEN_RUNS), column(1)) == 2 * 2**8
    assert refused(SEAHAVEN, SEAHAVEN_RUNS, "12v3") == (
        "only 2 cards can move with 1 free cell: an empty column takes only a King, so it cannot hold part of a run"
    )
    two_free = SEAHAVEN_RUNS.replace("KD -", "- -").replace(": KS QS", ": KD KS QS")
    assert SEAHAVEN.columns.capacity(SEAHAVEN.from_text(two_free), column(1)) == 3
    assert allowed(SEAHAVEN, two_free, "12v3").columns[1][-3:] == tuple(Card.parse(c) for c in ("9S", "8S", "7S"))


def test_no_cells_and_ten_columns() -> None:
    text = ZERO_TEN.to_text(ZERO_TEN.deal(1))
    assert "Freecells" not in text
    assert refused(ZERO_TEN, text, "1a") == "FreeCell (0 cells, 10 columns) has no free cells"
    assert notations(ZERO_TEN, ZERO_TEN.deal(1)) == ["30"]  # 8♦ onto 9♣ in the tenth column
    assert allowed(ZERO_TEN, text, "30").columns[9][-1] == Card.parse("8D")
    assert ZERO_TEN.columns.capacity(ZERO_TEN.deal(1), column(0)) == 1


def test_a_run_must_be_a_run() -> None:
    assert refused(FREECELL, MID_GAME, "31v3") == (
        "those 3 cards are not a run: 9♣ on 7♥ breaks it (columns build down by one rank)"
    )
    assert refused(FREECELL, MID_GAME, "31v2") == (
        "those 2 cards are not a run: 8♠ on 9♣ breaks it (columns build down in alternating colours)"
    )


def test_lift_reason_says_why_cards_cannot_be_picked_up_together() -> None:
    state = FREECELL.from_text(MID_GAME)
    assert FREECELL.lift_reason(state, column(0), 6) is None
    assert str(FREECELL.lift_reason(state, column(2), 2)) == (
        "those 2 cards are not a run: 8♠ on 9♣ breaks it (columns build down in alternating colours)"
    )
    assert str(FREECELL.lift_reason(state, cell(1), 1)) == "cell 2 is empty"


# -- cells, foundations and piles that are not there ---------------------------------------------


def test_cell_rules() -> None:
    assert refused(FREECELL, MID_GAME, "1a") == "cell 1 is occupied"
    assert refused(FREECELL, MID_GAME, "6c") == "cell 3 is occupied"
    assert refused(FREECELL, MID_GAME, "b8") == "cell 2 is empty"
    assert refused(FREECELL, MID_GAME, "1bv2") == "a cell holds one card, not 2"
    assert refused(FREECELL, MID_GAME, "a8v2") == "a cell holds one card, so 2 cannot move from it"
    assert allowed(FREECELL, MID_GAME, "1b").cells[1] == Card.parse("7D")
    assert allowed(FREECELL, MID_GAME, "ab").cells[:2] == (None, Card.parse("7C"))


def test_foundation_rules() -> None:
    assert refused(FREECELL, MID_GAME, "ch") == "K♦ can't go home: the foundation needs 7♦ next"
    deal_1 = FREECELL.to_text(FREECELL.deal(1))
    assert refused(FREECELL, deal_1, "1h") == "6♠ can't go home: the foundation needs A♠ first"
    assert refused(FREECELL, MID_GAME, "1hv2") == "cards go to the foundation one at a time"
    assert refused(FREECELL, MID_GAME, "h1") == "cards on the foundation stay there"
    after = allowed(FREECELL, MID_GAME, "ah")
    assert after.foundation_rank(Card.parse("7C").suit) == 7 and after.cells[0] is None
    assert allowed(FREECELL, MID_GAME, "1h").foundation_rank(Card.parse("7D").suit) == 7


def test_piles_that_do_not_exist_or_are_empty() -> None:
    assert refused(FREECELL, MID_GAME, "11") == "the cards are already there"
    assert refused(FREECELL, MID_GAME, "aa") == "the cards are already there"
    assert refused(FREECELL, MID_GAME, "81") == "column 8 is empty"
    assert refused(FREECELL, MID_GAME, "21v2") == "column 2 has only 1 card"
    assert refused(FREECELL, MID_GAME, "1e") == "there is no cell 5 (there are 4 cells)"
    assert refused(FREECELL, MID_GAME, "19") == "there is no column 9 (there are 8 columns)"
    assert refused(FREECELL, MID_GAME, "99") == "there is no column 9 (there are 8 columns)"  # not "already there"
    assert refused(FREECELL, MID_GAME, "ee") == "there is no cell 5 (there are 4 cells)"
    assert refused(FREECELL, MID_GAME, "e1") == "there is no cell 5 (there are 4 cells)"
    state = FREECELL.from_text(MID_GAME)
    for move, reason in [
        (Move(column(0), STOCK), "FreeCell has no stock"),
        (Move(WASTE, column(0)), "FreeCell has no waste"),
        (Move(column(0), column(1), 0), "a move takes at least one card, not 0"),
    ]:
        with pytest.raises(IllegalMove, match=f"^{reason}$"):
            FREECELL.check(state, move)


def test_eight_off_has_eight_cells_four_dealt() -> None:
    state = EIGHT_OFF.deal(617)
    assert [len(c) for c in state.columns] == [6] * 8
    assert [c.code for c in state.cells if c] == ["JD", "KS", "KC", "4H"] and state.cells[4:] == (None,) * 4
    text = EIGHT_OFF.to_text(state)
    assert refused(EIGHT_OFF, text, "1a") == "cell 1 is occupied"
    assert allowed(EIGHT_OFF, text, "1i").cells[7] == Card.parse("4S")  # i is the eighth cell
    assert notations(EIGHT_OFF, state) == ["1e", "2e", "3e", "4e", "5e", "6e", "7e", "78", "8e"]


def test_seahaven_deals_ten_columns_of_five_and_two_cells() -> None:
    state = SEAHAVEN.deal(617)
    assert [len(c) for c in state.columns] == [5] * 10
    assert [c.code for c in state.cells if c] == ["KC", "4H"]
    assert notations(SEAHAVEN, state) == ["1c", "2c", "3c", "4c", "5c", "6c", "7c", "78", "8c", "9c", "0c"]


# -- legal moves and expand ----------------------------------------------------------------------------


def test_legal_moves_include_runs_onto_columns() -> None:
    moves = notations(FREECELL, FREECELL.from_text(MID_GAME))
    assert "12v6" in moves and "18v3" in moves and "18v4" not in moves
    assert "18" in moves and "18v2" in moves  # into the empty column, any length up to the room
    assert moves.count("ab") + moves.count("ad") == 0  # a card moved between cells changes nothing


def test_legal_moves_are_all_legal_and_use_the_first_free_cell_and_empty_column() -> None:
    state = FREECELL.from_text(BUILDS)
    moves = list(FREECELL.legal_moves(state))
    for move in moves:
        FREECELL.check(state, move)
    assert {m.dst for m in moves if m.dst.kind.value == "cell"} == {cell(0)}
    to_empty = sorted(m.notation for m in moves if m.dst == column(7))
    assert to_empty == ["18", "18v2", "18v3", "18v4", "28", "28v2", "28v3", "28v4", "28v5", "58", "68", "78"]


def test_legal_moves_leave_out_a_whole_column_moved_into_an_empty_one() -> None:
    state = FREECELL.from_text(BUILDS)
    moves = notations(FREECELL, state)
    assert "38" not in moves and "48" not in moves  # single cards alone in their columns
    FREECELL.check(state, Move.parse("38"))  # yet such a move is legal when asked for


def test_expand_parks_cards_in_cells_and_the_empty_column() -> None:
    state = FREECELL.from_text(MID_GAME)
    steps = FREECELL.expand(state, Move.parse("12v6"))
    assert [s.notation for s in steps] == [
        "1b", "1d", "18", "d8", "b8",  # three cards to the empty column through cells b and d
        "1b", "1d", "12", "d2", "b2",  # three more onto K♥
        "8b", "8d", "82", "d2", "b2",  # and the three parked ones after them
    ]
    position = state
    for step in steps:
        FREECELL.check(position, step)
        position = FREECELL.perform(position, step)
    assert position == FREECELL.apply(state, Move.parse("12v6"))


def test_expand_of_an_illegal_move_raises() -> None:
    with pytest.raises(IllegalMove, match="only 5 cards"):
        FREECELL.expand(FREECELL.from_text(RUN_NO_ROOM), Move.parse("12v6"))


def test_expand_of_a_single_card_is_itself() -> None:
    state = FREECELL.from_text(MID_GAME)
    assert FREECELL.expand(state, Move.parse("1b")) == [Move.parse("1b")]


# -- winning, losing and safe cards ----------------------------------------------------------------


def test_win_needs_all_52_cards_home() -> None:
    one_left = "Foundations: H-K C-K D-K S-Q\nFreecells: KS - - -\n" + ":\n" * 8
    state = FREECELL.from_text(one_left)
    assert not FREECELL.is_won(state) and not FREECELL.is_lost(state)
    assert FREECELL.is_won(FREECELL.apply(state, Move.parse("ah")))


def test_no_legal_move_at_all_is_lost() -> None:
    rules = rules_for(customised(find_variant("freecell"), 0, 4))
    stuck = "Foundations: H-J C-J D-J S-J\n: QH KH\n: QC KC\n: QD KD\n: QS KS\n"
    state = rules.from_text(stuck)
    assert list(rules.legal_moves(state)) == []
    assert rules.is_lost(state) and str(rules.lost_reason(state)) == "no legal move is left"
    assert refused(rules, stuck, "1h") == "K♥ can't go home: the foundation needs Q♥ next"
    free = rules.from_text("Foundations: H-J C-J D-J S-J\n: KH QH\n: QC KC\n: QD KD\n: QS KS\n")
    assert not rules.is_lost(free) and rules.lost_reason(free) is None


def test_safe_home_in_alternating_colours_waits_for_both_opposite_cards_below() -> None:
    state = FREECELL.from_text(SAFE_HOME)
    safe = {code: FREECELL.is_safe_home(state, Card.parse(code)) for code in ("6H", "6D", "6C", "5S")}
    assert safe == {"6H": False, "6D": False, "6C": True, "5S": True}
    assert FREECELL.safe_autoplay(state) is None  # 6♥ could go home, but 5♠ might still want it


def test_aces_and_twos_are_always_safe() -> None:
    state = FREECELL.deal(1)  # nothing home yet
    assert FREECELL.is_safe_home(state, Card.parse("AH"))
    assert FREECELL.is_safe_home(state, Card.parse("2S"))
    assert not FREECELL.is_safe_home(state, Card.parse("3H"))


def test_by_suit_every_card_that_can_go_home_is_safe() -> None:
    state = BAKERS.from_text(SAFE_HOME)
    assert BAKERS.is_safe_home(state, Card.parse("6H")) and BAKERS.is_safe_home(state, Card.parse("6D"))
    assert BAKERS.safe_autoplay(state) == Move(column(0), FOUNDATION)
    assert SEAHAVEN.is_safe_home(SEAHAVEN.from_text(SEAHAVEN_RUNS), Card.parse("KH"))


def test_safe_autoplay_looks_at_cells_too() -> None:
    state = FREECELL.from_text(MID_GAME)  # 7♣ in cell a can go home; red Sixes are both home
    assert FREECELL.safe_autoplay(state) == Move(cell(0), FOUNDATION)


def test_rules_are_found_for_every_family_member() -> None:
    for rules in (FREECELL, BAKERS, EIGHT_OFF, SEAHAVEN, ZERO_TEN):
        assert rules.variant.family.key == "freecell"
        assert sorted(rules.deal(11982).cards()) == sorted(FREECELL.deal(1).cards())


def test_reshaping_a_custom_shape_starts_from_its_game_and_the_key_finds_it_again() -> None:
    reshaped = customised(find_variant("bakers:3x10"), cells=2)
    assert reshaped.key == "bakers-game:2x10" and reshaped.name == "Baker's Game (2 cells, 10 columns)"
    assert find_variant(reshaped.key) == reshaped and reshaped.params.build == find_variant("bakers").params.build
    assert customised(find_variant("freecell:3x10"), 4, 8) is find_variant("freecell")
