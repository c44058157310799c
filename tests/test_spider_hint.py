"""The hint's fallback (`Family.hint_fallback`) in Spider and Forty Thieves: playing by Hint alone never
comes back to a position, and wins Spider one suit; the other families keep the one-look move."""
from __future__ import annotations

from collections.abc import Callable, Iterable

import pytest

from game.moves import PileKind
from game.session import Session
from game.solver import forty_thieves as forty_search
from game.solver import hint, positions_met
from game.solver import spider as spider_search
from game.solver.common import Budget
from game.solver.heuristic import WON, heuristic_move, ranked_first_steps
from game.variants import find_variant


def played_by_hint(game: str, deal: int, moves: int, **limits: float) -> tuple[Session, int]:
    """A game played by pressing Hint again and again: the session, and how many hints brought back a
    position met before in the game."""
    session = Session(find_variant(game), deal)
    met = {session.state}
    repeats = 0
    for _ in range(moves):
        move = hint(session.rules, session.state, met=positions_met(session), **limits)  # type: ignore[arg-type]
        if move is None:
            break
        session.play(move)
        repeats += session.state in met
        met.add(session.state)
        if session.is_won:
            break
    return session, repeats


def test_spider_one_suit_deal_1_is_won_by_hint_alone_without_coming_back() -> None:
    # a position budget, not the clock, so the search and its hints are the same on any machine
    session, repeats = played_by_hint("spider-1", 1, 400, time_limit=600, max_positions=50_000)
    assert session.is_won
    assert repeats == 0


@pytest.mark.parametrize(("game", "search"), [("spider-2", spider_search), ("spider", spider_search),
                                               ("forty-thieves", forty_search)])
