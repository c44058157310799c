"""Klondike with the face-down cards known ("can this deal be won at all"), within a budget.

Like KPatience's solver, it looks at the cards a player cannot see, so its verdict is about the
deal, not about a player's chances; the hint uses it only for its first move.

The search runs over compact positions (`klondike_position`): columns as bytes in a canonical order,
the stock and waste as one string with a pointer, and a *talon move* that plays any card turning the
stock can bring to the top of the waste, however many turns and passes that takes (in draw 1 only
together with the move that needs the card out: a card put on it, or the next card of its suit going
home), and a card comes down from a foundation only within the move that uses it (a card put on it,
its twin going home, or the next lower card of its suit following it down), while a card that could
come straight back down goes home at once. Its rules for leaving moves out are each argued exact in
that module's note (and held to an exhaustive search of small end games by the tests), so when the
search runs out of positions the deal is proven unsolvable. Before it, a relaxation of the game
(`klondike_bound`) proves many lost deals lost at once, deals whose search would need hundreds of
thousands of positions.

The main search is best-first, with two queues ordered by two scores (`Scorer`) taking turns;
both count face-down cards most, then cards not home. Among equal scores the newest position goes
first, which makes it dig down one line of play rather than widen. That order is fragile: on many
won deals it wanders for 100,000 positions and more where the same search with a little noise in its
scores wins in a few hundred. So once the main search has met ALONE positions, two series of noisy
searches (each restarted afresh with other seeded noise every RESTART positions) take turns with it,
each kept to a tenth of its positions (a fifth in draw 3, below), as FreeCell's solver does
(`portfolio`). Every search leaves out only what the exact rules leave out, so the first whose queue
runs dry proves the deal lost; a lost deal's proof costs a fifth more positions (two fifths in draw
3). On deals 1..200 at 4 s CPU they decided 2 (draw 1) and 5
(draw 3) won deals more; the draw-1 proof that had just fitted in 4 s (deal 88) needed the cheaper
look-up of children met before (`Canon.finish`) to fit again. From ALONE positions on, the main
search also takes turns with a third queue that adds WIDE_DEPTH (a face-down card's weight) for
each move made, as FreeCell's wide queue does: on deals 1..1000 at 4 s it decided draw 1 98.5 %
instead of 97.9 % and draw 3 94.4 % instead of 93.3 %, every lost deal still proven lost. Other
depth weights did worse on the undecided draw-1 deals (2, 8, 16 or 48 decided 1-2 of 15 where 24
decided 6), as did longer noisy restarts or more noise (none). The two series weigh positions
differently (SERIES_WEIGHTS: the main search's two scores in the other order, and in the same
order), since searches that weigh differently find different wins, and restart every RESTART = 500
positions rather than 2,000. The old and new code side by side at 4 s CPU on deals 1..1000
decided 990 draw-1 deals instead of 986 and 960 draw-3 deals instead of 957; with each deal capped
at 25,000 positions instead (so the machine's speed does not enter), draw 1 decided 988 of deals
1001..2000 instead of 986, and draw 3 at 40,000 positions 942 either way. No verdict differed.

In draw 3 the same deal in draw 1 is searched beside the others (`portfolio`'s easier game, with
twice the main search's positions, RELAXED_RATIO): with no limit on passes, a draw-1 player can
bring any talon card up whenever a draw-3 player can, so every draw-3 line of play is one of draw 1,
and draw 1's proof that it is lost proves draw 3 lost. Draw 3 meets each layout of the columns
under many talons (deal 88's proof: 133,096 positions), where draw 1's rules 7 and 8 keep its proofs
small (6,780 in all for deal 88 this way). Of the 76 draw-3 deals of 1..1000 undecided at 4 s, 17
were decided so within 60,000 positions; the price is the positions it takes from won deals whose
draw-1 search wanders, and a few of those near the 4 s edge fall undecided. It had as many positions
as the main search until draw 3's series changed (below); with twice as many, draw-1 proofs of
42,000 positions (deals 522, 812 and 930) fit within 80,000 positions in all, and within 4 s of CPU
once the compiled search did half the work per position (a draw-1 position costs more than a
draw-3 one). While the main search closes in on a proof (its positions waiting to be expanded
fall), the series and the draw-1 search wait (`portfolio`; `_BestFirst.waiting`): draw 3's proofs
take 6 % fewer positions, and 680, whose draw-1 search wanders, 63,466 instead of 103,989.

Draw 3's noisy series leave face-down cards out of their scores (DRAW3_SERIES_WEIGHTS: cards not
home, talon cards, and in one queue of each the depth of the next cards and blockers), each with a
fifth of the main search's positions and restarted every 1,500. Turning cards up is what most deals
need, but searches that do not chase it found the draw-3 wins the main search missed: on 14 deals it
left undecided, 40,000 positions of restarts alone won 5 to 7 with such weights and 3 with its. With
every deal capped at 80,000 positions (about 4 s here), deals 1..1000 decided 975 before and 982
with the new series, their larger share and draw 1's doubled positions (978 with the series alone);
none fell undecided but 680 (a draw-3 proof whose draw-1 search wanders). On deals 1001..2000,
which chose nothing: 967 against 966, and the deals won by both took 13 % fewer positions. At 4 s
CPU, 979 draw-3 deals of 1..1000 against 973. Tried and not kept: a third series (982), restarts
every 4,000 (979), noise below 40 (983, but 966 on 1001..2000), and the main search weighing
face-down cards 12 (983, but the won deals took 6 % more positions) or 0 (978).

Moves inside the search name cards ("the run headed by 7H onto 8S or its twin", "QD from the
talon"); `_to_model_moves` turns them into the model's own `Move`s (stock turns `sw`/`swv3`, turning
the waste over `wsvN`, waste plays, column and foundation moves) by playing each through the
model's checks as it is named (`common.checked`), and the state they end in must be won.

The positions seen are kept by layout (columns and talon), one number holding the key pointers met
(`covered_pointers`): a draw-3 position counts as met every position of its layout whose pointer
turning the stock brings it to, since those can do nothing it cannot. A position still queued
when one that covers it is met is skipped when its turn comes (`dominating_pointers`): draw-3
deal 272's proof skipped 5,407 of its 75,625 expansions and took 3.7 % fewer instructions (callgrind,
PYTHONHASHSEED=0), and the proof of 633 ran in a sixth less memory (97 MB instead of 116).

Once the main search has met PROOF_FROM positions (500,000) it is after a proof: every won deal of
the four Klondike games' 1..1000 is won within 442,000 positions in all, and no deal the window's
4 s reaches gets near that many. So from there the noisy series take no more turns (they only put
off the proof of a lost deal: draw-3 deal 429 without foundation return took 2,245,084 positions in
all instead of 2,574,187), while the draw-1 search beside draw 3 goes on, since its running dry is a
proof too; and the main search stops scoring its children and takes the newest first, from one
queue (`_BestFirst._prove`). A proof meets much the same positions in any order (only which of a
layout's talon pointers come first, and so cover the others, depends on it), and the scores and the
three queues were a seventh of its CPU: 429's main search ran dry after 2,058,980 positions in 59.7 s
of CPU instead of 2,101,849 in 74.0 s (the two side by side, the machine loaded alike).

Like `klondike_position`, this module runs compiled by mypyc where it can (`compiled`): about three
times the positions within the same CPU budget, so its annotations must hold at run time. The
queues are lists of node numbers by score (`Buckets`), not heaps: a heap of millions of entries
compared some twenty numbers scattered in memory at each take, and the main search of that proof of
429 took 76 s of CPU with the lists instead of 100 s with the heaps, the same positions in the same
order.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ..cards import Card, card_from_index
from ..moves import FOUNDATION, WASTE, Move, Pile, PileKind, column
from ..rules import Rules
from ..state import State
from .common import POSITION_LIMIT, Budget, SolverError, SolveResult, Status, checked, won
from .generic import Pacer
from .klondike_bound import never_cleared
from .klondike_position import (
    DOWN,
    FACE_DOWN,
    HOME,
    RUN,
    TALON,
    TALON_MOST,
    TO_EMPTY,
    TO_FOUNDATION,
    TWIN,
    InternalMove,
    Position,
    Space,
    find_byte,
)
from .portfolio import JITTER_MASK, portfolio

CHECK_EVERY: Final = 64  # expansions between looks at the clock and the cancel signal
EXPANDED: Final[Position] = ((), b"", 0, ())  # in place of a position once it has been expanded
WON: Final = (13, 13, 13, 13)
# Per score: weights of (face-down cards, cards not home, talon cards, depth of the next cards, blockers).
WEIGHTS: Final = ((24, 8, 1, 0, 0), (24, 8, 1, 4, 8))
# Each series of noisy restarts weighs its two queues its own way: the main search's two scores in
# the other order, and in the same order.
SERIES_WEIGHTS: Final = ((WEIGHTS[1], WEIGHTS[0]), WEIGHTS)
# Draw 3's series leave face-down cards out of their scores (module note).
DRAW3_SERIES_WEIGHTS: Final = (((0, 8, 2, 2, 4), (0, 8, 2, 0, 0)), ((0, 8, 1, 0, 0), (0, 8, 1, 4, 8)))
# ALONE, SHARE, RESTART and their draw-3 values are not Final, which compiled code would read as
# constants: tests change them.
ALONE = 4_000  # positions the main search meets before the noisy ones start
SHARE = 10  # each series is kept to 1/SHARE of the main search's positions
DRAW3_SHARE = 5  # draw 3's series search differently and get more (module note)
NOISE: Final = 16  # below this is added to a noisy search's scores (a face-down card weighs 24)
RESTART = 500
DRAW3_RESTART = 1_500
# From ALONE positions on, the main search's third queue: the first score plus this much for each
# move made (a face-down card weighs 24), oldest first among equals.
WIDE_DEPTH: Final = 24
# From this many positions met, the main search is after a proof: the noisy series take no more
# turns and it takes the newest position first, unscored (module note). Not Final: a test lowers it.
PROOF_FROM = 500_000
# Draw 3: the same deal in draw 1 is searched beside it, with RELAXED_RATIO times the main search's
# positions; its proof that draw 1 is lost proves draw 3 lost.
RELAXED_RATIO: Final = 2


class Scorer:
    """Two scores for a position, lower better, for the two queues of the search.

    Both count face-down cards most (turning them up is what Klondike is about), then cards not yet
    home and cards left in the talon. The second adds how deep each suit's next card lies and how
    many cards lie above a lower card of their own suit (each must be moved before that one can go
    home). Facts about a column are kept per column, since most columns recur in many positions.
    """

    def __init__(self) -> None:
        self._columns: dict[bytes, tuple[int, int, int]] = {}

    def column(self, col: bytes) -> tuple[int, int, int]:
        """(face-down cards, cards above a lower card of their suit, its cards as bits)."""
        known = self._columns.get(col)
        if known is None:
            down = block = cards = 0
            low = [99, 99, 99, 99]
            for card in col:
                if card >= FACE_DOWN:
                    down += 1
                    card -= FACE_DOWN
                cards |= 1 << card
                suit, rank = divmod(card, 13)
                if rank > low[suit]:
                    block += 1
                else:
                    low[suit] = rank
            known = self._columns[col] = (down, block, cards)
        return known

    def scores(self, position: Position, weights: tuple[tuple[int, ...], ...]) -> list[int]:
        cols, talon, _, found = position
        following = 0  # each suit's next card, as bits
        for suit in range(4):
            if found[suit] < 13:
                following |= 1 << (suit * 13 + found[suit])
        down = block = depth = 0
        for col in cols:
            face_down, blockers, cards = self.column(col)
            down += face_down
            block += blockers
            here = cards & following
            while here:  # a next card in this column: how many cards lie on it (face up or down)
                low = here & -here
                card = low.bit_length() - 1
                at = find_byte(col, card)
                if at < 0:
                    at = find_byte(col, card + FACE_DOWN)
                depth += len(col) - at - 1
                here ^= low
        left = 52 - found[0] - found[1] - found[2] - found[3]
        n = len(talon)
        return [a * down + b * left + c * n + d * depth + e * block for a, b, c, d, e in weights]


def start_position(state: State) -> tuple[list[bytes], bytes, int, list[int]]:
    cols = [
        bytes(card.index + FACE_DOWN if k < down else card.index for k, card in enumerate(pile))
        for pile, down in zip(state.columns, state.hidden)
    ]
    talon = bytes(c.index for c in state.waste) + bytes(c.index for c in reversed(state.stock))
    return cols, talon, len(state.waste), [len(pile) for pile in state.foundations]


def solve_klondike(rules: Rules, state: State, budget: Budget) -> SolveResult:
    """Search the deal with every card known; UNSOLVABLE only when every position was seen."""
    if any(pile and down >= len(pile) for pile, down in zip(state.columns, state.hidden)):
        return SolveResult(Status.UNKNOWN, (), 0, budget.elapsed(), "a column's top card is face down")
    params = rules.variant.params
    space = Space(params.draw, params.foundation_return)
    start, first = _settled(state, space)
    if start[3] == WON:
        moves, end = _to_model_moves(rules, state, first)
        return won(rules, end, moves, 0, budget.elapsed())
    if never_cleared(start[0], start[3], space.foundation_return):
        return SolveResult(Status.UNSOLVABLE, (), 0, budget.elapsed())
    scorer = Scorer()

    def series(weights: tuple[tuple[int, ...], ...]) -> Callable[[tuple[int, ...]], _BestFirst]:
        return lambda jitter: _BestFirst(space, scorer, start, tuple(first), weights, jitter)

    main = _BestFirst(space, scorer, start, tuple(first), WEIGHTS, widen_at=ALONE, prove_from=PROOF_FROM)
    if space.draw == 3:
        each_series, share, restart = DRAW3_SERIES_WEIGHTS, DRAW3_SHARE, DRAW3_RESTART
    else:
        each_series, share, restart = SERIES_WEIGHTS, SHARE, RESTART
    status, path, reason, positions = portfolio(
        main, [series(weights) for weights in each_series], budget,
        alone=ALONE, share=share, noise=NOISE, restart=restart,
        relaxed=_draw_one(state, space, scorer), relaxed_ratio=RELAXED_RATIO, waiting=lambda: main.waiting,
        series_until=PROOF_FROM,
    )
    if status is Status.SOLVED:
        assert path is not None
        moves, end = _to_model_moves(rules, state, path)
        return won(rules, end, moves, positions, budget.elapsed())
    return SolveResult(status, (), positions, budget.elapsed(), reason)


def _draw_one(state: State, space: Space, scorer: Scorer) -> _BestFirst | None:
    """For a game turning more than one card, the same position turning one (`portfolio`'s easier
    game): with no limit on passes, a draw-1 player can bring any talon card to the top of the
    waste whenever a draw-3 player can, so every draw-3 line of play is one of draw 1."""
    if space.draw == 1:
        return None
    easier = Space(1, space.foundation_return)
    start, first = _settled(state, easier)
    if start[3] == WON:
        return None
    return _BestFirst(easier, scorer, start, tuple(first), WEIGHTS, widen_at=ALONE)


def _settled(state: State, space: Space) -> tuple[Position, list[InternalMove]]:
    """The search's first position for `state` in `space` (safe cards sent home, canonical form) and
    the moves that sent them."""
    cols, talon, p, found = start_position(state)
    first: list[InternalMove] = []
    settled = space.finish(cols, talon, p, found, first)
    assert settled is not None  # only a look-up in positions seen gives None
    return settled, first


class _BestFirst:
    """One best-first search: its queues (one per weighting, taking turns; a position either
    expanded is skipped by the others), the positions it has seen and the tree to read a line back.

    Among equal scores the newest position goes first, which makes it dig down one line of play
    rather than widen. `jitter`, when given, is added to every score (the n-th child met taking
    entry n % JITTER): a noisy search that wanders elsewhere than the plain one. With `widen_at`,
    once it has met that many positions a third queue takes its turns: the first score plus
    WIDE_DEPTH for each move made, oldest first, which goes back to the shallow positions the
    digging left. It shares the positions seen, so a proof still meets each position once. With
    `prove_from`, once it has met that many positions it takes the newest first, unscored (`_prove`)."""

    def __init__(self, space: Space, scorer: Scorer, start: Position, first: tuple[InternalMove, ...],
                 weights: tuple[tuple[int, ...], ...], jitter: tuple[int, ...] | None = None,
                 widen_at: int | None = None, prove_from: int | None = None) -> None:
        self.space = space
        self.prove_from = prove_from
        self.proving = False
        self.scorer = scorer
        self.weights = weights
        self.jitter = jitter
        self.parents = [-1]
        self.steps: list[tuple[InternalMove, ...]] = [first]
        # Positions seen, by layout (columns and talon): bit q of the number stands for the position
        # with key pointer q (`Canon.finish` looks them up so too). One number per layout rather than
        # a key per position and pointer: a sixth less memory (draw-3 deal 633's proof: 97 MB).
        self.dominators = dominating_pointers(space.draw)
        self.seen: dict[tuple[bytes, ...], int] = {start[0] + (start[1],): space.canon.covers[start[2]]}
        self.nodes: list[Position] = [start]  # each position met, by its index
        scores = scorer.scores(start, weights)
        self.queues: list[Buckets] = [Buckets(True) for _ in scores]
        for queue, score in zip(self.queues, scores):
            queue.push(score, 0)
        self.expanded = bytearray(1)
        self.count = 0  # positions met
        self.expansions = 0
        self.turn = 0
        self.depths = [0]  # by index: the moves made to reach the position (a talon move is one)
        self.widen_at = widen_at
        self.wide: Buckets | None = None

    def run(self, budget: Budget, until: int, elsewhere: int) -> tuple[Status, list[tuple[int, int, int]] | None, str]:
        """Expand positions until a win (SOLVED and its internal moves), an empty queue (UNSOLVABLE:
        every position was seen), `until` positions met (UNKNOWN, no reason) or the budget is spent
        (UNKNOWN and its reason); `elsewhere` is the positions other searches have met."""
        queues, seen, parents, steps, expanded = self.queues, self.seen, self.parents, self.steps, self.expanded
        nodes = self.nodes
        space, scorer, weights, jitter = self.space, self.scorer, self.weights, self.jitter
        dominators, draw = self.dominators, space.draw
        positions = self.count
        expansions = self.expansions
        pacer = Pacer(CHECK_EVERY)
        turn = self.turn
        depths, wide = self.depths, self.wide
        proving = self.proving
        widen_at = self.widen_at if wide is None and not proving else None
        prove_from = None if proving else self.prove_from
        room = budget.room(elsewhere)
        try:
            while positions < until:
                if widen_at is not None and positions >= widen_at:
                    wide, widen_at = self._widen(), None
                    queues = self.queues
                if prove_from is not None and positions >= prove_from:
                    self._prove()
                    prove_from, widen_at, proving, wide, turn = None, None, True, None, 0
                    queues = self.queues
                node = -1
                for _ in queues:
                    queue = queues[turn]
                    turn = (turn + 1) % len(queues)
                    while True:
                        node = queue.pop()
                        if node < 0:
                            break
                        if not expanded[node]:
                            if draw == 1:
                                break
                            met = nodes[node]
                            if not seen[met[0] + (met[1],)] & dominators[met[2]]:
                                break
                            # A position met since it was queued can do all it can and more (its
                            # pointer reaches every card this one's does): its turn is skipped.
                            expanded[node] = 1
                            nodes[node] = EXPANDED
                            expansions += 1
                        node = -1
                    if node >= 0:
                        break
                else:
                    return Status.UNSOLVABLE, None, ""
                expanded[node] = 1
                expansions += 1
                position = nodes[node]
                nodes[node] = EXPANDED  # not needed again
                for child, step in space.children(position, seen):  # each new, and now in `seen`
                    if positions >= room:
                        return Status.UNKNOWN, None, POSITION_LIMIT
                    positions += 1
                    parents.append(node)
                    steps.append(step)
                    expanded.append(0)
                    depth = depths[node] + 1
                    depths.append(depth)
                    if child[3] == WON:
                        path: list[tuple[int, int, int]] = []
                        at = len(parents) - 1
                        while at >= 0:
                            path[:0] = steps[at]
                            at = parents[at]
                        return Status.SOLVED, path, ""
                    nodes.append(child)
                    if proving:
                        queues[0].push(0, positions)  # the stack of `_prove`
                        continue
                    noise = jitter[positions & JITTER_MASK] if jitter else 0
                    both = scorer.scores(child, weights)
                    for k in range(len(both)):
                        queues[k].push(both[k] + noise, positions)
                    if wide is not None:
                        wide.push(both[0] + noise + WIDE_DEPTH * depth, positions)
                reason = pacer.spent(budget, positions + elsewhere)
                if reason:
                    return Status.UNKNOWN, None, reason
            return Status.UNKNOWN, None, ""
        finally:
            self.count = positions
            self.expansions = expansions
            self.turn = turn

    @property
    def waiting(self) -> int:
        """Positions met and not yet expanded (`portfolio`: while this falls, the search is closing in
        on a proof)."""
        return self.count + 1 - self.expansions

    def _prove(self) -> None:
        """From here on, one queue taking the newest position first, unscored: a search that has met
        `prove_from` positions is after a proof (module note), whose positions are much the same in
        any order, and scoring each child and queueing it three times was a seventh of its CPU.
        The positions waiting go on it so that the first queue's next is taken first."""
        first = self.queues[0]
        expanded = self.expanded
        stack = Buckets(True)
        for score in range(len(first.lists) - 1, -1, -1):
            for node in first.lists[score][first.heads[score]:]:
                if not expanded[node]:
                    stack.push(0, node)
        self.queues = [stack]
        self.wide = None
        self.proving = True

    def _widen(self) -> Buckets:
        """Add the wide queue, holding every position met and not yet expanded (those the first
        queue holds), and return it."""
        depths, expanded = self.depths, self.expanded
        entries = []
        for score, node in self.queues[0].entries():
            if not expanded[node]:
                entries.append((score + WIDE_DEPTH * depths[node], node))
        entries.sort()  # oldest first among equal scores, as every later entry is newer
        wide = Buckets(False)
        for score, node in entries:
            wide.push(score, node)
        self.wide = wide
        self.queues.append(wide)
        return wide


