"""The FreeCell and Golf solvers' verdicts against searches that trust nothing but the model.

"Proven unsolvable" rests on the solvers' shortcuts: canonical positions (columns and cells as
sets), safe moves to the foundation made at once, and in Golf bounds (cards per rank against the
cards they may go on, parity along runs of plays) that declare a position lost early. Small end
games can be searched completely through the model's own `legal_moves` and `perform`, every exact
position remembered; the solver's verdict must be the same, and in Golf no position the end game can
reach that can be won may be called lost by the bounds.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from game.cards import Card, card_from_index
from game.rules import Rules
from game.solver import Status, replay, runs, solve
from game.solver import freecell as freecell_solver
from game.solver import golf as golf_solver
from game.solver.common import Budget
from game.solver.freecell import canonical
from game.state import State
from game.variants import find_variant, rules_for

BRUTE_LIMIT = 30_000  # exact positions; end games bigger than this are skipped


def every_position_verdict(rules: Rules, start: State) -> bool | None:
    """Whether any sequence of the model's legal moves wins; None when the search is too big."""
    seen = {start}
    stack = [start]
    while stack:
        state = stack.pop()
        if rules.is_won(state):
            return True
        for move in rules.legal_moves(state):
            after = rules.perform(state, move)
            if after not in seen:
                seen.add(after)
                stack.append(after)
                if len(seen) > BRUTE_LIMIT:
                    return None
    return False


# -- FreeCell ------------------------------------------------------------------------------------


def freecell_end_game(rng: random.Random, n_cells: int, n_columns: int) -> State:
    """The top few cards of each suit back in play, dealt at random into columns and cells; half the
    time every column holds a card (no empty column to start with: the shape most often lost)."""
    heights = [13, 13, 13, 13]
    in_play: list[Card] = []
    for _ in range(rng.randint(n_columns + 4, 20)):
        suit = rng.choice([s for s in range(4) if heights[s] > 0])
        in_play.append(Card.of(heights[suit], suit))
        heights[suit] -= 1
    rng.shuffle(in_play)
    in_cells = rng.randint(0, min(n_cells, len(in_play)))
    cells = list(in_play[:in_cells]) + [None] * (n_cells - in_cells)
    rng.shuffle(cells)
    columns: list[list[Card]] = [[] for _ in range(n_columns)]
    every_column = rng.random() < 0.5
    for n, card in enumerate(in_play[in_cells:]):
        columns[n if every_column and n < n_columns else rng.randrange(n_columns)].append(card)
    foundations = tuple(tuple(Card.of(rank, suit) for rank in range(1, heights[suit] + 1)) for suit in range(4))
    return State(tuple(tuple(pile) for pile in columns), tuple(cells), foundations, (0,) * n_columns)


FREECELL_SHAPES = ["freecell:1x4", "freecell:0x4", "freecell:0x6", "bakers-game:1x4", "bakers-game:0x5"]


def check_freecell_end_game(game: str, number: int) -> bool | None:
    """Solve end game `number` of `game` and compare with the full search; returns the truth."""
    rules = rules_for(find_variant(game))
    start = freecell_end_game(random.Random(number), rules.variant.cells, rules.variant.columns)
    truth = every_position_verdict(rules, start)
    if truth is None:
        return None
    result = solve(rules, start, time_limit=30)
    assert result.status is (Status.SOLVED if truth else Status.UNSOLVABLE), rules.to_text(start)
    if truth:
        assert rules.is_won(replay(rules, start, result.moves))
    return truth


@seed(2026)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(FREECELL_SHAPES), number=st.integers(0, 2**32))
def test_freecell_verdict_matches_a_search_that_leaves_nothing_out(game: str, number: int) -> None:
    check_freecell_end_game(game, number)


def test_the_freecell_end_games_are_both_won_and_lost() -> None:
    """The comparison means little unless both verdicts occur: the first 40 of each shape, in order."""
    for game in FREECELL_SHAPES:
        truths = {check_freecell_end_game(game, number) for number in range(40)}
        assert {True, False} <= truths, game


