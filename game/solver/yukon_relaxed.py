"""Yukon's relaxed game: the same cards with one rule left out, searched with its interleavings
reduced, to prove deals lost and to find plans that the real game then follows (yukon.py's
`_Follow`).

Blocks. In a Yukon column a card lies either on a card it builds on (one rank higher, the other
colour; in Russian Solitaire the same suit) or on the card it was dealt on. The second kind of link
only ever breaks; the first kind can be remade anywhere. So a position is cut into blocks at every
link of the first kind (below a face-up card): each block is a run of cards dealt on each other,
lying either at the bottom of a column (a base block, with its face-down cards) or on some card its
bottom card builds on (a child block). The relaxed game forgets which of the (one or two) cards a
child block lies on, and so which block lies on which: a group's children (the cards that build on
its parents, the twins of a rank and colour) need only fit on its parents that are block tops, one
to a parent. What it leaves out is the one rule that needs the columns: a card cannot be moved onto
a card of its own stack.

Every real move is a relaxed one, or changes nothing there (a card moved from one of its parents to
the other), so a real win is a relaxed win and the relaxed game running dry proves the real deal
lost. Its transitions are two per card, "leaves the card it was dealt on" (`LEAVE`, onto its group
or, a King, into an empty column) and "goes home" (`HOME`), each made at most once, and a position
is exactly the set of transitions made so far: two orders of the same transitions meet the same
position. That is what makes the reduction cheap to state. A set of transitions is stubborn (Valmari)
when every enabled one in it stays enabled whatever transitions outside it are made first, and
every disabled one in it can be enabled only by a transition inside it; then expanding only its
enabled transitions keeps every position where nothing moves any more, the won one among them
(Valmari, "Stubborn sets for reduced state space generation", 1990). Which transitions disable
which follows from the rules: a card leaving takes a parent of its group (its twin may find none
left), a parent going home leaves one parent fewer, a King into an empty column takes the column.

Two reductions of the real search hold here too (the proofs are the same: what they do only ever
lets more transitions be made): a card no other card can want goes home at once (`settle`), and a
position where some card can never go home is not expanded (`_Reach`, the real bound's fixpoint
over blocks: a parent with a child block on it is free once a group has more parents that can be
block tops than children on them, or once such a child can go home).

A plan may need a card to go onto its own stack, which the real game cannot follow. Where the
blocks show it (a child block that can lie on nothing but the top of a card's block, and so on up),
the stack rule forbids it (`_View`'s `stacked`); that game is searched whole, as the stubborn sets do
not account for the rule, and its running dry is a proof too. Without the rule, a position reached by
a transition the rule forbids scores `BROKEN` worse, so that the first plan found is mostly one the
real game can follow; the order of the search leaves its proofs as they are.

mypyc compiles this module (`compiled.py`). The bit masks of the stubborn sets (`_Growth`) and of
`_Reach` are `i64` there, machine integers (in Python the annotation is never evaluated: they are
ints). A mask's bit is made as `1 << card`, an int shifted and then held as an i64: mypyc 2.4
compiles an i64 constant shifted by a variable as a 32-bit C shift, which loses every card from 32
up (the compiled and the plain searches then differ, as tests/test_compiled_solver.py checks).
"""
from __future__ import annotations

import heapq
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from mypy_extensions import i64

from .common import POSITION_LIMIT, Budget, Status
from .generic import Pacer
from .portfolio import Outcome, path_to

# Final: the compiled code takes these as constants, where it would look other names up at each use.
CHECK_EVERY: Final = 32  # expansions between two looks at the budget
CHILD: Final = 255  # a block's first byte: a child block, where a base block has its number of face-down cards
KING: Final = 12  # a card's rank within its suit, from 0 (the Ace)
LEAVE: Final = 0  # a transition is card * 2 + LEAVE or card * 2 + HOME
HOME: Final = 1
# A position reached by a transition the stack rule forbids scores this much worse for each: the
# search without that rule then finds first the plans the real game can follow.
BROKEN: Final = 1_000
KINGS: Final = (KING, 13 + KING, 26 + KING, 39 + KING)

Blocks = tuple[bytes, ...]  # each block: its first byte (CHILD, or its face-down cards), its length, its cards deepest first
Plan = list[int]  # the transitions of a relaxed win, in order


