"""argparse's own texts ("usage:", "options", "expected one argument", "invalid choice", ...) in the
player's language, without touching argparse's module.

argparse words its texts in English through gettext's global domain, which this program leaves
alone; its msgids are in the program's catalogue (tools/translations.py extracts them from the
running Python's argparse). So they are translated where they reach the player: the help through a
formatter (`TranslatedFormatter`: the usage prefix, the section headings, argparse's option helps),
and an error, which argparse hands over already worded, by reading it back against argparse's
message templates (`translated_error`), each part translated through the program's catalogue. A
message that matches none (another Python's wording, our own already translated texts) is left as
it is, in English at worst.
"""
from __future__ import annotations

import argparse
import re
from collections.abc import Iterable
from functools import cache

from game.i18n import _, ngettext

USAGE = "usage: "

# The errors argparse words itself (Python 3.11-3.13), as they are in its source and our catalogue.
ERROR_TEMPLATES = (
    "argument %(argument_name)s: %(message)s",
    "unrecognized arguments: %s",
    "the following arguments are required: %s",
    "one of the arguments %s is required",
    "not allowed with argument %s",
    "ignored explicit argument %r",
    "expected one argument",
    "expected at most one argument",
    "expected at least one argument",
    "invalid %(type)s value: %(value)r",
    "invalid choice: %(value)r (choose from %(choices)s)",
    "ambiguous option: %(option)s could match %(matches)s",
    "unexpected option string: %s",
    "unknown parser %(parser_name)r (choices: %(choices)s)",
)
PLURAL_TEMPLATE = ("expected %s argument", "expected %s arguments")
PLACEHOLDER = r"%\((\w+)\)[sr]|%[sr]"  # compiled where first used (re keeps it): English needs none


@cache
def _pattern(template: str) -> re.Pattern[str]:
    """The template as a regular expression that captures what argparse put in its placeholders."""
    parts, last, index = [], 0, 0
    for found in re.finditer(PLACEHOLDER, template):
        parts.append(re.escape(template[last:found.start()]))
        name = found.group(1) or f"_{index}"
        parts.append(f"(?P<{name}>.*)" if name == "message" else f"(?P<{name}>.*?)")
        last, index = found.end(), index + 1
    parts.append(re.escape(template[last:]))
    return re.compile("".join(parts), re.DOTALL)


def _fill(translated: str, values: dict[str, str]) -> str:
    """A translated template with the values read back (already in their final form: no second repr)."""
    positional = iter(value for name, value in sorted(values.items()) if name.startswith("_"))
    return re.sub(PLACEHOLDER, lambda found: values[found.group(1)] if found.group(1) else next(positional), translated)


def translated_error(message: str) -> str:
    """An error argparse worded in English, in the player's language where its template is known."""
    for template in ERROR_TEMPLATES:
        found = _pattern(template).fullmatch(message)
        if found:
            values = found.groupdict()
            if "message" in values:
                values["message"] = translated_error(values["message"])
            return _fill(_(template), values)
    for template in PLURAL_TEMPLATE:
        found = _pattern(template).fullmatch(message)
        if found and found.group("_0").isdigit():
            return _fill(ngettext(*PLURAL_TEMPLATE, int(found.group("_0"))), found.groupdict())
    return message


class TranslatedFormatter(argparse.HelpFormatter):
    """The help, with argparse's own words translated (ours are translated where they are written;
    translating them again finds no msgid and leaves them as they are)."""

    def add_usage(self, usage: str | None, actions: Iterable[argparse.Action],
                  groups: Iterable[argparse._MutuallyExclusiveGroup], prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, _(USAGE) if prefix is None else prefix)

    def start_section(self, heading: str | None) -> None:
        super().start_section(_(heading) if heading else heading)

    def _get_help_string(self, action: argparse.Action) -> str | None:
        return _(action.help) if action.help else action.help
