"""The settings, by mouse or keyboard: each row names a setting and a button shows its value; a
click (or Enter on the ringed button) moves it to the next choice and keeps it at once.

Every text is read at each draw, so a new language (the Language row) shows here at once too; rows
and values too long for the panel (German) shrink to fit it."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

import pygame

from game.i18n import LANGUAGES, N_, NC_, _, current_language, pgettext
from game.variant import GameOption
from game.variants import game_options
from solitaire.store.settings import TEXT_SIZES

from ..deck.cards import font
from ..deck.styles import BACK_STYLES, FACE_STYLES
from ..deck.typeface import text_scale
from ..window.look import FELTS, Look
from .overlays import Overlay, OverlayHost, centred
from .widgets import Button, fitting_size

# TRANSLATORS: the settings panel's names of the card face styles
FACE_NAMES = {"pictured": N_("pictured"), "large-index": N_("large index")}
# Colours as the settings panel shows them: a card back's and the table's (their genders may differ).
BACK_NAMES = {"blue": NC_("card back", "blue"), "red": NC_("card back", "red"), "green": NC_("card back", "green")}
# TRANSLATORS: the settings panel's text sizes (of the toolbar, status bar and panels)
TEXT_SIZE_NAMES = {"normal": N_("normal"), "large": N_("large"), "larger": N_("larger")}
ROWS_GAP = 12  # between the title and the rows, and between the rows and Close
FELT_NAMES = {
    "green": NC_("table", "green"), "blue": NC_("table", "blue"), "red": NC_("table", "red"), "grey": NC_("table", "grey"),
}


@dataclass
class Choice:
    """One row: what it is called (marked for translation, translated where shown), its value in
    words, and what moves it on to the next value."""

    label: str
    value: Callable[[], str]
    advance: Callable[[], object]  # what it returns (a toggle's new value) is not used


def on_off(flag: bool) -> str:
    # TRANSLATORS: a setting's value in the settings panel
    return _("on") if flag else _("off")


def language_name(code: str) -> str:
    """A language choice as the panel shows it: each language in its own name. The system's is named
    by the language the window speaks, which is the system's, or for this run the one `--lang` chose
    in its stead (the row never says "English" over a window in German); a kept choice that `--lang`
    overrides for this run shows the language the window speaks too. A code this version does not
    know (another version kept it) is the system's, as it is to the window."""
    speaking = current_language()
    if code in LANGUAGES:
        return LANGUAGES[speaking] if speaking in LANGUAGES else LANGUAGES[code]
    # TRANSLATORS: the Language setting's value when the window follows the desktop's language
    # (or, for this run, the one the command line's --lang chose)
    return _("system ({language})").format(language=LANGUAGES.get(speaking, speaking))


T = TypeVar("T")


def following(current: T, choices: Sequence[T]) -> T:
    """The choice after `current`, round to the first (an unknown current value starts at the first)."""
    return choices[(choices.index(current) + 1) % len(choices)] if current in choices else choices[0]


class SettingsHost(Protocol):
    """The settings the panel shows and changes (implemented by `sprites.window.preferences.Preferences`)."""

    @property
    def sound_on(self) -> bool: ...
    @property
    def speed(self) -> float: ...
    @property
    def look(self) -> Look: ...
    @property
    def winnable_only(self) -> bool: ...

    def toggle_sound(self) -> bool: ...
    def toggle_autoplay(self) -> None: ...
    def autoplay_on(self) -> bool: ...
    def set_speed(self, speed: float) -> None: ...
    def speeds(self) -> tuple[float, ...]: ...
    def option_value(self, option: GameOption) -> int: ...
    def set_option(self, option: GameOption, value: int) -> None: ...
    def toggle_winnable_only(self) -> None: ...
    def set_look(self, look: Look) -> None: ...
    @property
    def show_clock(self) -> bool: ...
    def toggle_clock(self) -> None: ...
    def confirm_abandon(self) -> bool: ...
    def set_confirm_abandon(self, on: bool) -> None: ...
    def language_setting(self) -> str: ...
    def set_language(self, code: str) -> None: ...
    def text_size(self) -> str: ...
    def set_text_size(self, name: str) -> None: ...
    def scoring_shown(self) -> str: ...
    def next_scoring(self) -> None: ...
    def keeps_score(self) -> bool: ...