class Buckets:
    """A queue of the search's nodes by score, lowest first: a list of nodes for each score (scores
    are small numbers, a few thousand at most), taken newest first (the last one added) or, with
    `newest_first` False, oldest first. Taking and adding cost the same whatever the queue holds,
    where a heap of millions of entries compared some twenty scattered numbers each time (a tenth
    of a long proof's CPU). Nodes are added in the order they are met, so newest first is the
    highest index first, as the heap of (score, NEWEST - index) numbers it replaces gave them."""

    def __init__(self, newest_first: bool) -> None:
        self.newest_first = newest_first
        self.lists: list[list[int]] = []
        self.heads: list[int] = []  # oldest first: by score, the next entry of its list to take
        self.low = 0  # no list below this one holds an entry
        self.size = 0

    def push(self, score: int, node: int) -> None:
        lists = self.lists
        while len(lists) <= score:
            lists.append([])
            self.heads.append(0)
        lists[score].append(node)
        if score < self.low:
            self.low = score
        self.size += 1

    def pop(self) -> int:
        """The next node, removed from the queue; -1 when it is empty."""
        if self.size == 0:
            return -1
        self.size -= 1
        lists, low = self.lists, self.low
        if self.newest_first:
            while not len(lists[low]):
                low += 1
            self.low = low
            return lists[low].pop()
        heads = self.heads
        while heads[low] == len(lists[low]):
            low += 1
        self.low = low
        entries, head = lists[low], heads[low]
        node = entries[head]
        if head + 1 == len(entries):
            entries.clear()  # every entry of this score taken
            heads[low] = 0
        else:
            heads[low] = head + 1
        return node

    def entries(self) -> list[tuple[int, int]]:
        """(score, node) of every entry still queued."""
        return [(score, node) for score in range(len(self.lists))
                for node in self.lists[score][self.heads[score]:]]


