"""How sure a position of cards played in runs is lost, before searching it: linear bounds over the
cards left, shared by the searches of Golf (`golf`) and TriPeaks (`neighbours`).

In both games the cards left on the table must be played in runs onto one pile, each card a rank
above or below the one before: one run from the card on top now, and one from each stock card still
to come. Each bound gives every table card a weight and every card a run may start from a weight; a
position whose table weights add up to more than its starts' weights cannot be won. Per rank, a card
needs a card it may go on (`count_bounds`); along a run the ranks alternate odd and even, so a run
plays at most one more card of one kind than of the other (`parity_bounds`). All are tested at once,
one subtraction of packed integers (`pack`) a position.

`fits[top][card]` (card indices 0..51, top 52 for an empty pile) says which card may go on which;
each search asks its rules for it, so the bounds never restate a game's rule.
"""
from __future__ import annotations

from collections.abc import Sequence

# A win from a position is a chain of runs: from the top card, the table cards played on it one after
# the other, then a stock card dealt and the cards played on it, and so on; every table card is
# played in exactly one run, and runs start only from the top card and the stock's cards still to come.
FIELD_BITS = 9  # one field per bound in a packed integer; see `golf._Layout.dead`
BIAS = 128  # added to both sides of every field: column weights (-1..1 a card) add up to -52..52, starts to 0..103
GUARD = 1 << FIELD_BITS - 1  # each field's top bit, cleared by the subtraction when a bound is broken


def count_bounds(fits: list[bytes]) -> list[tuple[list[int], list[int]]]:
    """Per rank r: the column cards of rank r are no more than the cards to come they may go on.

    Each played column card goes on the card then on top, which is the top card now, a stock card,
    or another column card; and each card is the one just under at most one played card. A card
    counts as room for rank r when some card of rank r may go on it (possibly more than it can
    carry, which only makes the bound weaker). Column cards count on both sides.
    """
    bounds = []
    for rank in range(13):
        takes = [any(fits[under][card] for card in range(rank, 52, 13)) for under in range(52)]
        column = [int(card % 13 == rank) - takes[card] for card in range(52)]
        if max(column) > 0:  # a rank that may go on its own rank never breaks the bound
            bounds.append((column, [int(t) for t in takes]))
    return bounds


def _potential_bound(fits: list[bytes], height: list[int]) -> tuple[list[int], list[int]]:
    """The bound a height per card gives: along a run, each card played rises at most its weight.

    A card's column weight is its height less the highest card it may go on; so along a run from
    start s, the weights of the cards played add up to at most (height of the last) - (height of
    s) <= (greatest height) - (height of s), which is s's weight as a start (0 if nothing goes on s:
    its run is empty). A card that goes on nothing is never played, and any weight of it is sound.
    """
    column = [height[c] - max((height[u] for u in range(52) if fits[u][c]), default=height[c]) for c in range(52)]
    top = max(height)
    return column, [top - height[s] if any(fits[s]) else 0 for s in range(52)]


def parity_bounds(fits: list[bytes]) -> list[tuple[list[int], list[int]]]:
    """Heights 0 and 1 alternating by rank: a run from a card of height 0 plays at most one more card
    of height 1 than of height 0, and a run from height 1 never more (a card going on a card of its
    own height, possible only across one pair of neighbouring ranks, has weight 0 instead of 1).

    Thirteen ranks round a circle (relaxed Golf) cannot alternate all the way round, so each of the
    13 ways leaves one pair of neighbours the same height; with the heights swapped, 26 bounds. Those
    another covers are left out (in strict Golf 3, where plain parity leaves no two neighbours alike).
    """
    bounds = []
    for split in range(1, 14):  # ranks from split up change height, so split-1 and split share one (13: King and Ace)
        parity = [(card % 13 + (card % 13 >= split)) % 2 for card in range(52)]
        bounds.append(_potential_bound(fits, parity))
        bounds.append(_potential_bound(fits, [1 - h for h in parity]))
    return [b for b in bounds if not any(other != b and _covers(other, b) for other in bounds)]


def _covers(bound: tuple[list[int], list[int]], other: tuple[list[int], list[int]]) -> bool:
    """Whether `bound` is broken whenever `other` is: column weights no smaller, starts no bigger."""
    return all(x >= y for x, y in zip(bound[0], other[0])) and all(x <= y for x, y in zip(bound[1], other[1]))


def bounds(fits: list[bytes]) -> list[tuple[list[int], list[int]]]:
    """Every bound that applies under these rules, as (column weights, start weights) by card."""
    return count_bounds(fits) + parity_bounds(fits)


def pack(values: Sequence[int]) -> int:
    """One field per bound, lowest first; fields may be negative here as long as the sums they reach are not."""
    return sum(value << FIELD_BITS * i for i, value in enumerate(values))


_CLASSES: dict[bytes, list[int]] = {}


def top_classes(fits: list[bytes]) -> list[int]:
    """Foundation cards that behave alike (same row and same column in the table) share a class.

    Worked out once per fit table in a process (it was half the cost of setting up a deal)."""
    joined = b"".join(fits)
    if joined not in _CLASSES:
        signature: dict[tuple[bytes, bytes], int] = {}
        classes = []
        for top in range(53):
            as_card = bytes(fits[other][top] for other in range(53)) if top < 52 else b""
            classes.append(signature.setdefault((fits[top], as_card), len(signature)))
        _CLASSES[joined] = classes
    return _CLASSES[joined]
