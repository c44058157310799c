"""The window, the clock and a small stack of scenes (the table, with panels above it).

One `step()` drains events, advances animation and draws only when something changed, so tests
can drive the real loop one step at a time; `run()` blocks on events whenever nothing moves.
The window holds the loop and the scenes; the rest is in pieces with one job each, which it joins:
the settings (`preferences`), the game's life cycle (`life_cycle`), the solver client
(`solver_client`) and the panels and their questions (`dialogs`).
"""
from __future__ import annotations

import math
import os
import sys
import time
import warnings
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from game.i18n import _
from game.session import Session
from game.variants import Variant
from solitaire.store import Store
from solitaire.store.settings import FULLSCREEN, MIN_WINDOW, WINDOW_SIZE
from sounds import SoundPlayer

from ..deck import face_cache
from ..panels.dialogs import Dialogs
from ..scene.intents import Command
from ..scene.table import Table
from . import display  # noqa: F401 - names the window's class before any display starts
from .life_cycle import GameLife
from .look import Look
from .preferences import Preferences
from .solver_client import ANSWERED, SolverClient

if TYPE_CHECKING:  # the panels and the solver load when first used: the first frame needs none

    from ..panels.overlays import Overlay
    from .files import GameFiles

ICON = Path(__file__).resolve().parent.parent / "icons" / "solitaire.svg"
DEFAULT_SIZE = (1280, 800)
LONGEST_WAIT_MS = 1000  # a Ctrl+C in the terminal is seen only when a wait ends (SDL's wait resumes after a signal)
FRAME_RATE = 60  # while anything moves; at rest the loop blocks
SHADE = (0, 0, 0, 120)  # darkens the table under a panel
# The player looks away: the window loses the keyboard focus, or is minimised or hidden.
AWAY_EVENTS = (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN)
RECORD_STOPPED = pygame.event.custom_type()  # the --record file failed: said once the move's own status is shown


