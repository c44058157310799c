"""A game's life in the window: started (a new deal, another game, a chosen number), saved after
every move so a closed window resumes it, and ended (won, stuck, abandoned), each end recorded in the
statistics. The table reports what happens; this decides what follows.
"""
from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Protocol

from game.i18n import _
from game.moves import PileKind
from game.session import Session, scored
from game.variants import Variant
from solitaire.store import Store
from solitaire.store.problems import StoreNews
from solitaire.store.results import Result
from solitaire.store.settings import LAST_GAME, kept_scoring

from ..panels.dialogs import Dialogs
from ..scene.table import Table
from .preferences import Preferences
from .solver_client import SolverClient


class Stage(Protocol):
    """The window the games are played in (implemented by `sprites.window.app.App`)."""

    @property
    def table(self) -> Table: ...
    def play_sound(self, name: str) -> None: ...
    def game_changed(self, session: Session) -> None: ...


class GameLife:
    """Starts, saves and ends the games played on `stage`'s table."""

    def __init__(self, stage: Stage, store: Store, preferences: Preferences, solver: SolverClient, dialogs: Dialogs) -> None:
        self.stage = stage
        self.store = store
        self.preferences = preferences
        self.solver = solver
        self.dialogs = dialogs
        # What the store could not write, shown in the banner until a write takes it: the record of an
        # ended game (kept by the store meanwhile), and the game in progress.
        self._unrecorded = ""
        self._unsaved = ""

    def request_game(self, variant: Variant, number: int | None = None) -> None:
        """Start another game, first asking when that abandons one under way (it counts as a loss),
        as Windows FreeCell does. Quitting needs no question: the game is kept and resumed."""
        self._after_asking(lambda: self.start_game(variant, number))

    def request_daily(self, variant: Variant) -> None:
        """Start today's deal of the day of `variant`, asking first as for any new deal."""
        self._after_asking(lambda: self.start_daily(variant))

    def _after_asking(self, start: Callable[[], None]) -> None:
        old = self.stage.table.session
        if self.preferences.confirm_abandon() and under_way(old):
            self.dialogs.abandon(old, start)
            return
        start()

    def start_daily(self, variant: Variant) -> None:
        """Today's deal of the day (`game.solver.daily`: the solver tries its candidates, up to a few
        seconds for the slowest games, docs/solvers.md), marked so the statistics count its day; the
        status bar says whether it is proven winnable."""
        from game.solver.daily import announced, daily_deal  # loaded when first asked for

        table = self.stage.table
        pick = daily_deal(variant, datetime.date.today())
        self.take_over(Session(variant, pick.number, autoplay=table.session.autoplay, daily=pick.date))
        table.say(announced(pick, variant.name))
        self.save()

    def start_game(self, variant: Variant, number: int | None = None) -> None:
        table = self.stage.table
        note = ""
        if number is None:
            from game.solver.deal_picker import pick_deal  # loaded at the first new deal, not before the first frame

            winnable_only = self.preferences.winnable_only
            pick = pick_deal(variant, winnable_only)
            number = pick.number
            if winnable_only:
                if pick.confirmed_winnable:
                    note = _("a winnable deal")
                else:
                    note = _("no winnable deal confirmed in time: this one is unchecked")
        scoring = kept_scoring(self.store.settings, variant)
        self.take_over(Session(variant, number, autoplay=table.session.autoplay, scoring=scoring))
        if note:
            # TRANSLATORS: the status bar after a new deal: "FreeCell, deal #617: a winnable deal"
            table.say(_("{message}: {note}").format(message=table.message, note=note))
        self.save()

    def request_session(self, session: Session) -> None:
        """Play `session` (a game read from a file) in place of the one on the table, asking first as
        for a new deal when that abandons one under way."""
        self._after_asking(lambda: self._open(session))

    def _open(self, session: Session) -> None:
        self.take_over(scored(session, kept_scoring(self.store.settings, session.variant)))
        self.save()

    def take_over(self, session: Session) -> None:
        """`session` comes to the table: the game it replaces recorded as ended (lost when stuck, else
        abandoned; a won one was recorded when it was won), its game the one the next start plays."""
        table = self.stage.table
        old = table.session
        if not old.is_won:
            self._record(old, "lost" if old.is_lost else "abandoned")
        session.carried = self.store.carried_score(session.variant.key, session.scoring)  # the old game's score in it
        self.preferences.remember(LAST_GAME, session.variant.key)
        self.preferences.keep_options_of(session.variant)
        self.stage.game_changed(session)
        self.solver.watch(session)
        table.replace_session(session)

    def moved(self, session: Session) -> None:
        """Called after every change of position: save it, and ask whether it can still be won."""
        self.save()
        self.solver.moved(session.state)

    def save(self) -> None:
        """Save the game on the table. A failure (a full disk) stays on screen until a save succeeds:
        the store tells it once, and the moves made meanwhile are kept in memory and written whole by
        the first save that finds room again, with any ended game the store kept unrecorded."""
        session = self.stage.table.session
        if session.is_won or session.start is not None:  # a won game is recorded instead; a custom position is never saved
            self.store.record_kept()
        elif self.store.save_game(session):
            self._unsaved = ""
        else:
            # None when this failure was told already: the banner keeps what it says
            self._unsaved = _said(self.store.take_problem()) or self._unsaved or _("Could not save the game in progress.")
        self._show_trouble()
        self.preferences.report_store()

    def _record(self, session: Session, result: Result) -> None:
        """Record an ended game. When the store cannot (a full disk), it keeps the game and says why: that
        goes in the banner, where the settings' notes and the next deal's title, said in the same frame,
        cannot wipe it, and it stays there until a write takes the game."""
        if not self.store.record_game(session, result) and self.store.unrecorded:
            self._unrecorded = _said(self.store.take_problem()) or self._unrecorded or _(
                "Could not record the game in the statistics.")
            self._show_trouble()

    def _show_trouble(self) -> None:
        if not self.store.unrecorded:
            self._unrecorded = ""
        if self._unrecorded:
            # TRANSLATORS: the banner while recording a game fails; {problem}: "Could not record the game in the
            # statistics (the disk is full).", perhaps followed by "Could not save the game in progress (...)."
            trouble = _("{problem} The game is kept, and recorded as soon as writing works again.").format(
                problem=" ".join(line for line in (self._unrecorded, self._unsaved) if line))
        elif self._unsaved:
            # TRANSLATORS: the banner while saving fails; {problem}: "Could not save the game in progress (the disk is full)."
            trouble = _("{problem} Your moves are kept and saved as soon as it works again.").format(problem=self._unsaved)
        else:
            trouble = ""
        self.stage.table.show_save_trouble(trouble)

    def quit(self, stop: Callable[[], None]) -> None:
        """The player asked to quit: at once when the game is saved (one more try first, in case space
        came back); else asked, since the moves since the last save would be lost."""
        table = self.stage.table
        if table.save_trouble:
            self.save()
        if table.save_trouble:
            self.dialogs.quit_unsaved(stop)
        else:
            stop()

    # -- ends ---------------------------------------------------------------------------------------

    def game_won(self, session: Session) -> None:
        view = self.stage.table.view
        launch = [(rect, list(reversed(view.shown.foundations[p.index]))) for p, rect in view.layout.slots
                  if p.kind is PileKind.FOUNDATION and view.shown and view.shown.foundations[p.index]]
        self._record(session, "won")
        self.preferences.report_store()
        self.stage.play_sound("win")
        self.dialogs.won(session, lambda: self.start_game(session.variant), view.images, launch, view.layout.table_area)

    def game_stuck(self, session: Session) -> None:
        self.stage.play_sound("illegal")
        play = self.stage.table.play
        self.dialogs.stuck(session, [play.undo, play.restart, lambda: self.start_game(session.variant)], self._while_here())

    def offer_auto_finish(self, session: Session, decline: Callable[[], None]) -> None:
        self.dialogs.offer_auto_finish(self.stage.table.play.finish_automatically, decline, self._while_here())

    def offer_rewind(self, rewind: Callable[[], None], moves_back: int) -> bool:
        return self.dialogs.offer_rewind(rewind, moves_back, self._while_here())

    def _while_here(self) -> Callable[[], bool]:
        """A question about the position on the table stands while the game stays there, and never while
        the solver plays (Solve started under "Finish the game?" left it open over "You won!")."""
        table = self.stage.table
        session, where = table.session, table.session.position_in_history
        return lambda: (table.session is session and session.position_in_history == where
                        and not table.assistant.solving)


def _said(problem: StoreNews | None) -> str:
    """A problem of the store in the window's words ("" for none)."""
    return "" if problem is None else str(problem)


def under_way(session: Session) -> bool:
    """The player has acted (so the game counts as played) and it is neither won nor lost."""
    return session.player_acted and not session.is_won and not session.is_lost
