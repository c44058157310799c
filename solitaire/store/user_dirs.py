"""The player's own folders for this program: its data (the statistics and saved games) and its
cache (the card faces kept between runs), where platformdirs puts them.

On Linux with an absolute $HOME the answer is read from the XDG variables here, as platformdirs
reads them, because importing platformdirs costs some 10 million machine instructions (its
patterns and classes), a twentieth of the work from `import pygame` to the window's first frame
(bench/idle.py). Everywhere else, and for the unusual cases (no home, a relative one), platformdirs
answers; tests/test_user_dirs.py holds the two to the same answer.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Literal

APP_NAME = "solitaire-suite"
Kind = Literal["data", "cache"]
XDG = {"data": ("XDG_DATA_HOME", ".local/share"), "cache": ("XDG_CACHE_HOME", ".cache")}  # the variable, else below $HOME


def user_dir(kind: Kind) -> Path:
    """This program's user folder of `kind`, as `platformdirs.user_<kind>_dir(APP_NAME, appauthor=False)`."""
    if sys.platform == "linux":
        variable, under_home = XDG[kind]
        chosen, home = os.environ.get(variable, ""), os.environ.get("HOME", "")
        if os.path.isabs(chosen):
            return Path(chosen, APP_NAME)
        if os.path.isabs(home):
            return Path(home, under_home, APP_NAME)
    import platformdirs

    asked = platformdirs.user_data_dir if kind == "data" else platformdirs.user_cache_dir
    return Path(asked(APP_NAME, appauthor=False))
