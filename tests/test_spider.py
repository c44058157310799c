"""Spider's rules: the deal, what moves, the stock, completed runs, undo, the board text and the layout.

Positions are written as board text (the `board` helper fills the columns it is not given from the
rest of the pack), so each test shows the cards it is about.
"""
from __future__ import annotations

from collections import Counter

import pytest

from game.cards import Card, Suit
from game.moves import FOUNDATION, STOCK, Move, column
from game.rules import IllegalMove, Rules
from game.session import Session
from game.state import BoardError, State
from game.variants import find_variant, rules_for
from sprites.window.layout import compute_layout

GAMES = ("spider", "spider-2", "spider-1")


def rules_of(game: str) -> Rules:
    rules = rules_for(find_variant(game))
    return rules


def board(game: str, columns: list[str], stock: str = "", home: int = 0) -> State:
    """Ten columns as written (`[XX]` face down), `stock` as written, `home` whole runs on the
    foundations (the suits the pack has most of first), and every other card of the pack added to
    the stock, so the position holds the whole pack."""
    rules = rules_of(game)
    pack = rules.variant.pack
    written = " ".join(columns) + " " + stock
    used = Counter(token.strip("[]").upper() for token in written.split())
    homes = []
    for _run in range(home):
        suit = next(s for s in pack.suits if all(used[f"{r}{s.letter}"] < pack.copies for r in "A23456789TJQK"))
        used.update(f"{r}{suit.letter}" for r in "A23456789TJQK")
        homes.append(f"{suit.letter}-K")
    rest = Counter(card.code for card in pack.cards()) - used
    assert not (used - Counter(card.code for card in pack.cards())), "more of a card than the pack holds"
    stock_line = " ".join([*sorted(rest.elements()), stock]).strip()
    lines = [
        "Foundations: " + " ".join(homes + ["-"] * (8 - home)),
        f"Stock: {stock_line}",
        *[f": {pile}" for pile in columns],
    ]
    return rules.from_text("\n".join(lines) + "\n")


EMPTY_TABLE = [""] * 10


@pytest.mark.parametrize("game", GAMES)
def test_the_deal_is_104_cards_in_ten_columns_and_a_stock_of_50(game: str) -> None:
    rules = rules_of(game)
    state = rules.deal(7)
    cards = state.cards()
    assert len(cards) == 104 and len(set(cards)) == 104  # two copies of a card are two cards
    assert [len(pile) for pile in state.columns] == [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]
    assert state.hidden == (5, 5, 5, 5, 4, 4, 4, 4, 4, 4)
    assert len(state.stock) == 50 and len(state.foundations) == 8
    suits = {card.suit for card in cards}
    assert len(suits) == {"spider": 4, "spider-2": 2, "spider-1": 1}[game]
    assert Counter(card.rank for card in cards) == Counter(dict.fromkeys(range(1, 14), 8))


def test_the_three_spiders_lie_alike_by_rank_and_deals_differ() -> None:
    ranks = [[c.rank for c in pile] for pile in rules_of("spider").deal(3).columns]
    assert ranks == [[c.rank for c in pile] for pile in rules_of("spider-1").deal(3).columns]
    assert rules_of("spider").deal(3) != rules_of("spider").deal(4)


def test_any_card_goes_on_one_rank_higher_and_only_a_suit_run_moves_together() -> None:
    rules = rules_of("spider")
    state = board("spider", ["9H 8S", "9S 8S 7S", "8D 7H 6H", "TC", "9C", "[2D] 5D", "4C", "JD", "JD", "KH"])
    moved = rules.apply(state, Move(column(0), column(4)))  # 8♠ on 9♣: the suit does not matter
    assert moved.columns[4][-1].code == "8S" and moved.columns[0][-1].code == "9H"
    run = rules.apply(state, Move(column(1), column(4), 2))  # 8♠ 7♠ together onto 9♣
    assert [c.code for c in run.columns[4]] == ["9C", "8S", "7S"]
    with pytest.raises(IllegalMove, match="only a run of one suit"):
        rules.check(state, Move(column(2), column(0), 3))  # 8♦ 7♥ 6♥ is not one suit
    with pytest.raises(IllegalMove, match="one rank"):
        rules.check(state, Move(column(1), column(6)))  # 7♠ on 4♣
    assert rules.lift_reason(state, column(2), 2) is None
    assert rules.lift_reason(state, column(2), 3) is not None
    assert rules.lift_reason(state, column(5), 2) is not None  # 2♦ lies face down


