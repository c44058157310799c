"""Yukon and Russian Solitaire, solved with every card known: a best-first search that is exhaustive
when it must prove a loss.

A position is seven columns of card numbers (`Card.index`) and how many cards of each lie face down;
the foundations follow from the cards left in the columns. Positions that differ only in the order
of their columns are one position (`_key`), which is all the state key merges, so a search that
runs out of positions to expand has seen every position the deal can reach: "not winnable" is a
proof. Two reductions keep that proof sound:

- A card that no other card can ever want as a target goes home at once (`settle`): in alternating
  colours once both cards of the other colour one rank below are home, by suit always (the card below
  of its suit is home before it can go). Such a card stays on top of whatever column it is in, since
  nothing can be put on it, so any win from the position before is a win from the one after, with
  that card's move left out.
- One empty column stands for all of them, and a King already at the bottom of its column is never
  moved to an empty one (the same position, its columns reordered).

A position where some card can never go home is not expanded (`_never_home`): a card first
becomes a top when the card lying on it now leaves, which needs a target that is a top before it
and lies in another column (or a column that can be empty, for a King; or the way home), so the
cards that can ever be a top follow from the cards lying directly on each other (`_Reach`), and a
card that can never be one never goes home. This proves most lost deals at once, and keeps the
search out of the dead ends of the won ones.

Moves are found from the targets rather than the sources: a column's top card takes one card of
the other colour one rank below it in Yukon (one of two) or the next lower card of its suit in
Russian, so each top asks where those cards lie (`_moves`), and an empty column asks where the
face-up Kings are. The search expands the position with the best score first: cards home, face-down
cards, and cards lying on a card they do not build on (which will have to move again).

Beside it (`solve_yukon`'s portfolio): noisy copies of it, and the relaxed game's search
(yukon_relaxed.py), which proves most of the lost deals this search cannot, since it meets far
fewer positions, and finds plans: the order in which cards leave the cards they were dealt on and go
home. The real game follows a plan (`_Follow`: onto which of its targets each card goes, and the
twin swaps before it, `_twin_swaps`), and a plan followed is a win, replayed by the model as every
solution is.

mypyc compiles this module (`compiled.py`, whose note says what compiled code asks of it).
"""
from __future__ import annotations

import heapq

from ..cards import Suit
from ..moves import FOUNDATION, Move, column
from ..rules import Rules
from ..state import State
from ..variant import SAME_SUIT
from .common import POSITION_LIMIT, Budget, SolveResult, Status, verified
from .generic import Pacer
from .portfolio import JITTER_MASK, Outcome, path_to, portfolio
from .yukon_relaxed import HOME as GOES_HOME
from .yukon_relaxed import Groups, Plan, RelaxedSearch

