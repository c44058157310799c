"""Aces Up, as KPatience plays it (its "Aces Up", the Idiot's Delight of the books): four columns of one
card each, the other 48 in the stock, which deals one card onto each column, empty or not. A column's
top card is thrown away when another column's top card is of its suit and higher, Aces high; any top
card may move into an empty column; the game is won when only the four Aces are left. PySolFC plays
the same game. KPatience and PySolFC ask the Aces to end one per column, which a player can always
do once they are all that is left, so here the game is won as soon as they are. PySolFC turns its
auto-drop off for this game; here safe auto-play throws away only what can never be worth keeping
(`foundations.Discard`), and a player may turn it off.

The pieces say the whole game (`foundations.Discard` is its throw-away pile); the common terminal
language plays it; its search (`solver.aces_up`) decides deals exactly.
"""
from __future__ import annotations

from ..family import Family, Search, only_game
from ..i18n import N_
from ..moves import FOUNDATION, STOCK
from ..pieces.columns import Columns, Fill, Lift
from ..pieces.deal import Deal, rows
from ..pieces.discard import Discard
from ..pieces.stocks import DealOnto
from ..pieces.table import Pieces
from ..variant import NoChoices, TableLayout

PILES = 4
TEXT = (
    N_("One card is dealt face up onto each of 4 columns; the other 48 wait in the stock."),
    N_(
        "Throw a column's top card away, onto the foundation, when another column's top card is of its suit "
        "and higher; Aces rank highest. Any top card may move into an empty column."
    ),
    N_("A click on the stock deals one card onto each column, empty or not. Throw away every card but the four Aces to win."),
)


class AcesUpFamily(Family[NoChoices]):
    key = "aces-up"
    position = 95
    rules_text = TEXT

    def search(self) -> Search:
        from ..solver.aces_up import solve_aces_up

        return solve_aces_up

    def pieces(self, params: NoChoices) -> Pieces:
        """No card goes on another, and any one card fills a gap (`Columns(None, fill=Fill.ANY)`)."""
        return Pieces(
            deal=Deal(rows(PILES, 1), salt="aces-up"),
            columns=Columns(None, lift=Lift.TOP, fill=Fill.ANY),
            foundations=Discard(),
            stock=DealOnto(),
        )


ACES_UP = AcesUpFamily()
# the stock over the foundation beside the piles, so the four piles take the window's width with big cards
GEOMETRY = TableLayout(top=(), side=(STOCK, FOUNDATION), columns=PILES, longest_column=(1 + 12, 0))

GAMES = (only_game(ACES_UP, "aces-up", N_("Aces Up"), GEOMETRY, aliases=("idiot", "idiots-delight", "acesup")),)
