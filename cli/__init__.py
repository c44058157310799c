"""The command line. Each subcommand is a module of this package with `HELP`, `add_arguments(parser)`
and `run(args) -> exit code`; they are found by name, so adding one touches no other file, and only
the one that runs is imported.
"""
from __future__ import annotations

import argparse
import errno
import importlib
import os
import pkgutil
import sys

from .common import UsageError

DEFAULT_COMMAND = "play"
ORDER = ("play", "show", "solve", "console", "stats", "games")
HELPERS = {"common"}  # modules of this package that are not subcommands
EXIT_PIPE_CLOSED = 141  # 128 + SIGPIPE
WRITE_FAILURES = {errno.EPIPE, errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO}


class OneLineParser(argparse.ArgumentParser):
    """Bad arguments get one line and exit code 2, not a usage block."""

    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"{self.prog}: {message}\n")
        sys.exit(2)


def _command_names() -> list[str]:
    """The subcommands, in help order, found by name without importing them (so `play` loads neither
    the console nor the solver's command line on its way to the window)."""
    names = [info.name for info in pkgutil.iter_modules(__path__) if info.name not in HELPERS]
    return sorted(names, key=lambda n: (ORDER + (n,)).index(n))


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole command line, or with `only` the one subcommand about to run."""
    parser = OneLineParser(prog="solitaire", description="FreeCell, Baker's Game, Klondike, Golf and friends.")
    sub = parser.add_subparsers(dest="command", parser_class=OneLineParser)
    for name in [only] if only is not None else _command_names():
        module = importlib.import_module(f"{__name__}.{name}")
        command = sub.add_parser(name, help=module.HELP, description=module.HELP)
        module.add_arguments(command)
        command.set_defaults(run=module.run)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    names = _command_names()
    if not argv or (argv[0] not in names and argv[0] not in ("-h", "--help")):
        argv.insert(0, DEFAULT_COMMAND)
    args = build_parser(only=argv[0] if argv[0] in names else None).parse_args(argv)
    try:
        code = args.run(args)
        sys.stdout.flush()  # so a full disk is reported here, not as a traceback when Python exits
        return code
    except UsageError as error:
        sys.stderr.write(f"solitaire: {error}\n")
        return 2
    except KeyboardInterrupt:
        return 130
    except OSError as error:
        if error.errno not in WRITE_FAILURES:
            raise  # not a failed write: a bug to see in full
        return _output_failed(error)


def _output_failed(error: OSError) -> int:
    """Writing failed (the output, in practice: subcommands report their own files' problems); stop cleanly.

    A closed pipe (`... | head`) means the reader has all it wanted, so it is silent like any Unix
    filter and exits 141, as a process stopped by SIGPIPE does; anything else (a full disk) is one
    line on standard error and exit code 1. Standard output is pointed at the null device so the
    interpreter's last flush of what is still buffered cannot fail again.
    """
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass  # a stand-in stdout without a file descriptor (a test's capture) has nothing to redirect
    if isinstance(error, BrokenPipeError):
        return EXIT_PIPE_CLOSED
    try:
        sys.stderr.write(f"solitaire: cannot write: {error.strerror or error}\n")
        sys.stderr.flush()
    except OSError:
        pass  # nowhere left to tell
    return 1
