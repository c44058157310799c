"""Spider, searched best first over compact positions; "not winnable" only when every position was seen.

A position is ten columns, each a `bytes`: its first byte is how many cards lie face down, the rest
are the cards bottom first, each as `suit * 16 + rank`. Which deck a card came from is left out: the
rules read only rank and suit, so two positions that differ by swapping the two copies of a card
have the same moves and the same outcome, and one stands for both. The stock is never reordered, so
its length says what is in it; the completed runs are whatever is not on the table.

The seen set keys a position by its columns and the stock's length. While the stock has cards the
columns are not interchangeable (a deal lays card k on column k), so every empty column is a target
of its own; once it is empty they are, and the key sorts them, the first empty column stands for
all, and a whole column never moves into an empty one (that is the same position again). No other
move is ever left out, so a search that runs out of positions has proved the deal lost.

The search expands the position that looks closest to a win (`_column_score`: face-down cards and
cards out of sequence cost, empty columns and runs home gain), so winnable deals, which are most
one-suit deals, are won in a few thousand positions. A column's score is kept per column, so a
child's score costs the one or two columns its move changed.
"""
from __future__ import annotations

import heapq
from collections.abc import Callable, Collection

from ..moves import STOCK, Move, column
from ..rules import Rules
from ..state import State
from .common import POSITION_LIMIT, Budget, SolveResult, Status, verified
from .heuristic import first_new_move, ranked_first_steps

CHECK_EVERY = 256
DEAL = 10
RUN = 13
ACE = 1
HOME_WEIGHT = 60  # a run home, against the per-card costs of `_column_score`
EMPTY_WEIGHT = 12
HIDDEN_WEIGHT = 12  # a face-down card, against 4 for a face-up card out of sequence
STOCK_WEIGHT = 3
HINT_POSITIONS = 6_000  # the hint's look ahead when its search found no solution (about 0.2 s)
HINT_CPU = 0.4  # and its CPU seconds at most, on a slow machine
LIKELY_SHARE = 200_000  # positions the search over likely moves may take before the full search
SHARE_SPENT = "share spent"  # the likely moves' search stopped for the full one (never returned)

Position = tuple[tuple[bytes, ...], bytes, int]  # columns, stock (top last), runs home
Step = tuple[int, int, int]  # (source column, destination column, cards); source -1 deals the stock


def _code(card: object) -> int:
    return card.suit * 16 + card.rank  # type: ignore[attr-defined]


def encode(state: State) -> Position:
    columns = tuple(bytes([hidden, *map(_code, pile)]) for pile, hidden in zip(state.columns, state.hidden))
    home = sum(1 for pile in state.foundations if pile)
    return columns, bytes(map(_code, state.stock)), home


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


def _settled(pile: bytes) -> tuple[bytes, int]:
    """The column after a completed run on top goes home (and the uncovered card turns up), and how many went."""
    if pile[-1] & 15 == ACE and run_length(pile) >= RUN:
        pile = pile[:-RUN]
        rest = len(pile) - 1
        return (bytes([min(pile[0], max(rest - 1, 0))]) + pile[1:] if rest else b"\x00"), 1
    return pile, 0


def _lifted(pile: bytes, count: int) -> bytes:
    """The column with its top `count` cards taken, the card uncovered turned face up."""
    rest = pile[:-count]
    left = len(rest) - 1
    if left and rest[0] >= left:
        return bytes([left - 1]) + rest[1:]
    return rest


def play(position: Position, step: Step) -> Position:
    columns, stock, home = position
    piles = list(columns)
    src, dst, count = step
    if src < 0:
        for k in range(count):
            pile, done = _settled(piles[k] + stock[-1 - k: len(stock) - k])
            piles[k] = pile
            home += done
        return tuple(piles), stock[:-count], home
    moving = piles[src][-count:]
    piles[src] = _lifted(piles[src], count)
    piles[dst], done = _settled(piles[dst] + moving)
    return tuple(piles), stock, home + done


def steps(position: Position, relaxed: bool) -> list[Step]:
    """Every move worth distinguishing (see the module's docstring)."""
    columns, stock, _home = position
    empties = [j for j, pile in enumerate(columns) if len(pile) == 1]
    if not stock:
        empties = empties[:1]
    found: list[Step] = []
    for i, pile in enumerate(columns):
        length = run_length(pile)
        if not length:
            continue
        top_rank = pile[-1] & 15
        for j, target in enumerate(columns):
            if j != i and len(target) > 1:
                count = (target[-1] & 15) - top_rank
                if 1 <= count <= length:
                    found.append((i, j, count))
        whole = len(pile) - 1
        for j in empties:
            for count in range(length, 0, -1):
                if count < whole or stock:
                    found.append((i, j, count))
    if stock and (relaxed or not empties):
        found.append((-1, 0, min(DEAL, len(stock))))
    return found


def likely_steps(position: Position, relaxed: bool) -> list[Step]:
    """The moves a good player considers: what uncovers a card, empties a column or joins a run to its
    own suit; a run goes to an empty column whole, and only to the first. Leaving the others out
    makes the search quick on winnable deals, and proves nothing: the full search follows."""
    columns, stock, _home = position
    empty = next((j for j, pile in enumerate(columns) if len(pile) == 1), -1)
    found: list[Step] = []
    for i, pile in enumerate(columns):
        length = run_length(pile)
        if not length:
            continue
        top_rank = pile[-1] & 15
        face_up = len(pile) - 1 - pile[0]
        for j, target in enumerate(columns):
            if j != i and len(target) > 1:
                count = (target[-1] & 15) - top_rank
                if 1 <= count <= length:
                    if count < face_up:
                        head, under = pile[-count], pile[-count - 1]
                        if (under & 15) == (head & 15) + 1 and (under >> 4 == head >> 4 or target[-1] >> 4 != head >> 4):
                            continue  # off a card it already sits in sequence on, and not onto its own suit
                    found.append((i, j, count))
        if empty >= 0 and length < len(pile) - 1:
            found.append((i, empty, length))
    if stock and (relaxed or empty < 0):
        found.append((-1, 0, min(DEAL, len(stock))))
    return found


