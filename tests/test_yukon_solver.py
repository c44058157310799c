"""Yukon's and Russian Solitaire's solver against an exhaustive search through the model itself.

The end games are made from a fixed seed: the highest cards of each suit dealt at random over the
seven columns, some of them face down, the rest home. The plain search below plays every legal move
the model lists, with no reduction of its own, until it has met every position; the solver must give
the same verdict on each (a proof of a loss where the plain search finds no win, and a solution the
model replays where it finds one), and the set holds both kinds, so the comparison can fail.
"""
from __future__ import annotations

import random

import pytest

from game.cards import Card, Suit
from game.rules import Rules
from game.solver import Status, replay, solve
from game.state import State
from game.variants import find_variant, rules_for

PILES = 7


def end_game(rng: random.Random, left: int) -> State:
    """`left` cards still in play: each suit's highest ones, dealt at random over a few columns,
    mostly face down under their top cards."""
    counts = [0, 0, 0, 0]
    for _unused in range(left):
        counts[rng.choice([s for s in range(4) if counts[s] < 13])] += 1
    cards = [Card.of(rank, suit) for suit in Suit for rank in range(14 - counts[suit], 14)]
    rng.shuffle(cards)
    piles: list[list[Card]] = [[] for _unused in range(PILES)]
    used = rng.randrange(2, 5)  # the cards lie in a few deep columns, beside empty ones
    for card in cards:
        piles[rng.randrange(used)].append(card)
    hidden = tuple(max(len(pile) - 1 - rng.randrange(3), 0) for pile in piles)  # mostly all but the top
    foundations = tuple(tuple(Card.of(rank, suit) for rank in range(1, 14 - counts[suit])) for suit in Suit)
    return State(tuple(map(tuple, piles)), (), foundations, hidden)


def winnable(rules: Rules, state: State) -> bool:
    """Every position the model's own moves reach, depth first, until a won one."""
    seen = {state}
    stack = [state]
    while stack:
        position = stack.pop()
        if rules.is_won(position):
            return True
        for move in rules.legal_moves(position):
            after = rules.perform(position, move)
            if after not in seen:
                seen.add(after)
                stack.append(after)
    return False


@pytest.mark.parametrize("game", ["yukon", "russian"])
def test_the_verdicts_on_small_end_games_are_the_exhaustive_searchs(game: str) -> None:
    rules = rules_for(find_variant(game))
    rng = random.Random(f"{game} end games")
    verdicts = {True: 0, False: 0}
    for _unused in range(60):
        state = end_game(rng, rng.randrange(8, 15))
        expected = winnable(rules, state)
        result = solve(rules, state, max_positions=200_000)
        assert result.status is (Status.SOLVED if expected else Status.UNSOLVABLE)
        if expected:
            assert rules.is_won(replay(rules, state, result.moves))
        verdicts[expected] += 1
    assert verdicts[True] >= 5 and verdicts[False] >= 5


@pytest.mark.parametrize("newest_first", [False, True], ids=["oldest first", "newest first"])
@pytest.mark.parametrize("weights", ["BALANCED", "DIGGING"])
def test_each_search_of_the_portfolio_alone_gives_the_exhaustive_verdict(weights: str, newest_first: bool) -> None:
    """Any search of the portfolio whose queue runs dry answers for the deal, so each order and each
    weighing must leave out nothing but what the exact rules leave out: alone, each finds a win where
    the plain search does and runs dry where it does not."""
    import game.solver.yukon as yukon
    from game.solver.common import Budget
    from game.solver.yukon import _Game, _Search

    rules = rules_for(find_variant("yukon"))
    rng = random.Random(f"yukon search orders {weights} {newest_first}")
    verdicts = {True: 0, False: 0}
    for _unused in range(25):
        state = end_game(rng, rng.randrange(8, 14))
        columns = tuple(bytes(card.index for card in pile) for pile in state.columns)
        search = _Search(_Game(False), columns, state.hidden, (), getattr(yukon, weights), newest_first)
        status, _steps, _reason = search.run(Budget(200_000), 200_000, 0)
        expected = winnable(rules, state)
        assert status is (Status.SOLVED if expected else Status.UNSOLVABLE), rules.to_text(state)
        verdicts[expected] += 1
    assert verdicts[True] >= 3 and verdicts[False] >= 3


def test_a_won_deal_is_solved_and_a_lost_one_proven() -> None:
    yukon, russian = rules_for(find_variant("yukon")), rules_for(find_variant("russian"))
    won = solve(yukon, yukon.deal(3), cpu_limit=20)
    assert won.status is Status.SOLVED and yukon.is_won(replay(yukon, yukon.deal(3), won.moves))
    # Russian deal 5: 4♥ onto 5♥ is the only move, and after it nothing moves at all
    assert [m.notation for m in russian.legal_moves(russian.deal(5))] == ["31"]
    assert solve(russian, russian.deal(5), cpu_limit=20).status is Status.UNSOLVABLE


