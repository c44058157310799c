"""The player's README and the developer's pages say what the program does: the names, commands and
files they mention are the real ones."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

from game._version import __version__
from solitaire import cli

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
PAGES = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", ROOT / "CHANGELOG.md", *sorted((ROOT / "docs").glob("*.md"))]


def test_the_readme_is_for_players_and_short() -> None:
    assert len(README.encode()) <= 15_500
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


def test_the_changelog_starts_with_this_version() -> None:
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## \[([^\]]+)\]", changelog, re.MULTILINE)
    assert headings[:2] == ["Unreleased", __version__]