class Groups:
    """Which cards build on which, grouped: a group's parents are the cards that take the same cards
    (in Yukon the two of a rank and colour, in Russian Solitaire one card), its children those cards."""

    def __init__(self, takes: list[tuple[int, ...]]) -> None:
        self.takes = takes  # takes[card]: the cards that may be put on it
        self.parent_group = [-1] * 52  # the group a card is a parent of (-1: nothing goes on it, an Ace)
        self.child_group = [-1] * 52  # the group a card is a child of (-1: it goes on nothing, a King)
        self.parents: list[list[int]] = []
        self.children: list[tuple[int, ...]] = []
        known: dict[tuple[int, ...], int] = {}
        for card in range(52):
            below = takes[card]
            if not below:
                continue
            group = known.get(below, -1)
            if group < 0:
                group = len(self.parents)
                known[below] = group
                self.parents.append([])
                self.children.append(below)
                for child in below:
                    self.child_group[child] = group
            self.parents[group].append(card)
            self.parent_group[card] = group
        self.parents_mask = [sum(1 << card for card in cards) for cards in self.parents]
        self.children_mask = [sum(1 << card for card in cards) for cards in self.children]
        self.aces = sum(1 << card for card in range(52) if self.parent_group[card] < 0)  # nothing goes on them

    def fits(self, card: int, onto: int) -> bool:
        group = self.child_group[card]
        return group >= 0 and group == self.parent_group[onto]


def blocks_of(groups: Groups, columns: tuple[bytes, ...], hidden: tuple[int, ...]) -> Blocks:
    """The real position's blocks: each column cut below every face-up card lying on a face-up card
    it builds on; the first block of a column is its base block."""
    blocks: list[bytes] = []
    for index in range(len(columns)):
        pile = columns[index]
        down = hidden[index]
        start = 0
        for depth in range(down + 1, len(pile)):
            if groups.fits(pile[depth], pile[depth - 1]):
                blocks.append(_block(CHILD if start else down, pile[start:depth]))
                start = depth
        if len(pile) > start:
            blocks.append(_block(CHILD if start else down, pile[start:]))
    return tuple(blocks)


def _block(first: int, cards: bytes) -> bytes:
    return bytes((first, len(cards))) + cards


def _lower(first: int, cards: bytes) -> bytes:
    """What is left of a block whose first byte was `first` below the cards taken off it: its top
    card turned face up if it was face down."""
    return _block(first if first == CHILD or first < len(cards) else len(cards) - 1, cards)


def _key(blocks: Blocks) -> bytes:
    """The blocks in a fixed order, by their bottom cards (no two blocks share one): a relaxed
    position is its blocks, in whatever order, and each block's length byte tells where it ends.
    Placed by card, not sorted: the keys of deal 25's proof in a third fewer instructions."""
    by_bottom = [b""] * 52
    for block in blocks:
        by_bottom[block[2]] = block
    return b"".join(by_bottom)


