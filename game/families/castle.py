"""Beleaguered Castle, as KPatience plays it (its preset of that name): the four Aces laid on the
foundations, the other 48 cards dealt face up into eight columns of six. Columns build down
regardless of suit; a run moves as far as the empty columns would carry it one card at a time, any
card fills a gap, and a foundation's top card may come back down onto a column (as KPatience lets
it, and PySolFC and AisleRiot do not; it can only help a player).

The pieces say the whole game; the common terminal language plays it; what it shares with Baker's
Dozen (its foundations, its search) is `down_any_suit`'s.
"""
from __future__ import annotations

from ..family import only_game
from ..i18n import N_
from ..pieces.builds import DOWN_ANY_SUIT
from ..pieces.columns import Columns, Fill, Lift
from ..pieces.deal import Deal, rows
from ..variant import TableLayout
from .down_any_suit import FOUNDATIONS, DownAnySuitFamily

COLUMNS = 8
TEXT = (
    N_("The four Aces start on the foundations; the other 48 cards are dealt face up into 8 columns of 6."),
    N_(
        "Columns build down regardless of suit. A run moves as far as the empty columns would carry it one card "
        "at a time, and any card or run fills an empty column. The foundations build up by suit to the King; a "
        "foundation's top card may come back down onto a column."
    ),
)


CASTLE = DownAnySuitFamily(
    key="castle", position=85, rules_text=TEXT,
    deal=Deal(rows(COLUMNS, 6), salt="beleaguered-castle", aces_home=True),
    columns=Columns(DOWN_ANY_SUIT, lift=Lift.RUN, fill=Fill.ANY, supermove=True),
)
GEOMETRY = TableLayout(top=(FOUNDATIONS,), columns=COLUMNS, longest_column=(5 + 12, 0))

GAMES = (only_game(CASTLE, "beleaguered-castle", N_("Beleaguered Castle"), GEOMETRY, aliases=("castle",)),)