def key(position: Position) -> bytes:
    columns, stock, _home = position
    if stock:
        return b"|".join(columns) + bytes([len(stock)])
    return b"|".join(sorted(columns))


_SCORES: dict[bytes, int] = {}


def _column_score(pile: bytes) -> int:
    """What a column costs: face-down cards most, then face-up cards out of sequence (less when only the suit breaks)."""
    known = _SCORES.get(pile)
    if known is not None:
        return known
    hidden = pile[0]
    if len(pile) == 1:
        score = -EMPTY_WEIGHT
    else:
        score = HIDDEN_WEIGHT * hidden
        for at in range(2 + hidden, len(pile)):
            lower, upper = pile[at - 1], pile[at]
            if upper != lower - 1:
                score += 1 if (upper & 15) == (lower & 15) - 1 else 4
    if len(_SCORES) > 2_000_000:
        _SCORES.clear()
    _SCORES[pile] = score
    return score


def score(position: Position) -> int:
    columns, stock, home = position
    return sum(map(_column_score, columns)) + STOCK_WEIGHT * len(stock) - HOME_WEIGHT * home


def solve_spider(rules: Rules, state: State, budget: Budget) -> SolveResult:
    if rules.is_won(state):
        return verified(rules, state, [], 0, budget.elapsed())
    quick = _search(rules, state, budget, likely_steps, LIKELY_SHARE, 0)
    if quick.status is Status.SOLVED or quick.reason and quick.reason != SHARE_SPENT:
        return quick
    return _search(rules, state, budget, steps, None, quick.positions)


def _search(
    rules: Rules, state: State, budget: Budget, moves_of: Callable[[Position, bool], list[Step]],
    share: int | None, positions: int,
) -> SolveResult:
    """Best first over the moves `moves_of` names; UNSOLVABLE only means something for `steps`."""
    relaxed = bool(rules.variant.params.relaxed)
    start = encode(state)
    stop = None if share is None else positions + share
    parents: list[int] = [-1]
    moves: list[Step] = [(0, 0, 0)]
    seen = {key(start)}
    heap: list[tuple[int, int, int, Position]] = [(score(start), 0, 0, start)]
    until_check = CHECK_EVERY
    room = budget.room()
    while heap:
        _score, _order, node, position = heapq.heappop(heap)
        for step in moves_of(position, relaxed):
            child = play(position, step)
            k = key(child)
            if k in seen:
                continue
            if positions >= room:
                return SolveResult(Status.UNKNOWN, (), positions, budget.elapsed(), POSITION_LIMIT)
            seen.add(k)
            positions += 1
            parents.append(node)
            moves.append(step)
            if _won(child):
                return verified(rules, state, _path(parents, moves, len(parents) - 1), positions, budget.elapsed())
            heapq.heappush(heap, (score(child), -positions, len(parents) - 1, child))
        until_check -= 1
        if until_check <= 0:
            until_check = CHECK_EVERY
            reason = budget.spent(positions) or (SHARE_SPENT if stop is not None and positions >= stop else None)
            if reason:
                return SolveResult(Status.UNKNOWN, (), positions, budget.elapsed(), reason)
    return SolveResult(Status.UNSOLVABLE, (), positions, budget.elapsed())


def _path(parents: list[int], steps_made: list[Step], at: int) -> list[Move]:
    found: list[Move] = []
    while at > 0:
        found.append(_as_move(steps_made[at]))
        at = parents[at]
    return found[::-1]


def _as_move(step: Step) -> Move:
    src, dst, count = step
    return Move(STOCK, column(0), count) if src < 0 else Move(column(src), column(dst), count)


def _won(position: Position) -> bool:
    return not position[1] and all(len(pile) == 1 for pile in position[0])


def _hint_score(position: Position) -> int:
    """`score` without the stock: a deal costs what its ten cards cost the columns, so a line that
    deals looks better only when the deal is followed up, and the cards in the stock are kept for
    when they are needed."""
    columns, _stock, home = position
    return sum(map(_column_score, columns)) - HOME_WEIGHT * home


def spider_hint(rules: Rules, state: State, met: Collection[State]) -> Move | None:
    """The hint's move when no solution was found in time: the first move of the best line a short
    search sees (`heuristic.ranked_first_steps`), never one back to a position of `met`, the positions
    met earlier in the game. A player deals from the stock when the columns offer nothing better, so
    moves whose line gains nothing come after the deal."""
    relaxed = bool(rules.variant.params.relaxed)

    def children(position: Position) -> list[tuple[Step, Position]]:
        return [(step, play(position, step)) for step in steps(position, relaxed)]

    budget = Budget(HINT_POSITIONS, cpu_limit=HINT_CPU)
    avoid = {key(encode(earlier)) for earlier in met}
    root = encode(state)
    ranked = ranked_first_steps(root, children, key, _hint_score, _won, avoid, budget)
    now = _hint_score(root)
    gaining = [step for step, best in ranked if best < now and step[0] >= 0]
    deal = [step for step, _best in ranked if step[0] < 0]
    rest = [step for step, best in ranked if best >= now and step[0] >= 0]
    return first_new_move(rules, state, map(_as_move, gaining + deal + rest), met)
