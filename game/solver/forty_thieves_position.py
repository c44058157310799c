"""Forty Thieves' compact positions and their moves, for the searches of `forty_thieves`.

A position is five plain values: the columns (each a `bytes` of card codes, bottom first), the
foundations as each suit's pile heights in ascending order (a `bytes`), the stock and the waste
(`bytes`, top last) and how often the waste was turned back over (Forty & Eight's one redeal; the
stock's order never changes within a pass, so until a redeal its size says which cards it holds).
The two copies of a card are one code: they are alike in every rule, and the moves are named by
piles, never by cards, so a solution found for the codes is a solution for the cards. Columns are
alike too (an empty one takes any card), so positions that differ only in the order of their
columns are one (`key`).

Cards that can never be wanted on the table go home as soon as they can (`settle`, the same rule as
the model's auto-play, tried in the same order, so a solution replays under auto-play; then, when the
game asks for it, the spare cards of `spare`, which only a card able to go home itself could
want, each as a move of the solution); every other
move is a child (`children`), so a search over them that runs out of positions has seen every
position reachable, and only then is the deal called lost.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Final

Columns = tuple[bytes, ...]
Position = tuple[Columns, bytes, bytes, bytes, int]  # columns, foundations, stock, waste, redeals made
Step = tuple[int, int, int, int]  # what, from, to, how many: see `forty_thieves._as_move`

COLUMN_TO_COLUMN: Final = 0
COLUMN_HOME: Final = 1
WASTE_TO_COLUMN: Final = 2
WASTE_HOME: Final = 3
TURN: Final = 4
REDEAL: Final = 5
SEPARATOR: Final = b"|"  # in a key: no card code, height or count is 124


def code(rank: int, suit: int) -> int:
    """A card as the search knows it: both copies of a card are one code, and the card one rank below
    in its suit is the code minus one."""
    return suit * 16 + rank


def key(position: Position) -> bytes:
    """What makes a position distinct: columns in any order are the same table. Before a redeal the
    stock's size says which cards it holds; after one, its cards are named."""
    columns, home, stock, waste, redeals = position
    talon = bytes([len(stock), redeals]) + stock if redeals else bytes([len(stock)])
    return SEPARATOR.join(sorted(columns)) + SEPARATOR + home + talon + waste


def won(position: Position) -> bool:
    return not position[2] and not position[3] and all(not pile for pile in position[0])


def replaced(columns: Columns, index: int, pile: bytes) -> Columns:
    return columns[:index] + (pile,) + columns[index + 1:]


