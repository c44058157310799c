"""Every game, found by name or alias: the registry of families and their games.

Families are found, not listed: every module (or package) of `game/families/` that declares `GAMES`
is a family's, imported when the registry is first read, its games listed in the order of their
families' `position` and then as declared. A family added later, in the program or in a test,
`register`s its games the same way and is then found, listed, played and solved like the others.
"""
from __future__ import annotations

import importlib
import pkgutil
import re
from typing import TYPE_CHECKING, Any

from . import families
from .family import Family
from .i18n import _
from .reading import quoted, whole_number
from .rules import Rules
from .variant import GameOption, Shapes, UnknownGame, Variant

if TYPE_CHECKING:  # loaded by the family when a terminal first asks for a dialect
    from .dialect import Dialect

__all__ = [
    "GameOption", "Shapes", "UnknownGame", "Variant", "all_variants", "customised", "default_variant", "dialect_for",
    "family_of", "find_variant", "game_options", "register", "rules_for", "shaped_games", "shapes_of", "with_option",
]

_VARIANTS: list[Variant[Any]] = []
_FAMILIES: dict[str, Family[Any]] = {}


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
        at = next((i for i, known in enumerate(_VARIANTS) if known.family.position > family.position), len(_VARIANTS))
        _VARIANTS.insert(at, variant)


def _discover() -> None:
    """Register the games of every family module under `game/families/`."""
    for info in sorted(pkgutil.iter_modules(families.__path__), key=lambda info: info.name):
        module = importlib.import_module(f"{families.__name__}.{info.name}")
        register(*getattr(module, "GAMES", ()))


_discover()


def _normalise(name: str) -> str:
    return name.strip().lower().replace("_", "-").replace(" ", "-").replace("'", "")


def all_variants() -> tuple[Variant[Any], ...]:
    return tuple(_VARIANTS)


def default_variant() -> Variant[Any]:
    """The game played when none is named: the first one registered (FreeCell)."""
    return _VARIANTS[0]


def shaped_games() -> list[tuple[Shapes, tuple[Variant[Any], ...]]]:
    """The games that come in any shape of cells and columns, by family, with the shapes allowed."""
    families = dict.fromkeys(variant.family for variant in _VARIANTS if variant.family.shapes is not None)
    return [
        (family.shapes, tuple(v for v in _VARIANTS if v.family is family)) for family in families if family.shapes is not None
    ]


def shapes_of(variant: Variant[Any]) -> Shapes | None:
    """The shapes a game may take (cells and columns), or None when its family has no other shape."""
    return variant.family.shapes


def game_options() -> tuple[GameOption, ...]:
    """Every family's options (Klondike's draw), each once, in the order the games are listed."""
    options: list[GameOption] = []
    for variant in _VARIANTS:
        options += [option for option in variant.family.options if option not in options]
    return tuple(options)


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
    for variant in _VARIANTS:
        if wanted in (variant.key, _normalise(variant.english_name), *variant.aliases):
            return variant
    for variant in _VARIANTS:
        if wanted == _normalise(variant.name):
            return variant
    # the games of the chooser only: a game that is another's setting changed (Spider's relaxed deal) is
    # found by its key all the same, and naming every one would make the line too long to read
    known = ", ".join(v.key for v in _VARIANTS if v.listed)
    raise UnknownGame(_("unknown game {text} (known games: {known})").format(text=quoted(name), known=known))


def with_option(variant: Variant[Any], option: GameOption, value: int) -> Variant[Any]:
    """The game of the same family with `value` for `option` (`--draw 3`); a game whose family does
    not offer the option is refused with the option's name."""
    if not option.offered_by(variant):
        raise UnknownGame(_(option.refusal).format(game=variant.name))
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
    return _FAMILIES[variant.family.key]


def rules_for(variant: Variant[Any]) -> Rules:
    """The rules object of a game, from its family."""
    return family_of(variant).rules(variant)


def dialect_for(variant: Variant[Any]) -> Dialect:
    """The terminal language of a game, from its family."""
    return family_of(variant).dialect(variant)
