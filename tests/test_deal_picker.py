"""Winnable deals only: the deal offered has a solution the model accepts."""
from __future__ import annotations

import random

from game.solver import Status, solve
from game.solver.deal_picker import pick_deal
from game.variants import find_variant, rules_for


def test_a_winnable_pick_really_can_be_won() -> None:
    for game in ("freecell", "golf"):
        variant = find_variant(game)
        pick = pick_deal(variant, winnable_only=True, rng=random.Random(5), time_limit=20)
        assert pick.confirmed_winnable
        rules = rules_for(variant)
        state = rules.deal(pick.number)
        result = solve(rules, state, time_limit=20)
        assert result.status is Status.SOLVED
        for move in result.moves:
            state = rules.apply(state, move)
        assert rules.is_won(state)


def test_a_deal_proven_unwinnable_is_skipped() -> None:
    from game.deals import random_deal_number

    for game in ("golf-strict", "golf", "bakers-game"):
        variant = find_variant(game)
        rules = rules_for(variant)
        for seed in range(60):
            first = random_deal_number(random.Random(seed))
            if solve(rules, rules.deal(first), time_limit=10).status is Status.UNSOLVABLE:
                pick = pick_deal(variant, winnable_only=True, rng=random.Random(seed), time_limit=30)
                assert pick.number != first and pick.tried >= 2 and pick.confirmed_winnable
                return
    raise AssertionError("no unwinnable first deal found to skip")


def test_without_the_option_no_search_is_made() -> None:
    pick = pick_deal(find_variant("freecell"), winnable_only=False, rng=random.Random(1))
    assert (pick.tried, pick.confirmed_winnable) == (0, False)
    assert 1 <= pick.number <= 32000
