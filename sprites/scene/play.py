"""The game's actions on the table: a move asked of the model and animated, or refused with its reason;
the stock, double-clicks, finishing, undo and redo, restart, rewinding, auto-play.

The table (`sprites.scene.table`) turns intents into these calls; this piece holds no state of its
own but the table's, which it reads and changes through `PlayedTable`, and it never imports the table.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from game.cards import Card
from game.i18n import _
from game.moves import Move, Pile, PileKind, cell
from game.rules import IllegalMove
from game.session import Applied, Session
from game.state import State

from ..window.layout import pile_contents
from . import animation
from .board_view import BoardView, Stage


class PlayHost(Protocol):
    """What the actions ask of the window: its clock, its sounds and the --record file."""

    def now_ms(self) -> int: ...
    def play_sound(self, name: str) -> None: ...
    def record(self, line: str) -> None: ...


class PlaySettings(Protocol):
    @property
    def speed(self) -> float: ...
    def setting_changed(self, name: str, value: object) -> None: ...


class PlayEvents(Protocol):
    def moved(self, session: Session) -> None: ...


class PlayedTable(Protocol):
    """The table's state the actions read and change (implemented by `sprites.scene.table.Table`)."""

    session: Session
    view: BoardView
    selection: tuple[Pile, int] | None
    hint_move: Move | None
    reported_end: bool
    dirty: bool

    @property
    def host(self) -> PlayHost: ...
    @property
    def settings(self) -> PlaySettings: ...
    @property
    def life(self) -> PlayEvents: ...
    def say(self, message: str, sound: str | None = None) -> None: ...


