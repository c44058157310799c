"""`play` (the default): open the window, resuming the game in progress unless a game is named."""
from __future__ import annotations

import argparse

from game.session import Session
from game.settings import ANIMATION_SPEED, AUTOPLAY, DRAW, FULLSCREEN, LAST_GAME, SOUND, WINDOW_SIZE
from game.store import Store, open_store
from game.variants import find_variant, with_draw

from .common import UsageError, add_data_dir_option, add_game_options, variant_from_args

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
    add_data_dir_option(parser)
    parser.add_argument("--record", metavar="FILE", help="append every move, one per line in standard notation")
    parser.add_argument("--size", type=window_size, default=None, help="window size, like 1280x800")
    parser.add_argument("--fullscreen", action="store_true", help="start in full screen (F11 toggles)")
    parser.add_argument("--mute", action="store_true", help="start with sound off (M toggles)")


def choose_session(args: argparse.Namespace, store: Store) -> tuple[Session, list[str]]:
    """The saved game when the player named none, else the game and deal asked for."""
    settings = store.settings
    autoplay = settings.get(AUTOPLAY)
    notes: list[str] = []
    named = any(getattr(args, option, None) is not None for option in ("game", "deal", "cells", "columns", "draw"))
    if not named:
        session, message = store.load_game(autoplay=autoplay)
        if message:
            notes.append(message)
        if session is not None and not session.is_won:
            notes.append(f"welcome back: {session.variant.name}, deal #{session.deal_number}")
            return session, notes
        if session is not None:
            store.record_game(session, "won")  # won just before the program stopped last time
        variant = find_variant(settings.get(LAST_GAME))
        if variant.family == "klondike":
            variant = with_draw(variant, settings.get(DRAW))
    else:
        variant = variant_from_args(args)
    return Session.new(variant, args.deal, autoplay=autoplay), notes


def run(args: argparse.Namespace) -> int:
    variant_from_args(args)  # a bad game or option is reported before any window opens
    from sprites.app import DEFAULT_SIZE, App, open_record  # pygame loads only when a window is wanted

    try:
        record = open_record(args.record)
    except OSError as error:
        raise UsageError(f"cannot write the record file: {error.strerror}") from None
    store, message = open_store(args.data_dir)
    session, notes = choose_session(args, store)
    settings = store.settings
    app = App(
        session,
        args.size or settings.get(WINDOW_SIZE) or DEFAULT_SIZE,
        record_to=record,
        sound=settings.get(SOUND) and not args.mute,
        speed=settings.get(ANIMATION_SPEED),
        fullscreen=args.fullscreen or settings.get(FULLSCREEN),
        store=store,
    )
    for note in [message, *notes]:
        if note:
            app.table.say(note)
    app.run()
    if record is not None:
        record.close()
    return 0
