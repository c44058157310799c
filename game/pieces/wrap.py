"""Whether Ace and King touch (`wrap`): the rule Golf's foundation (`one_pile.OnePile`) and TriPeaks'
waste (`matches.Neighbours`) share, played and worded here once, so that the families' rules texts name
only what is theirs and the sentence is translated once."""
from __future__ import annotations

from ..cards import KING, Card
from ..i18n import N_

TOUCH = {  # by whether Ace and King are next to each other
    True: N_("Ace and King count as next to each other."),
    False: N_("Ace and King are not next to each other."),
}


def adjacent_rank(card: Card, onto: Card, wrap: bool) -> bool:
    """One rank apart either way; with `wrap`, Ace and King touch."""
    gap = abs(card.rank - onto.rank)
    return gap == 1 or (wrap and gap == KING - 1)
