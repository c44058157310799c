"""What the suite says about itself to desktop menus, software centres and package indexes, made
from the registry of games, so that a game added to the suite is named there without another edit.

The desktop entry's comment and keywords (in every language the program speaks), the AppStream
file's description and the package's summary name the games `game.variants.offered_variants()` lists.
They are made from the templates in data/ (`*.in`) by `solitaire desktop install` in a clone, and by
the wheel's build (setup.py), which also gives the summary to the package's metadata.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from game.i18n import LANGUAGES, N_, SOURCE_LANGUAGE, _, current_language, use_language
from game.variants import offered_variants

# TRANSLATORS: the desktop menu's comment on the game and the package's summary; {games} is the list
# of the games' names ("FreeCell, Baker's Game, ... and Forty Thieves")
COMMENT = N_("{games}, with a solver that says whether a deal can still be won")
GAMES = "@GAMES@"  # where the AppStream template's description names the games


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """Words in `language` for a while (the menus' texts are written in each language at once)."""
    before = current_language()
    use_language(language)
    try:
        yield
    finally:
        use_language(before)


def titles() -> list[str]:
    """The names of the games a player picks from, each game once in the current language: a game's
    forms ("Klondike (draw 3)", "Spider (two suits)") are named by the game's own name."""
    names: list[str] = []
    for variant in offered_variants():
        if not variant.shaped_from:
            name = _(variant.english_name.partition(" (")[0])
            if name not in names:
                names.append(name)
    return names


def games_phrase() -> str:
    """The games as a list in words, in the current language: "FreeCell, ..., Spider and Forty Thieves"."""
    names = titles()
    if len(names) == 1:
        return names[0]
    # TRANSLATORS: the end of a list of games: {games} is the names before the last, joined by ", "
    return _("{games} and {last}").format(games=", ".join(names[:-1]), last=names[-1])


def comment() -> str:
    """One line on the suite, in the current language: the menus' comment, `solitaire --help`'s description."""
    return _(COMMENT).format(games=games_phrase())


def summary() -> str:
    """The package's one-line summary, in English (a package index's language)."""
    with speaking(SOURCE_LANGUAGE):
        return comment()


def _other_languages() -> list[str]:
    return sorted(language for language in LANGUAGES if language != SOURCE_LANGUAGE)


def desktop_entry(template: str) -> str:
    """The desktop entry from its template: a comment naming the games, and the games' names added to
    the keywords, in English and each language the program speaks."""
    lines = []
    for line in template.splitlines():
        key, _equals, value = line.partition("=")
        if key.split("[")[0] == "Keywords":
            language = key[len("Keywords["):-1] if "[" in key else SOURCE_LANGUAGE
            with speaking(language):
                words = [word for word in value.split(";") if word]
                words += [name.lower() for name in titles() if name.lower() not in words]
            line = f"{key}={';'.join(words)};"
        if key == "Exec":  # the comments go before the command, after the names
            for language in [SOURCE_LANGUAGE, *_other_languages()]:
                with speaking(language):
                    said = comment()
                lines.append(f"Comment={said}" if language == SOURCE_LANGUAGE else f"Comment[{language}]={said}")
        lines.append(line)
    return "\n".join(lines) + "\n"


def metainfo(template: str) -> str:
    """The AppStream file from its template: its description names the games (in English)."""
    from xml.sax.saxutils import escape

    with speaking(SOURCE_LANGUAGE):
        return template.replace(GAMES, escape(games_phrase()))
