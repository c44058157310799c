"""Modules found by name, not listed: the families of `game/families/` and the command line's commands.

A new family or command is a new file, picked up without editing a list. Both are looked for on every
start, so the folder is read once, here, instead of through `pkgutil`: importing it and walking its
importers cost some 3.4 million machine instructions of each start (callgrind), ten times the reading.
"""
from __future__ import annotations

import os
from collections.abc import Iterable
from importlib.machinery import all_suffixes


def module_names(folders: Iterable[str]) -> list[str]:
    """The modules and packages in a package's folders (its `__path__`), by name, in order, none of them
    imported: what `pkgutil.iter_modules` names there (a package is a folder with an `__init__`)."""
    suffixes = all_suffixes()  # the source's, the bytecode's and the compiled modules', longest first
    names: set[str] = set()
    for folder in folders:
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.is_dir():
                    name = entry.name if _is_package(entry.path, suffixes) else ""
                else:
                    name = next((entry.name[: -len(suffix)] for suffix in suffixes if entry.name.endswith(suffix)), "")
                if name and name != "__init__" and "." not in name:
                    names.add(name)
    return sorted(names)


def _is_package(folder: str, suffixes: list[str]) -> bool:
    return any(os.path.isfile(os.path.join(folder, "__init__" + suffix)) for suffix in suffixes)
