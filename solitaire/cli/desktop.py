"""`desktop install|remove`: the program puts itself in the desktop's menus, and takes itself out.

`install` writes, under $XDG_DATA_HOME (~/.local/share when unset): the desktop entry (its Exec the
absolute path of the command that runs now, so the menu starts this very copy), the icon as SVG and
as PNG in the usual sizes, the AppStream metainfo file (software centres read it), the man page
solitaire(6), and bash's and fish's completion. `remove` deletes exactly those files. Both are
quiet about what is already so: installing twice rewrites, removing twice says there was nothing.

The desktop files come from `solitaire/cli/data` in a wheel, finished by the wheel's build (setup.py
calls `finished`): the entry and the AppStream file made from their templates in data/ (naming every
game, `metadata`), the man page made by argparse-manpage (`manpage`). In a clone, where data/ holds
only the templates, `install` makes them the same way.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from game.i18n import N_, _

HELP = N_("add the game to the desktop's menus (with its icon and man page), or remove it")
APP_ID = "org.solitaire_suite.Solitaire"
ICON_SOURCE = "solitaire.svg"
ENTRY, METAINFO, MAN_PAGE = f"{APP_ID}.desktop", f"{APP_ID}.metainfo.xml", "solitaire.6"
TEMPLATE = ".in"  # data/'s templates: ENTRY + TEMPLATE, METAINFO + TEMPLATE
PNG_SIZES = (48, 64, 128, 256)
HERE = Path(__file__).resolve().parent


class DesktopError(Exception):
    """A file that could not be written or read; one line for the player."""


def data_folder() -> Path:
    """Where the desktop files are: beside this module in a wheel, in the clone's data/ otherwise."""
    for folder in (HERE / "data", HERE.parent.parent / "data"):
        if (folder / ENTRY).is_file() or (folder / (ENTRY + TEMPLATE)).is_file():
            return folder
    raise DesktopError(_("the desktop files are missing from this installation"))


def data_home() -> Path:
    """The user's data folder of the XDG base directory specification, where desktops look for menus,
    icons and manuals: $XDG_DATA_HOME when it is an absolute path, else ~/.local/share (platformdirs'
    reading of it, on any system: these files are freedesktop's)."""
    from platformdirs.unix import Unix

    return Unix().user_data_path


def targets(home: Path) -> dict[str, Path]:
    """Every file `install` writes, by what it is."""
    found = {
        "entry": home / "applications" / f"{APP_ID}.desktop",
        "metainfo": home / "metainfo" / f"{APP_ID}.metainfo.xml",
        "svg": home / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg",
        "man": home / "man" / "man6" / "solitaire.6",
        "bash": home / "bash-completion" / "completions" / "solitaire",
        "fish": home / "fish" / "vendor_completions.d" / "solitaire.fish",
    }
    for size in PNG_SIZES:
        found[f"png{size}"] = home / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
    return found


def command_line() -> str:
    """The Exec line's command: the absolute path of the `solitaire` that runs now, else this
    interpreter with `-m solitaire` (run from a clone as `python main.py`)."""
    launched = Path(sys.argv[0])
    if launched.name == "solitaire" and launched.is_file() and os.access(launched, os.X_OK):
        return exec_quote(str(launched.absolute()))
    return f"{exec_quote(sys.executable)} -m solitaire"


def exec_quote(argument: str) -> str:
    """One argument of an Exec line, quoted as the desktop entry specification asks when it must be."""
    if not any(character in argument for character in ' \t\n"\'\\><~|&;$*?#()`'):
        return argument.replace("%", "%%")
    escaped = "".join("\\" + c if c in '"`$\\' else c for c in argument).replace("%", "%%")
    return f'"{escaped}"'


def desktop_entry(source: str, command: str) -> str:
    """The entry of data/ with its Exec pointed at `command`."""
    return "".join(f"Exec={command}\n" if line.startswith("Exec=") else line for line in source.splitlines(keepends=True))


