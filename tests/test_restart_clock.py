"""Restart sets the clock back to the start of the deal, as AisleRiot's and Windows' do; undoing the
restart brings the clock back with the game."""
from __future__ import annotations

from game.moves import Move, cell, column
from game.session import Session
from game.variants import find_variant


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_restart_sets_the_clock_back_and_undo_brings_it_back() -> None:
    clock = Clock()
    session = Session(find_variant("freecell"), 617, autoplay=False, clock=clock)
    session.play(Move(column(0), cell(0)))
    clock.now += 75
    assert session.elapsed == 75
    session.restart()
    assert session.elapsed == 0
    clock.now += 30
    assert session.elapsed == 0  # stopped, as at the deal, until the first move
    session.play(Move(column(1), cell(1)))
    clock.now += 5
    assert session.elapsed == 5
    session.undo()  # the move after the restart
    session.undo()  # the restart: the game as it was, its clock too (which ran on meanwhile)
    assert session.state.cells[0] is not None
    assert session.elapsed == 75 + 30 + 5
    session.redo()  # the restart again
    assert session.elapsed == 0
