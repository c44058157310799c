"""The man page, solitaire(6), written from the argument parser itself, so that it lists exactly the
commands and options the program takes; `solitaire desktop install` puts it where `man` looks.

Always in English (the words a player searches for in `man -k`); `solitaire --help` speaks the
player's language. argparse has no public way to walk a parser, so its `_actions` are read here.
"""
from __future__ import annotations

import argparse
import datetime

from game._version import __version__

SECTION = "6"  # games


def roff(text: str) -> str:
    """`text` safe in a man page: backslashes and hyphens escaped, no line starting as a request."""
    escaped = text.replace("\\", "\\e").replace("-", "\\-")
    return "\n".join("\\&" + line if line.startswith((".", "'")) else line for line in escaped.splitlines())


def _option_lines(parser: argparse.ArgumentParser, with_help: bool = True) -> list[str]:
    """The options of `parser`, each as a tagged paragraph; `-h` only where `with_help` (the top level's)."""
    lines = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction) or action.help == argparse.SUPPRESS:
            continue
        if isinstance(action, argparse._HelpAction) and not with_help:
            continue
        names = ", ".join(f"\\fB{roff(name)}\\fR" for name in action.option_strings) or f"\\fI{roff(action.dest)}\\fR"
        if action.option_strings and action.nargs != 0:
            names += f" \\fI{roff(str(action.metavar or action.dest.upper()))}\\fR"
        if action.choices:
            names += " {" + roff(",".join(str(choice) for choice in action.choices)) + "}"
        lines += [".TP", names, roff(action.help or "")]
    return lines


def _commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    found: dict[str, argparse.ArgumentParser] = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            found.update(action.choices)
    return found


def _command_section(name: str, command: argparse.ArgumentParser) -> list[str]:
    lines = [f'.SS "{roff(name)}"', roff(command.description or ""), *_option_lines(command, with_help=False)]
    for inner_name, inner in _commands(command).items():
        lines += _command_section(f"{name} {inner_name}", inner)
    return lines


def render(parser: argparse.ArgumentParser, today: datetime.date | None = None) -> str:
    """solitaire(6) for the whole command line `parser` (cli.build_parser())."""
    date = (today or datetime.date.today()).isoformat()
    lines = [
        f'.TH SOLITAIRE {SECTION} "{date}" "solitaire {__version__}" "Games"',
        ".SH NAME",
        f"solitaire \\- {roff(parser.description or '')}",
        ".SH SYNOPSIS",
        ".B solitaire",
        "[\\fICOMMAND\\fR] [\\fIOPTIONS\\fR]",
        ".SH DESCRIPTION",
        "Card games in a window or a terminal, with a solver that says whether a deal can still be won.",
        "With no command, \\fBplay\\fR opens the window. Every command has its own \\fB\\-\\-help\\fR.",
        ".SH OPTIONS",
        *_option_lines(parser),
        ".SH COMMANDS",
    ]
    for name, command in _commands(parser).items():
        lines += _command_section(f"solitaire {name}", command)
    lines += [
        ".SH ENVIRONMENT",
        ".TP",
        "\\fBSOLITAIRE_PURE\\fR",
        "Set to 1 to run the solvers as plain Python even where a compiled build is installed.",
        ".SH EXIT STATUS",
        "0 on success, 1 when the program could not do what was asked, 2 for a usage error.",
        ".SH SEE ALSO",
        "\\fBsolitaire \\-\\-version\\fR says which build of the solvers runs.",
        "",
    ]
    return "\n".join(lines)
