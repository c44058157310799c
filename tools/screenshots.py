"""Screenshots of the real window on Xvfb, for the README and for comparing with other programs.

    .venv/bin/python tools/screenshots.py                 # every shot into docs/screenshots/
    .venv/bin/python tools/screenshots.py --out /tmp/shots --only freecell

Each shot starts the program as a player does (`python main.py --game G --deal N --size WxH`) with
a fresh data folder, optionally plays some input through xdotool, and reads the window back with
xwd. Needs Xvfb, xdotool and xwd (Debian: xvfb xdotool x11-apps).
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

from tools.xwindow import find_window, screenshot, xdo, xvfb  # noqa: E402

SIZES = ((1280, 800), (800, 600))
PANEL_KEYS = {"o", "g", "s", "F1"}  # the keys that open a panel


@dataclass(frozen=True)
class Shot:
    name: str
    game: str
    deal: int
    size: tuple[int, int]
    args: tuple[str, ...] = ()
    actions: tuple[tuple[str, ...], ...] = field(default=())  # xdotool commands, run in order
    settings: tuple[tuple[str, object], ...] = ()  # kept settings written before the start, by name
    late: bool = False  # resumes the game saved late in its solver's line, instead of starting the deal
    daily: str = ""  # the deal of the day of this date (`--daily --date`), instead of the deal


def top_card_point(game: str, deal: int, size: tuple[int, int]) -> tuple[int, int]:
    """Where a player grabs the top card of the first column, by the window's own arithmetic."""
    from game.moves import column
    from game.variants import find_variant, rules_for
    from sprites.window.layout import compute_layout

    variant = find_variant(game)
    state = rules_for(variant).deal(deal)
    rect = compute_layout(*size, variant).card_rects(column(0), len(state.columns[0]), state.hidden[0])[-1]
    return rect.centerx, rect.top + rect.height // 3