def dominating_pointers(draw: int) -> tuple[int, ...]:
    """For each key pointer, as bits, the other key pointers that cover it (`covered_pointers`):
    every pointer off the cycle covers the cycle (0), and one off it covers those a multiple of the
    draw further on. A layout's number in `seen` holds one of them only when a position covering
    the pointer was met: a bit is set by a position with that pointer or one covering it, and
    covering is transitive."""
    return ((1 << TALON_MOST + 1) - 2,) + tuple(
        sum(1 << d for d in range(p % draw, p, draw)) if p % draw else 0 for p in range(1, TALON_MOST + 1))


# -- back to the model's moves ----------------------------------------------------------------------


def _to_model_moves(rules: Rules, state: State, path: list[InternalMove]) -> tuple[list[Move], State]:
    """The model's moves for a path of internal moves, each played through the model's checks
    (`common.checked`) as it is named, and the state they end in: a solution so named needs no
    second replay (`common.won`)."""
    moves: list[Move] = []
    for kind, card, target in path:
        for move in _model_moves(rules, state, kind, card, target):
            state = checked(rules, state, move, len(moves) + 1)
            moves.append(move)
    return moves, state


def _model_moves(rules: Rules, state: State, kind: int, index: int, target: int) -> list[Move]:
    card = card_from_index(index)
    if kind == TALON:
        moves, after = _turn_to(rules, state, card)
        return moves + [Move(WASTE, _destination(after, target))]
    if kind == DOWN:
        return [Move(Pile(PileKind.FOUNDATION, card.suit), _destination(state, target))]
    i, k = _find(state, card)
    pile = state.columns[i]
    if kind == HOME:
        if k == len(pile) - 1:
            return [Move(column(i), FOUNDATION)]
        # A covered twin: its tail goes onto the uncovered twin first (module note, rule 2).
        twin = card_from_index(TWIN[index])
        j = next(j for j, other in enumerate(state.columns) if other and other[-1] is twin)
        return [Move(column(i), column(j), len(pile) - k - 1), Move(column(i), FOUNDATION)]
    assert kind == RUN
    return [Move(column(i), _destination(state, target), len(pile) - k)]


