"""Yukon's relaxed game (game/solver/yukon_relaxed.py) and the plans the real game follows (yukon.py).

The relaxed game may only over-estimate what the real game can do: every real move is a relaxed
transition or leaves the blocks as they were, so a real win is a relaxed win and the relaxed search
running dry proves the real deal lost. The tests check that move by move under random play, the
reduced relaxed search (stubborn sets, the safe cards sent home, the bound) against a plain search of
the relaxed game, and both against the exhaustive search of the real game on end games.
"""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.solver import Status, replay, solve
from game.solver.common import Budget
from game.solver.yukon import FOLLOW_LIMIT, _Follow, _Game, _home_ranks, _Plans
from game.solver.yukon_relaxed import Blocks, Groups, RelaxedSearch, _after, _Growth, _key, _View, blocks_of
from game.state import State
from game.variants import find_variant, rules_for
from tests.test_yukon_solver import end_game, winnable

GAMES = ["yukon", "russian"]


def solver_view(state: State) -> tuple[tuple[bytes, ...], tuple[int, ...]]:
    return tuple(bytes(card.index for card in pile) for pile in state.columns), tuple(state.hidden)


def groups_of(game: str) -> Groups:
    return Groups(_Game(game == "russian").takes)


def relaxed_successors(groups: Groups, blocks: Blocks, stacked: bool) -> set[bytes]:
    """Every relaxed position one transition away, keyed as the search keys them."""
    view = _View(groups, blocks, 7, stacked)
    return {_key(_after(blocks, view, transition)) for transition in view.enabled_transitions()}


@settings(max_examples=40, deadline=None)
@given(game=st.sampled_from(GAMES), deal=st.integers(min_value=1, max_value=10**6), seed=st.integers(0, 2**32 - 1))
def test_every_real_move_is_a_relaxed_transition_or_leaves_the_blocks_as_they_were(game: str, deal: int, seed: int) -> None:
    """With the stack rule too: what it forbids, no real move does."""
    rules = rules_for(find_variant(game))
    groups = groups_of(game)
    rng = random.Random(seed)
    state = rules.deal(deal)
    for _unused in range(60):
        moves = list(rules.legal_moves(state))
        if not moves:
            break
        before = blocks_of(groups, *solver_view(state))
        cards = sorted(card for block in before for card in block[2:])
        assert cards == sorted(card.index for pile in state.columns for card in pile)  # none lost, none doubled
        state = rules.perform(state, rng.choice(moves))
        after = _key(blocks_of(groups, *solver_view(state)))
        for stacked in (False, True):
            assert after == _key(before) or after in relaxed_successors(groups, before, stacked)


def relaxed_positions(game: str, rng: random.Random, count: int) -> list[Blocks]:
    """Relaxed positions met along random walks of the relaxed game from random deals and end
    games (where more cards can go home)."""
    rules = rules_for(find_variant(game))
    groups = groups_of(game)
    found: list[Blocks] = []
    while len(found) < count:
        start = rules.deal(rng.randrange(1, 10**6)) if rng.random() < 0.5 else end_game(rng, rng.randrange(10, 30))
        blocks = blocks_of(groups, *solver_view(start))
        for _unused in range(rng.randrange(0, 12)):
            view = _View(groups, blocks, 7)
            enabled = view.enabled_transitions()
            if not enabled:
                break
            blocks = _after(blocks, view, rng.choice(enabled))
        found.append(blocks)
    return found


def walks_avoiding(groups: Groups, blocks: Blocks, avoided: set[int], depth: int) -> list[tuple[list[int], Blocks]]:
    """Every sequence of at most `depth` transitions none of which is `avoided`, with where it ends."""
    walks: list[tuple[list[int], Blocks]] = [([], blocks)]
    frontier = walks[:]
    for _unused in range(depth):
        longer = []
        for path, position in frontier:
            view = _View(groups, position, 7)
            for transition in view.enabled_transitions():
                if transition not in avoided:
                    longer.append((path + [transition], _after(position, view, transition)))
        walks += longer
        frontier = longer
    return walks


def executable(groups: Groups, blocks: Blocks, path: list[int]) -> Blocks | None:
    for transition in path:
        view = _View(groups, blocks, 7)
        if not view.enabled(transition):
            return None
        blocks = _after(blocks, view, transition)
    return blocks


