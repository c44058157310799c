"""The terminal game: each command language's moves and messages, the end of a game, a fresh deal.

Whole games won in each language are in test_console_games.py, the wording of messages in
test_console_messages.py.

Scripts are fed through `io.StringIO` exactly as a player's lines would be; each test asserts the
moves the session really made, so a language that read a move wrongly fails here.
"""
from __future__ import annotations

import io

import pytest

from game.cards import Card, Suit, full_deck
from game.moves import FOUNDATION, STOCK, WASTE, Move, Pile, PileKind, cell, column
from game.session import Session
from game.state import State
from game.variants import find_variant
from solitaire.console import Console, HintUnavailable
from solitaire.console.commands import Action, CommandError, interpret
from solitaire.store import Store

# FreeCell deal 617, columns bottom to top (tops: J♦ K♠ K♣ 4♥ J♣ 6♣ J♥ Q♥):
# 1: 7♦ 10♦ 10♥ K♦ 4♣ 4♠ J♦    5: 5♠ 6♦ 6♠ 8♠ 7♣ J♣
# 2: A♦ 7♠ Q♣ 5♥ Q♠ 10♠ K♠    6: 8♣ 8♥ 8♦ 7♥ 6♥ 6♣
# 3: 5♣ Q♦ 3♥ 9♠ 9♣ 2♥ K♣     7: 2♦ A♠ 3♦ 4♦ 2♣ J♥
# 4: 3♠ A♣ 9♦ 3♣ 9♥ 5♦ 4♥     8: A♥ K♥ 10♣ J♠ 2♠ Q♥


def session(game: str = "freecell", deal: int = 617, start: State | None = None, autoplay: bool = False) -> Session:
    return Session(find_variant(game), deal, autoplay=autoplay, start=start)


def no_hint(_: Session) -> Move:
    raise HintUnavailable("hint is not available yet")


def drive(game_session: Session, script: str, **options: object) -> tuple[Console, str, int]:
    out = io.StringIO()
    console = Console(game_session, out, new_deal=lambda: 42, hint=no_hint, **options)  # type: ignore[arg-type]
    code = console.run(io.StringIO(script))
    return console, out.getvalue(), code


def plain(text: str) -> str:
    """Without colour the console draws red suits as outlines (♡ ♢); messages here use the solid ones."""
    return text.replace("♡", "♥").replace("♢", "♦")


def errors(output: str) -> list[str]:
    return [plain(line.split("Error: ", 1)[1]) for line in output.splitlines() if "Error: " in line]


# -- FreeCell family: the four languages --------------------------------------------------------------


def test_bakers_language_tc_tf_tt_cf_ct() -> None:
    script = "TC 1 1\ntt 5 8\nTt 8 2\nct 1 9\nCF 1 2\ntf 1\nTF 1 x\nct 1 2\nq\n"
    console, output, code = drive(session(), script)
    assert code == 0
    assert console.session.actions == [Move(column(0), cell(0)), Move(column(4), column(7)), Move(column(7), column(1), 2)]
    assert errors(output) == [
        "tableau 9 is out of range (1-8)",
        "illegal move: J♦ can't go home: the foundation needs A♦ first",
        "TF takes 2 numbers, a tableau and a foundation (TF x y); got 1",
        "foundation 'x' is not a number",
        "illegal move: J♦ can't go on J♣: columns build down by one rank",
    ]
    assert output.rstrip().endswith("Goodbye.")


def test_one_card_language_t2c_t2t_c2t_c2f_t2f() -> None:
    script = "t2c 5 1\nc2t 1 8\nt2t 8 2\nc2f 2 1\nt2f 4 1\nT2F 4 5\nc2t 1\nq\n"
    console, output, _ = drive(session(), script)
    # t2t moves exactly one card, as in the one-card program: J♣ alone cannot go on K♠
    assert console.session.actions == [Move(column(4), cell(0)), Move(cell(0), column(7))]
    assert errors(output) == [
        "illegal move: J♣ can't go on K♠: columns build down by one rank",
        "illegal move: cell 2 is empty",
        "illegal move: 4♥ can't go home: the foundation needs A♥ first",
        "foundation 5 is out of range (1-4)",
        "c2t takes 2 numbers, a cell and a tableau (c2t C T); got 1",
    ]


def test_standard_notation_with_supermove_count() -> None:
    script = "1a\n58\n82v3\n82v2\nb1\n0a\nq\n"
    console, output, _ = drive(session(), script)
    assert console.session.actions == [Move(column(0), cell(0)), Move(column(4), column(7)), Move(column(7), column(1), 2)]
    assert errors(output)[0] == "illegal move: those 3 cards are not a run: Q♥ on 2♠ breaks it (columns build down by one rank)"
    assert errors(output)[1] == "illegal move: cell 2 is empty"
    assert errors(output)[2] == "illegal move: there is no column 10 (there are 8 columns)"


