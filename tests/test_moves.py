"""Moves in standard FreeCell notation, both ways."""
import pytest

from game.moves import FOUNDATION, Move, MoveSyntaxError, Pile, cell, column


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("58", Move(column(4), column(7))),
        ("5a", Move(column(4), cell(0))),
        ("a5", Move(cell(0), column(4))),
        ("5h", Move(column(4), FOUNDATION)),
        ("dh", Move(cell(3), FOUNDATION)),
        ("58v3", Move(column(4), column(7), 3)),
        ("01", Move(column(9), column(0))),  # 0 is the tenth column
        ("90v2", Move(column(8), column(9), 2)),
        ("1g", Move(column(0), cell(6))),
        ("1i", Move(column(0), cell(7))),  # h is the foundation, so the eighth cell is i
        ("k0", Move(cell(9), column(9))),  # the tenth cell
    ],
)
def test_parse_and_format_round_trip(text: str, move: Move) -> None:
    assert Move.parse(text) == move
    assert move.notation == text
    assert str(move) == text


def test_parse_ignores_case_and_surrounding_space() -> None:
    assert Move.parse(" 58V3 ") == Move(column(4), column(7), 3)
    assert Move.parse("A5") == Move(cell(0), column(4))


def test_a_single_card_move_is_written_without_count() -> None:
    assert Move.parse("58v1") == Move(column(4), column(7))
    assert Move(column(4), column(7), 1).notation == "58"


@pytest.mark.parametrize("text", ["", "5", "x5", "5x", "58v", "58v3x", "5 8", "58 v3", "588", "v3", "l5", "-5"])
def test_bad_text_is_a_move_syntax_error(text: str) -> None:
    with pytest.raises(MoveSyntaxError, match="is not a move"):
        Move.parse(text)


def test_zero_count_is_refused() -> None:
    with pytest.raises(MoveSyntaxError, match="at least one card"):
        Move.parse("58v0")


def test_pile_notation_and_names() -> None:
    assert Pile.from_notation("0") == column(9)
    assert Pile.from_notation("I") == cell(7)
    assert Pile.from_notation("h") == FOUNDATION
    assert str(column(2)) == "column 3" and str(cell(0)) == "cell 1" and str(FOUNDATION) == "foundation"


@pytest.mark.parametrize("text", ["", "12", "x", "ab"])
def test_pile_notation_is_exactly_one_known_character(text: str) -> None:
    with pytest.raises(MoveSyntaxError):
        Pile.from_notation(text)


def test_moves_are_frozen_hashable_values() -> None:
    move = Move.parse("58v3")
    assert hash(move) == hash(Move(column(4), column(7), 3))
    with pytest.raises(AttributeError):
        move.count = 2  # type: ignore[misc]
