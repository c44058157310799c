"""Pyramid, solved exactly: every game whose cards leave in pairs that make a total (`PairsTo`) from
overlapping slots, with a stock turned onto the waste; every card known, as the other searches know
them. The answer is a proof either way.

A position is three small integers: which of the table's shapes is left (`shape`: the cards still in
the slots, numbered once for the deal, 1,430 of them in a full pyramid), which cards of the stock
and waste are left (`deck`, a bit per card in the order a pass meets them), and where the pass stands
(`at`: the waste's top card's place in that order, plus one; 0 when the waste is empty). The passes
used so far are not part of it: a position met with fewer passes used is at least as good, so a
position known to lose after c passes loses after more too.

Two searches share the tables. Depth-first, with pairs before turns, finds most wins in a few
thousand positions, but a lost deal makes it meet positions again with fewer passes used and search
them twice; so after `DEPTH_FIRST_SHARE` positions a search by passes takes over: every position
reachable in the first pass, then in the second, each met once, at the fewest passes it can be
reached with (lost deals: 1.1 million positions -> 28,000 on deal 10). What the depth-first search
found lost is passed by.

Kings are taken off at once, the search's only forced move: a King pairs with nothing, so taking it
off only frees what lies under it. And a position is dropped as lost when, for some pair of ranks
that make the total, the slots' cards of one rank outnumber the partners left for them: the other
rank's slot cards they are not over or under (at most one each, counted as a matching), and the
other rank's cards still in the stock and waste (`_needs`; deal 29 of 1..1000 has an apex 9 whose
only 4 left is the stock's last card).

Which moves the line takes is asked of the rules (`follow`), and the solution is replayed through them.
"""
from __future__ import annotations

from collections.abc import Iterator
from itertools import permutations

from ..cards import Card
from ..pieces.matches import PairsTo
from ..pieces.matching import MatchRules
from ..rules import Rules
from ..state import State
from .common import Budget, SolveResult, Status, verified
from .follow import follow

CHECK_EVERY = 1024
DEPTH_FIRST_SHARE = 50_000  # positions the depth-first search may take before the search by passes
MAX_SHAPES = 100_000  # far above a pyramid of seven rows (1,430)
AT_BITS = 6  # the waste's place in a packed position: up to 63 cards in the stock and waste
Position = tuple[int, int, int]  # (shape, deck, at)


class _Stop(Exception):
    """Unwinds the search when the budget is spent or the caller cancels."""


def _shapes(covers: list[int], present: int) -> tuple[dict[int, int], list[int]]:
    """Every set of slots still holding cards that play can reach from `present` (a card goes only
    when nothing lies on it), numbered: (set -> number, number -> set)."""
    ids = {present: 0}
    order = [present]
    for left in order:
        for slot in _free(covers, left):
            smaller = left & ~(1 << slot)
            if smaller not in ids:
                if len(order) >= MAX_SHAPES:
                    raise ValueError("this table has too many shapes for the exact search")
                ids[smaller] = len(order)
                order.append(smaller)
    return ids, order


def _free(covers: list[int], left: int) -> Iterator[int]:
    at = left
    while at:
        low = at & -at
        slot = low.bit_length() - 1
        at ^= low
        if not left & covers[slot]:
            yield slot


def _related(slots: int, covered_by: tuple[tuple[int, ...], ...], present: int) -> list[int]:
    """For each slot, the slots over it or under it, however far through cards `present` at the start:
    never free together with it, since each card of such a chain leaves only after the ones on it.
    (A position read from a board may have gaps a game never makes: a card gone from under another,
    and the chain through it broken, so those two may well be free together.)"""
    over = [sum(1 << above for above in covered_by[slot] if present >> above & 1) for slot in range(slots)]
    grown = True
    while grown:  # until every slot's cover takes in its covers' covers
        grown = False
        for slot in range(slots):
            wider = over[slot]
            for above in range(slots):
                if over[slot] >> above & 1:
                    wider |= over[above]
            grown |= wider != over[slot]
            over[slot] = wider
    return [over[slot] | sum(1 << other for other in range(slots) if over[other] >> slot & 1) for slot in range(slots)]


def _matching(first: list[int], second: list[int], related: list[int]) -> int:
    """The most pairs of one card of each list that are not over or under each other."""
    if len(first) > len(second):
        first, second = second, first
    return max(
        (sum(1 for a, b in zip(first, chosen) if not related[a] >> b & 1) for chosen in permutations(second, len(first))),
        default=0,
    )


