"""Klondike positions for the solver: bytes, a canonical form, and the moves that matter.

A card is its `Card.index` (0-51). A column is a `bytes` string, deepest card first, a face-down
card stored as index + 64. The stock and waste are one string, the *talon*: the waste bottom to top,
then the stock in the order it will be turned, with a pointer `p` = how many talon cards are in the
waste (`talon[p - 1]` is the waste's top card). Turning the stock moves the pointer on by `draw`
(by fewer at the end) and turning the waste over sets it back to 0, so which waste tops can be
reached is a function of (talon length, pointer, draw) alone. A *talon move* plays one of those
cards, whatever the number of turns it takes: long chains of turns are one move.

Every rule that keeps the search small is exact: it never loses a win, so "the search ran out of
positions" proves a deal unsolvable. The arguments, in short (`d` is the fewest non-stock moves
that win from a position, minimised over the positions a canonical form stands for):

1. Safe foundation moves are made at once. Card c of rank r may go home once both opposite-colour
   cards of rank r-1 and the other same-colour card of rank r-2 are home. Then every card that could
   ever lie on c (black r-1 on a red c; red r-2 on those; and so on down) is home, and everything
   above c or above any of them is again such a card. Take a winning line that keeps c in play and
   delete c and those cards from every position along it (they go to the foundations): each move of
   the line either becomes a no-op or stays legal, foundations stay in order because the deleted
   cards of each suit are that suit's lowest, and the line still wins, with no more moves. This
   holds for a column card in either draw. For a stock or waste card it holds in draw 1 (deleting a
   card from the talon turns one stock turn into none and leaves every other waste top the same),
   so there it is done wherever the card lies; in draw 3 deleting a card regroups the turns, so a
   talon card is never sent home unasked.
2. Twins are interchangeable. Call the two cards of one rank and colour twins. When both are face
   up in the top runs of their columns, exchanging everything that lies on them (their *tails*)
   gives a position as winnable as the first: replay a winning line with the tails' roles exchanged
   (a card put on one twin goes on the other, a run taken from one tail is taken from the other;
   a run holding a twin moves with that twin's tail instead), which is legal move for move because
   the twins have the same rank and colour, until the first time one twin, say U, goes home: U is
   then uncovered in the line, so in the replay the other twin is, and one extra move shifts U's
   tail onto it, after which the two positions are identical. So positions are canonical with, for
   each such pair, the lower suit's twin holding the lower card. The moves between two positions of
   one canonical class (a run moved off a face-up card, which can only go onto that card's twin)
   are never made; the one time one is needed, to send the uncovered twin home, it is made with
   that foundation move (`HOME` of a covered card whose twin is uncovered). A shortest winning line
   from the member of a class closest to a win starts with none of the moves left out, since one
   would lead to a member closer still.
3. Columns are sorted (they are interchangeable), foundations are left out of the key (they follow
   from the rest), and the pointer is left out where every value of it can reach every other by
   turning the stock alone: in draw 1 always, in draw 3 for 0, the multiples of 3 and the end.
4. Moves left out because they cannot be the first move of a shortest winning line: a King with
   nothing under it into an empty column (the position is the same up to column order), an Ace
   from a foundation (nothing can go on it; dropping its trip down and back shortens the line), a
   card from a foundation that rule 1 would send straight back, and a stock turn followed by a
   column move (the two commute, so the column move can come first).
5. Of two uncovered twins a run or a card could go on, only one is tried: the results are one
   class (rule 2).

6. A run that would empty its column (nothing under it) moves only when no column is empty, and
   then together with a King filling the emptied column. An empty column is of use only to a King,
   and the move can be put off until just before that King comes: until then the run lies as
   legally in its own column as on the card it went to (moves that take from it or add to it are
   the same; a move of that card with the run on it becomes a move of the card alone, and the run
   goes onto it afterwards), and with an empty column already there the King can use that one.

7. In draw 1 a card from the talon is laid on a column (on a card, or a King into an empty column)
   only together with a move that puts a card on it at once: a run from another column, a card from
   a foundation, or another talon card laid the same way (so a chain of them is one move). Take a
   winning line that lays X from the talon, and leave X there until the first later move that puts a
   card on X. Until then nothing lies on X, so nothing needs it there: what X lay on (a card P, or
   an empty column) stays uncovered, since the line had covered it with X alone; a run that carried
   P with X on it carries P alone; and in draw 1 with unlimited passes every talon card can be
   turned up at any time, so no other talon move depends on X being gone. If X leaves first (home,
   or onto P's twin) it goes there straight from the talon, one move fewer. So each winning line has
   one no longer in which every laying comes just before a move onto the laid card; the other rules
   keep holding in it, since a laying only moves later, to just before the move that puts a card on
   the laid one (rule 6: a run emptying its column, a King laid from the talon into it and the card
   put on that King go together). One such move is never made: a tail moved from X's twin onto X
   (rule 2). Drop it from the line and play what follows with the twins' roles exchanged (rule 2's
   replay): a card put on the twin goes on X instead, a use as above, and the twin going home
   becomes the twin going home with its tail shifted onto X, which the search makes as one move
   (HOME of a covered twin). So when the twin lies face up in a top run with cards on it, X is laid
   for the uses above or together with the twin going home that way (an earlier version laid it
   alone there, a position for every such card: half of some proofs). In draw 3 leaving a card in
   the talon changes which cards later turns show, so there talon cards are laid one at a time.
8. In draw 1 a card goes home from the talon only together with the next card of its suit, from a
   column or from the talon the same way (so a run of them goes home as one move), and a King
   never (rule 1 sends it home once nothing else is left). Take a winning line that sends X home
   from the talon, and leave X in the talon until the first later move that needs it home: the
   next card of its suit going home, or X coming down onto a column (then X goes there straight
   from the talon, one move fewer). Until then no move needs X home: the only card that could go
   on it is that next card, and the card under it could come down only once X had left. Nor does
   any move need X out of the talon (draw 1, as in rule 7). A King has no next card, so its move
   home waits until the last, when every other card is home and rule 1 sends it. The line is no
   longer, and the other rules keep holding in it: a card going home only moves later, to just
   before another move home.

9. A card comes down from a foundation only within a move that uses it, in either draw. Its use is
   the first later move that needs it out of the foundation: a card put on it (a run from a column,
   a talon card, or another card from a foundation), its twin going home with the twin's tail
   shifted onto it (rule 2: a line that shifts a tail onto it is played on with the twins' roles
   exchanged, as in rule 7; in draw 1 the cards below the twin in its suit that lie in the talon go
   home first, within the move, since rule 8 keeps them there until the twin goes), or the next
   lower card of its suit coming down.
   Take a winning line and move each descent to just before its use (if the card leaves first,
   home again or onto its landing's twin, the two moves become none or one). Until then nothing
   lies on it, so what it lay on stays uncovered and a run that carried that card carries it alone;
   and the card staying home stops no move of the line before its use (the next card of its suit
   cannot have gone home in the line while it was out, and the lower card coming down is the use).
   The line is no longer, and each descent now comes just before its use, so the descents of one
   stretch of the line form a tree: a card's use is the descent of its next lower card, or of a card
   put on it, or one last move that is not a descent (a run or a talon card put on a card come down,
   or its twin going home). Made children first, the tree is one move, and the search makes it from
   a leaf upwards: after a card comes down it is used at once: a card is put on it, its twin goes
   home, or its next lower card comes down, onto a card brought out first when none is uncovered
   (one rank higher, from its foundation, the cards above it there first, or in draw 1 from the
   talon, each brought out the same way). A descent that needs both, cards above it and a card to
   lie on, is reached from the cards above it, as its next higher card's use. Every tree is made so,
   in one order or another, up from one of its leaves: a descent from a foundation's top onto a card
   uncovered before the move, a talon card laid for it in draw 1 (rule 7), or a run emptying its
   column for a King (rule 6). A talon card laid in draw 1 for a card come down is used at once as
   rule 7 asks, and a card come down onto a laid talon card is such a use. Where the tree is beyond
   the search (a King that needs an empty column a run would have to make within the move, or more
   than BUNDLE cards brought down or out in one expansion) the position reached so far is emitted
   too: it lies on the winning line, and the rest of the tree is made from it. A card come down that
   nothing could use (`Descents.usable`) ends its tree at once.

   The same argument without "the next lower card coming down" as a use fails: a chain of cards
   down from the foundations can need several cards laid out before the first is used, and an
   earlier version that bundled descents with a card put on them alone called solvable end games
   lost, and so did one without the twin going home, once rule 10 sent such twins home (draw-3 deal
   521, which has a win). With foundation return, rule 9 takes proofs most of the way to the game
   without it: draw-1 deal 56 is proven lost in 20,698 positions instead of 93,188 (18,583 with no
   card ever back down), 36 in 63,679 instead of 152,564.

10. Where cards may come back down from the foundations, a column's top card X that could go home
   and lies face up on a card Y it fits is sent home at once (`Canon.settle`), and proofs take half the
   positions or fewer (draw-1 deal 36: 24,682 instead of 46,694). The position with X home and the
   one with X on Y each reach the other in one move (X home; X back down onto Y, which nothing else
   covers), so they are won or lost together. For the search, measure a line by its moves that are
   not descents from a foundation first, then by all its moves. Every argument above only reorders,
   drops or merges a line's moves and never turns a descent into another move, so each holds with
   that measure; X home is no further from a win than X on Y by its first count (X's trip back
   down counts only in the second); and every move the search makes ends with a move that is not
   a descent (rule 9's trees end with a run or a talon card put on a card, or a twin going home),
   so the first count falls with each. Except a position part way through rule 9's move (the BUNDLE
   cap, or a King with no empty column), where only the second count falls: rule 10 is not applied
   to those (it would send the cards just come down straight back).

11. A whole top run that lies on a card U (face down until the move turns it up) moves onto a card
   only together with a move that uses U: U goes home (in draw 1 after the talon cards below it in
   its suit, rule 8), a card is put on U (a run, a talon card, a card from a foundation), U's twin
   goes home with its tail shifted onto U, U moves onto a card, or one of rule 9's moves touches U.
   Take a winning line that makes such a move M, and make M just before the first later move that
   needs U uncovered. Until then nothing needs M: the run lies as legally on U as on the card Y it
   went to (a move onto the run's top card, or of part of the run, is the same from either column; a
   move of Y with the run on it becomes a move of Y alone, the run following later), nothing else
   could go on Y while the run lay there, and M changes neither the talon, nor the foundations, nor
   which columns are empty. If the run moves on first, it goes there straight from U, one move
   fewer. The line is no longer, and the other rules keep holding in it: M only moves later, and a
   laying or descent that M was the use of (rules 7 and 9) moves with it. Two such runs can wait for
   the same move, one that needs both cards they turn up; a single move touches two such cards only
   when one goes on the other, or when it is one of rule 9's and each card takes or goes on a card
   that is home, so then a run is also made together with the other run (and a third run waiting too
   is made from there). The run is made alone, as before, where its use could be beyond these: U a
   King (a run emptying its column for it, rule 6, from anywhere in a move), a card U can take or go
   on in a draw-1 talon (rule 7's chains), or U or its twin sent home by rule 1 at once. The first
   version lacked the pairs and the King, and called draw-3 deals 45, 387, 413, 491 and 984 lost,
   which have wins; end games drawn at random had not caught it (400 drawn with runs on face-down
   cards neither), whole deals did. On deals 1..1000 draw 3's wins take a fifth fewer positions and
   its proofs a ninth (deal 854's main search: 46,571 instead of 67,504), draw 1's a sixth and a
   sixteenth (U's uses so often lie in its talon); CPU falls less, each such run costing a look at
   U's uses.

tests/test_klondike_solver.py holds the verdicts to a search that leaves nothing out.

This module and `klondike` run compiled by mypyc wherever a C compiler is found (`compiled`). The
compiled code checks the annotations as it runs, so each must say what really arrives, and
replacing their functions, methods or `Final` constants from outside has no effect on compiled
code. It is fast only where it knows the types: a value it cannot type exactly (a bare `tuple`, a
`Sequence` that may be a list or a tuple, what a dictionary subclass's lookup returns, a
`bytearray`'s item) goes through CPython's generic calls, each shift and index a call of its own.
So positions are spelled out (`Position`), the moves work on lists, a column's facts come from
typed methods, cards are found in bytes by a plain loop (`find_byte`) rather than a method call,
and the uncovered cards are a list, not a dictionary: on November 27 these took a search's
instructions down by half (callgrind, 10,000 positions of draw-3 deal 272: 1.96 G to 0.88 G), the
same positions in the same order. Later that day the uncovered cards became bits (`_tops`) and the
tables of small numbers bytes, which compiled code reads without unboxing: 3 % fewer again. Loops
stay typed (not `for x in a if c else ()` over two types, and bytes read by index), and whether a
column is empty is asked with `len(col)`, which compiled code reads from the object, where `if
col:` asks Python: 6 % fewer in all.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Final

FACE_DOWN: Final = 64
NO_CARD: Final = 255
TALON_MOST: Final = 52  # the most cards the stock and waste can hold (a board may put every card there)
# Rule 9: at most this many cards come down or are brought out in one expansion's moves; beyond it
# (never yet on deals 1..1000, where 80 is the most) positions part way are emitted instead. Not
# Final, unlike the tables here, which compiled code reads as constants: a test lowers it.
BUNDLE = 1_000

# A position: (columns, talon, key pointer, foundations), as `Space` describes it; a child is one
# with the internal moves that made it. Spelled out, so that compiled code works on the parts unboxed.
Position = tuple[tuple[bytes, ...], bytes, int, tuple[int, ...]]
InternalMove = tuple[int, int, int]  # (kind, card, target), below
Child = tuple[Position, tuple[InternalMove, ...]]
# How the moves hand a position on: (columns, talon, pointer, foundations, the moves that made it,
# whether it is part way through rule 9's move). `Space.children` finishes and keeps it.
Emit = Callable[[list[bytes], bytes, int, list[int], list[InternalMove], bool], None]
# `ColumnFacts.shape` of a position's columns: (1 + the column each top run's head heads, by card;
# the cards of top runs with a card on them, as bits; the cards heading top runs, as bits).
Shape = tuple[list[int], int, int]
# Rule 9's ways of bringing cards out (`Descents`): (columns, talon, foundations, moves), then with
# the column the last card went to, then with the card it went onto.
Way = tuple[list[bytes], bytes, list[int], list[InternalMove]]
Landed = tuple[list[bytes], bytes, list[int], list[InternalMove], int]
Landing = tuple[list[bytes], bytes, list[int], list[InternalMove], int, int]

# Internal moves: (kind, card, target). Targets are a card index (onto that card or its twin), or:
HOME: Final = 0  # a column card to its foundation (uncovering it first if it is a covered twin)
RUN: Final = 1  # the run headed by `card`, the lowest card of its column's top run, moves
TALON: Final = 2  # `card` from the talon: turn the stock until it is the waste's top card, then play it
DOWN: Final = 3  # `card` from its foundation back to a column
TO_EMPTY: Final = -1
TO_FOUNDATION: Final = -2

ONE: Final = tuple(bytes((i,)) for i in range(256))  # each byte as a bytes object of its own
# Tables of small numbers are bytes: compiled code reads a byte as a machine integer, where a
# tuple's item is an object to unbox.
RANK: Final = bytes(i % 13 + 1 for i in range(52))
SUIT: Final = bytes(i // 13 for i in range(52))
RED: Final = bytes(SUIT[i] in (1, 2) for i in range(52))
TWIN: Final = bytes((3 - SUIT[i]) * 13 + i % 13 for i in range(52))
# The cards a card can be built on: one rank higher, the other colour.
PARENTS: Final = tuple(
    tuple(s * 13 + RANK[i] for s in range(4) if RED[s * 13] != RED[i]) if RANK[i] < 13 else ()
    for i in range(52)
)
# The cards that can be laid on each card, as bits; the Kings, which can go into an empty column.
CHILDREN: Final = tuple(tuple(child for child in range(52) if i in PARENTS[child]) for i in range(52))
CHILD_BITS: Final = tuple(sum(1 << child for child in range(52) if i in PARENTS[child]) for i in range(52))
PARENT_BITS: Final = tuple(sum(1 << parent for parent in PARENTS[i]) for i in range(52))
RELATED: Final = tuple(CHILD_BITS[i] | PARENT_BITS[i] for i in range(52))  # what a card takes or goes on
RANK_BITS: Final = (0, *(sum(1 << (suit * 13 + rank - 1) for suit in range(4)) for rank in range(1, 14)))
RED_BITS: Final = sum(1 << card for card in range(52) if RED[card])
BLACK_BITS: Final = ((1 << 52) - 1) ^ RED_BITS
KINGS: Final = sum(1 << (suit * 13 + 12) for suit in range(4))
FITS: Final = bytes(parent in PARENTS[card] for card in range(52) for parent in range(52))  # [card * 52 + parent]
# Rule 1, as the foundations each card's safety looks at: (opposite, opposite, other same colour).
SAFE_SUITS: Final = tuple(((0, 3) if RED[i] else (1, 2)) + (3 - SUIT[i],) for i in range(52))


def is_safe(card: int, found: list[int]) -> bool:
    """Rule 1 of the module note: nothing that could ever lie on `card` is still in play."""
    a, b, same = SAFE_SUITS[card]
    r = RANK[card]
    return found[a] >= r - 1 and found[b] >= r - 1 and found[same] >= r - 2


def flip(col: bytes) -> bytes:
    """Turn up the top card of a column that has just lost its face-up cards."""
    if len(col) and col[-1] >= FACE_DOWN:
        return col[:-1] + ONE[col[-1] - FACE_DOWN]
    return col


def find_byte(data: bytes, value: int) -> int:
    """`data.find(value)`, as a loop that compiled code runs without a method call (columns and
    talons are short, and the call cost more than the search)."""
    for k in range(len(data)):
        if data[k] == value:
            return k
    return -1


def _column_facts(col: bytes) -> tuple[int, int]:
    """`ColumnFacts.info` of a column: (start of its top run, bit mask of the top run's cards)."""
    n = len(col)
    down = 0
    while down < n and col[down] >= FACE_DOWN:
        down += 1
    root = n - 1
    while root > down and FITS[col[root] * 52 + col[root - 1]]:
        root -= 1
    root = max(root, 0)
    mask = 0
    for k in range(root, n):
        mask |= 1 << col[k]
    return root, mask


def _undo_candidate(col: bytes) -> int:
    """`ColumnFacts.undo_card` of a column."""
    fits = len(col) > 1 and col[-2] < FACE_DOWN and FITS[col[-1] * 52 + col[-2]]
    return col[-1] if fits else NO_CARD


class ColumnFacts:
    """Facts about single columns, kept per distinct column, since most columns recur in many
    positions: the one object for equal columns, the top run, the card that could come straight
    back down, and what the moves read off the columns as a whole (`shape`, `off_column`)."""

    def __init__(self) -> None:
        self._facts: dict[bytes, tuple[int, int, bytes]] = {}
        self._undo: dict[bytes, int] = {}

    def one_of(self, col: bytes) -> bytes:
        """The one object kept for every column equal to `col`. Positions are made of these, so the
        look-ups of a column's facts and of positions seen mostly find their keys by identity
        rather than by comparing bytes."""
        return self.info(col)[2]

    def info(self, col: bytes) -> tuple[int, int, bytes]:
        """Facts about a column: (start of its top run, bit mask of the top run's cards, `one_of`
        it); the run from the start index up moves as one. Kept per column, since most columns
        recur in many positions (typed, so that compiled code works on them as machine integers),
        and together, so that a column a move has just made costs one look-up."""
        known = self._facts.get(col)
        if known is None:
            root, run = _column_facts(col)
            known = self._facts[col] = (root, run, col)
        return known

    def undo_card(self, col: bytes) -> int:
        """A column's top card when that lies face up on a card it fits (NO_CARD when not): sent
        home, it could come straight back down (rule 10) once it is next on its foundation. Kept
        per column, since `settle` asks about every column of every position it settles."""
        known = self._undo.get(col)
        if known is None:
            known = self._undo[col] = _undo_candidate(col)
        return known

    def shape(self, cols: list[bytes]) -> Shape:
        """For each card heading a column's top run, 1 + that column (0 for any other card); as bits
        the cards of top runs with a card on them: what a card laid from the talon may take at once
        (rule 7); and as bits the cards heading top runs."""
        heads = [0] * 64
        tails = head_bits = 0
        for i in range(len(cols)):  # by index: compiled code runs `enumerate` with a start as Python does
            col = cols[i]
            if len(col):
                root, mask, _ = self.info(col)
                heads[col[root]] = i + 1
                head_bits |= 1 << col[root]
                tails |= mask & ~(1 << col[-1])
        return heads, tails, head_bits

    def off_column(self, cols: list[bytes], card: int, tops: int) -> list[bytes] | None:
        """The columns after `card` goes home from them: from the top of a column, or from a top run
        when its twin is uncovered (the tail goes onto the twin, rule 2); None when it cannot."""
        i = _topped(cols, tops, card)
        if i >= 0:
            new = list(cols)
            new[i] = flip(cols[i][:-1])
            return new
        j = _topped(cols, tops, TWIN[card])
        if j < 0:
            return None
        for i, col in enumerate(cols):
            k = find_byte(col, card)
            if k >= 0:
                if k < self.info(col)[0]:
                    return None
                new = list(cols)
                new[j] = cols[j] + col[k + 1:]
                new[i] = flip(col[:k])
                return new
        return None


def covered_pointers(draw: int) -> tuple[int, ...]:
    """For each key pointer, as bits, the key pointers whose positions count as seen once its own
    position (same columns and talon) is: itself and, for a pointer off the stock's cycle (draw 3),
    the cycle (key pointer 0) and the pointers a multiple of the draw further on, which it reaches by
    turning the stock alone. Those positions can do nothing this one cannot: a talon card played
    leaves the same position whichever pointer it was turned up from, and other moves keep the
    pointer."""
    return (1,) + tuple(1 | sum(1 << q for q in range(p, TALON_MOST + 1, draw)) for p in range(1, TALON_MOST + 1))


class TalonTurns:
    """Where turning the stock alone can stop, for `draw` cards turned at a time (rule 3), and
    what must go home from the talon before a card can (rule 8)."""

    def __init__(self, draw: int) -> None:
        self.draw = draw
        # Stops by talon length and pointer; the rest by talon, each with a list by pointer (or by card
        # played): a look-up by a talon alone, whose hash the bytes keep, makes and hashes no tuple.
        self._reach: list[list[tuple[int, ...] | None]] = [[None] * (length + 1) for length in range(TALON_MOST + 1)]
        self._talon: dict[bytes, list[tuple[int, dict[int, int]] | None]] = {}
        self._without: dict[bytes, list[bytes | None]] = {}
        self._talons: dict[bytes, bytes] = {}
        # The last talon `without` was asked about: one expansion asks about its own talon again and
        # again (each card it plays), so that talon's list is found by identity.
        self._last: bytes = b""
        self._last_rests: list[bytes | None] = []

    def reach(self, length: int, p: int) -> tuple[int, ...]:
        """The pointers at which turning the stock alone (and turning the waste over) stops."""
        known = self._reach[length][p]
        if known is None:
            found: list[int] = []
            if self.draw == 1:
                found = list(range(1, length + 1))
            else:
                q = p
                if q > 0:
                    found.append(q)
                while q < length:
                    q = min(q + self.draw, length)
                    found.append(q)
                q = 0
                while q < length:
                    q = min(q + self.draw, length)
                    if q not in found:
                        found.append(q)
            known = self._reach[length][p] = tuple(found)
        return known

    def talon_reach(self, talon: bytes, p: int) -> tuple[int, dict[int, int]]:
        """The talon cards turning the stock can bring to the top of the waste, as bits, and for each
        the pointer that shows it."""
        by_pointer = self._talon.get(talon)
        if by_pointer is None:
            by_pointer = self._talon[talon] = [None] * (len(talon) + 1)
        known = by_pointer[p]
        if known is None:
            bits = 0
            pointers: dict[int, int] = {}
            for q in self.reach(len(talon), p):
                card = talon[q - 1]
                bits |= 1 << card
                pointers[card] = q
            known = by_pointer[p] = (bits, pointers)
        return known

    def without(self, talon: bytes, q: int) -> bytes:
        """The talon after its q-th card (from 1) is played. Kept, and one object for each talon: the
        positions seen are looked up by their talon, and two talons that are one object compare
        without reading their bytes (a proof's look-ups mostly find positions met before)."""
        rests = self._last_rests
        if talon is not self._last:
            kept = self._without.get(talon)
            if kept is None:
                kept = self._without[talon] = [None] * len(talon)
            rests = self._last_rests = kept
            self._last = talon
        known = rests[q - 1]
        if known is None:
            rest = talon[:q - 1] + talon[q:]
            known = rests[q - 1] = self._talons.setdefault(rest, rest)
        return known

    def pointer(self, length: int, p: int) -> int:
        """The pointer as the key holds it: 0 for every pointer on the stock's cycle (rule 3)."""
        if self.draw == 1 or p % self.draw == 0 or p == length:
            return 0
        return p

    def home_first(self, talon: bytes, found: list[int], card: int) -> tuple[bytes, list[InternalMove]] | None:
        """What must go home before `card` can: nothing when it is next, or in draw 1 the cards of its
        suit below it when all lie in the talon (rule 8 sends them only with the card after them, so
        a move sending `card` home sends them first). Returns (the talon left, their moves), or None
        when `card` cannot go home that way."""
        suit = SUIT[card]
        if found[suit] == RANK[card] - 1:
            return talon, []
        if self.draw != 1 or found[suit] >= RANK[card]:
            return None
        chain: list[InternalMove] = []
        for lower in range(suit * 13 + found[suit], card):
            k = find_byte(talon, lower)
            if k < 0:
                return None
            talon = talon[:k] + talon[k + 1:]
            chain.append((TALON, lower, TO_FOUNDATION))
        return talon, chain


class Canon:
    """Making a position canonical: the safe moves home made (rules 1 and 10), twins' tails in
    order (rule 2), the columns sorted and the pointer as the key holds it (rule 3)."""

    def __init__(self, facts: ColumnFacts, turns: TalonTurns, foundation_return: bool) -> None:
        self.facts = facts
        self.turns = turns
        self.draw = turns.draw
        self.foundation_return = foundation_return
        self.safe_next: dict[tuple[int, ...], tuple[int, ...]] = {}
        self.covers = covered_pointers(turns.draw)
        self.parent: tuple[bytes, ...] = ()  # `runs_of`
        self.parent_runs: list[int] = []

    def settle(self, cols: list[bytes], talon: bytes, found: list[int], done: list[InternalMove],
               undoable: bool = True) -> bytes:
        """Make every safe foundation move (rule 1), and with `undoable` every move home that could be
        undone at once (rule 10), appending each to `done`; returns the talon.

        A talon card goes home only in draw 1, where the pointer does not matter (rule 3), so taking
        a card out of the waste leaves nothing else to adjust."""
        undoable = undoable and self.foundation_return
        safe_next = self.safe_next
        moved = True
        while moved:
            moved = False
            key = tuple(found)
            candidates = safe_next.get(key)
            if candidates is None:
                candidates = safe_next[key] = tuple(
                    s * 13 + found[s] for s in range(4) if found[s] < 13 and is_safe(s * 13 + found[s], found)
                )
            for card in candidates:
                i = k = -1
                for n in range(len(cols)):  # face up in a column (a face-down card is stored + 64)?
                    k = find_byte(cols[n], card)
                    if k >= 0:
                        i = n
                        break
                if i >= 0:
                    col = cols[i]
                    if k == len(col) - 1:
                        cols[i] = flip(col[:-1])
                    else:
                        if k < self.facts.info(col)[0]:
                            continue  # stuck under a card that is not its run
                        twin = TWIN[card]
                        j = next((j for j, other in enumerate(cols) if other and other[-1] == twin), -1)
                        if j < 0:
                            continue
                        cols[j] = cols[j] + col[k + 1:]
                        cols[i] = flip(col[:k])
                    found[SUIT[card]] += 1
                    done.append((HOME, card, TO_FOUNDATION))
                    moved = True
                elif self.draw == 1:
                    k = find_byte(talon, card)
                    if k >= 0:
                        talon = talon[:k] + talon[k + 1:]
                        found[SUIT[card]] += 1
                        done.append((TALON, card, TO_FOUNDATION))
                        moved = True
                if moved:
                    break
            if not moved and undoable:
                for i, col in enumerate(cols):
                    card = self.facts.undo_card(col)
                    if card != NO_CARD and found[SUIT[card]] == RANK[card] - 1:
                        cols[i] = col[:-1]
                        found[SUIT[card]] += 1
                        done.append((HOME, card, TO_FOUNDATION))
                        moved = True
                        break
        return talon

    def twins_in_order(self, cols: list[bytes], touched: int, runs: int = -1) -> bool:
        """Put twins' tails in canonical order (rule 2), in place; returns whether any moved.

        `touched`: as bits, the cards in the top runs of the columns replaced since the settled
        position `cols` was made from (every card when there is none), since only twins with a card
        among them can be out of order: the others' tails are as they were. The card on each twin
        (255 for none) is read from its column, so no column's facts need more than its run's bits.
        `runs`: the cards of every top run, as bits, when the caller knows them (-1: worked out here)."""
        # Twins that may pair: clubs (bits 0-12) with spades (39-51), diamonds (13-25) with hearts (26-38).
        wanted = ((touched | touched >> 39) & 0x1FFF) | ((((touched >> 13) | (touched >> 26)) & 0x1FFF) << 13)
        if not wanted:
            return False
        mask = runs
        if mask < 0:
            mask = 0
            for col in cols:
                mask |= self.facts.info(col)[1]
        pairs = wanted & ((mask & (mask >> 39) & 0x1FFF) | (((mask >> 13) & (mask >> 26) & 0x1FFF) << 13))
        if not pairs:
            return False  # the common case, without a list of the masks to make
        masks = [self.facts.info(col)[1] for col in cols]
        moved = False
        while pairs:
            low = (pairs & -pairs).bit_length() - 1
            pairs &= pairs - 1
            high = TWIN[low]
            i = j = 0
            for n in range(len(masks)):
                if masks[n] >> low & 1:
                    i = n
                if masks[n] >> high & 1:
                    j = n
            a, b = cols[i], cols[j]
            tail_a = find_byte(a, low) + 1
            tail_b = find_byte(b, high) + 1
            if (a[tail_a] if tail_a < len(a) else NO_CARD) <= (b[tail_b] if tail_b < len(b) else NO_CARD):
                continue
            # Swapping the tails leaves every other card's child as it was.
            _, masks[i], cols[i] = self.facts.info(a[:tail_a] + b[tail_b:])
            _, masks[j], cols[j] = self.facts.info(b[:tail_b] + a[tail_a:])
            moved = True
        return moved

    def finish(self, cols: list[bytes], talon: bytes, p: int, found: list[int], done: list[InternalMove],
               parent: tuple[bytes, ...] | None = None, parent_found: tuple[int, ...] | None = None,
               seen: dict[tuple[bytes, ...], int] | None = None,
               undoable: bool = True) -> Position | None:
        """Settle, then canonical form (twins' tails in order, rule 2, and the columns sorted, rule
        3): returns (columns, talon, key pointer, foundations), or None when the position is in
        `seen` (for each layout, columns and talon, the key pointers met as bits: `_BestFirst`);
        a position returned is recorded there, with the pointers it covers (`covered_pointers`), so
        the search looks each child up once.
        `undoable` False: no move home that rule 10 would make (a position part way through rule
        9's move).

        `parent` and `parent_found`: the settled position `cols` was made from by one move (see
        `settled_still`). Most children of a position are positions met before, so they are looked
        up with their columns merely sorted first; one whose twins' tails had to be exchanged leaves
        that sorted form in `seen` too, as another name of its position, since the same arrangement
        comes back from other moves and is then found without the exchange."""
        new_found = tuple(found)
        touched = runs = -1
        if parent is not None:
            if new_found != parent_found or not self.settled_still(cols, parent, new_found):
                talon = self.settle(cols, talon, found, done, undoable)
                new_found = tuple(found)
            parent_runs = self.runs_of(parent)
            touched = runs = 0
            for n in range(len(cols)):
                col = cols[n]
                if col is not parent[n]:
                    _, run, cols[n] = self.facts.info(col)
                    touched |= run
                else:
                    runs |= parent_runs[n]
            runs |= touched
        else:
            talon = self.settle(cols, talon, found, done, undoable)
            new_found = tuple(found)
            for n in range(len(cols)):
                cols[n] = self.facts.one_of(cols[n])
        q = self.turns.pointer(len(talon), p)
        cols.sort()
        key = tuple(cols)
        layout = key + (talon,)  # one flat tuple: a look-up compares one object less than a pair would
        known = 0
        if seen is not None:
            known = seen.get(layout, 0)
            if known >> q & 1:
                return None
        if self.twins_in_order(cols, touched, runs):
            if seen is not None:
                seen[layout] = known | 1 << q
            cols.sort()
            key = tuple(cols)
            layout = key + (talon,)
            if seen is not None:
                known = seen.get(layout, 0)
                if known >> q & 1:
                    return None
        if seen is not None:
            seen[layout] = known | self.covers[q]
        return key, talon, q, new_found

    def runs_of(self, parent: tuple[bytes, ...]) -> list[int]:
        """The cards of each column's top run, as bits, of the position whose children are being
        finished: kept while its children come, so each child's columns taken from it unchanged cost
        no look-up of their facts (`twins_in_order` wants every top run's cards)."""
        if parent is not self.parent:
            self.parent = parent
            self.parent_runs = [self.facts.info(col)[1] for col in parent]
        return self.parent_runs

    def settled_still(self, cols: list[bytes], parent: tuple[bytes, ...], found: tuple[int, ...]) -> bool:
        """Whether `settle` would find nothing to do in `cols`, made by a move that left the
        foundations as they were from the settled position `parent`.

        The cards `settle` may send home are the same as in the parent, where none could go: not
        from the talon (in draw 1 none lies there, and the move only took talon cards away), and not
        from an unchanged column unless a changed one now has its twin on top. So only a card in a
        changed column's top run, or one whose twin tops a changed column, can go now; and by rule 10
        only a changed column's top card (a parent part way through rule 9's move may have such a
        card on an unchanged column: leaving it is exact too, rule 10 being a choice)."""
        candidates = self.safe_next.get(found)
        if candidates is None:
            return False  # not worked out yet: `settle` does
        undoable = self.foundation_return
        if not candidates and not undoable:
            return True
        for n, col in enumerate(cols):
            if col is parent[n] or not len(col):
                continue
            card = self.facts.undo_card(col) if undoable else NO_CARD
            if card != NO_CARD and found[SUIT[card]] == RANK[card] - 1:
                return False
            run = self.facts.info(col)[1]
            top = col[-1]
            for card in candidates:
                if run >> card & 1 or top == TWIN[card]:
                    return False
        return True


class Descents:
    """Rule 9: cards back down from the foundations, each within a move that uses it, and the
    cards brought out for them. Holds what one expansion's descents share: the position being
    expanded (or within rule 11's move the one after its run), the cards it could use (`usable`)
    and how many more cards may come down or out (BUNDLE)."""

    covers: Covers  # set by `Space`: the two make each other's moves

    def __init__(self, facts: ColumnFacts, turns: TalonTurns, foundation_return: bool) -> None:
        self.facts = facts
        self.turns = turns
        self.draw = turns.draw
        self.foundation_return = foundation_return
        self.expanding: tuple[list[bytes], bytes, list[int]] = ([], b"", [])
        self.uses: int | None = None
        self.work = BUNDLE

    def begin(self, cols: list[bytes], talon: bytes, found: list[int]) -> None:
        """A new expansion, of this position."""
        self.work = BUNDLE  # rule 9's cards brought down or out in this expansion, left
        self.expanding = (cols, talon, found)  # for `usable`
        self.uses = None  # `usable` of this position, once worked out

    def from_foundations(self, cols: list[bytes], talon: bytes, p: int, found: list[int],
                         tops: int, empty: int, emit: Emit, heads: list[int] | None) -> None:
        """Emit the cards back down from the foundations (not an Ace, not one rule 1 would send
        back), each only together with its use (rule 9). `heads` as `descend` takes it, if known."""
        if not self.foundation_return:
            return
        for suit in range(4):
            rank = found[suit]
            if rank < 2:
                continue
            card = suit * 13 + rank - 1
            if is_safe(card, found):
                continue
            j, target = _landing(cols, card, tops, empty)
            if j < 0:
                continue
            new = list(cols)
            new[j] = cols[j] + ONE[card]
            f = list(found)
            f[suit] -= 1
            if heads is None:
                heads = self.facts.shape(cols)[0]
            self.descend(new, j, card, talon, p, f, [(DOWN, card, target)], emit, heads)

    def usable(self) -> int:
        """The cards, as bits, that rule 9 could use at once if laid down now: each is one a top
        run's head can go on, or (draw 3) a talon card, or the twin of a covered card in a top run
        that could go home, or one a card from a foundation or (draw 1) the talon so used can go on,
        or (home) one whose next lower card, home, is so used. A card come down that is none of
        these has no use within the move, so `descend` stops there at once rather than bring out
        everything it might need. Worked out once per expansion from the position being expanded:
        within its moves no top run gets a new head that matters (a run that moves ends the move,
        and a King has no card to go on) and the talon only shrinks."""
        if self.uses is not None:
            return self.uses
        cols, talon, found = self.expanding
        usable = tails = 0
        for col in cols:
            if len(col):
                root, run, _ = self.facts.info(col)
                usable |= PARENT_BITS[col[root]]
                tails |= run & ~(1 << col[-1])
        in_talon = _bits(talon) if self.draw == 1 else 0
        home = _home_bits(found)
        covered = _next_home(in_talon, found) & tails
        while covered:  # each could go home, its tail onto its twin
            low = covered & -covered
            usable |= 1 << TWIN[low.bit_length() - 1]
            covered ^= low
        placeable = home
        if self.draw == 1:
            placeable |= in_talon  # every talon card: laid, then used as rule 7 asks
        else:
            for k in range(len(talon)):  # by index, as `_bits` reads its bytes
                usable |= PARENT_BITS[talon[k]]  # a talon card put on it is a use that ends the move
        for rank in range(2, 14):  # a rank at a time, each card's children and lower card first
            lower = usable & RANK_BITS[rank - 1]
            if placeable & RANK_BITS[rank] & ~usable:
                # placeable, with a placeable child that is usable, or home with its lower card usable
                laid = lower & placeable
                by_child = (BLACK_BITS if laid & RED_BITS else 0) | (RED_BITS if laid & BLACK_BITS else 0)
                usable |= placeable & RANK_BITS[rank] & (by_child | home & lower << 1)
        self.uses = usable
        return usable

    def descend(self, cols: list[bytes], j: int, card: int, talon: bytes, p: int, found: list[int], moves: list[InternalMove],
                emit: Emit, heads: list[int] | None = None) -> None:
        """`card` has just come down from its foundation onto column j: emit each way of using it
        within the same move (rule 9). A card is put on it: a run from another column, a talon card
        (in draw 1 with rule 7's chain), or the top card of a foundation, itself used the same way;
        or its twin goes home, the twin's tail shifted onto it (rule 2); or the next lower card of
        its suit comes down after it (onto a card brought out for it when none is uncovered), itself
        used the same way. A card that needs both, cards above it brought down and a card to lie on
        brought out, is reached from the cards above it, so a card is never put on `card` from
        inside a foundation. Where bringing cards out is beyond `land`, the position as it is now
        is emitted as well.

        `heads`: `ColumnFacts.shape`'s heads (1 + the column each top run's head card heads) of the columns
        before this move began (laying cards on top of runs keeps their heads; a King into an empty
        column is no card's child)."""
        if not self.usable() >> card & 1:
            return
        self.work -= 1
        if self.work < 0:
            emit(cols, talon, p, list(found), moves, True)
            return
        if heads is None:
            heads = self.facts.shape(cols)[0]
        self.covers.cover(cols, j, card, talon, p, found, moves, emit, heads)
        stuck = False
        lower = card - 1
        if RANK[card] > 2 and self.usable() >> lower & 1 and not is_safe(lower, found):
            k, target = _landing(cols, lower, _tops(cols), -1)
            if k >= 0:
                landings: list[Landing] = [(cols, talon, found, moves, k, target)]
            else:
                landings = []
                for parent in PARENTS[lower]:
                    ways = self.out(cols, talon, found, parent, moves)
                    if ways is None:
                        stuck = True
                        continue
                    landings += [(*way, parent) for way in ways]
            for c, t, f, m, k, target in landings:
                if not is_safe(lower, f):
                    c = list(c)
                    c[k] = c[k] + ONE[lower]
                    f = list(f)
                    f[SUIT[lower]] -= 1
                    self.descend(c, k, lower, t, p, f, m + [(DOWN, lower, target)], emit, heads)
        if stuck:
            emit(cols, talon, p, list(found), moves, True)

    def above(self, cols: list[bytes], talon: bytes, found: list[int], card: int, moves: list[InternalMove]) -> list[Way] | None:
        """The cards above `card` in its foundation brought down, the highest first."""
        suit = SUIT[card]
        ways: list[Way] = [(cols, talon, found, moves)]
        for rank in range(found[suit], RANK[card], -1):
            later: list[Way] = []
            for c, t, f, m in ways:
                landed = self.land(c, t, f, suit * 13 + rank - 1, m)
                if landed is None:
                    return None
                later += [way[:4] for way in landed]
            ways = later
        return ways

    def out(self, cols: list[bytes], talon: bytes, found: list[int], card: int, moves: list[InternalMove]) -> list[Landed] | None:
        """`card` laid on a column: from its foundation (the cards above it first), or in draw 1
        from the talon."""
        if found[SUIT[card]] >= RANK[card]:
            ways = self.above(cols, talon, found, card, moves)
            if ways is None:
                return None
            out: list[Landed] = []
            for c, t, f, m in ways:
                landed = self.land(c, t, f, card, m)
                if landed is None:
                    return None
                out += landed
            return out
        if self.draw == 1 and card in talon:
            return self.land(cols, talon, found, card, moves)
        return []

    def land(self, cols: list[bytes], talon: bytes, found: list[int], card: int,
             moves: list[InternalMove]) -> list[Landed] | None:
        """`card`, the top of its foundation or (draw 1) in the talon, laid on an uncovered card one
        higher (one of two twins: rule 5), or on one brought out for it when none is uncovered, or
        as a King into an empty column."""
        suit = SUIT[card]
        home = found[suit] == RANK[card]
        if home and is_safe(card, found):
            return []
        self.work -= 1
        if self.work < 0:
            return None
        k, target = _landing(cols, card, _tops(cols), next((i for i, col in enumerate(cols) if not col), -1))
        if k >= 0:
            landings: list[Landing] = [(cols, talon, found, moves, k, target)]
        elif RANK[card] == 13:
            return None
        else:
            landings = []
            for parent in PARENTS[card]:
                ways = self.out(cols, talon, found, parent, moves)
                if ways is None:
                    return None
                landings += [(*way, parent) for way in ways]
        out: list[Landed] = []
        for c, t, f, m, k, target in landings:
            c = list(c)
            c[k] = c[k] + ONE[card]
            if home:
                f = list(f)
                f[suit] -= 1
                out.append((c, t, f, m + [(DOWN, card, target)], k))
            else:
                at = find_byte(t, card)
                out.append((c, t[:at] + t[at + 1:], f, m + [(TALON, card, target)], k))
        return out


class Covers:
    """A card just laid on a column, from the talon (rule 7) or a foundation (rule 9), used at once:
    a card or a run put on it, or its twin going home; and an emptied column filled by a King (rule 6)."""

    def __init__(self, facts: ColumnFacts, turns: TalonTurns, descents: Descents, foundation_return: bool) -> None:
        self.facts = facts
        self.turns = turns
        self.descents = descents
        self.draw = turns.draw
        self.foundation_return = foundation_return

    def cover(self, cols: list[bytes], j: int, card: int, talon: bytes, p: int, found: list[int], moves: list[InternalMove],
              emit: Emit, heads: list[int], shape: Shape | None = None,
               useful: int | None = None) -> None:
        """`card` has just been laid on top of column j, from the talon (rule 7) or a foundation
        (rule 9): emit each use of it at once. Its twin goes home, the twin's tail shifted onto it;
        or a card is put on it, a move of its own after the laying: a run from another column, the
        top card of a foundation (itself used the same way, `Descents.descend`), or a talon card (in draw 1
        itself laid for a use, `lay`; in draw 3 any the stock can bring up).

        `heads` as `Descents.descend` takes it; `shape` and `useful` (draw 1) as `lay` takes them for the
        talon cards laid on `card`, worked out here when not given."""
        self.twin_home(cols, card, talon, p, found, moves, emit)
        for other in CHILDREN[card]:
            self.run_onto(cols, j, card, other, heads, talon, p, found, moves, emit)
            suit = SUIT[other]
            if self.foundation_return and found[suit] == RANK[other] > 1 and not is_safe(other, found):
                new = list(cols)
                new[j] = cols[j] + ONE[other]
                f = list(found)
                f[suit] -= 1
                self.descents.descend(new, j, other, talon, p, f, moves + [(DOWN, other, card)], emit, heads)
        if not talon:
            return
        if self.draw == 1:
            if useful is None:
                if not any(other in talon for other in CHILDREN[card]):
                    return
                shape = self.facts.shape(cols)
                useful = self.layable(talon, found, shape)
            for other in CHILDREN[card]:
                if useful >> other & 1:
                    k = find_byte(talon, other)
                    new = list(cols)
                    new[j] = cols[j] + ONE[other]
                    self.lay(new, j, other, talon[:k] + talon[k + 1:], found, moves + [(TALON, other, card)], emit,
                              shape, useful)
        else:
            reachable, pointers = self.turns.talon_reach(talon, p)
            for other in CHILDREN[card]:
                if reachable >> other & 1:
                    q = pointers[other]
                    new = list(cols)
                    new[j] = cols[j] + ONE[other]
                    emit(new, self.turns.without(talon, q), q - 1, list(found), moves + [(TALON, other, card)], False)

    def lay(self, cols: list[bytes], j: int, card: int, talon: bytes, found: list[int], moves: list[InternalMove], emit: Emit,
             shape: Shape | None = None, useful: int | None = None) -> None:
        """`card` has just been laid from the talon on top of column j (draw 1): emit each way of
        putting a card on it at once, each a move of its own after the laying, and its twin going
        home with the twin's tail shifted onto it (rule 7).

        `shape`: `ColumnFacts.shape` of the columns before `card` was laid, if the caller has it (only column j
        has changed since, by growing); `useful`: `layable` of the talon before, if it has that."""
        heads, tails, head_bits = shape or self.facts.shape(cols)
        if useful is None:
            useful = self.layable(talon, found, (heads, tails, head_bits))
        self.cover(cols, j, card, talon, 0, found, moves, emit, heads, (heads, tails | 1 << card, head_bits), useful)

    def layable(self, talon: bytes, found: list[int], shape: Shape) -> int:
        """The talon cards, as bits, that `lay` can use at once (rule 7), itself or through a chain
        of talon cards each laid on the one before: a card whose twin has a tail and could go home
        (the tail shifts onto the laid card), or one a run head, a card from a foundation or such a
        talon card can go on. Chains that end in none of these lay cards and emit nothing; they
        were most of the work of `lay`."""
        _, tails, ends = shape  # ends: what can go on a laid card at once, from outside the talon
        if self.foundation_return:
            for suit in range(4):
                rank = found[suit]
                if rank > 1 and not is_safe(suit * 13 + rank - 1, found):
                    ends |= 1 << (suit * 13 + rank - 1)
        useful = 0
        in_talon = _bits(talon)  # draw 1: every talon card can be turned up
        twins = _next_home(in_talon, found) & tails  # covered, could go home
        for rank in range(1, 14):  # a card's children first, one rank lower
            cards = in_talon & RANK_BITS[rank]
            while cards:
                low = cards & -cards
                cards ^= low
                card = low.bit_length() - 1
                if CHILD_BITS[card] & (ends | useful) or twins >> TWIN[card] & 1:
                    useful |= low
        return useful

    def twin_home(self, cols: list[bytes], card: int, talon: bytes, p: int, found: list[int], moves: list[InternalMove],
                  emit: Emit) -> None:
        """`card` has just been laid on a column: emit its twin, covered in a top run, going home with
        its tail shifted onto `card` (rule 2), a use of a card laid from the talon (rule 7) or come
        down from a foundation (rule 9). An uncovered twin goes home without `card`."""
        twin = TWIN[card]
        below = self.turns.home_first(talon, found, twin)
        if below is None:
            return
        tops = _tops(cols)
        if tops >> twin & 1:
            return
        new = self.facts.off_column(cols, twin, tops)
        if new is not None:
            rest, chain = below
            f = list(found)
            f[SUIT[twin]] = RANK[twin]
            emit(new, rest, p, f, moves + chain + [(HOME, twin, TO_FOUNDATION)], False)

    def run_onto(self, cols: list[bytes], j: int, card: int, other: int, heads: list[int], talon: bytes, p: int,
                 found: list[int], moves: list[InternalMove], emit: Emit) -> None:
        """`card` has just been laid on top of column j: emit the run headed by `other`, if one heads a
        top run in another column, moved onto it (a run that empties its column only with no column
        empty, and a King following: rule 6)."""
        i = heads[other] - 1
        if i < 0 or i == j:
            return
        col = cols[i]
        root = self.facts.info(col)[0]
        new = list(cols)
        new[j] = cols[j] + col[root:]
        new[i] = flip(col[:root])
        if root > 0:
            emit(new, talon, p, list(found), moves + [(RUN, other, card)], False)
        elif all(cols):
            self.kings_into(new, i, talon, p, found, moves + [(RUN, other, card)], emit)

    def kings_into(self, cols: list[bytes], e: int, talon: bytes, p: int, found: list[int], moves: list[InternalMove],
                   emit: Emit) -> None:
        """Column e has just been emptied: emit each way a King can fill it at once (rule 6): a
        King-headed run with cards under it, a King from the talon, or one from its foundation."""
        for i, col in enumerate(cols):
            if len(col):
                root = self.facts.info(col)[0]
                if root > 0 and RANK[col[root]] == 13:
                    new = list(cols)
                    new[e] = col[root:]
                    new[i] = flip(col[:root])
                    emit(new, talon, p, list(found), moves + [(RUN, col[root], TO_EMPTY)], False)
        for q in self.turns.reach(len(talon), p):  # none for an empty talon
            king = talon[q - 1]
            if RANK[king] == 13:
                new = list(cols)
                new[e] = ONE[king]
                if self.draw == 1:
                    self.lay(new, e, king, self.turns.without(talon, q), found, moves + [(TALON, king, TO_EMPTY)], emit)
                else:
                    emit(new, self.turns.without(talon, q), q - 1, list(found), moves + [(TALON, king, TO_EMPTY)], False)
        if not self.foundation_return:
            return
        for suit in range(4):
            king = suit * 13 + 12
            if found[suit] == 13 and not is_safe(king, found):
                new = list(cols)
                new[e] = ONE[king]
                f = list(found)
                f[suit] = 12
                self.descents.descend(new, e, king, talon, p, f, moves + [(DOWN, king, TO_EMPTY)], emit)


class Space:
    """The positions of one deal's search, for `draw` cards turned at a time: the moves from a
    position (`children`), made of the pieces above.

    A position is (columns, talon, pointer, foundations): the columns a sorted tuple of bytes, the
    foundations a tuple of four ranks. Its first three parts are its key.
    """

    def __init__(self, draw: int, foundation_return: bool = True) -> None:
        """`foundation_return` False: the game forbids playing a card back down from a foundation,
        so the search never lays a card down from one (a King into an empty column included)."""
        self.draw = draw
        self.foundation_return = foundation_return
        self.facts = ColumnFacts()
        self.turns = TalonTurns(draw)
        self.canon = Canon(self.facts, self.turns, foundation_return)
        self.descents = Descents(self.facts, self.turns, foundation_return)
        self.covers = self.descents.covers = Covers(self.facts, self.turns, self.descents, foundation_return)

    def finish(self, cols: list[bytes], talon: bytes, p: int, found: list[int], done: list[InternalMove]) -> Position | None:
        """`Canon.finish` of a position made from none: settled and in canonical form."""
        return self.canon.finish(cols, talon, p, found, done)

    def reach(self, length: int, p: int) -> tuple[int, ...]:
        return self.turns.reach(length, p)

    def pointer(self, length: int, p: int) -> int:
        return self.turns.pointer(length, p)

    def children(self, position: Position,
                 seen: dict[tuple[bytes, ...], int] | None = None) -> list[Child]:
        """Every position one move away as the module note's rules allow, each with the moves made;
        with `seen`, only those it does not hold yet, each recorded there (`Canon.finish`).

        The moves work on lists (`cols`, `found`), each copied before it is changed: compiled code
        indexes a list directly, where a value that may be a list or a tuple costs a call."""
        parent_cols, talon, p, parent_found = position
        cols = list(parent_cols)
        found = list(parent_found)
        self.descents.begin(cols, talon, found)
        out: list[Child] = []
        tops = _tops(cols)
        empty = 0 if cols and not len(cols[0]) else -1  # sorted: an empty column comes first

        def emit(new_cols: list[bytes], new_talon: bytes, new_p: int, new_found: list[int], moves: list[InternalMove],
                 part_way: bool) -> None:
            done = list(moves)
            child = self.canon.finish(new_cols, new_talon, new_p, new_found, done, parent_cols, parent_found, seen,
                                not part_way)
            if child is not None:
                out.append((child, tuple(done)))

        # Cards to the foundations: uncovered ones, and covered twins whose twin is uncovered.
        for suit in range(4):
            rank = found[suit]
            if rank == 13:
                continue
            card = suit * 13 + rank
            new = self.facts.off_column(cols, card, tops)
            if new is not None:
                f = list(found)
                f[suit] += 1
                emit(new, talon, p, f, [(HOME, card, TO_FOUNDATION)], False)

        # Whole top runs: onto a card one higher, or a King's run into an empty column. A run that
        # would empty its column does so only when no column is empty, with a King following (rule 6);
        # one that turns a card up onto a card, with a use of that card or another such run (rule 11).
        uncovering: list[tuple[list[bytes], int, int, int, int]] = []
        for i, col in enumerate(cols):
            if not len(col):
                continue
            root = self.facts.info(col)[0]
            head = col[root]
            if RANK[head] == 13:
                if root > 0 and empty >= 0:
                    new = list(cols)
                    new[empty] = col[root:]
                    new[i] = flip(col[:root])
                    emit(new, talon, p, list(found), [(RUN, head, TO_EMPTY)], False)
                continue
            if root == 0 and empty >= 0:
                continue  # any King can use the empty column there is (rule 6)
            moved = _onto_parent(cols, i, root, tops)
            if moved is not None:
                new, parent = moved
                if root > 0:
                    uncovering.append((new, i, head, parent, new[i][-1]))
                else:
                    self.covers.kings_into(new, i, talon, p, found, [(RUN, head, parent)], emit)
        home = _home_bits(found) if len(uncovering) > 1 and self.foundation_return else 0
        for new, i, head, parent, card in uncovering:
            if self._uncover(new, i, talon, p, found, [(RUN, head, parent)], emit):
                # Another such run, when one move may need both cards turned up: one goes on the
                # other, or a move of rule 9's touches both (each takes or goes on a card home).
                for _, k, other, _, turned in uncovering:
                    if (FITS[card * 52 + turned] or FITS[turned * 52 + card]
                            or home & RELATED[card] and home & RELATED[turned]
                            and other != head):
                        self._run_after(new, k, talon, p, found, [(RUN, head, parent)], emit)

        shape = self._talon_moves(cols, talon, p, found, tops, empty, emit)
        self.descents.from_foundations(cols, talon, p, found, tops, empty, emit, shape and shape[0])
        return out

    def _talon_moves(self, cols: list[bytes], talon: bytes, p: int, found: list[int],
                     tops: int, empty: int, emit: Emit) -> Shape | None:
        """Emit the talon's moves: each waste top that turning the stock can reach, wherever it can
        go. Returns `ColumnFacts.shape` of the columns when it has worked it out (draw 1)."""
        if not talon:
            return None
        shape = None
        reachable = self.turns.talon_reach(talon, p)[0]
        wanted = KINGS if empty >= 0 else 0
        for col in cols:
            if len(col):
                wanted |= CHILD_BITS[col[-1]]
        for suit in range(4):
            if found[suit] < 13:
                wanted |= 1 << (suit * 13 + found[suit])
        if not reachable & wanted:
            return None
        if self.draw == 1:  # the talon cards worth laying (rule 7), to skip the rest
            shape = self.facts.shape(cols)
            useful = self.covers.layable(talon, found, shape)
        for q in self.turns.reach(len(talon), p):  # the cards that can go somewhere, in the stock's order
            card = talon[q - 1]
            if not wanted >> card & 1:
                continue
            rest = self.turns.without(talon, q)
            if found[SUIT[card]] == RANK[card] - 1:
                if self.draw == 1:
                    self._home_for_next(cols, rest, found, card, tops, [(TALON, card, TO_FOUNDATION)], emit)
                else:
                    f = list(found)
                    f[SUIT[card]] += 1
                    emit(list(cols), rest, q - 1, f, [(TALON, card, TO_FOUNDATION)], False)
            j, target = _landing(cols, card, tops, empty)
            if j < 0 or self.draw == 1 and not useful >> card & 1:
                continue  # (in draw 1, nothing could go on it at once: rule 7)
            new = list(cols)
            new[j] = cols[j] + ONE[card]
            if self.draw == 1:
                self.covers.lay(new, j, card, rest, found, [(TALON, card, target)], emit, shape, useful)
            else:
                emit(new, rest, q - 1, list(found), [(TALON, card, target)], False)
        return shape

    def _uncover(self, cols: list[bytes], i: int, talon: bytes, p: int, found: list[int],
                 moves: list[InternalMove], emit: Emit) -> bool:
        """A whole top run has just moved off column i onto a card, turning up the card U under it:
        emit the run's move together with each use of U (rule 11), and return True; or the move
        alone where the rule is not applied, and return False. U goes home (in draw 1 after the
        talon cards below it in its suit, rule 8); a card is put on it (`Covers.cover`: a run, a talon
        card, a foundation card) or its twin goes home with the twin's tail shifted onto it; U moves
        onto a card; or one of rule 9's moves touches it (only where a card U can take or go on is
        home)."""
        card = cols[i][-1]
        suit, twin = SUIT[card], TWIN[card]
        related = RELATED[card]
        if (RANK[card] == 13
                or found[suit] == RANK[card] - 1 and is_safe(card, found)
                or found[SUIT[twin]] == RANK[twin] - 1 and is_safe(twin, found)
                or self.draw == 1 and _bits(talon) & related):
            emit(cols, talon, p, list(found), moves, False)
            return False
        saved = self.descents.expanding, self.descents.uses
        self.descents.expanding, self.descents.uses = (cols, talon, found), None  # `usable` of the position after the run
        below = cols[i][:-1]
        home_first = self.turns.home_first(talon, found, card)
        if home_first is not None:
            rest, chain = home_first
            new = list(cols)
            new[i] = flip(below)
            f = list(found)
            f[suit] = RANK[card]
            emit(new, rest, p, f, moves + chain + [(HOME, card, TO_FOUNDATION)], False)
        heads = self.facts.shape(cols)[0]
        self.covers.cover(cols, i, card, talon, p, list(found), moves, emit, heads)
        tops = _tops(cols)
        empty = cols.index(b"") if b"" in cols else -1
        moved = _onto_parent(cols, i, len(below), tops) if below or empty < 0 else None
        if moved is not None:
            new, parent = moved
            if below:
                emit(new, talon, p, list(found), moves + [(RUN, card, parent)], False)
            else:
                self.covers.kings_into(new, i, talon, p, found, moves + [(RUN, card, parent)], emit)
        if self.foundation_return and _home_bits(found) & related:
            def use(new_cols: list[bytes], new_talon: bytes, new_p: int, new_found: list[int], more: list[InternalMove],
                    part_way: bool) -> None:
                for _, mover, target in more:
                    if mover == card or target in (card, twin):
                        emit(new_cols, new_talon, new_p, new_found, moves + more, part_way)
                        return

            self.descents.from_foundations(cols, talon, p, found, tops, empty, use, heads)
        self.descents.expanding, self.descents.uses = saved
        return True

    def _run_after(self, cols: list[bytes], i: int, talon: bytes, p: int, found: list[int],
                   moves: list[InternalMove], emit: Emit) -> None:
        """After a run that turned a card up (rule 11), emit column i's whole top run, which turns up
        a card too, moved onto a card one higher (one of two twins, rule 5). The first run left
        column i's top run where it was, with its head (it may have gone on top of it)."""
        root = self.facts.info(cols[i])[0]
        moved = _onto_parent(cols, i, root, _tops(cols))
        if moved is not None:
            emit(moved[0], talon, p, list(found), moves + [(RUN, cols[i][root], moved[1])], False)

    def _home_for_next(self, cols: list[bytes], talon: bytes, found: list[int], card: int,
                       tops: int, moves: list[InternalMove], emit: Emit) -> None:
        """`card` goes home from the talon (draw 1) only together with the next card of its suit,
        from a column or from the talon the same way (rule 8); a King never (rule 1 sends it)."""
        suit = SUIT[card]
        if RANK[card] == 13:
            return
        f = list(found)
        f[suit] += 1
        following = card + 1
        new = self.facts.off_column(cols, following, tops)
        if new is not None:
            g = list(f)
            g[suit] += 1
            emit(new, talon, 0, g, moves + [(HOME, following, TO_FOUNDATION)], False)
        k = find_byte(talon, following)
        if k >= 0:
            more = moves + [(TALON, following, TO_FOUNDATION)]
            self._home_for_next(cols, talon[:k] + talon[k + 1:], f, following, tops, more, emit)



def _bits(cards: bytes) -> int:
    """The cards, as bits (in draw 1 the talon's are the cards turning the stock can bring up: a
    loop over them costs less than looking them up with `TalonTurns.talon_reach`)."""
    bits = 0
    for k in range(len(cards)):  # by index: compiled code reads bytes so without an iterator
        bits |= 1 << cards[k]
    return bits


def _home_bits(found: list[int]) -> int:
    """The cards home, as bits."""
    return sum(((1 << found[suit]) - 1) << (13 * suit) for suit in range(4))


def _next_home(in_talon: int, found: list[int]) -> int:
    """As bits, each suit's card that could go home next once the cards below it that lie in the
    talon (`in_talon`, as bits; draw 1) have gone first (`TalonTurns.home_first`)."""
    bits = 0
    for suit in range(4):
        card = suit * 13 + found[suit]
        end = suit * 13 + 13
        while card < end and in_talon >> card & 1:
            card += 1
        if card < end:
            bits |= 1 << card
    return bits


def _tops(cols: list[bytes]) -> int:
    """The columns' face-up top cards, as bits (`_topped` finds a card's column), rather than a list
    by card: made for nearly every move generated, a list cost a thousand instructions to fill and
    free, and most look-ups find no card."""
    tops = 0
    for col in cols:
        if len(col) and col[-1] < FACE_DOWN:
            tops |= 1 << col[-1]
    return tops


def _topped(cols: list[bytes], tops: int, card: int) -> int:
    """The column whose top card is `card`, or -1 when none is; `tops` is `_tops(cols)`."""
    if tops >> card & 1:
        for j in range(len(cols)):
            col = cols[j]
            if len(col) and col[-1] == card:
                return j
    return -1


def _onto_parent(cols: list[bytes], i: int, root: int,
                 tops: int) -> tuple[list[bytes], int] | None:
    """The columns after column i's cards from `root` up move onto an uncovered card one higher
    (the first of two twins: rule 5), and that card; None when none is uncovered."""
    col = cols[i]
    for parent in PARENTS[col[root]]:
        j = _topped(cols, tops, parent)
        if j >= 0:
            new = list(cols)
            new[j] = cols[j] + col[root:]
            new[i] = flip(col[:root])
            return new, parent
    return None


def _landing(cols: list[bytes], card: int, tops: int, empty: int) -> tuple[int, int]:
    """The column a single card can be laid on and the move's target, or (-1, -1): a King into the
    empty column, another card onto the first uncovered card one higher of the other colour (the
    other one, its twin, gives the same class: rule 5)."""
    if RANK[card] == 13:
        return (empty, TO_EMPTY) if empty >= 0 else (-1, -1)
    for parent in PARENTS[card]:
        j = _topped(cols, tops, parent)
        if j >= 0:
            return j, parent
    return -1, -1
