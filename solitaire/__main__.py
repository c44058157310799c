"""`python -m solitaire [play|show|solve|console|stats|games|desktop|completion] ...` (play when none is named).

Run from a clone (as `python -m solitaire` or `python main.py`) the program may find its dependencies
missing, which an installed copy never does: that is one line saying how to get them, not a traceback.
"""
import gc
import sys

OWN_PACKAGES = {"game", "sprites", "sounds", "solitaire"}


def missing_dependency(error: ModuleNotFoundError) -> int:
    """One line for a dependency that is not installed (exit code 1); a module of the suite's own
    that is missing is a bug, shown in full."""
    name = (error.name or "").partition(".")[0]
    if not name or name in OWN_PACKAGES:
        raise error
    from game.i18n import _  # the standard library's gettext: there whatever is missing

    # TRANSLATORS: {module} is a Python module's name; `pipx install .` and `make play` are typed as they are
    line = _("the Python module {module} is missing: install the game with `pipx install .` in its folder, "
             "or run it there with `make play` (see README.md)")
    sys.stderr.write("solitaire: " + line.format(module=name) + "\n")
    return 1


def start() -> None:
    """Run the command line and exit with its code (main.py runs this too)."""
    # Start-up makes only what lives on (the modules, then the window): no collection before the
    # command runs. solitaire.cli.main turns it back on for every command but play, whose window does at its first frame.
    gc.disable()
    try:
        from solitaire.cli import main

        sys.exit(main())
    except ModuleNotFoundError as error:
        sys.exit(missing_dependency(error))


if __name__ == "__main__":
    start()
