"""What a search takes for one position where some piles are alike (`in_any_order`): the position keys
of the games the generic search plays (`Family.position_key`) put such piles in one order.
"""
from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import TypeVar

Piles = TypeVar("Piles", bound=Hashable)  # a pile, or a pile with what else tells it apart (its face-down count)


def in_any_order(piles: Iterable[Piles]) -> tuple[Piles, ...]:
    """The piles in one order, whatever order they lie in.

    They are ordered by their hash, which Python works out without calling back into the game's code,
    where comparing piles compares cards (`Card.__lt__`): the key of every position a search meets
    is made so, and that comparison took a seventh of Mod 3's search. Equal piles hash alike, so the
    order is one for any order of the same piles; two different piles that hashed alike could only
    let a position be met twice, never be taken for another, since a key holds the piles themselves."""
    return tuple(sorted(piles, key=hash))
