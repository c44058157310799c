"""Scoring (issue 53): Windows' Standard and Vegas Klondike, TriPeaks' runs and Pyramid's pairs, read
from the moves played and the clock, so undo gives back exactly the score before."""
from __future__ import annotations

import csv
import io
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import Card
from game.moves import FOUNDATION, STOCK, WASTE, Move, Pile, PileKind, column
from game.rules import IllegalMove
from game.scoring import Scoring, find_scoring
from game.scoring_modes import Pairs, Runs, Standard, Vegas
from game.session import Session
from game.state import State
from game.variants import find_variant, rules_for
from solitaire.store import open_store

KLONDIKE = find_variant("klondike")
DRAW3 = find_variant("klondike-draw3")
RULES = rules_for(KLONDIKE)
ROOT = Path(__file__).resolve().parent.parent


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in text.split())


def table(columns: dict[int, str], hidden: dict[int, int] | None = None, *, home: str = "", stock: str = "",
          waste: str = "") -> State:
    """A Klondike position of a few cards: `home` lists the cards on the foundations, in order."""
    piles = [cards(columns.get(i, "")) for i in range(7)]
    foundations: list[tuple[Card, ...]] = [(), (), (), ()]
    for card in cards(home):
        foundations[card.suit] += (card,)
    down = tuple((hidden or {}).get(i, 0) for i in range(7))
    return State(tuple(piles), (), tuple(foundations), down, cards(stock), cards(waste))


def points(mode: Scoring, before: State, move: Move, seconds: float = 0.0, won: bool = False) -> int:
    """The score of one move from `before`, played through Klondike's rules."""
    return mode.score([(before, move, RULES.apply(before, move))], seconds, won)


STANDARD = Standard(draw=1)


def test_standard_a_card_to_a_foundation_scores_10() -> None:
    before = table({0: "AC", 1: "5D"})
    assert points(STANDARD, before, Move(column(0), FOUNDATION)) == 10


def test_standard_a_waste_card_to_the_tableau_scores_5() -> None:
    before = table({0: "6S", 1: "9D"}, waste="5H", stock="2D")
    assert points(STANDARD, before, Move(WASTE, column(0))) == 5


def test_standard_turning_a_tableau_card_scores_5_more_than_the_move() -> None:
    before = table({0: "6S", 1: "9D 5H"}, {1: 1})
    assert points(STANDARD, before, Move(column(1), column(0))) == 5  # the 9D turned up
    home = table({0: "KD AC"}, {0: 1})
    assert points(STANDARD, home, Move(column(0), FOUNDATION)) == 15  # home, and the KD turned up


GAIN = [(table({0: "AC 2C"}), Move(column(0), FOUNDATION), table({0: "2C"}, home="AC"))] * 15  # 150 to spend


def test_standard_a_card_back_from_a_foundation_costs_15_and_the_score_is_never_below_0() -> None:
    before = table({0: "3S"}, home="AD 2D")
    back = Move(Pile(PileKind.FOUNDATION, 1), column(0))
    step = (before, back, RULES.apply(before, back))
    assert STANDARD.score([*GAIN, step], 0, False) == 150 - 15
    assert STANDARD.score([step], 0, False) == 0


def test_standard_going_through_the_stock_again_costs_100_in_draw_1_and_20_in_draw_3() -> None:
    start = table({0: "KC"}, waste="9D TD")
    recycle = Move(WASTE, STOCK, 2)
    draw1 = STANDARD.score([*GAIN, (start, recycle, RULES.apply(start, recycle))], 0, False)
    after3 = rules_for(DRAW3).apply(start, recycle)
    draw3 = Standard(draw=3).score([*GAIN, (start, recycle, after3)], 0, False)
    assert (draw1, draw3) == (50, 130)


def test_standard_costs_2_for_each_10_seconds_and_pays_the_time_bonus_at_a_win_after_30_seconds() -> None:
    gain = GAIN[:10]  # 100
    assert STANDARD.score(gain, 9.9, False) == 100
    assert STANDARD.score(gain, 10, False) == 98
    assert STANDARD.score(gain, 95, False) == 100 - 18
    assert STANDARD.score(gain, 95, True) == 100 - 18 + 700_000 // 95
    assert STANDARD.score(gain, 30, True) == 100 - 6  # no bonus for a game of 30 s or less


def test_the_window_clock_counts_in_the_session_score() -> None:
    now = [0.0]
    session = Session(KLONDIKE, 1, autoplay=False, clock=lambda: now[0], scoring=STANDARD)
    session.play(Move(column(1), FOUNDATION))  # deal 1: the Ace of clubs on column 2, a card under it
    assert session.score == 15
    now[0] = 25.0
    assert session.score == 15 - 4


