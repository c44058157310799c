"""A quick proof that a Klondike position is lost: some column can never be cleared.

Many lost deals are lost from the start for a reason that a search only finds by running out of
positions, tens or hundreds of thousands of them: a card that can leave its place only after a
card below it has left. This module looks for that with a relaxation of the game, in well under a
millisecond, before any search.

The argument. Take any winning line. Every card in a column leaves its place at some move, since
every card ends home; look at the first move that takes card c from its place. Then either
  (a) c is the top card of its column and goes home: every lower card of its suit is home, so each
      of those that lay in a column has left its place before;
  (b) c heads a run onto a card P one rank higher of the other colour, on top of another column:
      P has left its place before, or P lies where it lay and everything that lay on it has left
      before (so P is not below c in c's own column), or P lay in no column (the talon, or the
      foundations when the game lets a card come back down) and was laid on one before, itself on
      top of a card of the kind P needs, or as a King into an empty column;
  (c) c is a King heading a run into another column, empty: every card that lay there has left
      before; or
  (d) c is carried in a run headed by a card lower in its column, which leaves then by (b) or (c).
In each case the cards above the moving run in c's column have left before. And while a card of a
column stays in its place, every card that lay above it there and has not left stays above it in
the same order (new cards can only go on top), so the moving run is the cards from its head up to
the highest one that has not left: a face-up run, each card one lower of the other colour than the
one under it (the head may be a face-down card that all the cards above it have left).

The closure below marks cards as "may have left" (and cards from outside the columns as "may have
been laid"), starting from nothing, whenever (a) to (d) or the laying rule hold with the marked
cards as the ones that left before (a card that has left counts as on top wherever a card needs
one: a loosening, which keeps it exact). The conditions only get easier as more cards are marked,
so by induction on the moves of a winning line every card's first departure gets marked: a column
the closure cannot clear proves the position lost.
"""
from __future__ import annotations

from collections.abc import Sequence

from .klondike_position import FACE_DOWN, FITS, PARENTS, RANK, SUIT


def never_cleared(cols: Sequence[bytes], found: Sequence[int], foundation_return: bool) -> bool:
    """Whether the closure of the module note leaves some column uncleared (the position is lost).

    `cols` as `klondike_position` keeps them (a face-down card is its index + FACE_DOWN), `found`
    each suit's foundation rank; every card in neither is in the talon."""
    place: dict[int, tuple[int, int]] = {}
    for i, col in enumerate(cols):
        for k, card in enumerate(col):
            place[card % FACE_DOWN] = (i, k)
    # left[c]: c has left its place, or never lay in a column (only lower cards' places matter to home).
    left = [card not in place for card in range(52)]
    # laid[c], for a card not in a column: it may have been laid on one (from the talon, or down from
    # its foundation when the game allows that).
    home = {suit * 13 + r for suit in range(4) for r in range(found[suit])}
    outside = [c for c in range(52) if c not in place and (foundation_return or c not in home)]
    laid = [False] * 52
    height = [len(col) for col in cols]

    def on_top(parent: int, i: int) -> bool:
        """Whether `parent` may lie on top of a column other than i, with the marks so far."""
        at = place.get(parent)
        if at is None:
            return laid[parent]
        return left[parent] or (at[0] != i and height[at[0]] == at[1] + 1)

    def leaves(i: int, k: int, top: bool) -> bool:
        card = cols[i][k] % FACE_DOWN
        if RANK[card] == 13:
            if any(not height[j] for j in range(len(cols)) if j != i):
                return True
        elif any(on_top(parent, i) for parent in PARENTS[card]):
            return True
        suit = SUIT[card]
        return top and all(left[lower] for lower in range(suit * 13 + found[suit], card))

    progress = True
    while progress:
        progress = False
        for card in outside:
            if not laid[card] and (any(on_top(parent, -1) for parent in PARENTS[card]) if RANK[card] < 13 else not all(height)):
                laid[card] = progress = True
        for i, col in enumerate(cols):
            while height[i]:
                top = height[i] - 1
                head = top
                while head > 0 and col[head] < FACE_DOWN and col[head - 1] < FACE_DOWN and FITS[col[head] * 52 + col[head - 1]]:
                    head -= 1
                base = next((k for k in range(head, top + 1) if leaves(i, k, k == top)), -1)
                if base < 0:
                    break
                for k in range(base, top + 1):
                    left[col[k] % FACE_DOWN] = True
                height[i] = base
                progress = True
    return any(height)
