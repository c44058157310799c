"""The player's settings as the window uses them: read from the store, changed by keys and the settings
panel, kept between runs, and shown at once (a new look is drawn, a new language spoken).

This is the settings panel's host. The choices a family offers its players (Klondike's draw) are
kept as the family's options say (`option_value`, `set_option`), with no game named here.
"""
from __future__ import annotations

from typing import Protocol

from game.i18n import _, use_language
from game.variant import GameOption
from game.variants import Variant, options_of
from solitaire.store import Store
from solitaire.store.settings import (
    ANIMATION_SPEED,
    AUTOPLAY,
    CONFIRM_ABANDON,
    LANGUAGE,
    SHOW_CLOCK,
    SOUND,
    TEXT_SIZE,
    WINNABLE_ONLY,
    Setting,
    option_setting,
)
from sounds import SoundPlayer

from ..deck.typeface import use_text_size
from .look import Look, look_from, look_settings

SPEEDS = (0.5, 0.75, 1.0, 1.5, 2.0, 3.0)  # the animation speeds + and - step through


class Shown(Protocol):
    """What the settings change on screen (implemented by `sprites.window.app.App`)."""

    @property
    def variant(self) -> Variant: ...
    def say(self, message: str) -> None: ...
    def autoplay_on(self) -> bool: ...
    def toggle_autoplay(self) -> None: ...
    def restyle(self, look: Look) -> None: ...
    def retranslate(self) -> None: ...


class Preferences:
    """The settings of the window, each kept in the store as it changes; the store's own trouble
    (a full disc, a damaged file) is said in the status bar."""

    def __init__(self, store: Store, sounds: SoundPlayer, speed: float, shown: Shown) -> None:
        self.store = store
        self.sounds = sounds
        self.speed = speed
        self.look = look_from(store.settings)
        self.shown = shown
        use_text_size(store.settings.get(TEXT_SIZE))

    def remember(self, setting: Setting, value: object) -> None:
        try:
            self.store.settings.set(setting, value)
        except ValueError:
            pass  # a value the settings refuse (a window smaller than the minimum) is not kept
        self.report_store()

    def report_store(self) -> None:
        problem = self.store.take_problem()
        if problem:
            self.shown.say(str(problem))

    # -- sound, auto-play, speed -------------------------------------------------------------------

    @property
    def sound_on(self) -> bool:
        return self.sounds.enabled

    def toggle_sound(self) -> bool:
        on = self.sounds.toggle()
        self.setting_changed("sound", on)
        return on

    def setting_changed(self, name: str, value: object) -> None:
        self.remember({"sound": SOUND, "autoplay": AUTOPLAY}[name], value)

    def autoplay_on(self) -> bool:
        return self.shown.autoplay_on()

    def toggle_autoplay(self) -> None:
        self.shown.toggle_autoplay()

    def change_speed(self, faster: bool) -> float:
        """The next animation speed up or down (kept between runs, like sound and auto-play)."""
        slower = [s for s in SPEEDS if s < self.speed]
        quicker = [s for s in SPEEDS if s > self.speed]
        self.set_speed((quicker[0] if quicker else SPEEDS[-1]) if faster else (slower[-1] if slower else SPEEDS[0]))
        return self.speed

    def set_speed(self, speed: float) -> None:
        self.speed = speed
        self.remember(ANIMATION_SPEED, speed)

    @staticmethod
    def speeds() -> tuple[float, ...]:
        return SPEEDS

    # -- the families' options (Klondike's draw) ----------------------------------------------------

    def option_value(self, option: GameOption) -> int:
        return self.store.settings.get(option_setting(option))

    def set_option(self, option: GameOption, value: int) -> None:
        """A family's option changed in the panel: kept, and the player told when the next deal changes."""
        self.remember(option_setting(option), value)
        variant = self.shown.variant
        if option.offered_by(variant) and option.value(variant) != value:
            self.shown.say(option.news(value))

    def keep_options_of(self, variant: Variant) -> None:
        """A game was started: its choices (Klondike's draw) are the ones to remember."""
        for option in options_of(variant):
            if option.label:
                self.remember(option_setting(option), option.value(variant))

    # -- the look and the language -------------------------------------------------------------------

    def set_look(self, look: Look) -> None:
        """A new face, back, felt or deck colours: kept, and shown on the table at once."""
        self.look = look
        for setting, value in look_settings(look):
            self.remember(setting, value)
        self.shown.restyle(look)

    def text_size(self) -> str:
        """The kept text size of the toolbar, status bar and panels: "normal", "large" or "larger"."""
        return self.store.settings.get(TEXT_SIZE)

    def set_text_size(self, name: str) -> None:
        """Another text size: kept, and the whole window laid out again in it at once (as for a new
        language, whose words are as long as they are)."""
        self.remember(TEXT_SIZE, name)
        use_text_size(name)
        self.shown.retranslate()

    def language_setting(self) -> str:
        """The kept choice of language: a code, or "" for the system's."""
        return self.store.settings.get(LANGUAGE)

    def set_language(self, code: str) -> None:
        """Speak `code` ("" for the system's language) from now on: kept, and the whole window at once
        in it (toolbar, status bar, open panels, card faces, title)."""
        self.remember(LANGUAGE, code)
        use_language(code or None)
        self.shown.retranslate()

    # -- questions and deals -------------------------------------------------------------------------

    @property
    def show_clock(self) -> bool:
        return self.store.settings.get(SHOW_CLOCK)

    def toggle_clock(self) -> None:
        """The status bar's clock shown or hidden (the time is kept either way, for the statistics)."""
        self.remember(SHOW_CLOCK, not self.show_clock)
        self.shown.retranslate()  # the status bar drawn again at once

    def confirm_abandon(self) -> bool:
        return self.store.settings.get(CONFIRM_ABANDON)

    def set_confirm_abandon(self, on: bool) -> None:
        self.remember(CONFIRM_ABANDON, on)

    @property
    def winnable_only(self) -> bool:
        return self.store.settings.get(WINNABLE_ONLY)

    def toggle_winnable_only(self) -> None:
        on = not self.winnable_only
        self.remember(WINNABLE_ONLY, on)
        if on:
            self.shown.say(_("winnable deals only: on (from the next new deal)"))
        else:
            self.shown.say(_("winnable deals only: off (from the next new deal)"))