@given(game=st.sampled_from(GAMES), seed=st.integers(0, 2**32 - 1))
@settings(max_examples=40, deadline=None)
def test_each_transition_names_what_may_disable_it_and_what_may_enable_it(game: str, seed: int) -> None:
    """What a stubborn set is grown from, checked on every walk of up to two transitions: when
    none of the transitions an enabled one names as interfering (`_View.interfering`) is made, it
    is still enabled after the walk and can be made first without disabling any step of it, to the
    same position; when none of those a disabled one names as its enablers (`_View.enablers`) is
    made, it is still disabled after the walk."""
    groups = groups_of(game)
    rng = random.Random(seed)
    for blocks in relaxed_positions(game, rng, 4):
        view = _View(groups, blocks, 7)
        for transition in range(104):
            named: list[int] = []
            enabled = view.enabled(transition)
            if enabled:
                view.interfering(transition, named)
            else:
                view.enablers(transition, named)
            for path, end in walks_avoiding(groups, blocks, set(named) | {transition}, 2):
                assert _View(groups, end, 7).enabled(transition) is enabled, (path, transition)
                if enabled:
                    first = executable(groups, blocks, [transition] + path)
                    assert first is not None and _key(first) == _key(executable(groups, end, [transition]) or ())


def test_a_stubborn_set_holds_its_seed_and_only_enabled_transitions() -> None:
    groups = groups_of("yukon")
    for blocks in relaxed_positions("yukon", random.Random("closures"), 40):
        view = _View(groups, blocks, 7)
        enabled = view.enabled_transitions()
        for seed_transition in enabled:
            members = _Growth(view, enabled).closure(seed_transition, 10**6)
            assert seed_transition in members and set(members) <= set(enabled)
        chosen = view.stubborn(enabled) if enabled else []
        assert set(chosen) <= set(enabled) and (chosen or not enabled)


def relaxed_winnable(groups: Groups, blocks: Blocks) -> bool:
    """Every relaxed position the transitions reach, with no reduction at all, until the empty one."""
    seen = {_key(blocks)}
    stack = [blocks]
    while stack:
        position = stack.pop()
        if not position:
            return True
        view = _View(groups, position, 7)
        for transition in view.enabled_transitions():
            after = _after(position, view, transition)
            if _key(after) not in seen:
                seen.add(_key(after))
                stack.append(after)
    return False


def relaxed_verdict(groups: Groups, state: State, stacked: bool = False) -> Status:
    status, _plan, _reason = RelaxedSearch(groups, *solver_view(state), stacked).run(Budget(200_000), 200_000, 0)
    return status


def test_the_reduced_relaxed_search_answers_as_the_plain_one_and_never_against_the_real_game() -> None:
    """On end games: the reduced search finds a relaxed win exactly where the plain search of the
    relaxed game does, finds one wherever the real game is won, and so runs dry only on lost deals;
    it proves most of them (the relaxed game differs from the real one only by moves onto a card
    of the moved card's own stack). So does the search of the game with the stack rule."""
    for game in GAMES:
        rules = rules_for(find_variant(game))
        groups = groups_of(game)
        rng = random.Random(f"{game} relaxed end games")
        counts = {"won": 0, "proven": 0, "lost": 0}
        for _unused in range(50):
            state = end_game(rng, rng.randrange(8, 15))
            blocks = blocks_of(groups, *solver_view(state))
            verdict = relaxed_verdict(groups, state)
            assert (verdict is Status.SOLVED) == relaxed_winnable(groups, blocks), rules.to_text(state)
            stacked = relaxed_verdict(groups, state, stacked=True)
            if winnable(rules, state):
                assert verdict is stacked is Status.SOLVED, rules.to_text(state)
                counts["won"] += 1
            else:
                counts["lost"] += 1
                counts["proven"] += verdict is stacked is Status.UNSOLVABLE
        assert counts["won"] >= 5 and counts["lost"] >= 5 and counts["proven"] >= counts["lost"] * 3 // 4, counts


def followed(state: State, game: str, stacked: bool = False) -> list[tuple[int, int, int]] | None:
    """The real moves that follow the relaxed search's plan, or None."""
    groups = groups_of(game)
    columns, hidden = solver_view(state)
    status, plan, _reason = RelaxedSearch(groups, columns, hidden, stacked).run(Budget(200_000), 200_000, 0)
    assert status is Status.SOLVED
    return _Follow(_Game(game == "russian"), plan, FOLLOW_LIMIT, Budget()).steps(columns, hidden, _home_ranks(columns), 0)