class Play:
    """The table's actions on its game; `table` is the table they act on."""

    def __init__(self, table: PlayedTable) -> None:
        self.table = table

    def begin(self) -> None:
        """A game comes to the table: its --record header (with the moves that lead to where a resumed
        game stands), then, for a new game, whatever auto-play can already send home from the deal."""
        s, host = self.table.session, self.table.host
        host.record(f"# new game {s.variant.key} deal {s.deal_number}")
        for action in s.actions[: s.position_in_history]:
            host.record(action.notation if isinstance(action, Move) else "# restart")
        if not s.actions:
            self.autoplay_now()

    def autoplay_now(self) -> None:
        """With auto-play on, send home what is safe now (after a deal, a restart, or switching it on)."""
        session = self.table.session
        if not session.autoplay:
            return
        applied = session.run_autoplay()
        if applied:
            for entry in applied:
                self.table.host.record(entry.move.notation)
            self.animate(applied)
            self.table.life.moved(session)

    def try_move(self, make_move: Callable[[], Move]) -> bool:
        """Ask the model to make a move; animate it, or say why not. True when it was made."""
        table = self.table
        table.view.finish()
        try:
            move = make_move()
            applied = table.session.play(move)
        except IllegalMove as error:
            table.say(str(error), sound="illegal")
            return False
        table.hint_move = None
        self.animate(applied)
        for entry in applied:
            table.host.record(entry.move.notation)
        table.life.moved(table.session)
        table.say("")
        return True

    def animate(self, applied: list[Applied]) -> None:
        """The applied moves as stages of animation: a supermove's single steps one after another."""
        stages: list[Stage] = []
        speed = self.table.settings.speed
        rules = self.table.session.rules
        for entry in applied:
            if entry.automatic:
                stages.append(Stage(entry.after, round(animation.AUTOPLAY_MS / speed), "foundation"))
                continue
            steps = entry.steps
            if len(steps) > 1:
                # The run flies back to its column first, then travels card by card as it really moves.
                stages.append(Stage(entry.before, round(animation.SUPERMOVE_RETURN_MS / speed)))
            flight, lead = animation.step_timing(len(steps), speed)
            state = entry.before
            for step in steps:
                state = rules.perform(state, step)
                sound = "foundation" if step.dst.kind is PileKind.FOUNDATION else "place"
                stages.append(Stage(state, flight, sound, lead))
            if state != entry.after:  # a move whose single steps are not the whole story (stock turns)
                stages.append(Stage(entry.after, flight))
        self.table.view.queue(stages)
        self.table.reported_end = False
        self.table.dirty = True

    def fly_back(self) -> None:
        """Cards picked up but not moved go back where the model holds them."""
        table = self.table
        table.view.show(table.session.state, table.host.now_ms(), round(animation.RETURN_MS / table.settings.speed))
        table.dirty = True

    def send_home_or_cell(self, pile: Pile, card: Card) -> None:
        """Double-click: where the game sends the card (the foundation, or Mod 3's slot that takes it) if
        it may go there, else a free cell, else say why."""
        table = self.table
        state = table.session.state
        cards, _hidden = pile_contents(state, pile)
        if not cards or cards[-1] is not card:
            table.say(_("only the top card can go home, and {card} is covered").format(card=card.label), sound="illegal")
            return
        sent = table.session.rules.sends(state, pile)
        try:
            table.session.rules.check(state, sent)
        except IllegalMove as home_error:
            free = [i for i, c in enumerate(state.cells) if c is None]
            if pile.kind is PileKind.CELL or not free:
                # Only a game with cells (none in Klondike or Golf) has a cell to mention.
                if state.cells and pile.kind is not PileKind.CELL:
                    table.say(_("{reason} and no cell is free").format(reason=home_error), sound="illegal")
                else:
                    table.say(str(home_error), sound="illegal")
                return
            self.try_move(lambda: Move(pile, cell(free[0])))
            return
        self.try_move(lambda: sent)

    def turn_stock(self) -> None:
        """Klondike turns cards onto the waste (or the waste back over); Golf deals onto the foundation."""
        move = self.table.session.rules.stock_move(self.table.session.state)
        if move is None:
            variant = self.table.session.variant
            self.table.say(variant.table.stock_spent(variant.name), sound="illegal")
            return
        self.try_move(lambda: move)

    def finish_automatically(self) -> None:
        """Play the model's finishing moves, card after card (asking again after each, since
        auto-play may already have sent later cards home)."""
        table = self.table
        table.view.finish()
        session = table.session
        applied: list[Applied] = []
        while moves := session.rules.auto_finish(session.state):
            # the first move is the player's request; the rest belong to it, so one undo takes all back
            for entry in session.play(moves[0], automatic=bool(applied)):
                applied.append(Applied(entry.move, entry.before, entry.after, entry.steps, automatic=True))
                table.host.record(entry.move.notation)
        self.animate(applied)
        table.life.moved(session)

    def restart(self) -> None:
        self.table.view.finish()
        try:
            self.table.session.restart()
        except IllegalMove as error:
            self.table.say(str(error))
            return
        self.table.host.record("# restart")
        self.show_session_state(_("restarted"))
        self.autoplay_now()

    def undo(self) -> None:
        """Take back a turn: the player's move and whatever auto-play sent home after it, together."""
        self._step_history(self.table.session.undo, "undo")

    def redo(self) -> None:
        self._step_history(self.table.session.redo, "redo")

    def _step_history(self, step: Callable[[], State], name: str) -> None:
        table = self.table
        table.view.finish()
        before = table.session.position_in_history
        try:
            step()
        except IllegalMove as error:
            table.say(str(error))
            return
        # The --record file's comment stays in English, whatever the window's language.
        count = abs(table.session.position_in_history - before)
        table.host.record(f"# {name} {'no moves' if count == 0 else '1 move' if count == 1 else f'{count} moves'}")
        self.show_session_state("")

    def show_session_state(self, message: str) -> None:
        """The session's position shown as it is now (after undo, redo, restart, rewind)."""
        table = self.table
        table.selection = None
        table.hint_move = None
        table.reported_end = False
        table.view.show(table.session.state, table.host.now_ms(), round(animation.SETTLE_MS / table.settings.speed))
        table.life.moved(table.session)
        table.say(message)

    def toggle_autoplay(self) -> None:
        session = self.table.session
        session.autoplay = not session.autoplay
        self.table.settings.setting_changed("autoplay", session.autoplay)
        self.table.say(_("auto-play on") if session.autoplay else _("auto-play off"))
        self.autoplay_now()

    def rewind_to(self, position: int) -> None:
        self.table.view.finish()
        self.table.session.rewind_to(position)
        self.table.host.record(f"# rewind to {position}")
        self.show_session_state(_("back at the last winnable position"))
