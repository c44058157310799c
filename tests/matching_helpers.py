"""What the tests of the matching games (TriPeaks, Pyramid) share: every move a player could name, an
exhaustive search that knows nothing of the games' own searches, and a won game played by mouse."""
from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

from game.moves import FOUNDATION, STOCK, WASTE, Move, Pile, PileKind, column
from game.rules import IllegalMove, Rules
from game.state import State

from .gui_helpers import FakeClock, card_point, centre_of_top, click, settle


def candidate_moves(state: State) -> list[Move]:
    """Every one-card move between any two piles of the table, and the waste turned back over."""
    piles = [*(column(i) for i in range(len(state.columns))), WASTE, STOCK, FOUNDATION]
    moves = [Move(a, b) for a in piles for b in piles]
    if state.waste:
        moves.append(Move(WASTE, STOCK, len(state.waste)))
    return moves


def accepted(rules: Rules, state: State, move: Move) -> bool:
    try:
        rules.check(state, move)
    except IllegalMove:
        return False
    return True


def reversed_move(move: Move) -> Move:
    return Move(move.dst, move.src, move.count)


def exhaustive(rules: Rules, state: State, key: Callable[[State], Hashable], limit: int = 400_000) -> bool | None:
    """Whether any line of legal moves clears the table, by trying every one through the rules (None
    past `limit` positions); `key` says which positions play alike."""
    lost: set[Hashable] = set()
    budget = [limit]

    def search(position: State) -> bool | None:
        if rules.is_won(position):
            return True
        known = key(position)
        if known in lost:
            return False
        budget[0] -= 1
        if budget[0] < 0:
            return None
        for move in rules.legal_moves(position):
            found = search(rules.perform(position, move))
            if found is None or found:
                return found
        lost.add(known)
        return False

    return search(state)


def with_hidden(rules: Rules, state: State, face_down: int) -> State:
    """`state` with each of the first `face_down` slots face down exactly when a card lies on it."""
    slots = rules.slots  # type: ignore[attr-defined]
    hidden = tuple(int(i < face_down and bool(pile) and not slots.is_free(state, i)) for i, pile in enumerate(state.columns))
    return state.replace(hidden=hidden)


def pile_point(app, pile: Pile) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    """Where a player clicks a pile: its card's visible top edge (slots lower down cover the rest)."""
    state = app.table.session.state
    if pile.kind is PileKind.COLUMN:
        return card_point(app, state.columns[pile.index][0])
    return centre_of_top(app, pile)


def play_by_mouse(app, clock: FakeClock, moves: list[Move]) -> None:  # type: ignore[no-untyped-def]
    """Each move as a player makes it: the stock clicked; a card played alone clicked (TriPeaks) or
    double-clicked (a King in Pyramid); a pair clicked one card then the other."""
    rules = app.table.session.rules
    for move in moves:
        before = len(app.table.session.actions)
        if PileKind.STOCK in (move.src.kind, move.dst.kind):
            click(app, clock, centre_of_top(app, STOCK))
        elif move.dst == rules.plays_onto and move.dst.kind is PileKind.WASTE:
            click(app, clock, pile_point(app, move.src))
        elif move.dst == rules.plays_onto:
            point = pile_point(app, move.src)
            click(app, clock, point)
            click(app, clock, point, gap_ms=100)
        else:
            click(app, clock, pile_point(app, move.src))
            click(app, clock, pile_point(app, move.dst))
        settle(app, clock)
        assert app.table.session.actions[before:] == [move], move
    pygame.event.clear()
