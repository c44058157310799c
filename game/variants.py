"""Every game, found by name or alias: the registry of families and their games.

Families are found, not listed: every module (or package) of `game/families/` that declares `GAMES`
is a family's, its games listed in the order of their families' `position` and then as declared. A
family added later, in the program or in a test, `register`s its games the same way and is then found,
listed, played and solved like the others.

A family is imported only when it is needed, since each costs the window's start time: looking a game
up by name imports first the family modules whose names the game's name contains (`spider-2` is
`spider`'s, `beleaguered-castle` is `castle`'s), and everything that lists games imports them all.
A name no guessed module declares is looked up among all of them, so a guess saves time and never
changes an answer.
"""
from __future__ import annotations

import importlib
import re
from functools import cache
from typing import TYPE_CHECKING, Any

from . import families
from .discovery import module_names
from .family import Family
from .i18n import _
from .reading import quoted, whole_number
from .rules import Rules
from .scoring import Scoring
from .variant import GameOption, Shapes, UnknownGame, Variant

if TYPE_CHECKING:  # loaded by the family when a terminal first asks for a dialect
    from .dialect import Dialect

__all__ = [
    "GameOption", "Shapes", "UnknownGame", "Variant", "all_variants", "customised", "default_variant", "dialect_for",
    "family_of", "find_variant", "game_options", "options_of", "register", "rules_for", "shaped_games", "shapes_of",
    "with_option",
]

_VARIANTS: list[Variant[Any]] = []
_FAMILIES: dict[str, Family[Any]] = {}
_IMPORTED: set[str] = set()  # the family modules whose games are registered
DEFAULT_GAME = "freecell"  # the game played when none is named, first in every list


def register(*variants: Variant[Any]) -> None:
    """Make games findable and listed: after the games of families placed before theirs, in the order given."""
    for variant in variants:
        if any(variant.key == known.key for known in _VARIANTS):
            raise ValueError(f"a game {variant.key!r} is registered already")
        family = variant.family
        if not isinstance(family, Family):
            raise TypeError(f"{variant.key}: its family {family!r} is no game.family.Family")
        if _FAMILIES.setdefault(family.key, family) is not family:
            raise ValueError(f"a family {family.key!r} is registered already")
        place = (family.position, family.key)  # families at one position by key: never by which was imported first
        at = next((i for i, known in enumerate(_VARIANTS) if (known.family.position, known.family.key) > place), len(_VARIANTS))
        _VARIANTS.insert(at, variant)


@cache
def _family_modules() -> list[str]:
    return module_names(families.__path__)


def _import_family(name: str) -> None:
    """Register the games a family module declares, once."""
    if name not in _IMPORTED:
        _IMPORTED.add(name)
        module = importlib.import_module(f"{families.__name__}.{name}")
        register(*getattr(module, "GAMES", ()))


def _discover() -> None:
    """Register the games of every family module under `game/families/`."""
    if len(_IMPORTED) < len(_family_modules()):
        for name in _family_modules():
            _import_family(name)


def _listed() -> list[Variant[Any]]:
    """Every game, all families imported."""
    _discover()
    return _VARIANTS


def _normalise(name: str) -> str:
    return name.strip().lower().replace("_", "-").replace(" ", "-").replace("'", "")


def all_variants() -> tuple[Variant[Any], ...]:
    return tuple(_listed())


def offered_variants() -> tuple[Variant[Any], ...]:
    """The games a player picks from (the chooser's), in its order: every game but the forms reached
    only through a family's option (`Variant.listed`: Spider's relaxed deals, Pyramid's fewer passes,
    KPatience's deals of Gypsy and Forty & Eight, and others)."""
    return tuple(variant for variant in _listed() if variant.listed)


def default_variant() -> Variant[Any]:
    """The game played when none is named (FreeCell), found without importing the other families."""
    return find_variant(DEFAULT_GAME)


def shaped_games() -> list[tuple[Shapes, tuple[Variant[Any], ...]]]:
    """The games that come in any shape of cells and columns, by family, with the shapes allowed."""
    listed = _listed()
    families = dict.fromkeys(variant.family for variant in listed if variant.family.shapes is not None)
    return [
        (family.shapes, tuple(v for v in listed if v.family is family)) for family in families if family.shapes is not None
    ]


def shapes_of(variant: Variant[Any]) -> Shapes | None:
    """The shapes a game may take (cells and columns), or None when its family has no other shape."""
    return variant.family.shapes


