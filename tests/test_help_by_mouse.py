"""The window's help tells a new player how the mouse plays each game: what every pile on its table
is clicked or dragged for, and nothing about piles the table does not have."""
from __future__ import annotations

import pytest

from game.moves import PileKind
from game.variants import offered_variants
from sprites.panels.help_text import mouse_help

LISTED = list(offered_variants())


def _kinds(variant) -> set[PileKind]:
    table = variant.table
    return {pile.kind for pile in (*(p for group in table.top for p in group), *table.side, *table.bottom)}


@pytest.mark.parametrize("variant", LISTED, ids=[v.key for v in LISTED])
def test_the_help_names_the_stock_where_the_table_has_one(variant) -> None:
    said = mouse_help(variant).lower()
    assert ("stock" in said) == (PileKind.STOCK in _kinds(variant))


@pytest.mark.parametrize("variant", LISTED, ids=[v.key for v in LISTED])
def test_the_help_names_free_cells_only_where_the_table_has_them(variant) -> None:
    said = mouse_help(variant).lower()
    assert ("free cell" in said) == (PileKind.CELL in _kinds(variant))


@pytest.mark.parametrize("variant", LISTED, ids=[v.key for v in LISTED])
def test_the_help_says_how_to_move_a_card(variant) -> None:
    said = mouse_help(variant).lower()
    assert "drag" in said or "click a column" in said