def test_the_fallback_alone_never_comes_back_to_a_position(
    game: str, search: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    # one position for the search: every hint is the fallback's, with a short look ahead to keep this quick
    monkeypatch.setattr(search, "HINT_POSITIONS", 300)
    session, repeats = played_by_hint(game, 3, 40, time_limit=600, max_positions=1)
    assert session.position_in_history >= 20  # it went somewhere rather than stop at once
    assert repeats == 0


@pytest.mark.parametrize(("game", "search"), [("spider", spider_search), ("forty-thieves", forty_search)])
def test_the_fallback_names_the_stock_when_every_move_leads_back(game: str, search: object) -> None:
    """Issue 52: a hint that says there is nothing to do while the stock can still be dealt. With every
    position a move makes met before, the stock (which no player would call a way back) is the hint."""
    session = Session(find_variant(game), 1)
    rules, state = session.rules, session.state
    met = {state, *(rules.perform(state, move) for move in rules.legal_moves(state))}
    fallback = search.spider_hint if search is spider_search else search.forty_thieves_hint  # type: ignore[attr-defined]
    move = fallback(rules, state, met)
    assert move is not None and move.src.kind is PileKind.STOCK
    rules.check(state, move)


def test_one_look_ahead_goes_round_in_circles_where_the_fallback_does_not() -> None:
    """Why the hook exists: Forty Thieves' best move one look ahead undoes itself within a few moves."""
    session = Session(find_variant("forty-thieves"), 3)
    met = {session.state}
    for _ in range(60):
        move = heuristic_move(session.rules, session.state)
        assert move is not None
        session.play(move)
        if session.state in met:
            break
        met.add(session.state)
    assert session.state in met


def test_other_families_keep_the_one_look_move() -> None:
    session = Session(find_variant("freecell"), 11982)
    move = hint(session.rules, session.state, max_positions=1, met=positions_met(session))
    assert move == heuristic_move(session.rules, session.state)


Graph = dict[int, list[int]]


def ranked(graph: Graph, won: int, avoid: Iterable[int] = (), score: Callable[[int], int] = lambda n: n) -> list[tuple[int, int]]:
    """`ranked_first_steps` on a small graph whose positions are numbers and whose steps are the
    positions they lead to."""

    def children(node: int) -> list[tuple[int, int]]:
        return [(child, child) for child in graph.get(node, [])]

    return ranked_first_steps(0, children, lambda n: n, score, lambda n: n == won, set(avoid), Budget(10_000))


def test_the_look_ahead_ranks_by_the_best_line_beneath_each_move() -> None:
    # 1 looks better than 2 at once (a lower score), but 2 leads on to 5, better than all
    graph = {0: [2, 1], 1: [3], 2: [5]}
    assert ranked(graph, won=-1, score=lambda n: {1: 1, 2: 4, 3: 3, 5: 0}[n]) == [(2, 0), (1, 1)]


def test_the_look_ahead_puts_a_winning_line_first_and_never_enters_what_it_avoids() -> None:
    graph = {0: [1, 2, 3], 1: [4], 2: [4], 4: [9]}
    assert ranked(graph, won=9)[0] == (1, WON)
    avoided = ranked(graph, won=9, avoid=[1, 4])
    assert [step for step, _best in avoided] == [2, 3]
    assert WON not in [best for _step, best in avoided]


@pytest.mark.parametrize("front_end", ["window", "console"])
def test_the_window_and_the_console_hand_the_hint_every_position_of_the_game(front_end: str, monkeypatch) -> None:
    """Without the positions met, a front end's Hint could lead straight back to one of them."""
    import game.solver

    session = Session(find_variant("forty-thieves"), 3)
    for _ in range(3):
        session.play(sorted(session.rules.legal_moves(session.state), key=str)[0])
    asked: list[frozenset] = []

    def hint_spy(rules, state, **options):
        asked.append(frozenset(options.get("met", ())))
        return sorted(rules.legal_moves(state), key=str)[0]

    monkeypatch.setattr(game.solver, "hint", hint_spy)
    if front_end == "window":
        from sprites.window.solver_client import SolverClient

        SolverClient(analyse=False).hint(session)
    else:
        from solitaire.console import solver_hint

        solver_hint(session)
    assert asked == [positions_met(session)]
    assert len(asked[0]) == session.position_in_history + 1 >= 4


def test_the_hint_names_the_stock_when_it_is_the_only_move_that_does_not_lead_back() -> None:
    """Issue 52: the hint says what it knows ("no move found that helps: deal from the stock"), never
    that there is nothing to do while the stock can be dealt."""
    from game.solver import ONLY_THE_STOCK, hint_note

    session = Session(find_variant("spider"), 1)
    rules, state = session.rules, session.state
    stock = next(move for move in rules.legal_moves(state) if move.src.kind is PileKind.STOCK)
    everywhere = {state, *(rules.perform(state, move) for move in rules.legal_moves(state) if move != stock)}
    assert hint_note(rules, state, stock, everywhere) == ONLY_THE_STOCK
    assert hint_note(rules, state, stock, {state}) == ""  # other moves lead somewhere new: the stock is a plain hint
    column_move = next(move for move in rules.legal_moves(state) if move.src.kind is not PileKind.STOCK)
    assert hint_note(rules, state, column_move, everywhere) == ""


def test_no_hint_says_whether_a_move_is_left() -> None:
    from game.solver import NO_MOVE_FOUND, NO_MOVE_LEFT, hint_note

    session = Session(find_variant("golf"), 1)
    rules, state = session.rules, session.state
    assert hint_note(rules, state, None) == NO_MOVE_FOUND  # moves are left: none was found that helps
    while (moves := list(rules.legal_moves(state))):
        state = rules.perform(state, moves[0])
    assert hint_note(rules, state, None) == NO_MOVE_LEFT


@pytest.mark.parametrize("front_end", ["window", "console"])
def test_the_front_ends_say_the_hints_note(front_end: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import game.solver

    session = Session(find_variant("spider"), 1)
    stock = next(move for move in session.rules.legal_moves(session.state) if move.src.kind is PileKind.STOCK)
    monkeypatch.setattr(game.solver, "hint", lambda rules, state, **options: stock)
    monkeypatch.setattr(game.solver, "hint_note", lambda rules, state, move, met=(): game.solver.ONLY_THE_STOCK)
    if front_end == "window":
        import pygame

        from sprites.window.app import App

        pygame.init()
        try:
            app = App(session, (1280, 800), sound=False, analyse=False)
            app.table.assistant.show_hint()
            said = app.table.message
            assert app.table.hint_move == stock
            app.close()
        finally:
            pygame.quit()
    else:
        import io

        from solitaire.console import Console

        out = io.StringIO()
        Console(session, out).execute("hint")
        said = out.getvalue()
    assert "no move found that helps: deal from the stock" in said