def test_the_verdicts_hold_with_the_wide_queue_and_the_noisy_searches_from_the_first_position(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The end games are too small to reach the second queue or the noisy searches as shipped, so
    here both start at once; the verdicts must still be the full search's."""
    monkeypatch.setattr(freecell_solver, "ALONE", 1)
    truths = set()
    for game in FREECELL_SHAPES[:3]:
        for number in range(25):
            truths.add(check_freecell_end_game(game, number))
    assert {True, False} <= truths


def test_a_proof_with_the_wide_queue_meets_each_position_once() -> None:
    """The two queues share one tree and one set of positions seen: a lost end game's proof meets
    exactly as many positions with the wide queue from the start as without it."""
    proofs = 0
    for game, number in [(game, number) for game in ("freecell:0x4", "freecell:1x4") for number in range(60)]:
        rules = rules_for(find_variant(game))
        start = freecell_end_game(random.Random(number), rules.variant.cells, rules.variant.columns)
        if every_position_verdict(rules, start) is not False:
            continue
        counts = []
        for widen_at in (None, 1):
            search = freecell_solver._Search(rules)
            position, key, found, _ = search.start(start)
            best_first = freecell_solver._BestFirst(
                search, freecell_solver._Tree(key), position, key, found, freecell_solver.WEIGHTS, widen_at=widen_at,
            )
            status, _, _ = best_first.run(Budget())
            assert status is Status.UNSOLVABLE
            counts.append(best_first.count)
        assert counts[0] == counts[1]
        proofs += counts[0] > 20
    assert proofs >= 6


# -- canonical positions ---------------------------------------------------------------------------


@st.composite
def layouts(draw: st.DrawFn) -> tuple[list[bytes], bytes]:
    """Up to 52 distinct cards laid out in 8 columns (some may be empty) and up to 4 cells."""
    cards = draw(st.permutations(range(52)))[: draw(st.integers(2, 52))]
    n_cells = draw(st.integers(0, min(4, len(cards) - 1)))
    cells = bytes(cards[:n_cells])
    columns: list[list[int]] = [[] for _ in range(8)]
    for card in cards[n_cells:]:
        columns[draw(st.integers(0, 7))].append(card)
    return [bytes(c) for c in columns], cells


@seed(2026)
@settings(max_examples=200, deadline=None)
@given(layout=layouts(), data=st.data())
def test_positions_differing_only_in_column_or_cell_order_are_one(layout: tuple[list[bytes], bytes], data: st.DataObject) -> None:
    columns, cells = layout
    shuffled_columns = data.draw(st.permutations(columns))
    shuffled_cells = bytes(data.draw(st.permutations(list(cells))))
    assert canonical(shuffled_columns, shuffled_cells) == canonical(columns, cells)


@seed(2026)
@settings(max_examples=200, deadline=None)
@given(layout=layouts(), data=st.data())
def test_positions_differing_otherwise_are_not_one(layout: tuple[list[bytes], bytes], data: st.DataObject) -> None:
    columns, cells = layout
    key = canonical(columns, cells)
    everything = [(i, k) for i, col in enumerate(columns) for k in range(len(col))]
    kind = data.draw(st.sampled_from(["cell to column", "column to cell", "to another column", "swap in a column"]))
    moved = [bytearray(c) for c in columns]
    new_cells = bytearray(cells)
    if kind == "cell to column" and cells:
        card = new_cells.pop(data.draw(st.integers(0, len(cells) - 1)))
        moved[data.draw(st.integers(0, 7))].append(card)
    elif kind == "column to cell" and everything:
        i = data.draw(st.sampled_from([i for i, col in enumerate(columns) if col]))
        new_cells.append(moved[i].pop())
    elif kind == "to another column" and everything:
        i = data.draw(st.sampled_from([i for i, col in enumerate(columns) if col]))
        # a lone card moved to an empty column leaves the same set of columns: not a change
        j = data.draw(st.sampled_from([j for j in range(8) if j != i and (columns[j] or len(columns[i]) > 1)] or [i]))
        if j == i:
            new_cells.append(moved[i].pop())
        else:
            moved[j].append(moved[i].pop())
    else:
        i = data.draw(st.sampled_from([i for i, col in enumerate(columns) if col]))
        if len(moved[i]) < 2:
            new_cells.append(moved[i].pop())
        else:
            moved[i][-1], moved[i][-2] = moved[i][-2], moved[i][-1]
    assert canonical([bytes(c) for c in moved], bytes(new_cells)) != key


def test_canonical_of_a_deal_is_the_solvers_start() -> None:
    """The key the search starts from is `canonical` of the deal's columns and cells (no card goes home
    at the deal of Microsoft 1, so nothing else changes)."""
    from game.solver.freecell import _Search

    rules = rules_for(find_variant("freecell"))
    state = rules.deal(1)
    _, start, found, first = _Search(rules).start(state)
    columns = [bytes(c.index for c in pile) for pile in state.columns]
    assert first == [] and found == (0, 0, 0, 0)
    assert start == canonical(list(reversed(columns)), b"")


# -- FreeCell 11982 --------------------------------------------------------------------------------


def test_freecell_11982_is_proven_unsolvable_within_90000_positions() -> None:
    """Freecell Solver's single-card search needs 83,239 positions; a count, so no timing in it."""
    rules = rules_for(find_variant("freecell"))
    result = solve(rules, rules.deal(11982), max_positions=90_000)
    assert result.status is Status.UNSOLVABLE
    assert result.positions <= 90_000


# -- Golf ------------------------------------------------------------------------------------------


def golf_position(draw: st.DrawFn, ranks: list[int]) -> State:
    """Up to 14 cards of these ranks in play: the first on the foundation, up to 5 in the stock, the
    rest in seven columns of 5 at most (as dealt; the solver's tables grow with the tallest column);
    every other card lies under the foundation's top."""
    pool = [Card.of(rank, suit) for rank in ranks for suit in range(4)]
    pool = draw(st.permutations(pool))[: draw(st.integers(3, min(14, len(pool))))]
    top = pool[0]
    stock_size = draw(st.integers(0, min(5, len(pool) - 2)))
    stock, rest = pool[1:1 + stock_size], pool[1 + stock_size:]
    columns: list[list[Card]] = [[] for _ in range(7)]
    for card in rest:
        columns[draw(st.sampled_from([i for i in range(7) if len(columns[i]) < 5]))].append(card)
    played = [card_from_index(i) for i in range(52) if card_from_index(i) not in pool]
    foundation = tuple(draw(st.permutations(played))) + (top,)
    return State(tuple(tuple(c) for c in columns), (), (foundation,), (0,) * 7, tuple(stock), ())


@st.composite
def golf_end_games(draw: st.DrawFn) -> State:
    """Few ranks, many of each: the shape where counting cards per rank decides most."""
    return golf_position(draw, draw(st.lists(st.integers(1, 13), min_size=2, max_size=5, unique=True)))


@st.composite
def golf_runs(draw: st.DrawFn) -> State:
    """A few neighbouring ranks, at times round the King to the Ace: the shape where the parity
    bounds (colours alternating along a run of plays) decide most."""
    first, width = draw(st.integers(0, 12)), draw(st.integers(3, 6))
    return golf_position(draw, [(first + i) % 13 + 1 for i in range(width)])


GOLF_STARTS = st.one_of(golf_end_games(), golf_runs())


@seed(2026)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(["golf", "golf-strict"]), start=GOLF_STARTS)
def test_golf_verdict_matches_a_search_that_leaves_nothing_out(game: str, start: State) -> None:
    rules = rules_for(find_variant(game))
    truth = every_position_verdict(rules, start)
    assert truth is not None
    for share in (golf_solver.DEPTH_FIRST_SHARE, 0):  # 0: straight to the level search
        golf_solver_share = golf_solver.DEPTH_FIRST_SHARE
        golf_solver.DEPTH_FIRST_SHARE = share
        try:
            result = solve(rules, start)
        finally:
            golf_solver.DEPTH_FIRST_SHARE = golf_solver_share
        assert result.status is (Status.SOLVED if truth else Status.UNSOLVABLE), rules.to_text(start)
        if truth:
            assert rules.is_won(replay(rules, start, result.moves))


