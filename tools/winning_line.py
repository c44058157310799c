"""The moves a player makes to win a deal, with auto-play on as the window and the console start.

The solver plans from the deal; whenever auto-play sends home a card the plan meant to move itself,
it plans again from there. Shared by the tours that play these moves by mouse and by keyboard.
"""
from __future__ import annotations

from game.moves import Move
from game.session import Session
from game.solver import Status, hint, solve
from game.variant import Variant

# A deal of each game the solver wins within seconds (`main.py solve --game G --deal N`); Spider with
# two or four suits is mostly out of its reach, so theirs were looked for over the first deals.
TOUR_DEALS = {
    "freecell": 1, "bakers-game": 1, "eight-off": 1, "seahaven": 1, "klondike": 1, "klondike-draw3": 1,
    "klondike-nfr": 1, "klondike3-nfr": 1, "golf": 1, "golf-strict": 3, "yukon": 1, "russian": 1,
    "spider": 1, "spider-2": 7, "spider-1": 1, "forty-thieves": 1,
}


class NoWinFound(RuntimeError):
    """The solver found no win within its time (Spider with two or four suits, mostly)."""


def winning_moves(variant: Variant, deal: int, seconds: float = 30.0) -> list[Move]:
    session = Session(variant, deal)
    session.run_autoplay()
    made: list[Move] = []
    plan: list[Move] = []
    while not session.is_won:
        if not plan:
            result = solve(session.rules, session.state, time_limit=seconds)
            if result.status is not Status.SOLVED:
                raise NoWinFound(f"{variant.key} deal {deal}: {result.summary()}")
            plan = list(result.moves)
        move = plan.pop(0)
        before = session.state
        session.play(move)
        made.append(move)
        if session.state != session.rules.perform(before, move):
            plan = []  # auto-play moved cards the plan meant to move
    return made


def hinted_moves(variant: Variant, deal: int, count: int) -> list[Move]:
    """`count` moves of a player who follows the window's hint, for a game the solver finds no win
    for: played by mouse they still show whether the window does what each move says. Where the hint
    leads back to a position already met, the player deals from the stock instead (hints alone can
    go round in circles, docs/solvers.md)."""
    session = Session(variant, deal)
    session.run_autoplay()
    seen = {session.state}
    made: list[Move] = []
    while len(made) < count:
        move = hint(session.rules, session.state, time_limit=0.3)
        if move is not None and session.rules.perform(session.state, move) in seen:
            move = session.rules.stock_move(session.state)
        if move is None:
            break
        session.play(move)
        seen.add(session.state)
        made.append(move)
    return made