def settings_choices(host: SettingsHost) -> list[Choice]:
    def restyle(**change: Any) -> None:  # a look's field by name: a style name, or a flag
        host.set_look(host.look.replace(**change))

    def option_choice(option: GameOption) -> Choice:
        """A family's kept option (Klondike's draw), worded as its family words it."""
        return Choice(
            option.label, lambda: option.shown(host.option_value(option)),
            lambda: host.set_option(option, following(host.option_value(option), option.choices)),
        )

    return [
        # TRANSLATORS: the settings panel's rows; each shares its line with a value button, in a panel
        # about 560 pixels wide, so keep them short
        Choice(N_("Language"), lambda: language_name(host.language_setting()),
               lambda: host.set_language(following(host.language_setting(), ("", *LANGUAGES)))),
        Choice(N_("Text size"), lambda: _(TEXT_SIZE_NAMES.get(host.text_size(), host.text_size())),
               lambda: host.set_text_size(following(host.text_size(), TEXT_SIZES))),
        Choice(N_("Sound"), lambda: on_off(host.sound_on), host.toggle_sound),
        Choice(N_("Auto-play safe cards"), lambda: on_off(host.autoplay_on()), host.toggle_autoplay),
        Choice(N_("Animation speed"), lambda: f"×{host.speed:g}", lambda: host.set_speed(following(host.speed, host.speeds()))),
        *(option_choice(option) for option in game_options() if option.label),
        # TRANSLATORS: a settings row: how the game on the table is scored (off, Standard, Vegas...)
        *([Choice(N_("Scoring"), host.scoring_shown, host.next_scoring)] if host.keeps_score() else []),
        Choice(N_("Winnable deals only"), lambda: on_off(host.winnable_only), host.toggle_winnable_only),
        Choice(N_("Card faces"), lambda: _(FACE_NAMES[host.look.face]) if host.look.face in FACE_NAMES else host.look.face,
               lambda: restyle(face=following(host.look.face, FACE_STYLES))),
        Choice(N_("Card backs"), lambda: pgettext("card back", BACK_NAMES.get(host.look.back, host.look.back)),
               lambda: restyle(back=following(host.look.back, BACK_STYLES))),
        Choice(N_("Table"), lambda: pgettext("table", FELT_NAMES.get(host.look.felt, host.look.felt)),
               lambda: restyle(felt=following(host.look.felt, list(FELTS)))),
        # TRANSLATORS: a settings row: clubs green and diamonds blue, each suit its own colour
        Choice(N_("Four-colour deck"), lambda: on_off(host.look.four_colour),
               lambda: host.set_look(host.look.replace(four_colour=not host.look.four_colour))),
        # TRANSLATORS: a settings row: cards (and table) drawn for low vision, black on white, bold edges
        Choice(N_("High contrast"), lambda: on_off(host.look.high_contrast),
               lambda: host.set_look(host.look.replace(high_contrast=not host.look.high_contrast))),
        # TRANSLATORS: a settings row: the status bar's clock (the time is still kept for the statistics)
        Choice(N_("Show the clock"), lambda: on_off(host.show_clock), host.toggle_clock),
        Choice(N_("Ask before abandoning a game"), lambda: on_off(host.confirm_abandon()),
               lambda: host.set_confirm_abandon(not host.confirm_abandon())),
    ]


class SettingsPanel(Overlay):
    """Every setting in one panel; the table beneath shows a new face, back or felt at once."""

    def __init__(self, host: OverlayHost, settings: SettingsHost) -> None:
        super().__init__(host)
        self.choices = settings_choices(settings)
        self.buttons = [Button("", self._pressed(choice)) for choice in self.choices] + [Button(_("Close"), self.close)]

    def retranslate(self) -> None:
        self.buttons[-1].label = _("Close")
        self.dirty = True

    def _pressed(self, choice: Choice) -> Callable[[], None]:
        def run() -> None:
            choice.advance()
            self.dirty = True
        return run

    def _row_height(self) -> int:
        """A button's height and a quarter, or less where every row would not fit the window (800×600)."""
        room = self.host.size[1] - 80 - self._frame_height()
        return max(20, min(max(30, round(self.button_height() * 1.25)), room // len(self.choices)))

    def _frame_height(self) -> int:
        """The panel's height besides its rows: the title, the Close button and the margins (the gaps
        above and below the rows kept small: at 800×600 with the larger text, fifteen rows need every
        pixel for their text to be no smaller than with the large text)."""
        return 24 + round(self.text_size() * 1.6) + ROWS_GAP + ROWS_GAP + self.button_height() + 18

    def panel_rect(self) -> pygame.Rect:
        w, _height = self.host.size
        height = self._frame_height() + self._row_height() * len(self.choices)
        return centred(self.host.size, min(round(720 * text_scale()), max(round(560 * text_scale()), w * 45 // 100)), height)

    def draw_content(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        size = self.text_size()
        title = font(round(size * 1.6), bold=True).render(_("Settings"), True, self.ink.text)
        surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.top + 20)))
        row_height, button_height = self._row_height(), self.button_height()
        # Names and values at one size, the panel's at the player's text size as far as the rows' height
        # allows (the values were half the row's height: smaller with larger text, whose rows are fewer
        # pixels each in a small window); each set shrinks only where its longest would not fit its room.
        text_size = min(round(size * 0.9), round(row_height * 0.6))
        widest_value = f"‹  {_(FACE_NAMES['large-index'])}  ›"
        value_width = min(max(font(text_size).size(widest_value)[0] + button_height, rect.width * 3 // 10), rect.width // 2 - 30)
        y = rect.top + 24 + round(size * 1.6) + ROWS_GAP
        labels = [_(choice.label) for choice in self.choices]
        values = [f"‹  {choice.value()}  ›" for choice in self.choices]  # the arrows say a click changes it
        label_font = font(fitting_size(labels, text_size, rect.width - 60 - value_width - 12))
        value_size = fitting_size(values, text_size, value_width - 12)
        for text, value, button in zip(labels, values, self.buttons):
            label = label_font.render(text, True, self.ink.quiet)
            surface.blit(label, (rect.left + 30, y + (row_height - label.get_height()) // 2))
            button.label = value
            button.text_size = value_size
            button.rect = pygame.Rect(rect.right - 30 - value_width, y + 2, value_width, row_height - 4)
            y += row_height
        self._place_close(rect)

    def _place_close(self, rect: pygame.Rect) -> None:
        close = self.buttons[-1]
        height = self.button_height()
        width = font(int(height * 0.5)).size(close.label)[0] + height
        close.rect = pygame.Rect(rect.centerx - width // 2, rect.bottom - height - 18, width, height)