def golf_verdicts(rules: Rules, start: State) -> dict[State, bool]:
    """Whether each position reachable from `start` can be won, through the model's own moves."""
    verdicts: dict[State, bool] = {}

    def winnable(state: State) -> bool:
        if state not in verdicts:
            after = (rules.perform(state, move) for move in rules.legal_moves(state))
            # a list, not a generator: every child is judged, not only those up to the first win
            verdicts[state] = rules.is_won(state) or any([winnable(child) for child in after])  # noqa: C419
        return verdicts[state]

    winnable(start)
    return verdicts


@seed(2026)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(["golf", "golf-strict"]), start=GOLF_STARTS)
def test_golf_bounds_call_no_winnable_position_lost(game: str, start: State) -> None:
    """Every position the end game can reach, not only its start: the bounds prune inside the search."""
    rules = rules_for(find_variant(game))
    layout = golf_solver._Layout(rules, start, Budget())
    for state, winnable in golf_verdicts(rules, start).items():
        code = sum(len(pile) * layout.base**i for i, pile in enumerate(state.columns))
        if winnable:
            top_class = layout.klass[state.foundations[0][-1].index]
            assert not layout.dead(code, len(state.stock), top_class), rules.to_text(state)


def bound_broken(bounds: list[tuple[list[int], list[int]]], columns: str, starts: str) -> bool:
    """Whether the column cards (codes) weigh more than the starts (the top card, then the stock)."""
    cards = [Card.parse(code).index for code in columns.split()]
    begins = [Card.parse(code).index for code in starts.split()]
    return any(sum(column[c] for c in cards) > sum(start[s] for s in begins) for column, start in bounds)


