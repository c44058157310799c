"""A game in a file: written and read back exactly by every reader, and a damaged or foreign file
refused with one line (exit status 2 on the command line) without touching the game in progress."""
from __future__ import annotations

import datetime
import io
import random
from pathlib import Path

import pytest

from game.savefile import SaveFileError, load, read_text, save, write_text
from game.session import Session
from game.variants import all_variants, find_variant
from solitaire.cli import main
from solitaire.console import Console
from solitaire.store import open_store


def played(key: str, deal: int, moves: int, seed: int = 1) -> Session:
    """A session with up to `moves` random legal moves made, one undone (so there is a redo to keep)."""
    session = Session(find_variant(key), deal, clock=lambda: 0.0)
    rng = random.Random(seed)
    for _ in range(moves):
        legal = sorted(session.rules.legal_moves(session.state), key=str)
        if not legal or session.is_won:
            break
        session.play(rng.choice(legal))
    if session.can_undo:
        session.undo()
    return session


@pytest.mark.parametrize("key", sorted({variant.key for variant in all_variants()}))
def test_every_game_reads_back_at_the_same_point_of_the_same_history(key: str) -> None:
    session = played(key, 7, 25)
    session.hints, session.undos = 2, 3
    text = write_text(session)
    again = read_text(text)
    assert again.variant == session.variant and again.deal_number == session.deal_number
    assert again.state == session.state and again.actions == session.actions and again.automatic == session.automatic
    assert again.position_in_history == session.position_in_history and again.can_redo == session.can_redo
    assert (again.hints, again.undos) == (2, 3)
    assert write_text(again) == text  # a file read and written again is the same file


def test_a_restart_a_custom_shape_and_the_time_played_are_kept(tmp_path: Path) -> None:
    now = [100.0]
    session = Session(find_variant("freecell:3x10"), 11, autoplay=False, clock=lambda: now[0])
    session.play(sorted(session.rules.legal_moves(session.state), key=str)[0])
    now[0] += 61.5
    session.restart()
    session.undo()  # the restart undone: it stays in the history, to redo
    path = tmp_path / "game.solitaire"
    save(session, path)
    again = load(path)
    assert again.variant.key == "freecell:3x10" and again.actions == session.actions
    assert again.position_in_history == session.position_in_history
    assert again.elapsed == pytest.approx(61.5, abs=0.1)
    assert "restart" in path.read_text(encoding="utf-8")


def test_a_position_that_is_no_deal_is_kept_as_its_board() -> None:
    start = played("freecell", 617, 8).state
    session = Session(find_variant("freecell"), 617, start=start, clock=lambda: 0.0)
    text = write_text(session)
    assert "board:" in text
    assert read_text(text).state == start


def test_a_deal_of_the_day_read_back_is_still_that_days(tmp_path: Path) -> None:
    """Saved to a file and opened again (another day, or on another machine), the game still counts as
    the deal of the day it was, as a game the store keeps does; any other deal's file has no such line."""
    day = datetime.date(2026, 12, 7)
    session = Session(find_variant("klondike"), 5, clock=lambda: 0.0, daily=day)
    path = tmp_path / "today.solitaire"
    save(session, path)
    assert "daily: 2026-12-07" in path.read_text(encoding="utf-8")
    assert load(path).daily == day
    other = write_text(played("klondike", 5, 3))
    assert "daily" not in other and read_text(other).daily is None


def damaged_texts() -> list[tuple[str, str]]:
    """(what is wrong, the text): each a way a file is damaged, truncated, edited or not ours at all."""
    good = write_text(played("klondike", 5, 30))
    lines = good.splitlines()
    moves_at = lines.index("moves:")
    return [
        ("empty", ""),
        ("another program's", "<?xml version='1.0'?><game/>\n"),
        ("a later version", good.replace("version 1", "version 2", 1)),
        ("no game line", "\n".join(line for line in lines if not line.startswith("game:"))),
        ("an unknown game", good.replace("game: klondike", "game: patience-of-tomorrow")),
        ("other rules", good.replace('"draw": 1', '"draw": 2')),
        ("unreadable options", good.replace("options: {", "options: {{")),
        ("a bad deal", good.replace("deal: 5", "deal: 0")),
        ("a huge deal", good.replace("deal: 5", "deal: " + "9" * 400)),
        ("a bad time", good.replace("time: 0.0", "time: nan")),
        ("a negative count", good.replace("undos: 1", "undos: -1")),
        ("an unknown key", good + "colour: blue\n"),
        ("a key twice", good + "deal: 6\n"),
        ("truncated in a move", good[: good.rindex(" ") + 2]),
        ("a move that is no move", good.rstrip("\n") + " zz9\n"),
        ("an illegal move", "\n".join([*lines[: moves_at + 1], "  1h 1h 1h"]) + "\n"),
        ("at past the end", good.replace(f"at: {lines[moves_at - 1].split()[1]}", "at: 999")),
        ("a bad board", good.replace("moves:", "board:\n  Foundations: nonsense\nmoves:")),
        ("a bad solver line", good + "solver: maybe\n"),
        ("a daily line that is no day", good.replace("deal: 5", "deal: 5\ndaily: 2026-02-30")),
        ("a day spelt otherwise", good.replace("deal: 5", "deal: 5\ndaily: 20261207")),
    ]


