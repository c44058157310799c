"""Properties of random play in every FreeCell-family game, legal moves and illegal ones mixed.

Whatever is played, the deck stays whole, an illegal move changes nothing, undo is exact, a
supermove is a chain of legal single-card steps, and board text reads back to the same position.
"""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import full_deck
from game.moves import FOUNDATION, STOCK, Move, Pile, PileKind, cell, column
from game.rules import IllegalMove, Rules
from game.session import Session
from game.state import State
from game.variants import Variant, customised, find_variant

VARIANTS: tuple[Variant, ...] = (
    find_variant("freecell"),
    find_variant("bakers"),
    find_variant("eight-off"),
    find_variant("seahaven"),
    customised(find_variant("freecell"), 0, 10),
    customised(find_variant("freecell"), 3, 10),
    customised(find_variant("bakers"), 1, 4),
    customised(find_variant("seahaven"), 2, 6),
)

DECK = sorted(full_deck())
QUICK = settings(max_examples=100, deadline=None)


def any_pile(variant: Variant) -> st.SearchStrategy[Pile]:
    """Piles of the game plus one column and one cell past its end, the foundation and a stock it lacks."""
    return st.one_of(
        st.integers(0, variant.columns).map(column),
        st.integers(0, min(variant.cells, 9)).map(cell),
        st.just(FOUNDATION),
        st.just(STOCK),
    )


def any_move(variant: Variant) -> st.SearchStrategy[Move]:
    return st.builds(Move, any_pile(variant), any_pile(variant), st.integers(1, 13))


def assert_deck_whole(state: State) -> None:
    assert sorted(state.cards()) == DECK


def assert_text_round_trips(rules: Rules, state: State) -> None:
    text = rules.to_text(state)
    assert rules.from_text(text) == state
    assert rules.to_text(rules.from_text(text)) == text


def assert_expands_into_legal_steps(rules: Rules, state: State, move: Move) -> None:
    position = state
    for step in rules.expand(state, move):
        assert step.count == 1
        rules.check(position, Move(step.src, step.dst, 1))
        position = rules.perform(position, step)
    assert position == rules.perform(state, move)


def representative(state: State, move: Move) -> Move | None:
    """The move legal_moves offers for a legal `move`, or None for the ones it leaves out on purpose.

    Empty cells are interchangeable (the first stands for all), as are empty columns; a card moved
    from one cell to another and a whole column moved into an empty one change nothing.
    """
    src, dst = move.src, move.dst
    if dst.kind is PileKind.CELL:
        if src.kind is PileKind.CELL:
            return None
        dst = cell(state.cells.index(None))
    elif dst.kind is PileKind.COLUMN and not state.columns[dst.index]:
        if src.kind is PileKind.COLUMN and move.count == len(state.columns[src.index]):
            return None
        dst = column(next(i for i, pile in enumerate(state.columns) if not pile))
    return Move(src, dst, move.count)


def every_legal_move(rules: Rules, state: State) -> set[Move]:
    """Brute force: every source, destination and count the rules accept, up to equivalence."""
    piles = [column(i) for i in range(len(state.columns))] + [cell(i) for i in range(len(state.cells))] + [FOUNDATION]
    longest = max(len(pile) for pile in state.columns) or 1
    found = set()
    for src in piles:
        for dst in piles:
            for count in range(1, longest + 1):
                move = Move(src, dst, count)
                try:
                    rules.check(state, move)
                except IllegalMove:
                    continue
                if (wanted := representative(state, move)) is not None:
                    found.add(wanted)
    return found


@QUICK
@given(
    variant=st.sampled_from(VARIANTS),
    deal=st.integers(1, 2**31 - 1),
    autoplay=st.booleans(),
    data=st.data(),
)
def test_random_play_keeps_every_invariant(variant: Variant, deal: int, autoplay: bool, data: st.DataObject) -> None:
    session = Session(variant, deal, autoplay=autoplay, clock=lambda: 0.0)
    rules = session.rules
    assert_deck_whole(session.state)
    for _ in range(data.draw(st.integers(5, 30), label="steps")):
        state = session.state
        legal = list(rules.legal_moves(state))
        assert len(set(legal)) == len(legal)
        for move in legal:
            rules.check(state, move)
            if move.count > 1:
                assert_expands_into_legal_steps(rules, state, move)
        if legal and data.draw(st.integers(0, 3), label="legal?"):
            move = data.draw(st.sampled_from(legal), label="legal move")
        else:
            move = data.draw(any_move(variant), label="any move")
        before_text = rules.to_text(state)
        history = (session.position_in_history, session.move_count, list(session.actions))
        try:
            applied = session.play(move)
        except IllegalMove as error:
            assert str(error)  # a reason for the player
            assert move not in legal
            assert session.state == state and rules.to_text(session.state) == before_text
            assert (session.position_in_history, session.move_count, list(session.actions)) == history
            continue
        assert applied[0].before == state and applied[0].move == move
        assert all(a.automatic for a in applied[1:]) and len(applied) - 1 <= 52
        after = session.state
        assert_deck_whole(after)
        assert_text_round_trips(rules, after)
        assert_expands_into_legal_steps(rules, state, move)
        assert session.move_count == history[1] + 1 and len(session.actions) == len(history[2]) + len(applied)
        assert session.undo() == state  # the move and the cards auto-play sent after it
        assert rules.to_text(session.state) == before_text and session.move_count == history[1]
        assert session.redo() == after and session.move_count == history[1] + 1
    assert session.is_lost == (not session.is_won and not every_legal_move(rules, session.state))


@settings(max_examples=60, deadline=None)
@given(variant=st.sampled_from(VARIANTS), deal=st.integers(1, 2**31 - 1), data=st.data())
def test_legal_moves_are_exactly_the_moves_check_accepts(variant: Variant, deal: int, data: st.DataObject) -> None:
    session = Session(variant, deal, autoplay=False)
    rules = session.rules
    for _ in range(data.draw(st.integers(0, 25), label="steps")):
        legal = list(rules.legal_moves(session.state))
        if not legal:
            break
        session.play(data.draw(st.sampled_from(legal), label="move"))
    assert set(rules.legal_moves(session.state)) == every_legal_move(rules, session.state)


@QUICK
@given(variant=st.sampled_from(VARIANTS), deal=st.integers(1, 2**31 - 1), data=st.data())
def test_restart_and_undo_through_a_whole_history(variant: Variant, deal: int, data: st.DataObject) -> None:
    session = Session(variant, deal, autoplay=data.draw(st.booleans(), label="autoplay"))
    seen = [session.state]
    for _ in range(data.draw(st.integers(1, 15), label="steps")):
        legal = list(session.rules.legal_moves(session.state))
        if not legal:
            break
        seen.append(session.play(data.draw(st.sampled_from(legal), label="move"))[-1].after)
    if session.state != session.initial:
        session.restart()
        assert session.state == session.initial
        session.undo()
    for expected in reversed(seen):
        assert session.state == expected
        if session.can_undo:
            session.undo()
    assert session.state == session.initial and not session.can_undo
