"""The catalogues: complete, faithful to their placeholders, compiled as written, and used.

A text added to the code without a translation fails `test_template_is_current` (run
`tools/translations.py all` and translate what it adds); a translation that drops or renames a
placeholder would raise KeyError in front of a player, so it fails here first.
"""
from __future__ import annotations

import datetime
import gettext
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from game import i18n
from game.cards import Card, rank_name
from game.i18n import LANGUAGES, LOCALE_DIR, SOURCE_LANGUAGE
from game.moves import Move
from game.rules import IllegalMove
from game.variants import find_variant, rules_for
from tools.translations import TEMPLATE, _write, po_path, template

TRANSLATED = [code for code in LANGUAGES if code != SOURCE_LANGUAGE]
PLACEHOLDER = re.compile(r"\{[a-z_]+\}|%\([a-z_]+\)[sdr]|%[sdr]")


def catalogue(language: str):  # type: ignore[no-untyped-def]
    with open(po_path(language), "rb") as file:
        return read_po(file, locale=language)


def ids(message) -> tuple[str, ...]:  # type: ignore[no-untyped-def]
    return message.id if isinstance(message.id, tuple) else (message.id,)


def strings(message) -> tuple[str, ...]:  # type: ignore[no-untyped-def]
    return message.string if isinstance(message.string, tuple) else (message.string,)


def test_template_is_current() -> None:
    """Every text the code marks is in the committed template, and the template holds nothing else.

    argparse's own texts (taken from the running Python, without a place in our code) are left out:
    another Python version words a few of them otherwise, and those fall back to English."""
    with open(TEMPLATE, "rb") as file:
        committed = {(m.context, ids(m)) for m in read_po(file) if m.id and m.locations}
    fresh = {(m.context, ids(m)) for m in template() if m.id and m.locations}
    assert fresh - committed == set(), "run tools/translations.py all and translate the new texts"
    assert committed - fresh == set(), "run tools/translations.py all: the template has texts the code dropped"


def test_a_catalogue_whose_texts_did_not_change_is_not_rewritten(tmp_path: Path) -> None:
    """`make translations` with no text changed must change no file: only the creation date would differ."""
    path = tmp_path / "solitaire.pot"

    def written(day: int, *texts: str) -> bytes:
        catalog = Catalog(project="solitaire", creation_date=datetime.datetime(2026, 12, day, tzinfo=datetime.UTC))
        for text in texts:
            catalog.add(text)
        _write(catalog, path)
        return path.read_bytes()

    first = written(1, "Undo")
    assert b"2026-12-01" in first
    assert written(2, "Undo") == first
    assert b"Redo" in written(3, "Undo", "Redo")
    assert b"2026-12-03" in path.read_bytes()


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_catalogue_is_complete(language: str) -> None:
    with open(TEMPLATE, "rb") as file:
        wanted = {(m.context, ids(m)) for m in read_po(file) if m.id}
    messages = {(m.context, ids(m)): m for m in catalogue(language) if m.id}
    assert wanted - set(messages) == set()
    untranslated = [m.id for m in messages.values() if not all(strings(m))]
    fuzzy = [m.id for m in messages.values() if m.fuzzy]
    assert untranslated == [] and fuzzy == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_translations_keep_their_placeholders(language: str) -> None:
    wrong = []
    for message in catalogue(language):
        if not message.id:
            continue
        expected = sorted(PLACEHOLDER.findall(ids(message)[-1]))
        for text in strings(message):
            if sorted(PLACEHOLDER.findall(text)) != expected:
                wrong.append((ids(message)[-1], text))
    assert wrong == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_compiled_catalogue_matches_its_source(language: str) -> None:
    with open(po_path(language).with_suffix(".mo"), "rb") as file:
        compiled = gettext.GNUTranslations(file)
    source = catalogue(language)
    form_for = gettext.c2py(source.plural_expr)
    for message in source:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            for count in (0, 1, 2, 5, 1000):
                if message.context:
                    got = compiled.npgettext(message.context, *message.id, count)
                else:
                    got = compiled.ngettext(*message.id, count)
                assert got == message.string[form_for(count)], message.id
        else:
            got = compiled.pgettext(message.context, message.id) if message.context else compiled.gettext(message.id)
            assert got == message.string, message.id


