"""`Value`: the base of the plain classes a start makes, equal and hashed by what they hold.

Python writes a dataclass's methods, and a named tuple's constructor, as source text and compiles
them when the module that declares them loads: some 4 million machine instructions a dataclass and
1 million a named tuple, at every start (bench/idle.py counts the start against `import pygame`).
A class that names its fields in `__slots__`, sets them in its own `__init__` and inherits these
methods costs what any class costs. Hot values (`Card`, `Pile`, `Move`) write their own, faster
methods; these serve the ones compared or hashed now and then (a layout, a deal's declaration).
"""
from __future__ import annotations

from typing import Any, TypeVar

V = TypeVar("V", bound="Value")


class Value:
    """Equal when of the same class with equal slots; hashed, and shown, by them."""

    __slots__: tuple[str, ...] = ()

    def facts(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def replace(self: V, **changes: Any) -> V:
        """A copy with the facts named changed (a named tuple's `_replace`): every slot is an argument
        of the class's `__init__` by the same name."""
        facts: dict[str, Any] = dict(zip(self.__slots__, self.facts()))
        facts.update(changes)
        return type(self)(**facts)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self.facts() == other.facts()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.facts())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({shown})"
