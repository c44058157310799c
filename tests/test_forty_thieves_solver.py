"""Forty Thieves' search: its verdicts on small end games agree with an exhaustive search written here
over the model's own moves, so "not winnable" is a proof; a big deal under a small budget says
"not known", and a cancelled search stops."""
from __future__ import annotations

import random
import threading

import pytest

from game.cards import Card, Suit
from game.families.forty_thieves import FortyThievesParams, member
from game.moves import STOCK, WASTE, Move
from game.rules import Rules
from game.session import Session
from game.solver import Status, hint, solve
from game.state import State
from game.variants import find_variant, rules_for

# One to three columns instead of ten, so that an end game of a few cards can still be lost.
NARROW = {
    width: rules_for(member(f"forty-thieves-{width}", "Forty Thieves (narrow)", (), FortyThievesParams(columns=width, rows=1)))
    for width in (1, 2, 3)
}
RULES = NARROW[3]
SEEDS = range(60)


def end_game(seed: int) -> tuple[Rules, State]:
    """Each suit's two foundations built to 10-13, the cards above them (3 to 12) shuffled over the
    columns (one to three, by the seed), the stock and the waste."""
    rng = random.Random(seed)
    rules = NARROW[1 + seed % 3]
    width = rules.variant.columns
    while True:
        heights = {(suit, copy): rng.choice((10, 11, 12, 13)) for suit in Suit for copy in (0, 1)}
        loose = [Card.of(rank, suit, copy) for (suit, copy), high in heights.items() for rank in range(high + 1, 14)]
        if 3 <= len(loose) <= 12:
            break
    rng.shuffle(loose)
    places: list[list[Card]] = [[] for _pile in range(width + 2)]  # the columns, the stock, the waste
    for card in loose:
        places[rng.randrange(width + 2)].append(card)
    foundations = tuple(
        tuple(Card.of(rank, suit, copy) for rank in range(1, heights[suit, copy] + 1)) for suit in Suit for copy in (0, 1)
    )
    columns = tuple(tuple(pile) for pile in places[:width])
    return rules, State(columns, (), foundations, (0,) * width, tuple(places[-2]), tuple(places[-1]))


def winnable(rules: Rules, state: State, seen: set[str]) -> bool:
    """Every line of play, depth first, over the model's moves with no auto-play."""
    if rules.is_won(state):
        return True
    key = rules.to_text(state)
    if key in seen:
        return False
    seen.add(key)
    return any(winnable(rules, rules.perform(state, move), seen) for move in rules.legal_moves(state))


@pytest.mark.parametrize("seed", SEEDS)
def test_the_verdict_on_a_small_end_game_is_the_exhaustive_searchs(seed: int) -> None:
    rules, state = end_game(seed)
    expected = winnable(rules, state, set())
    result = solve(rules, state, max_positions=200_000)
    assert result.status is (Status.SOLVED if expected else Status.UNSOLVABLE)


def test_the_end_games_include_won_and_lost_ones() -> None:
    verdicts = {winnable(*end_game(seed), set()) for seed in SEEDS}
    assert verdicts == {True, False}  # so the test above checks proofs of both


def test_a_lost_end_game_is_proven_lost_and_its_hint_is_none() -> None:
    # Each Queen lies under the King that needs it, and no column is empty: no move at all.
    def card(rank: int, suit: Suit, copy: int) -> Card:
        return Card.of(rank, suit, copy)

    def built(suit: Suit, copy: int) -> tuple[Card, ...]:
        high = 13 if suit not in (Suit.SPADES, Suit.HEARTS) or (suit, copy) == (Suit.HEARTS, 1) else 11
        return tuple(card(rank, suit, copy) for rank in range(1, high + 1))

    spades, hearts = Suit.SPADES, Suit.HEARTS
    columns = (
        (card(12, spades, 0), card(13, spades, 1)), (card(12, spades, 1), card(13, spades, 0)),
        (card(12, hearts, 0), card(13, hearts, 0)),
    )
    stuck = State(columns, (), tuple(built(suit, copy) for suit in Suit for copy in (0, 1)), (0, 0, 0))
    assert len(stuck.cards()) == 104 and winnable(RULES, stuck, set()) is False
    assert solve(RULES, stuck).status is Status.UNSOLVABLE
    assert hint(RULES, stuck) is None
    # With the hearts' King and Queen the other way round, the Queen goes home and frees a column.
    freed = stuck.replace(columns=(*columns[:2], (card(13, hearts, 0), card(12, hearts, 0))))
    assert solve(RULES, freed).status is Status.SOLVED