def test_a_position_that_cannot_turn_its_face_down_cards_is_proven_lost_at_once() -> None:
    # Column 1's J♣ lies on the face-down Q♦ and Q♥, the only cards it could go on; it is no King, and
    # it cannot go home before 10♣, face down under it too: no card of column 1 ever turns up.
    text = """Foundations: H-J C-9 D-J S-K
: [TC] [QH] [QD] JC
: KH QC KD KC
:
:
:
:
:
"""
    rules = rules_for(find_variant("yukon"))
    state = rules.from_text(text)
    result = solve(rules, state, max_positions=10)
    assert result.status is Status.UNSOLVABLE and result.positions <= 1
    assert not winnable(rules, state)


def test_a_proof_with_few_positions_waiting_is_not_put_off_by_the_noisy_series() -> None:
    """Deal 256 is lost, and the main search alone proves it with a few tens of positions waiting at
    a time: the noisy series skip their turns then (CLOSING), so the portfolio's proof costs about
    what the main search's own does (with three series beside it, it took almost four times as many)."""
    import game.solver.yukon as yukon
    from game.solver.common import Budget

    rules = rules_for(find_variant("yukon"))
    state = rules.deal(256)
    result = solve(rules, state, max_positions=100_000)  # loads the compiled search, when built, for the one below
    columns = tuple(bytes(card.index for card in pile) for pile in state.columns)
    main = yukon._Search(yukon._Game(False), columns, tuple(state.hidden))
    assert main.run(Budget(100_000), 100_000, 0)[0] is Status.UNSOLVABLE
    assert result.status is Status.UNSOLVABLE and result.positions < main.count + yukon.ALONE


def test_cancel_stops_the_search_undecided() -> None:
    rules = rules_for(find_variant("yukon"))
    result = solve(rules, rules.deal(12), cancel=lambda: True)
    assert result.status is Status.UNKNOWN and result.reason == "cancelled"


def test_hints_are_legal_moves_of_the_model() -> None:
    from game.solver import hint

    rules = rules_for(find_variant("yukon"))
    state = rules.deal(1)
    move = hint(rules, state, time_limit=2)
    assert move is not None and move in set(rules.legal_moves(state))


@pytest.mark.parametrize("game", ["yukon", "russian"])
def test_the_bound_never_calls_a_winnable_end_game_lost(game: str) -> None:
    from game.solver.yukon import _Game

    rules = rules_for(find_variant(game))
    bound = _Game(game == "russian")
    rng = random.Random(f"{game} bound")
    flagged = lost = 0
    for _unused in range(80):
        state = end_game(rng, rng.randrange(8, 15))
        columns = tuple(bytes(card.index for card in pile) for pile in state.columns)
        expected = winnable(rules, state)
        lost += not expected
        if bound.lost(columns, state.hidden):
            flagged += 1
            assert not expected, rules.to_text(state)
    assert flagged >= lost // 2 > 0  # and it is no empty test: it finds most of the lost ones


def test_a_target_lying_above_in_the_same_column_frees_nothing_until_a_card_between_can_move() -> None:
    # Russian: J♠ lies on the face-down Q♥, and the only card it goes on, Q♠, lies on J♠ itself; Q♠
    # could only leave for K♠, face down at the bottom. So J♠ never leaves Q♥, and Q♥ never goes home.
    text = """Foundations: H-J C-K D-K S-T
: [KS] [QH] JS QS
: KH
:
:
:
:
:
"""
    rules = rules_for(find_variant("russian"))
    state = rules.from_text(text)
    assert not winnable(rules, state)
    result = solve(rules, state, max_positions=10)
    assert result.status is Status.UNSOLVABLE and result.positions <= 1
    # with K♠ face up in a column of its own, Q♠ can leave J♠ for it, and the same cards are won
    freed = rules.from_text(text.replace("[KS] [QH] JS QS", "[QH] JS QS").replace(": KH\n:", ": KH\n: KS", 1))
    assert winnable(rules, freed)
    assert solve(rules, freed, max_positions=1_000).status is Status.SOLVED


@pytest.mark.parametrize(("game", "deal", "won"), [
    ("yukon", 8, True), ("yukon", 10, True), ("yukon", 16, False), ("yukon", 64, False),
    ("russian", 1, True), ("russian", 45, True), ("russian", 2, False), ("russian", 3, False),
])
def test_deals_keep_their_verdicts(game: str, deal: int, won: bool) -> None:
    """Verdicts the search reached before its bound looked at targets lying in the card's own column
    (all but deal 64's, undecided before in the window's budget): a sharper bound, and the compiled
    search, must leave a won deal won and a lost one lost."""
    rules = rules_for(find_variant(game))
    state = rules.deal(deal)
    result = solve(rules, state, max_positions=20_000)
    assert result.status is (Status.SOLVED if won else Status.UNSOLVABLE)
    if won:
        assert rules.is_won(replay(rules, state, result.moves))
