"""A position limit is a limit (issue 56, item 6): no search meets one position more than it allows.

Each search looks at its clock every few hundred positions; the position limit must not wait for
that look (`solve --deal 3 --max-positions 1` once met 383 positions and answered "solved", Golf 1,024,
range rows 434 to 548 beside a limit of 10).
"""
from __future__ import annotations

import csv
import subprocess
import sys
from pathlib import Path

import pytest

from game.solver import solve
from game.solver.common import POSITION_LIMIT, Budget
from game.solver.generic import solve_generic
from game.variants import find_variant, rules_for
from game.verdict import Status

ROOT = Path(__file__).resolve().parent.parent

# Every family's search, and the searches beside them (the noisy series, a relaxed game) where the
# limit is large enough for them to take turns.
GAMES = (
    "freecell", "seahaven", "klondike", "klondike-draw3", "klondike3-nfr", "golf", "golf-strict", "yukon", "russian",
    "spider", "spider-2", "spider-1", "forty-thieves",
)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("limit", [1, 37, 2_500])
def test_no_search_meets_more_positions_than_its_limit(game: str, limit: int) -> None:
    rules = rules_for(find_variant(game))
    for deal in (1, 2, 3):
        result = solve(rules, rules.deal(deal), max_positions=limit)
        assert result.positions <= limit, (game, deal, result.summary())
        if result.status is Status.UNKNOWN:
            assert result.reason == POSITION_LIMIT, (game, deal, result.summary())


def test_the_generic_search_keeps_its_limit_too() -> None:
    rules = rules_for(find_variant("freecell"))
    for limit in (1, 5, 300):
        result = solve_generic(rules, rules.deal(3), Budget(limit))
        assert result.positions <= limit
        assert result.status is Status.UNKNOWN


def test_a_position_limit_of_one_solves_no_freecell_deal_from_the_command_line() -> None:
    """The reproduction of the issue: deal 3 needs some hundred positions, so one is not enough."""
    run = subprocess.run(
        [sys.executable, "main.py", "solve", "--deal", "3", "--max-positions", "1"], cwd=ROOT, capture_output=True, text=True,
        timeout=120,
    )
    assert run.returncode == 3, run.stdout + run.stderr  # unknown
    assert "(position limit reached); 1 position searched" in run.stdout


def test_range_rows_keep_the_limit(tmp_path: Path) -> None:
    table = tmp_path / "golf.csv"
    run = subprocess.run(
        [sys.executable, "main.py", "solve", "--game", "golf", "--range", "1-4", "--max-positions", "10", "--jobs", "1",
         "--csv", str(table)],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )
    assert run.returncode in (0, 3), run.stdout + run.stderr
    with table.open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 4
    assert all(int(row["positions"]) <= 10 for row in rows), rows
