"""`play` (the default): open the window, resuming the game in progress unless a new game is named."""
from __future__ import annotations

import argparse
import gc
from collections.abc import Callable
from functools import partial
from typing import Any, NamedTuple

from game.i18n import N_, _
from game.reading import quoted, whole_number
from game.session import Session, scored
from game.variants import Variant, find_variant, options_of, with_option
from solitaire.store import Store, open_store
from solitaire.store.settings import (
    ANIMATION_SPEED,
    AUTOPLAY,
    FULLSCREEN,
    LAST_GAME,
    MIN_WINDOW,
    NO_SCORING,
    SOUND,
    WINDOW_SIZE,
    Setting,
    Settings,
    option_setting,
    scoring_setting,
)

from .common import (
    FileRefused,
    UsageError,
    add_data_dir_option,
    add_game_options,
    add_scoring_option,
    apply_language_setting,
    daily_from_args,
    given_options,
    load_file,
    scoring_from_args,
    variant_from_args,
)

HELP = N_("play in a window (the default command)")
MOST_WINDOW_SIDE = 16384  # SDL's own limit on a window's side


def window_size(text: str) -> tuple[int, int]:
    """`--size`: WIDTHxHEIGHT, no smaller than the least window (which would open larger than asked)."""
    parts = [whole_number(part) for part in text.lower().split("x")]
    numbers = [part for part in parts if part is not None]
    if len(parts) != 2 or len(numbers) != 2:
        raise argparse.ArgumentTypeError(_("window size {size} should look like 1280x800").format(size=quoted(text)))
    width, height = numbers
    if width < MIN_WINDOW[0] or height < MIN_WINDOW[1]:
        raise argparse.ArgumentTypeError(
            _("window size {size} is too small: the least is {least}").format(
                size=quoted(text), least=f"{MIN_WINDOW[0]}x{MIN_WINDOW[1]}"
            )
        )
    if width > MOST_WINDOW_SIDE or height > MOST_WINDOW_SIDE:
        raise argparse.ArgumentTypeError(
            _("window size {size} is too large: at most {most} a side").format(size=quoted(text), most=MOST_WINDOW_SIDE)
        )
    return width, height


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        # TRANSLATORS: metavar of play's file in the command line's help; keep it one short word in capitals
        "file", nargs="?", metavar=_("FILE"), help=_("a game saved in a file (Ctrl+S), played on from where it was"))
    add_game_options(parser)
    add_scoring_option(parser)
    add_data_dir_option(parser)
    parser.add_argument(
        # TRANSLATORS: metavar of --record in the command line's help; keep it one short word in capitals
        "--record", metavar=_("FILE"), help=_("append every move, one per line in standard notation")
    )
    parser.add_argument(
        "--size", type=window_size, default=None,
        help=_("window size, like 1280x800 (at least {least})").format(least=f"{MIN_WINDOW[0]}x{MIN_WINDOW[1]}"),
    )
    parser.add_argument("--fullscreen", action="store_true", help=_("start in full screen (F11 toggles)"))
    parser.add_argument("--mute", action="store_true", help=_("start with sound off (M toggles)"))


def choose_session(
    args: argparse.Namespace, store: Store, later: list[Callable[[], object]] | None = None
) -> tuple[Session, list[str]]:
    """The saved game when the player named none, else the game and deal asked for.

    Naming a game starts a new one, as "New game" in the window does: the game in progress is counted
    in the statistics as abandoned (won or lost when it already was) before the new one replaces it,
    and the player is told. Resuming it instead would ignore what they asked for; keeping it saved
    would only leave it for a later start to count, with the player long since wondering where it went.
    The named game is saved at once, before any move: a window killed before its first move reopens
    it, not some other deal.

    The two writes nothing before the window's first frame reads (the named game remembered as the
    last one played, and saved) go in `later` when it is given, for the window to do once that frame
    is up and before it reads a move: they load the json module and take two write transactions,
    some 5M machine instructions of the start (bench/idle.py). Without `later` they are done here.
    """
    settings = store.settings
    autoplay = settings.get(AUTOPLAY)
    notes: list[str] = []
    keep: Callable[[Callable[[], object]], object] = later.append if later is not None else _now
    if getattr(args, "opened", None) is not None:
        return _opened(args.opened, args.file, store, autoplay, keep)
    asked = any(getattr(args, name, None) is not None for name in ("game", "deal", "cells", "columns")) or any(
        not option.switch for option, _value in given_options(args)
    )
    pick = getattr(args, "pick", None)  # the deal of the day, picked before the window opened (`run`)
    if asked or pick is not None:
        variant = variant_from_args(args)
        counted = store.abandon_saved_games()
        if counted:
            notes.append(counted)
        keep(partial(remember_game, settings, variant))
        named = Session.new(variant, args.deal, autoplay=autoplay, daily=pick.date if pick else None)
        if pick is not None:
            from game.solver.daily import announced

            notes.append(announced(pick, variant.name))
        keep(partial(store.save_game, named))  # a failure (a full disk) is the store's message, said with the others
        return named, notes
    session, message = store.load_game(autoplay=autoplay)
    if message:
        notes.append(message)
    if session is not None and not session.is_won:
        notes.append(_("welcome back: {game}, deal #{deal}").format(game=session.variant.name, deal=session.deal_number))
        return session, notes
    if session is not None:
        store.record_game(session, "won")  # won just before the program stopped last time
    variant = find_variant(settings.get(LAST_GAME))
    for option in options_of(variant):
        if option.label:
            variant = with_option(variant, option, settings.get(option_setting(option)))
    return Session.new(variant, None, autoplay=autoplay), notes


