"""`solitaire desktop install|remove`: the files a desktop reads, written under $XDG_DATA_HOME and
taken away again, valid by the freedesktop validators where they are installed."""
from __future__ import annotations

import configparser
import os
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from solitaire.cli import desktop

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
ENTRY = desktop.ENTRY
METAINFO = desktop.METAINFO
needs_desktop_validator = pytest.mark.skipif(shutil.which("desktop-file-validate") is None,
                                             reason="desktop-file-validate is not installed (Debian: desktop-file-utils)")
needs_appstream_validator = pytest.mark.skipif(shutil.which("appstreamcli") is None,
                                               reason="appstreamcli is not installed (Debian: appstream)")


def solitaire(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {"PATH": os.environ["PATH"], "HOME": str(home), "XDG_DATA_HOME": str(home / "share"), "LANGUAGE": "en",
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, "-m", "solitaire", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, env=env)


def read_entry(path: Path) -> configparser.SectionProxy:
    parser = configparser.RawConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(path, encoding="utf-8")
    return parser["Desktop Entry"]


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("home")
    result = solitaire("desktop", "install", home=home)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    return home / "share"


def test_install_writes_every_file_under_xdg_data_home(installed: Path) -> None:
    written = {path.relative_to(installed).as_posix() for path in installed.rglob("*") if path.is_file()}
    assert written == {path.relative_to(installed).as_posix() for path in desktop.targets(installed).values()}
    assert f"applications/{ENTRY}" in written and f"metainfo/{METAINFO}" in written
    assert "man/man6/solitaire.6" in written and "bash-completion/completions/solitaire" in written


def test_the_entry_starts_this_copy_and_speaks_four_languages(installed: Path) -> None:
    entry = read_entry(installed / "applications" / ENTRY)
    assert entry["Exec"] == f"{sys.executable} -m solitaire"  # run as `python -m solitaire`: this interpreter
    assert entry["Icon"] == desktop.APP_ID
    for language in ("fr", "de", "es"):
        assert entry[f"Name[{language}]"] and entry[f"Name[{language}]"] != entry["Name"]
        assert entry[f"Comment[{language}]"] and entry[f"Comment[{language}]"] != entry["Comment"]


def test_the_icons_are_the_svg_and_pngs_of_their_sizes(installed: Path) -> None:
    icons = installed / "icons" / "hicolor"
    assert (icons / "scalable" / "apps" / f"{desktop.APP_ID}.svg").read_bytes() == (DATA / desktop.ICON_SOURCE).read_bytes()
    for size in desktop.PNG_SIZES:
        assert png_size(icons / f"{size}x{size}" / "apps" / f"{desktop.APP_ID}.png") == (size, size)


def test_the_man_page_and_completion_are_what_the_commands_print(installed: Path, tmp_path: Path) -> None:
    printed = solitaire("completion", "fish", home=tmp_path)
    assert (installed / "fish" / "vendor_completions.d" / "solitaire.fish").read_text() == printed.stdout
    assert (installed / "man" / "man6" / "solitaire.6").read_text().startswith('.TH SOLITAIRE "6" ')


@needs_desktop_validator
def test_desktop_file_validate_passes_the_installed_entry(installed: Path) -> None:
    path = installed / "applications" / ENTRY
    checked = subprocess.run(["desktop-file-validate", str(path)], capture_output=True, text=True, timeout=60)
    assert checked.returncode == 0 and checked.stdout + checked.stderr == "", checked.stdout + checked.stderr


@needs_appstream_validator
def test_appstreamcli_passes_the_metainfo(installed: Path) -> None:
    checked = subprocess.run(["appstreamcli", "validate", "--no-net", "--explain", str(installed / "metainfo" / METAINFO)],
                             capture_output=True, text=True, timeout=60)
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_install_twice_then_remove_leaves_nothing_behind(tmp_path: Path) -> None:
    for _ in range(2):
        assert solitaire("desktop", "install", home=tmp_path).returncode == 0
    (tmp_path / "share" / "applications" / "someone-elses.desktop").write_text("[Desktop Entry]\n")
    removed = solitaire("desktop", "remove", home=tmp_path)
    assert removed.returncode == 0 and removed.stdout.splitlines()[-1] == "Removed."
    left = [path.relative_to(tmp_path).as_posix() for path in (tmp_path / "share").rglob("*") if path.is_file()]
    assert left == ["share/applications/someone-elses.desktop"]
    again = solitaire("desktop", "remove", home=tmp_path)
    assert again.returncode == 0 and again.stdout == "Nothing to remove: the desktop files were not installed.\n"


def test_a_folder_that_cannot_be_written_is_one_line_and_exit_code_1(tmp_path: Path) -> None:
    (tmp_path / "share").write_text("a file where the folder should be")
    result = solitaire("desktop", "install", home=tmp_path)
    assert result.returncode == 1 and result.stderr.startswith("solitaire: desktop files: ")
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr


@pytest.mark.parametrize(("argument", "quoted"), [
    ("/home/ann/.local/bin/solitaire", "/home/ann/.local/bin/solitaire"),
    ("/home/ann/my games/solitaire", '"/home/ann/my games/solitaire"'),
    ('/opt/a"b$c/solitaire', '"/opt/a\\"b\\$c/solitaire"'),
    ("/opt/100%/solitaire", "/opt/100%%/solitaire"),
])
def test_exec_arguments_are_quoted_as_the_specification_asks(argument: str, quoted: str) -> None:
    assert desktop.exec_quote(argument) == quoted


def test_an_installed_command_is_named_by_its_absolute_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    command = tmp_path / "bin" / "solitaire"
    command.parent.mkdir()
    command.write_text("#!/bin/sh\n")
    command.chmod(0o755)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "argv", ["bin/solitaire", "desktop", "install"])
    assert desktop.command_line() == str(command)
    source = desktop.finished(DATA)[ENTRY]
    written = desktop.desktop_entry(source, desktop.command_line())
    assert f"Exec={command}\n" in written and written.count("Exec=") == 1


def test_the_desktop_files_go_where_platformdirs_puts_the_users_data(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The XDG base directory is read by platformdirs (a dependency already), not by hand."""
    from platformdirs.unix import Unix

    monkeypatch.setattr(Unix, "user_data_dir", property(lambda self: str(tmp_path / "xdg-data")))
    assert desktop.data_home() == tmp_path / "xdg-data"


def test_a_clone_without_argparse_manpage_is_told_how_to_get_it(tmp_path: Path) -> None:
    """In a clone the man page is made at install time; without its maker, one line and nothing written."""
    blocked = (
        "import runpy, sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.partition('.')[0] == 'argparse_manpage':\n"
        "            raise ModuleNotFoundError(name, name=name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "sys.argv[1:] = ['desktop', 'install']\n"
        "runpy.run_module('solitaire', run_name='__main__', alter_sys=True)\n"
    )
    env = {"PATH": os.environ["PATH"], "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "share"), "LANGUAGE": "en"}
    result = subprocess.run([sys.executable, "-c", blocked], cwd=ROOT, capture_output=True, text=True, timeout=120, env=env)
    assert result.returncode == 1 and result.stderr.count("\n") == 1 and "pip install argparse-manpage" in result.stderr
    assert not (tmp_path / "share").exists()
