"""Checks every game of the pieces must pass, written once for the tests of each game.

`listed_is_accepted` is the "listed moves = accepted moves" property: every move the rules list is
accepted, and every move a careless player might try among the table's piles is accepted exactly when
it is listed, but for the moves the list leaves out on purpose (one empty column stands for all, and a
whole column never moves into an empty one, since nothing would change). `perft` counts the move
sequences of a given length from a position, as chess engines do, for fixtures that hold the rules.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from game.cards import RANK_LETTERS, Pack
from game.moves import FOUNDATION, STOCK, WASTE, Move, Pile, PileKind, cell, column
from game.rules import IllegalMove, Rules
from game.session import Session
from game.solver.common import replay
from game.solver.generic import Forced, ModelMoves
from game.state import State
from game.variant import Variant


def perft(rules: Rules, state: State, depth: int) -> int:
    """How many sequences of `depth` legal moves lead on from `state`."""
    if depth == 0:
        return 1
    return sum(perft(rules, rules.perform(state, move), depth - 1) for move in rules.legal_moves(state))


def candidates(rules: Rules, state: State) -> list[Move]:
    """Every move between two of the table's piles, each with every count its source could give."""
    foundations = [Pile(PileKind.FOUNDATION, i) for i in range(len(state.foundations))]
    sources = [column(i) for i in range(len(state.columns))] + [cell(i) for i in range(len(state.cells))]
    sources += foundations + [STOCK, WASTE]
    targets = [column(i) for i in range(len(state.columns))] + [cell(i) for i in range(len(state.cells))]
    targets += [FOUNDATION, STOCK, WASTE]
    moves = []
    for src in sources:
        most = len(state.columns[src.index]) if src.kind is PileKind.COLUMN else 1
        if src.kind is PileKind.STOCK:
            most = max(len(state.stock), len(state.columns))
        elif src.kind is PileKind.WASTE:
            most = max(len(state.waste), 1)
        moves += [Move(src, dst, n) for dst in targets for n in range(1, most + 1)]
    return moves


def _left_out_on_purpose(state: State, move: Move, listed: set[Move]) -> bool:
    """An accepted move the list may leave out: into another empty column than the one the list
    names, or a whole column into an empty one."""
    if move.dst.kind is not PileKind.COLUMN or state.columns[move.dst.index]:
        return False
    if move.src.kind is PileKind.COLUMN and move.count == len(state.columns[move.src.index]):
        return True
    return any(
        other.src == move.src and other.count == move.count and other.dst.kind is PileKind.COLUMN
        and not state.columns[other.dst.index] for other in listed
    )


def listed_is_accepted(rules: Rules, state: State) -> set[Move]:
    """Assert the property at `state`; the listed moves, for a walk to go on with."""
    listed = set(rules.legal_moves(state))
    for move in listed:
        rules.check(state, move)  # raises if a listed move is refused
    for move in candidates(rules, state):
        try:
            rules.check(state, move)
        except IllegalMove:
            assert move not in listed, move
            continue
        assert move in listed or _left_out_on_purpose(state, move, listed), move
    return listed


def walk(rules: Rules, state: State, seed: int, steps: int) -> None:
    """A random walk from `state`, checking the property at each position and that no card is lost."""
    rng = random.Random(seed)
    cards = Counter(state.cards())
    for _ in range(steps):
        listed = listed_is_accepted(rules, state)
        if not listed:
            break
        state = rules.apply(state, rng.choice(sorted(listed, key=str)))
        assert Counter(state.cards()) == cards


def missing(pack: Pack, written: str) -> str:
    """The codes of the pack's cards that `written` (card codes, `[XX]` for face-down ones, and
    foundation piles as `H-5`, the Ace to the Five) does not hold, so a test can put the rest of the
    pack somewhere and write only the cards it is about."""
    used: Counter[str] = Counter()
    for token in written.split():
        suit, dash, rank = token.partition("-")
        if dash and len(suit) == 1 and rank != "0":
            used.update(f"{r}{suit.upper()}" for r in RANK_LETTERS[: RANK_LETTERS.index(rank.upper()) + 1])
        elif token != "-":
            used[token.strip("[]").upper()] += 1
    rest = Counter(card.code for card in pack.cards()) - used
    return " ".join(sorted(rest.elements()))


def undo_retraces(variant: Variant[Any], deal: int, seed: int, moves: int = 60) -> None:
    """Random legal moves of `deal` played in a session (auto-play off), then undone one by one: each
    undo gives back exactly the position before its move."""
    session = Session(variant, deal, autoplay=False)
    rng = random.Random(seed)
    history = [session.state]
    for _ in range(moves):
        legal = sorted(session.rules.legal_moves(session.state), key=str)
        if not legal:
            break
        session.play(rng.choice(legal))
        history.append(session.state)
    for expected in reversed(history[:-1]):
        session.undo()
        assert session.state == expected


def compact_walk(
    rules: Rules, forced: Forced | None, children: Callable[[Any], Iterable[tuple[list[Move], Any]]],
    position_of: Callable[[State], Any], state: State, seed: object, steps: int,
) -> Iterator[tuple[State, list[Move]]]:
    """Along a random game (seeded), check that a compact search's children are exactly the positions
    the model's own moves make (each followed by the moves `forced` names: `ModelMoves.children`, the
    generic search's), made by the same moves in the same order, and that each child's moves, replayed through the rules'
    checks, lead to it: so its running dry proves a loss and its wins are the rules' wins. Yields
    each child's moves with the position they start from; stops at a win or a position with no move."""
    model, rng = ModelMoves(rules, forced), random.Random(seed)
    state = model.settle(state, [])
    for _step in range(steps):
        made = list(children(position_of(state)))
        expected = [(moves, position_of(child).key()) for moves, child in model.children(state)]
        assert [(moves, child.key()) for moves, child in made] == expected  # the same moves, in the same order
        for moves, child in made:
            assert position_of(replay(rules, state, moves)).key() == child.key()
            yield state, moves
        if not made or rules.is_won(state):
            return
        state = replay(rules, state, rng.choice(made)[0])
