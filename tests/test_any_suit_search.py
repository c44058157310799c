"""The exact search of the games built down regardless of suit (Baker's Dozen, Beleaguered Castle)
over compact positions: the positions and moves of the rules, its losses proofs, its memory bounded."""
from __future__ import annotations

import functools

import pytest

from game.moves import Move, PileKind
from game.solver import solve
from game.solver.any_suit import Moves, Position, bakers_dozen_score
from game.solver.common import POSITION_LIMIT, Budget, Status
from game.solver.generic import BestFirst
from game.state import State
from game.variants import find_variant, rules_for

from .game_checks import compact_walk

BAKERS_DOZEN = rules_for(find_variant("bakers-dozen"))
CASTLE = rules_for(find_variant("beleaguered-castle"))
MOST_STEPS = 120  # a random game's moves looked at


# Beleaguered Castle with empty columns to carry runs: the J♥ and J♠ under runs that need one each
CASTLE_GAPS = "Foundations: H-8 C-K D-K S-8\n: JH KS QH\n: JS KH QS\n: 9H TS\n: 9S TH\n" + ":\n" * 4


@pytest.mark.parametrize(("rules", "runs_and_gaps", "start"), [
    (BAKERS_DOZEN, False, "1"), (BAKERS_DOZEN, False, "6"), (BAKERS_DOZEN, False, "11"),
    (CASTLE, True, "1"), (CASTLE, True, "5"), (CASTLE, True, CASTLE_GAPS),
])
def test_the_compact_search_makes_exactly_the_positions_of_the_rules_moves(rules, runs_and_gaps: bool, start: str) -> None:
    """`compact_walk` from deals and from a Castle board with runs carried by empty columns and
    foundations' cards coming back."""
    state = rules.deal(int(start)) if start.isdigit() else rules.from_text(start)
    moves = Moves(len(state.columns), runs_and_gaps, runs_and_gaps)
    kinds = [_kind(steps[0], parent) for parent, steps in compact_walk(rules, rules.safe_autoplay, moves.children, Position.of,
                                                                       state, start, MOST_STEPS)]
    assert len(kinds) > 20
    if not start.isdigit():
        assert {"run", "into a gap", "back down"} <= set(kinds)


def _kind(move: Move, state: State) -> str:
    if move.dst.kind is PileKind.FOUNDATION:
        return "home"
    if move.src.kind is PileKind.FOUNDATION:
        return "back down"
    if not state.columns[move.dst.index]:
        return "into a gap"
    return "run" if move.count > 1 else "card"


def test_the_searches_taking_turns_win_a_baker_s_dozen_deal_the_main_one_wanders_on() -> None:
    """Deal 4: the main score alone is still searching after 20,000 positions; with the others
    taking turns once it has met its first positions alone, the deal is won well within them."""
    start = BAKERS_DOZEN.deal(4)
    moves, dealt, first = Moves(len(start.columns), False, False), Position.of(start), list[Move]()
    root = moves.settled(list(dealt.columns), list(dealt.home), first)
    alone = BestFirst(root, first, moves.children, Position.key, bakers_dozen_score, Position.is_won, depth_weight=1)
    assert alone.run(Budget(max_positions=20_000))[0] is Status.UNKNOWN
    both = solve(BAKERS_DOZEN, start, max_positions=20_000)
    assert both.solved and BAKERS_DOZEN.is_won(functools.reduce(BAKERS_DOZEN.apply, both.moves, start))


@pytest.mark.parametrize(("rules", "deal", "positions"), [(BAKERS_DOZEN, 291, 28), (BAKERS_DOZEN, 323, 21)])
def test_deals_with_almost_no_move_are_proven_lost(rules, deal: int, positions: int) -> None:
    """Baker's Dozen's deals 291 and 323 are lost (a count of every position they reach, outside the
    suite, agrees: docs/winnability.md), proven by the search running dry."""
    lost = solve(rules, rules.deal(deal), max_positions=1_000)
    assert lost.status is Status.UNSOLVABLE and lost.positions == positions


@pytest.mark.parametrize(("rules", "deal"), [(BAKERS_DOZEN, 1), (CASTLE, 1), (CASTLE, 2)])
def test_a_win_replays_through_the_rules(rules, deal: int) -> None:
    won = solve(rules, rules.deal(deal), max_positions=200_000)
    assert won.solved and rules.is_won(functools.reduce(rules.apply, won.moves, rules.deal(deal)))


def test_the_search_keeps_at_most_its_positions_whatever_its_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every position met is kept, so the searches stop at `MOST` of them in all, with the position
    limit as the reason, however long they may run; a smaller limit asked for is kept."""
    import game.solver.any_suit as search

    monkeypatch.setattr(search, "MOST", 3_000)
    capped = solve(BAKERS_DOZEN, BAKERS_DOZEN.deal(10), time_limit=60)
    assert capped.status is Status.UNKNOWN and capped.reason == POSITION_LIMIT and capped.positions == 3_000
    assert solve(BAKERS_DOZEN, BAKERS_DOZEN.deal(10), max_positions=500).positions == 500
