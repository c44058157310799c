"""`play` (the default): open the window."""
from __future__ import annotations

import argparse

from game.session import Session

from .common import UsageError, add_game_options, variant_from_args

HELP = "play in a window (the default command)"


def window_size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"window size {text!r} should look like 1280x800") from None
    if width < 320 or height < 240:
        raise argparse.ArgumentTypeError(f"window size {text!r} is too small (at least 320x240)")
    return width, height


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_options(parser)
    parser.add_argument("--record", metavar="FILE", help="append every move, one per line in standard notation")
    parser.add_argument("--size", type=window_size, default=None, help="window size, like 1280x800")
    parser.add_argument("--fullscreen", action="store_true", help="start in full screen (F11 toggles)")
    parser.add_argument("--mute", action="store_true", help="start with sound off (M toggles)")


def run(args: argparse.Namespace) -> int:
    variant = variant_from_args(args)
    from sprites.app import DEFAULT_SIZE, App, open_record  # pygame loads only when a window is wanted

    try:
        record = open_record(args.record)
    except OSError as error:
        raise UsageError(f"cannot write the record file: {error.strerror}") from None
    app = App(Session.new(variant, args.deal), args.size or DEFAULT_SIZE, record_to=record, sound=not args.mute, fullscreen=args.fullscreen)
    app.run()
    if record is not None:
        record.close()
    return 0
