"""Spider's search: its verdicts against an exhaustive search of small end games, its budget, its hint."""
from __future__ import annotations

import random

import pytest

from game.moves import Move
from game.rules import Rules
from game.solver import hint, solve
from game.solver.common import CANCELLED
from game.state import State
from game.variants import find_variant, rules_for
from game.verdict import Status

from .test_spider import every_move

RUN = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS"


def rules_of(game: str) -> Rules:
    rules = rules_for(find_variant(game))
    return rules


def end_game(game: str, rng: random.Random, runs: int, stock: int) -> State:
    """A position of `game` with all but `runs` runs of spades home: those cards shuffled, `stock` of
    them in the stock and the rest over the ten columns, only the top card of each face up."""
    rules = rules_of(game)
    out = RUN.split() * runs
    rng.shuffle(out)
    piles: list[list[str]] = [[] for _ in range(10)]
    for code in out[stock:]:
        piles[rng.randrange(10)].append(code)
    columns = [" ".join([f"[{c}]" for c in pile[:-1]] + pile[-1:]) for pile in piles]
    pack = rules.variant.pack
    homes = [f"{suit.letter}-K" for suit in pack.suits for _copy in range(pack.copies)]
    for _run in range(runs):
        homes.remove("S-K")
    homes += ["-"] * runs
    lines = ["Foundations: " + " ".join(homes), "Stock: " + " ".join(out[:stock]), *[f": {c}" for c in columns]]
    return rules.from_text("\n".join(lines) + "\n")


def looks(state: State) -> tuple:
    """A position as far as the rules can tell: which copy of a card lies where makes no difference,
    and without a stock neither does the order of the columns (no deal will tell them apart)."""
    columns = [(down, tuple((c.rank, c.suit) for c in pile)) for pile, down in zip(state.columns, state.hidden)]
    return tuple(columns if state.stock else sorted(columns)), len(state.stock)


def exhaustive(rules: Rules, state: State, most: int) -> bool | None:
    """Whether the position can be won, by trying every move the rules allow (as `every_move` finds
    them, no column treated as another's equal), or None past `most` positions."""
    seen = {looks(state)}
    todo = [state]
    while todo:
        position = todo.pop()
        if rules.is_won(position):
            return True
        for move in every_move(rules, position):
            child = rules.perform(position, move)
            if looks(child) not in seen:
                seen.add(looks(child))
                todo.append(child)
        if len(seen) > most:
            return None
    return False


@pytest.mark.parametrize(
    ("game", "stock", "verdict"),
    [("spider-1", 0, Status.SOLVED), ("spider-1", 10, Status.UNSOLVABLE), ("spider-1-relaxed", 10, Status.SOLVED)],
)
def test_verdicts_agree_with_an_exhaustive_search_on_small_end_games(game: str, stock: int, verdict: Status) -> None:
    """A win is checked by playing it through the rules; "not winnable" by trying every move there is.
    (With ten cards in the stock and three on the table, the standard deal never comes: three cards
    cannot fill ten columns. The relaxed deal comes at once.)"""
    rules = rules_of(game)
    rng = random.Random(39)
    for _sample in range(3):
        state = end_game(game, rng, 1, stock)
        result = solve(rules, state, max_positions=100_000)
        assert result.status is verdict, rules.to_text(state)
        if result.solved:
            for move in result.moves:
                state = rules.apply(state, move)
            assert rules.is_won(state)
        else:
            assert exhaustive(rules, state, 20_000) is False


def test_a_one_suit_deal_is_won_and_the_moves_replay() -> None:
    rules = rules_of("spider-1")
    state = rules.deal(3)
    result = solve(rules, state, max_positions=200_000)
    assert result.solved
    for move in result.moves:
        state = rules.apply(state, move)
    assert rules.is_won(state)


def test_the_search_keeps_to_its_budget_and_stops_when_cancelled() -> None:
    rules = rules_of("spider")
    state = rules.deal(1)
    limited = solve(rules, state, max_positions=500)
    assert limited.status is Status.UNKNOWN and limited.positions < 500 + 2_000
    cancelled = solve(rules, state, cancel=lambda: True)
    assert cancelled.status is Status.UNKNOWN and cancelled.reason == CANCELLED


@pytest.mark.parametrize("game", ["spider", "spider-2"])
def test_the_hint_is_a_legal_move(game: str) -> None:
    rules = rules_of(game)
    state = rules.deal(2)
    move = hint(rules, state, time_limit=0.2, max_positions=5_000)
    assert isinstance(move, Move)
    rules.check(state, move)