def test_an_empty_column_takes_any_card_or_run_and_a_face_down_card_turns_up() -> None:
    rules = rules_of("spider-2")
    state = board("spider-2", ["", "[5H] [KS] 9S 8S", "AH", "AH", "AH", "AH", "2H", "2H", "2H", "2H"])
    after = rules.apply(state, Move(column(1), column(0), 2))
    assert [c.code for c in after.columns[0]] == ["9S", "8S"]
    assert after.hidden[1] == 1 and after.columns[1][-1].code == "KS"  # turned up, 5♥ still down


def test_the_stock_deals_one_card_on_each_column_only_when_none_is_empty() -> None:
    rules = rules_of("spider")
    state = rules.deal(2)
    deal = rules.stock_move(state)
    assert deal == Move(STOCK, column(0), 10)
    after = rules.apply(state, deal)
    assert [pile[-1] for pile in after.columns] == list(state.stock[-10:][::-1])  # the top card onto column 1
    assert all(len(a) == len(b) + 1 for a, b in zip(after.columns, state.columns))
    assert len(after.stock) == 40
    emptied = board("spider", ["", "KH", "KH", "KD", "KD", "KC", "KC", "KS", "KS", "QH"])
    with pytest.raises(IllegalMove, match="no column is empty"):
        rules.check(emptied, rules.stock_move(emptied))
    relaxed = rules_of("spider-relaxed").apply(emptied, rules.stock_move(emptied))
    assert relaxed.columns[0] == (emptied.stock[-1],)


def test_the_deal_is_its_single_cards_and_they_add_up_to_the_whole_deal() -> None:
    rules = rules_of("spider-1")
    state = rules.deal(5)
    deal = rules.stock_move(state)
    assert deal is not None
    steps = rules.expand(state, deal)
    assert steps == [Move(STOCK, column(k)) for k in range(10)]
    stepwise = state
    for step in steps:
        stepwise = rules.perform(stepwise, step)
    assert stepwise == rules.perform(state, deal)


def test_a_completed_run_goes_home_by_itself_king_on_top_and_undo_takes_it_back() -> None:
    run = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
    state = board("spider", [f"[9D] {run}", "5H AS", "QC", "QC", "QD", "QD", "QH", "QH", "JC", "JC"])
    session = Session(find_variant("spider"), 1, start=state)
    session.play(Move(column(1), column(0)))
    after = session.state
    assert after.columns[0] == (state.columns[0][0],) and after.hidden[0] == 0  # 9♦ turned up
    home = [pile for pile in after.foundations if pile]
    assert len(home) == 1 and home[0][0].code == "AS" and home[0][-1].code == "KS"
    assert sum(len(p) for p in after.foundations) == 13
    session.undo()
    assert session.state == state


def test_undo_takes_back_a_deal_exactly() -> None:
    session = Session(find_variant("spider-2"), 9)
    before = session.state
    session.play(session.rules.stock_move(before))
    assert session.state != before
    session.undo()
    assert session.state == before


def test_a_deal_can_complete_a_run() -> None:
    rules = rules_of("spider-1")
    run = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
    state = board("spider-1", [run, "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS"], stock="AS")
    after = rules.apply(state, rules.stock_move(state))
    assert after.columns[0] == () and sum(1 for pile in after.foundations if pile) == 1


def test_an_illegal_move_names_its_reason_and_changes_nothing() -> None:
    rules = rules_of("spider")
    state = rules.deal(11)
    for move, words in (
        (Move(FOUNDATION, column(1)), "stays"),
        (Move(column(0), column(0)), "already there"),
        (Move(column(0), column(1), 3), "face down"),
        (Move(column(0), FOUNDATION), "whole run"),
        (Move(STOCK, column(3), 10), "at once"),
        (Move.parse("1a"), "no free cells"),
    ):
        with pytest.raises(IllegalMove, match=words):
            rules.apply(state, move)
    assert rules.deal(11) == state


def test_the_game_is_won_when_eight_runs_are_home() -> None:
    rules = rules_of("spider-1")
    run = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
    state = board("spider-1", [run, "AS", *[""] * 8], home=7)
    assert not rules.is_won(state)
    won = rules.apply(state, Move(column(1), column(0)))
    assert rules.is_won(won) and all(len(pile) == 13 for pile in won.foundations)


# -- perft: move counts of deal 1, generated here independently of `legal_moves` ---------------------


def every_move(rules: Rules, state: State) -> list[Move]:
    """Each move the written rules allow, found by trying every source, destination and count against
    the rules as this test states them (not `legal_moves`): a face-up run of one suit, descending, onto
    a card one rank above its head or into an empty column; the deal when no column is empty."""
    found = []
    columns = state.columns
    for i, pile in enumerate(columns):
        for count in range(1, len(pile) - state.hidden[i] + 1):
            run = pile[-count:]
            if any(b.suit != a.suit or b.rank != a.rank - 1 for a, b in zip(run, run[1:])):
                break
            for j, target in enumerate(columns):
                if j != i and (not target or target[-1].rank == run[0].rank + 1):
                    found.append(Move(column(i), column(j), count))
    if state.stock and (rules.variant.params.relaxed or all(columns)):
        found.append(Move(STOCK, column(0), min(10, len(state.stock))))
    return found


