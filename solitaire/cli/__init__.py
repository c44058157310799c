"""The command line. Each subcommand is a module of this package with `HELP`, `add_arguments(parser)`
and `run(args) -> exit code`; they are found by name, so adding one touches no other file, and only
the one that runs is imported.

Usage errors are one line that ends by pointing at the help, exit code 2; a word that names no
command is answered with the nearest one and the list, rather than read as an argument of `play`.
"""
from __future__ import annotations

import argparse
import codecs
import contextlib
import difflib
import errno
import gc
import importlib
import io
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

from game.discovery import module_names
from game.i18n import UnknownLanguage, _, check_language, use_language

from .argparse_language import TranslatedFormatter, translated_error
from .common import FileRefused, UsageError, add_language_option

DEFAULT_COMMAND = "play"
ORDER = ("play", "show", "solve", "console", "stats", "games", "desktop", "completion")
# modules of this package that are not subcommands
HELPERS = {"argparse_language", "cluster", "common", "deal_pool", "manpage", "metadata", "range_table", "stats_export", "version"}
EXIT_PIPE_CLOSED = 141  # 128 + SIGPIPE
WRITE_FAILURES = {errno.EPIPE, errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO}


def see_help(command: str = "solitaire") -> str:
    """The end of every usage error: where the right way is written."""
    # TRANSLATORS: ends a command-line error; {command} --help is typed as it is (e.g. "solitaire solve --help")
    return _("see {command} --help").format(command=command)


class OneLineParser(argparse.ArgumentParser):
    """Bad arguments get one line and exit code 2, not a usage block; argparse's own words in the
    player's language (`argparse_language`).

    What costs time to build is built when it is read: the description (`described_by`, which names
    every game) when help is shown, and arguments `add_later` was given (every family's options) when
    the words parsed name an option the parser does not know yet, or ask for help: the plain
    `solitaire` on its way to the window imports no family but its game's."""

    def __init__(self, *args: Any, described_by: Callable[[], str] | None = None, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", TranslatedFormatter)
        super().__init__(*args, **kwargs)
        self._described_by = described_by
        self._later: list[Callable[[argparse.ArgumentParser], None]] = []

    def add_later(self, adder: Callable[[argparse.ArgumentParser], None]) -> None:
        self._later.append(adder)

    def add_what_waits(self) -> None:
        while self._later:
            self._later.pop(0)(self)

    def _known_words_only(self, words: Sequence[str]) -> bool:
        for word in words:
            if word == "--":
                return True
            name = word.partition("=")[0]
            if word.startswith("-") and (name in ("-h", "--help") or name not in self._option_string_actions):
                return False
        return True

    def parse_known_args(self, args: Sequence[str] | None = None, namespace: Any = None) -> tuple[Any, list[str]]:  # type: ignore[override]
        if self._later and not self._known_words_only(sys.argv[1:] if args is None else args):
            self.add_what_waits()
        return super().parse_known_args(args, namespace)

    def format_help(self) -> str:
        self.add_what_waits()
        if self._described_by is not None:
            self.description = self._described_by()
        return super().format_help()

    def format_usage(self) -> str:
        self.add_what_waits()
        return super().format_usage()

    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"{self.prog}: {translated_error(message)}; {see_help(self.prog)}\n")
        sys.exit(2)


