"""Properties of Spider under random play, legal and illegal, over its 104 cards (Hypothesis).

Random play from a deal seldom completes a run, so the walks also start from points along a line the
solver found for a one-suit deal (which sends all eight runs home), and wander off it from there.
"""
from __future__ import annotations

from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from game.deals import MAX_DEAL
from game.moves import FOUNDATION, STOCK, WASTE, Move, Pile, PileKind, cell, column
from game.rules import IllegalMove, Rules
from game.session import Session
from game.solver import solve
from game.state import State
from game.variants import find_variant, rules_for

GAMES = ["spider", "spider-2", "spider-1", "spider-relaxed"]
QUICK = settings(max_examples=60, deadline=None)

games = st.sampled_from(GAMES)
deals = st.integers(min_value=1, max_value=MAX_DEAL)


@cache
def winning_line() -> tuple[State, tuple[State, ...]]:
    """Spider one suit, deal 3: the deal and every position along a won game."""
    rules = rules_for(find_variant("spider-1"))
    start = rules.deal(3)
    result = solve(rules, start, max_positions=200_000)
    assert result.solved
    line = [start]
    for move in result.moves:
        line.append(rules.apply(line[-1], move))
    return start, tuple(line)


def assert_whole_pack(rules: Rules, state: State) -> None:
    cards = state.cards()
    assert len(cards) == 104 and set(cards) == set(rules.variant.pack.cards())  # none lost, none doubled
    for pile in state.foundations:
        assert not pile or len(pile) == 13 and pile[0].rank == 1 and len({c.suit for c in pile}) == 1
    assert all(hidden < len(pile) or hidden == len(pile) == 0 for pile, hidden in zip(state.columns, state.hidden))


def candidate_moves(state: State) -> list[Move]:
    """Moves a careless player might try: every pile to every pile, with a spread of card counts."""
    sources = [column(i) for i in range(11)] + [STOCK, WASTE, cell(0), Pile(PileKind.FOUNDATION, 0)]
    targets = [column(i) for i in range(11)] + [FOUNDATION, STOCK, WASTE, cell(0)]
    return [Move(src, dst, n) for src in sources for dst in targets for n in (1, 2, 3, 5, 10, 13, 14)]


def start_of(game: str, deal: int, data: st.DataObject) -> Session:
    """A session at a deal, or (one suit) somewhere along the won line."""
    if game == "spider-1" and data.draw(st.booleans(), label="along the won line"):
        start, line = winning_line()
        at = data.draw(st.integers(min_value=0, max_value=len(line) - 1), label="point on the line")
        return Session(find_variant(game), 3, start=line[at])
    return Session(find_variant(game), deal)


@QUICK
@given(game=games, deal=deals, data=st.data())
def test_random_play_keeps_the_pack_and_undo_and_redo_are_exact(game: str, deal: int, data: st.DataObject) -> None:
    session = start_of(game, deal, data)
    rules = session.rules
    assert_whole_pack(rules, session.state)
    history = [session.state]
    for _ in range(data.draw(st.integers(min_value=1, max_value=60), label="moves")):
        moves = list(rules.legal_moves(session.state))
        if not moves:
            assert rules.is_won(session.state) or rules.is_lost(session.state)
            break
        move = data.draw(st.sampled_from(moves), label="move")
        (applied,) = session.play(move)  # Spider sends runs home within the move: nothing automatic follows
        stepwise = applied.before
        for step in applied.steps:
            stepwise = rules.perform(stepwise, step)
        assert stepwise == applied.after  # the single steps the view animates add up to the move
        assert_whole_pack(rules, session.state)
        history.append(session.state)
    for expected in reversed(history[:-1]):
        session.undo()
        assert session.state == expected
    for expected in history[1:]:
        session.redo()
        assert session.state == expected


@QUICK
@given(game=games, deal=deals, data=st.data())
def test_an_illegal_move_changes_nothing_and_a_legal_one_keeps_the_pack(game: str, deal: int, data: st.DataObject) -> None:
    session = start_of(game, deal, data)
    rules = session.rules
    for _ in range(data.draw(st.integers(min_value=0, max_value=20), label="walk")):
        moves = list(rules.legal_moves(session.state))
        if not moves:
            break
        session.play(data.draw(st.sampled_from(moves), label="walk move"))
    state, actions = session.state, list(session.actions)
    legal = set(rules.legal_moves(state))
    for move in data.draw(st.lists(st.sampled_from(candidate_moves(state)), min_size=1, max_size=40), label="tries"):
        try:
            rules.check(state, move)
        except IllegalMove as error:
            assert str(error)  # a reason a player can read
            assert move not in legal
            try:
                session.play(move)
            except IllegalMove:
                pass
            else:
                raise AssertionError(f"{move} was refused by check but played")
            assert session.state == state and session.actions == actions
            continue
        assert_whole_pack(rules, rules.perform(state, move))


@QUICK
@given(game=games, deal=deals, data=st.data())
def test_what_may_be_lifted_is_exactly_a_face_up_suit_run(game: str, deal: int, data: st.DataObject) -> None:
    session = start_of(game, deal, data)
    state = session.state
    for index, pile in enumerate(state.columns):
        for count in range(1, len(pile) + 1):
            cards = pile[-count:]
            run = count <= len(pile) - state.hidden[index] and all(
                b.suit == a.suit and b.rank == a.rank - 1 for a, b in zip(cards, cards[1:])
            )
            assert (session.rules.lift_reason(state, column(index), count) is None) == run


def test_a_whole_won_game_undoes_exactly_run_by_run() -> None:
    start, line = winning_line()
    session = Session(find_variant("spider-1"), 3, start=start)
    rules = session.rules
    for before, after in zip(line, line[1:]):
        move = next(m for m in rules.legal_moves(before) if rules.perform(before, m) == after)
        session.play(move)
        assert session.state == after
    assert session.is_won and sum(1 for pile in session.state.foundations if pile) == 8
    for expected in reversed(line[:-1]):
        session.undo()
        assert session.state == expected
        assert_whole_pack(rules, session.state)
