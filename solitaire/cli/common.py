"""Options that several subcommands share, and turning them into a variant and deal."""
from __future__ import annotations

import argparse
import datetime
import difflib
import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.deals import DealError, check_deal_number
from game.i18n import LANGUAGES, N_, UnknownLanguage, _, use_language
from game.reading import MOST_DIGITS, quoted, shortened, whole_number
from game.variants import (
    GameOption,
    UnknownGame,
    Variant,
    all_variants,
    customised,
    default_variant,
    find_variant,
    game_options,
    scorings_for,
    with_option,
)

if TYPE_CHECKING:
    from game.scoring import Scoring
    from game.session import Session
    from game.solver.daily import DailyDeal
    from solitaire.store.settings import Settings



def data_dir(text: str) -> str:
    """`--data-dir`: a folder's name. An empty one used to mean "the default folder" without a word."""
    if not text.strip():
        raise argparse.ArgumentTypeError(_("the data folder's name is empty"))
    return text


def add_data_dir_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        # TRANSLATORS: metavar of --data-dir in the command line's help; keep it one short word in capitals
        "--data-dir", metavar=_("DIR"), type=data_dir, help=_("where statistics, the saved game and settings live")
    )


def offering(words: Callable[[], list[str]]) -> Callable[..., list[str]]:
    """A shell completer (argcomplete calls an action's `completer`) offering `words`, asked only when
    the shell completes: without one, argcomplete offers file names for an option's value."""

    def complete(**_ignored: Any) -> list[str]:
        return words()

    return complete


def add_language_option(parser: argparse.ArgumentParser) -> None:
    """`--lang CODE`, on the top level and every subcommand. `cli.main` reads it before any parser is
    built (so the help is already in that language); the parser only shows it and accepts it."""
    language = parser.add_argument(
        "--lang",
        # TRANSLATORS: metavar of --lang in the command line's help; keep it one short word in capitals
        metavar=_("CODE"),
        default=argparse.SUPPRESS,
        help=_(
            "the language to speak: {codes} (default: the one chosen in the settings, for play, console and stats; "
            "else the system's)"
        ).format(
            codes=", ".join(sorted(LANGUAGES))
        ),
    )
    language.completer = offering(lambda: sorted(LANGUAGES))  # type: ignore[attr-defined]


def apply_language_setting(args: argparse.Namespace, settings: Settings) -> None:
    """The player's stored language, right after the store opens, unless `--lang` chose one for this run.

    A setting of "" means the system's language, which `cli.main` already put in effect; a code this
    version does not speak (written by another version) leaves it so too."""
    if getattr(args, "lang", None):
        return
    from solitaire.store.settings import LANGUAGE  # only the subcommands that open the store get here

    code = settings.get(LANGUAGE)
    if code:
        try:
            use_language(code)
        except UnknownLanguage:
            pass  # the system's language, already in effect


class UsageError(Exception):
    """Arguments that parse but make no sense together; reported in one line, exit code 2."""


class FileRefused(Exception):
    """A saved game's file that cannot be read (damaged, foreign, missing): its one line, exit code 2,
    with no pointer to the help, which the file's trouble is not about."""


def add_load_option(parser: argparse.ArgumentParser, help_text: str) -> None:
    # TRANSLATORS: metavar of --load in the command line's help; keep it one short word in capitals
    parser.add_argument("--load", metavar=_("FILE"), help=help_text)


def load_file(path: str, autoplay: bool = True) -> Session:
    """The game saved in the file at `path` (Ctrl+S in the window, `save` in the console), read
    whole before anything else is touched; FileRefused with one line when it cannot be."""
    from game.savefile import SaveFileError, load

    try:
        return load(Path(path).expanduser(), autoplay)
    except SaveFileError as error:
        raise FileRefused(str(error)) from None


NUMBER_TEXT = N_("number {text} is not a whole number")


