"""The window, the clock and a small stack of scenes (the table, with overlays above it).

One `step()` drains events, advances animation and draws only when something changed, so tests
can drive the real loop one step at a time; `run()` blocks on events whenever nothing moves.
"""
from __future__ import annotations

import math
import os
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.i18n import _, ngettext, use_language  # noqa: E402
from game.moves import Move, PileKind  # noqa: E402
from game.session import Session  # noqa: E402
from game.state import State  # noqa: E402
from game.variants import Variant, all_variants  # noqa: E402
from sounds import SoundPlayer  # noqa: E402
from store import Store  # noqa: E402
from store.settings import (  # noqa: E402
    ANIMATION_SPEED,
    AUTOPLAY,
    BACK_STYLE,
    CONFIRM_ABANDON,
    DRAW,
    FACE_STYLE,
    FELT,
    FULLSCREEN,
    LANGUAGE,
    LAST_GAME,
    MIN_WINDOW,
    SOUND,
    WINDOW_SIZE,
    WINNABLE_ONLY,
    Setting,
)

from . import (
    display,  # noqa: E402,F401 - names the window's class before any display starts
    face_cache,  # noqa: E402
)
from .cards import forget_fonts  # noqa: E402
from .look import Look, look_from  # noqa: E402
from .table import Table  # noqa: E402
from .waiting import sdl_wait, sleeping_wait  # noqa: E402

if TYPE_CHECKING:  # the solver and the panels load when first used: the first frame needs neither
    from game.solver import SolveResult
    from game.solver.background import WinnabilityWatcher

    from .overlays import Overlay