def test_card_names_onto_a_card_a_free_cell_home_and_a_supermove() -> None:
    script = "jd f\njc QH\nqh ks\n6c h\n4h 5c\nzz h\nq\n"
    console, output, _ = drive(session(), script)
    # naming Q♥ under J♣ moves both: a supermove of 2
    assert console.session.actions == [Move(column(0), cell(0)), Move(column(4), column(7)), Move(column(7), column(1), 2)]
    assert errors(output) == [
        "illegal move: 6♣ can't go home: the foundation needs A♣ first",
        "5♣ is covered by 6 cards: put cards only on a top card",
        "unknown command 'zz' (type h for help)",
    ]


def test_every_freecell_language_means_the_same_move() -> None:
    game = session()
    same = ["TC 1 3", "t2c 1 3", "1c", "tc 1 3"]
    assert {interpret(text, game.state, game.rules) for text in same} == {Move(column(0), cell(2))}
    to_run = ["tt 5 8", "t2t 5 8", "58", "jc qh", "JC QH", "j♣ q♥", "jc q♡"]
    assert {interpret(text, game.state, game.rules) for text in to_run} == {Move(column(4), column(7))}


def test_foundation_number_may_be_any_of_1_to_4() -> None:
    # the card goes to its own suit's pile whatever number is typed, as in the classic game
    cards = {c: Card.parse(c) for c in ("AS", "2S", "KH")}
    columns = ((cards["2S"], cards["AS"]), (cards["KH"],), (), (), (), (), (), ())
    start = State(columns, (None,) * 4, ((), (), (), ()), (0,) * 8)
    game = session(start=start)
    for y in "1234":
        assert interpret(f"tf 1 {y}", game.state, game.rules) == Move(column(0), FOUNDATION)
    with pytest.raises(CommandError, match=r"foundation 0 is out of range \(1-4\)"):
        interpret("tf 1 0", game.state, game.rules)


def test_eight_off_cells_and_empty_column_by_c() -> None:
    game = session("eight-off", 617)
    with pytest.raises(CommandError, match="there is no empty column"):
        interpret("jd c", game.state, game.rules)
    assert interpret("tc 1 8", game.state, game.rules) == Move(column(0), cell(7))
    assert interpret("1i", game.state, game.rules) == Move(column(0), cell(7))


def test_kd_c_goes_to_the_first_empty_column() -> None:
    king, queen = Card.parse("KD"), Card.parse("QS")
    start = State(((king, queen), (), ()) + ((),) * 5, (None,) * 4, ((), (), (), ()), (0,) * 8)
    game = session(start=start)
    assert interpret("kd c", game.state, game.rules) == Move(column(0), column(1), 2)


# -- Klondike and Golf ----------------------------------------------------------------------------------

# Klondike deal 5: T0 10♦, T1 .. 6♠, T2 .. 8♠, T3 .. K♣, T4 .. 10♣, T5 .. J♠, T6 .. Q♣; the stock
# turns A♦, then 5♠, then Q♦.


def test_klondike_language_piles_waste_suits_and_next() -> None:
    # deal 5: T0 7♣, T2 [2♠ Q♠] 3♣, T6 [...5♠] 2♥; the stock turns J♣, 7♦, 10♠
    script = "T0 S\nN\nP H\nt6 t2\nN\nn\nP T0\nT7 T1\nP\nq\n"
    console, output, _ = drive(session("klondike", 5), script)
    assert console.session.actions == [
        Move(STOCK, WASTE),
        Move(column(6), column(2)),
        Move(STOCK, WASTE),
        Move(STOCK, WASTE),
    ]
    assert errors(output) == [
        "foundation S is for spades, not 7♣",
        "foundation H is for hearts, not J♣",
        "illegal move: 10♠ can't go on 7♣: columns build down by one rank",
        "pile T7 is out of range (T0-T6)",
        "P takes one destination (T0-T6, or S, H, D, C for a foundation); got 0",
    ]
    assert console.session.state.columns[2][-2:] == (Card.parse("3C"), Card.parse("2H"))
    assert console.session.state.face_up(6)[-1] == Card.parse("5S")  # turned up when 2♥ left


def test_klondike_n_recycles_the_waste_when_the_stock_is_empty() -> None:
    game = session("klondike", 5)
    console, _, _ = drive(game, "n\n" * 25 + "q\n")
    assert console.session.actions[:24] == [Move(STOCK, WASTE)] * 24
    assert console.session.actions[24] == Move(WASTE, STOCK, 24)