def test_vegas_starts_at_minus_52_pays_5_a_card_home_and_takes_it_back_with_the_card() -> None:
    session = Session(KLONDIKE, 1, autoplay=False, scoring=Vegas(draw=1))
    assert session.score == -52
    session.play(Move(column(1), FOUNDATION))
    assert session.score == -47
    session.play(Move(STOCK, WASTE))
    assert session.score == -47
    for expected in (-47, -52):
        session.undo()
        assert session.score == expected
    before = table({0: "3S"}, home="AD 2D")
    back = Move(Pile(PileKind.FOUNDATION, 1), column(0))
    assert Vegas(draw=1).score([(before, back, RULES.apply(before, back))], 0, False) == -52 - 5


def test_vegas_goes_through_the_stock_once_in_draw_1_and_three_times_in_draw_3() -> None:
    one = Session(KLONDIKE, 3, autoplay=False, scoring=Vegas(draw=1))
    while one.state.stock:
        one.play(Move(STOCK, WASTE))
    with pytest.raises(IllegalMove):
        one.play(Move(WASTE, STOCK, len(one.state.waste)))
    assert Session(KLONDIKE, 3, autoplay=False).rules.stock_move(one.state) is not None  # unscored: as often as liked
    three = Session(DRAW3, 3, autoplay=False, scoring=Vegas(draw=3))
    for _pass in range(2):
        while three.state.stock:
            three.play(three.rules.stock_move(three.state))  # type: ignore[arg-type]
        three.play(Move(WASTE, STOCK, len(three.state.waste)))
    while three.state.stock:
        three.play(three.rules.stock_move(three.state))  # type: ignore[arg-type]
    with pytest.raises(IllegalMove):
        three.play(Move(WASTE, STOCK, len(three.state.waste)))


def test_klondike_offers_standard_vegas_and_cumulative_vegas_and_the_other_games_their_own() -> None:
    assert [mode.key for mode in KLONDIKE.family.scorings(KLONDIKE)] == ["standard", "vegas", "vegas-cumulative"]
    tripeaks, pyramid = find_variant("tripeaks"), find_variant("pyramid")
    assert [mode.key for mode in tripeaks.family.scorings(tripeaks)] == ["runs"]
    assert [mode.key for mode in pyramid.family.scorings(pyramid)] == ["pairs"]
    freecell = find_variant("freecell")
    assert freecell.family.scorings(freecell) == ()
    assert find_scoring(KLONDIKE.family.scorings(KLONDIKE), "vegas-cumulative").cumulative  # type: ignore[union-attr]


def test_tripeaks_each_card_of_a_run_scores_one_more_a_stock_card_costs_5_and_peaks_pay_15_15_30() -> None:
    tripeaks = find_variant("tripeaks")
    rules = rules_for(tripeaks)
    mode = tripeaks.family.scorings(tripeaks)[0]
    assert isinstance(mode, Runs) and mode.tops == (0, 1, 2)

    def board(filled: dict[int, str], waste: str, stock: str = "") -> State:
        columns = tuple(cards(filled.get(i, "")) for i in range(28))
        return State(columns, (), (), (0,) * 28, cards(stock), cards(waste))

    state = board({0: "5H", 1: "3C", 2: "7D", 20: "4S", 21: "6S"}, waste="5D", stock="KC 9H")
    steps = []
    for move in (Move(column(20), WASTE), Move(column(0), WASTE), Move(column(21), WASTE), Move(STOCK, WASTE)):
        after = rules.apply(state, move)
        steps.append((state, move, after))
        state = after
    # 4S (1), 5H (2, and its peak cleared: 15), 6S (3), then a stock card (-5)
    assert mode.score(steps, 0, False) == 1 + 2 + 15 + 3 - 5


def test_tripeaks_the_last_peak_cleared_pays_30() -> None:
    mode = Runs(tops=(0, 1, 2))
    empty = tuple(() for _ in range(28))
    before = State(empty[:2] + (cards("8C"),) + empty[3:], (), (), (0,) * 28, (), cards("9D"))
    after = State(empty, (), (), (0,) * 28, (), cards("9D 8C"))
    assert mode.score([(before, Move(column(2), WASTE), after)], 0, True) == 1 + 30


def test_pyramid_a_pair_scores_10_a_king_5_and_the_pyramid_cleared_500() -> None:
    pyramid = find_variant("pyramid")
    mode = pyramid.family.scorings(pyramid)[0]
    assert mode == Pairs()
    session = Session(pyramid, 1, autoplay=False, scoring=mode)
    assert session.score == 0
    random.seed(5)
    while not session.is_won and not session.is_lost:
        moves = list(session.rules.legal_moves(session.state))
        session.play(moves[0])
    taken = len(session.state.foundations[0])
    assert session.score == 5 * taken + (500 if session.is_won else 0)


