"""`stats --csv`, `--json` and `--history`: the exports parse, say what the store holds, and read the
same in every language."""
from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from solitaire.cli import main
from solitaire.store import open_store

from .test_store_stats import fill


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(["stats", *argv])
    except SystemExit as stop:  # argparse's own refusals end so
        code = stop.code  # type: ignore[assignment]
    out, err = capsys.readouterr()
    return code, out, err


def test_the_csv_statistics_parse_and_match_the_store(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fill(tmp_path)
    code, out, _err = run(capsys, "--data-dir", str(tmp_path), "--csv")
    assert code == 0
    rows = {row["game"]: row for row in csv.DictReader(io.StringIO(out))}
    assert set(rows) == {"freecell", "freecell:3x10", "golf"}
    freecell = rows["freecell"]
    assert (freecell["played"], freecell["won"], freecell["lost"], freecell["current_streak"]) == ("4", "3", "1", "2")
    assert float(freecell["win_rate"]) == pytest.approx(0.75) and float(freecell["best_seconds"]) == 200.0
    assert freecell["fewest_moves"] == "4"
    assert rows["golf"]["best_seconds"] == "" and rows["golf"]["abandoned"] == "1"  # no win: no best


def test_the_json_statistics_say_their_format_and_match_the_store(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fill(tmp_path)
    code, out, _err = run(capsys, "--data-dir", str(tmp_path), "--json", "--game", "fc")
    assert code == 0
    document = json.loads(out)
    assert document["format"] == "solitaire-suite statistics" and document["version"] == 1
    (freecell,) = document["statistics"]
    store, _ = open_store(tmp_path)
    stats = store.statistics("freecell")
    store.close()
    assert freecell["game"] == "freecell" and freecell["played"] == stats.played and freecell["won"] == stats.won
    assert freecell["longest_losing_streak"] == stats.longest_losing_streak
    assert freecell["best_seconds"] == stats.best_seconds and freecell["fewest_moves"] == stats.fewest_moves


def test_the_history_exports_parse_and_list_every_game_oldest_first(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fill(tmp_path)
    store, _ = open_store(tmp_path)
    kept = store.games()
    store.close()
    _code, out, _err = run(capsys, "--data-dir", str(tmp_path), "--history", "--json")
    history = json.loads(out)["history"]
    assert [(g["game"], g["deal"], g["result"], g["moves"], g["seconds"]) for g in history] == [
        (r.game_key, r.deal, r.result, r.moves, r.seconds) for r in kept]
    assert all(g["finished_at"] == r.finished_at for g, r in zip(history, kept))
    _code, out, _err = run(capsys, "--data-dir", str(tmp_path), "--history", "--csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [(row["game"], int(row["deal"]), row["result"], float(row["seconds"])) for row in rows] == [
        (r.game_key, r.deal, r.result, r.seconds) for r in kept]
    assert json.loads(rows[-1]["options"])["cells"] == 3  # freecell:3x10's parameters, as recorded


def test_the_history_table_is_in_the_players_language(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fill(tmp_path)
    _code, out, _err = run(capsys, "--data-dir", str(tmp_path), "--history")
    lines = out.splitlines()
    assert lines[0].split() == ["Date", "Game", "Deal", "Result", "Moves", "Time", "Score"]
    assert len(lines) == 7 and lines[1].split()[2:] == ["freecell", "100", "won", "6", "5:00", "-"]
    _code, french, _err = run(capsys, "--data-dir", str(tmp_path), "--history", "--lang", "fr")
    assert french.splitlines()[0] != lines[0]
    _code, exported, _err = run(capsys, "--data-dir", str(tmp_path), "--history", "--csv", "--lang", "fr")
    _code, english, _err = run(capsys, "--data-dir", str(tmp_path), "--history", "--csv")
    assert exported == english  # an export reads the same in every language


def test_nothing_recorded_exports_empty_and_parses(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _code, out, _err = run(capsys, "--data-dir", str(tmp_path), "--json")
    assert json.loads(out)["statistics"] == []
    _code, out, _err = run(capsys, "--data-dir", str(tmp_path), "--history", "--csv")
    assert list(csv.DictReader(io.StringIO(out))) == []


@pytest.mark.parametrize("argv", [["--csv", "--json"], ["--reset", "--csv", "--yes"], ["--reset", "--history", "--yes"]])
def test_exports_that_make_no_sense_get_one_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str],
) -> None:
    fill(tmp_path)
    code, out, err = run(capsys, "--data-dir", str(tmp_path), *argv)
    assert code == 2 and "Traceback" not in err and err.strip()
    store, _ = open_store(tmp_path)
    assert len(store.games()) == 6  # nothing was reset
    store.close()


def test_the_windows_statistics_list_the_games_played_newest_first() -> None:
    import pygame

    from game.session import Session
    from game.variants import find_variant
    from sprites.panels.history import HistoryOverlay

    from .gui_helpers import click, key, make_app

    pygame.init()
    try:
        app, clock = make_app(deal=617, autoplay=False)
        for deal, result in ((5, "lost"), (6, "abandoned")):
            session = Session(find_variant("freecell"), deal, autoplay=False)
            session.play(sorted(session.rules.legal_moves(session.state), key=str)[0])
            app.store.record_game(session, result)  # type: ignore[arg-type]
        key(app, pygame.K_s)
        statistics = app.overlays[-1]
        click(app, clock, next(b for b in statistics.buttons if b.label == "Games played").rect.center)
        panel = app.overlays[-1]
        assert isinstance(panel, HistoryOverlay)
        app.step()
        assert [(r.deal, r.result) for r in panel.records] == [(6, "abandoned"), (5, "lost")]
        key(app, pygame.K_ESCAPE)
        assert app.overlays == [statistics]
    finally:
        pygame.quit()