class App:
    def __init__(
        self,
        session: Session,
        size: tuple[int, int] = DEFAULT_SIZE,
        *,
        now_ms: Callable[[], int] | None = None,
        record_to: TextIO | None = None,
        sound: bool = True,
        speed: float = 1.0,
        fullscreen: bool = False,
        analyse: bool = True,
        store: Store | None = None,
        on_first_frame: Callable[[], None] | None = None,
    ) -> None:
        pygame.display.init()  # not pygame.init(): that opens the audio device too, which waits for the first sound
        pygame.font.init()
        if pygame.display.get_driver() == "x11":
            # X11 shows a changed rectangle (the clock's second) by shared memory; SDL's default there
            # draws the whole window again through OpenGL, which without a GPU (Xvfb, remote) costs a core's percent.
            os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        face_cache.use(face_cache.default_folder())  # the faces the last run drew, instead of drawing them again
        _set_icon(drawn=False)
        pygame.display.set_caption(window_title(session))
        self.windowed_size = (max(size[0], MIN_WINDOW[0]), max(size[1], MIN_WINDOW[1]))
        self.fullscreen = False
        self.screen = self._open_window(self.windowed_size)
        self._wait: Callable[[int], None] = partial(_first_rest, self)  # the first rest comes after the first frame
        self._now = now_ms or wall_clock_ms
        self.clock = pygame.time.Clock()
        self.sounds = SoundPlayer(enabled=sound)
        self.record_to = record_to
        self.store = store if store is not None else Store.in_memory()
        self.preferences = Preferences(self.store, self.sounds, speed, self)
        self.solver = SolverClient(analyse)
        self.dialogs = Dialogs(self, self.preferences, self.store)
        self.life = GameLife(self, self.store, self.preferences, self.solver, self.dialogs)
        self.overlays: list[Overlay] = []
        self.running = True
        self.last_second = -1
        self.needs_draw = True
        self._on_first_frame = on_first_frame  # called once, as the pass after the first frame's begins
        self._under: pygame.Surface | None = None  # the shaded table beneath open panels, kept while it is unchanged
        self._shade: pygame.Surface | None = None
        self.table = Table(self, session, self.preferences, self.life, self.solver)
        self._files: GameFiles | None = None
        self.table.play.begin()
        if fullscreen:
            self.toggle_fullscreen()

    # -- the loop ----------------------------------------------------------------------------------

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def look(self) -> Look:
        return self.preferences.look

    @property
    def busy(self) -> bool:
        return self.table.busy or any(o.busy for o in self.overlays) or self.table.pointer.lifted is not None

    def step(self, block: bool = False) -> bool:
        """One pass: events, animation, drawing. Returns False once the player has quit."""
        if self.solver.analyse and self.solver.watcher is None and not self.needs_draw:
            # The first frame is on screen: only now start the search's worker, a whole interpreter
            # starting beside the window, which would otherwise delay that frame.
            self.solver.watch(self.table.session)
        if self._on_first_frame is not None and not self.needs_draw:
            shown, self._on_first_frame = self._on_first_frame, None
            shown()  # before any event is read: nothing the player does comes before it
        events = pygame.event.get()
        if block and not events:
            self._wait(self._ms_to_next_timer())
            events = pygame.event.get()
        for event in events:
            self.handle(event)
            if not self.running:
                return False
        if self.solver.take_news():
            self.table.assistant.on_verdict()
        self.sounds.close_if_quiet()
        now = self.now_ms()
        moved = self.table.update(now)
        for overlay in self.overlays:
            moved = overlay.update(now) or moved
        for overlay in [o for o in self.overlays if not o.applies()]:
            self.pop_overlay(overlay)  # a question the game has moved past (the solver, auto-play) closes itself
        second = int(self.table.session.elapsed)
        ticked = second != self.last_second
        self.last_second = second
        if ticked and self.overlays:
            self._under = None  # the clock under the panel moved on
        if moved or self.needs_draw or self.table.dirty or any(o.dirty for o in self.overlays) or (ticked and self.overlays):
            self.draw()
        elif ticked:
            pygame.display.update(self.table.draw_status(self.screen))  # only the clock changed
        return self.running

    def _ms_to_next_timer(self) -> int:
        """How long a loop at rest may sleep: until the clock's next second (from the first move until
        the game is won) or the moment the quiet audio device may close, at most `LONGEST_WAIT_MS`.
        Everything else that changes the window arrives as an event: input, and the search's `ANSWERED`."""
        due = [LONGEST_WAIT_MS]
        session = self.table.session
        if session.started is not None and session.finished_seconds is None and not session.paused:
            due.append(math.ceil((1 - session.elapsed % 1) * 1000))
        quiet = self.sounds.seconds_to_close()
        if quiet is not None:
            due.append(math.ceil(quiet * 1000))
        return min(due)

    def run(self) -> None:
        """Frames at `FRAME_RATE` while anything moves; at rest each step blocks until an event or timer."""
        while self.step(block=not self.busy):
            if self.busy:
                self.clock.tick(FRAME_RATE)
        self.close()

    def close(self) -> None:
        if self._on_first_frame is not None:  # closed before the pass after the first frame: its work is done now
            self._on_first_frame()
        self.solver.close()
        view = self.table.view  # what it drew at this size, for the next start
        view.images.keep_faces()
        view.felt.keep(view.layout, view.look, view.images)
        face_cache.use(None)  # the window is gone: faces drawn from here on are nobody's to keep
        self.life.save()
        # In full screen the window's own size is the one to keep: the next start opens it when leaving full screen.
        self.preferences.remember(WINDOW_SIZE, self.windowed_size if self.fullscreen else self.size)
        self.store.close()
        if self.record_to is not None:
            try:
                self.record_to.flush()
            except OSError as error:
                self._stop_recording(error)
        pygame.quit()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == ANSWERED:
            return  # only a wake-up: the step reads the watcher's news after its events
        if event.type == RECORD_STOPPED:
            self.say(event.message)
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self._resized()
            return
        if event.type in AWAY_EVENTS:
            self.pause(only_while_timed=True)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_q and event.mod & pygame.KMOD_CTRL:
            self.quit()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        self.needs_draw = True
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.table.next_action()  # on the table or in a panel (a setting changed): a refusal fades
        if all(overlay.lets_through(event) for overlay in self.overlays):
            self._to_table(event)
        else:
            self.overlays[-1].handle(event)

    def _to_table(self, event: pygame.event.Event) -> None:
        """The table takes the event; panels about the game close once the event has changed it."""
        session, panels = self.table.session, list(self.overlays)
        where = session.position_in_history
        self.table.handle(event)
        if self.table.session is not session or session.position_in_history != where:
            for panel in panels:
                self.pop_overlay(panel)

    def _resized(self) -> None:
        """Lay the table out anew; a window made smaller than the least usable size is put back to it
        (where SDL's own minimum, set when the window opened, is not enforced by the system)."""
        width, height = self.size
        if not self.fullscreen and (width < MIN_WINDOW[0] or height < MIN_WINDOW[1]):
            _window().size = (max(width, MIN_WINDOW[0]), max(height, MIN_WINDOW[1]))  # the same window, not a new one
            screen = pygame.display.get_surface()
            if screen is not None:
                self.screen = screen
        self.table.relayout()
        self.needs_draw = True

    @staticmethod
    def _open_window(size: tuple[int, int]) -> pygame.Surface:
        screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        _window().minimum_size = MIN_WINDOW
        return screen

    def draw(self) -> None:
        """The table; under open panels, shaded, with the cards in flight shaded with it: a card flying
        under a question never hides it."""
        if not self.overlays:
            self.table.draw(self.screen)
        elif self._under is not None and self._under.get_size() == self.size and not (self.table.dirty or self.table.busy):
            self.screen.blit(self._under, (0, 0))  # a celebration's frame need not draw the whole table again
        else:
            self.table.draw(self.screen)
            self.screen.blit(self._shade_of(self.size), (0, 0))
            self._under = self.screen.copy()
        for overlay in self.overlays:
            overlay.draw(self.screen)
        pygame.display.flip()
        self.needs_draw = False

    def _shade_of(self, size: tuple[int, int]) -> pygame.Surface:
        if self._shade is None or self._shade.get_size() != size:
            self._shade = pygame.Surface(size, pygame.SRCALPHA)
            self._shade.fill(SHADE)
        return self._shade

    def now_ms(self) -> int:
        return self._now()

    # -- what the table and the pieces ask of the window ----------------------------------------------

    def play_sound(self, name: str) -> None:
        self.sounds.play(name)

    def record(self, line: str) -> None:
        """One line of the --record file. A write that fails (a full disk) stops the record, never the
        game: the move being made is kept, and the player is told once, on stderr and in the status
        bar, after the move's own status update (which would wipe a message said now)."""
        if self.record_to is None:
            return
        try:
            self.record_to.write(line + "\n")
            self.record_to.flush()
        except OSError as error:
            self._stop_recording(error)

    def _stop_recording(self, error: OSError) -> None:
        record, self.record_to = self.record_to, None
        try:
            assert record is not None
            record.close()  # what is still buffered cannot be written either
        except OSError:
            pass
        message = _("The record file could not be written ({reason}): recording stopped").format(reason=error.strerror or error)
        sys.stderr.write(f"solitaire: {message}\n")
        pygame.event.post(pygame.event.Event(RECORD_STOPPED, message=message))

    def command(self, command: Command) -> None:
        """The requests that are the window's: a panel, a switch, leaving."""
        variant = self.variant
        actions: dict[Command, Callable[[], None]] = {
            Command.CHOOSE_GAME: lambda: self.dialogs.choose_game(variant, self.life.request_game, self.life.request_daily),
            Command.ASK_DEAL_NUMBER: lambda: self.dialogs.ask_deal_number(
                lambda n: self.life.request_game(self.variant, n), lambda: self.life.request_daily(self.variant)),
            Command.HELP: lambda: self.dialogs.show_help(variant),
            Command.STATISTICS: lambda: self.dialogs.show_statistics(variant),
            Command.SETTINGS: self.dialogs.show_settings,
            Command.WINNABLE_ONLY: self.preferences.toggle_winnable_only,
            Command.FULLSCREEN: self.toggle_fullscreen,
            Command.PAUSE: self.pause,
            Command.SAVE_FILE: lambda: self.files.save_as(),
            Command.OPEN_FILE: lambda: self.files.open(),
            Command.QUIT: self.quit,
        }
        actions[command]()

    @property
    def variant(self) -> Variant:
        return self.table.session.variant

    def say(self, message: str) -> None:
        self.table.say(message)

    def autoplay_on(self) -> bool:
        return self.table.session.autoplay

    def toggle_autoplay(self) -> None:
        self.table.play.toggle_autoplay()

    def restyle(self, look: Look) -> None:
        """A new face, back or felt, drawn at once."""
        self.table.view.restyle(look)
        self._under = None
        self.needs_draw = True

    def retranslate(self) -> None:
        """Everything the window shows, written again in the language of the moment (as a resize or a
        new look lays it out and draws it again)."""
        pygame.display.set_caption(window_title(self.table.session))
        self.table.retranslate()
        for overlay in self.overlays:
            overlay.retranslate()
        self._under = None
        self.needs_draw = True

    def game_changed(self, session: Session) -> None:
        """Another game comes to the table: its title, and no panel of the game left behind (a win, "no moves")."""
        pygame.display.set_caption(window_title(session))
        self.overlays.clear()
        self.needs_draw = True

    def toggle_fullscreen(self) -> None:
        try:
            if self.fullscreen:
                self.screen = self._open_window(self.windowed_size)
            else:
                self.windowed_size = self.size
                self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            self.fullscreen = not self.fullscreen
            self.preferences.remember(FULLSCREEN, self.fullscreen)
        except pygame.error as error:
            self.table.say(_("full screen is not available: {error}").format(error=error))
        self.table.relayout()
        self.needs_draw = True

    @property
    def files(self) -> GameFiles:
        """Save and Open, made when first asked for (the first frame needs neither)."""
        from .files import GameFiles

        self._files = self._files or GameFiles(self, self.table, self.life)
        return self._files

    def pause(self, only_while_timed: bool = False) -> None:
        """P, or the window left while the clock runs (`only_while_timed`): see panels.pause."""
        from ..panels.pause import pause  # loaded when first paused, as the other panels

        pause(self, self.table.session, self.table.assistant, only_while_timed, self.preferences.show_clock)

    def quit(self) -> None:
        self.life.quit(self._stop)  # asks first while saves fail

    def _stop(self) -> None:
        self.running = False

    # -- the stack of panels --------------------------------------------------------------------------

    def push_overlay(self, overlay: Overlay) -> None:
        self.table.cancel_drag()
        self.overlays.append(overlay)
        self.needs_draw = True

    def pop_overlay(self, overlay: Overlay) -> None:
        if overlay in self.overlays:
            self.overlays.remove(overlay)
        if not self.overlays:
            self._under = None
        self.needs_draw = True


