"""A start imports only the family of the game it plays (issue 51: each family costs the window's start
time), yet every name finds the game it found when every family was imported, and every list, option
and help still names every game."""
from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from game import variants
from solitaire.cli import build_parser

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def empty_registry(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The registry as a fresh start has it: no family registered yet (their modules stay imported,
    so registering one again is cheap)."""
    monkeypatch.setattr(variants, "_VARIANTS", [])
    monkeypatch.setattr(variants, "_FAMILIES", {})
    monkeypatch.setattr(variants, "_IMPORTED", set())
    yield


def every_name() -> list[tuple[str, str]]:
    """Each game's key, English name and aliases, with the key of the game it names."""
    return [(name, v.key) for v in variants.all_variants() for name in (v.key, v.english_name, *v.aliases)]


@pytest.mark.parametrize(("name", "key"), every_name())
def test_a_name_finds_the_same_game_in_a_fresh_registry(name: str, key: str, empty_registry: None) -> None:
    assert variants.find_variant(name).key == key


def test_the_default_game_is_the_first_listed(empty_registry: None) -> None:
    default = variants.default_variant()
    assert len({v.family.key for v in variants._VARIANTS}) == 1  # found without the other families
    assert variants.all_variants()[0] is default


def test_a_fresh_lookup_imports_only_the_family_named() -> None:
    code = (
        "import json, sys; sys.path.insert(0, sys.argv[1]); from game.variants import find_variant; "
        "found = find_variant('spider-2').key; "
        "print(json.dumps([found, sorted(m for m in sys.modules if m.startswith('game.families.'))]))"
    )
    result = subprocess.run([sys.executable, "-c", code, str(ROOT)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == ["spider-2", ["game.families.spider"]]


def test_the_families_options_are_read_when_typed_and_shown_in_help(capsys: pytest.CaptureFixture[str]) -> None:
    parser = build_parser(only="play")
    assert parser.parse_args(["play", "--draw", "3"]).draw == 3
    assert build_parser(only="play").parse_args(["play", "--dra", "3"]).draw == 3  # argparse's abbreviation
    plain = build_parser(only="play").parse_args(["play", "--deal", "5"])
    assert plain.deal == 5 and not hasattr(plain, "draw")  # nothing typed needed them: no family was listed
    with pytest.raises(SystemExit):
        build_parser(only="play").parse_args(["play", "--help"])
    shown = capsys.readouterr().out
    assert all(option.flag in shown for option in variants.game_options())


def test_a_bad_option_value_is_still_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        build_parser(only="play").parse_args(["play", "--draw", "7"])
    assert stop.value.code == 2 and "--draw" in capsys.readouterr().err