class FortyGame:
    """One deal's fixed facts (the stock's order, how many copies of each card, how many redeals the
    game allows) and its moves."""

    def __init__(self, stock: bytes, copies: int, redeals: int = 0, spares: bool = True) -> None:
        self.stock = stock  # top last
        self.copies = copies
        self.redeals = redeals
        self.spares = spares  # whether `settle` sends spare cards home (`spare`)

    def goes_home(self, home: bytes, card: int) -> int:
        """The index in `home` a card raises, or -1 when no foundation takes it (the last of equal
        heights, so the suit's heights stay in order)."""
        suit = card >> 4
        rank = card & 15
        base = suit * self.copies
        for at in range(base + self.copies - 1, base - 1, -1):
            if home[at] == rank - 1:
                return at
        return -1

    def safe_home(self, home: bytes, card: int) -> bool:
        """A card nobody can ever want on the table: an Ace or a Two (see the model's `is_safe_home`),
        or a card whose lower cards of its suit are all home."""
        rank = card & 15
        return rank <= 2 or home[(card >> 4) * self.copies] >= rank - 1

    def settle(self, position: Position, steps: list[Step]) -> Position:
        """Send home every card the model's auto-play would (`safe_home`), in its order, then, in a game
        that asks for it, a spare card (`spare`, an explicit step of the solution, since the model's
        auto-play does not play it), and again from the start, until none is left."""
        while True:
            found = self.first_home(position, self.safe_home)
            if found is None and self.spares:
                found = self.first_home(position, self.spare)
            if found is None:
                return position
            steps.append(found[0])
            position = found[1]

    def first_home(self, position: Position, sent: Callable[[bytes, int], bool]) -> tuple[Step, Position] | None:
        """The first card that goes home and is `sent` there, in the model's auto-play order (the
        waste's top card, then the columns' top cards from the left), with the position after it."""
        columns, home, stock, waste, redeals = position
        if waste:
            at = self.goes_home(home, waste[-1])
            if at >= 0 and sent(home, waste[-1]):
                return (WASTE_HOME, 0, 0, 1), (columns, raised(home, at), stock, waste[:-1], redeals)
        for i in range(len(columns)):
            pile = columns[i]
            if pile:
                at = self.goes_home(home, pile[-1])
                if at >= 0 and sent(home, pile[-1]):
                    return (COLUMN_HOME, i, 0, 1), (replaced(columns, i, pile[:-1]), raised(home, at), stock, waste, redeals)
        return None

    def spare(self, home: bytes, card: int) -> bool:
        """Every foundation of the card's suit at most two below it: the only cards that could want it
        on the table are the copies of the card one below, and each of those can go home at once on a
        foundation two below (where auto-play sends it, since the cards under it are all home). So
        sending it home loses nothing: a search that does it at once and searches every other move
        still proves a loss when it runs dry (tests/test_forty_thieves_solver.py)."""
        return home[(card >> 4) * self.copies] >= (card & 15) - 2

    def children(self, position: Position) -> list[tuple[Step, Position]]:
        """Every move's position (one empty column standing for all), before auto-play."""
        columns, home, stock, waste, redeals = position
        out: list[tuple[Step, Position]] = []
        empties = [i for i in range(len(columns)) if not columns[i]]
        empty = empties[0] if empties else -1
        onto_card = 1 << len(empties)
        into_empty = onto_card >> 1
        if waste:
            at = self.goes_home(home, waste[-1])
            if at >= 0:
                out.append(((WASTE_HOME, 0, 0, 1), (columns, raised(home, at), stock, waste[:-1], redeals)))
        for i in range(len(columns)):
            pile = columns[i]
            if not pile:
                continue
            top = pile[-1]
            at = self.goes_home(home, top)
            if at >= 0:
                out.append(((COLUMN_HOME, i, 0, 1), (replaced(columns, i, pile[:-1]), raised(home, at), stock, waste, redeals)))
            run = 1
            while run < len(pile) and pile[-run] + 1 == pile[-run - 1]:
                run += 1
            for j in range(len(columns)):
                if j == i:
                    continue
                target = columns[j]
                if target:
                    n = target[-1] - top  # the run's base must be one below the target, in its suit
                    if 1 <= n <= run and n <= onto_card and pile[-n] + 1 == target[-1]:
                        moved = replaced(replaced(columns, i, pile[:-n]), j, target + pile[-n:])
                        out.append(((COLUMN_TO_COLUMN, i, j, n), (moved, home, stock, waste, redeals)))
                elif j == empty:
                    most = min(run, into_empty, len(pile) - 1)
                    for n in range(1, most + 1):
                        moved = replaced(replaced(columns, i, pile[:-n]), j, pile[-n:])
                        out.append(((COLUMN_TO_COLUMN, i, j, n), (moved, home, stock, waste, redeals)))
        if waste:
            card = waste[-1]
            for j in range(len(columns)):
                target = columns[j]
                if target and card + 1 == target[-1] or not target and j == empty:
                    laid = replaced(columns, j, target + waste[-1:])
                    out.append(((WASTE_TO_COLUMN, 0, j, 1), (laid, home, stock, waste[:-1], redeals)))
        if stock:
            out.append(((TURN, 0, 0, 1), (columns, home, stock[:-1], waste + stock[-1:], redeals)))
        elif waste and redeals < self.redeals:  # the waste turned over as one pile: its first card on top
            out.append(((REDEAL, 0, 0, len(waste)), (columns, home, waste[::-1], b"", redeals + 1)))
        return out

    def settled_children(self, position: Position) -> list[tuple[list[Step], Position]]:
        """`children`, each with what auto-play then sends home: the steps and the position after them."""
        out: list[tuple[list[Step], Position]] = []
        for step, child in self.children(position):
            done = [step]
            out.append((done, self.settle(child, done)))
        return out

    def bold_children(self, position: Position) -> list[tuple[list[Step], Position]]:
        """`settled_children` without the moves a strong player rarely needs (KPatience's Forty & Eight
        solver leaves out nearly the same): a run is never split, by moving its top cards onto another
        column (the other copy of the card they lie on) nor into an empty column, and an empty column
        takes only a whole run that leaves a card behind. A search over them may miss a win, so it
        never proves a loss."""
        columns = position[0]
        out: list[tuple[list[Step], Position]] = []
        for step, child in self.children(position):
            if step[0] == COLUMN_TO_COLUMN:
                pile = columns[step[1]]
                n = step[3]
                if len(pile) > n and pile[-n - 1] == pile[-n] + 1:
                    continue  # a run split: what stays behind is the run's next card
            done = [step]
            out.append((done, self.settle(child, done)))
        return out


def raised(home: bytes, at: int) -> bytes:
    return home[:at] + bytes([home[at] + 1]) + home[at + 1:]


class Scorer:
    """Lower is better: cards home count most, then empty columns, cards out of sequence, how deep the
    cards the foundations want next lie under others, and the waste's length (a card buried in the
    waste with no redeal left is as lost as one buried in a column; with one left, the next pass
    meets it again: it weighs half). A column's breaks are kept by column."""

    def __init__(self, weights: tuple[int, int, int, int, int], copies: int, redeals: int = 0) -> None:
        self.home, self.breaks, self.empty, self.buried, self.waste = weights
        self.copies = copies
        self.redeals = redeals
        self.cache: dict[bytes, int] = {}

    def column_breaks(self, pile: bytes) -> int:
        known = self.cache.get(pile)
        if known is not None:
            return known
        breaks = 0
        for at in range(1, len(pile)):
            if pile[at] + 1 != pile[at - 1]:
                breaks += 1
        if len(self.cache) >= 1_000_000:
            self.cache.clear()
        self.cache[pile] = breaks
        return breaks

    def score(self, position: Position) -> int:
        columns, home, _stock, waste, redeals = position
        wanted = 0  # bit code - 1 for each card a foundation takes next (at most bit 61: a short int compiled)
        copies = self.copies
        for index in range(len(home)):
            wanted |= 1 << ((index // copies) * 16 + home[index])
        breaks = empty = buried = 0
        for pile in columns:
            if not pile:
                empty += 1
                continue
            breaks += self.column_breaks(pile)
            size = len(pile)
            for at in range(size):
                if wanted >> (pile[at] - 1) & 1:
                    buried += size - 1 - at
        size = len(waste)
        for at in range(size):
            if wanted >> (waste[at] - 1) & 1:
                buried += size - 1 - at
        waste_weight = self.waste if redeals >= self.redeals else self.waste // 2
        return (-self.home * sum(home) + self.breaks * breaks - self.empty * empty + self.buried * buried
                + waste_weight * size)
