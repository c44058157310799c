"""The FreeCell search scores a child, and makes its key, from its parent's figures and the move,
never looking at the child's columns. A slip in a score would not make a verdict wrong, only the
search slower and its solutions longer, so nothing else would catch it; a slip in a key would merge
positions that differ. Each child's figures must equal a full measure, and its key `canonical`."""
from __future__ import annotations

import random

import pytest

from game.solver.common import Budget, Status
from game.solver.freecell import WEIGHTS, _BestFirst, _Search, _Tree, canonical
from game.variants import find_variant, rules_for


@pytest.mark.parametrize("game", ["freecell", "bakers-game", "eight-off", "seahaven", "freecell:2x6"])
def test_every_childs_score_and_key_from_its_parent_equal_those_worked_out_in_full(game: str) -> None:
    rules = rules_for(find_variant(game))
    checked = sent_home = 0
    for deal in range(1, 13):
        search = _Search(rules)
        pos, key, found, _ = search.start(rules.deal(deal))
        rng = random.Random(deal)
        seen = {key}
        weights = (WEIGHTS, (4, 5, 2, 3, 6), (3, 4, 1, 2, 8))[deal % 3]  # each figure's weight matters
        for _ in range(80):  # a random walk through the search's own children
            tree = _Tree(key)
            tree.seen = seen
            search_here = _BestFirst(search, tree, pos, key, found, weights)
            status, _, _ = search_here.run(Budget(), until=1)  # one expansion: its children are queued
            if status is not Status.UNKNOWN:
                break  # a child won (not queued), or there was none
            children = []
            for score, bucket in search_here.queue.buckets.items():
                for index in bucket:
                    node = tree.nodes[index]
                    assert node.score == score  # the wide queue reads a position's score off its node
                    children.append(
                        (score, node.auto, node.columns(), node.key, node.found, node.blocked, node.buried, node.depth)
                    )
            for f, auto, child, child_key, child_found, child_blocked, child_buried, depth in children:
                assert depth == 1 + (len(auto) if auto else 0)
                assert child_key == canonical(child[:-1], child[-1][1:])
                measured = search.measure(child, child_found)
                assert (child_blocked, child_buried) == measured
                cells, empties = len(child[-1]) - 1, child.count(b"")
                assert f - depth == search.score(weights, child_found, *measured, cells, empties)
                checked += 1
                sent_home += auto is not None
            _, _, pos, key, found, _, _, _ = rng.choice(children)
    assert checked > 200 and checked - sent_home > checked // 2  # most were scored from the parent
