"""Klondike's rules, one test per rule and per message a player can read."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.cards import Card, Suit, full_deck
from game.families.klondike import DRAW, FOUNDATION_RETURN, KLONDIKE, KlondikeParams, member
from game.moves import FOUNDATION, STOCK, WASTE, Move, Pile, PileKind, cell, column
from game.rules import IllegalMove, Rules, revealed
from game.session import Session
from game.state import BoardError, State
from game.variant import ANY_CARD, SAME_SUIT
from game.variants import UnknownGame, find_variant, rules_for, with_option

ROOT = Path(__file__).resolve().parent.parent
DRAW1 = rules_for(find_variant("klondike"))
DRAW3 = rules_for(find_variant("klondike3"))
EMPTY_FOUNDATIONS = "H-0 C-0 D-0 S-0"


def position(
    *columns: str,
    foundations: str = EMPTY_FOUNDATIONS,
    waste: str = "",
    stock: str | None = None,
    rules: Rules = DRAW1,
) -> State:
    """A board from text; seven columns (missing ones empty); unnamed cards go to the stock."""
    lines = [f": {text}" for text in columns] + [":"] * (7 - len(columns))
    head = f"Foundations: {foundations}\nWaste: {waste}\n" + "\n".join(lines) + "\n"
    if stock is None:
        partial = State.from_text(head, cells=0, columns=7, stock_pile=True, full_deck_required=False)
        used = set(partial.cards())
        stock = " ".join(card.code for card in full_deck() if card not in used)
    return rules.from_text(head + f"Stock: {stock}\n")


def refused(state: State, move: Move, rules: Rules = DRAW1) -> str:
    with pytest.raises(IllegalMove) as caught:
        rules.check(state, move)
    return str(caught.value)


def c(code: str) -> Card:
    return Card.parse(code)


# -- the deal ---------------------------------------------------------------------------------------


def test_deal_has_seven_piles_with_one_face_up_card_each_and_24_in_the_stock() -> None:
    state = DRAW1.deal(5)
    assert [len(pile) for pile in state.columns] == [1, 2, 3, 4, 5, 6, 7]
    assert state.hidden == (0, 1, 2, 3, 4, 5, 6)
    assert len(state.stock) == 24 and state.waste == ()
    assert state.foundations == ((), (), (), ()) and state.cells == ()
    assert sorted(state.cards()) == sorted(full_deck())


def test_deal_5_is_the_same_on_every_machine() -> None:
    state = DRAW1.deal(5)
    assert [pile[-1].code for pile in state.columns] == ["7C", "QC", "3C", "9S", "TC", "7H", "2H"]
    assert [card.code for card in state.stock[-3:]] == ["TS", "7D", "JC"]  # JC is turned first


def test_draw_three_deals_the_same_layout_and_other_numbers_differ() -> None:
    assert DRAW3.deal(5) == DRAW1.deal(5)
    assert DRAW1.deal(5) != DRAW1.deal(6)


def test_board_text_tells_stock_and_face_down_cards_apart_and_reads_back() -> None:
    state = DRAW1.deal(5)
    text = DRAW1.to_text(state)
    lines = text.splitlines()
    assert lines[0] == "Foundations: H-0 C-0 D-0 S-0"
    assert lines[1].startswith("Stock: ") and lines[1].endswith(" JC") and "[" not in lines[1]
    assert lines[2] == "Waste:"
    assert lines[4] == ": [8C] QC"
    assert DRAW1.from_text(text) == state


def test_board_text_refuses_a_face_down_top_card() -> None:
    text = DRAW1.to_text(DRAW1.deal(5)).replace(": [8C] QC", ": [8C] [QC]")
    with pytest.raises(BoardError, match="column 2: its top card QC must be face up"):
        DRAW1.from_text(text)


# -- the stock --------------------------------------------------------------------------------------


def test_draw_one_turns_the_top_card_onto_the_waste() -> None:
    state = DRAW1.deal(5)
    move = DRAW1.stock_move(state)
    assert move == Move(STOCK, WASTE, 1)
    after = DRAW1.apply(state, move)
    assert after.waste == (c("JC"),) and after.stock == state.stock[:-1]


def test_draw_three_turns_three_cards_one_at_a_time_so_their_order_reverses() -> None:
    state = DRAW3.deal(5)
    move = DRAW3.stock_move(state)
    assert move == Move(STOCK, WASTE, 3) and move.notation == "swv3"
    after = DRAW3.apply(state, move)
    assert [card.code for card in after.waste] == ["JC", "7D", "TS"]  # TS on top, playable
    assert after.stock == state.stock[:-3]
    assert DRAW3.expand(state, move) == [Move(STOCK, WASTE)] * 3
    stepped = state
    for step in DRAW3.expand(state, move):
        stepped = DRAW3.perform(stepped, step)
    assert stepped == after  # the view animates the single turns and lands on the same position


def test_draw_three_turns_what_is_left_when_fewer_than_three_remain() -> None:
    state = position("KS", foundations="H-K C-K D-K S-T", stock="JS QS", rules=DRAW3)
    assert DRAW3.stock_move(state) == Move(STOCK, WASTE, 2)
    assert refused(state, Move(STOCK, WASTE, 3), DRAW3) == (
        "turning the stock moves 2 cards here, not 3 (the move is swv2)"
    )


def test_a_turn_of_the_wrong_size_is_refused_with_the_right_move() -> None:
    assert refused(DRAW3.deal(5), Move(STOCK, WASTE, 1), DRAW3) == (
        "turning the stock moves 3 cards here, not 1 (the move is swv3)"
    )
    assert refused(DRAW1.deal(5), Move(STOCK, WASTE, 3)).startswith("turning the stock moves 1 card here")


def test_the_waste_turns_back_over_when_the_stock_is_empty_and_the_order_repeats() -> None:
    start = DRAW3.deal(5)
    state = start
    while state.stock:
        state = DRAW3.apply(state, DRAW3.stock_move(state))
    recycle = DRAW3.stock_move(state)
    assert recycle == Move(WASTE, STOCK, 24) and recycle.notation == "wsv24"
    again = DRAW3.apply(state, recycle)
    assert again.stock == start.stock and again.waste == ()
    assert DRAW3.expand(state, recycle) == [recycle]


def test_the_waste_cannot_turn_over_while_the_stock_has_cards() -> None:
    state = DRAW1.apply(DRAW1.deal(5), Move(STOCK, WASTE))
    assert refused(state, Move(WASTE, STOCK, 1)) == "the stock still has 23 cards: turn the waste over when it is empty"


def test_an_empty_stock_says_so() -> None:
    state = position("KS", foundations="H-K C-K D-K S-J", waste="QS", stock="")
    assert refused(state, Move(STOCK, WASTE)) == "the stock is empty: turn the waste back over first"
    bare = position("KS", foundations="H-K C-K D-K S-Q", stock="")
    assert refused(bare, Move(STOCK, WASTE)) == "the stock is empty, and so is the waste"
    assert refused(bare, Move(WASTE, STOCK)) == "the waste is empty, so there is nothing to turn over"
    assert DRAW1.stock_move(bare) is None


def test_stock_and_waste_only_trade_with_each_other() -> None:
    state = DRAW1.apply(DRAW1.deal(5), Move(STOCK, WASTE))
    assert refused(state, Move(STOCK, column(0))) == (
        "the stock's cards are face down: turn them onto the waste first"
    )
    assert refused(state, Move(column(0), WASTE)) == "only cards turned from the stock go to the waste"
    assert refused(state, Move(column(0), STOCK)) == "only the waste can be turned back over into the stock"


# -- building in the columns ------------------------------------------------------------------------


def test_columns_build_down_in_alternating_colours() -> None:
    state = position("[2C] 9H", "8C", "TH", "8H", "9S")
    assert DRAW1.apply(state, Move(column(1), column(0))).columns[0] == (c("2C"), c("9H"), c("8C"))
    assert refused(state, Move(column(1), column(2))) == "8♣ can't go on 10♥: columns build down by one rank"
    assert refused(state, Move(column(3), column(0))) == "8♥ can't go on 9♥: columns build down in alternating colours"


def test_any_face_up_run_moves_together() -> None:
    state = position("[3D] TH 9S 8H", "JS")
    after = DRAW1.apply(state, Move(column(0), column(1), 3))
    assert after.columns[1] == (c("JS"), c("TH"), c("9S"), c("8H"))
    assert after.hidden[0] == 0 and after.columns[0] == (c("3D"),)  # uncovered and turned up


def test_a_face_down_card_cannot_be_moved() -> None:
    state = position("[5D] [2S] 9S 8H", "TD")
    assert refused(state, Move(column(0), column(1), 3)) == "2♠ is face down"
    assert str(DRAW1.lift_reason(state, column(0), 4)) == "5♦ is face down"
    assert DRAW1.lift_reason(state, column(0), 2) is None


def test_cards_that_are_not_a_run_do_not_move_together() -> None:
    state = position("TH 9S 8S", "JS")
    assert refused(state, Move(column(0), column(1), 3)) == (
        "those 3 cards are not a run: 8♠ on 9♠ breaks it (columns build down in alternating colours)"
    )


def test_only_a_king_or_a_run_headed_by_one_fills_an_empty_pile() -> None:
    state = position("[2C] KH QS", "[3C] 7H")
    assert DRAW1.apply(state, Move(column(0), column(5), 2)).columns[5] == (c("KH"), c("QS"))
    assert refused(state, Move(column(1), column(5))) == "only a King can fill an empty column, not 7♥"
    assert refused(state, Move(column(0), column(5))) == "only a King can fill an empty column, not Q♠"


def test_columns_that_do_not_exist_or_are_empty_are_named() -> None:
    state = position("KS")
    assert refused(state, Move(column(3), column(0))) == "column 4 is empty"
    assert refused(state, Move(column(0), column(7))) == "there is no column 8 (there are 7 columns)"
    assert refused(state, Move(column(0), column(0))) == "the cards are already there"
    assert refused(state, Move(column(0), column(1), 2)) == "column 1 has only 1 card"
    assert refused(state, Move(column(0), cell(0))) == "Klondike has no free cells"
    assert refused(state, Move(column(0), column(1), 0)) == "a move takes at least one card, not 0"


# -- uncovering a face-down card --------------------------------------------------------------------


def test_uncovering_turns_the_card_face_up_and_revealed_names_it() -> None:
    state = position("[AH] [5D] 9S", "TD")
    after = DRAW1.apply(state, Move(column(0), column(1)))
    assert after.hidden[0] == 1 and after.face_up(0) == (c("5D"),)
    assert revealed(state, after) == [(0, c("5D"))]
    assert revealed(after, state) == []  # nothing turns up going backwards
    assert revealed(state, DRAW1.apply(state, Move(STOCK, WASTE))) == []


def test_undo_turns_the_uncovered_card_back_down() -> None:
    start = position("[AH] [5D] 9S", "TD")
    session = Session(find_variant("klondike"), 1, autoplay=False, start=start)
    applied = session.play(Move(column(0), column(1)))
    assert revealed(applied[0].before, applied[0].after) == [(0, c("5D"))]
    undone = session.state
    assert session.undo() == start and session.state.hidden[0] == 2
    assert revealed(session.state, undone) == [(0, c("5D"))]  # the card the undo turns back down


# -- foundations ------------------------------------------------------------------------------------


def test_foundations_build_up_by_suit_from_the_ace() -> None:
    state = position("[4C] AH", "3H", waste="2H")
    after = DRAW1.apply(state, Move(column(0), FOUNDATION))
    assert after.foundations[Suit.HEARTS] == (c("AH"),) and after.hidden[0] == 0
    after = DRAW1.apply(after, Move(WASTE, FOUNDATION))
    assert after.foundations[Suit.HEARTS] == (c("AH"), c("2H"))
    assert refused(state, Move(column(1), FOUNDATION)) == "3♥ can't go home: the foundation needs A♥ first"
    assert refused(state, Move(WASTE, FOUNDATION)) == "2♥ can't go home: the foundation needs A♥ first"


def test_foundation_destination_slot_is_ignored_and_runs_do_not_go_home() -> None:
    state = position("KS AH")
    assert DRAW1.apply(state, Move(column(0), Pile(PileKind.FOUNDATION, 3))).foundations[Suit.HEARTS] == (c("AH"),)
    assert refused(position("2H AH"), Move(column(0), FOUNDATION, 2)).startswith("those 2 cards are not a run")
    assert refused(position("KS QH"), Move(column(0), FOUNDATION, 2)) == "cards go to the foundation one at a time"


def test_a_card_can_come_back_down_from_a_foundation() -> None:
    state = position("6S", foundations="H-5 C-0 D-0 S-0")
    move = Move(Pile(PileKind.FOUNDATION, Suit.HEARTS), column(0))
    assert move in list(DRAW1.legal_moves(state))
    after = DRAW1.apply(state, move)
    assert after.columns[0] == (c("6S"), c("5H")) and len(after.foundations[Suit.HEARTS]) == 4
    assert refused(state, Move(Pile(PileKind.FOUNDATION, Suit.CLUBS), column(0))) == "the ♣ foundation is empty"
    assert refused(state, Move(Pile(PileKind.FOUNDATION, Suit.HEARTS), FOUNDATION)) == (
        "a card on a foundation can only come back down to a column"
    )
    assert refused(state, Move(Pile(PileKind.FOUNDATION, Suit.HEARTS), column(0), 2)) == (
        "cards come back from a foundation one at a time"
    )


NO_RETURN = rules_for(find_variant("klondike-nfr"))


def test_with_no_foundation_return_a_card_stays_home_and_the_reason_says_so() -> None:
    state = position("6S", foundations="H-5 C-0 D-0 S-0", rules=NO_RETURN)  # type: ignore[arg-type]
    move = Move(Pile(PileKind.FOUNDATION, Suit.HEARTS), column(0))
    assert move not in list(NO_RETURN.legal_moves(state))
    with pytest.raises(IllegalMove, match="^cards on the foundation stay there$"):
        NO_RETURN.apply(state, move)
    assert "never comes back down" in NO_RETURN.variant.description


def test_no_foundation_return_is_an_alias_and_an_option_of_either_draw() -> None:
    assert find_variant("klondike3-nfr").params.draw == 3 and not find_variant("klondike3-nfr").params.foundation_return
    assert with_option(find_variant("klondike"), FOUNDATION_RETURN, False) == find_variant("klondike-nfr")
    assert with_option(find_variant("klondike-nfr"), DRAW, 3) == find_variant("klondike3-nfr")  # --draw keeps the rule
    assert find_variant("klondike").params.foundation_return and find_variant("klondike3").params.foundation_return
    with pytest.raises(UnknownGame, match="is for Klondike, not FreeCell"):
        with_option(find_variant("freecell"), FOUNDATION_RETURN, False)
    shown = subprocess.run(
        [sys.executable, "main.py", "solve", "--game", "klondike", "--draw", "3", "--no-foundation-return", "--deal", "3",
         "--max-positions", "1"],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )
    assert shown.returncode in (0, 1, 3), shown.stderr
    refused_game = subprocess.run(
        [sys.executable, "main.py", "solve", "--game", "golf", "--no-foundation-return", "--deal", "3"],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )
    refusal = "--no-foundation-return is for Klondike, not Golf; see solitaire solve --help"
    assert (refused_game.returncode, refused_game.stderr) == (2, f"solitaire: {refusal}\n")


def test_only_the_top_of_the_waste_plays() -> None:
    state = position("KS", waste="2C QH")
    assert DRAW1.apply(state, Move(WASTE, column(0))).columns[0] == (c("KS"), c("QH"))
    assert refused(state, Move(WASTE, column(0), 2)) == "only the top card of the waste can be played"
    assert refused(DRAW1.deal(5), Move(WASTE, column(0))) == "the waste is empty"


# -- legal moves --------------------------------------------------------------------------------------


def test_legal_moves_include_turning_and_recycling_the_stock() -> None:
    assert Move(STOCK, WASTE) in list(DRAW1.legal_moves(DRAW1.deal(5)))
    emptied = position("KS", foundations="H-K C-K D-J S-Q", waste="KD QD", stock="")
    assert list(DRAW1.legal_moves(emptied))[-1] == Move(WASTE, STOCK, 2)


def test_every_legal_move_passes_check_and_every_checked_move_is_listed() -> None:
    state = position("[2C] 9H", "8C", "[3C] [AD] KH QS", "8S", "[4S] 7D", waste="7C 6D", foundations="H-2 C-0 D-0 S-0")
    listed = set(DRAW1.legal_moves(state))
    sources = [column(i) for i in range(7)] + [WASTE, STOCK] + [Pile(PileKind.FOUNDATION, s) for s in Suit]
    targets = [column(i) for i in range(7)] + [FOUNDATION, WASTE, STOCK]
    first_empty = column(5)
    allowed = set()
    for src in sources:
        for dst in targets:
            for count in range(1, 25):
                move = Move(src, dst, count)
                try:
                    DRAW1.check(state, move)
                except IllegalMove:
                    continue
                if dst.kind is PileKind.COLUMN and not state.columns[dst.index]:
                    move = Move(src, first_empty, count)  # empty columns are interchangeable
                allowed.add(move)
    assert listed == allowed
    assert Move(column(2), column(5), 2) in listed and Move(column(0), column(3)) not in listed


def test_a_king_alone_in_its_column_is_not_offered_an_empty_column() -> None:
    state = position("KS", "[2C] KH")
    moves = list(DRAW1.legal_moves(state))
    assert Move(column(1), column(2)) in moves
    assert all(move.src != column(0) for move in moves)


# -- auto-play, finishing, winning and losing ---------------------------------------------------------


def test_aces_and_twos_go_home_by_themselves() -> None:
    state = position("[3C] 2H", "QS", waste="AH")
    assert DRAW1.safe_autoplay(state) == Move(WASTE, FOUNDATION)
    after = DRAW1.perform(state, Move(WASTE, FOUNDATION))
    assert DRAW1.safe_autoplay(after) == Move(column(0), FOUNDATION)


def test_a_card_stays_out_while_an_opposite_colour_card_one_lower_might_need_it() -> None:
    waiting = position("3H", foundations="H-2 C-1 D-0 S-2")  # 2♣ is out and could go on 3♥
    assert DRAW1.safe_autoplay(waiting) is None
    free = position("3H", foundations="H-2 C-2 D-0 S-2")
    assert DRAW1.safe_autoplay(free) == Move(column(0), FOUNDATION)


def test_the_session_sends_an_ace_home_after_a_stock_turn() -> None:
    rest = " ".join(card.code for card in full_deck() if card.code not in ("KS", "AD"))
    start = position("KS", stock=rest + " AD")  # AD is the stock's top card
    session = Session(find_variant("klondike"), 1, start=start)
    applied = session.play(Move(STOCK, WASTE))
    assert [entry.move for entry in applied] == [Move(STOCK, WASTE), Move(WASTE, FOUNDATION)]
    assert applied[1].automatic and session.state.foundations[Suit.DIAMONDS] == (c("AD"),)
    session.undo()  # the turn and the card auto-play sent home after it
    assert session.state == start and not session.can_undo


def test_auto_finish_when_every_card_is_face_up_and_the_stock_is_empty() -> None:
    state = position("KH QS", "KS QH", "KD QC", "KC QD", foundations="H-J C-J D-J S-J", stock="")
    moves = DRAW1.auto_finish(state)
    assert moves is not None and len(moves) == 8
    assert all(move.dst == FOUNDATION for move in moves)
    assert [m.src for m in moves[:4]] == [column(0), column(1), column(2), column(3)]  # Queens first
    assert DRAW1.can_auto_finish(state)
    for move in moves:
        state = DRAW1.apply(state, move)
    assert DRAW1.is_won(state) and DRAW1.auto_finish(state) == [] and not DRAW1.can_auto_finish(state)


def test_a_session_with_auto_play_finishes_by_playing_the_first_move_and_asking_again() -> None:
    start = position("KH QS", "KS QH", "KD QC", "KC QD", foundations="H-J C-J D-J S-J", stock="")
    session = Session(find_variant("klondike"), 1, start=start)  # auto-play on
    while moves := session.rules.auto_finish(session.state):
        session.play(moves[0])
    assert session.is_won and session.move_count == 1 and len(session.actions) == 8  # the rest was auto-play
    while session.can_undo:
        session.undo()
    assert session.state == start


def test_no_auto_finish_while_cards_are_face_down_or_in_the_stock_or_stuck_in_the_waste() -> None:
    assert DRAW1.auto_finish(DRAW1.deal(5)) is None
    hidden = position("[KH] QS", "KS QH", "KD QC", "KC QD", foundations="H-J C-J D-J S-J", stock="")
    assert DRAW1.auto_finish(hidden) is None
    in_stock = position("QS", "KS QH", "KD QC", "KC QD", foundations="H-J C-J D-J S-J", stock="KH")
    assert DRAW1.auto_finish(in_stock) is None
    buried = position("KH", foundations="H-9 C-K D-K S-K", waste="JH QH TH", stock="")
    assert DRAW1.auto_finish(buried) is None and not DRAW1.can_auto_finish(buried)
    playable = position("KH", foundations="H-9 C-K D-K S-K", waste="QH JH TH", stock="")
    assert DRAW1.auto_finish(playable) == [Move(WASTE, FOUNDATION)] * 3 + [Move(column(0), FOUNDATION)]


def test_won_means_all_52_cards_on_the_foundations() -> None:
    won = DRAW1.from_text("Foundations: H-K C-K D-K S-K\n" + ":\n" * 7)
    assert DRAW1.is_won(won) and not DRAW1.is_lost(won) and DRAW1.lost_reason(won) is None
    assert not DRAW1.is_won(position("KS", foundations="H-K C-K D-K S-Q", stock=""))


STUCK_COLUMNS = ("[AH] [AD] [AS] KH", "[AC] [QS] KD", "[QC] 5H", "[4S] 5D", "[4C] [8S] 9H", "[8C] 9D", "[6S] [6C] 7H")


def test_lost_when_nothing_can_move_on_any_pass_through_the_stock() -> None:
    stuck = position(*STUCK_COLUMNS)
    assert DRAW1.is_lost(stuck) and DRAW3.is_lost(stuck)
    assert str(DRAW1.lost_reason(stuck)) == "no card can move, and no card in the stock or waste fits anywhere on any pass"
    session = Session(find_variant("klondike"), 1, start=stuck)
    assert session.is_lost


def test_not_lost_while_a_card_deep_in_the_stock_can_still_be_played() -> None:
    columns = list(STUCK_COLUMNS)
    columns[4] = "[4C] 9H"  # 8♠ now waits in the stock and fits on 9♥ / 9♦
    state = position(*columns)
    assert [card.code for card in state.stock[-5:]] == ["8S", "9S", "TS", "JS", "KS"]  # fifth from the top
    assert not DRAW1.is_lost(state) and DRAW1.lost_reason(state) is None
    # Turning three at a time, the fifth card is always covered by the sixth: every pass
    # shows the same cards, so in draw 3 the game is over.
    assert DRAW3.is_lost(state)


# -- variants and the command line -------------------------------------------------------------------


def test_klondike_variants_are_found_by_aliases_and_draw() -> None:
    assert find_variant("klondike").params.draw == 1 and find_variant("Klondike").family is KLONDIKE
    for alias in ("klondike3", "klondike-draw3", "Klondike (draw 3)"):
        assert find_variant(alias).params.draw == 3
    assert with_option(find_variant("klondike"), DRAW, 3) is find_variant("klondike3")
    assert with_option(find_variant("klondike3"), DRAW, 1) is find_variant("klondike")
    with pytest.raises(UnknownGame, match="--draw is for Klondike, not Golf"):
        with_option(find_variant("golf"), DRAW, 3)


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True)


def test_cli_show_prints_a_klondike_deal() -> None:
    result = run_cli("show", "--game", "klondike", "--deal", "5")
    assert result.returncode == 0, result.stderr
    assert result.stdout == DRAW1.to_text(DRAW1.deal(5))
    assert ": [2D] [AC] [4D] [2C] [4S] [5S] 2H" in result.stdout


def test_cli_draw_option_and_its_errors() -> None:
    assert run_cli("show", "--game", "klondike", "--deal", "5", "--draw", "3").stdout == DRAW3.to_text(DRAW3.deal(5))
    wrong_game = run_cli("show", "--game", "golf", "--deal", "5", "--draw", "3")
    assert wrong_game.returncode == 2
    assert wrong_game.stderr == "solitaire: --draw is for Klondike, not Golf; see solitaire show --help\n"
    bad = run_cli("show", "--game", "klondike", "--deal", "5", "--draw", "2")
    assert bad.returncode == 2 and "invalid choice: 2" in bad.stderr and len(bad.stderr.splitlines()) == 1


def test_cli_games_lists_klondike_and_golf() -> None:
    out = run_cli("games").stdout
    assert re.search(r"^klondike-draw3 +Klondike \(draw 3\)  \(also: klondike3", out, re.MULTILINE)
    assert "golf-strict" in out and "golf-relaxed" in out


# -- a game declared as data plays as declared -----------------------------------------------------


def test_a_klondike_declared_by_suit_with_any_card_into_empty_piles_plays_as_declared() -> None:
    """The columns' rules are the declared parameters, not Klondike's usual ones written into its code."""
    declared = member("klondike-by-suit", "Klondike by suit", (), KlondikeParams(build=SAME_SUIT, empty_column=ANY_CARD))
    by_suit = rules_for(declared)
    state = position("8S", "9C 7H", "7S", "", rules=by_suit)
    assert "by suit" in refused(state, Move(column(1), column(0)), by_suit)  # a red 7 no longer goes on a black 8
    assert by_suit.apply(state, Move(column(2), column(0))).columns[0] == (c("8S"), c("7S"))
    assert by_suit.apply(state, Move(column(1), column(3))).columns[3] == (c("7H"),)  # any card fills an empty pile
    legal = set(by_suit.legal_moves(state))
    assert Move(column(2), column(0)) in legal and Move(column(1), column(3)) in legal
    assert Move(column(1), column(0)) not in legal
    ordinary = position("8S", "9C 7H", "7S", "")
    assert DRAW1.apply(ordinary, Move(column(1), column(0))).columns[0] == (c("8S"), c("7H"))
    assert "King" in refused(ordinary, Move(column(1), column(3)))