def game_options() -> tuple[GameOption, ...]:
    """Every family's options (Klondike's draw), each once, in the order the games are listed."""
    options: list[GameOption] = []
    for variant in _listed():
        options += [option for option in variant.family.options if option not in options]
    return tuple(options)


def options_of(variant: Variant[Any]) -> tuple[GameOption, ...]:
    """The options a game's family offers (Klondike's draw), asked without listing every family."""
    return variant.family.options


def find_variant(name: str) -> Variant[Any]:
    """Look a game up by key, English name or alias, ignoring case, spaces and apostrophes.

    The name in the player's language is found too, but never in place of an English one: what was
    saved or typed in English finds the same game whatever the language."""
    wanted = _normalise(name)
    base, _colon, shape = wanted.partition(":")
    if shape:
        match = re.fullmatch(r"([0-9]+)x([0-9]+)", shape)
        if not match:
            raise UnknownGame(
                # TRANSLATORS: GAME:CELLSxCOLUMNS and freecell:3x10 are typed as they are: keep them in English
                _("{text}: write a custom shape as GAME:CELLSxCOLUMNS, like freecell:3x10").format(text=quoted(name))
            )
        cells, columns = whole_number(match[1]), whole_number(match[2])
        assert cells is not None and columns is not None  # the pattern allows only digits
        return customised(find_variant(base), cells, columns)
    for name_of in _guessed_modules(base):
        _import_family(name_of)
    found = _by_english_name(wanted)
    if found is None:
        _discover()
        found = _by_english_name(wanted)
    if found is not None:
        return found
    for variant in _VARIANTS:
        if wanted == _normalise(variant.name):
            return variant
    # not every name in one line: with thirty-odd games it would not be one line a player reads
    # TRANSLATORS: `solitaire games` is a command: keep it in English
    raise UnknownGame(_("unknown game {text}: the game chooser and `solitaire games` list the games").format(text=quoted(name)))


def _guessed_modules(name: str) -> list[str]:
    """The family modules a game's name points at: those whose own name it contains."""
    return [module for module in _family_modules() if module.replace("_", "-") in name]


def _by_english_name(wanted: str) -> Variant[Any] | None:
    """The registered game with this key, English name or alias, or None."""
    for variant in _VARIANTS:
        if wanted in (variant.key, _normalise(variant.english_name), *variant.aliases):
            return variant
    return None


def with_option(variant: Variant[Any], option: GameOption, value: int) -> Variant[Any]:
    """The game of the same family with `value` for `option` (`--draw 3`); a game whose family does
    not offer the option is refused with the option's name."""
    if not option.offered_by(variant):
        owner = next(game for game in all_variants() if option.offered_by(game))  # its family's first game names it
        # TRANSLATORS: "--draw is for Klondike, not Golf": a command-line option, the game that has it, the game given
        raise UnknownGame(_("{flag} is for {family}, not {game}").format(flag=option.flag, family=owner.name, game=variant.name))
    return option.applied(variant, value)


def customised(variant: Variant[Any], cells: int | None = None, columns: int | None = None) -> Variant[Any]:
    """The game with another number of cells or columns, as `--cells 3 --columns 10` (the families
    that allow it say what they allow)."""
    if cells is None and columns is None:
        return variant
    cells = variant.cells if cells is None else cells
    columns = variant.columns if columns is None else columns
    return variant.family.reshaped(variant, cells, columns)


def family_of(variant: Variant[Any]) -> Family[Any]:
    """The family a game belongs to, with its rules, dialect and search."""
    if variant.family.key not in _FAMILIES:
        _discover()
    return _FAMILIES[variant.family.key]


def rules_for(variant: Variant[Any]) -> Rules:
    """The rules object of a game, from its family."""
    return family_of(variant).rules(variant)


def scored_rules_for(variant: Variant[Any], scoring: Scoring | None) -> Rules:
    """The rules of a game while a scoring mode is on (Vegas limits the passes through the stock)."""
    return family_of(variant).scored_rules(variant, scoring)


def scorings_for(variant: Variant[Any]) -> tuple[Scoring, ...]:
    """The ways a game may be scored (`game.scoring`), from its family: none for most games."""
    return family_of(variant).scorings(variant)


def dialect_for(variant: Variant[Any]) -> Dialect:
    """The terminal language of a game, from its family."""
    return family_of(variant).dialect(variant)
