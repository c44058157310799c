"""The player's language: every text a player reads passes through here.

One gettext domain serves the whole program (model, window, console, command line), with its
catalogues in `game/locale/<lang>/LC_MESSAGES/solitaire.mo`. The model's reasons are translated
where they are raised; what the code compares (moves, piles, statuses) is never text, so a French
reason is the same rule as an English one.

    _("the waste is empty")                         the current language's text
    ngettext("{n} card", "{n} cards", n).format(n=n) plurals by the language's own rule, never by adding "s"
    pgettext("rank", "K")                           a short text that needs a hint to translate
    N_("FreeCell")                                  marked for the catalogue, translated later with _()
    NC_("rank", "K")                                the same, for a text translated later with pgettext

Text built when a module loads would freeze the language of that moment, so module-level
constants are marked with `N_` and translated with `_` where they are shown.

The language comes from `use_language`: a code chosen by the player (`--lang`, the settings), or
None for the system's (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, in gettext's order). English is the
fallback for a language or a text the catalogues lack.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Protocol

DOMAIN = "solitaire"
LOCALE_DIR = Path(__file__).with_name("locale")
SOURCE_LANGUAGE = "en"
# Each language under its own name, as a player looks for it in a list.
LANGUAGES = {"en": "English", "fr": "Français", "de": "Deutsch", "es": "Español"}
SYSTEM = ""  # the settings' value for "whatever the desktop is in"

class Catalogue(Protocol):
    """What a language's messages answer: gettext's translations, or the English source itself."""

    def gettext(self, message: str) -> str: ...
    def ngettext(self, singular: str, plural: str, count: int) -> str: ...
    def pgettext(self, context: str, message: str) -> str: ...


class Source:
    """English, the language the texts are written in: no catalogue to read, so no gettext to import
    (about 4M machine instructions of every English start, callgrind)."""

    def gettext(self, message: str) -> str:
        return message

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return singular if count == 1 else plural

    def pgettext(self, context: str, message: str) -> str:
        return message


_translation: Catalogue = Source()
_language = SOURCE_LANGUAGE


class UnknownLanguage(ValueError):
    """A language code the program has no catalogue for."""


def check_language(code: str) -> str:
    """A language code as `--lang` or a setting gives it (`fr`, `fr_FR.UTF-8`, `de-AT`), reduced to
    one the program speaks; raises UnknownLanguage with the list of those it does."""
    reduced = _reduce(code)
    if reduced is None:
        names = ", ".join(sorted(LANGUAGES))
        raise UnknownLanguage(_("unknown language {code}: choose from {names}").format(code=repr(code)[:40], names=names))
    return reduced


def _reduce(code: str) -> str | None:
    base = code.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return base if base in LANGUAGES else None


def system_language() -> str:
    """The first language of the desktop's that the program speaks, looked up as gettext does; English otherwise.

    LANGUAGE may list several (`fr:de`); C and POSIX mean English."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable)
        if not value:
            continue
        for code in value.split(":"):
            reduced = _reduce(code)
            if reduced is not None:
                return reduced
        if variable != "LANGUAGE":
            return SOURCE_LANGUAGE  # the first locale variable set decides, as in gettext
    return SOURCE_LANGUAGE


def use_language(code: str | None = None) -> str:
    """Speak `code` from now on (None or "" for the system's language); returns the code in effect."""
    global _translation, _language
    language = check_language(code) if code else system_language()
    if language == SOURCE_LANGUAGE:
        _translation = Source()
    else:
        import gettext

        _translation = gettext.translation(DOMAIN, LOCALE_DIR, languages=[language], fallback=True)
    _language = language
    return language


def current_language() -> str:
    return _language


def _(message: str) -> str:
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    return _translation.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    return _translation.pgettext(context, message)


def N_(message: str) -> str:
    """Mark a text for the catalogue without translating it yet (module constants, data)."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a text with a plural form for the catalogue, translated with ngettext when it is shown."""
    return singular, plural


def NC_(context: str, message: str) -> str:
    """Mark a text and its context for the catalogue, to be translated later with pgettext."""
    return message


def number(value: int | float, decimals: int = 0) -> str:
    """A number as the language writes it (1,234 / 1 234 / 1.234; 2.5 / 2,5).

    Babel knows every language's separators; it is imported only for a number that needs one,
    so the first frame does not wait for its data."""
    if isinstance(value, int) and -1000 < value < 1000:
        return str(value)
    from babel.numbers import format_decimal

    pattern = "#,##0" + ("." + "0" * decimals if decimals else "")
    return format_decimal(value, format=pattern, locale=_language)


def percent(fraction: float, decimals: int = 0) -> str:
    """A share as the language writes it ("45 %" in French and German, "45%" in English)."""
    from babel.numbers import format_percent

    return format_percent(round(fraction, decimals + 2), locale=_language, decimal_quantization=False)