ICON = Path(__file__).resolve().parent / "icons" / "solitaire.svg"
DEFAULT_SIZE = (1280, 800)
LONGEST_WAIT_MS = 1000  # a Ctrl+C in the terminal is seen only when a wait ends (SDL's wait resumes after a signal)
HINT_SECONDS = 0.3
FRAME_RATE = 60  # while anything moves; at rest the loop blocks
ANSWERED = pygame.event.custom_type()  # posted by the search thread: wakes a blocked loop to show the verdict
SPEEDS = (0.5, 0.75, 1.0, 1.5, 2.0, 3.0)  # the animation speeds + and - step through
SHADE = (0, 0, 0, 120)  # darkens the table under a panel


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
        forget_fonts()
        face_cache.use(face_cache.default_folder())  # the faces the last run drew, instead of drawing them again
        _set_icon()
        pygame.display.set_caption(window_title(session))
        self.windowed_size = (max(size[0], MIN_WINDOW[0]), max(size[1], MIN_WINDOW[1]))
        self.fullscreen = False
        self.screen = self._open_window(self.windowed_size)
        self._wait: Callable[[int], None] = self._first_wait  # SDL's wait is looked up when first needed, after the first frame
        self._now = now_ms or wall_clock_ms
        self.clock = pygame.time.Clock()
        self.sounds = SoundPlayer(enabled=sound)
        self.speed = speed
        self.record_to = record_to
        self.analyse = analyse
        self.store = store if store is not None else Store.in_memory()
        self.look = look_from(self.store.settings)
        self.watcher: WinnabilityWatcher | None = None
        self.overlays: list[Overlay] = []
        self.running = True
        self.last_second = -1
        self.needs_draw = True
        self._on_first_frame = on_first_frame  # called once, when the first frame has been presented
        self._under: pygame.Surface | None = None  # the shaded table beneath open panels, kept while it is unchanged
        self._shade: pygame.Surface | None = None
        self.table = Table(self, session)
        self.table.begin()
        if fullscreen:
            self.toggle_fullscreen()

    # -- the loop ----------------------------------------------------------------------------------

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def busy(self) -> bool:
        return self.table.busy or any(o.busy for o in self.overlays) or self.table.pointer.lifted is not None

    def step(self, block: bool = False) -> bool:
        """One pass: events, animation, drawing. Returns False once the player has quit."""
        if self.analyse and self.watcher is None and not self.needs_draw:
            # The first frame is on screen: only now start the search's worker, a whole interpreter
            # starting beside the window, which would otherwise delay that frame.
            self._watch(self.table.session)
        events = pygame.event.get()
        if block and not events:
            self._wait(self._ms_to_next_timer())
            events = pygame.event.get()
        for event in events:
            self.handle(event)
            if not self.running:
                return False
        if self.watcher is not None and self.watcher.take_news():
            self.table.assistant.on_verdict()
        self.sounds.close_if_quiet()
        now = self.now_ms()
        moved = self.table.update(now)
        for overlay in self.overlays:
            moved = overlay.update(now) or moved
        second = int(self.table.session.elapsed)
        ticked = second != self.last_second
        self.last_second = second
        if ticked and self.overlays:
            self._under = None  # the clock under the panel moved on
        if moved or self.needs_draw or self.table.dirty or any(o.dirty for o in self.overlays) or (ticked and self.overlays):
            self.draw()
        elif ticked:
            pygame.display.update(self.table.draw_status(self.screen))  # only the clock changed
        if self._on_first_frame is not None and not self.needs_draw:
            shown, self._on_first_frame = self._on_first_frame, None
            shown()
        return self.running

    def _first_wait(self, timeout_ms: int) -> None:
        self._wait = sdl_wait() or sleeping_wait
        self._wait(timeout_ms)

    def _ms_to_next_timer(self) -> int:
        """How long a loop at rest may sleep: until the clock's next second (from the first move until
        the game is won) or the moment the quiet audio device may close, at most `LONGEST_WAIT_MS`.
        Everything else that changes the window arrives as an event: input, and the search's `ANSWERED`."""
        due = [LONGEST_WAIT_MS]
        session = self.table.session
        if session.started is not None and session.finished_seconds is None:
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
        if self.watcher is not None:
            self.watcher.close()
        self.table.view.images.keep_faces()
        face_cache.use(None)  # the window is gone: faces drawn from here on are nobody's to keep
        self._save()
        # In full screen the window's own size is the one to keep: the next start opens it when leaving full screen.
        self._remember(WINDOW_SIZE, self.windowed_size if self.fullscreen else self.size)
        self.store.close()
        if self.record_to is not None:
            self.record_to.flush()
        pygame.quit()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == ANSWERED:
            return  # only a wake-up: the step reads the watcher's news after its events
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self._resized()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_q and event.mod & pygame.KMOD_CTRL:
            self.quit()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        self.needs_draw = True
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
            self.screen = pygame.display.get_surface()
        self.table.relayout()
        self.needs_draw = True

    @staticmethod
    def _open_window(size: tuple[int, int]) -> pygame.Surface:
        screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        _window().minimum_size = MIN_WINDOW
        return screen

    def draw(self) -> None:
        if not self.overlays:
            self.table.draw_below(self.screen)
        elif self._under is not None and self._under.get_size() == self.size and not (self.table.dirty or self.table.busy):
            self.screen.blit(self._under, (0, 0))  # a celebration's frame need not draw the whole table again
        else:
            self.table.draw_below(self.screen)
            self.screen.blit(self._shade_of(self.size), (0, 0))
            self._under = self.screen.copy()
        for overlay in self.overlays:
            overlay.draw(self.screen)
        self.table.draw_above(self.screen)
        pygame.display.flip()
        self.needs_draw = False

    def _shade_of(self, size: tuple[int, int]) -> pygame.Surface:
        if self._shade is None or self._shade.get_size() != size:
            self._shade = pygame.Surface(size, pygame.SRCALPHA)
            self._shade.fill(SHADE)
        return self._shade

    def now_ms(self) -> int:
        return self._now()

    # -- what the table asks of its host -----------------------------------------------------------

    @property
    def sound_on(self) -> bool:
        return self.sounds.enabled

    def play_sound(self, name: str) -> None:
        self.sounds.play(name)

    def toggle_sound(self) -> bool:
        on = self.sounds.toggle()
        self.setting_changed("sound", on)
        return on

    def record(self, line: str) -> None:
        if self.record_to is not None:
            self.record_to.write(line + "\n")
            self.record_to.flush()

    def moved(self, session: Session) -> None:
        """Called after every change of position: save it, and ask whether it can still be won."""
        self._save()
        if self.watcher is not None:
            self.watcher.request(session.state)

    def _save(self) -> None:
        session = self.table.session
        if session.is_won:
            return  # recorded as won instead, which also clears the saved game
        self.store.save_game(session)
        self._show_store_problem()

    def _show_store_problem(self) -> None:
        problem = self.store.take_message()
        if problem:
            self.table.say(problem)

    def _remember(self, setting: Setting, value: object) -> None:
        try:
            self.store.settings.set(setting, value)
        except ValueError:
            pass  # a value the settings refuse (a window smaller than the minimum) is not kept
        self._show_store_problem()

    def setting_changed(self, name: str, value: object) -> None:
        self._remember({"sound": SOUND, "autoplay": AUTOPLAY}[name], value)

    def change_speed(self, faster: bool) -> float:
        """The next animation speed up or down (kept between runs, like sound and auto-play)."""
        slower = [s for s in SPEEDS if s < self.speed]
        quicker = [s for s in SPEEDS if s > self.speed]
        self.set_speed((quicker[0] if quicker else SPEEDS[-1]) if faster else (slower[-1] if slower else SPEEDS[0]))
        return self.speed

    def set_speed(self, speed: float) -> None:
        self.speed = speed
        self._remember(ANIMATION_SPEED, speed)

    @staticmethod
    def speeds() -> tuple[float, ...]:
        return SPEEDS

    # -- what the settings panel asks --------------------------------------------------------------

    def show_settings(self) -> None:
        from .settings_panel import SettingsPanel  # loaded when first opened: the first frame does not wait for it

        self.push_overlay(SettingsPanel(self))

    def autoplay_on(self) -> bool:
        return self.table.session.autoplay

    def toggle_autoplay(self) -> None:
        self.table.toggle_autoplay()

    def klondike_draw(self) -> int:
        return self.store.settings.get(DRAW)

    def set_klondike_draw(self, draw: int) -> None:
        self._remember(DRAW, draw)
        variant = self.table.session.variant
        if variant.draw_choices and variant.draw != draw:
            self.table.say(ngettext("Klondike turns {n} card from the next deal", "Klondike turns {n} cards from the next deal", draw).format(n=draw))

    def set_look(self, look: Look) -> None:
        """A new face, back or felt: kept, and shown on the table at once."""
        self.look = look
        for setting, value in ((FACE_STYLE, look.face), (BACK_STYLE, look.back), (FELT, look.felt)):
            self._remember(setting, value)
        self.table.view.restyle(look)
        self._under = None
        self.needs_draw = True

    def language_setting(self) -> str:
        """The kept choice of language: a code, or "" for the system's."""
        return self.store.settings.get(LANGUAGE)

    def set_language(self, code: str) -> None:
        """Speak `code` ("" for the system's language) from now on: kept, and the whole window at once
        in it (toolbar, status bar, open panels, card faces, title)."""
        self._remember(LANGUAGE, code)
        use_language(code or None)
        self.retranslate()

    def retranslate(self) -> None:
        """Everything the window shows, written again in the language of the moment (as a resize or a
        new look lays it out and draws it again)."""
        pygame.display.set_caption(window_title(self.table.session))
        self.table.retranslate()
        for overlay in self.overlays:
            overlay.retranslate()
        self._under = None
        self.needs_draw = True

    def confirm_abandon(self) -> bool:
        return self.store.settings.get(CONFIRM_ABANDON)

    def set_confirm_abandon(self, on: bool) -> None:
        self._remember(CONFIRM_ABANDON, on)

    def request_game(self, variant: Variant, number: int | None = None) -> None:
        """Start another game, first asking when that abandons one under way (it counts as a loss),
        as Windows FreeCell does. Quitting needs no question: the game is kept and resumed."""
        old = self.table.session
        if self.confirm_abandon() and under_way(old):
            self._ask(lambda: (
                _("Abandon this game?"),
                [_("{game}, deal #{deal}, is under way: starting another counts it as a loss.").format(game=old.variant.name, deal=old.deal_number)],
                [_("Abandon it"), _("Keep playing")],
            ), [lambda: self.start_game(variant, number), lambda: None])
            return
        self.start_game(variant, number)

    def start_game(self, variant: Variant, number: int | None = None) -> None:
        old = self.table.session
        if not old.is_won:  # a won game was recorded when it was won
            self.store.record_game(old, "lost" if old.is_lost else "abandoned")
        self._remember(LAST_GAME, variant.key)
        if variant.draw_choices:
            self._remember(DRAW, variant.draw)
        note = ""
        if number is None:
            from game.solver.deal_picker import pick_deal  # loaded at the first new deal, not before the first frame

            pick = pick_deal(variant, self.winnable_only)
            number = pick.number
            if self.winnable_only:
                note = _("a winnable deal") if pick.confirmed_winnable else _("no winnable deal confirmed in time: this one is unchecked")
        session = Session(variant, number, autoplay=old.autoplay)
        pygame.display.set_caption(window_title(session))
        self.overlays.clear()  # a win or "no moves" panel belongs to the game just left
        self._watch(session)
        self.table.replace_session(session)
        if note:
            # TRANSLATORS: the status bar after a new deal: "FreeCell, deal #617: a winnable deal"
            self.table.say(_("{message}: {note}").format(message=self.table.message, note=note))
        self._save()
        self.needs_draw = True

    @property
    def winnable_only(self) -> bool:
        return self.store.settings.get(WINNABLE_ONLY)

    def toggle_winnable_only(self) -> None:
        on = not self.winnable_only
        self._remember(WINNABLE_ONLY, on)
        self.table.say(_("winnable deals only: on (from the next new deal)") if on else _("winnable deals only: off (from the next new deal)"))

    def choose_game(self) -> None:
        from .overlays import GameMenu

        self.push_overlay(GameMenu(self, all_variants(), lambda v: self.request_game(v), self.toggle_winnable_only, lambda: self.winnable_only, self.table.session.variant))

    def ask_deal_number(self) -> None:
        from .overlays import DealDialog

        self.push_overlay(DealDialog(self, lambda n: self.request_game(self.table.session.variant, n)))

    def show_help(self) -> None:
        from .overlays import HelpOverlay

        self.push_overlay(HelpOverlay(self, self.table.session.variant))

    def show_statistics(self) -> None:
        from .statistics import StatisticsOverlay  # loaded when first opened, as the settings panel

        self.push_overlay(StatisticsOverlay(self, self.store, self.table.session.variant.key))

    def toggle_fullscreen(self) -> None:
        try:
            if self.fullscreen:
                self.screen = self._open_window(self.windowed_size)
            else:
                self.windowed_size = self.size
                self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            self.fullscreen = not self.fullscreen
            self._remember(FULLSCREEN, self.fullscreen)
        except pygame.error as error:
            self.table.say(_("full screen is not available: {error}").format(error=error))
        self.table.relayout()
        self.needs_draw = True

    def quit(self) -> None:
        self.running = False

    def _watch(self, session: Session) -> None:
        """A background check of winnability for this game's positions, the old game's one stopped."""
        if self.watcher is not None:
            self.watcher.close()
            self.watcher = None
        if self.analyse:
            self.watcher = _watcher(session)
            self.watcher.request(session.state)

    @property
    def analysing(self) -> bool:
        return self.analyse or self.watcher is not None

    def winnability(self, state: State) -> SolveResult | None:
        return self.watcher.answer(state) if self.watcher is not None else None

    def search_now(self, state: State) -> None:
        if self.watcher is None:
            self.watcher = _watcher(self.table.session)
        self.watcher.request(state)

    def hint(self, session: Session) -> Move | None:
        """The first move of a known solution at once; otherwise a short search, then a good guess."""
        from game.solver import Status, hint

        known = self.winnability(session.state)
        if known is not None and known.status is Status.SOLVED and known.moves:
            return known.moves[0]
        return hint(session.rules, session.state, time_limit=HINT_SECONDS)

    def offer_rewind(self, rewind: Callable[[], None], moves_back: int) -> None:
        self._ask(lambda: (
            _("No longer winnable"),
            [ngettext("That move made the game impossible to win. {n} move back it could still be won.",
                      "That move made the game impossible to win. {n} moves back it could still be won.", moves_back).format(n=moves_back)],
            [_("Rewind to the last winnable position"), _("Play on")],
        ), [rewind, lambda: None])

    def game_won(self, session: Session) -> None:
        def lines() -> list[str]:
            minutes, seconds = divmod(int(session.elapsed), 60)
            n, facts = session.move_count, {"game": session.variant.name, "deal": session.deal_number, "time": f"{minutes}:{seconds:02d}"}
            if session.solver_played:  # recorded so too: not a win
                if n == 0:
                    return [_("{game}, deal #{deal}: finished by the solver in no moves and {time}.").format(**facts)]
                return [ngettext("{game}, deal #{deal}: finished by the solver in {n} move and {time}.",
                                 "{game}, deal #{deal}: finished by the solver in {n} moves and {time}.", n).format(n=n, **facts)]
            if n == 0:
                return [_("{game}, deal #{deal}: won in no moves and {time}.").format(**facts)]
            return [ngettext("{game}, deal #{deal}: won in {n} move and {time}.", "{game}, deal #{deal}: won in {n} moves and {time}.", n).format(n=n, **facts)]

        view = self.table.view
        launch = [(rect, list(reversed(view.shown.foundations[p.index]))) for p, rect in view.layout.slots if p.kind is PileKind.FOUNDATION and view.shown and view.shown.foundations[p.index]]
        self.store.record_game(session, "won")
        self._show_store_problem()
        self.play_sound("win")
        from .overlays import WinOverlay

        self.push_overlay(WinOverlay(self, lines(), lambda: self.start_game(session.variant), view.images, launch, relines=lines))

    def game_stuck(self, session: Session) -> None:
        self.play_sound("illegal")
        def texts() -> tuple[str, list[str], list[str]]:
            reason = session.rules.lost_reason(session.state) or _("no legal move is left")
            return (
                _("No moves left"),
                [_("Deal #{deal} can go no further: {reason}. Undo, restart or start a new deal.").format(deal=session.deal_number, reason=reason)],
                # TRANSLATORS: the "No moves left" panel's buttons
                [_("Undo"), _("Restart"), _("New")],
            )

        self._ask(texts, [self.table.undo, self.table.restart, lambda: self.start_game(session.variant)])

    def offer_auto_finish(self, session: Session, decline: Callable[[], None]) -> None:
        self._ask(lambda: (
            _("Finish the game?"), [_("Every card is face up and the stock is empty: the rest plays itself. F finishes it later.")],
            [_("Finish"), _("Not now")],
        ), [self.table.finish_automatically, decline])

    # -- overlays ------------------------------------------------------------------------------------

    def _ask(self, texts: Callable[[], tuple[str, list[str], list[str]]], actions: list[Callable[[], None]]) -> None:
        """A question panel: `texts` gives its title, lines and buttons' labels in the language of the
        moment (asked again if the language changes while it is open), `actions` the buttons' actions."""
        from .overlays import MessageOverlay

        title, lines, labels = texts()
        self.push_overlay(MessageOverlay(self, title, lines, list(zip(labels, actions)), retext=texts))

    def push_overlay(self, overlay: Overlay) -> None:
        self.table.pointer.cancel()
        self.overlays.append(overlay)
        self.needs_draw = True

    def pop_overlay(self, overlay: Overlay) -> None:
        if overlay in self.overlays:
            self.overlays.remove(overlay)
        if not self.overlays:
            self._under = None
        self.needs_draw = True


