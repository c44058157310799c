"""A line found over compact positions, turned into the model's own moves.

The matching games' searches (`pairs`, `neighbours`) walk positions packed into a few integers and
find a winning line as a list of them. Which move leads from one to the next is asked of the rules,
never restated: from the real position, the legal move whose result packs to the next position, then
the moves auto-play would make (Pyramid's Kings, which the search takes off at once), until it does.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

from ..moves import Move
from ..rules import Rules
from ..state import State
from .common import SolverError

Key = Callable[[State], Hashable]


def follow(rules: Rules, state: State, line: Sequence[Hashable], key: Key) -> list[Move]:
    """The moves that take `state` through each position of `line` in turn (the first may be `state`
    itself, or `state` once auto-play has moved)."""
    moves: list[Move] = []
    state = _settled(rules, state, line[0], key, moves)
    for target in line[1:]:
        for move in rules.legal_moves(state):
            done = [move]
            after = _settled(rules, rules.perform(state, move), target, key, done)
            if key(after) == target:
                moves += done
                state = after
                break
        else:
            raise SolverError("the search's line takes a step no legal move makes")
    return moves


def _settled(rules: Rules, state: State, target: Hashable, key: Key, moves: list[Move]) -> State:
    """`state`, or what auto-play makes of it on the way to `target` (its moves added to `moves`)."""
    while key(state) != target:
        move = rules.safe_autoplay(state)
        if move is None:
            break
        moves.append(move)
        state = rules.perform(state, move)
    return state