def perft(rules: Rules, state: State, depth: int, moves) -> int:
    if depth == 0:
        return 1
    return sum(perft(rules, rules.perform(state, move), depth - 1, moves) for move in moves(rules, state))


PERFT = {"spider": [6, 37, 251], "spider-2": [6, 37, 253], "spider-1": [6, 37, 261]}  # deal 1, depths 1-3


@pytest.mark.parametrize("game", GAMES)
def test_perft_of_deal_1(game: str) -> None:
    rules = rules_of(game)
    state = rules.deal(1)
    independent = [perft(rules, state, depth, every_move) for depth in (1, 2, 3)]
    generated = [perft(rules, state, depth, lambda r, s: list(r.legal_moves(s))) for depth in (1, 2, 3)]
    assert independent == generated == PERFT[game]


def test_legal_moves_are_the_rules_own_and_one_empty_column_stands_for_all_without_a_stock() -> None:
    rules = rules_of("spider")
    state = board("spider", ["", "", "9H 8S", "9S", "7D", "KC", "KC", "KD", "KD", "KH"])
    with_stock = set(rules.legal_moves(state))
    assert with_stock == set(every_move(rules, state))
    for move in with_stock:
        rules.check(state, move)
    no_stock = State(state.columns, state.cells, state.foundations, state.hidden, (), ())
    moves = list(rules.legal_moves(no_stock))
    assert {m.dst for m in moves if not no_stock.columns[m.dst.index]} == {column(0)}
    assert Move(column(3), column(0)) not in moves  # 9♠ alone: the same position with columns swapped


# -- board text --------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_board_text_round_trip(game: str) -> None:
    rules = rules_of(game)
    state = rules.deal(21)
    for move in rules.legal_moves(state):
        state = rules.perform(state, move)  # a few moves in, with a deal
    text = rules.to_text(state)
    assert "Waste" not in text and text.startswith("Foundations: - - - - - - - -\nStock: ")
    again = rules.from_text(text)
    assert rules.to_text(again) == text
    assert [[(c.rank, c.suit) for c in p] for p in again.columns] == [[(c.rank, c.suit) for c in p] for p in state.columns]
    assert again.hidden == state.hidden and len(set(again.cards())) == 104


def test_the_board_reader_refuses_what_spider_cannot_show() -> None:
    rules = rules_of("spider")
    text = rules.to_text(rules.deal(2))
    with pytest.raises(BoardError, match="given too often"):
        rules.from_text(text.replace("\n: ", "\n: AH AH AH ", 1))
    with pytest.raises(BoardError, match="must be face up"):
        board("spider", ["[5H]", *["QS"] * 2, *[""] * 7])
    foundations, stock, *columns = text.splitlines()
    first, *others = stock.split()[1:]
    with pytest.raises(BoardError, match="Spider has no waste"):
        rules.from_text("\n".join([foundations, " ".join(["Stock:", *others]), f"Waste: {first}", *columns]))


# -- the table in the window -------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_the_layout_holds_ten_columns_the_stock_and_eight_foundations(size: tuple[int, int]) -> None:
    variant = find_variant("spider")
    layout = compute_layout(*size, variant)
    piles = [pile for pile, _rect in layout.slots]
    assert piles[0] == STOCK and [p.index for p in piles[1:]] == list(range(8))
    rects = [rect for _pile, rect in layout.slots] + list(layout.column_tops)
    assert all(layout.toolbar.bottom <= r.top and r.right <= size[0] and r.left >= 0 for r in rects)
    assert all(a.right < b.left for a, b in zip(layout.column_tops, layout.column_tops[1:]))
    for a in rects:
        assert sum(1 for b in rects if a.colliderect(b)) == 1  # no pile overlaps another
    cards, hidden = variant.table.longest_column
    last = layout.card_rects(column(0), cards, hidden)[-1]
    assert last.bottom <= layout.column_bottom  # the longest column fits, compressed
    assert layout.tightest_strip >= 10  # and each face-up card still shows its index


def test_cards_are_told_apart_by_copy() -> None:
    state = rules_of("spider-1").deal(1)
    aces = [c for c in state.cards() if c.rank == 1]
    assert len(aces) == 8 and {c.copy for c in aces} == set(range(8)) and {c.suit for c in aces} == {Suit.SPADES}
    assert Card.of(1, Suit.SPADES, 3) in aces