def test_a_followed_plan_is_a_real_win() -> None:
    from game.solver.yukon import _as_move

    rules = rules_for(find_variant("yukon"))
    rng = random.Random("yukon plans")
    wins = 0
    for _unused in range(30):
        state = end_game(rng, rng.randrange(8, 15))
        if winnable(rules, state):
            steps = followed(state, "yukon")
            if steps is not None:
                assert rules.is_won(replay(rules, state, [_as_move(step) for step in steps]))
                wins += 1
    assert wins >= 10


# Russian Solitaire: 10♥ can leave the face-down Q♥ only for J♥, which lies on 9♥, which lies on
# 10♥ itself. The relaxed game does not see that J♥ is in 10♥'s own stack, and wins; the real game
# cannot make that move, and nothing else uncovers Q♥, so the deal is lost. The stack rule sees it:
# 9♥ can lie on nothing but 10♥.
OWN_STACK = """Foundations: H-7 C-Q D-T S-J
: [KC] [QS] [JD] KH
: [QH] TH 9H JH
: [8H] QD KS KD
:
:
:
:
"""


def test_the_stack_rule_proves_what_the_relaxed_game_misses() -> None:
    rules = rules_for(find_variant("russian"))
    state = rules.from_text(OWN_STACK)
    assert not winnable(rules, state)
    assert followed(state, "russian") is None
    groups = groups_of("russian")
    assert relaxed_verdict(groups, state, stacked=True) is Status.UNSOLVABLE
    plans = _Plans(_Game(True), *solver_view(state))
    assert plans.run(Budget(100_000), 100_000, 0)[0] is Status.UNSOLVABLE


# Yukon, won, but neither relaxed game's plan is one the real game can follow in its order.
NEITHER_PLAN = """Foundations: H-9 C-8 D-T S-8
: [TC] [QH] [JS] [QC] [QD] [TS] KD
: [JH] [KC] 9C KS
: [9S] [JC] [TH] JD QS KH
:
:
:
:
"""


def test_after_plans_not_followed_the_relaxed_searches_prove_nothing() -> None:
    rules = rules_for(find_variant("yukon"))
    state = rules.from_text(NEITHER_PLAN)
    assert winnable(rules, state)
    assert followed(state, "yukon") is None and followed(state, "yukon", stacked=True) is None
    plans = _Plans(_Game(False), *solver_view(state))
    assert {plans.run(Budget(100_000), 10_000 * turn, 0)[0] for turn in range(1, 6)} == {Status.UNKNOWN}
    result = solve(rules, state, max_positions=100_000)  # the real search's win
    assert result.status is Status.SOLVED and rules.is_won(replay(rules, state, result.moves))


def test_deals_the_relaxed_game_decides() -> None:
    """Yukon deal 12 was undecided after a million positions of the real search (its won line is
    a plan of the relaxed game, followed), deal 25 after 250,000 (the relaxed game runs dry)."""
    rules = rules_for(find_variant("yukon"))
    won = solve(rules, rules.deal(12), max_positions=150_000)
    assert won.status is Status.SOLVED and rules.is_won(replay(rules, rules.deal(12), won.moves))
    assert solve(rules, rules.deal(25), max_positions=150_000).status is Status.UNSOLVABLE


def test_a_plan_followed_partway_is_searched_again_from_where_it_stopped() -> None:
    """Deal 676: neither relaxed game's first plan can be followed to the end, but the stack rule's
    game searched from the position that made the most of the first one has a plan that can, and the
    moves to that position and on along the new plan win the deal."""
    from game.solver.yukon import _as_move

    rules = rules_for(find_variant("yukon"))
    state = rules.deal(676)
    assert followed(state, "yukon") is None and followed(state, "yukon", stacked=True) is None
    plans = _Plans(_Game(False), *solver_view(state))
    status, steps, _reason = plans.run(Budget(100_000), 100_000, 0)
    assert status is Status.SOLVED and not plans.from_deal
    assert rules.is_won(replay(rules, state, [_as_move(step) for step in steps]))
