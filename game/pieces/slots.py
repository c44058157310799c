"""A tableau of single-card slots that overlap: Pyramid's seven rows, TriPeaks' three peaks.

Each slot is a column of the position that holds one card or none (so board text, notation and the
view's columns serve unchanged), and declares which slots lie over it (`covered_by`). A card is free
when every slot over it is empty; a slot dealt face down turns its card up once it is free. The
relation is all a game's shape needs: Golf's columns, Black Hole's fans or Monte Carlo's grid are a
relation too.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import accumulate

from ..cards import Card
from ..i18n import N_, Nn_
from ..refusal import Refusal, Why, refusal
from ..state import State


@dataclass(frozen=True)
class Slots:
    """Slot i is column i; `covered_by[i]` are the slots lying over it; `face_down` is how many of the
    first slots are dealt face down (a deal lists them first: the peaks' tops before their bases)."""

    covered_by: tuple[tuple[int, ...], ...]
    face_down: int = 0

    @property
    def size(self) -> int:
        return len(self.covered_by)

    def tops(self) -> tuple[int, ...]:
        """The slots that lie over no other: the top of each peak, the pyramid's apex; the last card of
        its peak to leave, so a peak is cleared when its top is (what TriPeaks' scoring pays for)."""
        under = {slot for over in self.covered_by for slot in over}
        return tuple(i for i in range(self.size) if self.covered_by[i] and i not in under)

    def dealt_down(self) -> tuple[int, ...]:
        """For `Deal.face_down`: one face-down card in each of the first `face_down` slots."""
        return (1,) * self.face_down

    def is_free(self, state: State, slot: int) -> bool:
        """Whether slot `slot` holds a card nothing lies on."""
        columns = state.columns
        return bool(columns[slot]) and not any(columns[over] for over in self.covered_by[slot])

    def free(self, state: State) -> list[int]:
        """The slots whose cards may be played, in order."""
        columns, over = state.columns, self.covered_by
        return [i for i, pile in enumerate(columns) if pile and not any(columns[j] for j in over[i])]

    def blocking(self, state: State, slot: int) -> list[Card]:
        """The cards lying on slot `slot`'s card, for the refusal that names them."""
        return [state.columns[over][0] for over in self.covered_by[slot] if state.columns[over]]

    def turned_up(self, state: State) -> State:
        """The position with every face-down card that nothing covers any more turned up."""
        if not any(state.hidden):
            return state
        hidden = tuple(0 if down and self.is_free(state, i) else down for i, down in enumerate(state.hidden))
        return state if hidden == state.hidden else state.replace(hidden=hidden)

    def covered_refusal(self, state: State, slot: int) -> Refusal:
        """Why slot `slot`'s card cannot be played: the cards that lie on it."""
        on = self.blocking(state, slot)
        card = state.columns[slot][0]
        if len(on) == 1:
            return refusal(Why.COVERED, N_("{card} is covered by {other}"), card=card, other=on[0])
        return refusal(
            Why.COVERED, Nn_("{card} is covered by {n} card", "{card} is covered by {n} cards"), "n", card=card, n=len(on),
        )

    def text_problem(self, state: State) -> tuple[str, dict[str, object]] | None:
        """What is wrong with a board text's slots (a template and its facts), or None."""
        for i, pile in enumerate(state.columns):
            if len(pile) > 1:
                return N_("column {number} is a slot of one card, not {count}"), {"number": i + 1, "count": len(pile)}
            if state.hidden[i] and i >= self.face_down:
                return N_("column {number}: its card is dealt face up"), {"number": i + 1}
            if state.hidden[i] and self.is_free(state, i):
                return N_("column {number}: nothing covers its card, so it lies face up"), {"number": i + 1}
        return None


def pyramid(rows: int) -> Slots:
    """`rows` rows of one, two, three... cards, each card half under the two below it; the rows are
    numbered from the top, left to right, so slot 0 is the apex and the last row is free at the deal."""
    starts = [0, *accumulate(range(1, rows))]
    covered = []
    for row in range(rows):
        for at in range(row + 1):
            below = starts[row + 1] + at if row + 1 < rows else None
            covered.append((below, below + 1) if below is not None else ())
    return Slots(tuple(covered))


def peaks(count: int, height: int) -> Slots:
    """`count` peaks of `height` rows whose bottom rows meet in one shared row (TriPeaks: 3 of 4). Each
    peak's row r holds r + 1 cards, each under the two below it; the shared row has count * (height - 1)
    + 1 cards, free at the deal. Slots run row by row from the peaks' tops, so every row but the
    shared one is dealt face down (`face_down`)."""
    covered: list[tuple[int, ...]] = []
    first = 0  # the first slot of the row being laid out
    for row in range(height - 1):
        below = first + count * (row + 1)  # the first slot of the next row
        for peak in range(count):
            for at in range(row + 1):
                if row + 1 < height - 1:
                    left = below + peak * (row + 2) + at
                else:  # onto the shared row, where neighbouring peaks meet on one card
                    left = below + peak * (height - 1) + at
                covered.append((left, left + 1))
        first = below
    covered += [()] * (count * (height - 1) + 1)
    return Slots(tuple(covered), face_down=first)
