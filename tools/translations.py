"""Keep the catalogues in step with the code: extract the texts, merge them into each language, compile.

    .venv/bin/python tools/translations.py extract   # game/locale/solitaire.pot from the code
    .venv/bin/python tools/translations.py update    # merge the template into every <lang>.po
    .venv/bin/python tools/translations.py compile   # every .po to the .mo the program reads
    .venv/bin/python tools/translations.py all       # the three in turn (`make translations`)
    .venv/bin/python tools/translations.py new it    # start a language: game/locale/it/LC_MESSAGES/solitaire.po

The template also holds argparse's own texts (usage, errors) taken from the running Python's
argparse, so the command line's help and errors are translated whole. Babel does the work; this
script only says where the files are.
"""
from __future__ import annotations

import argparse
import io
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir, extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, SOURCE_LANGUAGE  # noqa: E402

SOURCES = ("game", "solitaire", "sprites", "sounds")
KEYWORDS = {"_": None, "N_": None, "Nn_": (1, 2), "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "NC_": ((1, "c"), 2)}
ARGPARSE_KEYWORDS = {"_": None, "ngettext": (1, 2)}
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
HEADER = "Solitaire Suite's texts for players"
CREATION_DATE = re.compile(rb'^"POT-Creation-Date: [^"]*"\n', re.MULTILINE)  # the header line write_po dates


def po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def template() -> Catalog:
    """Every text the program shows, from its own code and from argparse."""
    catalog = Catalog(project="solitaire", version="0.1", header_comment=f"# {HEADER}.", fuzzy=False)
    for folder in SOURCES:
        for filename, lineno, message, comments, context in extract_from_dir(
            ROOT / folder, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",), strip_comment_tags=True
        ):
            catalog.add(message, None, [(f"{folder}/{filename}", lineno)], auto_comments=comments, context=context)
    for _lineno, message, _comments, context in extract_from_file("python", argparse.__file__, keywords=ARGPARSE_KEYWORDS):
        catalog.add(message, None, [], auto_comments=["argparse"], context=context)
    return catalog


def _write(catalog: Catalog, path: Path, **options: bool) -> None:
    """Write a catalogue. Its `#:` lines name the file a text comes from, not the line: a line moved
    in the code then changes no catalogue. A catalogue that would differ only by its creation date is
    left as it is, so a run with no text changed changes no file (the date flows from the template to
    each language and into its .mo)."""
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, sort_output=False, include_lineno=False, **options)
    text = buffer.getvalue()
    if path.exists() and CREATION_DATE.sub(b"", path.read_bytes()) == CREATION_DATE.sub(b"", text):
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text)


def extract() -> None:
    _write(template(), TEMPLATE)
    print(f"wrote {TEMPLATE.relative_to(ROOT)}")


def _read(path: Path, language: str | None = None) -> Catalog:
    with open(path, "rb") as file:
        return read_po(file, locale=language)


def _translated() -> list[tuple[str, Path]]:
    """Each language with a catalogue of its own (English is the texts themselves), and its .po file."""
    return [(language, po_path(language)) for language in LANGUAGES if language != SOURCE_LANGUAGE]


def update() -> None:
    fresh = _read(TEMPLATE)
    for language, path in _translated():
        catalog = _read(path, language)
        catalog.update(fresh, no_fuzzy_matching=True)
        _write(catalog, path, ignore_obsolete=True)
        print(f"updated {path.relative_to(ROOT)}")


def compile_all() -> None:
    for language, path in _translated():
        with open(path.with_suffix(".mo"), "wb") as out:
            write_mo(out, _read(path, language))
        print(f"compiled {path.with_suffix('.mo').relative_to(ROOT)}")


def new(language: str) -> None:
    fresh = _read(TEMPLATE)
    catalog = Catalog(
        locale=language, project="solitaire", version="0.1", header_comment=f"# {HEADER}.", fuzzy=False,
        last_translator="Solitaire Suite developers", language_team=language,
    )
    catalog.update(fresh, no_fuzzy_matching=True)
    _write(catalog, po_path(language))
    print(f"wrote {po_path(language).relative_to(ROOT)}; add {language!r} to LANGUAGES in game/i18n.py")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("step", choices=("extract", "update", "compile", "all", "new"))
    parser.add_argument("language", nargs="?")
    args = parser.parse_args()
    if args.step == "new":
        if not args.language:
            parser.error("new needs a language code, such as it")
        new(args.language)
        return
    if args.step in ("extract", "all"):
        extract()
    if args.step in ("update", "all"):
        update()
    if args.step in ("compile", "all"):
        compile_all()


if __name__ == "__main__":
    main()
