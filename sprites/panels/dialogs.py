"""The window's panels and the questions it asks, with their words: which panel opens for which
request, and what the win, "no moves left", abandoning a game, rewinding and finishing say.

Panels load when first opened: the first frame waits for none of them. Every text is a function of
the moment's language, asked again when the language changes while its panel is open.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.cards import Card
from game.i18n import _, ngettext
from game.session import Session
from game.variants import Variant, offered_variants
from solitaire.store import Store

from ..deck.cards import CardImages

if TYPE_CHECKING:  # the panels load when first opened: the first frame waits for none of them
    from .overlays import Overlay, OverlayHost
    from .settings_panel import SettingsHost

Texts = Callable[[], tuple[str, list[str], list[str]]]  # a question's title, lines and buttons' labels


class Dialogs:
    """Opens panels over the table through `host` (the window's stack of scenes)."""

    def __init__(self, host: OverlayHost, settings: SettingsHost, store: Store) -> None:
        self.host = host
        self.settings = settings
        self.store = store
        self.question: Overlay | None = None  # the last question asked, while it may still be open
        self.quit_question: Overlay | None = None  # "Quit without saving?", once asked

    def ask(self, texts: Texts, actions: list[Callable[[], None]], applies: Callable[[], bool] | None = None,
            focus: int = 0, dismissed: Callable[[], None] | None = None) -> bool:
        """A question panel: `texts` gives its title, lines and buttons' labels in the language of the
        moment (asked again if the language changes while it is open), `actions` the buttons' actions,
        `applies` whether it still stands (the window closes it once it does not), `focus` the button
        Enter presses, `dismissed` what Escape or a click beside the panel means. At most one panel is
        open: a new question replaces the last one asked, which the game has moved past; over any other
        panel (one the player opened) it is not asked at all. True when it was asked."""
        from .overlays import MessageOverlay

        if self.question is not None:
            self.host.pop_overlay(self.question)
            self.question = None
        if self.host.overlays:
            return False
        title, lines, labels = texts()
        self.question = MessageOverlay(
            self.host, title, lines, list(zip(labels, actions)), retext=texts, applies=applies, focus=focus,
            dismissed=dismissed,
        )
        self.host.push_overlay(self.question)
        return True

    # -- panels ---------------------------------------------------------------------------------------

    def show_settings(self) -> None:
        from .settings_panel import SettingsPanel  # loaded when first opened: the first frame does not wait for it

        self.host.push_overlay(SettingsPanel(self.host, self.settings))

    def choose_game(self, current: Variant, choose: Callable[[Variant], None], daily: Callable[[Variant], None]) -> None:
        """The game chooser: a tile starts its game, or its deal of the day while that switch is on."""
        from .chooser import GameMenu

        settings = self.settings
        listed = offered_variants()
        menu = GameMenu(self.host, listed, choose, settings.toggle_winnable_only, lambda: settings.winnable_only, current,
                        choose_daily=daily)
        self.host.push_overlay(menu)

    def ask_deal_number(self, start: Callable[[int], None], daily: Callable[[], None]) -> None:
        """The deal number's panel, with a button for the day's deal of the game on the table."""
        from .text_entry import DealDialog

        self.host.push_overlay(DealDialog(self.host, start, daily))

    def show_help(self, variant: Variant) -> None:
        from .overlays import HelpOverlay

        self.host.push_overlay(HelpOverlay(self.host, variant))

    def show_statistics(self, variant: Variant) -> None:
        from .statistics import StatisticsOverlay  # loaded when first opened, as the settings panel

        self.host.push_overlay(StatisticsOverlay(self.host, self.store, variant.key))

    # -- questions and ends ---------------------------------------------------------------------------

    def abandon(self, old: Session, start: Callable[[], None]) -> None:
        """Asked with the focus on keeping the game, as every desktop asks before losing something."""
        self.ask(lambda: (
            _("Abandon this game?"),
            [_("{game}, deal #{deal}, is under way: starting another counts it as a loss.").format(
                game=old.variant.name, deal=old.deal_number)],
            [_("Abandon it"), _("Keep playing")],
        ), [start, lambda: None], focus=1)

    def quit_unsaved(self, stop: Callable[[], None]) -> None:
        """Quitting while saves fail would lose the moves since the last one: asked, with "Keep playing"
        focused so Enter keeps them. Any panel open is closed for it (the question matters more); asking
        to quit again while it is open (a second Ctrl+Q, the window's close button) is the answer."""
        if self.quit_question is not None and self.quit_question in self.host.overlays:
            stop()
            return
        while self.host.overlays:
            self.host.pop_overlay(self.host.overlays[-1])
        self.question = None
        self.ask(lambda: (
            _("Quit without saving?"),
            [_("Saving the game fails: the moves since the last save are lost if you quit now."),
             _("Keep playing, and the game is saved as soon as saving works again.")],
            [_("Keep playing"), _("Quit anyway")],
        ), [lambda: None, stop], focus=0)
        self.quit_question = self.question

    def offer_rewind(self, rewind: Callable[[], None], moves_back: int, applies: Callable[[], bool]) -> bool:
        return self.ask(lambda: (
            _("No longer winnable"),
            [ngettext("That move made the game impossible to win. {n} move back it could still be won.",
                      "That move made the game impossible to win. {n} moves back it could still be won.",
                      moves_back).format(n=moves_back)],
            [_("Rewind to the last winnable position"), _("Play on")],
        ), [rewind, lambda: None], applies)

    def won(self, session: Session, new_deal: Callable[[], None], images: CardImages,
            launch: list[tuple[pygame.Rect, list[Card]]], area: pygame.Rect | None = None) -> None:
        from .overlays import WinOverlay

        for open_panel in list(self.host.overlays):  # the win is the last word: nothing stays open under it
            self.host.pop_overlay(open_panel)
        self.question = None
        panel = WinOverlay(self.host, won_lines(session, self.settings.show_clock), new_deal, images, launch,
                           relines=lambda: won_lines(session, self.settings.show_clock),
                           by_solver=session.solver_played, area=area)
        self.host.push_overlay(panel)

    def stuck(self, session: Session, actions: list[Callable[[], None]], applies: Callable[[], bool]) -> None:
        """"No moves left", its buttons Undo, Restart and New doing `actions`."""
        def texts() -> tuple[str, list[str], list[str]]:
            reason = session.rules.lost_reason(session.state) or _("no legal move is left")
            return (
                _("No moves left"),
                [_("Deal #{deal} can go no further: {reason}. Undo, restart or start a new deal.").format(
                    deal=session.deal_number, reason=reason)],
                # TRANSLATORS: the "No moves left" panel's buttons
                [_("Undo"), _("Restart"), _("New")],
            )

        self.ask(texts, actions, applies)

    def offer_auto_finish(self, finish: Callable[[], None], decline: Callable[[], None], applies: Callable[[], bool]) -> None:
        self.ask(lambda: (
            _("Finish the game?"),
            [_("Every card is face up and the stock is empty: the rest plays itself. F finishes it later.")],
            [_("Finish"), _("Not now")],
        ), [finish, decline], applies, dismissed=decline)  # put away unanswered, it is a "not now" too


def won_lines(session: Session, show_clock: bool = True) -> list[str]:
    """The win panel's words: the game, the deal, the moves and the time (not when the player hid the
    clock: a player who does not want to be timed is not shown the time at the end either), or that the
    solver finished it."""
    if not show_clock:
        return [_won_untimed(session)]
    minutes, seconds = divmod(int(session.elapsed), 60)
    n, facts = session.move_count, {"game": session.variant.name, "deal": session.deal_number, "time": f"{minutes}:{seconds:02d}"}
    if session.solver_played:  # recorded so too: not a win
        if n == 0:
            return [_("{game}, deal #{deal}: finished by the solver in no moves and {time}.").format(**facts)]
        return [ngettext("{game}, deal #{deal}: finished by the solver in {n} move and {time}.",
                         "{game}, deal #{deal}: finished by the solver in {n} moves and {time}.", n).format(n=n, **facts)]
    if n == 0:
        return [_("{game}, deal #{deal}: won in no moves and {time}.").format(**facts)]
    return [ngettext("{game}, deal #{deal}: won in {n} move and {time}.", "{game}, deal #{deal}: won in {n} moves and {time}.",
                     n).format(n=n, **facts)]


def _won_untimed(session: Session) -> str:
    """`won_lines`' line without the time, for a player who hid the clock."""
    n, facts = session.move_count, {"game": session.variant.name, "deal": session.deal_number}
    if session.solver_played:
        if n == 0:
            return _("{game}, deal #{deal}: finished by the solver in no moves.").format(**facts)
        return ngettext("{game}, deal #{deal}: finished by the solver in {n} move.",
                        "{game}, deal #{deal}: finished by the solver in {n} moves.", n).format(n=n, **facts)
    if n == 0:
        return _("{game}, deal #{deal}: won in no moves.").format(**facts)
    return ngettext("{game}, deal #{deal}: won in {n} move.", "{game}, deal #{deal}: won in {n} moves.", n).format(n=n, **facts)
