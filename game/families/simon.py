"""Simple Simon, as KPatience plays it: the 52 cards dealt face up into ten columns of 8, 8, 8, 7,
6, 5, 4, 3, 2 and 1. Any card goes on the card one rank higher, whatever its suit; a run of one suit
moves together, any card or run fills a gap, and a whole run of one suit from King to Ace goes home.

KPatience also lets a run of several one-suit runs move at once when there are enough empty columns
to carry it run by run; that is only those moves made one after another, so the pieces play them one
at a time (as PySolFC and AisleRiot do), and the same deals are won. A completed run goes home by
itself rather than by a drag, as in the suite's Spider and Scorpion.

The pieces say the whole game; the common terminal language plays it; a search of its own
(`solver.simon`) finds its wins and proves its losses.
"""
from __future__ import annotations

from ..family import Family, Search, only_game
from ..i18n import N_
from ..moves import Pile, PileKind
from ..pieces.builds import DOWN_ANY_SUIT, DOWN_BY_SUIT
from ..pieces.columns import Columns, Fill, Lift
from ..pieces.deal import Deal
from ..pieces.run_piles import RunPiles
from ..pieces.table import Pieces
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

    def search(self) -> Search:
        """An exact search of its own over compact positions (`solver.simon`): the generic one, over
        the model's positions, left 47 of deals 1..1000 not known at 10 s."""
        from ..solver.simon import solve_simon

        return solve_simon


SIMON = SimonFamily()
FOUNDATIONS = tuple(Pile(PileKind.FOUNDATION, i) for i in range(4))
GEOMETRY = TableLayout(top=(FOUNDATIONS,), columns=len(COLUMNS), longest_column=(7 + 12, 0))

GAMES = (only_game(SIMON, "simple-simon", N_("Simple Simon"), GEOMETRY, aliases=("simon",)),)
