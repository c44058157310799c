"""A game being played: exact undo/redo, restart, auto-play of safe cards, win and loss, move counter."""
import pytest

from game.cards import Card
from game.moves import FOUNDATION, Move, cell, column
from game.rules import IllegalMove
from game.session import RESTART, Session
from game.state import State
from game.variants import Variant, customised, find_variant, rules_for

from .boards import SAFE_HOME

FREECELL = find_variant("freecell")
BAKERS = find_variant("bakers")


ONE_FROM_HOME = "Foundations: H-K C-K D-K S-T\nFreecells: JS - - -\n: KS QS\n" + ":\n" * 7


def session_at(variant: Variant, text: str, **options: object) -> Session:
    return Session(variant, 1, start=rules_for(variant).from_text(text), clock=lambda: 0.0, **options)  # type: ignore[arg-type]


def test_a_fresh_session_is_the_numbered_deal() -> None:
    session = Session(FREECELL, 617)
    assert session.state == rules_for(FREECELL).deal(617)
    assert session.move_count == 0 and not session.can_undo and not session.can_redo
    assert not session.is_won and not session.is_lost


def test_autoplay_sends_each_safe_card_home_as_its_own_move_and_undo_takes_back_the_turn() -> None:
    session = session_at(FREECELL, SAFE_HOME)
    played = session.play(Move.parse("7a"))  # nothing safe follows this one
    applied = session.play(Move.parse("2b"))
    assert [(a.move.notation, a.automatic) for a in applied] == [("2b", False), ("2h", True), ("1h", True)]
    assert session.automatic == [False, False, True, True]
    assert session.state.foundation_rank(Card.parse("6H").suit) == 6
    assert session.state.columns[0] == () and session.move_count == 2  # auto-play's cards are not counted
    after = session.state
    session.undo()  # the move and both cards auto-play sent home
    assert session.state == played[-1].after and session.move_count == 1 and session.undos == 1
    session.redo()
    assert session.state == after and not session.can_redo
    session.undo()
    session.undo()
    assert session.state == session.initial and session.move_count == 0 and session.undos == 3


def test_auto_play_at_the_start_replays_as_automatic_and_is_no_turn_to_undo() -> None:
    rules = rules_for(FREECELL)
    waiting = rules.perform(rules.from_text(SAFE_HOME), Move.parse("2a"))  # 5♠ and 6♥ are now safe
    session = Session(FREECELL, 1, start=waiting, clock=lambda: 0.0)
    assert [a.move.notation for a in session.run_autoplay()] == ["2h", "1h"]
    copy = Session(FREECELL, 1, start=waiting, clock=lambda: 0.0)
    copy.replay(session.actions, len(session.actions), session.automatic)
    assert copy.automatic == [True, True] and copy.state == session.state
    assert copy.state != waiting and not copy.can_undo and not copy.player_acted  # the deal as the player found it
    with pytest.raises(IllegalMove):
        copy.undo()
    assert copy.state == session.state and copy.undos == 0


def test_autoplay_stops_at_a_card_that_is_not_safe() -> None:
    # 6♥ could go home, but with 5♠ still out it is not safe, so it stays put.
    session = session_at(FREECELL, SAFE_HOME)
    applied = session.play(Move.parse("7a"))
    assert [a.move.notation for a in applied] == ["7a"]
    assert session.state.columns[0] == (Card.parse("6H"),)


def test_by_suit_autoplay_sends_home_any_card_that_can_go() -> None:
    session = session_at(BAKERS, SAFE_HOME)
    applied = session.play(Move.parse("7a"))
    assert [(a.move.notation, a.automatic) for a in applied] == [("7a", False), ("1h", True)]


def test_autoplay_can_be_switched_off_and_run_on_demand() -> None:
    session = session_at(FREECELL, SAFE_HOME, autoplay=False)
    applied = session.play(Move.parse("2a"))
    assert [a.move.notation for a in applied] == ["2a"]
    assert session.state.columns[1][-1] == Card.parse("5S")
    ran = session.run_autoplay()
    assert [a.move.notation for a in ran] == ["2h", "1h"] and all(a.automatic for a in ran)
    assert session.move_count == 1 and len(session.actions) == 3


def test_applied_steps_are_the_single_card_moves_of_a_supermove() -> None:
    text = (
        "Foundations: H-6 C-6 D-6 S-6\nFreecells: 7C - KD -\n: QC JD TC 9D 8C 7D\n: KH\n: KS 7H 9C 8S\n"
        ": QS 8H JC 7S\n: JS TH KC 9H\n: TS QH 8D\n: 9S JH TD QD\n:\n"
    )
    session = session_at(FREECELL, text, autoplay=False)
    (applied,) = session.play(Move.parse("12v6"))
    assert len(applied.steps) == 15 and all(step.count == 1 for step in applied.steps)
    assert applied.before == session.initial and applied.after == session.state


def test_an_illegal_move_changes_nothing() -> None:
    session = Session(FREECELL, 1)
    with pytest.raises(IllegalMove, match="6♠ can't go home: the foundation needs A♠ first"):
        session.play(Move.parse("1h"))
    assert session.state == rules_for(FREECELL).deal(1)
    assert session.move_count == 0 and not session.can_undo and session.actions == []


