"""Properties of Klondike and Golf under random play, legal and illegal (Hypothesis)."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import full_deck
from game.deals import MAX_DEAL
from game.moves import FOUNDATION, STOCK, WASTE, Move, Pile, PileKind, cell, column
from game.rules import IllegalMove, Rules, revealed
from game.session import Session
from game.state import State
from game.variants import find_variant, rules_for

GAMES = ["klondike", "klondike3", "golf", "golf-strict"]
QUICK = settings(max_examples=100, deadline=None)
DECK = sorted(full_deck())

games = st.sampled_from(GAMES)
deals = st.integers(min_value=1, max_value=MAX_DEAL)


def assert_whole_deck(state: State) -> None:
    assert sorted(state.cards()) == DECK  # 52 cards, none lost, none doubled


def candidate_moves(state: State) -> list[Move]:
    """Moves a careless player might try: every pile to every pile, with a spread of card counts."""
    sources = [column(i) for i in range(7)] + [STOCK, WASTE, cell(0)]
    sources += [Pile(PileKind.FOUNDATION, i) for i in range(len(state.foundations))]
    targets = [column(i) for i in range(8)] + [FOUNDATION, STOCK, WASTE, cell(0)]
    counts = sorted({1, 2, 3, 5, 13, len(state.waste) or 1, len(state.stock) or 1})
    return [Move(src, dst, n) for src in sources for dst in targets for n in counts]


def random_walk(rules: Rules, state: State, data: st.DataObject, most: int) -> State:
    for _ in range(data.draw(st.integers(min_value=0, max_value=most), label="steps")):
        moves = list(rules.legal_moves(state))
        if not moves:
            break
        state = rules.perform(state, data.draw(st.sampled_from(moves), label="walk"))
    return state


@QUICK
@given(game=games, deal=deals, autoplay=st.booleans(), data=st.data())
def test_random_legal_play_keeps_the_deck_and_undo_redo_are_exact(
    game: str, deal: int, autoplay: bool, data: st.DataObject
) -> None:
    session = Session(find_variant(game), deal, autoplay=autoplay)
    rules = session.rules
    history = [session.state]
    for _ in range(data.draw(st.integers(min_value=1, max_value=80), label="moves")):
        before = session.state
        moves = list(rules.legal_moves(before))
        if not moves:
            assert rules.is_won(before) or rules.is_lost(before)
            break
        move = data.draw(st.sampled_from(moves), label="move")
        for entry in session.play(move):
            stepped = entry.before
            for step in entry.steps:  # the view replays the single steps: they must add up to the move
                stepped = rules.perform(stepped, step)
            assert stepped == entry.after
            flips = revealed(entry.before, entry.after)
            assert len(flips) == sum(entry.before.hidden) - sum(entry.after.hidden) <= 1
            for index, card in flips:
                assert entry.after.face_up(index)[0] is card
            assert all(now <= was for now, was in zip(entry.after.hidden, entry.before.hidden))
        history.append(session.state)  # undo and redo go a turn at a time
        assert_whole_deck(session.state)
        assert rules.from_text(rules.to_text(session.state)) == session.state
    for expected in reversed(history[:-1]):
        assert session.undo() == expected  # stock turns, recycles and flips all come back exactly
    assert session.state == rules.deal(deal) and not session.can_undo
    for expected in history[1:]:
        assert session.redo() == expected


@QUICK
@given(game=games, deal=deals, data=st.data())
def test_an_illegal_move_changes_nothing_and_says_why(game: str, deal: int, data: st.DataObject) -> None:
    rules = rules_for(find_variant(game))
    state = random_walk(rules, rules.deal(deal), data, 60)
    session = Session(find_variant(game), deal, start=state)
    listed = set(rules.legal_moves(state))
    for _ in range(25):
        move = data.draw(st.sampled_from(candidate_moves(state)), label="attempt")
        try:
            after = rules.apply(state, move)
        except IllegalMove as error:
            reason = str(error)
            assert reason and "None" not in reason and not reason.startswith("'")
            try:
                session.play(move)
            except IllegalMove as again:
                assert str(again) == reason
            else:
                raise AssertionError(f"the session played {move}, which the rules refused")
            assert session.state == state and not session.can_undo
            continue
        assert_whole_deck(after)
        assert after != state
        if move.dst.kind is PileKind.COLUMN and not state.columns[move.dst.index]:
            continue  # one empty column stands for all in legal_moves
        assert move in listed or (move.dst.kind is PileKind.FOUNDATION and Move(move.src, FOUNDATION) in listed)


@QUICK
@given(game=games, deal=deals, data=st.data())
def test_every_listed_move_is_legal_and_board_text_round_trips(game: str, deal: int, data: st.DataObject) -> None:
    rules = rules_for(find_variant(game))
    state = random_walk(rules, rules.deal(deal), data, 120)
    assert rules.from_text(rules.to_text(state)) == state
    moves = list(rules.legal_moves(state))
    assert len(moves) == len(set(moves))
    for move in moves:
        rules.check(state, move)
        assert_whole_deck(rules.perform(state, move))
    stock = rules.stock_move(state)
    turnable = bool(state.stock) if game.startswith("golf") else bool(state.stock or state.waste)
    assert (stock is not None) == turnable
    if stock is not None:
        assert stock in moves
    finish = rules.auto_finish(state)
    if finish:
        for move in finish:
            state = rules.apply(state, move)
        assert rules.is_won(state)