def game_of(seed: int, variant: str, length: int) -> Session:
    """A game of random legal moves, with a score kept (the family's first mode)."""
    chosen = find_variant(variant)
    session = Session(chosen, seed % 1000 + 1, autoplay=False, scoring=chosen.family.scorings(chosen)[0], clock=lambda: 0.0)
    dice = random.Random(seed)
    for _turn in range(length):
        moves = list(session.rules.legal_moves(session.state))
        if not moves:
            break
        session.play(dice.choice(moves))
    return session


@settings(max_examples=25, deadline=None, derandomize=True)
@given(st.integers(0, 10_000), st.sampled_from(["klondike", "klondike-draw3", "tripeaks", "pyramid"]), st.integers(0, 60))
def test_undo_gives_back_exactly_the_score_before_and_replaying_the_moves_gives_the_same_score(
    seed: int, variant: str, length: int,
) -> None:
    frozen = 0.0
    session = game_of(seed, variant, length)
    scores = [session.score]
    for _back in range(session.position_in_history):
        if not session.can_undo:
            break
        session.undo()
        scores.append(session.score)
    while session.can_redo:
        session.redo()
    assert session.score == scores[0]
    replayed = Session(session.variant, session.deal_number, autoplay=False, scoring=session.scoring, clock=lambda: frozen)
    replayed.replay(session.actions, len(session.actions))
    assert replayed.score == session.score
    fresh = Session(session.variant, session.deal_number, autoplay=False, scoring=session.scoring)
    assert scores[-1] == fresh.score  # all the way back: the deal's own score


def test_a_restart_deals_the_score_again_and_undoing_it_brings_the_score_back() -> None:
    session = Session(KLONDIKE, 1, autoplay=False, scoring=Vegas(draw=1), clock=lambda: 0.0)
    session.play(Move(column(1), FOUNDATION))
    session.restart()
    assert session.score == -52
    session.undo()
    assert session.score == -47


def console(tmp_path: Path, *args: str, script: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "main.py", "console", "--data-dir", str(tmp_path), "--ascii", *args], cwd=ROOT,
        input=script, capture_output=True, text=True, encoding="utf-8", timeout=60,
    )


def test_the_console_with_vegas_scoring_shows_minus_52_at_the_deal_and_5_more_after_a_card_goes_home(tmp_path: Path) -> None:
    done = console(tmp_path, "--game", "klondike", "--scoring", "vegas", "--deal", "1", script="T1 C\n")
    headings = [line for line in done.stdout.splitlines() if line.startswith("Klondike - deal 1")]
    assert headings == ["Klondike - deal 1 - no moves - Vegas: -52", "Klondike - deal 1 - 1 move - Vegas: -47"]


def test_the_console_refuses_a_scoring_the_game_does_not_have_in_one_line(tmp_path: Path) -> None:
    done = console(tmp_path, "--game", "freecell", "--scoring", "vegas", script="")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "FreeCell" in done.stderr
    plain = console(tmp_path, "--game", "klondike", "--deal", "1", script="")
    assert "Vegas" not in plain.stdout and "Standard" not in plain.stdout  # off unless asked or kept


def test_moves_the_solver_plays_never_change_the_score_and_undoing_them_scores_as_before() -> None:
    session = Session(KLONDIKE, 1, autoplay=False, scoring=Vegas(draw=1), clock=lambda: 0.0)
    session.play(Move(STOCK, WASTE))
    session.play(Move(column(1), FOUNDATION))  # as if Solve played it
    session.solver_played = True
    assert session.score == -52
    session.undo()
    assert session.score == -52 and session.solver_played
    session.play(Move(column(1), FOUNDATION))  # the player's own move, after Solve was stopped
    assert session.score == -52  # the game is the solver's from its first move on


def scored_game(scoring: Scoring, deal: int = 1, home: bool = True) -> Session:
    session = Session(KLONDIKE, deal, autoplay=False, scoring=scoring, clock=lambda: 0.0)
    session.play(Move(column(1), FOUNDATION) if home else Move(STOCK, WASTE))
    return session


def test_the_best_score_and_the_cumulative_total_survive_the_store_being_reopened(tmp_path: Path) -> None:
    store, _message = open_store(tmp_path)
    store.record_game(scored_game(Vegas(draw=1)), "abandoned")  # -47
    store.record_game(scored_game(Vegas(draw=1), home=False), "abandoned")  # -52
    store.record_game(scored_game(STANDARD), "abandoned")  # 15
    cumulative = find_scoring(KLONDIKE.family.scorings(KLONDIKE), "vegas-cumulative")
    assert cumulative is not None
    store.record_game(scored_game(cumulative), "abandoned")
    store.record_game(scored_game(cumulative, home=False), "abandoned")
    store.record_game(Session(KLONDIKE, 4, autoplay=False), "won")  # unscored: counts nowhere in the scores
    store.close()
    again, _message = open_store(tmp_path)
    stats = again.statistics("klondike")
    assert stats.best_scores == (("vegas", -47), ("standard", 15), ("vegas-cumulative", -47))
    assert stats.total("vegas-cumulative") == -47 - 52
    history = again.games("klondike")
    assert [(record.scoring, record.score) for record in history] == [
        ("vegas", -47), ("vegas", -52), ("standard", 15), ("vegas-cumulative", -47), ("vegas-cumulative", -52), (None, None),
    ]
    again.close()