def golf_lost(game: str, columns: list[str], starts: str) -> bool:
    """Whether the model's every move loses: one column per string (bottom card first); `starts` is
    the foundation's top card, then the stock's cards in the order they would be dealt."""
    rules = rules_for(find_variant(game))
    piles = [tuple(Card.parse(code) for code in text.split()) for text in columns] + [()] * (7 - len(columns))
    top, *stock = [Card.parse(code) for code in starts.split()]
    in_play = {card for pile in piles for card in pile} | {top, *stock}
    under = tuple(card for card in map(card_from_index, range(52)) if card not in in_play)
    state = State(tuple(piles), (), (under + (top,),), (0,) * 7, tuple(reversed(stock)), ())
    return every_position_verdict(rules, state) is False


@pytest.mark.parametrize("game", ["golf", "golf-strict"])
def test_golf_parity_finds_two_runs_wanted_where_one_start_is_left(game: str) -> None:
    """4 and 2 both go on the 3 but not on each other: two runs, one start; every rank has room."""
    fits = golf_solver._fit_table(rules_for(find_variant(game)), 7)
    assert golf_lost(game, ["4H", "2D"], "3S")
    assert bound_broken(runs.parity_bounds(fits), "4H 2D", "3S")
    assert not bound_broken(runs.count_bounds(fits), "4H 2D", "3S")


def test_relaxed_golf_parity_colours_round_the_corner() -> None:
    """The Queen and the Ace both go on the King, and not on each other: only a colouring whose
    same-colour neighbours lie elsewhere sees it (plain parity colours King and Ace alike)."""
    fits = golf_solver._fit_table(rules_for(find_variant("golf")), 7)
    assert golf_lost("golf", ["QH", "AD"], "KS")
    assert bound_broken(runs.parity_bounds(fits), "QH AD", "KS")
    assert not bound_broken(runs.count_bounds(fits), "QH AD", "KS")


def test_golf_count_finds_a_rank_with_nothing_to_go_on() -> None:
    """No 8 or 10 is left anywhere, so neither 9 can ever be played."""
    fits = golf_solver._fit_table(rules_for(find_variant("golf")), 7)
    assert golf_lost("golf", ["9H", "9D"], "5S 2C")
    assert bound_broken(runs.count_bounds(fits), "9H 9D", "5S 2C")
