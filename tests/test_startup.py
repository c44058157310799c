"""What the window's first frame waits for: only the play path's modules, no search, no panels, no
garbage collection (which every other command has).

The time it takes is a figure for bench/ (bench/idle.py); what it must not load is behaviour, checked
here in a fresh interpreter that runs `main.py`'s play path to its first frame and lists its modules.
"""
import json
import os
import pkgutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FIRST_FRAME = """
import json, runpy, sys
sys.path.insert(0, {root!r})
import solitaire.cli.play

def first_frame(app):
    import gc
    collecting = gc.isenabled()
    app.step()
    import pygame
    print(json.dumps({{"modules": sorted(sys.modules), "mixer": pygame.mixer.get_init() is not None,
                      "watcher": app.solver.watcher is not None, "collecting": [collecting, gc.isenabled()],
                      "saved": app.store.load_game()[0] is not None}}))
    app.step()
    print(json.dumps({{"watcher": app.solver.watcher is not None, "collecting": gc.isenabled(),
                      "saved": app.store.load_game()[0] is not None}}))
    app.close()

def run(args):
    import sprites.window.app
    sprites.window.app.App.run = first_frame
    return real_run(args)

real_run, solitaire.cli.play.run = solitaire.cli.play.run, run
sys.argv = ["main.py", "--game", "freecell", "--deal", "1", "--data-dir", {data!r}]
runpy.run_path({main!r}, run_name="__main__")
"""

OTHER_COMMAND = """
import gc, json, runpy, sys
sys.path.insert(0, {root!r})
import solitaire.cli.games

def run(args):
    print(json.dumps(gc.isenabled()))
    return 0

solitaire.cli.games.run = run
sys.argv = ["main.py", "games"]
runpy.run_path({main!r}, run_name="__main__")
"""

LATER = (
    "game.solver", "game.solver.background", "multiprocessing", "threading",
    "sprites.panels.overlays", "sprites.scene.celebration", "sprites.panels.help_text", "sprites.panels.settings_panel",
    "sprites.panels.statistics",
    "solitaire.console", "solitaire.cli.console", "solitaire.cli.solve", "solitaire.cli.stats", "solitaire.cli.show",
    "solitaire.cli.games", "solitaire.store.stats",
    "game.pieces.matching", "game.pieces.stocks",  # kinds of piles FreeCell does not declare
    # the families of games not being played (this start plays FreeCell)
    *(f"game.families.{info.name}" for info in pkgutil.iter_modules([str(ROOT / "game" / "families")])
      if info.name != "freecell"),
)


def first_frame(tmp_path: Path) -> tuple[dict, dict]:
    """What a start of `main.py`'s play path had loaded at its first frame, and after its next step."""
    code = FIRST_FRAME.format(root=str(ROOT), data=str(tmp_path / "data"), main=str(ROOT / "main.py"))
    env = {**os.environ, "SOLITAIRE_CACHE_DIR": str(tmp_path / "cache")}
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60, env=env)
    assert result.returncode == 0, result.stderr
    first, second = (json.loads(line) for line in result.stdout.splitlines())
    return first, second


def test_the_first_frame_loads_no_solver_no_panel_and_no_other_command(tmp_path: Path) -> None:
    first, second = first_frame(tmp_path)
    assert "sprites.scene.table" in first["modules"] and "solitaire.store" in first["modules"]  # the frame was the play path's
    assert [name for name in LATER if name in first["modules"]] == []
    assert first["mixer"] is False  # the audio device waits for the first sound
    assert first["watcher"] is False and second["watcher"] is True  # the search starts once the frame is shown
    # no garbage collection until the frame is on screen, then as usual from the next pass
    assert first["collecting"] == [False, False] and second["collecting"] is True
    assert not first["saved"] and second["saved"]  # the named game is saved once the frame is up, before any move


def test_every_other_command_runs_with_garbage_collection() -> None:
    code = OTHER_COMMAND.format(root=str(ROOT), main=str(ROOT / "main.py"))
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) is True  # main.py starts without it, for the window's sake


def test_a_start_with_the_faces_kept_loads_no_drawing_of_them(tmp_path: Path) -> None:
    cold, _ = first_frame(tmp_path)
    warm, _ = first_frame(tmp_path)
    drawing = ["sprites.deck.court", "sprites.deck.faces", "sprites.deck.pips"]
    assert [name for name in drawing if name in cold["modules"]] == drawing  # the first start drew the faces
    assert [name for name in [*drawing, "sprites.deck.backs"] if name in warm["modules"]] == []  # FreeCell shows no back
