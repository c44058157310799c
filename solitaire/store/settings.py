"""The player's settings: a fixed list of typed settings over a key/value table.

Values are stored as JSON text, one row per setting, so adding a setting needs no schema change.
Reading never fails: a value that is missing, unreadable or no longer valid (hand-edited, written
by another version) gives the setting's default, because a bad preference must not stop a game.
Writing an invalid value is a programming error and raises ValueError at once.

    settings.get(SOUND) -> bool            settings.set(SOUND, False)
    settings.get(WINDOW_SIZE) -> (w, h) | None   (None: the view picks its own default)

A stored value may first be `repair`ed: a window size kept when the least window was smaller is
raised to today's least size rather than forgotten, so the window opens as near to it as it may.
"""
from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from game.i18n import SYSTEM, UnknownLanguage, check_language
from game.scoring import Scoring, find_scoring
from game.value import Value
from game.variant import GameOption, Variant
from game.variants import DEFAULT_GAME, UnknownGame, find_variant, game_options, scorings_for

T = TypeVar("T")

MIN_WINDOW = (800, 600)  # the least window the table is laid out for; the view and --size use this one
SPEED_RANGE = (0.25, 4.0)


class Setting(Value, Generic[T]):
    """A setting's name, default and checker; `check` turns a decoded JSON value into T or raises ValueError.

    `repair` mends a stored value before it is checked on reading (never on writing, where a bad
    value is the caller's mistake). A `Value` (game/value.py): its class costs no more than any
    class at every start."""

    __slots__ = __match_args__ = ("name", "default", "check", "repair")

    def __init__(
        self,
        name: str,
        default: T,
        check: Callable[[object], T],
        repair: Callable[[object], object] | None = None,
    ) -> None:
        self.name = name
        self.default = default
        self.check = check
        self.repair = repair


def _boolean(value: object) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"expected true or false, not {value!r}")
    return value