class AsTyped(int):
    """A number of more than MOST_DIGITS digits: it stands in as ±10**MOST_DIGITS (`whole_number`), out
    of every range here, and is written as it was typed, so a message that quotes it (`--cells`'s
    range, `--jobs`'s cores, a choice argparse refuses) never shows a number nobody typed."""

    text: str

    def __new__(cls, value: int, text: str) -> AsTyped:
        number = super().__new__(cls, value)
        number.text = shortened(text)
        return number

    def __str__(self) -> str:
        return self.text

    __repr__ = __str__  # argparse's "invalid choice: %(value)r"

    def __format__(self, spec: str) -> str:
        return self.text if not spec else format(int(self), spec)


def whole(text: str, what: str = NUMBER_TEXT) -> int:
    """A whole number typed on the command line, in ASCII digits as everywhere a number is typed
    (not `²`, `١٢`, `1_000` or ` 12`, which `int()` takes or chokes on); one too long to convert is
    an `AsTyped`.

    `what` is the whole complaint, an `N_`-marked msgid with a `{text}` placeholder, translated here."""
    number = whole_number(text, signed=True)
    if number is None:
        raise argparse.ArgumentTypeError(_(what).format(text=quoted(text)))
    if len(text.lstrip("+-").lstrip("0")) > MOST_DIGITS:
        return AsTyped(number, text)
    return number


def deal_number(text: str) -> int:
    """`--deal`: a whole number in the range the model deals (its own check, so the two cannot differ)."""
    number = whole(text, N_("deal number {text} is not a whole number"))
    try:
        return check_deal_number(number, text)
    except DealError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def game_names() -> list[str]:
    """Every name `--game` takes, in the order `games` lists them: each game's key, then its aliases."""
    return [name for variant in all_variants() for name in (variant.key, *variant.aliases)]


def find_game(name: str) -> Variant:
    """The game `--game` names. A name of none is a usage error naming the nearest game's name, as a
    mistyped command names the nearest command (`klondik`: did you mean klondike?)."""
    try:
        return find_variant(name)
    except UnknownGame as error:
        nearest = difflib.get_close_matches(name.strip().lower(), game_names(), n=1, cutoff=0.6)
        if ":" in name:  # a custom shape says itself what is wrong with it
            raise UsageError(str(error)) from None
        known = ", ".join(variant.key for variant in all_variants())
        if not nearest:  # a terminal has room for every game's name
            # TRANSLATORS: {text} is the name typed, {known} the list of the games' names
            raise UsageError(_("unknown game {text}; known games: {known}").format(text=quoted(name), known=known)) from None
        # TRANSLATORS: {text} is the name typed, {nearest} a game's name, {known} the list of the games' names
        message = _("unknown game {text} (did you mean {nearest}?); known games: {known}")
        raise UsageError(message.format(text=quoted(name), nearest=nearest[0], known=known)) from None


def add_game_options(parser: argparse.ArgumentParser, deal_required: bool = False) -> None:
    game = parser.add_argument("--game", "-g", help=_("game name or alias (see `games`); FreeCell when not given"))
    game.completer = offering(game_names)  # type: ignore[attr-defined]
    parser.add_argument("--deal", "-d", type=deal_number, required=deal_required, help=_("deal number"))
    parser.add_argument("--cells", type=whole, help=_("FreeCell family: number of free cells (0-10)"))
    parser.add_argument("--columns", type=whole, help=_("FreeCell family: number of columns (4-10)"))
    parser.add_argument("--daily", action="store_true", help=_("the deal of the day: the same deal for every player today"))
    parser.add_argument("--date", type=day, metavar="YYYY-MM-DD", help=_("with --daily: the deal of that day instead"))
    add_later = getattr(parser, "add_later", None)  # the command line's own parser waits until one is typed
    if add_later is None:
        _add_family_options(parser)
    else:
        parser.set_defaults(family_options_read=False)
        add_later(_add_family_options)


def _add_family_options(parser: argparse.ArgumentParser) -> None:
    """Every family's options (`--draw 3`): listing them imports every family."""
    for option in game_options():
        if option.switch:
            parser.add_argument(option.flag, action="store_true", help=_(option.help))
        else:
            parser.add_argument(option.flag, type=whole, choices=option.choices, help=_(option.help))
    parser.set_defaults(family_options_read=True)