CHECK_EVERY = 64  # expansions between two looks at the budget and the turn's end
Weights = tuple[int, int, int]  # a score's weights: per card not home, per card face down, per card misplaced
# The main search weighs cards home, face-down cards and misplaced cards together (BALANCED); a
# second noisy series digs for face-down cards above all (DIGGING), and a third digs too but takes the
# newest of the positions that score alike first (`_Search`'s note): each wins deals the others wander on.
BALANCED: Weights = (2, 4, 3)
DIGGING: Weights = (1, 20, 1)
# The portfolio (see portfolio.py): the main search alone for its first ALONE positions, then noisy
# copies by turns, restarted every RESTART positions, each series kept to its SERIES_SHARES (below).
ALONE = 2_000
NOISE = 12
RESTART = 3_000
# The noisy series skip their turns while the main search has fewer than CLOSING positions waiting:
# on the lost deals it proves after thousands of positions that queue stays under 60 or so, on the
# won ones it mostly holds 100 to 300, so its proofs no longer pay for three series beside it (deal
# 316: 33,791 positions instead of more than 80,000), and the series still win where they did.
CLOSING = 60
# The relaxed game's search (`_Plans`) meets PLANS_SHARE[0] positions for every PLANS_SHARE[1] of the
# main search's, also while the main search is closing in: it proves most lost deals far sooner. The
# noisy series (balanced, digging, digging newest) meet SERIES_SHARES[i][0] for every [i][1] of the
# main search's. Of deals 1..1000 that take over half a second of the window's 4, the main search
# answers none first, while a noisy series alone wins some in a few tenths of a second (342, 461 and
# 983 the first, 193 the third): so the main search keeps about 2 % of the CPU, the relaxed game's
# about three quarters (a position costs it some 60 µs, the real searches 40), the first series 15 %,
# the third 6 %. Against 12 for the relaxed game and one each for the series: 9 deals of 1..1000 left
# undecided instead of 12, and 12 of 1001..2000 (not looked at in the choice) instead of 14.
PLANS_SHARE = (24, 1)
SERIES_SHARES = ((8, 1), (1, 1), (3, 1))
# Positions a plan's following may meet (`_Follow`), twin swaps' included: of the first plans of
# deals 1..400, 280 are followed within 2,000 (0.12 s of CPU at most), 290 within 10,000 (0.55 s),
# 294 within 30,000 (1.7 s).
FOLLOW_LIMIT = 10_000
KING = 12  # a card's rank within its suit, from 0 (the Ace): index % 13
HOME = -1  # a step's destination when the card goes to its foundation

Columns = tuple[bytes, ...]  # each column's card numbers, deepest first
Hidden = tuple[int, ...]  # how many cards of each column lie face down
Home = tuple[int, ...]  # how many cards of each suit are home
Step = tuple[int, int, int]  # (source column, destination column or HOME, cards moved)