def test_undo_and_redo_are_exact_and_unlimited() -> None:
    session = Session(FREECELL, 617, autoplay=False)
    seen = [session.state]
    for notation in ("1a", "58", "2b", "3c", "4d"):
        session.play(Move.parse(notation))
        seen.append(session.state)
    assert session.move_count == 5
    for expected in reversed(seen[:-1]):
        assert session.undo() == expected
    assert not session.can_undo
    with pytest.raises(IllegalMove, match="nothing to undo"):
        session.undo()
    for expected in seen[1:]:
        assert session.redo() == expected
    with pytest.raises(IllegalMove, match="nothing to redo"):
        session.redo()
    assert session.undos == 5


def test_a_new_move_after_undo_drops_the_redo_branch() -> None:
    session = Session(FREECELL, 617, autoplay=False)
    session.play(Move.parse("1a"))
    session.play(Move.parse("2b"))
    session.undo()
    session.play(Move.parse("3b"))
    assert not session.can_redo
    assert [str(a) for a in session.actions] == ["1a", "3b"]


def test_restart_is_itself_undoable() -> None:
    session = Session(FREECELL, 617, autoplay=False)
    session.play(Move.parse("1a"))
    played = session.state
    assert session.restart() == session.initial
    assert session.actions[-1] == RESTART and session.can_undo
    assert session.undo() == played
    assert session.redo() == session.initial


def test_restart_at_the_start_is_refused() -> None:
    session = Session(FREECELL, 617)
    with pytest.raises(IllegalMove, match="already at its start"):
        session.restart()


def test_win_is_detected_and_the_clock_stops() -> None:
    times = iter([10.0, 25.0, 99.0])
    session = Session(FREECELL, 1, start=rules_for(FREECELL).from_text(ONE_FROM_HOME), clock=lambda: next(times))
    applied = session.play(Move.parse("ah"))
    assert [a.move.notation for a in applied] == ["ah", "1h", "1h"]  # Q♠ and K♠ follow on their own
    assert session.is_won and not session.is_lost
    assert session.elapsed == 15.0 and session.elapsed == 15.0  # frozen at the winning moment
    session.undo()
    assert not session.is_won


def test_win_without_autoplay_needs_every_card_played() -> None:
    session = session_at(FREECELL, ONE_FROM_HOME, autoplay=False)
    for notation in ("ah", "1h"):
        session.play(Move.parse(notation))
        assert not session.is_won
    session.play(Move.parse("1h"))
    assert session.is_won and session.move_count == 3


def test_no_legal_move_at_all_is_detected() -> None:
    variant = customised(FREECELL, 0, 4)
    stuck = session_at(variant, "Foundations: H-J C-J D-J S-J\n: QH KH\n: QC KC\n: QD KD\n: QS KS\n")
    assert stuck.is_lost and not stuck.is_won
    one_left = session_at(variant, "Foundations: H-J C-J D-J S-J\n: QH KH\n: QC KC\n: QD KD\n: KS QS\n", autoplay=False)
    assert not one_left.is_lost
    one_left.play(Move.parse("4h"))
    assert not one_left.is_lost  # K♠ may still go home


def test_playing_deal_1_without_cells_runs_out_of_moves() -> None:
    session = Session(customised(FREECELL, 0, 10), 1, autoplay=False)
    session.play(Move.parse("30"))
    session.play(next(iter(session.rules.legal_moves(session.state))))
    assert session.is_lost


def test_replay_rebuilds_a_saved_history() -> None:
    session = Session(FREECELL, 617, autoplay=False)
    for notation in ("1a", "58", "2b"):
        session.play(Move.parse(notation))
    played = session.state
    session.restart()
    copy = Session(FREECELL, 617, autoplay=False)
    copy.replay(session.actions, 3)
    assert copy.state == played and copy.move_count == 3
    copy.redo()
    assert copy.state == session.initial
    with pytest.raises(IllegalMove):
        Session(FREECELL, 617).replay([Move.parse("1h")], 1)


def test_applied_before_and_after_chain() -> None:
    session = session_at(FREECELL, SAFE_HOME)
    applied = session.play(Move.parse("2a"))
    for earlier, later in zip(applied, applied[1:]):
        assert earlier.after == later.before
    assert applied[0].before == session.initial and applied[-1].after == session.state
    assert applied[1].move == Move(column(1), FOUNDATION) and applied[0].move.dst == cell(0)


def test_the_starting_position_is_not_changed_by_play() -> None:
    start = rules_for(FREECELL).from_text(SAFE_HOME)
    session = Session(FREECELL, 1, start=start)
    session.play(Move.parse("2a"))
    assert session.initial is start and start == State.from_text(SAFE_HOME, cells=4, columns=8)


def test_the_clock_starts_at_the_players_first_move_not_at_the_deal() -> None:
    now = [100.0]
    session = Session(find_variant("seahaven"), 2, clock=lambda: now[0])
    session.run_autoplay()  # what auto-play sends home from the deal is not the player's doing
    now[0] = 160.0
    assert session.elapsed == 0.0
    session.play(next(iter(session.rules.legal_moves(session.state))))
    now[0] = 175.0
    assert session.elapsed == 15.0


def test_a_resumed_clock_carries_on_and_an_unstarted_one_stays_stopped() -> None:
    now = [50.0]
    started = Session(find_variant("freecell"), 1, clock=lambda: now[0])
    started.resume_clock(42.0)
    unstarted = Session(find_variant("freecell"), 1, clock=lambda: now[0])
    unstarted.resume_clock(0.0)
    now[0] = 58.0
    assert started.elapsed == 50.0 and unstarted.elapsed == 0.0
