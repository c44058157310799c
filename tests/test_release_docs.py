"""The player's README and the developer's pages say what the program does: the names, commands and
files they mention are the real ones."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from game._version import __version__
from solitaire import cli

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
PAGES = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", ROOT / "CHANGELOG.md", *sorted((ROOT / "docs").glob("*.md"))]


def test_the_readme_is_for_players_and_short() -> None:
    assert len(README.encode()) < 15_000  # under 15 KB
    assert re.search(r"^make test\b", README, re.MULTILINE)  # CI and the hook run the README's test command


def test_the_install_commands_name_this_distribution() -> None:
    name = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["name"]
    assert re.search(r"^pipx install \.\s", README, re.MULTILINE)
    assert f"pipx uninstall {name}" in README
    wheel = re.search(r"pipx install \./(solitaire_suite-[^`\s]+\.whl)", README)
    assert wheel is not None and wheel.group(1).startswith(f"{name.replace('-', '_')}-{__version__}-")


def test_every_command_the_readme_shows_exists() -> None:
    shown = set(re.findall(r"^solitaire (?:\[)?([a-z]+)", README, re.MULTILINE))
    assert shown and shown <= set(cli._command_names())
    assert set(cli._command_names()) <= shown  # and none is left out


def test_every_relative_link_leads_to_a_file() -> None:
    for page in PAGES:
        for target in re.findall(r"\]\(([^)#:]+)\)", page.read_text(encoding="utf-8")):
            assert (page.parent / target).exists(), (page.name, target)


CHANGELOG = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
KINDS = ("Added", "Changed", "Deprecated", "Removed", "Fixed", "Security")  # Keep a Changelog's


def test_the_changelog_starts_with_this_version() -> None:
    headings = re.findall(r"^## \[([^\]]+)\]", CHANGELOG, re.MULTILINE)
    assert headings[:2] == ["Unreleased", __version__]


def test_the_changelog_keeps_a_changelogs_form() -> None:
    """Each version a heading with its date, its changes under Keep a Changelog's kinds in their order,
    and a link for each heading: the unreleased changes since the last tag, each version's since the one before."""
    versions = re.findall(r"^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?$", CHANGELOG, re.MULTILINE)
    assert len(versions) == len(re.findall(r"^## ", CHANGELOG, re.MULTILINE))  # every heading in that form
    assert versions[0] == ("Unreleased", "") and all(date for _version, date in versions[1:])
    released = [version for version, _date in versions[1:]]
    assert released == sorted(released, key=lambda v: tuple(map(int, v.split("."))), reverse=True)
    for section in re.split(r"^## ", CHANGELOG, flags=re.MULTILINE)[1:]:
        kinds = re.findall(r"^### (.+)$", section, re.MULTILINE)
        assert all(kind in KINDS for kind in kinds) and kinds == sorted(kinds, key=KINDS.index), kinds
    links = dict(re.findall(r"^\[([^\]]+)\]: (https://\S+)$", CHANGELOG, re.MULTILINE))
    assert list(links) == [version for version, _date in versions]
    assert links["Unreleased"].endswith(f"/compare/v{released[0]}...HEAD")
    for newer, older in zip(released, released[1:]):
        assert links[newer].endswith(f"/compare/v{older}...v{newer}")
    assert links[released[-1]].endswith(f"/releases/tag/v{released[-1]}")


def test_the_appstream_file_knows_this_release() -> None:
    """Software centres show the releases of the AppStream file: the newest is this version, of the
    changelog's date."""
    from xml.etree import ElementTree

    template = (ROOT / "data" / "org.solitaire_suite.Solitaire.metainfo.xml.in").read_text(encoding="utf-8")
    newest = ElementTree.fromstring(template).find("releases/release")
    assert newest is not None and newest.get("version") == __version__
    (date,) = re.findall(rf"^## \[{re.escape(__version__)}\] - (\S+)$", CHANGELOG, re.MULTILINE)
    assert newest.get("date") == date


# How the README names each kept setting: the Settings panel's in its paragraph about the panel, the
# rest where it says what is kept. A setting added to the store fails here until the README names it.
PANEL_WORDS = {
    "sound": "sound", "autoplay": "auto-play", "animation_speed": "animation speed", "draw": "Klondike's draw",
    "passes": "Pyramid's passes",
    "relaxed-deal": "Spider's deal onto empty columns", "winnable_only": "winnable deals only", "face_style": "card faces",
    "back_style": "card backs", "felt": "table's colour", "confirm_abandon": "ask before abandoning",
    "show_clock": "the clock",
    "language": "the language", "four_colour": "four-colour deck", "high_contrast": "high contrast", "text_size": "text size",
}
KEPT_WORDS = {"last_game": "last game", "window_size": "window's size", "fullscreen": "full screen"}


def _paragraph(starting: str) -> str:
    (paragraph,) = [part for part in README.split("\n\n") if part.startswith(starting)]
    return " ".join(paragraph.split())


def test_the_readme_names_every_setting() -> None:
    from solitaire.store.settings import all_settings

    assert {setting.name for setting in all_settings()} == set(PANEL_WORDS) | set(KEPT_WORDS)
    panel = _paragraph("The Settings button")
    for name, words in PANEL_WORDS.items():
        assert words in panel, name
    kept = _paragraph("Statistics, the game in progress")
    for name, words in KEPT_WORDS.items():
        assert words in kept, name


def test_the_readme_names_every_games_option() -> None:
    from game.variants import game_options

    for option in game_options():
        assert option.flag in README, option.flag


def test_the_readme_names_every_folder_the_program_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    """The data folder and the cache of card pictures (5 MB an uninstall used to leave unmentioned),
    where the program puts them on Linux, and the variables that move them."""
    import platformdirs

    from solitaire.store.user_dirs import APP_NAME

    for variable in ("XDG_DATA_HOME", "XDG_CACHE_HOME"):
        monkeypatch.delenv(variable, raising=False)
    for folder, variable in ((platformdirs.user_data_dir(APP_NAME, appauthor=False), "SOLITAIRE_DATA_DIR"),
                             (platformdirs.user_cache_dir(APP_NAME, appauthor=False), "SOLITAIRE_CACHE_DIR")):
        assert f"~/{Path(folder).relative_to(Path.home()).as_posix()}" in README, folder
        assert variable in README
    uninstall = README.split("To upgrade, in the clone", 1)[1].split("Without pipx", 1)[0]
    assert "card pictures" in uninstall and "folders" in uninstall
