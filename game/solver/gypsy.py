"""Gypsy's positions in a compact form, for its searches a deal at a time (`staged.Staged`).

Over the model's own positions those searches met about 3,500 positions a CPU second: each move
asks the shared pieces for every legal move, builds a `State`, and looks for safe moves home by
asking each foundation about each top card. Here a position is four small tuples: each column's
cards as numbers (rank and suit only: the two copies of a card are alike to the rules), how many
of each lie face down, each foundation's top card (or `EMPTY`), and how many cards the stock still
holds (the deal's own stock says which). The moves are the model's `Move`s, made once
(`Moves.table`), so a win found here is replayed through the rules as every other.

The searches here may leave moves out (they never prove a loss; the generic exact search beside
them does), and they leave out what a player seldom needs: a whole column moved into a gap, a run
carried onto the twin of the card it lies on, and any gap but the first. A foundation's card taken
back down stays in: without it the searches lost deals 1 and 9 (docs/solvers.md, Gypsy). The cards
the rules call safe to send home go there at once, as part of the move before.
"""
from __future__ import annotations

from collections.abc import Iterator

from ..cards import ACE, KING, Card
from ..moves import FOUNDATION, STOCK, Move, Pile, PileKind, column
from ..state import State

EMPTY = -1  # a foundation no Ace has started
RANKS = 13
SUITS = 4
COPIES = 2
CARDS = RANKS * SUITS * COPIES
REMEMBERED = 200_000  # columns the run lengths' cache keeps at most
Columns = tuple[tuple[int, ...], ...]


def code(card: Card) -> int:
    """A card as a number, the same for both copies: suit by suit, Ace to King."""
    return card.index % (RANKS * SUITS)


def rank(number: int) -> int:
    return number % RANKS + ACE


RANK = tuple(rank(number) for number in range(RANKS * SUITS))  # looked up where speed counts
ACES = tuple(suit * RANKS for suit in range(SUITS))


def is_red(number: int) -> bool:
    return number // RANKS in (1, 2)  # the Suit enum's order: clubs, diamonds, hearts, spades


def _builds_on(lower: int, upper: int) -> bool:
    """Whether `lower` goes on `upper` in a column: one rank lower, the other colour."""
    return rank(upper) == rank(lower) + 1 and is_red(upper) != is_red(lower)


ON = tuple(tuple(_builds_on(lower, upper) for upper in range(RANKS * SUITS)) for lower in range(RANKS * SUITS))


class Position:
    """A Gypsy position in the compact form (the module's note)."""

    __slots__ = ("columns", "hidden", "home", "stock")

    def __init__(self, columns: Columns, hidden: tuple[int, ...], home: tuple[int, ...], stock: int) -> None:
        self.columns, self.hidden, self.home, self.stock = columns, hidden, home, stock

    @classmethod
    def of(cls, state: State) -> Position:
        home = tuple(code(pile[-1]) if pile else EMPTY for pile in state.foundations)
        return cls(tuple(tuple(code(card) for card in pile) for pile in state.columns), state.hidden, home, len(state.stock))

    @property
    def cards_home(self) -> int:
        return foundations(self.home)[2]

    def stocked(self) -> bool:
        return self.stock > 0

    def is_won(self) -> bool:
        return self.cards_home == CARDS

    def key(self) -> tuple[object, ...]:
        """What makes two positions the same: the foundations any Ace starts are alike, and so are
        the columns once the stock is dealt (their order no longer decides where its cards go)."""
        home = tuple(sorted(self.home))
        if self.stock:
            return home, self.columns, self.hidden, self.stock
        return home, tuple(sorted(zip(self.columns, self.hidden)))


def run_length(pile: tuple[int, ...], hidden: int) -> int:
    """How many cards at the top of a column hold together as a run (remembered: most columns come
    again in many positions)."""
    known = _RUNS.get((pile, hidden))
    if known is None:
        known = 1 if len(pile) > hidden else 0
        while known < len(pile) - hidden and ON[pile[-known]][pile[-known - 1]]:
            known += 1
        if len(_RUNS) >= REMEMBERED:
            _RUNS.clear()
        _RUNS[pile, hidden] = known
    return known


_RUNS: dict[tuple[tuple[int, ...], int], int] = {}