def window_title(session: Session) -> str:
    """What the title bar and the task switcher say: the game and its deal first, as players look for them."""
    # TRANSLATORS: the window's title bar, e.g. "FreeCell · Deal 617 — Solitaire"
    return _("{game} · Deal {deal} — Solitaire").format(game=session.variant.name, deal=session.deal_number)


def _first_rest(app: App, timeout_ms: int) -> None:
    """The loop's first rest, after the first frame: what the frame did not need is done now (the icon
    drawn, SDL's wait looked up), then the loop waits as it always will."""
    from .waiting import sdl_wait, sleeping_wait  # how the loop rests: the first frame waits for none of it

    _set_icon()
    app._wait = sdl_wait() or sleeping_wait
    app._wait(timeout_ms)


def _set_icon(drawn: bool = True) -> None:
    """The project's own icon (sprites/icons/solitaire.svg, also the desktop menus' icon), drawn for the
    window once its first frame is shown (`_first_rest`): its SVG costs some 3M instructions. Until
    then a blank one (not `drawn`), set before the window opens, which would otherwise load pygame's
    own. An SDL_image without SVG support leaves the blank one."""
    if not drawn:
        pygame.display.set_icon(pygame.Surface((1, 1), pygame.SRCALPHA))
        return
    try:
        pygame.display.set_icon(pygame.image.load_sized_svg(str(ICON), (64, 64)))
    except (pygame.error, FileNotFoundError):
        pass


def _window() -> pygame.Window:
    """The display module's window, for what `set_mode` cannot say (its least size, a resize in place)."""
    with warnings.catch_warnings():  # pygame-ce deprecates drawing through such a handle, not this use
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()


def open_record(path: str | None) -> TextIO | None:
    """The --record file, opened for appending so earlier games stay in it."""
    if path is None:
        return None
    return Path(path).open("a", encoding="utf-8", buffering=1)


def close_record(record: TextIO | None) -> None:
    """The --record file closed after the game: a write failing only now (a full disk) is one line
    on stderr, never a traceback after a game that was saved."""
    if record is None:
        return
    try:
        record.close()
    except OSError as error:
        message = _("The record file could not be written ({reason}): recording stopped").format(reason=error.strerror or error)
        sys.stderr.write(f"solitaire: {message}\n")


def wall_clock_ms() -> int:
    """The animation clock: monotonic, and not SDL's (its timer starts only with `pygame.init()`)."""
    return int(time.monotonic() * 1000)