def test_klondike_face_down_cards_are_not_named() -> None:
    game = session("klondike", 5)
    hidden = game.state.columns[6][0]
    with pytest.raises(CommandError, match="is not face up on the table"):
        interpret(f"{hidden.code} h", game.state, game.rules)


# Golf deal 5: foundation 2♥; column tops 3♣ K♠ 10♥ 6♥ A♣ 4♥ A♦; the stock deals J♣ first.


def test_golf_language_columns_and_deal() -> None:
    # deal 5: foundation 2♦; column tops 7♦ A♥ 6♣ J♠ Q♦ 5♠ 10♦; the stock's top card is 9♣
    script = "2\n1\nd\n7\n8\n0\nd 2\nq\n"
    console, output, _ = drive(session("golf", 5), script)
    assert console.session.actions == [
        Move(column(1), FOUNDATION),
        Move(STOCK, FOUNDATION),
        Move(column(6), FOUNDATION),
    ]
    assert errors(output) == [
        "illegal move: 7♦ is not next to A♥ on the foundation",
        "column 8 is out of range (1-7)",
        "column 0 is out of range (1-7)",
        "D takes no arguments (got 1)",
    ]


def test_golf_that_can_go_no_further_says_it_is_lost() -> None:
    nine, six, five = Card.parse("9C"), Card.parse("6S"), Card.parse("5H")
    start = State(((nine, six),) + ((),) * 6, (), ((five,),), (0,) * 7, (), ())
    _, output, code = drive(session("golf", 1, start=start), "1\n")
    assert "Game over, you lose: the stock is empty and no column's top card is next to 6♠" in output
    assert code == 0


def test_winning_prints_a_message_and_ends_the_game() -> None:
    foundations = tuple(tuple(Card.of(r, s) for r in range(1, 14 if s != Suit.SPADES else 13)) for s in Suit)
    start = State(((Card.parse("KS"),),) + ((),) * 7, (None,) * 4, foundations, (0,) * 8)
    console, output, code = drive(session(start=start), "ks h\nq\n")
    assert "You won FreeCell deal 617 in 1 move. Congratulations!" in output
    assert "Goodbye." not in output  # the game ended at the win; the q was never read
    assert console.session.is_won and code == 0


# -- actions --------------------------------------------------------------------------------------------


def test_undo_takes_back_the_move_with_its_auto_play_and_redo_restores_it() -> None:
    game = session("golf", 5)
    console, output, _ = drive(game, "2\nd\nu\nu\nu\nredo\nredo\nredo\nq\n")
    played = game.rules.perform(game.initial, Move(column(1), FOUNDATION))
    assert console.session.state == game.rules.perform(played, Move(STOCK, FOUNDATION))
    assert errors(output) == ["nothing to undo", "nothing to redo"]

    klondike = session("klondike").rules
    rest = " ".join(card.code for card in full_deck() if card.code not in ("KS", "AD"))
    start = klondike.from_text(f"Foundations: H-0 C-0 D-0 S-0\nStock: {rest} AD\nWaste:\n: KS\n" + ":\n" * 6)
    auto = session("klondike", start=start, autoplay=True)
    console, output, _ = drive(auto, "n\nu\nq\n")  # N turns A♦ and auto-play sends it home: one u undoes both
    assert "Auto-play: A♦" in plain(output)
    assert console.session.state == start and len(console.session.actions) == 2


def test_restart_new_help_hint_and_blank_lines() -> None:
    console, output, _ = drive(session(), "1a\nrestart\nrestart\n\n# a comment\nhelp\nhint\nR\nq\n")
    assert errors(output) == ["the game is already at its start"]
    assert "TC x y   tableau x to cell y" in output
    assert "Hint: hint is not available yet" in output
    assert "New deal: 42." in output and console.session.deal_number == 42
    assert console.session.actions == []


def test_hint_names_the_solvers_move() -> None:
    out = io.StringIO()
    console = Console(session(), out, hint=lambda s: Move(column(0), cell(0)))
    console.execute("hint")
    assert plain(out.getvalue()) == "Hint: 1a (J♦ to cell 1)\n"
    assert console.session.actions == []


def test_interpret_returns_actions_case_insensitively() -> None:
    game = session()
    words = {"Q": Action.QUIT, "h": Action.HELP, "U": Action.UNDO, "REDO": Action.REDO, "Hint": Action.HINT,
             "r": Action.NEW, "New": Action.NEW, "restart": Action.RESTART, "": Action.SHOW}
    for text, action in words.items():
        assert interpret(text, game.state, game.rules) is action
    with pytest.raises(CommandError, match="Q takes no arguments"):
        interpret("q now", game.state, game.rules)