def drag_over_toolbar(game: str, deal: int, size: tuple[int, int]) -> tuple[tuple[str, ...], ...]:
    x, y = top_card_point(game, deal, size)
    steps = [("mousemove", "--window", "{window}", str(x + (size[0] // 3 - x) * i // 6), str(y - (y - 10) * i // 6))
             for i in range(1, 7)]
    return (("mousemove", "--window", "{window}", str(x), str(y)), ("mousedown", "1"), *steps, ("sleep", "0.3"))


def click_stock(game: str, size: tuple[int, int], times: int) -> tuple[tuple[str, ...], ...]:
    """Clicks on the stock, as a player deals (Spider's stock lays a card on every column)."""
    from game.moves import STOCK
    from game.variants import find_variant
    from sprites.window.layout import compute_layout

    x, y = compute_layout(*size, find_variant(game)).pile_rect(STOCK).center
    click = (("mousemove", "--window", "{window}", str(x), str(y)), ("click", "1"), ("sleep", "1.5"))
    return tuple(action for _time in range(times) for action in click)


def drag_deep_card(game: str, deal: int, size: tuple[int, int]) -> tuple[tuple[str, ...], ...]:
    """A press on the deepest card a legal move takes with the cards on it, held halfway to its target."""
    from game.moves import PileKind
    from game.variants import find_variant, rules_for
    from sprites.window.layout import compute_layout

    variant = find_variant(game)
    rules = rules_for(variant)
    state = rules.deal(deal)
    move = max((m for m in rules.legal_moves(state) if m.dst.kind is PileKind.COLUMN), key=lambda m: m.count)
    layout = compute_layout(*size, variant)
    src, dst = move.src.index, move.dst.index
    head = layout.card_rects(move.src, len(state.columns[src]), state.hidden[src])[-move.count]
    onto = layout.card_rects(move.dst, len(state.columns[dst]), state.hidden[dst])[-1]
    x, y = head.centerx, head.top + head.height // 8
    to_x, to_y = (x + onto.centerx) // 2, (y + onto.bottom) // 2
    steps = [
        ("mousemove", "--window", "{window}", str(x + (to_x - x) * i // 6), str(y + (to_y - y) * i // 6)) for i in range(1, 7)
    ]
    return (("mousemove", "--window", "{window}", str(x), str(y)), ("mousedown", "1"), *steps, ("sleep", "0.3"))


def late_in_the_game(data: str, key: str, deal: int) -> None:
    """Save the deal played along its solver's line to where its columns are longest in the second
    half of the line (a game late and in full swing), for the window to resume (started with no game
    named, as a player reopens it)."""
    from game.session import Session
    from game.solver import load_compiled, solve
    from game.variants import find_variant
    from solitaire.store import open_store

    load_compiled()  # as the solve command does: the compiled search where it is built
    session = Session(find_variant(key), deal, autoplay=False)
    result = solve(session.rules, session.state, max_positions=400_000)
    if not result.moves:
        raise SystemExit(f"no solution found for {key} deal {deal} to play late into")
    states, state = [], session.state
    for move in result.moves:
        state = session.rules.apply(state, move)
        states.append(max(len(column) for column in state.columns))
    half = len(states) // 2
    stop = max(range(half, len(states)), key=lambda at: (states[at], -at))
    for move in result.moves[: stop + 1]:
        session.play(move)
    store, _ = open_store(data)
    store.save_game(session)
    store.close()


# The deal each game's own shot shows where deal 1 shows it less well; deal 1 for every other game.
SHOWN_DEALS = {"freecell": 617, "bakers-game": 617, "eight-off": 3, "seahaven": 3, "klondike": 5, "klondike-draw3": 5,
               "klondike-nfr": 5, "klondike3-nfr": 5, "golf": 4, "golf-strict": 4, "pyramid": 5}


def offered_games() -> list[str]:
    from game.variants import offered_variants

    return [variant.key for variant in offered_variants()]


def shots() -> list[Shot]:
    plan = []
    for width, height in SIZES:
        size, tag = (width, height), f"{width}x{height}"
        for game in offered_games():  # every game of the chooser, found in the registry as it grows
            plan.append(Shot(f"{game}-{tag}", game, SHOWN_DEALS.get(game, 1), size))
        plan.append(Shot(f"yukon-drag-{tag}", "yukon", 1, size, actions=drag_deep_card("yukon", 1, size)))
        plan.append(Shot(f"spider-dealt-{tag}", "spider", 1, size, actions=click_stock("spider", size, 3)))
        plan.append(Shot(f"aces-up-dealt-{tag}", "aces-up", 1, size, actions=click_stock("aces-up", size, 4)))
        plan.append(Shot(f"four-colour-{tag}", "freecell", 617, size, settings=(("four_colour", True),)))
        plan.append(Shot(f"high-contrast-{tag}", "klondike", 5, size, settings=(("high_contrast", True),)))
        plan.append(Shot(f"larger-text-{tag}", "klondike", 5, size, settings=(("text_size", "larger"),)))
        settings_key = (("sleep", "2"), ("key", "--window", "{window}", "o"))  # once the window takes keys
        plan.append(Shot(f"spider-settings-{tag}", "spider-2", 1, size, actions=settings_key))
        plan.append(Shot(f"drag-over-toolbar-{tag}", "freecell", 617, size, actions=drag_over_toolbar("freecell", 617, size)))
        plan.append(Shot(f"settings-{tag}", "klondike", 5, size, actions=(("key", "--window", "{window}", "o"),)))
        plan.append(Shot(f"game-chooser-{tag}", "freecell", 617, size, actions=(("key", "--window", "{window}", "g"),)))
        drawn = ("sleep", "1")  # the panel's first frame, on a busy machine
        plan.append(Shot(f"paused-{tag}", "klondike", 5, size, actions=(("key", "--window", "{window}", "p"), drawn)))
        day = "2026-12-06"  # the deal of the day: the status bar names it; the statistics have its line
        plan.append(Shot(f"daily-{tag}", "klondike", 0, size, daily=day))
        plan.append(Shot(f"daily-statistics-{tag}", "klondike", 0, size, daily=day,
                         actions=(("key", "--window", "{window}", "s"), drawn)))
        plan.append(Shot(f"save-file-{tag}", "freecell", 617, size, actions=(("key", "--window", "{window}", "ctrl+s"), drawn)))
        large_index = (("face_style", "large-index"), ("back_style", "red"))
        plan.append(Shot(f"large-index-{tag}", "freecell", 617, size, settings=large_index))
        green_on_blue = (("back_style", "green"), ("felt", "blue"))
        plan.append(Shot(f"green-back-blue-felt-{tag}", "klondike-draw3", 5, size, settings=green_on_blue))
        for felt in ("red", "grey"):  # the other felts: the bars and panels take their colours from it
            plan.append(Shot(f"{felt}-felt-{tag}", "klondike", 5, size, settings=(("felt", felt),)))
        # the score in the status bar: Klondike's Vegas and Standard, TriPeaks' runs half played by Solve
        plan.append(Shot(f"klondike-vegas-{tag}", "klondike", 5, size, args=("--scoring", "vegas")))
        plan.append(Shot(f"klondike-standard-{tag}", "klondike-draw3", 5, size, args=("--scoring", "standard")))
        plan.append(Shot(f"tripeaks-runs-{tag}", "tripeaks", 1, size, args=("--scoring", "runs")))
    # German has the longest words: every panel at the least window, to see that nothing is clipped.
    size, key = (800, 600), ("key", "--window", "{window}")
    for name, game, deal, actions in (
        ("freecell", "freecell", 617, ()), ("klondike", "klondike", 5, ()), ("golf", "golf", 4, ()),
        ("help", "freecell", 617, ((*key, "F1"),)), ("statistics", "freecell", 617, ((*key, "s"),)),
        ("settings", "klondike", 5, ((*key, "o"),)), ("game-chooser", "freecell", 617, ((*key, "g"),)),
        ("paused", "klondike", 5, ((*key, "p"), ("sleep", "1"))),
    ):
        plan.append(Shot(f"de-{name}-800x600", game, deal, size, args=("--lang", "de"), actions=actions))
    plan.append(Shot("fr-klondike-800x600", "klondike", 5, size, args=("--lang", "fr")))
    plan.append(Shot("es-freecell-800x600", "freecell", 617, size, args=("--lang", "es")))
    # Yukon and Spider late in a game at the least window: long columns, every covered index legible
    for game, deal in (("yukon", 1), ("russian", 1), ("spider-1", 1)):
        plan.append(Shot(f"{game}-late-800x600", game, deal, size, late=True))
    # a Klondike game played out by Solve (Ctrl+D) at three times the animation speed: the win alone
    solved = (("key", "--window", "{window}", "ctrl+d"), ("sleep", "150"))
    fast = (("animation_speed", 3.0),)
    plan.append(Shot("klondike-solved-1280x800", "klondike", 5, (1280, 800), settings=fast, actions=solved))
    # Forty Thieves half played by Solve: runs, eight foundations under way, the waste
    halfway = (("key", "--window", "{window}", "ctrl+d"), ("sleep", "30"))
    plan.append(Shot("forty-thieves-played-1280x800", "forty-thieves", 1, (1280, 800), settings=fast, actions=halfway))
    return plan


def keep_settings(data: str, settings: tuple[tuple[str, object], ...]) -> None:
    """Write the kept settings a shot starts with, as the settings panel would have."""
    from solitaire.store import open_store
    from solitaire.store.settings import all_settings

    store, _ = open_store(data)
    by_name = {setting.name: setting for setting in all_settings()}
    for name, value in settings:
        store.settings.set(by_name[name], value)  # each setting checks its own value's type
    store.close()


def take(shot: Shot, display: str, out: Path) -> Path:
    env = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy",
           "SDL_FRAMEBUFFER_ACCELERATION": "0"}
    with tempfile.TemporaryDirectory() as data:
        keep_settings(data, shot.settings)
        named = ["--game", shot.game, *(("--daily", "--date", shot.daily) if shot.daily else ("--deal", str(shot.deal)))]
        if shot.late:
            late_in_the_game(data, shot.game, shot.deal)
            named = []  # the window resumes the saved game
        command = [sys.executable, "main.py", *named, "--size", f"{shot.size[0]}x{shot.size[1]}", "--mute", "--data-dir", data,
                   *shot.args]
        app = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            window = find_window(env, app.pid)
            time.sleep(3.5 if shot.actions else 1.5)  # the deal's animation and auto-play; then it takes keys
            if shot.actions:  # the pointer and keys go to the focused window, as a player's do (XTEST)
                xdo(env, "windowfocus", "--sync", window)
                time.sleep(1.0)
            for action in shot.actions:
                if action[0] == "sleep":
                    time.sleep(float(action[1]))
                elif action[0] == "key":
                    keys = [part for part in action[1:] if part not in ("--window", "{window}")]
                    # A panel's key thrice: on a loaded machine a window just started now and then missed
                    # the first, and a panel ignores the key that opened it. (Ctrl+D once: a key stops Solve.)
                    for _time in range(3 if keys[-1] in PANEL_KEYS else 1):
                        xdo(env, "key", *keys)
                        time.sleep(0.7)
                else:
                    xdo(env, *[window if part == "{window}" else part for part in action])
            time.sleep(0.3)
            image = screenshot(env, window)
        finally:
            app.kill()
            app.wait()
    path = out / f"{shot.name}.png"
    pygame.image.save(image, str(path))
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--only", help="only the shots whose name contains this")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with xvfb() as display:
        for shot in shots():
            if args.only and args.only not in shot.name:
                continue
            print(take(shot, display, args.out))


if __name__ == "__main__":
    main()
