"""Shared test setup: pygame runs headless (dummy video and audio) in every test."""
import os
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# No test, and no program a test starts, may read or write a real player's statistics or saved game.
# The folders standing in for them are this test process's own, and go when it ends: a run leaves
# nothing in the system's temporary folder.
import atexit
import shutil
import tempfile

for variable, prefix in (("SOLITAIRE_DATA_DIR", "solitaire-test-data-"), ("SOLITAIRE_CACHE_DIR", "solitaire-test-cache-")):
    os.environ[variable] = tempfile.mkdtemp(prefix=prefix)  # the cache: the window's kept card faces
    atexit.register(shutil.rmtree, os.environ[variable], ignore_errors=True)

# A suite started in the background (`make test &`) inherits Ctrl-C ignored, and every program a
# test starts would inherit that too: the tests that press Ctrl-C on one would find it deaf. A handler
# (not an ignore) is reset to the default when a program starts, so the programs hear it again.
import signal  # noqa: E402

if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# Tests read the texts in English whatever the machine's language; a test of another language asks
# for it (game.i18n.use_language) and the `english` fixture below puts English back after every test.
# (LANGUAGE comes first in gettext's order, so the locale's encoding is left as it is.)
os.environ["LANGUAGE"] = "en"

# Property tests must not pass or fail by luck: by default (CI, `make test`) every run draws the same
# examples (derandomize, and no example database carried over from earlier runs), more of them than a
# quick local run would. `--hypothesis-profile=explore` (see the README) draws new ones each run.
from hypothesis import settings  # noqa: E402

settings.register_profile("ci", derandomize=True, database=None, deadline=None, max_examples=200, print_blob=True)
settings.register_profile("explore", derandomize=False, deadline=None, max_examples=1000, print_blob=True)
settings.load_profile("ci")


import pytest  # noqa: E402

from game import i18n  # noqa: E402
from game.solver import load_compiled  # noqa: E402

# The solver modules a test module imports are the compiled ones where a build loads, as in the game
# (without this, a test that imports a solver module before any solve would run the plain sources).
load_compiled()


@pytest.fixture(autouse=True)
def english():
    """Every test starts and ends in English, so one that changes the language cannot leak it."""
    i18n.use_language("en")
    yield
    i18n.use_language("en")


@pytest.fixture
def shared_dir() -> Iterator[Path]:
    """A data folder another user may write in (tmp_path's parents are closed to others)."""
    folder = Path(tempfile.mkdtemp(prefix="solitaire-shared-"))
    folder.chmod(0o777)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def as_a_player() -> list[str]:
    """The command prefix that runs as a user whom permissions bind: root ignores a mode of 0444."""
    if os.geteuid() != 0:
        return []
    if shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv: a read-only file cannot be made here")
    return ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