def _speed(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError(f"expected a number, not {value!r}")
    low, high = SPEED_RANGE
    if not low <= value <= high:
        raise ValueError(f"animation speed must be between {low} and {high}, not {value}")
    return float(value)


def option_setting(option: GameOption) -> Setting[int]:
    """Where a family's kept choice (Klondike's draw) is kept: under the option's key, its first
    choice by default, any of its choices valid."""

    def check(value: object) -> int:
        if type(value) is not int or value not in option.choices:
            raise ValueError(f"{option.key} is one of {option.choices}, not {value!r}")
        return value

    return Setting(option.key, option.choices[0], check)


NO_SCORING = "off"  # the scoring setting's value for a game played without a score


def scoring_setting(variant: Variant[Any]) -> Setting[str]:
    """Where a game's scoring is kept (each game its own, `scoring:klondike`): off by default, or one
    of the modes its family declares."""
    modes = (NO_SCORING, *(mode.key for mode in scorings_for(variant)))

    def check(value: object) -> str:
        if not isinstance(value, str) or value not in modes:
            raise ValueError(f"{variant.key}'s scoring is one of {', '.join(modes)}, not {value!r}")
        return value

    return Setting(f"scoring:{variant.key}", NO_SCORING, check)


def kept_scoring(settings: Settings, variant: Variant[Any]) -> Scoring | None:
    """The scoring mode kept for `variant`, or None when it is played without a score."""
    return find_scoring(scorings_for(variant), settings.get(scoring_setting(variant)))


def _game_key(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError(f"expected a game name, not {value!r}")
    try:
        return find_variant(value).key  # also accepts custom shapes such as "freecell:3x10"
    except UnknownGame as error:
        raise ValueError(str(error)) from None


def _language(value: object) -> str:
    """"" for the system's language, else a code the program speaks ("fr"), as check_language reduces it."""
    if not isinstance(value, str):
        raise ValueError(f"expected a language code, not {value!r}")
    if value == SYSTEM:
        return SYSTEM
    try:
        return check_language(value)
    except UnknownLanguage as error:
        raise ValueError(str(error)) from None


def _window_size(value: object) -> tuple[int, int] | None:
    if value is None:
        return None
    if (
        not isinstance(value, list | tuple)
        or len(value) != 2
        or not all(isinstance(n, int) and not isinstance(n, bool) for n in value)
    ):
        raise ValueError(f"expected a window size [width, height], not {value!r}")
    width, height = value
    if width < MIN_WINDOW[0] or height < MIN_WINDOW[1]:
        raise ValueError(f"window size {width}x{height} is smaller than {MIN_WINDOW[0]}x{MIN_WINDOW[1]}")
    return (width, height)


def _raised_to_least_window(value: object) -> object:
    """A stored size below the least window (kept by an older version, or edited by hand), raised to it."""
    if isinstance(value, list) and len(value) == 2 and all(type(n) is int and n > 0 for n in value):
        return [max(n, least) for n, least in zip(value, MIN_WINDOW)]
    return value  # not a size at all: `check` refuses it and the default is used


def _text_size(value: object) -> str:
    if value not in TEXT_SIZES:
        raise ValueError(f"text size is one of {', '.join(TEXT_SIZES)}, not {value!r}")
    return str(value)


def _style_name(value: object) -> str:
    """A look's name (card face, back, felt): the window knows which names it draws and falls back to
    its default for one it does not, so the store checks only that it is a plausible name."""
    if not isinstance(value, str) or not re.fullmatch(r"[a-z][a-z0-9-]{0,29}", value):
        raise ValueError(f"expected a style name, not {value!r}")
    return value


SOUND: Setting[bool] = Setting("sound", True, _boolean)
AUTOPLAY: Setting[bool] = Setting("autoplay", True, _boolean)
ANIMATION_SPEED: Setting[float] = Setting("animation_speed", 1.0, _speed)  # a multiplier: 2.0 is twice as fast
LAST_GAME: Setting[str] = Setting("last_game", DEFAULT_GAME, _game_key)
WINDOW_SIZE: Setting[tuple[int, int] | None] = Setting("window_size", None, _window_size, _raised_to_least_window)
FULLSCREEN: Setting[bool] = Setting("fullscreen", False, _boolean)
WINNABLE_ONLY: Setting[bool] = Setting("winnable_only", False, _boolean)  # new deals the solver has won
FACE_STYLE: Setting[str] = Setting("face_style", "pictured", _style_name)
BACK_STYLE: Setting[str] = Setting("back_style", "blue", _style_name)
FELT: Setting[str] = Setting("felt", "green", _style_name)
FOUR_COLOUR: Setting[bool] = Setting("four_colour", False, _boolean)  # clubs green, diamonds blue
HIGH_CONTRAST: Setting[bool] = Setting("high_contrast", False, _boolean)  # cards and table for low vision
CONFIRM_ABANDON: Setting[bool] = Setting("confirm_abandon", True, _boolean)  # ask before a new deal ends a game
SHOW_CLOCK: Setting[bool] = Setting("show_clock", True, _boolean)  # off: the status bar shows no time (it is still kept)
LANGUAGE: Setting[str] = Setting("language", SYSTEM, _language)  # "" follows the system; else a code of game.i18n.LANGUAGES
TEXT_SIZES = ("normal", "large", "larger")  # the chrome's text (toolbar, status bar, panels), not the cards'
TEXT_SIZE: Setting[str] = Setting("text_size", TEXT_SIZES[0], _text_size)



def all_settings() -> tuple[Setting[Any], ...]:
    """Every setting, the families' kept options among them (listing those imports every family, so it
    is asked only when all are shown, never on the way to the window)."""
    kept_options = tuple(option_setting(option) for option in game_options() if option.label)
    return (
        SOUND, AUTOPLAY, ANIMATION_SPEED, *kept_options, LAST_GAME, WINDOW_SIZE, FULLSCREEN, WINNABLE_ONLY,
        FACE_STYLE, BACK_STYLE, FELT, CONFIRM_ABANDON, SHOW_CLOCK, LANGUAGE,
        FOUR_COLOUR, HIGH_CONTRAST,
        TEXT_SIZE,
    )


class Settings:
    """Typed access to the settings; `read(name)` and `write(name, text)` are the storage underneath."""

    def __init__(self, read: Callable[[str], str | None], write: Callable[[str, str], None]) -> None:
        self._read = read
        self._write = write

    def get(self, setting: Setting[T]) -> T:
        """The stored value, or the default when there is none or it is not valid any more."""
        text = self._read(setting.name)
        if text is None:
            return setting.default
        import json  # loaded when a stored setting is first read: json compiles six patterns as it loads

        try:
            value = json.loads(text)
            return setting.check(setting.repair(value) if setting.repair else value)
        except (ValueError, TypeError):
            return setting.default

    def set(self, setting: Setting[T], value: T) -> None:
        """Store `value` (one small transaction); raises ValueError when it is not valid for the setting."""
        import json

        checked = setting.check(value)
        self._write(setting.name, json.dumps(checked))

    def as_dict(self) -> dict[str, object]:
        """Every setting by name with its current value, for showing or debugging."""
        return {setting.name: self.get(setting) for setting in all_settings()}
