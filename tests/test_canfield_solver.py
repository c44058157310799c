"""Canfield's search over compact positions (game/solver/canfield.py): the stock's cards as the cards
a player can reach, the pointers a pass comes back to folded out of the key, every move the rules
allow made by the compact moves, and its proofs checked against the plain exhaustive search."""
from __future__ import annotations

import random

import pytest

from game.moves import STOCK, WASTE, Move
from game.solver.canfield import compact, key, model_moves, reachable, solve_canfield
from game.solver.common import Budget, Status
from game.solver.generic import solve_generic
from game.state import State
from game.variants import find_variant, rules_for

RULES = rules_for(find_variant("canfield"))


def turn(state: State) -> State:
    """A click on the stock: three cards turned, or the waste turned back over."""
    move = Move(STOCK, WASTE, min(3, len(state.stock))) if state.stock else Move(WASTE, STOCK, len(state.waste))
    return RULES.apply(state, move)


def tops_by_clicking(state: State) -> set[int]:
    """The waste's top cards met by clicking the stock until the clicks come round (each card's place
    in the sequence of waste and stock)."""
    sequence = state.waste + tuple(reversed(state.stock))
    tops, seen = set(), set()
    while (len(state.waste), len(state.stock)) not in seen:
        seen.add((len(state.waste), len(state.stock)))
        if state.waste:
            tops.add(sequence.index(state.waste[-1]))
        state = turn(state)
    return tops


@pytest.mark.parametrize("clicks", range(0, 16))
def test_the_reachable_cards_are_the_tops_clicking_the_stock_lays(clicks: int) -> None:
    state = RULES.deal(7)
    for _ in range(clicks):
        state = turn(state)
    assert set(reachable(len(state.stock) + len(state.waste), len(state.waste))) == tops_by_clicking(state)


def test_pointers_a_pass_comes_back_to_are_one_position_and_the_others_are_not() -> None:
    state = RULES.deal(7)  # 34 cards in the stock: the pointers 0, 3, ..., 33 and 34 come round
    keys = []
    for _ in range(14):
        found = compact(state)
        assert found is not None
        keys.append((len(state.waste), key(found[1])))
        state = turn(state)
    cycle = {k for pointer, k in keys if pointer % 3 == 0 or pointer == 34}
    assert len(cycle) == 1
    # a card played from the waste leaves a pointer that may not come round: it stays in the key
    found = compact(RULES.deal(7))
    assert found is not None
    game, position = found
    played = {key(game.moved(position, ("w", at, 1, -1))) for at in (0, 1, 4)}
    assert len(played) == 3


def non_stock_successors(state: State) -> set[tuple[object, int]]:
    """The positions one move away once the stock has been clicked any number of times: each as its
    key without the pointer (`table`), and the pointer."""
    found = set()
    for start in clicked(state):
        for move in RULES.legal_moves(start):
            if move.src is not STOCK and move.dst is not STOCK:
                after = RULES.perform(start, move)
                found.add((table(after), len(after.waste)))
    return found


def table(state: State) -> object:
    found = compact(state)
    assert found is not None
    return key(found[1])[:4]


def pointers_from(pointer: int, length: int) -> set[int]:
    """The pointers clicks of the stock bring a pointer to."""
    return {*range(pointer, length, 3), length, *range(0, length, 3)}


def clicked(state: State) -> list[State]:
    states, seen = [], set()
    while (len(state.waste), len(state.stock)) not in seen:
        seen.add((len(state.waste), len(state.stock)))
        states.append(state)
        state = turn(state)
    return states


@pytest.mark.parametrize("deal", [1, 5, 24])
def test_the_compact_moves_are_the_rules_moves_and_replay_through_them(deal: int) -> None:
    """On a random walk, every compact step replays through the rules to the position it names, and
    the compact steps reach every position the rules' moves reach after any clicks of the stock."""
    rng = random.Random(deal)
    state = RULES.deal(deal)
    for _ in range(60):
        found = compact(state)
        assert found is not None
        game, position = found
        steps = list(game.steps(position))
        named: dict[object, set[int]] = {}
        for step in steps:
            after = game.moved(position, step)
            replayed = state
            for move in model_moves(RULES, state, [step]):
                replayed = RULES.apply(replayed, move)
            again = compact(replayed)
            assert again is not None and again[1] == after
            named.setdefault(key(after)[:4], set()).update(pointers_from(after[4], len(after[3])))
        # what the rules' moves reach the compact steps reach too, or a position with a pointer whose
        # clicks come to its pointer (it waits to click until it plays from the waste); but a whole
        # column moved into a gap, which leaves the same position
        for after_table, pointer in non_stock_successors(state):
            assert pointer in named.get(after_table, ()) or after_table == table(state)
        if not steps:
            break
        step = rng.choice(steps)
        for move in model_moves(RULES, state, [step]):
            state = RULES.apply(state, move)


def walked(deal: int, seed: int, moves: int) -> State:
    """The position after `moves` random legal moves from a deal (stock clicks among them)."""
    rng = random.Random(seed)
    state = RULES.deal(deal)
    for _ in range(moves):
        listed = list(RULES.legal_moves(state))
        if not listed:
            break
        state = RULES.perform(state, rng.choice(listed))
    return state


@pytest.mark.parametrize("deal", [3, 16, 19, 48, 62])
def test_deals_the_plain_search_proves_lost_are_proven_lost(deal: int) -> None:
    plain = solve_generic(RULES, RULES.deal(deal), Budget(max_positions=50_000))
    assert plain.status is Status.UNSOLVABLE
    assert solve_canfield(RULES, RULES.deal(deal), Budget(max_positions=50_000)).status is Status.UNSOLVABLE


def test_the_verdicts_agree_with_the_plain_exhaustive_search_on_positions_it_decides() -> None:
    """Positions a random game reaches from several deals: wherever the plain search over the rules'
    own moves decides (a proof is its every position met), the compact search says the same."""
    compared = {Status.SOLVED: 0, Status.UNSOLVABLE: 0}
    for deal in range(1, 13):
        for seed in range(3):
            state = walked(deal, seed, 40)
            plain = solve_generic(RULES, state, Budget(max_positions=20_000))
            if plain.status is Status.UNKNOWN:
                continue
            ours = solve_canfield(RULES, state, Budget(max_positions=200_000))
            assert ours.status is plain.status, (deal, seed)
            compared[plain.status] += 1
    assert compared[Status.SOLVED] >= 3 and compared[Status.UNSOLVABLE] >= 3, compared


@pytest.mark.parametrize("deal", [1, 2, 5])
def test_wins_replay_through_the_rules(deal: int) -> None:
    result = solve_canfield(RULES, RULES.deal(deal), Budget(max_positions=500_000))
    assert result.status is Status.SOLVED
    state = RULES.deal(deal)
    for move in result.moves:
        state = RULES.apply(state, move)
    assert RULES.is_won(state)
