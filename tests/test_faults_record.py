"""A --record file on a full disk (issue 37 item 7), met for real with Linux's /dev/full, where every
write fails with "No space left on device": recording stops, the game and the move go on."""
from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.moves import Move, cell, column
from sprites.window.app import open_record

from .gui_helpers import board, make_app


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs Linux's /dev/full")
def test_a_full_disk_stops_the_record_and_keeps_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    """Every write to /dev/full fails with ENOSPC, as a record on a full disk does: the game goes on,
    the move is kept, and the player is told once, in the status bar and on stderr."""
    record = open_record("/dev/full")
    assert record is not None
    pygame.init()
    try:
        start = board("freecell", {0: "KC AS 9D 6H", 1: "QS 7S"})
        app, _ = make_app(start=start, record_to=record, autoplay=False)  # the first line already fails
        assert app.record_to is None
        said = app.table.message
        assert "record" in said and "No space left on device" in said
        assert app.table.try_move(lambda: Move(column(0), cell(0)))
        app.step()
        assert len(app.table.session.actions) == 1  # the move was made and kept
        assert app.table.message == ""  # the move's own status, not the failure again
        app.close()
    finally:
        pygame.quit()
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "No space left on device" in err
    assert record.closed


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs Linux's /dev/full")
def test_the_record_failing_mid_game_keeps_the_move_being_made(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The disk fills between two moves: the second move is kept and the failure stays on the status bar."""
    path = tmp_path / "game.txt"
    record = open_record(str(path))
    assert record is not None
    pygame.init()
    try:
        start = board("freecell", {0: "KC AS 9D 6H", 1: "QS 7S"})
        app, _ = make_app(start=start, record_to=record, autoplay=False)
        assert app.table.try_move(lambda: Move(column(0), cell(0)))
        full = os.open("/dev/full", os.O_WRONLY)
        os.dup2(full, record.fileno())  # the same file object, now on a full disk
        os.close(full)
        assert app.table.try_move(lambda: Move(column(0), cell(1)))
        assert len(app.table.session.actions) == 2
        app.step()  # the failure is said after the move's own status update
        assert "No space left on device" in app.table.message and app.record_to is None
        app.close()
    finally:
        pygame.quit()
    assert path.read_text().splitlines()[1:] == ["1a"]  # what was written before the disk filled stays
    assert capsys.readouterr().err.count("\n") == 1