def test_a_solution_plays_through_the_model_to_a_win() -> None:
    rules, state = next(
        (rules, s) for rules, s in map(end_game, SEEDS) if winnable(rules, s, set()) and len(s.stock) > 1 and rules is RULES
    )
    result = solve(rules, state)
    assert result.status is Status.SOLVED and Move(STOCK, WASTE) in result.moves
    for move in result.moves:
        state = rules.apply(state, move)
    assert rules.is_won(state)


def test_a_whole_deal_under_a_small_budget_is_not_known_and_still_gets_a_hint() -> None:
    rules = rules_for(find_variant("forty-thieves"))
    state = rules.deal(2)
    result = solve(rules, state, max_positions=300)
    assert result.status is Status.UNKNOWN and result.reason == "position limit reached"
    move = hint(rules, state, max_positions=300)
    assert move is not None and move in set(rules.legal_moves(state))


def test_a_cancelled_search_stops_at_once() -> None:
    rules = rules_for(find_variant("forty-thieves"))
    stop = threading.Event()
    stop.set()
    result = solve(rules, rules.deal(3), cancel=stop)
    assert result.status is Status.UNKNOWN and result.reason == "cancelled"


def test_a_player_following_a_solution_is_answered_from_it_at_once() -> None:
    rules = rules_for(find_variant("forty-thieves"))
    deal = next(n for n in range(1, 10) if solve(rules, rules.deal(n), max_positions=20_000).solved)
    session = Session(find_variant("forty-thieves"), deal, autoplay=True)  # auto-play as the window plays
    for _move in range(60):
        result = solve(rules, session.state, max_positions=20_000)
        assert result.solved
        assert result.positions == 0 or session.move_count == 0  # only the first search searched
        session.play(result.moves[0])


def test_the_bold_moves_are_the_exact_ones_less_the_splits_of_runs() -> None:
    from game.solver.forty_thieves import start_of
    from game.solver.forty_thieves_position import COLUMN_TO_COLUMN

    rules = rules_for(find_variant("forty-thieves"))
    session = Session(find_variant("forty-thieves"), 5, autoplay=True)
    rng = random.Random(5)
    left_out = 0
    for _move in range(120):
        game, position = start_of(rules, session.state)
        exact = {tuple(steps): child for steps, child in game.settled_children(position)}
        bold = {tuple(steps): child for steps, child in game.bold_children(position)}
        assert bold.items() <= exact.items()
        for steps in exact.keys() - bold.keys():
            what, src, _dst, n = steps[0]
            pile = position[0][src]
            assert what == COLUMN_TO_COLUMN and len(pile) > n and pile[-n - 1] == pile[-n] + 1
            left_out += 1
        session.play(rng.choice(list(rules.legal_moves(session.state))))
    assert left_out > 0


def test_the_bold_search_running_dry_proves_nothing() -> None:
    # Some won end games are won only through a split run: the bold search runs dry on them, and says
    # "not known", while the exact search beside it finds the win.
    from game.solver.common import UNLIMITED, Budget
    from game.solver.forty_thieves import WEIGHTS, Bold, start_of

    dry_but_won = []
    for seed in SEEDS:
        rules, state = end_game(seed)
        game, root = start_of(rules, state)
        bold = Bold(game, game.settle(root, []), WEIGHTS)
        status = bold.run(Budget(), UNLIMITED, 0)[0]
        assert status is (Status.UNKNOWN if bold.dry else Status.SOLVED)
        if bold.dry and winnable(rules, state, set()):
            dry_but_won.append(seed)
            assert solve(rules, state, max_positions=200_000).status is Status.SOLVED
    assert dry_but_won


def test_spare_cards_go_home_at_once_as_moves_the_model_accepts() -> None:
    # A card whose suit's foundations are all at most two below it goes home at once (`FortyGame.spare`):
    # it happens in some end games (whose verdicts above still match the exhaustive search), the
    # search's own auto-play comes first, and the steps play through the model.
    from game.solver.forty_thieves import _as_move, start_of
    from game.solver.forty_thieves_position import FortyGame

    fired = 0
    for seed in SEEDS:
        rules, state = end_game(seed)
        game, root = start_of(rules, state)
        plain = FortyGame(game.stock, game.copies, game.redeals, spares=False)
        steps: list[tuple[int, int, int, int]] = []
        plain_steps: list[tuple[int, int, int, int]] = []
        settled = game.settle(root, steps)
        plain.settle(root, plain_steps)
        assert steps[:len(plain_steps)] == plain_steps and game.first_home(settled, game.spare) is None
        for step in steps:
            state = rules.apply(state, _as_move(step))
        fired += len(steps) > len(plain_steps)
    assert fired > 0
