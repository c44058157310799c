"""The window starts no D-Bus daemon of its own: where libdbus would find no session bus, SDL's video
is told there is none (sprites.window.display), and a bus that exists is left as it is."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHOW_ADDRESS = "import sprites.window.display, os; print(os.environ.get('DBUS_SESSION_BUS_ADDRESS'))"


def address_after_import(**env: str | None) -> str:
    """DBUS_SESSION_BUS_ADDRESS once the display module is imported with the environment changed as
    given (None removes a variable)."""
    environment = {k: v for k, v in os.environ.items() if k not in ("DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR")}
    environment.update({k: v for k, v in env.items() if v is not None})
    result = subprocess.run([sys.executable, "-c", SHOW_ADDRESS], cwd=ROOT, env=environment,
                            capture_output=True, text=True, timeout=60, check=True)
    return result.stdout.strip()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="libdbus autolaunches on Linux")
def test_no_session_bus_means_none_is_started(tmp_path: Path) -> None:
    assert address_after_import() == "disabled:"
    assert address_after_import(XDG_RUNTIME_DIR=str(tmp_path)) == "disabled:"  # a runtime folder without a bus


def test_a_session_bus_is_left_as_found(tmp_path: Path) -> None:
    assert address_after_import(DBUS_SESSION_BUS_ADDRESS="unix:path=/run/bus") == "unix:path=/run/bus"
    (tmp_path / "bus").touch()  # the user bus systemd makes: libdbus finds it without an address
    assert address_after_import(XDG_RUNTIME_DIR=str(tmp_path)) == "None"
