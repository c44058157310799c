"""Nothing a player types or a file holds stops the program (issue 14): numbers in ASCII digits only,
thousands of digits, a huge board file, options that make no sense, a byte-order mark."""
from __future__ import annotations

import argparse
from pathlib import Path

import pygame
import pytest

from game.moves import Move, MoveSyntaxError
from game.reading import is_ascii_number, shortened, whole_number
from game.variant import UnknownGame
from game.variants import find_variant
from solitaire.cli import main
from solitaire.cli.common import data_dir, deal_number, whole
from solitaire.cli.play import window_size
from solitaire.cli.solve import positive_count, positive_seconds
from solitaire.console.commands import CommandError, interpret
from sprites.panels.text_entry import DealDialog

from .boards import DEAL_617
from .gui_helpers import key, make_app
from .test_console import drive, errors, session

HUGE = "9" * 5000  # past Python's 4,300-digit limit on int()
NOT_ASCII = ["²", "١٢", "٣", "1_000", " 12", "12 ", "+", "", "1²"]


@pytest.mark.parametrize("text", NOT_ASCII)
def test_only_ascii_digits_are_a_number(text: str) -> None:
    assert not is_ascii_number(text) and whole_number(text) is None


def test_thousands_of_digits_read_as_out_of_every_range_and_fast() -> None:
    assert whole_number(HUGE) == 10**18 and whole_number("-" + HUGE, signed=True) == -(10**18)
    assert whole_number("000000000000000000000000042") == 42
    assert whole_number("-3") is None and whole_number("-3", signed=True) == -3


@pytest.fixture
def window():
    pygame.init()
    yield
    pygame.quit()


@pytest.mark.parametrize("typed", ["²", "³", "٣", "¹"])
def test_the_deal_dialog_takes_ascii_digits_only(window: None, typed: str) -> None:
    """`²` is a plain key on French keyboards: `isdigit()` let it in and `int()` then crashed on Enter."""
    app, _ = make_app(analyse=False)
    key(app, pygame.K_g, pygame.KMOD_CTRL)
    dialog = app.overlays[-1]
    assert isinstance(dialog, DealDialog)
    for char in f"1{typed}2":
        key(app, pygame.K_UNKNOWN, unicode=char)
    assert dialog.text == "12"
    key(app, pygame.K_RETURN)
    assert not app.overlays and app.table.session.deal_number == 12
    app.close()


@pytest.mark.parametrize(
    ("game", "line"),
    [("freecell", f"tc {HUGE} 1"), ("freecell", f"tt 1 {HUGE}"), ("freecell", f"t2c 1 -{HUGE}"), ("golf", HUGE),
     ("klondike", f"T{HUGE} T1"), ("klondike", f"T1 T{HUGE}"), ("freecell", f"58v{HUGE}"), ("freecell", "58v٣"),
     ("freecell", "tc ² 1"), ("golf", "²"), ("klondike", "T² T1")],
)
def test_a_number_the_console_cannot_use_is_a_one_line_error(game: str, line: str) -> None:
    played = session(game, 5)
    with pytest.raises(CommandError) as caught:
        interpret(line, played.state, played.rules)
    message = str(caught.value)
    assert "\n" not in message and len(message) < 200, message
    _, output, code = drive(session(game, 5), f"{line}\nq\n")
    assert code == 0 and len(errors(output)) == 1


def test_a_move_count_is_ascii_digits_and_at_most_two_decks() -> None:
    assert Move.parse("58v3").count == 3
    for text in ("58v٣", f"58v{HUGE}", "58v105"):
        with pytest.raises(MoveSyntaxError) as caught:
            Move.parse(text)
        assert len(str(caught.value)) < 120


def test_a_custom_shape_with_thousands_of_digits_is_an_unknown_game() -> None:
    for name in (f"freecell:{HUGE}x8", "freecell:٣x8"):
        with pytest.raises(UnknownGame) as caught:
            find_variant(name)
        assert len(str(caught.value)) < 300


@pytest.mark.parametrize(
    ("convert", "text"),
    [(deal_number, "²"), (deal_number, "١٢"), (deal_number, HUGE), (whole, "1_000"), (whole, " 3"),
     (window_size, "1280x80²"), (window_size, f"{HUGE}x800"), (positive_count, "0"), (positive_count, "-5"),
     (positive_count, "²"), (positive_seconds, "inf"), (positive_seconds, "nan"), (positive_seconds, "0"),
     (positive_seconds, "-1"), (positive_seconds, "-inf"), (data_dir, ""), (data_dir, "  ")],
)
def test_options_that_make_no_sense_are_refused(convert, text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError) as caught:
        convert(text)
    assert len(str(caught.value)) < 200


@pytest.mark.parametrize(
    "args",
    [["solve", "--deal", "1", "--max-positions", "0"], ["solve", "--deal", "1", "--max-positions", "-3"],
     ["solve", "--deal", "1", "--time-limit", "inf"], ["solve", "--deal", "1", "--time-limit", "nan"],
     ["solve", "--deal", "1", "--time-limit", "0"], ["solve", "--deal", "1", "--time-limit", "-1"],
     ["stats", "--data-dir", ""], ["console", "--data-dir", ""], ["play", "--data-dir", ""], ["--deal", "²"],
     ["show", "--deal", "١٢"], ["--cells", "²"]],
)
def test_the_command_line_refuses_them_in_one_line(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(args)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize(("size", "said"), [(500_000, "…"), (5_000_000, "KB: not a board")])
def test_a_huge_one_line_board_file_gets_a_readable_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], size: int, said: str
) -> None:
    """Within the size limit, the board reader's error quotes the token cut short; past it, the size is the error."""
    board = tmp_path / "board.txt"
    board.write_text("Q" * size)
    assert main(["solve", "--board", str(board)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 400 and said in err


def test_a_board_file_with_a_byte_order_mark_is_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = tmp_path / "board.txt"
    board.write_text(DEAL_617, encoding="utf-8-sig")
    assert board.read_bytes().startswith(b"\xef\xbb\xbf")
    assert main(["solve", "--board", str(board), "--time-limit", "30"]) == 0
    assert capsys.readouterr().out.rstrip().splitlines()[-1].startswith("# solved")


def test_shortened_keeps_short_text_and_cuts_long() -> None:
    assert shortened("abc") == "abc" and len(shortened("x" * 10_000)) == 40