RED = tuple(Suit(card // 13).is_red for card in range(52))
ALL_HOME = [13, 26, 39, 52]  # `_never_home`'s first card not home of each suit, once every card is


class _Game:
    """What one game's rules say, as tables over card numbers: which cards may go on each card, and
    which cards of the other colour must be home before a card is safe to send there."""

    def __init__(self, by_suit: bool) -> None:
        self.by_suit = by_suit
        self.takes: list[tuple[int, ...]] = []  # takes[card]: the cards that may be put on it
        self.wanted_by: list[tuple[int, ...]] = []  # wanted_by[card]: the cards that could go on it
        for card in range(52):
            rank = card % 13
            if rank == 0:
                below: tuple[int, ...] = ()
            elif by_suit:
                below = (card - 1,)
            else:
                below = tuple(s * 13 + rank - 1 for s in range(4) if RED[s * 13] != RED[card])
            self.takes.append(below)
            self.wanted_by.append(() if by_suit else below)

        # goes_on[card]: the cards it may be put on, as a bit mask (bit `onto`), as `_Reach` asks of it
        self.goes_on = [sum(1 << onto for onto in range(52) if card in self.takes[onto]) for card in range(52)]

    def lost(self, columns: Columns, hidden: Hidden) -> bool:
        """Whether some card can never go home from here (see `_never_home`): then the game is lost."""
        return _never_home(self, columns, hidden)



def _never_home(game: _Game, columns: Columns, hidden: Hidden) -> bool:
    """Whether some card can never go home from this position (so it is lost), by a bound that
    looks at which card lies directly on which (see `_Reach`)."""
    return _Reach(game, columns, hidden).lost()


class _Reach:
    """Which cards can ever be a top, and so ever go home, from one position: an over-estimate, so
    that a card it leaves out is never home.

    A card goes home only from the top of a column. A card not on top now first becomes a top when
    the card lying on it now leaves it, since nothing is ever slipped in between two cards. That card
    leaves it home, or as a King for an empty column, or onto a card that is a top before it, and if
    it lies face down it must have been a top itself first. A target lying above it in its own column
    serves only once some card between the two (or the target itself) has moved to another column,
    itself face up and with a card it goes on a top. A column is first empty when its bottom
    card leaves it, home or onto a card that is a top. So the cards that can ever be a top are at most
    the least set holding the tops of now and closed under those ways out (each asks only about events
    earlier than its own), and the cards that can ever go home at most those of them whose suit's
    cards below can too. A card outside the second set is never home.

    The sets only grow, so the least set is the same whatever order the ways out are tried in: each
    pass tries every card not yet a top, until one changes nothing. The search asks this of every
    position it meets, so the sets are bit masks over card numbers (bit `card`; 52 bits fit a machine
    integer of the compiled code) and a pass walks the columns' bytes: no allocation on the way."""

    def __init__(self, game: _Game, columns: Columns, hidden: Hidden) -> None:
        self.goes_on = game.goes_on
        self.columns = columns
        self.ever_top = 0  # the cards that can ever be a top (bit `card`)
        self.face_down = 0
        self.bottoms: list[int] = []  # each column's deepest card
        self.empty = False  # whether a column is ever empty
        home = [13, 13, 13, 13]
        for index in range(len(columns)):
            pile = columns[index]
            size = len(pile)
            if not size:
                self.empty = True
                continue
            self.bottoms.append(pile[0])
            self.ever_top |= 1 << pile[size - 1]
            for depth in range(size):
                card = pile[depth]
                home[card // 13] -= 1
                if depth < hidden[index]:
                    self.face_down |= 1 << card
        self.ever_home = [suit * 13 + home[suit] for suit in range(4)]  # each suit's first card not home yet
        self.homeward = 0  # the cards in play that can ever go home (bit `card`), as `_leaves` asks

    def lost(self) -> bool:
        """Widen the sets until nothing changes; lost when some card is still never home."""
        changed = True
        while changed:
            changed = self._advance_home()
            if self.ever_home == ALL_HOME:
                return False
            if not self.empty and self._empties():
                self.empty = changed = True
            if self._uncover():
                changed = True
        return self.ever_home != ALL_HOME

    def _advance_home(self) -> bool:
        """Each suit's cards that can go home, in order, as far as cards that can ever be a top go."""
        changed = False
        ever_top = self.ever_top
        for suit in range(4):
            card = first = self.ever_home[suit]
            end = suit * 13 + 13
            while card < end and ever_top >> card & 1:
                self.homeward |= 1 << card
                card += 1
            if card != first:
                self.ever_home[suit] = card
                changed = True
        return changed

    def _uncover(self) -> bool:
        """One pass over each column from the top down: the cards under one that can leave become
        tops (a face-down card so made a top lets the card under it go in the same pass)."""
        changed = False
        columns = self.columns
        for index in range(len(columns)):
            pile = columns[index]
            above = 0  # the cards above `on_it`
            for depth in range(len(pile) - 2, -1, -1):
                on_it = pile[depth + 1]
                card = pile[depth]
                if not self.ever_top >> card & 1 and self._leaves(pile, depth + 1, on_it, above):
                    self.ever_top |= 1 << card
                    changed = True
                above |= 1 << on_it
        return changed

    def _moves(self, card: int) -> bool:
        """Whether `card` can ever move to another column: face up, and a card it goes on a top."""
        if self.face_down >> card & 1 and not self.ever_top >> card & 1:
            return False
        targets = self.goes_on[card]
        if not targets:
            return self.empty
        return targets & self.ever_top != 0

    def _empties(self) -> bool:
        """Whether some column's deepest card can leave it (home, or onto a card that is a top)."""
        for bottom in self.bottoms:
            if bottom < self.ever_home[bottom // 13] or (bottom % 13 != KING and self._moves(bottom)):
                return True
        return False

    def _leaves(self, pile: bytes, depth: int, on_it: int, above: int) -> bool:
        """Whether `on_it`, at `depth` of `pile` under the cards `above`, can ever leave the card it
        lies on (see the class's note)."""
        if self.face_down >> on_it & 1 and not self.ever_top >> on_it & 1:
            return False
        if self.homeward >> on_it & 1:
            return True
        targets = self.goes_on[on_it]
        if not targets:
            return self.empty
        tops = targets & self.ever_top
        if not tops:
            return False
        if tops & ~above:
            return True  # a target that is a top in another column (or below it)
        # every such target lies above it: some card between them, or the target, must move away first
        for higher in range(depth + 1, len(pile)):
            if self._moves(pile[higher]):
                return True
            tops &= ~(1 << pile[higher])
            if not tops:
                return False
        return False


def _key(columns: Columns, hidden: Hidden) -> bytes:
    """The position with its columns' order forgotten: each column as its face-down count, its length
    and its cards, the columns sorted (the foundations follow from the cards left)."""
    return b"".join(sorted([bytes((down, len(pile))) + pile for pile, down in zip(columns, hidden)]))


def _home_ranks(columns: Columns) -> Home:
    """How many cards of each suit are home: the ones that are in no column."""
    home = [13, 13, 13, 13]
    for pile in columns:
        for card in pile:
            home[card // 13] -= 1
    return tuple(home)


def _apply(columns: Columns, hidden: Hidden, home: Home, step: Step) -> tuple[Columns, Hidden, Home]:
    """The position after `step`, the card under the moved ones turned face up when it was face down."""
    src, dst, count = step
    cols = list(columns)
    pile = cols[src]
    rest = pile[:-count]
    cols[src] = rest
    if hidden[src] >= len(rest) and hidden[src]:
        down = list(hidden)
        down[src] = len(rest) - 1
        hidden = tuple(down)
    if dst == HOME:
        suit = pile[-1] // 13
        home = home[:suit] + (home[suit] + 1,) + home[suit + 1:]
    else:
        cols[dst] = cols[dst] + pile[-count:]
    return tuple(cols), hidden, home


def _moves(game: _Game, columns: Columns, hidden: Hidden, home: Home) -> list[Step]:
    """Every move of the position (one empty column standing for all), foundation moves first."""
    where: dict[int, tuple[int, int]] = {}  # face-up card -> (column, cards from the top it moves with)
    steps: list[Step] = []
    empty = -1
    for i, pile in enumerate(columns):
        size = len(pile)
        if not size:
            if empty < 0:
                empty = i
            continue
        for depth in range(hidden[i], size):
            where[pile[depth]] = (i, size - depth)
        top = pile[-1]
        if top % 13 == home[top // 13]:
            steps.append((i, HOME, 1))
    takes = game.takes
    for j, pile in enumerate(columns):
        if pile:
            for card in takes[pile[-1]]:
                found = where.get(card)
                if found is not None and found[0] != j:
                    steps.append((found[0], j, found[1]))
    if empty >= 0:
        for king in (KING, 13 + KING, 26 + KING, 39 + KING):
            found = where.get(king)
            if found is not None and found[1] < len(columns[found[0]]):
                steps.append((found[0], empty, found[1]))
    return steps


class _Search:
    """One best-first search of a position, resumable (`run` goes on where it stopped), so that the
    portfolio can give it turns beside noisy copies of itself; `jitter` is the noise added to each
    score (none for the main search). Among positions that score alike it expands the oldest first,
    or with `newest_first` the newest: then it follows one line down a plateau of equal scores before
    it looks at the line beside, where the oldest first looks at all of them a move deeper each time.
    Either order expands every position it meets in the end, so either running dry is a proof."""

    def __init__(
        self, game: _Game, columns: Columns, hidden: Hidden, jitter: tuple[int, ...] = (), weights: Weights = BALANCED,
        newest_first: bool = False,
    ) -> None:
        self.game = game
        self.jitter = jitter
        self.weights = weights
        self.newest_first = newest_first
        first: list[Step] = []
        columns, hidden, home = self.settle(columns, hidden, _home_ranks(columns), first)
        self.parents = [-1]
        self.paths: list[list[Step]] = [first]
        self.seen = {_key(columns, hidden)}
        self.heap: list[tuple[int, int, Columns, Hidden, Home]] = [(self.score(columns, hidden), 0, columns, hidden, home)]
        self.won = 0 if not any(columns) else -1  # the node whose position is won, once one is met

    @property
    def count(self) -> int:
        """The positions this search has met."""
        return len(self.parents)

    @property
    def waiting(self) -> int:
        """Positions met and not yet expanded."""
        return len(self.heap)

    def settle(self, columns: Columns, hidden: Hidden, home: Home, steps: list[Step]) -> tuple[Columns, Hidden, Home]:
        """Send home every card no other card can want, until none is left (see the module note)."""
        wanted_by = self.game.wanted_by
        moved = True
        while moved:
            moved = False
            for i in range(len(columns)):  # not over `columns`, rebound inside (compiled.py's note)
                pile = columns[i]
                if len(pile) > hidden[i]:
                    card = pile[-1]
                    if card % 13 == home[card // 13] and all(home[w // 13] > w % 13 for w in wanted_by[card]):
                        step = (i, HOME, 1)
                        columns, hidden, home = _apply(columns, hidden, home, step)
                        steps.append(step)
                        moved = True
        return columns, hidden, home

    def score(self, columns: Columns, hidden: Hidden) -> int:
        """Lower is better: cards not home, face-down cards, and cards lying where they do not build."""
        left = 0
        misplaced = 0
        takes = self.game.takes
        for pile, down in zip(columns, hidden):
            left += len(pile)
            for depth in range(max(down, 1), len(pile)):
                if pile[depth] not in takes[pile[depth - 1]]:
                    misplaced += 1
        noise = self.jitter[len(self.parents) & JITTER_MASK] if self.jitter else 0
        per_card, per_face_down, per_misplaced = self.weights
        return per_card * left + per_face_down * sum(hidden) + per_misplaced * misplaced + noise

    def run(self, budget: Budget, until: int, elsewhere: int) -> Outcome:
        """Expand positions, best score first, until a win, a proof (nothing left to expand), `until`
        positions met, or the budget spent."""
        if self.won >= 0:
            return Status.SOLVED, path_to(self.parents, self.paths, self.won), ""
        parents, paths, seen, heap = self.parents, self.paths, self.seen, self.heap
        pacer = Pacer(CHECK_EVERY)
        room = budget.room(elsewhere)
        while heap:
            _score, order, cols, down, home = heapq.heappop(heap)
            node = -order if order < 0 else order  # the position's number, whichever order is kept
            for step in _moves(self.game, cols, down, home):
                done = [step]
                child, child_down, child_home = _apply(cols, down, home, step)
                uncovered = child[step[0]]
                if step[1] == HOME or uncovered and uncovered[-1] % 13 == child_home[uncovered[-1] // 13]:
                    # only a card sent home or a new top can let another card go home safely
                    child, child_down, child_home = self.settle(child, child_down, child_home, done)
                key = _key(child, child_down)
                if key in seen:
                    continue
                seen.add(key)
                if self.game.lost(child, child_down):
                    continue
                if len(parents) >= room:
                    return Status.UNKNOWN, None, POSITION_LIMIT
                parents.append(node)
                paths.append(done)
                if not any(child):
                    self.won = len(parents) - 1
                    return Status.SOLVED, path_to(parents, paths, self.won), ""
                number = len(parents) - 1
                order = -number if self.newest_first else number
                heapq.heappush(heap, (self.score(child, child_down), order, child, child_down, child_home))
            halt = pacer.due(budget, len(parents), until, elsewhere)
            if halt is not None:
                return halt
        return Status.UNSOLVABLE, None, ""


def _twin_swaps(game: _Game, columns: Columns, hidden: Hidden, home: Home) -> list[tuple[Columns, Hidden, Home, list[Step]]]:
    """The positions this one's twin swaps reach, itself first, each with the swaps to it. A card
    lying on a face-up card it builds on can go only to that card's twin (the other of its rank and
    colour): it turns nothing face up and can be moved back, so the relaxed game cannot tell these
    positions apart, and a plan's next transition may need any of them."""
    takes = game.takes
    reached: list[tuple[Columns, Hidden, Home, list[Step]]] = [(columns, hidden, home, [])]
    seen = {_key(columns, hidden)}
    index = 0
    while index < len(reached):
        cols, down, at_home, swaps = reached[index]
        index += 1
        for step in _moves(game, cols, down, at_home):
            src, dst, count = step
            pile = cols[src]
            depth = len(pile) - count
            if dst != HOME and depth > down[src] and pile[depth] in takes[pile[depth - 1]]:
                after, after_down, after_home = _apply(cols, down, at_home, step)
                key = _key(after, after_down)
                if key not in seen:
                    seen.add(key)
                    reached.append((after, after_down, after_home, swaps + [step]))
    return reached


class _Follow:
    """Real moves that make a relaxed plan's transitions in its order (yukon_relaxed.py): each card
    that leaves the card it was dealt on goes onto one of the cards it builds on that is free, twin
    swaps first where that needs them, and each card that goes home goes home. Which card it goes
    onto is the only choice, searched depth first, at most `limit` positions and within the budget;
    the relaxed game leaves out that a card cannot go onto a card of its own stack, so a plan may have
    no such moves. Where it has none, `farthest` is the position that made the most of its
    transitions, and `to_farthest` the moves there."""

    def __init__(self, game: _Game, plan: Plan, limit: int, budget: Budget) -> None:
        self.game = game
        self.plan = plan
        self.limit = limit
        self.budget = budget
        self.seen: set[tuple[bytes, int]] = set()
        self.made = 0  # the most transitions made on one way
        self.farthest: tuple[Columns, Hidden, Home] | None = None
        self.to_farthest: list[Step] = []
        self.path: list[Step] = []  # the moves to the position `steps` looks at

    def steps(self, columns: Columns, hidden: Hidden, home: Home, at: int) -> list[Step] | None:
        """The moves from this position that make the plan's transitions from `at` on, or None."""
        if at > self.made:
            self.made = at
            self.farthest = (columns, hidden, home)
            self.to_farthest = list(self.path)
        if at == len(self.plan):
            return []
        key = (_key(columns, hidden), at)
        if key in self.seen or len(self.seen) >= self.limit or self.budget.spent(0):
            return None
        card = self.plan[at] >> 1
        homeward = self.plan[at] & 1 == GOES_HOME
        reached = _twin_swaps(self.game, columns, hidden, home)
        for cols, down, _, _ in reached:  # each of them would try these same positions again
            self.seen.add((_key(cols, down), at))
        for cols, down, at_home, swaps in reached:
            for step in _moves(self.game, cols, down, at_home):
                src, dst, count = step
                pile = cols[src]
                if pile[len(pile) - count] != card or (dst == HOME) != homeward:
                    continue
                after, after_down, after_home = _apply(cols, down, at_home, step)
                self.path.extend(swaps)
                self.path.append(step)
                rest = self.steps(after, after_down, after_home, at + 1)
                del self.path[len(self.path) - len(swaps) - 1:]
                if rest is not None:
                    return swaps + [step] + rest
        return None


class _Plans:
    """The relaxed game's search beside the real ones (yukon_relaxed.py): each relaxed win it finds
    is followed in the real game (`_Follow`), and one followed is the answer; its running dry
    proves the deal lost. A search finds one plan at most (the won position is one position, met
    once). When the real game cannot follow a plan to the end, the relaxed game is searched again
    from the real position that made the most of it, with the stack rule (yukon_relaxed's `_View`),
    whose plans it follows far more often: a repair, whose plan continues the moves made so far
    (its running dry proves nothing of the deal). Once a plan makes none of its transitions, or a
    repair runs dry, the stack rule's game is searched from the deal (its running dry is a proof too;
    the stubborn sets' proofs are the shorter, so that search comes first), and repaired as the
    first; then nothing more is tried."""

    def __init__(self, game: _Game, columns: Columns, hidden: Hidden) -> None:
        self.game = game
        self.deal = (columns, hidden, _home_ranks(columns))
        self.groups = Groups(game.takes)
        self.search: RelaxedSearch | None = RelaxedSearch(self.groups, columns, hidden)
        self.start = self.deal  # where the search's plans start
        self.from_deal = True  # whether that is the deal (a flag: compiled code holds tuples by value)
        self.moves: list[Step] = []  # the real moves from the deal to `start`
        self.searched_stacked = False  # the stack rule's game from the deal, searched or begun
        self.done = 0  # positions met by the searches before this one

    @property
    def count(self) -> int:
        return self.done + (self.search.count if self.search is not None else 0)

    def run(self, budget: Budget, until: int, elsewhere: int) -> Outcome:
        """As `_Search.run`: SOLVED with real moves, UNSOLVABLE as a proof, else UNKNOWN."""
        while self.search is not None:
            status, plan, reason = self.search.run(budget, until - self.done, elsewhere + self.done)
            if status is Status.UNKNOWN or (status is Status.UNSOLVABLE and self.from_deal):
                return status, None, reason
            follow = None
            if plan is not None:
                follow = _Follow(self.game, plan, FOLLOW_LIMIT, budget)
                steps = follow.steps(*self.start, 0)
                if steps is not None:
                    return Status.SOLVED, self.moves + steps, ""
            self.done += self.search.count
            self.search = self._next(follow)
        return Status.UNKNOWN, None, ""

    def _next(self, follow: _Follow | None) -> RelaxedSearch | None:
        """The search after one whose plan `follow` could not follow (None: one that ran dry)."""
        if follow is not None and follow.farthest is not None:
            self.start, self.from_deal = follow.farthest, False
            self.moves = self.moves + follow.to_farthest
        elif self.searched_stacked:
            return None
        else:
            self.searched_stacked = True
            self.start, self.from_deal, self.moves = self.deal, True, []
        columns, hidden, _ = self.start
        return RelaxedSearch(self.groups, columns, hidden, True)


def _as_move(step: Step) -> Move:
    src, dst, count = step
    return Move(column(src), FOUNDATION if dst == HOME else column(dst), count)


def solve_yukon(rules: Rules, state: State, budget: Budget) -> SolveResult:
    """Solve a Yukon or Russian Solitaire position (every card known): SOLVED with moves the model
    replays, UNSOLVABLE only when a search expanded every reachable position, else UNKNOWN."""
    game = _Game(rules.variant.params.record().get("build") == SAME_SUIT)
    columns = tuple(bytes(card.index for card in pile) for pile in state.columns)
    hidden = tuple(state.hidden)
    if game.lost(columns, hidden):
        return SolveResult(Status.UNSOLVABLE, (), 1, budget.elapsed())
    main = _Search(game, columns, hidden)

    def noisy(jitter: tuple[int, ...]) -> _Search:
        return _Search(game, columns, hidden, jitter)

    def digging(jitter: tuple[int, ...]) -> _Search:
        return _Search(game, columns, hidden, jitter, DIGGING)

    def digging_newest(jitter: tuple[int, ...]) -> _Search:
        return _Search(game, columns, hidden, jitter, DIGGING, True)

    status, steps, reason, positions = portfolio(
        main, (noisy, digging, digging_newest), budget,
        alone=ALONE, noise=NOISE, restart=RESTART, waiting=lambda: main.waiting, closing_below=CLOSING,
        beside=_Plans(game, columns, hidden), beside_share=PLANS_SHARE, series_shares=SERIES_SHARES,
    )
    if status is Status.SOLVED:
        return verified(rules, state, [_as_move(step) for step in steps], positions, budget.elapsed())
    return SolveResult(status, (), positions, budget.elapsed(), reason)
