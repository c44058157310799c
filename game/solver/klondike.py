"""Klondike with the face-down cards known ("can this deal be won at all"), within a budget.

Like KPatience's solver, it looks at the cards a player cannot see, so its verdict is about the
deal, not about a player's chances; the hint uses it only for its first move. The search is the
interface-only best-first of `generic`, with three Klondike-specific aids:

- positions that differ only in the order of the seven piles are one position (the key sorts them);
- a card goes home at once only when nothing could ever be built on it again: both opposite-colour
  cards one rank lower and the same-colour card two ranks lower are home. Klondike lets cards come
  back down from a foundation, so the model's lighter auto-play rule is not enough for a proof;
- the score prefers cards home, then fewer face-down cards, then a shorter stock and waste.
"""
from __future__ import annotations

from collections.abc import Hashable

from ..cards import Suit
from ..moves import FOUNDATION, Move, column
from ..rules import Rules
from ..state import State
from .common import Budget, SolveResult
from .generic import solve_generic

RED_SUITS = (Suit.DIAMONDS, Suit.HEARTS)


def _rank(state: State, suit: Suit) -> int:
    return len(state.foundations[suit])


def klondike_forced(rules: Rules, state: State) -> Move | None:
    """A foundation move that can never cost a win (see the module note), or None."""
    for i, pile in enumerate(state.columns):
        if len(pile) > state.hidden[i]:
            card = pile[-1]
            if _rank(state, card.suit) == card.rank - 1 and _never_needed(state, card):
                return Move(column(i), FOUNDATION)
    if state.waste:
        card = state.waste[-1]
        if _rank(state, card.suit) == card.rank - 1 and _never_needed(state, card):
            from ..moves import WASTE

            return Move(WASTE, FOUNDATION)
    return None


def _never_needed(state: State, card) -> bool:  # type: ignore[no-untyped-def]
    if card.rank <= 2:
        return True
    red = card.suit in RED_SUITS
    opposite = [s for s in Suit if (s in RED_SUITS) != red]
    same = [s for s in Suit if (s in RED_SUITS) == red and s != card.suit]
    return all(_rank(state, s) >= card.rank - 1 for s in opposite) and all(
        _rank(state, s) >= card.rank - 2 for s in same
    )


def klondike_key(state: State) -> Hashable:
    return (tuple(sorted(zip(state.columns, state.hidden), key=_pile_order)), state.stock, state.waste,
            tuple(len(p) for p in state.foundations))


def _pile_order(entry: tuple) -> tuple:  # type: ignore[type-arg]
    pile, hidden = entry
    return (hidden, tuple(c.index for c in pile))


def klondike_score(state: State) -> int:
    home = sum(len(p) for p in state.foundations)
    return 6 * (52 - home) + 8 * sum(state.hidden) + (len(state.stock) + len(state.waste)) // 3


def solve_klondike(rules: Rules, state: State, budget: Budget) -> SolveResult:
    """Search the deal with every card known; UNSOLVABLE only when every position was seen."""
    return solve_generic(
        rules, state, budget,
        score=klondike_score, forced=lambda s: klondike_forced(rules, s), key=klondike_key, weight=1,
    )
