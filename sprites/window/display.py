"""Whether a window can be opened at all, asked before anything else is set up.

Without a display (DISPLAY unset or its X server gone, no Wayland, SDL_VIDEODRIVER not set) SDL quietly
picks its "offscreen" driver: the program would run invisibly forever, waiting for clicks that cannot
come. An unusable SDL_VIDEODRIVER makes pygame raise. Both become one line and exit code 2.
"""
from __future__ import annotations

import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
APP_ID = "solitaire"  # the X11 class and Wayland app id: desktops match the window to solitaire.desktop
# Read by SDL when its video starts, so set here, the first place the window's side of the program
# starts it (check_display); otherwise pygame names the class after the script, "main.py".
for variable in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS", "SDL_APP_ID"):
    os.environ.setdefault(variable, APP_ID)
# Nothing typed in the window is composed (the deal dialog takes digits, every other key is a
# command), so its compose table is empty: otherwise libX11 (libxkbcommon on Wayland) parses the
# locale's Compose file, half a megabyte for a UTF-8 locale, as the video starts: ~5 ms of every start.
os.environ.setdefault("XCOMPOSEFILE", os.devnull)


def _no_session_bus() -> bool:
    """Whether libdbus would find no session bus (no address named, no user bus socket) and so would
    autolaunch one, as SDL's video asks for the bus when it starts."""
    if os.environ.get("DBUS_SESSION_BUS_ADDRESS"):
        return False
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    return not (runtime and os.path.exists(os.path.join(runtime, "bus")))


# Without a session bus (X over ssh, a bare window manager, Xvfb), libdbus answers SDL's video by
# running dbus-launch, which starts a D-Bus daemon that outlives the game and costs ~15 ms of every
# start; a bus started for us alone reaches no screensaver and no input method, so none is started.
if sys.platform.startswith("linux") and _no_session_bus():
    os.environ["DBUS_SESSION_BUS_ADDRESS"] = "disabled:"

import pygame  # noqa: E402

from game.i18n import N_, _  # noqa: E402

HEADLESS_DRIVERS = ("offscreen", "dummy")  # drivers that show nothing: only when asked for by name
# The command's words stay as they are typed, whatever the language.
TRY_INSTEAD = N_("try `solitaire console` to play in the terminal")


class NoDisplay(Exception):
    """No window can be shown; the text says why in one line, and what to do instead."""


def check_display() -> None:
    """Raise NoDisplay unless SDL can show a window (or a headless driver was asked for by name)."""
    chosen = os.environ.get("SDL_VIDEODRIVER", "").strip()
    if not chosen and _x11_platform() and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        raise NoDisplay(_("no display: neither DISPLAY nor WAYLAND_DISPLAY is set; {advice}").format(advice=_(TRY_INSTEAD)))
    try:
        pygame.display.init()
    except pygame.error as error:
        raise NoDisplay(_("cannot open a window with SDL_VIDEODRIVER={driver}: {error}; {advice}").format(
            driver=chosen or _("(unset)"), error=error, advice=_(TRY_INSTEAD))) from None
    driver = pygame.display.get_driver()
    if driver in HEADLESS_DRIVERS and chosen.lower() != driver:
        pygame.display.quit()
        shown = os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or _("none")
        raise NoDisplay(_("no display: none answers at {display}; {advice}").format(display=shown, advice=_(TRY_INSTEAD)))


def _x11_platform() -> bool:
    """Where SDL finds its display through DISPLAY or WAYLAND_DISPLAY (not macOS, not Windows)."""
    return sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd"))


def fit_to_screen(size: tuple[int, int]) -> tuple[int, int]:
    """`size` no larger than the largest screen, once the display has started: a window of 16384×16384
    costs gigabytes of surfaces, and the size it closes at is kept for every later start. A headless
    driver has no screen to fit (tests ask for any size), so there the size is kept as asked."""
    if pygame.display.get_driver() in HEADLESS_DRIVERS:
        return size
    screens = pygame.display.get_desktop_sizes()
    if not screens:
        return size
    most_w, most_h = max(w for w, _h in screens), max(h for _w, h in screens)
    return min(size[0], most_w), min(size[1], most_h)