class _View:
    """One relaxed position's facts, as transitions ask them: where each card lies, how many parents
    of each group are block tops (`open`) and how many children lie on them (`attached`).

    With `stacked`, a card also cannot go onto a card that must lie above it: the tops of the
    child blocks that must lie on the top of its block, and on theirs (`_stack_tops`). That is the
    rule the relaxed game leaves out, where the blocks alone show it: plans of that game are
    followed by the real one far more often, but the stubborn sets do not account for it, so that
    game is searched whole (RelaxedSearch's `stacked`)."""

    def __init__(self, groups: Groups, blocks: Blocks, columns: int, stacked: bool = False) -> None:
        self.groups = groups
        self.blocks = blocks
        self.columns = columns
        self.stacked = stacked
        self.block_of = [-1] * 52  # -1: home
        self.depth_of = [0] * 52
        size = len(groups.parents)
        self.open = [0] * size
        self.attached = [0] * size
        self.child_block = [-1] * size  # the first block found lying on a parent of the group
        self.second_child_block = [-1] * size  # and the second (a group has two parents at most)
        self.stack_tops = [0] * len(blocks)  # `_stack_tops` of each block, once found (0: not yet)
        self.bases = 0
        for index in range(len(blocks)):
            block = blocks[index]
            for depth in range(2, len(block)):
                card = block[depth]
                self.block_of[card] = index
                self.depth_of[card] = depth - 2
            group = groups.parent_group[block[len(block) - 1]]
            if group >= 0:
                self.open[group] += 1
            if block[0] == CHILD:
                group = groups.child_group[block[2]]
                self.attached[group] += 1
                if self.child_block[group] < 0:
                    self.child_block[group] = index
                else:
                    self.second_child_block[group] = index
            else:
                self.bases += 1
        self.home = _home_counts(blocks)

    def _stack_tops(self, index: int) -> int:
        """The tops up the stack on block `index` (bit mask of cards): its top, then the tops of
        the stack on the child block that must lie on that top, if one must (`_lying_on`). Found
        once a view; a block met again on its own way up (a cycle, which a relaxed position may
        hold and no real one does) stands for its top alone."""
        known = self.stack_tops[index]
        if known:
            return known
        block = self.blocks[index]
        top = block[len(block) - 1]
        self.stack_tops[index] = 1 << top  # until found, as the way up may lead back here
        group = self.groups.parent_group[top]
        child = self._lying_on(group, top) if group >= 0 and self.attached[group] else -1
        tops = 1 << top | (self._stack_tops(child) if child >= 0 else 0)
        self.stack_tops[index] = tops
        return tops

    def _lying_on(self, group: int, top: int) -> int:
        """The child block that must lie on `top`, a block top among the parents of `group`, or -1.
        With one such parent, every child block of the group lies on it (one at most). With two,
        a child block cannot lie on a card of its own stack: so a child lies on `top` when the other
        parent is in its stack, or when the other child must lie on the other parent (`top` is in
        that child's stack)."""
        first = self.child_block[group]
        if self.open[group] == 1:
            return first
        other = self.groups.parents_mask[group] & ~(1 << top)
        if self.attached[group] == 1:
            return first if self._stack_tops(first) & other else -1
        second = self.second_child_block[group]
        if self._stack_tops(first) & other or self._stack_tops(second) & (1 << top):
            return first
        if self._stack_tops(second) & other or self._stack_tops(first) & (1 << top):
            return second
        return -1

    def enabled(self, transition: int) -> bool:
        return self._allowed(transition, self.stacked)

    def breaks_stack_rule(self, transition: int) -> bool:
        """Whether an enabled transition of the game without the stack rule is one that rule forbids."""
        return not self.stacked and not self._allowed(transition, True)

    def _allowed(self, transition: int, stacked: bool) -> bool:
        card = transition >> 1
        index = self.block_of[card]
        if index < 0:
            return False
        block = self.blocks[index]
        depth = self.depth_of[card]
        groups = self.groups
        if transition & 1:
            if depth != len(block) - 3 or card % 13 != self.home[card // 13]:
                return False
            group = groups.parent_group[card]
            if group < 0:
                return True
            if stacked and self.attached[group] and self._lying_on(group, card) >= 0:
                return False  # a child block must lie on it
            return self.attached[group] < self.open[group]
        first = block[0]
        if first == CHILD:
            if depth == 0:
                return False  # a child block's bottom card: moving it to another parent changes nothing here
        elif depth < first:
            return False  # face down
        if card % 13 == KING:
            return depth > 0 and self.bases < self.columns
        group = groups.child_group[card]
        if stacked:
            if self.attached[group] >= self.open[group]:
                return False
            above = self._stack_tops(index)
            for parent in groups.parents[group]:
                at = self.block_of[parent]
                if at >= 0 and self.depth_of[parent] == len(self.blocks[at]) - 3 and not above >> parent & 1:
                    return True
            return False
        own = 1 if groups.parent_group[block[len(block) - 1]] == group else 0  # its own block's top is no target
        return self.open[group] - own >= 1 and self.attached[group] < self.open[group]

    def enabled_transitions(self) -> list[int]:
        """Every enabled transition: a face-up card of a block leaving (but a child block's bottom
        card), a block's top card going home."""
        found: list[int] = []
        for block in self.blocks:
            first = block[0]
            for depth in range(3 if first == CHILD else first + 2, len(block)):
                if self.enabled(block[depth] * 2 + LEAVE):
                    found.append(block[depth] * 2 + LEAVE)
            top = block[len(block) - 1]
            if self.enabled(top * 2 + HOME):
                found.append(top * 2 + HOME)
        return found

    def interfering(self, transition: int, found: list[int]) -> None:
        """Add to `found` every transition that may disable `transition` or be disabled by it."""
        card = transition >> 1
        groups = self.groups
        if transition & 1:
            found.append(card * 2 + LEAVE)
            group = groups.parent_group[card]
            if group >= 0:
                for parent in groups.parents[group]:
                    if parent != card:
                        found.append(parent * 2 + HOME)
                for child in groups.children[group]:
                    found.append(child * 2 + LEAVE)
            return
        found.append(card * 2 + HOME)
        if card % 13 == KING:
            for king in KINGS:
                if king != card:
                    found.append(king * 2 + LEAVE)
            return
        group = groups.child_group[card]
        for child in groups.children[group]:
            if child != card:
                found.append(child * 2 + LEAVE)
        for parent in groups.parents[group]:
            found.append(parent * 2 + HOME)

    def _leavers(self, card: int, found: list[int]) -> None:
        """The transitions of the card dealt on `card`, one of which makes `card` a block top."""
        block = self.blocks[self.block_of[card]]
        above = block[self.depth_of[card] + 3]
        found.append(above * 2 + LEAVE)
        found.append(above * 2 + HOME)

    def _openers(self, group: int, found: list[int]) -> None:
        """The transitions that may make another parent of `group` a block top."""
        for parent in self.groups.parents[group]:
            index = self.block_of[parent]
            if index >= 0 and self.depth_of[parent] < len(self.blocks[index]) - 3:
                self._leavers(parent, found)

    def _unattachers(self, group: int, found: list[int]) -> None:
        """The homes of the children lying on the group's parents (the only way off them)."""
        for child in self.groups.children[group]:
            index = self.block_of[child]
            if index >= 0 and self.depth_of[child] == 0 and self.blocks[index][0] == CHILD:
                found.append(child * 2 + HOME)

    def enablers(self, transition: int, found: list[int]) -> None:
        """Add to `found` a set of transitions one of which must be made before the disabled
        `transition` can be (none when it never can)."""
        card = transition >> 1
        index = self.block_of[card]
        if index < 0:
            return
        block = self.blocks[index]
        depth = self.depth_of[card]
        groups = self.groups
        if transition & 1:
            if card % 13 != self.home[card // 13]:
                found.append((card - 1) * 2 + HOME)
            elif depth != len(block) - 3:
                self._leavers(card, found)
            else:
                group = groups.parent_group[card]
                self._unattachers(group, found)
                self._openers(group, found)
            return
        first = block[0]
        if first == CHILD:
            if depth == 0:
                return
        elif depth < first:
            self._leavers(card, found)
            return
        if card % 13 == KING:
            if depth > 0:
                for other in self.blocks:
                    if other[0] != CHILD:
                        found.append(other[2] * 2 + LEAVE)
                        found.append(other[2] * 2 + HOME)
            return
        group = groups.child_group[card]
        if self.attached[group] >= self.open[group]:
            self._unattachers(group, found)
            self._openers(group, found)
            return
        # its own block's top is the only parent that is a block top: another must open, or its top change
        self._openers(group, found)
        for higher in range(depth + 3, len(block)):
            found.append(block[higher] * 2 + LEAVE)
        found.append(block[len(block) - 1] * 2 + HOME)

    def stubborn(self, enabled: list[int]) -> list[int]:
        """The enabled transitions of the stubborn set grown from each of them that holds the fewest."""
        best = enabled
        grown = _Growth(self, enabled)
        for seed in enabled:
            members = grown.closure(seed, len(best))
            if members:
                best = members
                if len(best) == 1:
                    break
        return best


class _Growth:
    """Stubborn sets grown from seeds in one position: from a seed, the transitions an enabled
    member may interfere with and a disabled member's enablers, until nothing is added (each
    transition's are found once, on first need, and kept for the next seed). A set of transitions
    is two bit masks over cards (machine integers in the compiled code), one for leaving and one
    for going home."""

    def __init__(self, view: _View, enabled: list[int]) -> None:
        self.view = view
        self.enabled = enabled
        self.enabled_leave: i64 = 0
        self.enabled_home: i64 = 0
        for transition in enabled:
            bit: i64 = 1 << (transition >> 1)
            if transition & 1:
                self.enabled_home |= bit
            else:
                self.enabled_leave |= bit
        self.known_leave: i64 = 0
        self.known_home: i64 = 0
        self.seeds_leave: i64 = 0  # the seeds grown from before
        self.seeds_home: i64 = 0
        nothing: list[int] = []
        self.edges = [nothing] * 104  # each transition's, once known

    def closure(self, seed: int, fewer_than: int) -> list[int]:
        """The enabled transitions of the set grown from `seed`, or [] once it holds `fewer_than`.
        `fewer_than` may be no more than the enabled transitions of every set grown before from this
        object (as `stubborn` asks): a set that takes in an earlier seed holds all of that seed's
        set, so it is cut there. Both are seen as a transition joins the set, before its own are
        followed (deal 25's proof: 30 % fewer instructions in the closures than with neither cut)."""
        earlier_leave = self.seeds_leave
        earlier_home = self.seeds_home
        member_leave: i64 = 0
        member_home: i64 = 0
        seed_bit: i64 = 1 << (seed >> 1)
        if seed & 1:
            member_home = seed_bit
            self.seeds_home |= seed_bit
        else:
            member_leave = seed_bit
            self.seeds_leave |= seed_bit
        if fewer_than <= 1:
            return []
        chosen = 1  # the enabled transitions in the set: the seed, so far
        work = [seed]
        while work:
            transition = work.pop()
            bit: i64 = 1 << (transition >> 1)
            if transition & 1:
                active = self.enabled_home & bit != 0
                new = not self.known_home & bit
                self.known_home |= bit
            else:
                active = self.enabled_leave & bit != 0
                new = not self.known_leave & bit
                self.known_leave |= bit
            if new:
                found: list[int] = []
                if active:
                    self.view.interfering(transition, found)
                else:
                    self.view.enablers(transition, found)
                self.edges[transition] = found
            for other in self.edges[transition]:
                other_bit: i64 = 1 << (other >> 1)
                if other & 1:
                    if member_home & other_bit:
                        continue
                    member_home |= other_bit
                    if self.enabled_home & other_bit:
                        if earlier_home & other_bit:
                            return []
                        chosen += 1
                elif member_leave & other_bit:
                    continue
                else:
                    member_leave |= other_bit
                    if self.enabled_leave & other_bit:
                        if earlier_leave & other_bit:
                            return []
                        chosen += 1
                if chosen >= fewer_than:
                    return []
                work.append(other)
        return [
            transition for transition in self.enabled
            if (member_home if transition & 1 else member_leave) >> (transition >> 1) & 1
        ]


def _after(blocks: Blocks, view: _View, transition: int) -> Blocks:
    """The position after `transition` (a card under the moved ones turned face up)."""
    card = transition >> 1
    index = view.block_of[card]
    block = blocks[index]
    depth = view.depth_of[card]
    first = block[0]
    rest = list(blocks[:index]) + list(blocks[index + 1:])
    lower = block[2:depth + 2]
    if lower:
        rest.append(_lower(first, lower))
    if not transition & 1:
        rest.append(_block(0 if card % 13 == KING else CHILD, block[depth + 2:]))
    return tuple(rest)


def _settle(groups: Groups, blocks: Blocks, plan: Plan, home: list[int]) -> Blocks:
    """Send home every card no other card can want, until none is left (the real search's rule);
    `home` holds how many cards of each suit are home, and is kept so."""
    moved = True
    while moved:
        moved = False
        for index in range(len(blocks)):
            block = blocks[index]
            card = block[len(block) - 1]
            if card % 13 == home[card // 13] and all(home[w // 13] > w % 13 for w in groups.takes[card]):
                home[card // 13] += 1
                plan.append(card * 2 + HOME)
                rest = list(blocks[:index]) + list(blocks[index + 1:])
                if len(block) > 3:
                    rest.append(_lower(block[0], block[2:len(block) - 1]))
                blocks = tuple(rest)
                moved = True
                break
    return blocks


def _home_counts(blocks: Blocks) -> list[int]:
    """How many cards of each suit are home: the ones in no block."""
    home = [13, 13, 13, 13]
    for block in blocks:
        for depth in range(2, len(block)):
            home[block[depth] // 13] -= 1
    return home


class _Reach:
    """Which cards can ever go home in the relaxed game from one position: an over-estimate, so that
    a card it leaves out never goes home (see the module's note; the real bound's fixpoint, yukon.py's
    `_Reach`, over blocks). A card is a block top once the card dealt on it leaves (home, onto a
    parent that can be free, or a King into an empty column); a block top is free once its group has
    fewer children on its parents than parents that can be block tops, or once one of those children
    can go home; a card goes home once it can be free and its suit's lower cards can go home."""

    def __init__(self, groups: Groups, blocks: Blocks, columns: int, home: list[int]) -> None:
        self.groups = groups
        self.blocks = blocks
        self.attached: i64 = 0  # the bottom cards of the child blocks (bit `card`)
        self.ever_top: i64 = 0  # the cards that can ever be block tops
        self.face_down: i64 = 0
        self.bases: list[int] = []  # each base block's bottom card
        for block in blocks:
            self.ever_top |= 1 << block[len(block) - 1]
            first = block[0]
            if first == CHILD:
                self.attached |= 1 << block[2]
            else:
                self.bases.append(block[2])
                for depth in range(first):
                    self.face_down |= 1 << block[depth + 2]
        self.empty = len(self.bases) < columns
        self.ever_home = [suit * 13 + home[suit] for suit in range(4)]
        self.homeward: i64 = 0
        self.free: i64 = 0
        self.widened = 0  # how many times a set grew: a pass that leaves it as it was is the last

    def lost(self) -> bool:
        """Widen the sets until nothing changes; lost when some card is still never home. Each
        widening is carried through at once (`_open`), so a pass over the blocks sees what the
        cards made tops before it in the same pass let happen."""
        groups = self.groups
        self.free = self.ever_top & groups.aces
        for group in range(len(groups.parents)):
            self._refresh(group)
        for suit in range(4):
            self._advance(suit)
        widened = -1
        while widened != self.widened:
            if self.ever_home == [13, 26, 39, 52]:
                return False
            widened = self.widened
            if not self.empty and self._empties():
                self.empty = True
                self.widened += 1
            self._uncover()
        return True  # nothing widened in the last pass, so the check above still holds

    def _open(self, card: int) -> None:
        """`card` can ever be a block top: its group's parents may be free now, an Ace is."""
        self.ever_top |= 1 << card
        self.widened += 1
        group = self.groups.parent_group[card]
        if group >= 0:
            self._refresh(group)
        else:
            self.free |= 1 << card
            self._advance(card // 13)

    def _refresh(self, group: int) -> None:
        """The group's parents that can be block tops can be free once fewer children lie on them
        than there are such parents, or once one of those children can go home."""
        groups = self.groups
        parents = groups.parents_mask[group] & self.ever_top
        if not parents or parents & ~self.free == 0:
            return
        children = groups.children_mask[group] & self.attached
        if not children or children & self.homeward or _bits(children) < _bits(parents):
            self.free |= parents
            self.widened += 1
            for parent in groups.parents[group]:
                if parents >> parent & 1:
                    self._advance(parent // 13)

    def _advance(self, suit: int) -> None:
        """The suit's cards that can go home, in order, as far as free cards go: a child going
        home frees its group's parents."""
        end = suit * 13 + 13
        card = self.ever_home[suit]
        while card < end and self.free >> card & 1:
            self.homeward |= 1 << card
            self.ever_home[suit] = card + 1
            self.widened += 1
            group = self.groups.child_group[card]
            if group >= 0:
                self._refresh(group)
            card = self.ever_home[suit]

    def _leaves(self, card: int) -> bool:
        """Whether `card` can ever leave the card it lies on."""
        if self.face_down >> card & 1 and not self.ever_top >> card & 1:
            return False
        if self.homeward >> card & 1:
            return True
        if card % 13 == KING:
            return self.empty
        return self.groups.parents_mask[self.groups.child_group[card]] & self.free != 0

    def _empties(self) -> bool:
        for bottom in self.bases:
            if bottom % 13 != KING and self._leaves(bottom):
                return True
            if self.homeward >> bottom & 1:
                return True
        return False

    def _uncover(self) -> None:
        """One pass over the blocks from their tops down: the card under one that can leave can be
        a top."""
        for block in self.blocks:
            for depth in range(len(block) - 1, 2, -1):
                under = block[depth - 1]
                if not self.ever_top >> under & 1 and self._leaves(block[depth]):
                    self._open(under)


def _bits(mask: i64) -> int:
    """How many bits are set in a mask of at most two (a group's parents)."""
    return 1 if mask & (mask - 1) == 0 else 2


def never_home(groups: Groups, blocks: Blocks, columns: int, home: list[int]) -> bool:
    """Whether some card can never go home in the relaxed game from these blocks (`home`: how many
    cards of each suit are home): then the real position is lost too."""
    return _Reach(groups, blocks, columns, home).lost()


class RelaxedSearch:
    """A best-first search of the relaxed game, resumable like the real one: SOLVED returns a plan,
    the transitions of a relaxed win, and the search may go on after it for another; running dry
    is a proof that the real deal is lost. The score is the real search's (cards left, face-down
    cards, cards lying on a card they were dealt on, weighted 2, 4 and 3). `stacked` searches the
    game with the stack rule (`_View`'s note), every transition expanded."""

    def __init__(self, groups: Groups, columns: tuple[bytes, ...], hidden: tuple[int, ...], stacked: bool = False) -> None:
        self.groups = groups
        self.stacked = stacked
        self.columns = len(columns)
        first: Plan = []
        dealt = blocks_of(groups, columns, hidden)
        home = _home_counts(dealt)
        blocks = _settle(groups, dealt, first, home)
        self.parents = [-1]
        self.paths: list[Plan] = [first]
        self.broken = [0]  # each node's transitions on the way to it that the stack rule forbids
        self.seen = {_key(blocks)}
        self.heap: list[tuple[int, int, Blocks]] = []
        self.won: list[int] = []  # the nodes whose positions are won, not yet answered
        if not blocks:
            self.won.append(0)
        elif not never_home(groups, blocks, self.columns, home):
            self.heap.append((_score(blocks), 0, blocks))

    @property
    def count(self) -> int:
        return len(self.parents)

    def run(self, budget: Budget, until: int, elsewhere: int) -> Outcome:
        """Expand positions, best score first, until a relaxed win (SOLVED, its plan), a proof
        (nothing left to expand), `until` positions met, or the budget spent."""
        if self.won:
            return Status.SOLVED, path_to(self.parents, self.paths, self.won.pop()), ""
        groups, columns = self.groups, self.columns
        parents, paths, seen, heap = self.parents, self.paths, self.seen, self.heap
        pacer = Pacer(CHECK_EVERY)
        room = budget.room(elsewhere)
        full = False
        while heap:
            _score_, node, blocks = heapq.heappop(heap)
            view = _View(groups, blocks, columns, self.stacked)
            enabled = view.enabled_transitions()
            broken = self.broken[node]
            for transition in view.stubborn(enabled) if len(enabled) > 1 and not self.stacked else enabled:
                done = [transition]
                home = list(view.home)  # the child's, from its parent's: `_settle` and `never_home` keep and read them
                if transition & 1:
                    home[transition // 26] += 1  # the suit of the card sent home
                child = _settle(groups, _after(blocks, view, transition), done, home)
                key = _key(child)
                if key in seen:
                    continue
                seen.add(key)
                if child and never_home(groups, child, columns, home):
                    continue
                if len(parents) >= room:
                    full = True  # no room for another position: a win met already still counts
                    break
                parents.append(node)
                paths.append(done)
                self.broken.append(broken + view.breaks_stack_rule(transition))
                if not child:
                    self.won.append(len(parents) - 1)
                    continue
                heapq.heappush(heap, (_score(child) + BROKEN * self.broken[-1], len(parents) - 1, child))
            if self.won:
                return Status.SOLVED, path_to(self.parents, self.paths, self.won.pop()), ""
            if full:
                return Status.UNKNOWN, None, POSITION_LIMIT
            halt = pacer.due(budget, len(parents), until, elsewhere)
            if halt is not None:
                return halt
        return Status.UNSOLVABLE, None, ""



def _score(blocks: Blocks) -> int:
    left = down = misplaced = 0
    for block in blocks:
        size = len(block) - 2
        left += size
        first = block[0]
        if first == CHILD:
            misplaced += size - 1
        else:
            down += first
            misplaced += size - max(first, 1)
    return 2 * left + 4 * down + 3 * misplaced
