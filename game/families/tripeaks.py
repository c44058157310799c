"""TriPeaks: three peaks of 28 cards cleared one card at a time onto the waste, a rank up or down.

The anchors agree on the game: Microsoft's TriPeaks (the Windows Entertainment Pack's, then the
Solitaire Collection's), AisleRiot's Triple Peaks and PySolFC's Tri Peaks deal 18 cards face down in
three peaks of three rows, a row of ten face up over their feet, one card onto the waste and 23 in
the stock, turned one at a time and never again; a free card one rank above or below the waste's
top goes onto it whatever its suit, King and Ace touching; a face-down card turns up when both cards
on it are gone; the game is won when the peaks are cleared. Without Ace and King touching (the
option `--no-wrap`) nothing goes from King to Ace or back, as some books play it.

The pieces say the rules; the search is `game.solver.neighbours` (exact), the terminal's language
the matching games' (`game.matching_dialect`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..family import Family, Search, table_layout
from ..i18n import N_
from ..moves import STOCK, WASTE
from ..pieces.deal import Deal, rows
from ..pieces.matches import Neighbours
from ..pieces.matching import Matching
from ..pieces.slots import peaks
from ..pieces.stocks import TurnOnto
from ..scoring import Scoring
from ..scoring_modes import Runs
from ..variant import Params, TableLayout, Variant, switch_option

if TYPE_CHECKING:  # loaded when a terminal first asks for the family's dialect
    from ..dialect import Dialect

PEAKS, HEIGHT = 3, 4
SLOTS = peaks(PEAKS, HEIGHT)
DEAL = N_(
    "28 cards are dealt in three peaks: 18 face down in three peaks of one, two and three cards, and a row of ten face "
    "up over the peaks' feet. One card starts the waste; the other 23 wait in the stock."
)
PLAY = N_(
    "Play a free card (one no card lies on) onto the waste when its rank is one above or one below the waste's top "
    "card, whatever the suit."
)
END = N_(
    "A face-down card turns up when no card lies on it. The stock turns one card at a time onto the waste, once "
    "through. Clear the three peaks to win."
)


@dataclass(frozen=True)
class TriPeaksParams(Params):
    wrap: bool = True  # King and Ace are next to each other


WRAP = switch_option("wrap", lambda: GAMES, N_("TriPeaks: King and Ace are not next to each other"))


class TriPeaksFamily(Family[TriPeaksParams]):
    key = "tripeaks"
    position = 90
    options = (WRAP,)

    def pieces(self, params: TriPeaksParams) -> Matching:
        return Matching(
            deal=Deal(rows(SLOTS.size, 1), salt="tripeaks", face_down=SLOTS.dealt_down(), waste=1),
            slots=SLOTS,
            match=Neighbours(wrap=params.wrap),
            stock=TurnOnto(draw=1, redeals=0),
        )

    def scorings(self, variant: Variant[TriPeaksParams]) -> tuple[Scoring, ...]:
        """The Windows Entertainment Pack's runs, with its bonus for each peak cleared."""
        return (Runs(tops=SLOTS.tops()),)

    def dialect(self, variant: Variant[TriPeaksParams]) -> Dialect:
        from ..matching_dialect import MatchingDialect

        return MatchingDialect(variant, self.pieces(variant.params))

    def search(self) -> Search:
        from ..solver.neighbours import solve_neighbours

        return solve_neighbours

    def rules_paragraphs(self, params: TriPeaksParams) -> tuple[str, ...]:
        """The match words whether Ace and King touch."""
        return DEAL, PLAY, *self.pieces(params).match.rule_text(), END


TRIPEAKS = TriPeaksFamily()


def _places() -> tuple[tuple[float, float], ...]:
    """Each slot's place, in columns across and card heights down: each peak's rows half a card apart,
    every card centred over the two it lies on, the shared row at the foot."""
    places = []
    for row in range(HEIGHT - 1):
        for peak in range(PEAKS):
            places += [((HEIGHT - 1 - row) / 2 + peak * (HEIGHT - 1) + at, row / 2) for at in range(row + 1)]
    shared = PEAKS * (HEIGHT - 1) + 1
    return tuple(places) + tuple((float(at), (HEIGHT - 1) / 2) for at in range(shared))


def member(key: str, name: str, aliases: tuple[str, ...], params: TriPeaksParams, listed: bool) -> Variant[TriPeaksParams]:
    """A TriPeaks game; `name` is its English name, marked with N_ where it is declared."""
    geometry = TableLayout(
        top=(), bottom=(STOCK, WASTE), columns=SLOTS.size, longest_column=(1, 1), column_room=2.6, places=_places(),
    )
    table = table_layout(TRIPEAKS.pieces(params), geometry)
    return Variant(key=key, english_name=name, family=TRIPEAKS, params=params, table=table, aliases=aliases, listed=listed)


GAMES: tuple[Variant[TriPeaksParams], ...] = (
    member("tripeaks", N_("TriPeaks"), ("tri-peaks", "tri-towers", "triple-peaks", "three-peaks"), TriPeaksParams(), True),
    member("tripeaks-strict", N_("TriPeaks (King and Ace apart)"), ("strict-tripeaks",), TriPeaksParams(wrap=False), False),
)