def _colour_clash() -> tuple[str, str]:
    """A one-card move of FreeCell deal 1 that breaks the colour rule: (its notation, the reason given)."""
    rules = rules_for(find_variant("freecell"))
    state = rules.deal(1)
    for src in range(1, 9):
        for dst in range(1, 9):
            if src == dst:
                continue
            try:
                rules.check(state, Move.parse(f"{src}{dst}"))
            except IllegalMove as error:
                if state.columns[src - 1][-1].rank == state.columns[dst - 1][-1].rank - 1:
                    return f"{src}{dst}", str(error)
    raise AssertionError("deal 1 has no such move")


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_rule_explanation_comes_out_in_each_language(language: str) -> None:
    notation, english = _colour_clash()
    assert "alternating colours" in english
    i18n.use_language(language)
    assert _colour_clash() == (notation, _colour_clash()[1])
    translated = _colour_clash()[1]
    expected = gettext.translation(i18n.DOMAIN, LOCALE_DIR, [language]).gettext("columns build down in alternating colours")
    assert expected != "columns build down in alternating colours"
    assert translated != english and expected in translated


def test_card_indices_follow_the_language() -> None:
    i18n.use_language("fr")
    assert [rank_name(r) for r in (1, 11, 12, 13)] == ["A", "V", "D", "R"]
    assert Card.parse("KH").label == "R♥"
    i18n.use_language("de")
    assert [rank_name(r) for r in (11, 12, 13)] == ["B", "D", "K"]
    i18n.use_language("en")
    assert Card.parse("KH").label == "K♥"


def test_the_card_a_player_types_is_read_the_classic_way_in_every_language() -> None:
    i18n.use_language("fr")
    assert Card.parse("QH") == Card.parse("qh")
    assert Card.parse("QH").code == "QH"


def test_english_is_the_fallback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANGUAGE", "it:pt")
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    assert i18n.use_language(None) == "en"
    assert i18n._("the waste is empty") == "the waste is empty"
    i18n.use_language("fr")
    assert i18n._("a text no catalogue has") == "a text no catalogue has"


def test_the_system_language_is_read_in_gettexts_order(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert i18n.system_language() == "de"
    monkeypatch.setenv("LC_MESSAGES", "es_ES.UTF-8")
    assert i18n.system_language() == "es"
    monkeypatch.setenv("LC_ALL", "C")
    assert i18n.system_language() == "en"
    monkeypatch.setenv("LANGUAGE", "pt:fr")
    assert i18n.system_language() == "fr"


def test_an_unknown_language_is_refused_with_the_list() -> None:
    with pytest.raises(i18n.UnknownLanguage, match="de, en, es, fr"):
        i18n.check_language("klingon")
    assert i18n.check_language("fr_CA.UTF-8") == "fr"


@pytest.mark.parametrize("language", TRANSLATED)
def test_numbers_are_written_as_the_language_writes_them(language: str) -> None:
    i18n.use_language(language)
    separators = {"fr": "\u202f", "de": ".", "es": "."}
    assert i18n.number(32000) == f"32{separators[language]}000"
    assert i18n.number(999) == "999"


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("game", ["freecell", "klondike", "golf"])
def test_the_console_help_comes_out_in_each_language(language: str, game: str) -> None:
    from solitaire.console.commands import help_text

    variant = find_variant(game)
    english = help_text(variant).splitlines()
    i18n.use_language(language)
    translated = help_text(variant).splitlines()
    assert len(translated) == len(english)
    changed = [line for line, before in zip(translated, english) if line != before]
    assert len(changed) >= len(english) - 1  # every line but perhaps one of bare command words
