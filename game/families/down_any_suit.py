"""What Baker's Dozen and Beleaguered Castle share: one deck dealt face up into columns that build
down regardless of suit, and a foundation per suit whose top card may come back down onto a column.
A family of them declares its deal and its columns (how many cards move, what fills a gap); the
foundations, where they stand and the search are these. The search (`solver.any_suit`) reads from the
columns how they move cards, so the two games are searched alike, each as its rules say.

No `GAMES` here: the registry imports this module with the families but finds no game in it.
"""
from __future__ import annotations

from functools import partial

from ..family import SEND_EVERY_CARD_HOME, Family, Search
from ..moves import Pile, PileKind
from ..pieces.columns import Columns
from ..pieces.deal import Deal
from ..pieces.foundations import SuitPiles
from ..pieces.table import Pieces
from ..variant import NoChoices

FOUNDATIONS = tuple(Pile(PileKind.FOUNDATION, suit) for suit in range(4))


class DownAnySuitFamily(Family[NoChoices]):
    """A family of one such game, declared by its key, its place in lists, its rules' paragraphs (the
    last, every card home, is added here), its deal and its columns."""

    def __init__(self, key: str, position: int, rules_text: tuple[str, ...], deal: Deal, columns: Columns) -> None:
        self.key, self.position, self.rules_text = key, position, (*rules_text, SEND_EVERY_CARD_HOME)
        self.deal, self.columns = deal, columns

    def pieces(self, params: NoChoices) -> Pieces:
        return Pieces(deal=self.deal, columns=self.columns, foundations=SuitPiles(returns=True))

    def search(self) -> Search:
        """The exact search over compact positions of these games (`solver.any_suit`): the generic
        one, over the model's positions, left far more of their deals not known at 4 and 10 s."""
        from ..solver.any_suit import search_of, solve_any_suit

        return partial(solve_any_suit, game=search_of(self.columns))
