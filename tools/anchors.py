"""Anchor screenshots: AisleRiot and KPatience showing the same games at our window sizes, to look
at beside our own (tools/screenshots.py), on a private Xvfb.

    .venv/bin/python tools/anchors.py                       # into /work/anchors/
    .venv/bin/python tools/anchors.py --out /tmp/anchors --only kpat

Each program starts with a fresh home folder (no saved size or game), its window is set to the size
by xdotool (there is no window manager to ask), and the window is read back with xwd once it has
settled. Needs the Debian packages aisleriot and kpat besides Xvfb, xdotool, xwd, imagemagick (for
a panel over the game) and dbus (for dbus-run-session, without which KPatience does not start).
"""
from __future__ import annotations

import argparse
import io
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

from tools.xwindow import screenshot, xdo, xvfb  # noqa: E402

GAMES = ("klondike", "freecell", "spider", "yukon", "golf", "gypsy")
# AisleRiot's nearest to our Pyramid (its Thirteen: the pyramid's upper rows face down), its Triple
# Peaks (our TriPeaks) and its Canfield, which KPatience does not have.
AISLERIOT_GAMES = ("thirteen", "triple-peaks", "canfield")
# Panels to compare with ours: (program, shot name, game or None for none, keys pressed once it shows)
PANELS = (
    ("kpat", "chooser", None, ()),  # KPatience opens on its game chooser when given no game
    ("aisleriot", "chooser", "klondike", ("ctrl+o",)),  # Select Game
    ("aisleriot", "statistics", "klondike", ("alt+g", "t")),  # the Game menu's Statistics
    ("kpat", "statistics", "klondike", ("alt+g", "s")),
)
# KPatience's games that AisleRiot names otherwise: (shot name, KPatience's --gametype)
KPAT_GAMES = (
    ("aces-up", "acesup"), ("forty-and-eight", "fortyeight"), ("grandfathers-clock", "grandfathersclock"),
    ("grandfather", "grandfather"), ("mod3", "mod3"),
)
SIZES = ((1280, 800), (800, 600))
# Each program's command, its window's class, and how it is told to open a game (both know the
# three by these names).
PROGRAMS = {
    "aisleriot": ("sol", "sol", lambda game: [f"--variation={game}"]),
    "kpat": ("kpat", "kpat", lambda game: ["--gametype", game]),
}
SETTLE_S = 6.0  # a program's start, its deal's animation, and the redraw at the new size


def program_path(name: str) -> str | None:
    """Debian puts games in /usr/games, which a root shell's PATH may leave out."""
    return shutil.which(name) or shutil.which(name, path="/usr/games")


def take(program: str, game: str | None, size: tuple[int, int], display: str, out: Path,
         name: str = "", keys: tuple[str, ...] = ()) -> Path:
    """One shot of `program` showing `game` (None: as it opens with none), `keys` pressed once it shows."""
    command, window_class, arguments = PROGRAMS[program]
    path = program_path(command)
    if path is None:
        raise SystemExit(f"{command} is not installed (Debian package {program})")
    home = tempfile.mkdtemp(prefix="anchor-home-")
    try:
        env = {**os.environ, "DISPLAY": display, "HOME": home, "XDG_RUNTIME_DIR": home, "XDG_CONFIG_HOME": f"{home}/.config",
               "QT_QPA_PLATFORM": "xcb", "NO_AT_BRIDGE": "1", "GTK_USE_PORTAL": "0"}
        # KPatience will not start without a D-Bus session, which a bare Xvfb has not.
        session = ["dbus-run-session", "--"] if shutil.which("dbus-run-session") else []
        app = subprocess.Popen([*session, path, *(arguments(game) if game else [])], env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            window = wait_for_window(env, window_class)
            xdo(env, "windowmove", window, "0", "0")
            xdo(env, "windowsize", window, str(size[0]), str(size[1]))
            time.sleep(SETTLE_S)
            for key in keys:  # to the focused window: GTK ignores keys sent to a window (XSendEvent)
                xdo(env, "windowfocus", "--sync", window)
                xdo(env, "key", key)
                time.sleep(2.0)
            # A panel opened by a key is a window of its own, over the game's: read the screen then.
            image = screen_area(env, size) if keys else screenshot(env, window)
        finally:
            os.killpg(app.pid, signal.SIGTERM)  # the program and the D-Bus session it runs in
            try:
                app.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(app.pid, signal.SIGKILL)
                app.wait()
    finally:
        remove_home(home)
    target = out / f"{program}-{name or game}-{size[0]}x{size[1]}.png"
    pygame.image.save(image, str(target))
    return target


def remove_home(home: str) -> None:
    """The program's temporary home, once it has gone: a desktop portal its D-Bus session started may
    have mounted a file system in it (XDG_RUNTIME_DIR/doc), which is unmounted first; what still cannot
    be removed is left (Python 3.11's rmtree stops at such a mount even when told to ignore errors)."""
    mounts = [line.split()[1] for line in Path("/proc/mounts").read_text().splitlines() if home in line]
    for mount in mounts:
        subprocess.run(["fusermount", "-uz", mount], capture_output=True, check=False)
    try:
        shutil.rmtree(home, ignore_errors=True)
    except OSError:
        pass


def screen_area(env: dict, size: tuple[int, int]) -> pygame.Surface:
    """What the screen shows from its top left corner, every window on it (ImageMagick's import)."""
    width, height = size
    png = subprocess.run(["import", "-window", "root", "-crop", f"{width}x{height}+0+0", "png:-"], env=env,
                         capture_output=True, timeout=30, check=True).stdout
    return pygame.image.load(io.BytesIO(png), "screen.png")


def wait_for_window(env: dict, window_class: str, timeout_s: float = 60.0) -> str:
    """The largest visible window of the class (a splash or a tooltip may come first); by class, as
    the program runs under dbus-run-session and the window's process is not the one started."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            found = xdo(env, "search", "--onlyvisible", "--class", window_class).split()
        except subprocess.CalledProcessError:
            found = []
        if found:
            time.sleep(1.0)  # mapped; let it draw once
            return max(found, key=lambda w: _area(env, w))
        time.sleep(0.3)
    raise RuntimeError(f"no {window_class} window within {timeout_s:.0f} s")


def _area(env: dict, window: str) -> int:
    lines = xdo(env, "getwindowgeometry", window).splitlines()
    geometry = next((line.split(":")[1].strip() for line in lines if "Geometry" in line), "0x0")
    width, height = (int(n) for n in geometry.split("x"))
    return width * height


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("/work/anchors"))
    parser.add_argument("--only", help="only the shots whose name contains this")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    plan: list[tuple[str, str, str | None, tuple[str, ...]]] = [
        (program, game, game, ()) for program in PROGRAMS for game in GAMES
    ]
    plan += [("aisleriot", game, game, ()) for game in AISLERIOT_GAMES]
    plan += [("kpat", name, game, ()) for name, game in KPAT_GAMES] + list(PANELS)
    with xvfb("1600x1000x24") as display:
        for program, name, game, keys in plan:
            for size in SIZES:
                if args.only and args.only not in f"{program}-{name}-{size[0]}x{size[1]}":
                    continue
                print(take(program, game, size, display, args.out, name, keys), flush=True)


if __name__ == "__main__":
    main()