class _Deal:
    """The deal's fixed parts as tables the searches read, and the count of positions looked at."""

    def __init__(self, rules: MatchRules, state: State, budget: Budget) -> None:
        match = rules.match
        assert isinstance(match, PairsTo)
        self.total = total = match.total
        covered_by = rules.slots.covered_by
        n = len(covered_by)
        covers = [sum(1 << above for above in covered_by[slot]) for slot in range(n)]
        self.rank = rank = [pile[0].rank if pile else 0 for pile in state.columns]
        present = sum(1 << slot for slot in range(n) if state.columns[slot])
        self.ids, self.sets = _shapes(covers, present)
        self.deck: list[Card] = [*state.waste, *reversed(state.stock)]  # in the order a pass meets them
        self.deck_rank = [card.rank for card in self.deck]
        self.places = {card: place for place, card in enumerate(self.deck)}
        self.deck_bits = len(self.deck)
        if len(self.deck) >= 1 << AT_BITS:
            raise ValueError("this stock is too large for the exact search")
        self.kings = sum(1 << place for place, card in enumerate(self.deck) if card.rank == total)
        kings = sum(1 << slot for slot in range(n) if rank[slot] == total)
        settled = [self._without_kings(covers, kings, left) for left in self.sets]
        self.pairs: list[tuple[int, ...]] = []
        self.with_waste: list[dict[int, tuple[int, ...]]] = []  # shape -> waste card's rank -> shapes
        for left in self.sets:
            free = list(_free(covers, left))
            self.pairs.append(tuple(
                settled[self.ids[left & ~(1 << a) & ~(1 << b)]] for i, a in enumerate(free) for b in free[i + 1:]
                if rank[a] + rank[b] == total
            ))
            partners: dict[int, list[int]] = {}
            for slot in free:
                partners.setdefault(total - rank[slot], []).append(settled[self.ids[left & ~(1 << slot)]])
            self.with_waste.append({wanted: tuple(shapes) for wanted, shapes in partners.items()})
        self.settled = settled
        self.needs = self._needs(covered_by, n)
        self.won = self.ids.get(0, -1)
        stock = rules.stock
        self.passes_left = None if stock is None or stock.redeals is None else stock.redeals - state.redeals
        self.budget = budget
        self.positions = 0

    def _without_kings(self, covers: list[int], kings: int, left: int) -> int:
        """The shape once every King free in it, and every King that frees, is taken off."""
        while True:
            free_kings = [slot for slot in _free(covers, left) if kings >> slot & 1]
            if not free_kings:
                return self.ids[left]
            for slot in free_kings:
                left &= ~(1 << slot)

    def _needs(self, covered_by: tuple[tuple[int, ...], ...], n: int) -> list[tuple[tuple[int, int], ...]]:
        """For each shape, (deck cards of a rank, how many of them at least must be left) for every
        rank whose slot cards cannot all find partners among the slots; a rank that cannot pair at
        all (above the total) must be gone already."""
        related = _related(n, covered_by, self.sets[0])
        total, rank = self.total, self.rank
        deck_of = [sum(1 << place for place, r in enumerate(self.deck_rank) if r == wanted) for wanted in range(total + 1)]
        found: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
        needs = []
        for left in self.sets:
            need: list[tuple[int, int]] = []
            slots = [slot for slot in range(n) if left >> slot & 1]
            if any(rank[slot] > total for slot in slots):
                need.append((0, 1))  # never satisfied
            for low in range(1, (total + 1) // 2):
                first = tuple(slot for slot in slots if rank[slot] == low)
                second = tuple(slot for slot in slots if rank[slot] == total - low)
                if not first and not second:
                    continue
                pair = (first, second)
                if pair not in found:
                    found[pair] = _matching(list(first), list(second), related)
                paired = found[pair]
                if len(first) > paired:
                    need.append((deck_of[total - low], len(first) - paired))
                if len(second) > paired:
                    need.append((deck_of[low], len(second) - paired))
            needs.append(tuple(need))
        return needs

    # -- positions ---------------------------------------------------------------------------------

    def key(self, state: State) -> tuple[int, int, int]:
        """A real position packed as the search packs it."""
        left = sum(1 << slot for slot, pile in enumerate(state.columns) if pile)
        deck = sum(1 << self.places[card] for card in (*state.waste, *state.stock))
        return self.ids[left], deck, self.places[state.waste[-1]] + 1 if state.waste else 0

    def settle(self, shape: int, deck: int, at: int) -> Position:
        """The position once the Kings on top of the waste are taken off."""
        kings = self.kings
        while True:
            below = deck & ((1 << at) - 1)
            if not below:
                return shape, deck, at
            top = below.bit_length() - 1
            if not kings >> top & 1:
                return shape, deck, at
            deck ^= 1 << top
            at = (below ^ 1 << top).bit_length()

    def dead(self, shape: int, deck: int) -> bool:
        return any((deck & cards).bit_count() < least for cards, least in self.needs[shape])

    def children(self, shape: int, deck: int, at: int) -> tuple[list[Position], bool]:
        """The positions one move leads to (a pair, the waste's top with a slot, a turn), and whether
        the stock is empty (the waste may then turn back over)."""
        found: list[Position] = [(child, deck, at) for child in self.pairs[shape]]
        below = deck & ((1 << at) - 1)
        if below:
            top = below.bit_length() - 1
            shapes = self.with_waste[shape].get(self.deck_rank[top])
            if shapes:
                rest = deck ^ 1 << top
                under = (below ^ 1 << top).bit_length()
                found += [self.settle(child, rest, under) for child in shapes]
        ahead = deck >> at
        if ahead:
            found.append(self.settle(shape, deck, at + (ahead & -ahead).bit_length()))
        return found, not ahead

    def pack(self, position: Position) -> int:
        """A position as one integer, as narrow as the deal allows: the searches' tables are keyed by
        it, and one that fits a machine word is hashed and compared without allocating (mypyc)."""
        shape, deck, at = position
        return (shape << self.deck_bits | deck) << AT_BITS | at

    def unpack(self, packed: int) -> Position:
        rest = packed >> AT_BITS
        return rest >> self.deck_bits, rest & ((1 << self.deck_bits) - 1), packed & ((1 << AT_BITS) - 1)

    def count(self, expanded: int) -> None:
        self.positions += expanded
        if self.budget.spent(self.positions):
            raise _Stop


def _depth_first(deal: _Deal, start: Position, share: int) -> tuple[list[Position] | None, dict[int, int], bool]:
    """Depth-first within `share` positions: the line to a win (or None), the positions found lost
    (each with the fewest passes used it is known to lose with), and whether the search finished (a
    finished search without a line is a proof)."""
    lost: dict[int, int] = {}
    line: list[Position] = []
    left = deal.passes_left
    taken = 0

    def search(position: Position, used: int) -> bool:
        nonlocal taken
        taken += 1
        if taken % CHECK_EVERY == 0:
            deal.count(CHECK_EVERY)
            if taken >= share:
                raise _OutOfShare
        shape, deck, at = position
        if shape == deal.won:
            return True
        packed = deal.pack(position)
        if lost.get(packed, used + 1) <= used:
            return False
        if left is None:  # passes without end: the line may come round to a position it is searching
            lost[packed] = used
        if not deal.dead(shape, deck):
            children, empty = deal.children(shape, deck, at)
            for child in children:
                if search(child, used):
                    line.append(child)
                    return True
            if empty and deck and (left is None or used < left):
                child = (shape, deck, 0)
                if search(child, used if left is None else used + 1):
                    line.append(child)
                    return True
        lost[packed] = used
        return False

    try:
        won = search(start, 0)
    except _OutOfShare:  # what it found lost holds, unless a position being searched was marked so
        return None, lost if left is not None else {}, False
    deal.count(taken % CHECK_EVERY)
    return ([start, *reversed(line)] if won else None), lost, True


class _OutOfShare(Exception):
    """The depth-first search spent its share of positions."""


def _by_passes(deal: _Deal, start: Position, lost: dict[int, int]) -> list[Position] | None:
    """Every position, a pass at a time: those the first pass reaches, then the second's, each met
    once, at the fewest passes used; the line to a win, or None when nothing wins."""
    seen: dict[int, int] = {deal.pack(start): -1}  # packed position -> the packed position it was first met from
    frontier = [start]
    left = deal.passes_left
    used = 0
    countdown = CHECK_EVERY
    while frontier:
        stack, frontier = frontier, []
        while stack:
            position = stack.pop()
            countdown -= 1
            if not countdown:
                countdown = CHECK_EVERY
                deal.count(CHECK_EVERY)
            shape, deck, at = position
            if shape == deal.won:
                return _line_back(deal, seen, deal.pack(position))
            if deal.dead(shape, deck):
                continue
            children, empty = deal.children(shape, deck, at)
            packed = deal.pack(position)
            if empty and deck and (left is None or used < left):
                recycled = (shape, deck, 0)
                if deal.pack(recycled) not in seen:
                    seen[deal.pack(recycled)] = packed
                    (stack if left is None else frontier).append(recycled)
            for child in children:
                key = deal.pack(child)
                if key not in seen and lost.get(key, used + 1) > used:
                    seen[key] = packed
                    stack.append(child)
        used += 1
    deal.count(CHECK_EVERY - countdown)
    return None


def _line_back(deal: _Deal, seen: dict[int, int], packed: int) -> list[Position]:
    line = []
    while packed != -1:
        line.append(deal.unpack(packed))
        packed = seen[packed]
    return line[::-1]


def solve_pairs(rules: Rules, state: State, budget: Budget) -> SolveResult:
    """SOLVED with the moves or UNSOLVABLE (proven), unless the budget ends first."""
    assert isinstance(rules, MatchRules)
    deal = _Deal(rules, state, budget)
    start = deal.settle(deal.settled[0], (1 << len(deal.deck)) - 1, len(state.waste))
    try:
        line, lost, finished = _depth_first(deal, start, DEPTH_FIRST_SHARE)
        if not finished:
            line = _by_passes(deal, start, lost)
    except _Stop:
        return SolveResult(Status.UNKNOWN, (), deal.positions, budget.elapsed(), budget.spent(deal.positions) or "stopped")
    if line is None:
        return SolveResult(Status.UNSOLVABLE, (), deal.positions, budget.elapsed())
    moves = follow(rules, state, line, deal.key)
    return verified(rules, state, moves, deal.positions, budget.elapsed())

