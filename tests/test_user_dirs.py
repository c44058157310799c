"""The user folders read without platformdirs (solitaire/store/user_dirs.py) are platformdirs' own."""
from __future__ import annotations

import sys
from pathlib import Path

import platformdirs
import pytest

from solitaire.store.user_dirs import APP_NAME, user_dir

ASKED = {"data": platformdirs.user_data_dir, "cache": platformdirs.user_cache_dir}
VARIABLES = {"data": "XDG_DATA_HOME", "cache": "XDG_CACHE_HOME"}


@pytest.mark.parametrize("kind", ["data", "cache"])
@pytest.mark.parametrize("xdg", [None, "", "relative/place", "/abs/xdg"])
@pytest.mark.parametrize("home", ["/home/player", "relative-home", None])
def test_the_folders_are_platformdirs_answer(
    kind: str, xdg: str | None, home: str | None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    for name, value in ((VARIABLES[kind], xdg), ("HOME", home)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    try:
        expected = Path(ASKED[kind](APP_NAME, appauthor=False))
    except RuntimeError:  # no home platformdirs can find: the program asks it too, and is told the same
        with pytest.raises(RuntimeError):
            user_dir(kind)  # type: ignore[arg-type]
        return
    assert user_dir(kind) == expected  # type: ignore[arg-type]


def test_linux_reads_the_variables_without_importing_platformdirs(monkeypatch: pytest.MonkeyPatch) -> None:
    """The point of the module: a start on Linux with a home does not import platformdirs (10M instructions)."""
    if sys.platform != "linux":
        pytest.skip("the XDG variables are read directly only on Linux")
    monkeypatch.setenv("HOME", "/home/player")
    monkeypatch.delitem(sys.modules, "platformdirs")
    monkeypatch.setitem(sys.modules, "platformdirs", None)  # an import of it now fails
    assert user_dir("cache") == Path("/home/player/.cache", APP_NAME)