def _find(state: State, card: Card) -> tuple[int, int]:
    for i, pile in enumerate(state.columns):
        for k in range(state.hidden[i], len(pile)):
            if pile[k] is card:
                return i, k
    raise SolverError(f"Klondike solver: {card.code} is not face up in a column")


def _destination(state: State, target: int) -> Pile:
    """Where a card goes: home, the first empty column, or onto `target` itself when it is uncovered
    (a card just laid from the talon for it, rule 7), else onto its uncovered twin."""
    if target == TO_FOUNDATION:
        return FOUNDATION
    if target == TO_EMPTY:
        return column(next(i for i, pile in enumerate(state.columns) if not pile))
    for wanted in (card_from_index(target), card_from_index(TWIN[target])):
        for i, pile in enumerate(state.columns):
            if pile and pile[-1] == wanted:
                return column(i)
    raise SolverError(f"Klondike solver: neither {card_from_index(target).code} nor its twin is uncovered")


def _turn_to(rules: Rules, state: State, card: Card) -> tuple[list[Move], State]:
    """The fewest stock turns (and turnings of the waste) that bring `card` to the top of the waste,
    and the state they lead to."""
    moves: list[Move] = []
    limit = 2 * (len(state.stock) + len(state.waste)) + 4
    while not (state.waste and state.waste[-1] is card):
        move = rules.stock_move(state)
        if move is None or len(moves) > limit:
            raise SolverError(f"Klondike solver: turning the stock never brings {card.code} up")
        moves.append(move)
        state = rules.perform(state, move)
    return moves, state