@pytest.mark.parametrize(("what", "text"), damaged_texts(), ids=[what for what, _text in damaged_texts()])
def test_a_damaged_or_foreign_text_is_refused_in_one_line(what: str, text: str) -> None:
    with pytest.raises(SaveFileError) as refused:
        read_text(text)
    message = str(refused.value)
    assert message and "\n" not in message and len(message) < 400 and "Traceback" not in message


def test_files_that_are_no_text_at_all_are_refused(tmp_path: Path) -> None:
    binary = tmp_path / "image.solitaire"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\xff")
    for path in (binary, tmp_path / "missing.solitaire", tmp_path, Path("/dev/zero")):
        with pytest.raises(SaveFileError) as refused:
            load(path)
        assert str(path.name) in str(refused.value) and "\n" not in str(refused.value)


# -- the console -----------------------------------------------------------------------------------


def test_the_console_saves_and_loads_and_a_damaged_file_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "mine.solitaire"
    out = io.StringIO()
    first = Console(Session(find_variant("freecell"), 617, autoplay=False), out)
    first.run(io.StringIO(f"1a\n2b\nsave {path}\nq\n"))
    assert f"Saved to {path}." in out.getvalue()
    second = Console(Session(find_variant("golf"), 3, autoplay=False), io.StringIO())
    second.execute(f"load {path}")
    assert second.session.state == first.session.state and second.session.variant.key == "freecell"
    (tmp_path / "bad.solitaire").write_text("Solitaire Suite game, version 1\ngame: freecell\n", encoding="utf-8")
    session, where = second.session, second.session.position_in_history
    out = io.StringIO()
    third = Console(session, out)
    for line in (f"load {tmp_path / 'bad.solitaire'}", f"load {tmp_path / 'none.solitaire'}", "load", f"save {tmp_path}"):
        assert not third.execute(line).ok
    assert third.session is session and session.position_in_history == where
    errors = [line for line in out.getvalue().splitlines() if line.startswith("Error:")]
    assert len(errors) == 4 and "no 'deal' line" in errors[0]


def test_a_game_loaded_in_the_console_replaces_the_game_in_progress_which_is_recorded(tmp_path: Path) -> None:
    path = tmp_path / "g.solitaire"
    save(played("golf", 4, 5), path)
    store, _ = open_store(tmp_path / "data")
    console = Console(Session(find_variant("freecell"), 1, autoplay=False), io.StringIO(), record=store.record_game)
    console.execute("1a")
    console.execute(f"load {path}")
    assert [(g.game_key, g.deal, g.result) for g in store.games()] == [("freecell", 1, "abandoned")]
    store.close()


# -- the command line ----------------------------------------------------------------------------------


def test_show_and_solve_load_a_saved_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    session = played("freecell", 1, 4)
    path = tmp_path / "fc.solitaire"
    save(session, path)
    assert main(["show", "--load", str(path)]) == 0
    assert capsys.readouterr().out == session.rules.to_text(session.state)
    assert main(["solve", "--load", str(path), "--time-limit", "30"]) == 0
    moves = [line for line in capsys.readouterr().out.splitlines() if not line.startswith("#")]
    console = Console(load(path, autoplay=False), io.StringIO())
    for move in moves:
        assert console.execute(move).ok
    assert console.session.is_won  # the solution is from where the file stood


@pytest.mark.parametrize("argv", [
    ["show", "--load", "{file}"], ["solve", "--load", "{file}"], ["console", "--load", "{file}"],
    ["play", "{file}"], ["{file}"],
])
def test_every_reader_refuses_a_damaged_file_in_one_line_with_status_2_and_keeps_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str],
) -> None:
    data = tmp_path / "data"
    store, _ = open_store(data)
    in_progress = played("freecell", 9, 3)
    assert store.save_game(in_progress)
    store.close()
    bad = tmp_path / "bad.solitaire"
    bad.write_text(write_text(played("freecell", 9, 3)).replace("deal: 9", "deal: nine"), encoding="utf-8")
    words = [word.format(file=bad) for word in argv]
    extra = ["--data-dir", str(data)] if words[0] in ("console", "play", str(bad)) else []
    assert main([*words, *extra]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bad.solitaire" in err and "'deal'" in err and "Traceback" not in err
    store, _ = open_store(data)
    kept, _message = store.load_game()
    assert kept is not None and kept.state == in_progress.state and store.games() == []
    store.close()