def test_stock_commands_in_a_game_without_a_stock() -> None:
    game = session()
    with pytest.raises(CommandError, match="FreeCell has no stock"):
        interpret("n", game.state, game.rules)
    with pytest.raises(CommandError, match="FreeCell has no stock"):
        interpret("d", game.state, game.rules)
    assert Pile(PileKind.CELL, 0) == cell(0)


# -- a fresh deal, hints and the statistics -------------------------------------------------------------


@pytest.mark.parametrize(("game", "deal"), [("seahaven", 7), ("eight-off", 5)])
def test_a_new_or_restarted_deal_sends_what_is_safe_home_at_once(game: str, deal: int) -> None:
    fresh = session(game, deal, autoplay=True)
    safe = fresh.rules.safe_autoplay(fresh.initial)
    assert safe is not None  # the deal starts with a card auto-play takes
    console, output, _ = drive(fresh, "q\n")
    assert console.session.actions[0] == safe and all(console.session.automatic)
    assert console.session.rules.safe_autoplay(console.session.state) is None
    first = plain(output).splitlines()[1]
    assert first.startswith("Auto-play: ") and "to the foundation" in first

    console, output, _ = drive(session(game, deal, autoplay=True), "u\nrestart\nnew\nq\n")  # new deals 42
    # the opening auto-play is part of the deal: no turn to take back, nothing to restart
    assert errors(output) == ["nothing to undo", "the game is already at its start"]
    assert plain(output).count("Auto-play: ") == 1 + (console.session.rules.safe_autoplay(console.session.initial) is not None)
    manual = session(game, deal)
    console, output, _ = drive(manual, "q\n")
    assert "Auto-play" not in output and console.session.actions == []


def test_restart_plays_the_opening_auto_play_again_and_one_u_undoes_both() -> None:
    game = session("seahaven", 7, autoplay=True)
    console = Console(game, io.StringIO(), hint=no_hint)
    console.run(io.StringIO(""))  # the deal, with its opening auto-play
    opened = game.state
    assert opened != game.initial
    move = next(iter(game.rules.legal_moves(opened)))
    console.execute(move.notation)
    played = game.state
    console.execute("restart")
    assert game.state == opened
    console.execute("u")
    assert game.state == played


def test_hints_given_are_counted_and_hints_refused_are_not() -> None:
    console = Console(session(), io.StringIO(), hint=lambda s: Move(column(0), cell(0)))
    console.execute("hint")
    console.execute("hint")
    assert console.session.hints == 2
    console.hint = no_hint
    console.execute("hint")
    assert console.session.hints == 2


def test_a_problem_recording_the_game_is_told_to_the_player() -> None:
    store = Store.in_memory()
    store.close()  # every write now fails, as on a full or vanished disk
    _, output, code = drive(session("golf", 5), "d\nq\n", record=store.record_game, problems=store.take_problem)
    lines = output.splitlines()
    note = next(i for i, line in enumerate(lines) if "Note: Could not record the game in the statistics" in line)
    assert lines[note + 1] == "Goodbye." and code == 0


def test_a_deal_left_after_only_auto_play_is_not_a_game_given_up() -> None:
    store = Store.in_memory()
    drive(session("seahaven", 7, autoplay=True), "new\n1a\nq\n", record=store.record_game)
    assert [(game.deal, game.result) for game in store.games()] == [(42, "abandoned")]
    store.close()


def test_ctrl_c_leaves_the_game_recorded_as_abandoned() -> None:
    class Interrupted(io.StringIO):
        def readline(self, *_: object) -> str:
            raise KeyboardInterrupt

    recorded: list[tuple[int, str]] = []
    game = session("golf", 5)
    game.play(game.rules.stock_move(game.state))
    console = Console(game, io.StringIO(), record=lambda s, result: recorded.append((s.deal_number, result)))
    with pytest.raises(KeyboardInterrupt):
        console.run(Interrupted())
    assert recorded == [(5, "abandoned")]


def test_a_line_too_long_to_be_a_command_is_refused_and_the_game_goes_on() -> None:
    game = session("freecell", 1)
    out = io.StringIO()
    code = Console(game, out).run(io.StringIO("x" * 100_000 + "\nq\n"))
    assert code == 0 and "a line of more than 4096 characters is not a command" in plain(out.getvalue())
    assert game.actions == []


def test_endless_input_with_no_line_end_stops_with_one_line_and_memory_flat() -> None:
    class Endless(io.TextIOBase):
        """`console < /dev/zero`: characters for ever, never a line end."""

        read_total = 0

        def readline(self, size: int = -1) -> str:
            assert 0 < size <= 1 << 16  # never asked for the whole line
            self.read_total += size
            return "\0" * size

    source = Endless()
    out = io.StringIO()
    assert Console(session("freecell", 1), out).run(source) == 2
    assert plain(out.getvalue()).count("no line end") == 1
    assert source.read_total < 2 * 2**20
