"""Spider's compact positions and their moves, for the searches of `spider` and `spider_stages`.

A position is ten columns, each a `bytes`: its first byte is how many cards lie face down, the rest
are the cards bottom first, each as `suit * 16 + rank`; then how many cards are left in the stock
(its order never changes, so a count says which cards: `SpiderGame` keeps them) and how many runs
went home. Which deck a card came from is left out: the rules read only rank and suit, so two
positions that differ by swapping the two copies of a card have the same moves and the same
outcome, and one stands for both.

The key of a position is its columns and the stock's length. While the stock has cards the columns
are not interchangeable (a deal lays card k on column k), so every empty column is a target of its
own; once it is empty they are, and the key sorts them, the first empty column stands for all, and
a whole column never moves into an empty one (the same position again). `every_step` leaves no
other move out, so a search over it that runs out of positions has proved the deal lost.

`likely_steps` are the moves a good player considers, with longer moves of its own: a run of one
suit moved off the card it sits on in its suit only to join a longer run of that suit, an empty
column taking runs into the first empty column only, and a *natural* sequence (descending ranks,
suits changing) moved whole where the empty columns let its runs go through them one by one, as a
player moves it: with e empty columns besides the target, 2^e runs onto a card (the top half
parked in one empty column by the same way, the rest moved, the half brought back). Such a move is
one step of a search and many of the game (`atomic`); it leaves out nothing a series of single runs
could not do, and leaving the other moves out proves nothing.
"""
from __future__ import annotations

from typing import Final

Columns = tuple[bytes, ...]
Position = tuple[Columns, int, int]  # the columns, cards left in the stock, runs home
Step = tuple[int, int, int]  # (source column, destination column, cards); source DEALS deals the stock

DEALS: Final = -1  # a step's source when it deals the stock
DEAL: Final = 10  # cards a deal lays, one on each column
RUN: Final = 13  # cards in a completed run
ACE: Final = 1
SEPARATOR: Final = b"|"  # between columns in a key: no card code or face-down count is 124


def code(rank: int, suit: int) -> int:
    return suit * 16 + rank


def run_length(pile: bytes) -> int:
    """The same-suit descending run on top of a column (its face-up cards only)."""
    face_up = len(pile) - 1 - pile[0]
    if face_up <= 0:
        return 0
    length = 1
    at = len(pile) - 1
    while length < face_up and pile[at - 1] == pile[at] + 1:
        at -= 1
        length += 1
    return length


def segments(pile: bytes) -> list[int]:
    """The top natural sequence of a column, as the card counts from the top at which each of its
    runs of one suit ends (the first is `run_length`, the last the whole sequence); [] for an
    empty column."""
    face_up = len(pile) - 1 - pile[0]
    if face_up <= 0:
        return []
    ends: list[int] = []
    at = len(pile) - 1
    length = 1
    while length < face_up:
        lower, upper = pile[at - 1], pile[at]
        if upper != lower - 1:
            if (upper & 15) != (lower & 15) - 1:
                break
            ends.append(length)
        at -= 1
        length += 1
    ends.append(length)
    return ends


def settled(pile: bytes) -> tuple[bytes, int]:
    """The column after a completed run on top goes home (and the uncovered card turns up), and how
    many went."""
    if pile[-1] & 15 == ACE and run_length(pile) >= RUN:
        pile = pile[:-RUN]
        rest = len(pile) - 1
        return (bytes([min(pile[0], max(rest - 1, 0))]) + pile[1:] if rest else b"\x00"), 1
    return pile, 0


def lifted(pile: bytes, count: int) -> bytes:
    """The column with its top `count` cards taken, the card uncovered turned face up."""
    rest = pile[:-count]
    left = len(rest) - 1
    if left and rest[0] >= left:
        return bytes([left - 1]) + rest[1:]
    return rest


def key(position: Position) -> bytes:
    """What makes a position distinct (the module's note)."""
    columns, left, _home = position
    if left:
        return SEPARATOR.join(columns) + bytes([left])
    return SEPARATOR.join(sorted(columns))


def won(position: Position) -> bool:
    return not position[1] and all(len(pile) == 1 for pile in position[0])


def empty_columns(columns: Columns) -> list[int]:
    return [j for j in range(len(columns)) if len(columns[j]) == 1]


