"""Forty Thieves under random play (Hypothesis), and its move count from deal 1 (perft) checked
against a move generator written here from the rules' text, not from the model."""
from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import Card
from game.deals import MAX_DEAL
from game.moves import FOUNDATION, STOCK, WASTE, Move, Pile, PileKind, cell, column
from game.rules import IllegalMove, Rules
from game.session import Session
from game.state import State
from game.variants import find_variant, rules_for

GAME = find_variant("forty-thieves")
RULES = rules_for(GAME)
QUICK = settings(max_examples=60, deadline=None)


def assert_whole_pack(state: State) -> None:
    cards = state.cards()
    assert len(cards) == 104 and len({id(c) for c in cards}) == 104  # none lost, none doubled
    assert set(Counter((c.rank, c.suit) for c in cards).values()) == {2}


def careless_moves(state: State) -> list[Move]:
    """Moves a careless player might try: every pile to every pile, with a spread of card counts."""
    sources = [column(i) for i in range(11)] + [STOCK, WASTE, cell(0), Pile(PileKind.FOUNDATION, 0)]
    targets = [column(i) for i in range(11)] + [FOUNDATION, STOCK, WASTE, cell(0)]
    return [Move(src, dst, n) for src in sources for dst in targets for n in (1, 2, 3, 5, 13)]


@QUICK
@given(deal=st.integers(min_value=1, max_value=MAX_DEAL), autoplay=st.booleans(), data=st.data())
def test_random_play_keeps_the_pack_supermoves_are_single_steps_and_undo_is_exact(
    deal: int, autoplay: bool, data: st.DataObject
) -> None:
    session = Session(GAME, deal, autoplay=autoplay)
    history = [session.state]
    for _ in range(data.draw(st.integers(min_value=1, max_value=60), label="moves")):
        before, done = session.state, list(session.actions)
        wrong = data.draw(st.sampled_from(careless_moves(before)), label="careless")
        try:
            RULES.check(before, wrong)
        except IllegalMove:
            try:
                session.play(wrong)
            except IllegalMove:
                pass
            else:
                raise AssertionError(f"{wrong} was refused by check but played")
            assert session.state is before and session.actions == done  # nothing changed
        moves = list(RULES.legal_moves(session.state))
        if not moves:
            break
        move = data.draw(st.sampled_from(moves), label="move")
        for entry in session.play(move):
            stepped = entry.before
            for step in entry.steps:
                assert step.count == 1 or step.src.kind is PileKind.STOCK
                stepped = RULES.apply(stepped, step)  # each step legal on its own
            assert stepped == entry.after
        history.append(session.state)  # undo goes back a turn at a time (a move and what auto-play sent home)
        assert_whole_pack(session.state)
        text = RULES.to_text(session.state)
        assert RULES.to_text(RULES.from_text(text)) == text
    for expected in reversed(history[:-1]):
        assert session.undo() == expected  # the very cards, copies and all
    assert session.state == RULES.deal(deal) and not session.can_undo


# -- perft ------------------------------------------------------------------------------------------


def _run_fits(cards: tuple[Card, ...]) -> bool:
    return all(upper.suit == lower.suit and upper.rank == lower.rank - 1 for lower, upper in zip(cards, cards[1:]))


def _goes_home(state: State, card: Card) -> bool:
    if card.rank == 1:
        return any(not pile for pile in state.foundations)
    return any(pile and pile[-1].suit == card.suit and pile[-1].rank == card.rank - 1 for pile in state.foundations)


def reference_moves(state: State) -> list[Move]:
    """The moves the rules' text allows, with the model's conventions for counting them: one empty
    column stands for all, and a whole column never moves into an empty one."""
    moves: list[Move] = []
    empties = [i for i, pile in enumerate(state.columns) if not pile]
    sources: list[tuple[Pile, tuple[Card, ...]]] = [(column(i), pile) for i, pile in enumerate(state.columns)]
    if state.waste:
        sources.append((WASTE, state.waste[-1:]))
    for src, pile in sources:
        if pile and _goes_home(state, pile[-1]):
            moves.append(Move(src, FOUNDATION))
        for count in range(1, len(pile) + 1):
            cards = pile[-count:]
            if not _run_fits(cards):
                break
            for j, target in enumerate(state.columns):
                if column(j) == src or not target and (j != empties[0] or count == len(pile) and src.kind is PileKind.COLUMN):
                    continue
                room = 2 ** (len(empties) - (0 if target else 1))
                head = cards[0]
                fits = not target or target[-1].suit == head.suit and target[-1].rank == head.rank + 1
                if fits and count <= room:
                    moves.append(Move(src, column(j), count))
    if state.stock:
        moves.append(Move(STOCK, WASTE))
    return moves


def perft(rules: Rules, state: State, depth: int, reference: bool) -> int:
    if depth == 0:
        return 1
    moves = reference_moves(state) if reference else list(rules.legal_moves(state))
    return sum(perft(rules, rules.perform(state, move), depth - 1, reference) for move in moves)


def test_deal_1_move_counts_agree_with_a_generator_written_from_the_rules() -> None:
    state = RULES.deal(1)
    # By hand: the tops are A♠ A♥ 5♥ 6♥ K♦ 9♦ 8♦ 6♠ 10♥ 6♦; both Aces go home, 5♥ goes on 6♥, 8♦ on 9♦,
    # and the stock turns.
    assert [pile[-1].code for pile in state.columns] == ["AS", "AH", "5H", "6H", "KD", "9D", "8D", "6S", "TH", "6D"]
    assert sorted(map(str, RULES.legal_moves(state))) == sorted(["1h", "2h", "34", "76", "sw"])
    assert sorted(map(str, RULES.legal_moves(state))) == sorted(map(str, reference_moves(state)))
    counts = [perft(RULES, state, depth, reference=True) for depth in range(1, 5)]
    assert counts == [perft(RULES, state, depth, reference=False) for depth in range(1, 5)]
    assert counts == PERFT_DEAL_1


# The counts above as a regression fixture: a change means move generation changed, on purpose.
PERFT_DEAL_1 = [5, 23, 102, 442]
