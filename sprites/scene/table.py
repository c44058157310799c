"""The table scene: one game on the table, its actions, and applied moves turned into animation.

Every decision about legality is the model's: a drop becomes a `Move` handed to the session, and an
`IllegalMove` comes back with the reason the status bar shows. Input has rooms of its own (`pointer`
for the mouse, `keyboard` for keys and focus) that turn events into intents (`intents`), which the
table applies here; so does the solver's help (`assistant`). The game's actions (moves tried and
animated, undo, restart, finishing) are `play`'s, the toolbar is `toolbar`'s; what is marked over
the cards is `highlights`' and the status bar `status`'. What the table needs from outside is named by the
protocols at the end: the window, the settings, the game's life cycle and the solver client.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import pygame

from game.assist import longest_lift, move_between
from game.i18n import _
from game.moves import Move, Pile, PileKind
from game.session import Session
from game.variants import Variant

from ..panels.status import StatusBar, status_facts
from ..panels.widgets import Button
from ..window.layout import pile_contents
from ..window.look import Look
from .assistant import Assistant, SolverAccess
from .board_view import BoardView
from .highlights import draw_rings, draw_selection
from .intents import (
    WINDOW_COMMANDS,
    Command,
    Drop,
    FlyBack,
    GiveHint,
    HoldAutoplay,
    Intent,
    Lift,
    MoveSelection,
    Pick,
    PlayHome,
    PlaySolved,
    PressButton,
    Redraw,
    Rewind,
    Say,
    Select,
    SendHome,
    Touch,
    TurnStock,
)
from .keyboard import Keyboard, is_speed_key
from .play import Play
from .pointer import Pointer, drop_move
from .toolbar import Toolbar


class Table:
    """One game on the table. `host` is the window (its size, clock, sounds, record, and the requests
    that are the window's, like panels); `settings`, `life` and `solver` are the window's other pieces."""

    def __init__(
        self, host: TableHost, session: Session, settings: TableSettings, life: GameEvents, solver: SolverAccess,
    ) -> None:
        self.host = host
        self.settings = settings
        self.life = life
        self.session = session
        self.view = BoardView(session.variant, host.size, settings.look)
        self.pointer = Pointer()
        self.keyboard = Keyboard()
        self.play = Play(self)
        self.assistant = Assistant(self, solver, life.offer_rewind, lambda: settings.speed)
        self.selection: tuple[Pile, int] | None = None
        self.message = ""
        self.refusal_shown = False  # the message is a refusal, which the player's next action puts away
        self.save_trouble = ""  # why the last save failed, shown until one succeeds; "" while saves work
        self.status = StatusBar(lambda: self.settings.sound_on, lambda: self.apply(Command.SOUND))
        self.hint_move: Move | None = None
        self.autoplay_held: bool | None = None  # while Solve plays: auto-play as the player had it
        self.reported_end = False
        self.finish_declined = False  # "Not now" to finishing: not asked again until it stops being possible
        self.toolbar = Toolbar(self.apply, lambda: self.session)
        self.dirty = True
        self.toolbar.lay_out(self.view.layout.toolbar)
        self.view.show(session.state, host.now_ms())

    # -- setup -----------------------------------------------------------------------------------

    @property
    def buttons(self) -> list[Button]:
        return self.toolbar.buttons

    def retranslate(self) -> None:
        """Another language: the toolbar's labels (laid out again, to their new widths) and the card
        faces' indices; the status bar reads its texts at every draw."""
        self.toolbar.retranslate(self.view.layout.toolbar)
        self.view.retranslate()
        self.dirty = True

    def relayout(self) -> None:
        self.view.resize(self.host.size)
        self.toolbar.lay_out(self.view.layout.toolbar)
        self.dirty = True

    def replace_session(self, session: Session) -> None:
        """A new deal or game: lay the table out for it and deal the cards in from the corner."""
        self.cancel_drag()
        self.session = session
        self.selection = None
        self.hint_move = None
        self.reported_end = False
        self.assistant.reset()
        self.finish_declined = False
        self.view = BoardView(session.variant, self.host.size, self.settings.look)
        self.relayout()
        origin = self.view.layout.pile_rect(self.view.layout.all_piles()[0]).topleft
        self.view.deal_in(session.state, origin, self.host.now_ms(), round(420 / self.settings.speed))
        self.host.play_sound("deal")
        self.say(_("{game}, deal #{deal}").format(game=session.variant.name, deal=session.deal_number))
        self.play.begin()

    # -- the loop's calls --------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        return self.view.busy or self.assistant.solving

    def update(self, now_ms: int) -> bool:
        moved = self.view.update(now_ms)
        self.assistant.play_due(now_ms)
        for sound in self.view.sounds_due:
            self.host.play_sound(sound)
        self.view.sounds_due.clear()
        if moved:
            self.dirty = True
        if not self.view.busy and not self.reported_end:
            self._report_end()
        return moved

    def draw(self, surface: pygame.Surface) -> None:
        """The whole table: what lies on it, then whatever moves above the bars."""
        self.draw_below(surface)
        self.draw_above(surface)

    def draw_below(self, surface: pygame.Surface) -> None:
        """The table, the rings around piles, the note box and the bars."""
        state = self.session.state
        if self.pointer.lifted and self.view.backdrop is not None:
            surface.blit(self.view.backdrop, (0, 0))
        else:
            self.view.draw_table(surface)
            draw_selection(surface, self.view, state, self.selection)
        draw_rings(surface, self.view, state, *self.rings(), self.hint_move)
        above_bar = self.status.draw_banner(surface, self.view.layout, self.save_trouble)
        self.status.draw_note(surface, self.view.layout, self._status_facts(), self.message, self.view.look.palette, above_bar)
        self._draw_bars(surface)
        self.dirty = False

    def draw_above(self, surface: pygame.Surface) -> None:
        """Cards in flight and cards being dragged: above everything on the table, and never over the
        toolbar or the status bar, which they pass under (a panel, and the shade under it, covers them
        as it covers the rest of the table)."""
        self.view.draw_above(surface, self.pointer.lifted)

    # -- events ------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.status.press(event.pos):
            return  # the speaker switched the sound (even while the solver plays)
        if self.assistant.solving and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and not is_speed_key(event):
            self.assistant.stop(_("stopped solving"))
            return
        intents: list[Intent] = []
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            intents = self.pointer.press(event.pos, self)
        elif event.type == pygame.MOUSEMOTION:
            intents = self.pointer.motion(event.pos, self)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            intents = self.pointer.release(event.pos, self)
        elif event.type == pygame.KEYDOWN:
            intent = self.keyboard.handle(event, self.view.layout)
            intents = [intent] if intent is not None else []
        for intent in intents:
            self.apply(intent)

    def apply(self, intent: Intent) -> None:
        """Do what the player means: the one place where input changes the table."""
        if isinstance(intent, Command):
            self._command(intent)
            return
        match intent:
            case Say(message, sound, unselect):
                self.say(message, sound)
                if unselect:
                    self.selection = None
            case PressButton(button):
                if button.enabled():
                    button.action()
                self.dirty = True
            case Touch():
                self.keyboard.visible = False
                self.hint_move = None
            case Select(pile, count):
                self._select(pile, count)
            case TurnStock():
                self.play.turn_stock()
            case MoveSelection(src, dst, count):
                state = self.session.state
                self.try_move(lambda: move_between(self.session.rules, state, src, dst, count))
            case Lift(cards):
                self.selection = None
                self.view.make_backdrop(self.host.size, set(cards))
                self.host.play_sound("pickup")
            case Redraw():
                self.dirty = True
            case Drop(src, dst, count):
                if not self.try_move(lambda: drop_move(src, dst, count)):
                    self.play.fly_back()
            case FlyBack():
                self.play.fly_back()
            case SendHome(clicked, card):
                self.selection = None
                self.play.send_home_or_cell(clicked, card)
            case PlayHome(column):
                self.try_move(lambda: Move(column, self.session.rules.plays_onto))
            case Pick(focused):
                self.pick_or_drop(focused)
            case _:
                self._apply_assistants(intent)

    def _apply_assistants(self, intent: Intent) -> None:
        """What the solver's help changes: the hint, auto-play held while Solve plays, its moves, a rewind."""
        match intent:
            case GiveHint(move, message):
                self.hint_move = move
                self.session.hints += 1
                self.say(message)
            case HoldAutoplay(held):
                if held and self.autoplay_held is None:
                    self.autoplay_held, self.session.autoplay = self.session.autoplay, False
                elif not held and self.autoplay_held is not None:
                    self.session.autoplay, self.autoplay_held = self.autoplay_held, None
            case PlaySolved(move):
                if self.try_move(lambda: move):
                    self.session.solver_played = True  # won now, the game is the solver's: no win, no record (see store.stats)
                else:
                    self.assistant.stop(_("the solution no longer fits this position"))
            case Rewind(position):
                self.play.rewind_to(position)

    def _command(self, command: Command) -> None:
        if command in WINDOW_COMMANDS:
            self.host.command(command)
            return
        play = self.play
        actions: dict[Command, Callable[[], None]] = {
            Command.NEW_DEAL: self.new_deal, Command.RESTART: play.restart, Command.UNDO: play.undo, Command.REDO: play.redo,
            Command.HINT: self.assistant.show_hint, Command.SOLVE: self.assistant.solve_rest,
            Command.AUTOPLAY: play.toggle_autoplay, Command.SOUND: self.toggle_sound, Command.FINISH: self.finish_on_request,
            Command.FASTER: lambda: self._change_speed(True), Command.SLOWER: lambda: self._change_speed(False),
            Command.CANCEL: self._cancel, Command.FOCUS_MOVED: self.redraw,
        }
        actions[command]()

    def _select(self, pile: Pile | None, count: int) -> None:
        """A click selects a pile's cards; a second click on it (or a click elsewhere, `pile` None) unselects."""
        if pile is None or (self.selection is not None and self.selection[0] == pile):
            self.selection = None
        else:
            self.selection = (pile, count)
        self.dirty = True

    def _cancel(self) -> None:
        self.cancel_drag()
        self.selection = None
        self.hint_move = None
        self.say("")

    def _change_speed(self, faster: bool) -> None:
        speed = self.settings.change_speed(faster)
        self.say(_("animation speed ×{speed}").format(speed=f"{speed:g}"))

    def cancel_drag(self) -> None:
        """Let go of a drag under way (a panel opens, another game comes): its cards fly back."""
        for intent in self.pointer.cancel(self.view):
            self.apply(intent)

    def pick_or_drop(self, pile: Pile) -> None:
        """Space on a pile: pick up the longest run the model allows, or drop what is picked up there."""
        state = self.session.state
        if pile.kind is PileKind.STOCK:
            self.play.turn_stock()
            return
        if self.selection is None:
            cards, hidden = pile_contents(state, pile)
            if not cards:
                self.say(_("{pile} is empty").format(pile=pile))
                return
            most = 1 if pile.kind is PileKind.FOUNDATION else len(cards) - hidden
            self.selection = (pile, longest_lift(self.session.rules, state, pile, most))
            self.say(_("picked up from {pile}: choose where with the arrows, then Space").format(pile=pile))
            return
        src, count = self.selection
        self.selection = None
        if src == pile:
            # TRANSLATORS: status bar: the cards picked up with the keyboard went back where they were
            self.say(_("put back"))
            return
        self.try_move(lambda: move_between(self.session.rules, state, src, pile, count))

    # -- what input and the assistant read and ask -----------------------------------------------------

    @property
    def note_rect(self) -> pygame.Rect | None:
        return self.status.note_rect

    def now_ms(self) -> int:
        return self.host.now_ms()

    def redraw(self) -> None:
        self.dirty = True

    def rings(self) -> tuple[pygame.Rect | None, pygame.Rect | None]:
        """Where a drop would be accepted while dragging, and the keyboard's focus while it plays: each
        the pile's top card (or slot), ringed."""
        target, focus = self.pointer.target(), self.keyboard.ring(self.view.layout)
        return (self.view.top_rect(target) if target is not None else None,
                self.view.top_rect(focus) if focus is not None else None)

    # -- actions (the game's own are `Play`'s) -----------------------------------------------------

    def try_move(self, make_move: Callable[[], Move]) -> bool:
        """Ask the model to make a move; animate it, or say why not. True when it was made."""
        return self.play.try_move(make_move)

    def finish_on_request(self) -> None:
        """The F key: finish now if the model says the rest can play itself, else say it cannot yet."""
        if self.session.rules.can_auto_finish(self.session.state):
            self.play.finish_automatically()
        else:
            self.say(_("the game cannot finish by itself yet"))

    def decline_finish(self) -> None:
        self.finish_declined = True
        self.say(_("F finishes the game whenever you like"))

    def new_deal(self, number: int | None = None) -> None:
        self.life.request_game(self.session.variant, number)

    def toggle_sound(self) -> None:
        on = self.settings.toggle_sound()
        self.say(_("sound on") if on else _("sound off"))

    def say(self, message: str, sound: str | None = None) -> None:
        """A message in the status bar; a refusal (said with its sound) only until the next action."""
        self.message = message
        self.refusal_shown = bool(message) and sound == "illegal"
        if sound:
            self.host.play_sound(sound)
        self.dirty = True

    def next_action(self) -> None:
        """The player acts again (a press, a key, a setting changed in a panel): a refusal shown fades."""
        if self.refusal_shown:
            self.say("")

    def show_save_trouble(self, trouble: str) -> None:
        """Why saving fails, kept on screen until a save succeeds ("" then); unlike `say`, no move wipes it."""
        if trouble != self.save_trouble:
            self.save_trouble = trouble
            self.dirty = True

    def _draw_bars(self, surface: pygame.Surface) -> None:
        self.toolbar.draw(surface, self.view.layout.toolbar, self.view.look.palette)
        self.draw_status(surface)

    def draw_status(self, surface: pygame.Surface) -> pygame.Rect:
        """The status bar alone, for the once-a-second clock tick; returns the area drawn."""
        return self.status.draw(surface, self.view.layout, self._status_facts(), self.message, self.view.look.palette)

    def _status_facts(self) -> str:
        # the speaker shows the sound; auto-play as the player set it, though Solve holds it off
        return status_facts(self.session, None, self.assistant.verdict_text(), self.autoplay_held, self.settings.show_clock)

    # -- ends ----------------------------------------------------------------------------------------

    def _report_end(self) -> None:
        """Once the cards have landed: the win, "no moves left", the offer to finish, or to rewind a
        losing move. Nothing is asked while the solver plays: asked when it stops, if it still applies."""
        if self.assistant.solving:
            return  # reported_end stays False: asked again at the first frame after
        self.reported_end = True
        if self.session.is_won:
            self.life.game_won(self.session)
        elif self.session.is_lost:
            self.life.game_stuck(self.session)
        elif not self.session.rules.can_auto_finish(self.session.state):
            self.finish_declined = False  # the game moved back out of its finishable stretch: offer anew
            self.assistant.consider_rewind()
        elif not self.finish_declined:
            self.life.offer_auto_finish(self.session, self.decline_finish)


class TableHost(Protocol):
    """The window the table lies in (implemented by `sprites.window.app.App`)."""

    @property
    def size(self) -> tuple[int, int]: ...
    def now_ms(self) -> int: ...
    def play_sound(self, name: str) -> None: ...
    def record(self, line: str) -> None: ...
    def command(self, command: Command) -> None: ...


class TableSettings(Protocol):
    """The settings the table reads and changes (implemented by `sprites.window.preferences.Preferences`)."""

    @property
    def speed(self) -> float: ...
    @property
    def look(self) -> Look: ...
    @property
    def sound_on(self) -> bool: ...
    @property
    def show_clock(self) -> bool: ...
    def toggle_sound(self) -> bool: ...
    def setting_changed(self, name: str, value: object) -> None: ...
    def change_speed(self, faster: bool) -> float: ...


class GameEvents(Protocol):
    """What follows the table's events in the game's life (implemented by `sprites.window.life_cycle.GameLife`)."""

    def moved(self, session: Session) -> None: ...
    def request_game(self, variant: Variant, number: int | None = None) -> None: ...
    def game_won(self, session: Session) -> None: ...
    def game_stuck(self, session: Session) -> None: ...
    def offer_auto_finish(self, session: Session, decline: Callable[[], None]) -> None: ...
    def offer_rewind(self, rewind: Callable[[], None], moves_back: int) -> bool: ...
