"""Numbers too long to convert are quoted as typed (issue 56, item 5): the `--deal` fix did not reach
`--cells`, `--columns`, `--jobs` or a family's options, which answered with 1000000000000000000, a
number nobody typed."""
from __future__ import annotations

import pytest

from solitaire.cli import main

TYPED = "18446744073709551616"  # 2**64: twenty digits


def exit_code(argv: list[str]) -> int:
    """`main`'s exit code, argparse's own refusals (which exit) included."""
    try:
        return main(argv)
    except SystemExit as stop:
        return int(stop.code or 0)


@pytest.mark.parametrize(("args", "message"), [
    (["show", "-d", "1", "--cells", TYPED], f"solitaire: cells must be between 0 and 10, not {TYPED}"),
    (["show", "-d", "1", "--columns", TYPED], f"solitaire: columns must be between 4 and 10, not {TYPED}"),
    (["show", "-d", "1", "--cells", f"-{TYPED}"], f"solitaire: cells must be between 0 and 10, not -{TYPED}"),
    (["show", "-d", "1", "--draw", TYPED], f"solitaire show: argument --draw: invalid choice: {TYPED} (choose from 1, 3)"),
    (["solve", "--range", "1-2", "--jobs", f"-{TYPED}"], f"solitaire: --jobs must be 1 or more, not -{TYPED}"),
    (["show", "-d", "1", "--cells", "9" * 5000], "solitaire: cells must be between 0 and 10, not " + "9" * 39 + "…"),
])
def test_a_number_out_of_range_is_quoted_as_typed(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert exit_code(["--lang", "en", *args]) == 2
    assert capsys.readouterr().err.startswith(f"{message}; see solitaire ")


def test_jobs_past_the_cores_are_quoted_as_typed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "en", "solve", "--game", "golf", "--range", "1-2", "--jobs", TYPED, "--max-positions", "50"]) in (0, 3)
    assert capsys.readouterr().err.startswith(f"solitaire: --jobs {TYPED} is more than the ")


def test_leading_zeros_are_no_long_number() -> None:
    assert main(["--lang", "en", "show", "-d", "1", "--cells", "0" * 30 + "3"]) == 0
