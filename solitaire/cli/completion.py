"""`completion`: the shell code that completes `solitaire`'s commands and options in bash, zsh and
fish, from argcomplete (a maintained library) rather than by hand, so it follows the parser.

The shell code calls `solitaire` back with argcomplete's variables set; `cli.main` then hands the
whole parser to `complete`, which answers and exits before any command runs.
"""
from __future__ import annotations

import argparse
import sys
from typing import NoReturn

from game.i18n import N_, _

HELP = N_("print the shell code that completes solitaire's commands and options")
SHELLS = ("bash", "zsh", "fish")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("shell", choices=SHELLS, help=_("the shell to complete in"))


def shell_code(shell: str) -> str:
    import argcomplete

    return argcomplete.shellcode(["solitaire"], shell=shell)


def run(args: argparse.Namespace) -> int:
    sys.stdout.write(shell_code(args.shell))
    return 0


def complete(parser: argparse.ArgumentParser) -> NoReturn:
    """Answer the shell's question and exit (argcomplete writes where the shell code reads)."""
    import argcomplete

    argcomplete.autocomplete(parser)
    sys.exit(0)  # not reached when the shell asked; argcomplete exits itself
