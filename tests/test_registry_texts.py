"""The texts that describe the suite to menus, software centres and package indexes name every game,
because they are made from the registry of games (issue 55, item 3): a game registered shows up in
the desktop entry's comment and keywords (in every language), the AppStream description and the
package's summary, with no other edit."""
from __future__ import annotations

import tomllib
from pathlib import Path
from xml.etree import ElementTree

import pytest

from game import variants
from game.i18n import LANGUAGES
from game.variants import find_variant
from solitaire.cli import build_parser, desktop, metadata

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "data"
ENTRY_TEMPLATE = (TEMPLATES / f"{desktop.APP_ID}.desktop.in").read_text(encoding="utf-8")
METAINFO_TEMPLATE = (TEMPLATES / f"{desktop.APP_ID}.metainfo.xml.in").read_text(encoding="utf-8")


@pytest.fixture
def gold_rush(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game no list names, registered as a contributor's new game is (for this test only)."""
    monkeypatch.setattr(variants, "_VARIANTS", list(variants.all_variants()))
    yukon = find_variant("yukon")
    variants.register(yukon.replace(key="gold-rush", english_name="Gold Rush", aliases=()))


def entry_lines(text: str, key: str) -> dict[str, str]:
    pairs = [line.partition("=")[::2] for line in text.splitlines()]
    return {name: value for name, value in pairs if name.partition("[")[0] == key}


def test_every_game_is_named_in_the_menus_the_software_centre_and_the_package_index() -> None:
    titles = metadata.titles()
    assert len(set(titles)) == len(titles)  # each game once, its forms (Klondike draw 3, Spider two suits) under its name
    assert titles[:3] == ["FreeCell", "Baker's Game", "Eight Off"] and {"Klondike", "Golf", "Spider", "Yukon"} <= set(titles)
    assert not any("(" in title for title in titles)
    summary = metadata.summary()
    assert summary.startswith("FreeCell, Baker's Game, Eight Off, ") and f" and {titles[-1]}, " in summary
    comments = entry_lines(metadata.desktop_entry(ENTRY_TEMPLATE), "Comment")
    assert set(comments) == {"Comment"} | {f"Comment[{code}]" for code in LANGUAGES if code != "en"}
    assert comments["Comment"] == metadata.summary()
    for key, said in comments.items():
        with metadata.speaking(key.partition("[")[2].rstrip("]") or "en"):
            assert all(name in said for name in metadata.titles()), key  # each game by its name in that language
    description = ElementTree.fromstring(metadata.metainfo(METAINFO_TEMPLATE)).find("description")
    assert description is not None and "Seahaven Towers, " in "".join(description.itertext())
    assert build_parser().description == metadata.summary()  # `solitaire --help` and the man page's description


def test_a_game_registered_shows_up_in_every_text(gold_rush: None) -> None:
    titles = metadata.titles()
    assert titles.index("Gold Rush") == titles.index("Russian Solitaire") + 1  # listed with its family's games
    assert metadata.summary().startswith("FreeCell, ") and " Russian Solitaire, Gold Rush, " in metadata.summary()
    entry = metadata.desktop_entry(ENTRY_TEMPLATE)
    for text in [*entry_lines(entry, "Comment").values()]:
        assert "Gold Rush" in text
    for words in entry_lines(entry, "Keywords").values():
        assert "gold rush" in words.split(";") and "yukon" in words.split(";")
    assert "Gold Rush" in metadata.metainfo(METAINFO_TEMPLATE)


def test_the_package_says_where_its_home_and_tracker_are() -> None:
    """pyproject.toml's [project.urls], and the same homepage and bug tracker in the AppStream file."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    urls = project["urls"]
    assert {"Homepage", "Issues", "Changelog"} <= set(urls)
    component = ElementTree.fromstring(metadata.metainfo(METAINFO_TEMPLATE))
    found = {url.get("type"): url.text for url in component.findall("url")}
    assert found == {"homepage": urls["Homepage"], "bugtracker": urls["Issues"]}
    images = [image.text or "" for image in component.iter("image")]
    assert images and all(image.startswith("https://") for image in images)
    for image in images:  # each a screenshot the repository holds, at its place in the tree
        assert (ROOT / image.split("/main/", 1)[1]).is_file(), image
    developer = component.find("developer")
    assert developer is not None and developer.get("id") and developer.findtext("name")
    assert project["dynamic"] == ["version", "description"]  # the summary is made from the games by setup.py
