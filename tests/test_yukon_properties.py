"""Yukon and Russian Solitaire under random play, legal and illegal (Hypothesis): no card lost or
doubled, an illegal move changes nothing, undo and redo are exact."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import full_deck
from game.deals import MAX_DEAL
from game.moves import FOUNDATION, STOCK, WASTE, Move, Pile, PileKind, cell, column
from game.rules import IllegalMove
from game.session import Session
from game.variants import find_variant

QUICK = settings(max_examples=60, deadline=None)
DECK = sorted(full_deck())
games = st.sampled_from(["yukon", "russian"])
deals = st.integers(min_value=1, max_value=MAX_DEAL)


@QUICK
@given(game=games, deal=deals, autoplay=st.booleans(), data=st.data())
def test_random_play_keeps_the_deck_and_undo_redo_are_exact(game: str, deal: int, autoplay: bool, data: st.DataObject) -> None:
    session = Session(find_variant(game), deal, autoplay=autoplay)
    rules = session.rules
    history = [session.state]
    for _ in range(data.draw(st.integers(min_value=1, max_value=60), label="moves")):
        moves = list(rules.legal_moves(session.state))
        if not moves:
            assert rules.is_won(session.state) or rules.is_lost(session.state)
            break
        session.play(data.draw(st.sampled_from(moves), label="move"))
        assert sorted(session.state.cards()) == DECK
        assert all(len(pile) > down or not pile for pile, down in zip(session.state.columns, session.state.hidden))
        history.append(session.state)
    for earlier in reversed(history[:-1]):
        session.undo()
        assert session.state == earlier
    for later in history[1:]:
        session.redo()
        assert session.state == later


@QUICK
@given(game=games, deal=deals, data=st.data())
def test_an_illegal_move_changes_nothing_and_a_legal_one_is_listed(game: str, deal: int, data: st.DataObject) -> None:
    session = Session(find_variant(game), deal, autoplay=False)
    rules = session.rules
    for _ in range(data.draw(st.integers(min_value=0, max_value=20), label="walk")):
        moves = list(rules.legal_moves(session.state))
        if not moves:
            break
        session.play(data.draw(st.sampled_from(moves), label="step"))
    state = session.state
    sources = [column(i) for i in range(8)] + [STOCK, WASTE, cell(0), Pile(PileKind.FOUNDATION, 2)]
    targets = [column(i) for i in range(8)] + [FOUNDATION, STOCK, WASTE, cell(0)]
    listed = set(rules.legal_moves(state))
    for _ in range(30):
        move = Move(data.draw(st.sampled_from(sources)), data.draw(st.sampled_from(targets)), data.draw(st.integers(0, 14)))
        try:
            after = rules.apply(state, move)
        except IllegalMove as error:
            assert session.state == state and str(error)  # refused with words, nothing changed
            continue
        assert sorted(after.cards()) == DECK
        empty_target = move.dst.kind is PileKind.COLUMN and not state.columns[move.dst.index]
        assert move in listed or empty_target  # one empty column stands for all in the list