class ShowVersion(argparse.Action):
    """`--version`: the version and which solver build runs, found out only when asked (loading the
    solvers costs every other command's start time nothing)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS,
                         help=_("print the version and which solver build runs, then exit"))

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        from .version import version_text

        sys.stdout.write(version_text())
        parser.exit()


def _command_names() -> list[str]:
    """The subcommands, in help order, found by name without importing them (so `play` loads neither
    the console nor the solver's command line on its way to the window)."""
    names = [name for name in module_names(__path__) if name not in HELPERS]
    return sorted(names, key=lambda n: (ORDER + (n,)).index(n))


def _comment() -> str:
    """The suite in one line, naming every game: read only when help is shown, so its module (and the
    registry of every game) waits until then."""
    from .metadata import comment

    return comment()


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole command line (for help, the man page and completion: everything built at once), or
    with `only` the one subcommand about to run (what it may not need waits until it is read)."""
    parser = OneLineParser(prog="solitaire", described_by=_comment)  # every game named, from the registry
    parser.add_argument("--version", action=ShowVersion)
    add_language_option(parser)
    sub = parser.add_subparsers(dest="command", parser_class=OneLineParser)
    for name in [only] if only is not None else _command_names():
        module = importlib.import_module(f"{__name__}.{name}")
        command = sub.add_parser(name, help=_(module.HELP), description=_(module.HELP))
        module.add_arguments(command)
        add_language_option(command)
        command.set_defaults(run=module.run)
        if only is None:
            command.add_what_waits()
    if only is None:
        parser.description = _comment()
    return parser


def language_asked(argv: list[str]) -> str | None:
    """The code of the last `--lang X` or `--lang=X` before a lone `--`, or None.

    Read before the parser is built, so that its help and its own errors are already in that language."""
    code = None
    for index, word in enumerate(argv):
        if word == "--":
            break
        if word == "--lang" and index + 1 < len(argv):
            code = argv[index + 1]
        elif word.startswith("--lang="):
            code = word.partition("=")[2]
    return code


def _after_language(argv: list[str]) -> int:
    """Where the subcommand's name goes: after any `--lang X` / `--lang=X` given before it."""
    at = 0
    while at < len(argv):
        if argv[at] == "--lang" and at + 1 < len(argv):
            at += 2
        elif argv[at].startswith("--lang="):
            at += 1
        else:
            break
    return at


def _named_after_options(argv: list[str], at: int, names: list[str]) -> int | None:
    """Where a command is named after options given before it (`solitaire --data-dir ~/x stats`), or None.

    The words are read first as `play`'s, the command when none is named: a command's name that is
    left over, not taken as an option's value (`--record stats` names a file), is the command."""
    words = [word for word in argv[at:] if word not in ("-h", "--help")]  # play's help is not the one asked for
    if "--" in words:
        words = words[: words.index("--")]
    if not any(word in names for word in words):
        return None  # the usual case, and the window's start: no parser is built here
    try:
        with contextlib.redirect_stderr(io.StringIO()):
            namespace, left = build_parser(only=DEFAULT_COMMAND).parse_known_args([DEFAULT_COMMAND, *words])
        if namespace.file in names:
            left.insert(0, namespace.file)  # play's FILE took the command's name: `solitaire --mute stats`
    except SystemExit:
        left = words  # a value play refuses (`--draw 7 show`): the command named says what is wrong with it
    named = [word for word in left if word in names]
    if not named:
        return None
    taken = words.count(named[0]) - left.count(named[0])  # the same word read before it as an option's value
    places = [index for index in range(at, len(argv)) if argv[index] == named[0]]
    return places[taken]


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    _write_what_the_terminal_can()
    code = language_asked(argv)
    try:
        # None: the system's, until a subcommand reads the player's setting; `--lang ""` is a mistake, not "the system's"
        use_language(None if code is None else check_language(code))
    except UnknownLanguage as error:
        sys.stderr.write(f"solitaire: {error}; {see_help()}\n")
        return 2
    if "_ARGCOMPLETE" in os.environ:  # the shell asks for completions (`solitaire completion`)
        from .completion import complete

        complete(build_parser())
    names = _command_names()
    at = _after_language(argv)  # `--lang de stats`: the command follows the top level's own option
    if at < len(argv) and argv[at] not in names and not argv[at].startswith("-") and not _names_a_file(argv[at]):
        return _unknown_command(argv[at], names)
    if at == len(argv) or (argv[at] not in names and argv[at] not in ("-h", "--help", "--version")):
        later = _named_after_options(argv, at, names)
        argv.insert(at, DEFAULT_COMMAND if later is None else argv.pop(later))
    args = build_parser(only=argv[at] if argv[at] in names else None).parse_args(argv)
    args.lang = code  # `--lang` may come before or after the subcommand; either parser may have seen it
    if args.command != DEFAULT_COMMAND:
        gc.enable()  # main.py started without collection; the window's start-up keeps it off until its first frame
    try:
        code = args.run(args)
        sys.stdout.flush()  # so a full disk is reported here, not as a traceback when Python exits
        return code
    except UsageError as error:
        sys.stderr.write(f"solitaire: {error}; {see_help(f'solitaire {args.command}')}\n")
        return 2
    except FileRefused as error:
        sys.stderr.write(f"solitaire: {error}\n")
        return 2
    except KeyboardInterrupt:
        return 130
    except OSError as error:
        if error.errno not in WRITE_FAILURES:
            raise  # not a failed write: a bug to see in full
        return _output_failed(error)


def _names_a_file(word: str) -> bool:
    """`solitaire FILE` plays a saved game: a word naming a file there, or any *.solitaire name (whose
    trouble, missing, the file's reader says), is the file `play` opens rather than a mistyped command."""
    from game.savefile import SUFFIX

    return word.endswith(SUFFIX) or os.path.isfile(word)


def _write_what_the_terminal_can() -> None:
    """A terminal whose encoding cannot write every letter (LC_ALL=C is ASCII) gets a stand-in for
    the letters it lacks ("Donn?e") rather than a UnicodeEncodeError: French, German and Spanish
    texts, and the suit symbols, must not stop a command."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and codecs.lookup(stream.encoding or "ascii").name != "utf-8":
            reconfigure(errors="replace")


def _unknown_command(word: str, names: list[str]) -> int:
    """A word where a command goes that names none (`solitaire stat`): the nearest command, the list, exit code 2."""
    nearest = difflib.get_close_matches(word, names, n=1, cutoff=0.6)
    commands = ", ".join(names)
    if nearest:
        # TRANSLATORS: {word} is what was typed, {nearest} a command's name, {commands} the list of them
        message = _("unknown command {word} (did you mean {nearest}?); commands: {commands}").format(
            word=repr(word)[:40], nearest=nearest[0], commands=commands)
    else:
        # TRANSLATORS: {word} is what was typed, {commands} the list of the commands' names
        message = _("unknown command {word}; commands: {commands}").format(word=repr(word)[:40], commands=commands)
    sys.stderr.write(f"solitaire: {message}; {see_help()}\n")
    return 2


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
        reason = error.strerror or str(error)
        sys.stderr.write("solitaire: " + _("cannot write: {reason}").format(reason=reason) + "\n")
        sys.stderr.flush()
    except OSError:
        pass  # nowhere left to tell
    return 1