def under_way(session: Session) -> bool:
    """The player has acted (so the game counts as played) and it is neither won nor lost."""
    return session.player_acted and not session.is_won and not session.is_lost


def window_title(session: Session) -> str:
    """What the title bar and the task switcher say: the game and its deal first, as players look for them."""
    # TRANSLATORS: the window's title bar, e.g. "FreeCell · Deal 617 — Solitaire"
    return _("{game} · Deal {deal} — Solitaire").format(game=session.variant.name, deal=session.deal_number)


def _set_icon() -> None:
    """The project's own icon (sprites/icons/solitaire.svg, also the desktop menus' icon), before
    the window opens; an SDL_image without SVG support leaves pygame's own."""
    try:
        pygame.display.set_icon(pygame.image.load_sized_svg(str(ICON), (64, 64)))
    except (pygame.error, FileNotFoundError):
        pass


def _watcher(session: Session) -> WinnabilityWatcher:
    """The search's watcher for this game, its module (and the solver's) loaded only now, after the first frame."""
    from game.solver.background import WinnabilityWatcher

    return WinnabilityWatcher(session.rules, on_answer=_wake_loop)


def _wake_loop() -> None:
    """Called on the search thread with each new answer: SDL's queue takes events from any thread."""
    try:
        pygame.event.post(pygame.event.Event(ANSWERED))
    except pygame.error:
        pass  # the window has closed (or its queue is full, and the loop is awake anyway)


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


def wall_clock_ms() -> int:
    """The animation clock: monotonic, and not SDL's (its timer starts only with `pygame.init()`)."""
    return int(time.monotonic() * 1000)
