"""`console`: play in the terminal with the command languages of the classic text-mode programs."""
from __future__ import annotations

import argparse
import os
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

from game.i18n import N_, _
from game.session import Session, scored
from solitaire.console import Console, Stopped
from solitaire.store import open_store

from .common import (
    UsageError,
    add_data_dir_option,
    add_game_options,
    add_load_option,
    add_scoring_option,
    apply_language_setting,
    daily_from_args,
    load_file,
    scoring_from_args,
    variant_from_args,
)

# TRANSLATORS: the console subcommand's help; the commands in brackets are typed as they are, do not translate them
HELP = N_("play in the terminal (TC/TF/TT, t2f/t2c, 58v3, 7h 8s, Golf 1-7/d, Klondike T0 S/N)")
SYMBOLS = "♣♦♥♠♡♢"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_options(parser)
    add_scoring_option(parser)
    parser.add_argument("--ascii", action="store_true", help=_("suits as letters C D H S instead of symbols"))
    parser.add_argument(
        "--colour", "--color", choices=("auto", "always", "never"), default="auto",
        # TRANSLATORS: auto, always and never are typed as they are: do not translate them
        help=_("red cards in colour: auto (when the output is a terminal), always or never"),
    )
    parser.add_argument(
        "--autoplay", action=argparse.BooleanOptionalAction, default=None,
        help=_("send safe cards home automatically (default: when typing at a terminal; input piped in is a script, "
               "played exactly as written, so a solution or a --record file replays its game)"),
    )
    add_load_option(parser, _("play on the game saved in FILE (save FILE in the console, Ctrl+S in the window)"))
    add_data_dir_option(parser)


def wants_colour(choice: str, stream: TextIO) -> bool:
    """Colour only where a terminal shows it: piped output gets lower-case red suits instead."""
    if choice != "auto":
        return choice == "always"
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    return stream.isatty()


def can_print_symbols(stream: TextIO) -> bool:
    """An output whose encoding lacks the suit symbols gets letters rather than an encoding error."""
    try:
        SYMBOLS.encode(getattr(stream, "encoding", None) or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def run(args: argparse.Namespace) -> int:
    variant = variant_from_args(args)
    pick = daily_from_args(args, variant)
    stdin = sys.stdin
    # A script names every move it wants, the ones auto-play would make among them (a solution, a
    # --record file): auto-play making them first would leave the script naming cards already home.
    autoplay = stdin.isatty() if args.autoplay is None else args.autoplay
    loaded = None
    if args.load is not None:
        if args.game is not None or args.deal is not None:
            raise UsageError(_("a saved game says its own game and deal: give --load or --game and --deal, not both"))
        loaded = load_file(args.load, autoplay)
    reconfigure = getattr(stdin, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="replace")  # a stray byte in piped input is an unknown command, not a crash
    store, message = open_store(args.data_dir)
    try:
        apply_language_setting(args, store.settings)
        scoring = scoring_from_args(args, loaded.variant if loaded is not None else variant, store.settings)
    except UsageError:
        store.close()
        raise
    if loaded is not None:
        session = scored(loaded, scoring, store.carried_score(loaded.variant.key, scoring))
    else:
        carried = store.carried_score(variant.key, scoring)
        session = Session.new(
            variant, args.deal, autoplay=autoplay, scoring=scoring, carried=carried, daily=pick.date if pick else None,
        )
    if message:
        print(message)
    if pick is not None:
        from game.solver.daily import announced

        print(announced(pick, variant.name))
    console = Console(
        session,
        sys.stdout,
        ascii=args.ascii or not can_print_symbols(sys.stdout),
        colour=wants_colour(args.colour, sys.stdout),
        echo=not stdin.isatty(),
        record=store.record_game,  # statistics count terminal games too
        problems=store.take_problem,
        carried=store.carried_score,
    )
    try:
        with stopping_signals_raised():
            return console.run(stdin)
    except Stopped as stop:
        return 128 + stop.signum  # as a shell reports a process the signal ended
    finally:
        store.close()


STOPPING_SIGNALS = ("SIGTERM", "SIGHUP")  # `kill`, a shutdown; the terminal closed (SIGHUP is not on Windows)


@contextmanager
def stopping_signals_raised() -> Iterator[None]:
    """SIGTERM and SIGHUP raise `Stopped` in the loop instead of ending the process at once, so the
    game in progress is recorded as Ctrl-C, `q` and the end of input record it (it was lost)."""

    def stop(signum: int, _frame: object) -> None:
        raise Stopped(signum)

    previous = {}
    for name in STOPPING_SIGNALS:
        signum = getattr(signal, name, None)
        if signum is not None:
            try:
                previous[signum] = signal.signal(signum, stop)
            except ValueError:  # not the main thread (a test driving main() on one): the signals keep their way
                pass
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
