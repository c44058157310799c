"""Simple Simon, as KPatience plays it: the 52 cards dealt face up into ten columns of 8, 8, 8, 7,
6, 5, 4, 3, 2 and 1. Any card goes on the card one rank higher, whatever its suit; a run of one suit
moves together, any card or run fills a gap, and a whole run of one suit from King to Ace goes home.

KPatience also lets a run of several one-suit runs move at once when there are enough empty columns
to carry it run by run; that is only those moves made one after another, so the pieces play them one
at a time (as PySolFC and AisleRiot do), and the same deals are won. A completed run goes home by
itself rather than by a drag, as in the suite's Spider and Scorpion.

The pieces say the whole game; the common terminal language plays it; the generic search finds its
wins, told that progress is cards lying in suit (`pieces.progress.in_suit`).
"""
from __future__ import annotations

from collections.abc import Hashable

from ..family import Family, only_game
from ..i18n import N_
from ..moves import Pile, PileKind
from ..pieces.builds import DOWN_ANY_SUIT, DOWN_BY_SUIT
from ..pieces.columns import Columns, Fill, Lift
from ..pieces.deal import Deal
from ..pieces.progress import in_suit
from ..pieces.run_piles import RunPiles
from ..pieces.table import Pieces
from ..state import State
from ..variant import NoChoices, TableLayout

COLUMNS = (8, 8, 8, 7, 6, 5, 4, 3, 2, 1)
TEXT = (
    N_("The 52 cards are dealt face up into 10 columns: three of 8, then 7, 6, 5, 4, 3, 2 and 1."),
    N_(
        "Any card goes on the card one rank higher, whatever its suit. A run of one suit moves together, and any "
        "card or run fills an empty column."
    ),
    N_("A whole run of one suit from King down to Ace goes to a foundation by itself. Send all four home to win."),
)

PIECES = Pieces(
    deal=Deal(COLUMNS, salt="simple-simon"),
    columns=Columns(DOWN_ANY_SUIT, lift=Lift.RUN, run=DOWN_BY_SUIT, fill=Fill.ANY),
    foundations=RunPiles(),
)


class SimonFamily(Family[NoChoices]):
    key = "simple-simon"
    position = 90
    rules_text = TEXT

    def pieces(self, params: NoChoices) -> Pieces:
        return PIECES

    def score(self, state: State) -> int:
        """Cards go home thirteen at a time, so progress is cards lying on the card above them in
        their suit; a card on any card one rank higher is half way there, and empty columns carry runs."""
        home = sum(len(pile) for pile in state.foundations)
        descending = sum(
            1 for pile in state.columns for lower, upper in zip(pile, pile[1:]) if upper.rank == lower.rank - 1
        )
        gaps = sum(1 for pile in state.columns if not pile)
        return 4 * (52 - home) - 3 * in_suit(state) - descending - 2 * gaps

    def position_key(self, state: State) -> Hashable:
        """Any card fills a gap, so the columns are alike: their order does not matter."""
        return tuple(sorted(state.columns))  # the cards out of the columns are home, in whole runs


SIMON = SimonFamily()
FOUNDATIONS = tuple(Pile(PileKind.FOUNDATION, i) for i in range(4))
GEOMETRY = TableLayout(top=(FOUNDATIONS,), columns=len(COLUMNS), longest_column=(7 + 12, 0))

GAMES = (only_game(SIMON, "simple-simon", N_("Simple Simon"), GEOMETRY, aliases=("simon",)),)