def given_options(args: argparse.Namespace) -> list[tuple[GameOption, Any]]:
    """The families' options given on the command line, with their values (a switch's is True). None
    was when the parser did not read them (no word named one)."""
    if getattr(args, "family_options_read", True) is False:
        return []
    given = ((option, getattr(args, option.flag.lstrip("-").replace("-", "_"), None)) for option in game_options())
    return [(option, value) for option, value in given if value is not None and value is not False]


def add_scoring_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        # TRANSLATORS: metavar of --scoring in the command line's help; keep it one short word in capitals
        "--scoring", metavar=_("MODE"),
        # TRANSLATORS: off, standard, vegas, vegas-cumulative, runs and pairs are typed as they are
        help=_("score the game: off, or one of its modes (Klondike: standard, vegas, vegas-cumulative; TriPeaks: runs; "
               "Pyramid: pairs); default: the one kept in the settings"),
    )


def scoring_from_args(args: argparse.Namespace, variant: Variant, settings: Settings | None) -> Scoring | None:
    """The scoring `--scoring` names for `variant`, or the one kept for it in `settings` when none is
    named (none without settings); a mode the game does not have is a usage error naming those it has."""
    from game.scoring import find_scoring
    from solitaire.store.settings import NO_SCORING, kept_scoring

    named = getattr(args, "scoring", None)
    if named is None:
        return kept_scoring(settings, variant) if settings is not None else None
    modes = scorings_for(variant)
    if named.strip().lower() == NO_SCORING:
        return None
    found = find_scoring(modes, named.strip().lower())
    if found is None and not modes:
        # TRANSLATORS: {game} is a game's name
        raise UsageError(_("{game} keeps no score: --scoring is for the games that do").format(game=variant.name))
    if found is None:
        known = ", ".join((NO_SCORING, *(mode.key for mode in modes)))
        # TRANSLATORS: {text} is the mode typed, {known} the modes the game has, as typed (off, standard, ...)
        raise UsageError(_("{game} has no scoring {text}: its modes are {known}").format(
            game=variant.name, text=quoted(shortened(named)), known=known))
    return found


_DAY = r"[0-9]{4}-[0-9]{2}-[0-9]{2}"  # compiled where first matched (re keeps it): most runs read no day


def day(text: str) -> datetime.date:
    """`--date`: a day written YYYY-MM-DD in ASCII digits (`date.fromisoformat` alone would also take
    `20261206` and, since Python 3.11, week dates)."""
    try:
        if re.fullmatch(_DAY, text):
            return datetime.date.fromisoformat(text)
    except ValueError:
        pass
    # TRANSLATORS: YYYY-MM-DD is typed as it is
    raise argparse.ArgumentTypeError(_("date {text} is not a day written YYYY-MM-DD").format(text=quoted(text)))


def daily_from_args(args: argparse.Namespace, variant: Variant) -> DailyDeal | None:
    """The deal of the day when `--daily` asks for it (today's, or `--date`'s), picked by the solver
    (`game.solver.daily`), its number then put in `args.deal`; None without `--daily`."""
    date, daily = getattr(args, "date", None), getattr(args, "daily", False)
    if not daily:
        if date is not None:
            raise UsageError(_("--date goes with --daily"))
        return None
    given = [flag for flag, name in (("--deal", "deal"), ("--load", "load"), ("--board", "board"), ("--range", "range"))
             if getattr(args, name, None) is not None]
    if getattr(args, "file", None) is not None:
        given.append(args.file)
    if given:
        raise UsageError(_("--daily names its own deal: give it without {given}").format(given=", ".join(given)))
    from game.solver.daily import daily_deal  # the solvers load only for the deal of the day

    pick = daily_deal(variant, date or datetime.date.today())
    args.deal = pick.number
    return pick


def variant_from_args(args: argparse.Namespace) -> Variant:
    """The variant the options name: `--game`, a shape (`--cells`, `--columns`), and each family's
    options (`--draw 3` picks Klondike's draw-3 game)."""
    try:
        name = default_variant().key if args.game is None else args.game  # `--game ""` is a mistake, not "the default"
        variant = customised(find_game(name), args.cells, args.columns)
        for option, given in given_options(args):
            variant = with_option(variant, option, False if option.switch else given)
        return variant
    except UnknownGame as error:
        raise UsageError(str(error)) from None
