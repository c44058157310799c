"""Board text: positions written as text round-trip exactly, and a bad board says which line and why."""
import pytest

from game.cards import Card
from game.state import BoardError, State
from game.variants import customised, find_variant, rules_for

from .boards import DEAL_617, MID_GAME

FREECELL = rules_for(find_variant("freecell"))


ZERO_CELLS_TEN_COLUMNS = """\
Foundations: H-0 C-0 D-0 S-0
: JD 9S JS 4D 6D 2H
: 2D 5S AS 7S 8S 6H
: 9H AD AH 3S 8D
: JC QC 3C TD QS
: 5D KH 4C 4S 6C
: 7H 3H 5C TH 3D
: 7C 2S TS 8H 8C
: 5H KS QH 2C TC
: KD 9D 4H JH 6S
: KC QD AC 7D 9C
"""


def test_deal_617_is_written_as_board_text() -> None:
    assert FREECELL.to_text(FREECELL.deal(617)) == DEAL_617


@pytest.mark.parametrize(
    ("game", "text"),
    [("freecell", DEAL_617), ("freecell", MID_GAME), ("freecell:0x10", ZERO_CELLS_TEN_COLUMNS)],
)
def test_canonical_text_round_trips_exactly(game: str, text: str) -> None:
    rules = rules_for(find_variant(game))
    state = rules.from_text(text)
    assert rules.to_text(state) == text
    assert rules.from_text(rules.to_text(state)) == state


def test_text_is_read_into_the_right_piles() -> None:
    state = FREECELL.from_text(MID_GAME)
    assert state.cells == (Card.parse("7C"), None, Card.parse("KD"), None)
    assert state.foundations[Card.parse("AH").suit] == tuple(Card.parse(f"{r}H") for r in "A23456")
    assert state.columns[1] == (Card.parse("KH"),)
    assert state.columns[7] == ()
    assert state.columns[0][0] == Card.parse("QC")  # deepest card first
    assert state.free_cells == 2


@pytest.mark.parametrize("game", ["freecell", "bakers", "eight-off", "seahaven", "freecell:0x10", "freecell:3x4"])
def test_every_family_deal_round_trips(game: str) -> None:
    rules = rules_for(find_variant(game))
    for deal in (1, 617, 11982, 2**31 - 1):
        state = rules.deal(deal)
        text = rules.to_text(state)
        assert rules.from_text(text) == state
        assert rules.to_text(rules.from_text(text)) == text


def test_reading_is_lenient_about_case_spacing_order_and_comments() -> None:
    loose = (
        "# a comment\n\n"
        "foundations:   c-6 h-6 S-6 d-6\n"
        "FreeCells: 7c - kd -\n"
        "QC JD TC 9D 8C 7D\n"  # a column line without its colon
        ":KH\n:  KS 7H 9C 8S\n: QS 8H JC 7S\n: JS TH KC 9H\n: TS QH 8D\n: 9S JH TD QD\n:\n"
    )
    assert FREECELL.to_text(FREECELL.from_text(loose)) == MID_GAME


def test_ten_and_numeric_foundation_ranks_are_read() -> None:
    assert FREECELL.from_text(MID_GAME.replace("H-6 C-6", "H-06 C-6")) == FREECELL.from_text(MID_GAME)
    state = State.from_text("Foundations: H-10 C-T D-0 S-K\n: \n", cells=0, columns=1, full_deck_required=False)
    assert [len(state.foundations[Card.parse(s).suit]) for s in ("AH", "AC", "AD", "AS")] == [10, 10, 0, 13]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("7C - KD -", "XX - KD -"), r"^line 2: 'XX' is not a card"),
        ((": KH\n", ": KH 7S\n"), r"^line 6: 7S is given twice \(also on line 4\)"),
        (("7C - KD -", "- - KD -"), r"^cards missing: 7C$"),
        (("7C - KD -", "7C - KD - AS"), r"^line 2: 5 entries for the cells, but this game has 4 cells"),
        ((":\n", ":\n:\n"), r"^line 11: one column too many; this game has 8 columns"),
        ((": TS QH 8D\n", ""), r"^the board has only 7 columns; this game has 8"),
        (("H-6 C-6", "H-6 C-Z"), r"^line 1: 'Z' is not a rank"),
        (("H-6 C-6", "H-6 C6"), r"^line 1: 'C6' should be SUIT-RANK"),
        (("H-6 C-6", "H-6 X-6"), r"^line 1: 'X' is not a suit"),
        (("H-6 C-6", "H-6 C-²"), r"^line 1: '²' is not a rank"),
        (("H-6 C-6", "H-6 C-14"), r"^line 1: '14' is not a rank"),
        (("Freecells:", "Reserve:"), r"^line 2: unknown heading 'Reserve'"),
        (("H-6 C-6 D-6", "H-6 C-6 D-6 H-2"), r"^line 1: the hearts foundation is given twice"),
        (("Freecells: 7C - KD -\n", "Freecells: 7C - KD -\nFreecells: - - - -\n"),
         r"^line 3: a second Freecells line \(the first is on line 2\)"),
        ((": KH\n", ": [KH]\n"), r"^every card in FreeCell lies face up: remove the brackets"),
    ],
)
def test_a_bad_board_names_the_line_and_the_problem(change: tuple[str, str], message: str) -> None:
    old, new = change
    assert old in MID_GAME
    with pytest.raises(BoardError, match=message):
        FREECELL.from_text(MID_GAME.replace(old, new, 1))


def test_a_game_with_no_cells_refuses_a_card_in_a_cell() -> None:
    rules = rules_for(customised(find_variant("freecell"), 0, 10))
    text = ZERO_CELLS_TEN_COLUMNS.replace(": KC QD AC 7D 9C", ": KC QD AC 7D").replace(
        "S-0\n", "S-0\nFreecells: 9C\n"
    )
    with pytest.raises(BoardError, match=r"^line 2: 1 entry for the cells, but this game has no cells"):
        rules.from_text(text)


def test_a_face_down_card_above_a_face_up_one_is_refused() -> None:
    with pytest.raises(BoardError, match=r"line 1: face-down card \[2C\] lies above a face-up card"):
        State.from_text(": AC [2C]\n", cells=0, columns=1, full_deck_required=False)


def test_board_error_is_a_value_error() -> None:
    assert issubclass(BoardError, ValueError)