def test_a_game_the_solver_finished_is_recorded_without_a_score(tmp_path: Path) -> None:
    store, _message = open_store(tmp_path)
    session = scored_game(Vegas(draw=1))
    session.solver_played = True
    store.record_game(session, "won")
    assert [(record.result, record.score) for record in store.games("klondike")] == [("solved", None)]
    assert store.statistics("klondike").best_scores == ()
    store.close()


def test_stats_show_and_export_the_best_score_and_the_history_its_score(tmp_path: Path) -> None:
    store, _message = open_store(tmp_path)
    store.record_game(scored_game(Vegas(draw=1)), "abandoned")
    store.record_game(scored_game(STANDARD), "abandoned")
    store.close()

    def stats(*args: str) -> str:
        done = subprocess.run([sys.executable, "main.py", "stats", "--data-dir", str(tmp_path), *args], cwd=ROOT,
                              capture_output=True, text=True, encoding="utf-8", timeout=60)
        assert done.returncode == 0, done.stderr
        return done.stdout

    table = stats("--game", "klondike")
    assert table.splitlines()[0].split()[-2:] == ["Best", "score"]
    assert table.splitlines()[1].endswith("-47 Vegas, 15 Standard")
    row = next(csv.DictReader(io.StringIO(stats("--csv"))))
    assert row["best_scores"] == "vegas=-47 standard=15" and row["score_totals"] == ""
    exported = json.loads(stats("--json"))["statistics"][0]
    assert exported["best_scores"] == {"vegas": -47, "standard": 15}
    history = json.loads(stats("--history", "--json"))["history"]
    assert [(game["scoring"], game["score"]) for game in history] == [("vegas", -47), ("standard", 15)]
    assert stats("--history").splitlines()[1].split()[-1] == "-47"


def test_cumulative_vegas_in_the_console_carries_the_total_from_game_to_game(tmp_path: Path) -> None:
    args = ("--game", "klondike", "--scoring", "vegas-cumulative", "--deal", "1")
    first = console(tmp_path, *args, script="T1 C\nq\n")
    assert "Klondike - deal 1 - 1 move - Vegas (cumulative): -47" in first.stdout.splitlines()
    second = console(tmp_path, *args, script="q\n")
    assert "Klondike - deal 1 - no moves - Vegas (cumulative): -99" in second.stdout.splitlines()


def test_under_vegas_the_search_plays_by_its_passes_and_the_game_scored_otherwise_by_klondikes_own() -> None:
    from game.solver import Status, solve
    from game.solver.common import replay

    vegas = Session(KLONDIKE, 1, autoplay=False, scoring=Vegas(draw=1))
    result = solve(vegas.rules, vegas.state, max_positions=20_000)
    assert result.status in (Status.SOLVED, Status.UNSOLVABLE, Status.UNKNOWN)
    if result.status is Status.SOLVED:  # every move legal with the stock gone through once
        assert vegas.rules.is_won(replay(vegas.rules, vegas.state, list(result.moves)))
        assert not any(move.dst.kind is PileKind.STOCK for move in result.moves)
    plain = Session(KLONDIKE, 1, autoplay=False, scoring=STANDARD)
    assert solve(plain.rules, plain.state, max_positions=200_000).status is Status.SOLVED


def test_a_game_resumed_or_read_from_a_file_takes_the_kept_scoring_unless_its_history_breaks_its_rules() -> None:
    from game.session import scored

    plain = Session(KLONDIKE, 3, autoplay=False, clock=lambda: 0.0)
    plain.play(Move(STOCK, WASTE))
    plain.undo()
    plain.hints = 2
    vegas = scored(plain, Vegas(draw=1), carried=-40)
    assert vegas.score == -52 and vegas.total_score == -52  # Vegas, not cumulative: nothing carried
    assert (vegas.actions, vegas.position_in_history, vegas.can_redo, vegas.hints) == (plain.actions, 0, True, 2)
    while plain.state.stock:
        plain.play(Move(STOCK, WASTE))
    plain.play(Move(WASTE, STOCK, len(plain.state.waste)))  # a second pass: more than Vegas's one
    kept = scored(plain, Vegas(draw=1))
    assert kept is plain and kept.scoring is None  # played on unscored, nothing of it lost
    standard = scored(plain, STANDARD)
    assert standard.score == 0 and standard.state == plain.state  # -100 for the pass: never below 0