class SpiderGame:
    """One deal's fixed facts (the stock's cards, whether it deals onto empty columns) and its moves."""

    def __init__(self, stock: bytes, relaxed: bool) -> None:
        self.stock = stock  # top last, as the state keeps it
        self.relaxed = relaxed

    def play(self, position: Position, step: Step) -> Position:
        columns, left, home = position
        piles = list(columns)
        src, dst, count = step
        if src < 0:
            stock = self.stock
            for k in range(count):
                pile, done = settled(piles[k] + bytes([stock[left - 1 - k]]))
                piles[k] = pile
                home += done
            return tuple(piles), left - count, home
        moving = piles[src][-count:]
        piles[src] = lifted(piles[src], count)
        pile, done = settled(piles[dst] + moving)
        piles[dst] = pile
        return tuple(piles), left, home + done

    def deal_step(self, position: Position) -> Step:
        return DEALS, 0, min(DEAL, position[1])

    def may_deal(self, position: Position) -> bool:
        return position[1] > 0 and (self.relaxed or all(len(pile) > 1 for pile in position[0]))

    def every_step(self, position: Position) -> list[Step]:
        """Every move worth distinguishing (the module's note): a search over these proves."""
        columns, left, _home = position
        empties = empty_columns(columns)
        if not left:
            empties = empties[:1]
        found: list[Step] = []
        for i in range(len(columns)):
            pile = columns[i]
            length = run_length(pile)
            if not length:
                continue
            top_rank = pile[-1] & 15
            for j in range(len(columns)):
                target = columns[j]
                if j != i and len(target) > 1:
                    count = (target[-1] & 15) - top_rank
                    if 1 <= count <= length:
                        found.append((i, j, count))
            whole = len(pile) - 1
            for j in empties:
                for count in range(length, 0, -1):
                    if count < whole or left:
                        found.append((i, j, count))
        if self.may_deal(position):
            found.append(self.deal_step(position))
        return found

    def likely_steps(self, position: Position) -> list[Step]:
        """The moves a good player considers, natural sequences moved whole (the module's note)."""
        columns, _left, _home = position
        empties = empty_columns(columns)
        spare = len(empties)
        first_empty = empties[0] if empties else -1
        found: list[Step] = []
        for i in range(len(columns)):
            pile = columns[i]
            ends = segments(pile)
            if not ends:
                continue
            length = ends[0]
            natural = ends[-1]
            top_rank = pile[-1] & 15
            face_up = len(pile) - 1 - pile[0]
            for j in range(len(columns)):
                target = columns[j]
                if j == i or len(target) == 1:
                    continue
                count = (target[-1] & 15) - top_rank
                if count < 1 or count > natural:
                    continue
                if count > length and _runs_in(ends, count) > 1 << spare:
                    continue  # more runs than the empty columns can carry
                if count < face_up:
                    head = pile[-count]
                    if pile[-count - 1] == head + 1 and (target[-1] != head + 1 or run_length(target) + count <= length):
                        continue  # off the card it follows in its suit, and joining no longer run
                found.append((i, j, count))
            if first_empty >= 0:
                whole = len(pile) - 1
                carried = 1 << (spare - 1)  # runs into one empty column, the others to help
                for k in range(len(ends)):
                    if k >= carried or ends[k] >= whole:
                        break
                    found.append((i, first_empty, ends[k]))
                for count in range(length - 1, 0, -1):
                    found.append((i, first_empty, count))
        if self.may_deal(position):
            found.append(self.deal_step(position))
        return found

    def atomic(self, position: Position, step: Step) -> list[Step]:
        """The game's own moves (runs of one suit) that make `step`: the step itself, or for a natural
        sequence its runs through the empty columns (the module's note)."""
        src, dst, count = step
        if src < 0:
            return [step]
        columns = position[0]
        pile = columns[src]
        ends = segments(pile)
        if count <= ends[0]:
            return [step]
        sizes: list[int] = []  # each run's cards, the top run first
        before = 0
        for end in ends:
            if end > count:
                break
            sizes.append(end - before)
            before = end
        if before < count:
            sizes.append(count - before)
        free = [j for j in empty_columns(columns) if j != dst]
        return _through(src, dst, sizes, free)


def _runs_in(ends: list[int], count: int) -> int:
    """How many runs of one suit the top `count` cards of a natural sequence hold."""
    runs = 1
    for end in ends:
        if end < count:
            runs += 1
    return runs


def _through(src: int, dst: int, sizes: list[int], free: list[int]) -> list[Step]:
    """Moves carrying the runs `sizes` (top first) from `src` to `dst`: the top half into the first
    free column (by the same way, with the others), the rest straight, then the half onto them."""
    if len(sizes) == 1:
        return [(src, dst, sizes[0])]
    parking = free[0]
    rest = free[1:]
    half = min(1 << len(rest), len(sizes) - 1)
    top, bottom = sizes[:half], sizes[half:]
    return _through(src, parking, top, rest) + _through(src, dst, bottom, rest) + _through(parking, dst, top, rest)