def _opened(
    session: Session, path: str, store: Store, autoplay: bool, keep: Callable[[Callable[[], object]], object]
) -> tuple[Session, list[str]]:
    """The game read from a file (whole, before the store was opened: a file that cannot be read
    stopped the start with its line, the game in progress untouched). It replaces the game in
    progress, which counts as abandoned, as for a game named on the command line; the file's game is
    then played and recorded like any other."""
    session.autoplay = autoplay
    notes = [note for note in [store.abandon_saved_games()] if note]
    keep(partial(remember_game, store.settings, session.variant))
    notes.append(_("{game}, deal #{deal}, from {file}").format(game=session.variant.name, deal=session.deal_number, file=path))
    keep(partial(store.save_game, session))  # saved at once, as a named game is: a window killed now reopens it
    return session, notes


def _now(step: Callable[[], object]) -> object:
    return step()


def scored_as_kept(args: argparse.Namespace, session: Session, store: Store) -> Session:
    """The game on the table scored as its game is kept (`--scoring` keeps another way for it first,
    as a game named on the command line keeps its options), the cumulative total carried into it."""
    scoring = scoring_from_args(args, session.variant, store.settings)
    if getattr(args, "scoring", None) is not None:
        store.settings.set(scoring_setting(session.variant), scoring.key if scoring is not None else NO_SCORING)
    return scored(session, scoring, store.carried_score(session.variant.key, scoring))


def remember_game(settings: Settings, variant: Variant) -> None:
    """A game named on the command line is the last game played, as one chosen in the window is: once
    it is finished, the next plain start deals it again (with its options, Klondike's draw), not the
    game chosen before."""
    kept: list[tuple[Setting[Any], object]] = [(LAST_GAME, variant.key)]
    options = [option for option in options_of(variant) if option.label]
    kept += [(option_setting(option), option.value(variant)) for option in options]
    for setting, value in kept:
        try:
            settings.set(setting, value)
        except ValueError:
            pass  # a value the settings refuse is not kept: the game is played all the same


class WindowOptions(NamedTuple):
    """How the window opens: the command line where it says, else the kept settings. (A named tuple:
    its class is made in a fraction of a dataclass's time, at every start.)"""

    size: tuple[int, int]
    sound: bool
    speed: float
    fullscreen: bool


def window_options(args: argparse.Namespace, settings: Settings, default_size: tuple[int, int]) -> WindowOptions:
    """The window's size, sound, animation speed and full screen: `--size`, `--mute` and `--fullscreen`
    win for this run; otherwise what the player last had (the window keeps these settings as they change)."""
    return WindowOptions(
        size=args.size or settings.get(WINDOW_SIZE) or default_size,
        sound=settings.get(SOUND) and not args.mute,
        speed=settings.get(ANIMATION_SPEED),
        fullscreen=args.fullscreen or settings.get(FULLSCREEN),
    )


def run(args: argparse.Namespace) -> int:
    variant = variant_from_args(args)  # a bad game or option is reported before any window opens
    args.pick = daily_from_args(args, variant)
    if args.scoring is not None and args.file is None:
        scoring_from_args(args, variant, None)  # so is a way of scoring the game does not have
    if args.file is not None:
        if any(getattr(args, name) is not None for name in ("game", "deal", "cells", "columns")):
            raise UsageError(_("a saved game says its own game and deal: give a FILE or --game and --deal, not both"))
        args.opened = load_file(args.file)  # read whole before any window opens or the store is touched
        if args.opened.is_won:
            raise FileRefused(_("the game in {file} is already won").format(file=args.file))
    # Until the first frame, nearly everything made lives on (pygame and the window's modules, the
    # table): the collector's passes over it would find nothing and cost milliseconds of start-up.
    # main.py turns collection off before it imports anything; an installed `solitaire` starts here.
    gc.disable()
    try:
        return _play(args)
    finally:
        gc.unfreeze()
        gc.enable()


def _after_first_frame(later: list[Callable[[], object]]) -> None:
    """Called once the first frame is up: the start's writes that frame did not need (`choose_session`),
    then the collector. What start-up made lives as long as the window, so it is frozen out of the
    collector's passes (the first alone walked it all: a millisecond); what play makes is collected
    as usual."""
    for step in later:
        step()
    gc.freeze()
    gc.enable()


def _play(args: argparse.Namespace) -> int:
    from sprites.window.display import NoDisplay, check_display  # pygame loads only when a window is wanted

    try:
        check_display()  # before the store is opened: a window that cannot show must not take the saved game
    except NoDisplay as error:
        raise UsageError(str(error)) from None
    from sprites.window.app import DEFAULT_SIZE, App, close_record, open_record
    from sprites.window.display import fit_to_screen

    try:
        record = open_record(args.record)
    except OSError as error:
        raise UsageError(_("cannot write the record file: {reason}").format(reason=error.strerror)) from None
    store, message = open_store(args.data_dir)
    apply_language_setting(args, store.settings)
    later: list[Callable[[], object]] = []
    session, notes = choose_session(args, store, later)
    session = scored_as_kept(args, session, store)
    window = window_options(args, store.settings, DEFAULT_SIZE)
    size = fit_to_screen(window.size)  # never larger than the screen: the window keeps the size it closes at
    if size != window.size:
        notes = [*notes, _("window size {asked} is larger than the screen: {size} is used").format(
            asked=f"{window.size[0]}x{window.size[1]}", size=f"{size[0]}x{size[1]}")]
    app = App(
        session,
        size,
        record_to=record,
        sound=window.sound,
        speed=window.speed,
        fullscreen=window.fullscreen,
        store=store,
        on_first_frame=partial(_after_first_frame, later),
    )
    # one message, a note a line: a second say() would hide the first
    said = "\n".join(note for note in [message, *notes] if note)
    if said:
        app.table.say(said)
    app.run()
    close_record(record)
    return 0