def man_page() -> str:
    """solitaire(6), from the whole parser, in English whatever language speaks now. argparse-manpage
    makes it: the wheel's build has it; in a clone `make` installs it with the test tools."""
    from . import build_parser
    from .manpage import render
    from .metadata import speaking

    try:
        with speaking("en"):
            return render(build_parser())
    except ModuleNotFoundError as error:
        if error.name != "argparse_manpage":
            raise
        # TRANSLATORS: argparse-manpage is a program's name and `pip install argparse-manpage` a command: keep them
        raise DesktopError(_("the man page is made by argparse-manpage, missing here: pip install argparse-manpage")) from None


def icon_png(svg: Path, size: int) -> bytes:
    """The icon drawn at `size` pixels, as PNG (pygame renders the SVG; no window is opened)."""
    import io

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    surface = pygame.image.load_sized_svg(str(svg), (size, size))
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "png")
    return buffer.getvalue()


def finished(source: Path) -> dict[str, str]:
    """The desktop entry (its Exec the plain command), the AppStream file and the man page: as the
    wheel's build left them in `source`, else made now from the templates there."""
    from .metadata import desktop_entry as entry_from
    from .metadata import metainfo as metainfo_from

    made = {}
    for name, make in ((ENTRY, entry_from), (METAINFO, metainfo_from)):
        done, template = source / name, source / (name + TEMPLATE)
        made[name] = done.read_text(encoding="utf-8") if done.is_file() else make(template.read_text(encoding="utf-8"))
    page = source / MAN_PAGE
    made[MAN_PAGE] = page.read_text(encoding="utf-8") if page.is_file() else man_page()
    return made


def contents(source: Path) -> dict[str, bytes]:
    """What each target file holds."""
    from .completion import shell_code

    made = finished(source)
    files = {
        "entry": desktop_entry(made[ENTRY], command_line()).encode(),
        "metainfo": made[METAINFO].encode(),
        "svg": (source / ICON_SOURCE).read_bytes(),
        "man": made[MAN_PAGE].encode(),
        "bash": shell_code("bash").encode(),
        "fish": shell_code("fish").encode(),
    }
    for size in PNG_SIZES:
        files[f"png{size}"] = icon_png(source / ICON_SOURCE, size)
    return files


def install(home: Path) -> list[Path]:
    files = contents(data_folder())
    written = []
    for key, path in targets(home).items():
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(path.name + ".partial")
        partial.write_bytes(files[key])
        partial.replace(path)  # whole or not at all: a menu never reads half an entry
        written.append(path)
    return written


def remove(home: Path) -> list[Path]:
    removed = []
    for path in targets(home).values():
        if path.is_file():
            path.unlink()
            removed.append(path)
    return removed


def add_arguments(parser: argparse.ArgumentParser) -> None:
    actions = parser.add_subparsers(dest="action", required=True, metavar="{install,remove}")
    actions.add_parser("install", help=_("write the desktop entry, icons, AppStream file, man page and completion"),
                       description=_("write the desktop entry, icons, AppStream file, man page and completion"))
    actions.add_parser("remove", help=_("remove what install wrote"), description=_("remove what install wrote"))


def run(args: argparse.Namespace) -> int:
    """The files are written or removed first, then listed: a failure to print the list (`| head -1`
    closes the pipe) is the output's, which `cli.main` reports as it does for every command, not
    the desktop files'."""
    home = data_home()
    try:
        done = install(home) if args.action == "install" else remove(home)
    except (OSError, DesktopError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        sys.stderr.write("solitaire: " + _("desktop files: {reason}").format(reason=reason) + "\n")
        return 1
    for path in done:
        print(path)
    if args.action == "install":
        print(_("Installed: the game is in the desktop's menus; `man solitaire` shows its manual."))
    else:
        print(_("Removed.") if done else _("Nothing to remove: the desktop files were not installed."))
    return 0