def foundations(home: tuple[int, ...]) -> tuple[dict[int, int], dict[int, int], int]:
    """What foundations whose top cards are `home` take (each card with the foundation the model
    sends it to: the first empty one for an Ace, else the first whose top card is the one below it in
    its suit), those of them the rules call safe to send (`is_safe`), and how many cards they hold
    (remembered: the foundations change far less often than the columns)."""
    known = _FOUNDATIONS.get(home)
    if known is None:
        takes: dict[int, int] = {}
        for f, top in enumerate(home):
            if top == EMPTY:
                for ace in ACES:
                    takes.setdefault(ace, f)
            elif RANK[top] < KING:
                takes.setdefault(top + 1, f)
        safe = {card: f for card, f in takes.items() if is_safe(home, card)}
        known = takes, safe, sum(RANK[top] for top in home if top != EMPTY)
        if len(_FOUNDATIONS) >= REMEMBERED:
            _FOUNDATIONS.clear()
        _FOUNDATIONS[home] = known
    return known


_FOUNDATIONS: dict[tuple[int, ...], tuple[dict[int, int], dict[int, int], int]] = {}


def is_safe(home: tuple[int, ...], card: int) -> bool:
    """The rules' safe auto-play: an Ace or a Two, or a card every copy of whose possible cards on
    top (one rank lower, the other colour) is home."""
    below = RANK[card] - 1
    if below <= ACE:
        return True
    red = is_red(card)
    for suit in range(SUITS):
        if is_red(suit * RANKS) != red:
            covered = sum(1 for top in home if top != EMPTY and top // RANKS == suit and RANK[top] >= below)
            if covered < COPIES:
                return False
    return True


class Moves:
    """A deal's moves over compact positions: `children(position)` gives each move's position with
    the model's moves that lead to it (the move, then the safe moves home it lets auto-play make)."""

    def __init__(self, start: State) -> None:
        self.stock = tuple(code(card) for card in start.stock)
        width = len(start.columns)
        self.width = width
        self.table = {
            (i, j, count): Move(column(i), column(j), count)
            for i in range(width) for j in range(width) if i != j for count in range(1, KING + 1)
        }
        self.home_moves = tuple(Move(column(i), FOUNDATION) for i in range(width))
        self.deals = {count: Move(STOCK, column(0), count) for count in range(1, width + 1)}
        self.returns = {
            (f, j): Move(Pile(PileKind.FOUNDATION, f), column(j)) for f in range(len(start.foundations)) for j in range(width)
        }

    def children(self, p: Position) -> Iterator[tuple[list[Move], Position]]:
        columns, hidden, home = p.columns, p.hidden, p.home
        takes = foundations(home)[0]
        for i, pile in enumerate(columns):
            if len(pile) > hidden[i] and pile[-1] in takes:
                yield self._settled(p, i, None, 1)
        gap = next((j for j, pile in enumerate(columns) if not pile), None)
        for i, pile in enumerate(columns):
            length = run_length(pile, hidden[i])
            if not length:
                continue
            top_rank = RANK[pile[-1]]
            for j, target in enumerate(columns):
                if j == i or not target:
                    continue
                onto = target[-1]
                count = RANK[onto] - top_rank
                if not 1 <= count <= length or not ON[pile[-count]][onto]:
                    continue
                if count < len(pile) - hidden[i] and pile[-count - 1] == onto:
                    continue  # from a card onto its twin: nothing changes
                yield self._settled(p, i, j, count)
            if gap is not None:
                for count in range(1, min(length, len(pile) - 1) + 1):
                    yield self._settled(p, i, gap, count)
        for f, top in enumerate(home):
            if top != EMPTY:
                for j, target in enumerate(columns):
                    if (target and ON[top][target[-1]]) or j == gap:
                        yield self._returned(p, f, j)
        if p.stock:
            yield self._dealt(p)

    def _settled(self, p: Position, src: int, dst: int | None, count: int) -> tuple[list[Move], Position]:
        """The position after moving `count` cards from column `src` onto column `dst` (home when
        None), and the safe moves home after it."""
        columns, hidden, home = list(p.columns), list(p.hidden), list(p.home)
        pile = columns[src]
        moved = pile[-count:]
        columns[src] = pile[:-count]
        if dst is None:
            home[foundations(p.home)[0][moved[0]]] = moved[0]
            steps = [self.home_moves[src]]
        else:
            columns[dst] = columns[dst] + moved
            steps = [self.table[src, dst, count]]
        _turn_up(columns, hidden, src)
        # a move between columns leaves the foundations as they were, so only the card it uncovers may go home
        return steps, self._home(columns, hidden, home, steps, p.stock, None if dst is None else src)

    def _returned(self, p: Position, f: int, dst: int) -> tuple[list[Move], Position]:
        """The position after foundation `f`'s top card comes down onto column `dst`."""
        columns, home = list(p.columns), list(p.home)
        top = home[f]
        columns[dst] = columns[dst] + (top,)
        home[f] = EMPTY if RANK[top] == ACE else top - 1
        steps = [self.returns[f, dst]]
        return steps, self._home(columns, list(p.hidden), home, steps, p.stock)

    def _dealt(self, p: Position) -> tuple[list[Move], Position]:
        count = min(self.width, p.stock)
        columns = list(p.columns)
        for k in range(count):
            columns[k] = columns[k] + (self.stock[p.stock - 1 - k],)
        steps = [self.deals[count]]
        return steps, self._home(columns, list(p.hidden), list(p.home), steps, p.stock - count)

    def _home(
        self, columns: list[tuple[int, ...]], hidden: list[int], home: list[int], steps: list[Move], stock: int,
        uncovered: int | None = None,
    ) -> Position:
        """The position once the top cards the rules call safe to send home are sent, one after
        another (as auto-play does: the first such column first), turning up what they uncover. When
        only column `uncovered`'s top card may have become safe to send, only that one is looked at."""
        here = tuple(home)
        safe = foundations(here)[1]
        if uncovered is not None:
            pile = columns[uncovered]
            if len(pile) <= hidden[uncovered] or pile[-1] not in safe:
                return Position(tuple(columns), tuple(hidden), here, stock)
        i = 0
        while i < len(columns):
            pile = columns[i]
            if len(pile) > hidden[i] and pile[-1] in safe:
                home[safe[pile[-1]]] = pile[-1]
                columns[i] = pile[:-1]
                _turn_up(columns, hidden, i)
                steps.append(self.home_moves[i])
                here = tuple(home)
                safe = foundations(here)[1]
                i = 0
            else:
                i += 1
        return Position(tuple(columns), tuple(hidden), here, stock)


def _turn_up(columns: list[tuple[int, ...]], hidden: list[int], i: int) -> None:
    """A column's face-down card turns face up once nothing lies on it."""
    if hidden[i] and hidden[i] >= len(columns[i]):
        hidden[i] = max(len(columns[i]) - 1, 0)


def progress(p: Position, buried: int) -> int:
    """How far a position is from the win, lower being better. Cards not home count most; then
    face-down cards, each a card still unknown; cards out of a run in alternating colours, each of
    which must move before the cards under it go home; and the stock's cards, weighed so that a deal
    (eight cards out of the stock, most of them breaking a run) costs about what it brings. Empty
    columns, which take any run, are progress. With `buried`, each card lying on a card the
    foundations take next counts that much more: those cards must move before the wanted one goes home."""
    columns, hidden = p.columns, p.hidden
    breaks = sum(column_breaks(pile, hidden[i]) for i, pile in enumerate(columns))
    gaps = sum(1 for pile in columns if not pile)
    score = 10 * (CARDS - p.cards_home) + 4 * sum(hidden) + 3 * breaks + 3 * p.stock - 3 * gaps
    if buried:
        score += buried * over_wanted(p)
    return score


def column_breaks(pile: tuple[int, ...], hidden: int) -> int:
    """The face-up cards of a column not on the card one rank higher in the other colour (remembered,
    as `run_length`)."""
    known = _BREAKS.get((pile, hidden))
    if known is None:
        known = sum(1 for k in range(hidden + 1, len(pile)) if not ON[pile[k]][pile[k - 1]])
        if len(_BREAKS) >= REMEMBERED:
            _BREAKS.clear()
        _BREAKS[pile, hidden] = known
    return known


_BREAKS: dict[tuple[tuple[int, ...], int], int] = {}


def over_wanted(p: Position) -> int:
    """The cards lying on the cards the foundations take next (for each suit, the card after each of
    its two piles' tops; an Ace while a pile of its suit is not started)."""
    wanted = set()
    started = [0] * SUITS
    for top in p.home:
        if top != EMPTY:
            started[top // RANKS] += 1
            if RANK[top] < KING:
                wanted.add(top + 1)
    wanted.update(suit * RANKS for suit in range(SUITS) if started[suit] < COPIES)
    over = 0
    for pile in p.columns:
        for depth in range(len(pile)):
            if pile[-1 - depth] in wanted:
                over += depth
    return over
