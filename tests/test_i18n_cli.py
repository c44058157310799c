"""The command line's language: `--lang` everywhere, before the parser is built; then the stored
setting; then the system. argparse's own texts go through the same translation as ours.

No catalogue is asserted here (there may be none yet): the language in effect is read back from
game.i18n, and a stand-in translation that marks every text shows which texts pass through it.
"""
from __future__ import annotations

import gettext
import io
import sys

import pytest

import game.i18n
from solitaire import cli
from solitaire.cli import main
from solitaire.store import open_store
from solitaire.store.settings import LANGUAGE

MARK = "@@"


class Marking(gettext.NullTranslations):
    """Every text comes back marked, so a test sees which ones were looked up."""

    def gettext(self, message: str) -> str:
        return MARK + message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return MARK + (singular if n == 1 else plural)

    def pgettext(self, context: str, message: str) -> str:
        return MARK + message


@pytest.fixture(autouse=True)
def english_afterwards(monkeypatch: pytest.MonkeyPatch):
    """Each test starts from the English system and leaves English behind for the tests after it."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    game.i18n.use_language("en")
    yield
    game.i18n.use_language("en")


def store_language(data_dir, code: str) -> None:
    store, _message = open_store(str(data_dir))
    try:
        store.settings.set(LANGUAGE, code)
    finally:
        store.close()


# -- --lang is accepted everywhere ------------------------------------------------------------------


@pytest.mark.parametrize("command", ["play", "show", "solve", "console", "stats", "games"])
@pytest.mark.parametrize("where", ["before", "after", "equals"])
def test_lang_is_accepted_before_and_after_every_subcommand(command: str, where: str, capsys) -> None:
    argv = {
        "before": ["--lang", "de", command, "--help"],
        "after": [command, "--lang", "de", "--help"],
        "equals": [command, "--lang=de", "--help"],
    }[where]
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 0
    out = capsys.readouterr().out
    assert "--lang" in out  # registered, so it shows in the help
    assert game.i18n.current_language() == "de"


def test_lang_runs_a_subcommand(capsys) -> None:
    assert main(["--lang", "fr", "games"]) == 0
    assert "freecell" in capsys.readouterr().out
    assert game.i18n.current_language() == "fr"
    assert main(["games", "--lang=es"]) == 0
    assert game.i18n.current_language() == "es"


def test_lang_alone_runs_the_default_command_without_taking_the_code_for_one(monkeypatch) -> None:
    seen = []
    monkeypatch.setattr(cli, "build_parser", lambda only=None: seen.append(only) or _stop())
    with pytest.raises(SystemExit):
        main(["--lang", "de"])
    assert seen == ["play"]


def _stop():
    raise SystemExit(0)


@pytest.mark.parametrize(
    "argv",
    [["--lang", "xx", "stats"], ["stats", "--lang", "klingon"], ["games", "--lang=zz"], ["--lang=", "games"]],
)
def test_an_unknown_language_is_one_line_and_exit_code_2(argv: list[str], capsys) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("solitaire: ") and captured.err.endswith("\n")
    assert captured.err.count("\n") == 1
    assert "en, " in captured.err  # the codes to choose from, as check_language lists them
    assert game.i18n.current_language() == "en"


# -- precedence: --lang, then the setting, then the system ---------------------------------------------


def test_the_system_language_when_nothing_else_says(monkeypatch, tmp_path, capsys) -> None:
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    assert game.i18n.current_language() == "de"


def test_the_stored_setting_wins_over_the_system(monkeypatch, tmp_path, capsys) -> None:
    store_language(tmp_path, "fr")
    monkeypatch.setenv("LANGUAGE", "de")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    assert game.i18n.current_language() == "fr"


def test_lang_wins_over_the_setting_and_the_system(monkeypatch, tmp_path, capsys) -> None:
    store_language(tmp_path, "fr")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert main(["stats", "--lang", "es", "--data-dir", str(tmp_path)]) == 0
    assert game.i18n.current_language() == "es"
    assert main(["--lang", "en", "stats", "--data-dir", str(tmp_path)]) == 0
    assert game.i18n.current_language() == "en"


def test_a_setting_of_system_follows_the_system(monkeypatch, tmp_path, capsys) -> None:
    store_language(tmp_path, "")
    monkeypatch.setenv("LC_ALL", "es_ES.UTF-8")
    assert main(["stats", "--data-dir", str(tmp_path)]) == 0
    assert game.i18n.current_language() == "es"


def test_the_console_reads_the_setting_too(monkeypatch, tmp_path, capsys) -> None:
    store_language(tmp_path, "de")
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    assert main(["console", "--deal", "1", "--data-dir", str(tmp_path)]) == 0
    assert game.i18n.current_language() == "de"


def test_the_setting_is_in_effect_before_the_first_text(monkeypatch, tmp_path, capsys) -> None:
    """The stored language is applied as soon as the store is open: the console's first line is in it."""
    store_language(tmp_path, "fr")
    real = game.i18n.use_language

    def speak(code=None):
        language = real(code)
        game.i18n._translation = Marking() if language == "fr" else gettext.NullTranslations()
        return language

    monkeypatch.setattr(game.i18n, "use_language", speak)
    monkeypatch.setattr(cli, "use_language", speak)
    monkeypatch.setattr("solitaire.cli.common.use_language", speak)
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    assert main(["console", "--deal", "1", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(MARK)  # "FreeCell: type h for the commands, q to quit."


# -- argparse speaks through our translation ----------------------------------------------------------


@pytest.fixture
def marking(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every language the program is asked for becomes the marking translation."""
    monkeypatch.setattr(gettext, "translation", lambda *args, **kwargs: Marking())


@pytest.mark.parametrize("argv", [["--lang", "fr", "--bogus"], ["--lang", "fr", "solve", "--game"],
                                  ["solve", "--lang=fr", "--draw", "2"]])
def test_argparse_errors_go_through_the_translation(argv: list[str], marking, capsys) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert MARK in err.partition(": ")[2]  # "unrecognized arguments", "expected one argument", "invalid choice"


def test_argparse_uses_the_translation_in_effect(monkeypatch, capsys) -> None:
    """The translation is looked up when argparse speaks, not when it was imported."""
    monkeypatch.setattr(game.i18n, "_translation", Marking())
    monkeypatch.setattr(cli, "use_language", lambda code=None: "fr")  # keep the marking translation in place
    with pytest.raises(SystemExit):
        main(["--bogus"])
    assert f"{MARK}unrecognized arguments" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["solve", "--game"])
    assert f"{MARK}expected one argument" in capsys.readouterr().err


def test_the_help_is_translated_whole(marking, capsys) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", "fr", "solve", "--help"])
    out = capsys.readouterr().out
    assert out.startswith(MARK + "usage: ")
    assert MARK + "solve a deal or a position and print the moves" in out
    assert MARK + "give up after N positions" in out
    assert MARK + "the language to speak" in out


def test_our_own_errors_are_translated(marking, capsys) -> None:
    assert main(["--lang", "fr", "solve"]) == 2
    said = f"{MARK}say what to solve: --deal N, --daily or --board FILE; {MARK}see solitaire solve --help"
    assert capsys.readouterr().err == f"solitaire: {said}\n"


def test_argparse_is_translated_without_patching_its_module() -> None:
    import argparse

    assert argparse._ is gettext.gettext and argparse.ngettext is gettext.ngettext  # type: ignore[attr-defined]


def test_argparse_errors_are_read_back_part_by_part(monkeypatch) -> None:
    from solitaire.cli.argparse_language import translated_error

    monkeypatch.setattr(game.i18n, "_translation", Marking())
    assert (translated_error("argument --deal/-d: expected one argument")
            == f"{MARK}argument --deal/-d: {MARK}expected one argument")
    assert (translated_error("argument --draw: invalid choice: '7' (choose from '1', '3')")
            == f"{MARK}argument --draw: {MARK}invalid choice: '7' (choose from '1', '3')")
    assert translated_error("unrecognized arguments: --a --b") == f"{MARK}unrecognized arguments: --a --b"
    assert translated_error("argument pair: expected 2 arguments") == f"{MARK}argument pair: {MARK}expected 2 arguments"
    assert translated_error("the data folder's name is empty") == "the data folder's name is empty"  # ours: already translated
