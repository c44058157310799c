"""`Value`: the base of the plain classes a start makes, equal and hashed by what they hold.

Python writes a dataclass's methods, and a named tuple's constructor, as source text and compiles
them when the module that declares them loads: some 4 million machine instructions a dataclass and
1 million a named tuple, at every start (bench/idle.py counts the start against `import pygame`).
A class that names its fields in `__slots__`, sets them in its own `__init__` and inherits these
methods costs what any class costs. `Value` serves the ones compared or hashed now and then (a
layout, a deal's declaration); `Frozen` the positions, piles and moves the rules make by the million,
which write their own `__eq__` and `__hash__` (faster than a loop over the slots) and may not change.
"""
from __future__ import annotations

from typing import Any, TypeVar

V = TypeVar("V", bound="Value")


class Value:
    """Equal when of the same class with equal slots; hashed, and shown, by them."""

    __slots__: tuple[str, ...] = ()

    def _slot_values(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def replace(self: V, **changes: Any) -> V:
        """A copy with the facts named changed (a named tuple's `_replace`): every slot is an argument
        of the class's `__init__` by the same name."""
        facts: dict[str, Any] = dict(zip(self.__slots__, self._slot_values()))
        facts.update(changes)
        return type(self)(**facts)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._slot_values() == other._slot_values()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._slot_values())

    def __repr__(self) -> str:
        return _shown(self)


class Frozen:
    """A value nothing changes once its `__init__` has set its slots (with `object.__setattr__`),
    pickled as the arguments that make it again; shown as a dataclass shows itself."""

    __slots__: tuple[str, ...] = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a {type(self).__name__} never changes")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a {type(self).__name__} never changes")

    def __reduce__(self) -> tuple[type[Frozen], tuple[object, ...]]:
        return type(self), tuple(getattr(self, name) for name in self.__slots__)

    def __repr__(self) -> str:
        return _shown(self)


def _shown(value: Value | Frozen) -> str:
    shown = ", ".join(f"{name}={getattr(value, name)!r}" for name in value.__slots__)
    return f"{type(value).__name__}({shown})"
