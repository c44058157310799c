"""A game's rules as one declaration of pieces: its deal, columns, cells, foundations and stock."""
from __future__ import annotations

from dataclasses import dataclass

from ..cards import ACE
from .columns import Columns, Fill, Lift
from .deal import Deal
from .foundations import Foundations
from .stocks import Stock


@dataclass(frozen=True)
class Pieces:
    """Everything the rules of a game of columns are made of (`engine.PieceRules` plays it)."""

    deal: Deal
    columns: Columns
    foundations: Foundations
    cells: int = 0
    stock: Stock | None = None

    @property
    def always_safe(self) -> int:
        """The highest rank always safe to send home: a Two holds only an Ace, which goes home
        anyway; but where any face-up card moves with what is on it, an Ace heading cards may be
        carried onto a Two to uncover what lies under it, so only Aces are always safe."""
        return ACE if self.columns.lift is Lift.FACE_UP else ACE + 1

    @property
    def kings_fill(self) -> bool:
        return self.columns.fill is Fill.KINGS

    @property
    def finishes(self) -> bool:
        """Whether play can end mechanically once every card is face up and the stock is spent (a
        key then finishes the game): single cards go home, and there was something to wait for."""
        return self.foundations.takes_cards and self.foundations.autoplays and (
            self.stock is not None or self.deal.deals_face_down
        )
