"""Fuzzing: seeded random input to the real window loop, the console and the board reader, and the
faults of issues 37 and 56: signals to range runs, hostile data folders (links out of them, depths),
a disk that fills (while playing, and while games are abandoned in the window), endless input, a
solver worker stopped and killed, narrow terminal encodings, damaged fonts.

Not a test: it prints figures (a small fixed-seed slice runs in `make test`, tests/test_fuzz.py).
Run it from the repository root:

    .venv/bin/python bench/fuzz.py                        # all three, 10^5 window events per game
    .venv/bin/python bench/fuzz.py window --events 2000    # one target, fewer events
    .venv/bin/python bench/fuzz.py console --games golf --seed 7

- window: `App` headless (SDL_VIDEODRIVER=dummy), its real `step()` fed posted pygame events: mouse
  down, up, motion, drags and double clicks anywhere (mostly on cards and piles, where they do
  something), every documented key with and without Ctrl and Shift, text typed into the dialogs
  (non-ASCII too: ², é, 中, emoji), resizes down past the least window, focus and pointer changes,
  quitting, and time passing so animations and the Solve button's moves play out; a quarter of the
  windows it opens have the solver's worker searching in the background, as a player's does. Every
  `--check-every` events, and at every quit, it checks that every card of the game's pack is in the position exactly
  once (and drawn once each), closes the window as Ctrl+Q does, and checks that the saved game
  resumes to the same position, history and cursor; then it opens the window again on it.
- console: random lines (commands of every language, card names, pile numbers of thousands of
  digits, signs, non-ASCII digits, junk) through `Console.execute`; every line either changes the game
  legally or changes nothing, and every card of the pack stays.
- board: board texts of real positions, mutated (characters and tokens deleted, doubled, swapped,
  replaced by hostile ones; a byte-order mark; huge tokens), read by the rules: each either reads,
  and then writes back to text that reads as the same position, or raises BoardError. Nothing else.

- range: `solve --range` runs sent SIGINT, SIGTERM or SIGKILL after a seeded number of rows: each
  stops within 2 s (130 or 143), every row written stays (no deal twice, none outside the range),
  the summary counts them, and no worker outlives the run.
- paths: the player's database put aside and a symlink loop, a FIFO, a folder, a dangling link or
  a device put at its path; or the data folder put aside and a file, a FIFO or a symlink loop given
  its name; or its version number overwritten (-1, 0, 2**31-1, ...); or the file
  made read-only (a real fault only when not run as root); or, as an unpacked archive may leave them,
  the -wal or -shm linked to the player's 0400 key outside the folder, the -shm hard-linked to a file
  outside, `running` linked to another folder; or a data folder 300 to 1,200 levels deep. `stats`
  answers in time in at most one line, no file outside the data folder changes (bytes or mode), no
  folder is made for a path too deep to use; once the fault is gone, every game recorded before is
  there and no message is left.
- disk: moves, undos and redos saved after each action while the disk fills and empties on a
  seeded schedule (a 1 MB tmpfs and a ballast file where this process may mount one, else writes
  refused by an SQLite authorizer): every failed save is told, and once there is room the game
  resumes whole, history and cursor.
- endless: `solve --board` on /dev/zero, /dev/urandom or a FIFO fed forever: one line, exit 2.
- worker: the window's winnability watcher asked about positions of a random game while its worker
  is stopped (SIGSTOP), continued or killed at random; closing it takes under 3 s and leaves no
  worker, and every answer it gave is a verdict.
- locales: the commands in English, French, German and Spanish on terminals that write ASCII,
  Latin-1 or UTF-8: never a traceback, and nothing written that the terminal's encoding lacks.
- fonts: the window opened and its panels shown with the bundled font replaced by nothing, noise,
  the real file cut short or with bytes changed: it draws, with pygame's own font where need be.
- abandon: a window (headless) whose games are played a little and abandoned by F2 and a click on
  "Abandon it" while the disk fills and empties at random (the disk target's FullDisk): after each
  abandon, a game the statistics do not hold yet is said in the window's banner on that very frame;
  once the disk is emptied and the window quit, the statistics hold every game abandoned, won or lost
  after a move of the player's, once.

Failures are printed with the game, seed and event number, so any can be replayed. Exit code 1 when
there was any.
"""
from __future__ import annotations

import argparse
import csv
import io
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.moves import Move
from game.rules import Rules
from game.session import Session
from game.state import BoardError, State
from game.variants import UnknownGame, all_variants, find_variant, rules_for
from game.verdict import Status
from solitaire.cli.range_table import COLUMNS
from solitaire.console import Console, HintUnavailable
from solitaire.store import Store, open_store
from solitaire.store.schema import MIGRATIONS
from solitaire.store.settings import MIN_WINDOW


def deck_of(session: Session) -> list[int]:
    """The cards the game deals, by index: each card of its pack once (two Aces of hearts in two decks)."""
    return sorted(card.index for card in session.variant.pack.cards())
WINDOW_EVENTS = 100_000
CONSOLE_LINES = 20_000
BOARD_TEXTS = 20_000
RANGE_RUNS = 40
PATH_RUNS = 60
DISK_ACTIONS = 3000
ENDLESS_RUNS = 12
WORKER_RUNS = 20
LOCALE_RUNS = 30
FONT_RUNS = 20
ABANDON_RUNS = 20
ANALYSED_SHARE = 0.25  # of the windows opened, those with the background search on
CHECK_EVERY = 300
PROGRESS_EVERY = 10_000

# Every key the README documents, and a few it does not (a player presses those too).
KEYS = (
    pygame.K_F2, pygame.K_n, pygame.K_g, pygame.K_r, pygame.K_F5, pygame.K_z, pygame.K_y, pygame.K_h, pygame.K_a,
    pygame.K_m, pygame.K_w, pygame.K_f, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_MINUS, pygame.K_KP_PLUS,
    pygame.K_KP_MINUS, pygame.K_s, pygame.K_F1, pygame.K_F11, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP,
    pygame.K_DOWN, pygame.K_TAB, pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE,
    pygame.K_BACKSPACE, pygame.K_d, pygame.K_o, pygame.K_q, pygame.K_x, pygame.K_1, pygame.K_DELETE, pygame.K_F12,
)
MODS = (0, 0, 0, pygame.KMOD_LCTRL, pygame.KMOD_LCTRL, pygame.KMOD_LSHIFT, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT,
        pygame.KMOD_LALT)
TEXT = "0123456789" * 3 + "²³¹٣١٢é中😀 -+.,x"
FOCUS = ("WINDOWFOCUSLOST", "WINDOWFOCUSGAINED", "WINDOWENTER", "WINDOWLEAVE", "WINDOWMINIMIZED", "WINDOWRESTORED",
         "WINDOWSHOWN", "WINDOWEXPOSED")


@dataclass
class Report:
    """What one run did: events (or lines, or texts) run, how long it took, and what went wrong."""

    target: str
    game: str
    events: int = 0
    seconds: float = 0.0
    failures: list[str] = field(default_factory=list)

    @property
    def rate(self) -> float:
        return self.events / self.seconds if self.seconds else 0.0

    def line(self) -> str:
        return (f"{self.target:8} {self.game:16} {self.events:8,} events  {self.rate:8,.0f}/s  "
                f"{len(self.failures)} failure{'s' if len(self.failures) != 1 else ''}")


class Clock:
    """The window's clock, moved on by the harness so double clicks, animations and Solve run at once."""

    def __init__(self) -> None:
        self.ms = 1000

    def __call__(self) -> int:
        return self.ms


# -- the window -------------------------------------------------------------------------------------------


class WindowFuzzer:
    """One game's window under random events, reopened on its saved game at every check."""

    def __init__(self, game: str, seed: int, check_every: int = CHECK_EVERY) -> None:
        from sprites.window import app as app_module  # pygame's display starts here, on the dummy driver
        from sprites.window import solver_client

        solver_client.HINT_SECONDS = 0.02  # a hint's search, not what is fuzzed here, would take most of the time
        self.app_module = app_module
        self.game, self.seed, self.check_every = game, seed, check_every
        self.rng = random.Random(f"{game}/{seed}")
        self.analysing = random.Random(f"analyse/{game}/{seed}")  # apart, so the events are the same either way
        self.report = Report("window", game)
        self.folder = tempfile.TemporaryDirectory(prefix="solitaire-fuzz-")
        self.clock = Clock()
        self.store: Store | None = None
        self.app = self._open(Session(find_variant(game), self.rng.randint(1, 32000)))

    def _open(self, session: Session, store: Store | None = None) -> object:
        """The window on `session`, with the store that resumed it (which now owns its saved slot)."""
        self.store = store if store is not None else open_store(self.folder.name)[0]
        size = (self.rng.randint(MIN_WINDOW[0], 1600), self.rng.randint(MIN_WINDOW[1], 1000))
        analyse = self.analysing.random() < ANALYSED_SHARE  # the solver worker on, as a player has it
        app = self.app_module.App(session, size, now_ms=self.clock, store=self.store, analyse=analyse, sound=True)
        app.step()
        return app

    def run(self, events: int) -> Report:
        started = time.perf_counter()
        since_check = 0
        while self.report.events < events:
            posted = sum(self._post_some() for _ in range(self.rng.randint(1, 12)))  # a frame's worth of input
            self.report.events += posted
            since_check += posted
            if self.report.events // PROGRESS_EVERY != (self.report.events - posted) // PROGRESS_EVERY:
                self.report.seconds = time.perf_counter() - started
                print(f"  ... {self.report.line()}", file=sys.stderr, flush=True)  # a long run's figures so far
            if not self._step():
                continue
            if not self.app.running or since_check >= self.check_every:  # type: ignore[attr-defined]
                since_check = 0
                self._check_and_reopen()
        self.report.seconds = time.perf_counter() - started
        self._close_quietly()
        self.folder.cleanup()
        return self.report

    def _step(self) -> bool:
        """One pass of the real loop; a crash is written down and the run goes on in a fresh window."""
        try:
            self.app.step()  # type: ignore[attr-defined]
        except Exception:
            self._fail(f"step raised {traceback.format_exc(limit=-3).strip()}")
            self._restart()
            return False
        return True

    def _fail(self, what: str) -> None:
        self.report.failures.append(f"window {self.game} seed {self.seed} event {self.report.events}: {what}")

    # events

    def _post_some(self) -> int:
        kind = self.rng.choices(
            ("click", "double", "drag", "motion", "press", "release", "key", "text", "resize", "focus", "wait", "quit"),
            weights=(20, 8, 14, 8, 3, 3, 22, 6, 2, 3, 5, 0.3),
        )[0]
        return getattr(self, f"_{kind}")()

    def _point(self) -> tuple[int, int]:
        """Mostly on a card or a pile (where a press does something), sometimes anywhere, even outside."""
        app = self.app
        roll = self.rng.random()
        width, height = app.size  # type: ignore[attr-defined]
        sprites = list(app.table.view.sprites.values())  # type: ignore[attr-defined]
        if roll < 0.55 and sprites:
            rect = self.rng.choice(sprites).rect
            return self.rng.randint(rect.left, rect.right), self.rng.randint(rect.top, rect.bottom)
        if roll < 0.7:
            buttons = app.table.buttons + [b for o in app.overlays for b in o.buttons]  # type: ignore[attr-defined]
            rect = self.rng.choice(buttons).rect
            return rect.centerx, rect.centery
        if roll < 0.97:
            return self.rng.randint(0, width - 1), self.rng.randint(0, height - 1)
        return self.rng.randint(-50, width + 50), self.rng.randint(-50, height + 50)

    def _button(self) -> int:
        return self.rng.choice((1, 1, 1, 1, 1, 1, 2, 3, 4, 5))

    def _post(self, kind: int, **attributes: object) -> None:
        pygame.event.post(pygame.event.Event(kind, **attributes))

    def _click(self, pos: tuple[int, int] | None = None, gap: int | None = None) -> int:
        pos = pos or self._point()
        button = self._button()
        self.clock.ms += gap if gap is not None else self.rng.randint(300, 900)
        self._post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
        self._post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
        return 2

    def _double(self) -> int:
        pos = self._point()
        posted = self._click(pos)
        self._step()
        return posted + self._click(pos, gap=self.rng.randint(20, 300))

    def _drag(self) -> int:
        start, end = self._point(), self._point()
        self._post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
        self._step()
        steps = self.rng.randint(1, 6)
        for i in range(1, steps + 1):
            x = start[0] + (end[0] - start[0]) * i // steps
            y = start[1] + (end[1] - start[1]) * i // steps
            self.clock.ms += 16
            self._post(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0))
            self._step()
        if self.rng.random() < 0.9:  # sometimes the button is never let go here
            self._post(pygame.MOUSEBUTTONUP, pos=end, button=1)
        return steps + 2

    def _motion(self) -> int:
        buttons = (1, 0, 0) if self.rng.random() < 0.3 else (0, 0, 0)
        self._post(pygame.MOUSEMOTION, pos=self._point(), rel=(self.rng.randint(-20, 20), 0), buttons=buttons)
        return 1

    def _press(self) -> int:
        self._post(pygame.MOUSEBUTTONDOWN, pos=self._point(), button=self._button())
        return 1

    def _release(self) -> int:
        self._post(pygame.MOUSEBUTTONUP, pos=self._point(), button=self._button())
        return 1

    def _key(self) -> int:
        key = self.rng.choice(KEYS)
        mod = self.rng.choice(MODS)
        if key == pygame.K_q and mod & pygame.KMOD_CTRL and self.rng.random() < 0.8:
            mod = 0  # Ctrl+Q quits: let it through now and then only, "quit" does it too
        name = pygame.key.name(key)
        self._post(pygame.KEYDOWN, key=key, mod=mod, unicode=name if len(name) == 1 else "", scancode=0)
        self._post(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)
        return 2

    def _text(self) -> int:
        if self.rng.random() < 0.5 and not self.app.overlays:  # type: ignore[attr-defined]
            self._post(pygame.KEYDOWN, key=pygame.K_g, mod=pygame.KMOD_LCTRL, unicode="", scancode=0)  # the deal dialog
        typed = "".join(self.rng.choice(TEXT) for _ in range(self.rng.randint(1, 12)))
        for char in typed:
            self._post(pygame.KEYDOWN, key=pygame.K_UNKNOWN, mod=0, unicode=char, scancode=0)
            self._post(pygame.TEXTINPUT, text=char)
        count = 2 * len(typed)
        if self.rng.random() < 0.5:
            self._post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
            count += 1
        return count

    def _resize(self) -> int:
        size = (self.rng.randint(MIN_WINDOW[0] - 300, 2000), self.rng.randint(MIN_WINDOW[1] - 300, 1300))
        if not self.app.fullscreen:  # type: ignore[attr-defined]
            with warnings.catch_warnings():  # as the app's own _window(): a deprecation of drawing through it
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().size = size
        self._post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        return 1

    def _focus(self) -> int:
        self._post(getattr(pygame, self.rng.choice(FOCUS)))
        return 1

    def _wait(self) -> int:
        for _ in range(self.rng.randint(1, 4)):
            self.clock.ms += self.rng.choice((16, 100, 400, 1500))
            self._step()
        return 0

    def _quit(self) -> int:
        self._post(pygame.QUIT)
        return 1

    # checks

    def _check_and_reopen(self) -> None:
        app = self.app
        session: Session = app.table.session  # type: ignore[attr-defined]
        cards, deck = sorted(card.index for card in session.state.cards()), deck_of(session)
        if cards != deck:
            board = session.rules.to_text(session.state)
            self._fail(f"the position holds {len(cards)} cards, not its pack's once each: {board!r}")
        if sorted(card.index for card in app.table.view.sprites) != deck:  # type: ignore[attr-defined]
            self._fail("the table does not draw its pack's cards once each")
        try:
            app.close()  # type: ignore[attr-defined]
        except Exception:
            self._fail(f"closing raised {traceback.format_exc(limit=-3).strip()}")
            self._restart()
            return
        store, message = open_store(self.folder.name)
        resumed, problem = store.load_game(autoplay=session.autoplay)
        if message or problem:
            self._fail(f"reopening said {message or problem!r}")
        if session.is_won:
            if resumed is not None and resumed.deal_number == session.deal_number and resumed.variant == session.variant:
                self._fail("a won game was saved to be resumed as well as recorded")
            resumed = None
        elif resumed is None:
            self._fail(f"the game in progress ({session.variant.key} #{session.deal_number}) was not saved")
        elif (resumed.variant, resumed.deal_number, resumed.state, resumed.position_in_history, resumed.actions,
              resumed.automatic) != (session.variant, session.deal_number, session.state, session.position_in_history,
                                     session.actions, session.automatic):
            self._fail(f"the saved game resumed elsewhere: {resumed.position_in_history} of {len(resumed.actions)} "
                       f"for {session.position_in_history} of {len(session.actions)}")
        self.app = self._open(resumed or Session(session.variant, self.rng.randint(1, 32000)), store)

    def _restart(self) -> None:
        """After a crash: a fresh folder and window (the finding is already written down)."""
        self._close_quietly()
        self.folder.cleanup()
        self.folder = tempfile.TemporaryDirectory(prefix="solitaire-fuzz-")  # closing quit pygame: no event is left
        self.app = self._open(Session(find_variant(self.game), self.rng.randint(1, 32000)))

    def _close_quietly(self) -> None:
        try:
            self.app.close()  # type: ignore[attr-defined]
        except Exception:
            pygame.quit()


def fuzz_window(game: str, events: int, seed: int, check_every: int = CHECK_EVERY) -> Report:
    """`events` random window events for `game` (see the module docstring)."""
    return WindowFuzzer(game, seed, check_every).run(events)


# -- the console -------------------------------------------------------------------------------------------

WORDS = (
    "tc", "tf", "tt", "cf", "ct", "t2f", "t2c", "t2t", "c2t", "c2f", "d", "n", "u", "undo", "redo", "restart", "hint",
    "new", "r", "h", "?", "#", "p", "s", "f", "c", "w", "T0", "T3", "T6", "T7", "T-1", "sw", "ws", "sh", "wh", "58v3",
    "18", "5a", "a5", "5h", "h3", "h23", "7h", "8s", "as", "kd", "10h", "th", "jd", "qs", "2♥", "7♡", "K♠", "-1", "+2",
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "99", "²", "١٢", "٣", "v", "v0", "x", "", "q",
)


def _hostile_word(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.8:
        return rng.choice(WORDS)
    if roll < 0.9:
        return rng.choice(("", "-", "+", "T", "58v", "tc ")) + "9" * rng.choice((19, 400, 4301, 10_000))
    return "".join(chr(rng.randint(32, 0x2FFF)) for _ in range(rng.randint(1, 8)))


def _no_hint(_: Session) -> Move:
    raise HintUnavailable("no hints while fuzzing")


def fuzz_console(game: str, lines: int, seed: int) -> Report:
    """`lines` random lines typed into the console playing `game`; nothing stops it, no card is lost."""
    rng = random.Random(f"console/{game}/{seed}")
    report = Report("console", game)
    out = io.StringIO()
    console = Console(Session(find_variant(game), rng.randint(1, 32000), autoplay=rng.random() < 0.5), out,
                      new_deal=lambda: rng.randint(1, 32000), hint=_no_hint)
    started = time.perf_counter()
    for number in range(lines):
        text = " ".join(_hostile_word(rng) for _ in range(rng.choice((1, 1, 2, 2, 3, 4))))
        before = console.session
        state, cursor = before.state, before.position_in_history
        try:
            reply = console.execute(text)
        except Exception:
            where = f"console {game} seed {seed} line {number} {text[:60]!r}"
            report.failures.append(f"{where}: {traceback.format_exc(limit=-2).strip()}")
            continue
        finally:
            out.seek(0)
            out.truncate()
        if not reply.ok and (console.session is not before or (before.state, before.position_in_history) != (state, cursor)):
            report.failures.append(f"console {game} seed {seed} line {number} {text[:60]!r}: refused, yet the game changed")
        if sorted(card.index for card in console.session.state.cards()) != deck_of(console.session):
            report.failures.append(f"console {game} seed {seed} line {number} {text[:60]!r}: a card was lost or doubled")
        if reply.finished:  # q: a new console, as a player starting again
            console = Console(Session(find_variant(game), rng.randint(1, 32000)), out, new_deal=lambda: 7, hint=_no_hint)
        report.events += 1
    report.seconds = time.perf_counter() - started
    return report


# -- the board reader --------------------------------------------------------------------------------------

HOSTILE_TOKENS = ("²", "١٠", "10", "0", "-", "[", "]", "[AS", "AS]", "[]", ":", "Foundations:", "Freecells:",
                  "Stock:", "Waste:", "Foundation:", "H-", "H-Q", "S-14", "X-3", "\ufeff", "\x00", "\t", "#", "AS AS",
                  "Q" * 100_000, "9" * 5000, "H-" + "9" * 5000)


def _mutate(text: str, rng: random.Random) -> str:
    for _ in range(rng.randint(1, 4)):
        roll = rng.random()
        tokens = text.split(" ")
        if roll < 0.2 and text:
            at = rng.randrange(len(text))
            text = text[:at] + text[at + 1:]
        elif roll < 0.35 and text:
            at = rng.randrange(len(text))
            text = text[:at] + text[at] * 2 + text[at:]
        elif roll < 0.5 and len(tokens) > 1:
            i, j = rng.randrange(len(tokens)), rng.randrange(len(tokens))
            tokens[i], tokens[j] = tokens[j], tokens[i]
            text = " ".join(tokens)
        elif roll < 0.7:
            tokens[rng.randrange(len(tokens))] = rng.choice(HOSTILE_TOKENS)
            text = " ".join(tokens)
        elif roll < 0.8:
            lines = text.split("\n")
            del lines[rng.randrange(len(lines))]
            text = "\n".join(lines)
        elif roll < 0.9:
            lines = text.split("\n")
            lines.insert(rng.randrange(len(lines) + 1), rng.choice(lines))
            text = "\n".join(lines)
        else:
            text = rng.choice(("\ufeff", "\r\n", " ", "")) + text.replace("\n", rng.choice(("\n", "\r\n", "\n\n")))
    return text


def _position(rules: Rules, rng: random.Random) -> State:
    state = rules.deal(rng.randint(1, 32000))
    for _ in range(rng.randint(0, 40)):
        moves = list(rules.legal_moves(state))
        if not moves:
            break
        state = rules.perform(state, rng.choice(moves))
    return state


def fuzz_board(game: str, texts: int, seed: int) -> Report:
    """`texts` mutated board texts of `game` read by its rules: each reads and round-trips, or is a BoardError."""
    rng = random.Random(f"board/{game}/{seed}")
    rules = rules_for(find_variant(game))
    report = Report("board", game)
    started = time.perf_counter()
    original = rules.to_text(_position(rules, rng))
    for number in range(texts):
        if number % 50 == 0:
            original = rules.to_text(_position(rules, rng))
        text = _mutate(original, rng)
        where = f"board {game} seed {seed} text {number}"
        try:
            state = rules.from_text(text)
        except BoardError as error:
            if "\n" in str(error) or len(str(error)) > 300:
                report.failures.append(f"{where}: the error is not one readable line ({len(str(error))} characters)")
        except Exception:
            report.failures.append(f"{where}: {traceback.format_exc(limit=-2).strip()}")
        else:
            try:
                again = rules.from_text(rules.to_text(state))
            except Exception:
                problem = traceback.format_exc(limit=-1).strip()
                report.failures.append(f"{where}: read, but its own text does not read back: {problem}")
            else:
                if rules.to_text(again) != rules.to_text(state):  # by text: copies are numbered in reading order
                    report.failures.append(f"{where}: read, but its own text reads as another position")
        report.events += 1
    report.seconds = time.perf_counter() - started
    return report


# -- faults: signals to range runs, hostile data folders, a disk that fills, input that never ends ------------

ROOT = Path(__file__).resolve().parent.parent
CHILD_ENV = {"PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "LANGUAGE": "en"}
STOP_SECONDS = 2.0  # a range run stops within this after SIGINT or SIGTERM (issue 37)
WAIT_SECONDS = 60.0  # the most any condition is waited for before it counts as a hang
RANGE_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGKILL)


def _command(*args: str, stdin: str = "", timeout: float = WAIT_SECONDS) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], cwd=ROOT, env=CHILD_ENV, input=stdin,
                          capture_output=True, text=True, timeout=timeout)


def _children(pid: int) -> set[int]:
    """The processes `pid` started (Linux /proc; none found elsewhere)."""
    found: set[int] = set()
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            found.update(int(child) for child in (task / "children").read_text().split())
    except OSError:
        pass
    return found


def _states(pid: int) -> str:
    """What `pid` and the processes it started are doing (Linux /proc: state and kernel wait), for a
    finding about a run that did not end: which of them holds it up."""
    described = []
    for each in [pid, *sorted(_children(pid))]:
        try:
            state = Path(f"/proc/{each}/stat").read_text().rsplit(")", 1)[1].split()[0]
            waiting = Path(f"/proc/{each}/wchan").read_text().strip() or "-"
            command = Path(f"/proc/{each}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")[-40:]
        except OSError:
            continue
        described.append(f"{each} {state} {waiting} ...{command.strip()}")
    return "; ".join(described) or "gone"


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _rows(table: Path) -> list[list[str]]:
    try:
        with table.open(newline="") as handle:
            return list(csv.reader(handle))[1:]
    except OSError:
        return []


def _wait(condition: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def _signalled_run(game: str, rng: random.Random, where: str, folder: Path) -> list[str]:
    """One `solve --range` sent SIGINT, SIGTERM or SIGKILL after a random number of rows; what went wrong."""
    first, count = rng.randint(1, 30000), rng.randint(5, 60)
    deals = range(first, first + count)
    signum, after = rng.choice(RANGE_SIGNALS), rng.randint(0, 6)
    group = signum == signal.SIGINT and rng.random() < 0.5  # Ctrl+C at a terminal: to every process of the group
    table = folder / "deals.csv"
    table.unlink(missing_ok=True)
    args = ["solve", "--game", game, "--range", f"{first}-{deals[-1]}", "--jobs", "2", "--csv", str(table), "--overwrite"]
    run = subprocess.Popen([sys.executable, str(ROOT / "main.py"), *args], cwd=ROOT, env=CHILD_ENV, text=True,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    # Under way (its workers started, so its signal handlers are in place), and `after` rows written.
    _wait(lambda: (bool(_children(run.pid)) and len(_rows(table)) >= after) or run.poll() is not None, WAIT_SECONDS)
    workers = _children(run.pid)
    ended_first = run.poll() is not None
    if group and not ended_first:  # the run, not yet reaped, still names its process group
        os.killpg(run.pid, signum)
    else:
        run.send_signal(signum)
    sent = time.monotonic()
    try:
        out, err = run.communicate(timeout=WAIT_SECONDS)
    except subprocess.TimeoutExpired:
        state = _states(run.pid)
        run.kill()
        return [f"{where} {signal.Signals(signum).name}: still running {WAIT_SECONDS:.0f} s later ({state})"]
    took = time.monotonic() - sent
    problems = []
    rows = _rows(table)
    # After SIGKILL, a worker still starting may report the lost pipe (multiprocessing's own start-up,
    # before any code of ours runs): noise after a kill, not a fault of the run.
    if "Traceback" in err and signum != signal.SIGKILL:
        problems.append(f"a traceback: {err.strip()[-300:]}")
    numbers = [int(row[0]) for row in rows if row and row[0].isascii() and row[0].isdigit()]
    if len(set(numbers)) != len(rows) or any(deal not in deals for deal in numbers):
        problems.append("the CSV file has a deal twice, one outside the range, or a row that is not one")
    if not _wait(lambda: not any(_alive(worker) for worker in workers), 3.0):
        problems.append("a worker outlived the run")
    if len(rows) == count and run.returncode in (0, 3, -signum):
        pass  # it finished as the signal came
    elif ended_first:
        if run.returncode not in (0, 3) or len(rows) != count:
            problems.append(f"a whole run: exit code {run.returncode}, {len(rows)} rows of {count}")
    elif signum == signal.SIGKILL:
        if any(len(row) != len(COLUMNS) for row in rows):
            problems.append("a row cut short by the kill")
    else:
        if took > STOP_SECONDS or run.returncode != 128 + signum:
            problems.append(f"stopped in {took:.1f} s with exit code {run.returncode}")
        if len(rows) < count and f"stopped after {len(rows)} of {count} deals" not in out:
            problems.append(f"the summary does not count the {len(rows)} rows written: {out.strip()!r}")
    name = signal.Signals(signum).name + (" to the group" if group else "")
    return [f"{where} {name} after {after} rows: {problem}" for problem in problems]


def fuzz_range(game: str, runs: int, seed: int) -> Report:
    """`runs` range runs of `game` interrupted at random: each stops in time with its rows kept, and no worker stays."""
    rng = random.Random(f"range/{game}/{seed}")
    report = Report("range", game)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="solitaire-fuzz-range-") as folder:
        for number in range(runs):
            report.failures += _signalled_run(game, rng, f"range {game} seed {seed} run {number}", Path(folder))
            report.events += 1
    report.seconds = time.perf_counter() - started
    return report


# Things put at the database's path, or done to the file, while the player's real database waits aside.
def _symlink_loop(path: Path) -> None:
    path.symlink_to(path.name)


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _folder(path: Path) -> None:
    path.mkdir()


def _dangling_link(path: Path) -> None:
    path.symlink_to(path.with_name("nowhere") / "solitaire.sqlite3")


def _device(path: Path) -> None:
    path.symlink_to(os.devnull)


HOSTILE_PATHS: dict[str, Callable[[Path], None]] = {
    "symlink loop": _symlink_loop, "FIFO": _fifo, "folder": _folder, "dangling link": _dangling_link, "device": _device,
}
# Version numbers written over the player's own file's (a newer version's is put back afterwards).
LABELS = (-1, 0, 1, 2, len(MIGRATIONS) + 1, -(2**31), 2**31 - 1)


# Links an unpacked archive may hold (issue 56): each points out of the data folder, at a file or folder
# of the player's that nothing the program does may change.
def _companion_link(extra: str) -> Callable[[Path, Path], None]:
    def link(data: Path, outside: Path) -> None:
        companion = data / f"solitaire.sqlite3{extra}"
        companion.unlink(missing_ok=True)  # a closed store leaves none; a fault must not fail on one
        companion.symlink_to(outside / "id_ed25519")

    return link


def _companion_hard_link(data: Path, outside: Path) -> None:
    (data / "solitaire.sqlite3-shm").unlink(missing_ok=True)
    os.link(outside / "notes.txt", data / "solitaire.sqlite3-shm")


def _running_link(data: Path, outside: Path) -> None:
    shutil.rmtree(data / "running", ignore_errors=True)
    (data / "running").symlink_to(outside)


OUTSIDE_LINKS: dict[str, Callable[[Path, Path], None]] = {
    "-wal linked out": _companion_link("-wal"), "-shm linked out": _companion_link("-shm"),
    "-shm hard-linked out": _companion_hard_link, "running linked out": _running_link,
}


def _outside(folder: Path) -> Path:
    """The player's own files beside the data folder: a 0400 key, notes, a lock file of another program."""
    outside = folder / "outside"
    if not outside.exists():
        outside.mkdir()
        (outside / "id_ed25519").write_bytes(b"-----BEGIN OPENSSH PRIVATE KEY-----\n")
        (outside / "id_ed25519").chmod(0o400)
        (outside / "notes.txt").write_bytes(b"mine\n" * 100)
        (outside / "build.lock").write_bytes(b"")
    return outside


def _snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {path.name: (path.read_bytes(), path.stat().st_mode) for path in sorted(folder.iterdir())}


def _outside_link_run(kind: str, data: Path, where: str) -> list[str]:
    """A link out of the data folder while `stats` runs: one line at most, and the files it points at unchanged."""
    outside = _outside(data.parent)
    before = _snapshot(outside)
    OUTSIDE_LINKS[kind](data, outside)
    problems = _stats_line(data, where)
    if _snapshot(outside) != before:
        problems.append(f"{where}: a file outside the data folder was changed")
    for name in ("solitaire.sqlite3-wal", "solitaire.sqlite3-shm", "running"):
        link = data / name
        if link.is_symlink() or (link.is_file() and link.stat().st_nlink > 1):
            link.unlink()
    return problems


def _deep_run(data: Path, rng: random.Random, where: str) -> list[str]:
    """`stats` on a data folder hundreds to a thousand levels deep: one line, nothing made, no traceback."""
    deep = Path(str(data.parent / "deep") + "/d" * rng.randint(300, 1200))
    problems = _stats_line(deep, where)
    if (data.parent / "deep").exists():
        problems.append(f"{where}: folders were made for a path the database cannot open")
    return problems


def _stats_line(data: Path, where: str) -> list[str]:
    """`stats` on `data` under a fault: it answers in time, with at most one line about the problem."""
    try:
        result = _command("stats", "--data-dir", str(data))
    except subprocess.TimeoutExpired:
        return [f"{where}: stats hung"]
    if result.returncode != 0 or "Traceback" in result.stderr or result.stderr.count("\n") > 1:
        return [f"{where}: stats exit code {result.returncode}: {result.stderr.strip()[-300:]!r}"]
    return []


def _played(data: Path, key: str) -> tuple[int, str | None]:
    store, message = open_store(data)
    try:
        return store.statistics(key).played, message
    finally:
        store.close()


def _record_some(data: Path, game: str, rng: random.Random) -> int:
    """A few finished games in the player's statistics: what a fault must not lose."""
    store, _ = open_store(data)
    recorded = 0
    for _ in range(rng.randint(1, 4)):
        session = Session(find_variant(game), rng.randint(1, 32000))
        moves = list(session.rules.legal_moves(session.state))
        if moves:
            session.play(moves[0])
        recorded += store.record_game(session, "abandoned")
    store.close()
    return recorded


def _hostile_path_run(game: str, rng: random.Random, where: str, data: Path) -> list[str]:
    """One fault at the data folder; the statistics are all there, with no message, once it is gone."""
    key = find_variant(game).key
    before = _played(data, key)[0] + _record_some(data, game, rng)
    path = data / "solitaire.sqlite3"
    kind = rng.choice([*HOSTILE_PATHS, "version label", "read-only file", "the folder's name taken", *OUTSIDE_LINKS,
                       "deep folder"])
    problems: list[str] = []
    if kind in OUTSIDE_LINKS:
        problems += _outside_link_run(kind, data, f"{where} {kind}")
    elif kind == "deep folder":
        problems += _deep_run(data, rng, f"{where} {kind}")
    elif kind == "the folder's name taken":  # by a file, a FIFO or a symlink loop
        aside = data.with_name(f"{data.name}.kept")
        data.rename(aside)
        rng.choice((lambda: data.write_text("mine"), lambda: os.mkfifo(data), lambda: data.symlink_to(data.name)))()
        problems += _stats_line(data, f"{where} {kind}")
        data.unlink()
        aside.rename(data)
    elif kind in HOSTILE_PATHS:
        aside = path.with_name("kept.sqlite3")
        path.rename(aside)
        HOSTILE_PATHS[kind](path)
        problems += _stats_line(data, f"{where} {kind}")
        shutil.rmtree(path) if path.is_dir() and not path.is_symlink() else path.unlink()
        aside.rename(path)
    elif kind == "version label":
        label = rng.choice(LABELS)
        with sqlite3.connect(path) as raw:
            raw.execute(f"PRAGMA user_version = {label}")
        raw.close()
        kind = f"version label {label}"
        problems += _stats_line(data, f"{where} {kind}")
        if label > len(MIGRATIONS):  # a newer version's file is rightly left alone: the fault is gone when the label is
            with sqlite3.connect(path) as raw:
                raw.execute(f"PRAGMA user_version = {len(MIGRATIONS)}")
            raw.close()
    else:
        mode = path.stat().st_mode
        path.chmod(0o444)
        problems += _stats_line(data, f"{where} {kind}")
        path.chmod(mode)
    after, message = _played(data, key)
    if (after, message) != (before, None):
        problems.append(f"{where} {kind}: {after} games of {before} once the fault was gone ({message})")
    return problems


def fuzz_paths(game: str, runs: int, seed: int) -> Report:
    """`runs` hostile things at the data folder (see HOSTILE_PATHS): never a hang or a traceback, nothing lost."""
    rng = random.Random(f"paths/{game}/{seed}")
    report = Report("paths", game)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="solitaire-fuzz-paths-") as folder:
        for number in range(runs):
            report.failures += _hostile_path_run(game, rng, f"paths {game} seed {seed} run {number}", Path(folder) / "data")
            report.events += 1
    report.seconds = time.perf_counter() - started
    return report


class FullDisk:
    """A disk that fills and empties on demand: a small tmpfs filled by a ballast file where this
    process may mount one, else the store's writes refused by an SQLite authorizer (real errors from
    SQLite itself, raised where a full disk would raise them)."""

    WRITES = frozenset((sqlite3.SQLITE_INSERT, sqlite3.SQLITE_UPDATE, sqlite3.SQLITE_DELETE))

    def __init__(self, folder: Path) -> None:
        self.folder = folder / "disk"
        self.folder.mkdir()
        self.mounted = shutil.which("mount") is not None and subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(self.folder)], capture_output=True).returncode == 0
        self.ballast = self.folder / "ballast"

    def fill(self, store: Store) -> None:
        if not self.mounted:
            store._conn.set_authorizer(
                lambda action, *_: sqlite3.SQLITE_DENY if action in self.WRITES else sqlite3.SQLITE_OK)
            return
        handle = os.open(self.ballast, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
        try:
            while os.write(handle, b"\0" * 65536):
                pass
        except OSError:
            pass
        finally:
            os.close(handle)

    def empty(self, store: Store) -> None:
        if not self.mounted:
            store._conn.set_authorizer(None)
            return
        self.ballast.unlink(missing_ok=True)

    def close(self) -> None:
        if self.mounted:
            subprocess.run(["umount", "-l", str(self.folder)], capture_output=True)


def fuzz_disk(game: str, actions: int, seed: int) -> Report:
    """`actions` random moves, undos and restarts saved as they happen while the disk fills and empties
    on a seeded schedule: every fault is told, and the game resumes whole once there is room."""
    rng = random.Random(f"disk/{game}/{seed}")
    report = Report("disk", game)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="solitaire-fuzz-disk-") as folder:
        disk = FullDisk(Path(folder))
        try:
            data = disk.folder / "data"
            store, _ = open_store(data)
            session = Session(find_variant(game), rng.randint(1, 32000))
            full, failed, told = False, False, False  # this fault so far: a save failed, the player was told
            for number in range(actions):
                if rng.random() < 0.03 or number == actions - 1:
                    if failed and not told:
                        report.failures.append(f"disk {game} seed {seed} action {number}: saves failed without a word")
                    full, failed, told = not full and number < actions - 1, False, False
                    (disk.fill if full else disk.empty)(store)
                _random_action(session, rng)
                failed = not store.save_game(session) or failed
                told = store.take_problem() is not None or told
                report.events += 1
            if not store.save_game(session):
                report.failures.append(f"disk {game} seed {seed}: no save once the disk had room again")
            store.close()
            again, _ = open_store(data)
            resumed, problem = again.load_game(autoplay=False)
            again.close()
            played = (session.actions, session.position_in_history)
            if resumed is None or (resumed.actions, resumed.position_in_history) != played:
                report.failures.append(f"disk {game} seed {seed}: the game did not resume whole ({problem})")
        finally:
            disk.close()
    report.seconds = time.perf_counter() - started
    return report


def _random_action(session: Session, rng: random.Random) -> None:
    roll = rng.random()
    if roll < 0.15 and session.can_undo:
        session.undo()
    elif roll < 0.2 and session.can_redo:
        session.redo()
    else:
        moves = list(session.rules.legal_moves(session.state))
        if moves and not session.is_won:
            session.play(rng.choice(moves))
        elif session.can_undo:
            session.undo()


def _endless_fifo(folder: Path) -> tuple[Path, threading.Thread]:
    """A FIFO fed board-like text for as long as anyone reads it."""
    fifo = folder / "board.txt"
    os.mkfifo(fifo)

    def feed() -> None:
        try:
            with open(fifo, "w") as handle:
                while True:
                    handle.write("AS KD 7H " * 1000)
        except OSError:
            pass  # the reader stopped: the end of the test

    thread = threading.Thread(target=feed, daemon=True)
    thread.start()
    return fifo, thread


def fuzz_endless(game: str, runs: int, seed: int) -> Report:
    """`solve --board` on input that never ends (/dev/zero, /dev/urandom, a FIFO fed forever): one line, exit 2, in time."""
    rng = random.Random(f"endless/{game}/{seed}")
    report = Report("endless", game)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="solitaire-fuzz-endless-") as folder:
        for number in range(runs):
            source = rng.choice(("/dev/zero", "/dev/urandom", "fifo"))
            board = str(_endless_fifo(Path(folder))[0]) if source == "fifo" else source
            where = f"endless {game} seed {seed} run {number} {source}"
            try:
                result = _command("solve", "--game", game, "--board", board)
            except subprocess.TimeoutExpired:
                report.failures.append(f"{where}: still reading {WAIT_SECONDS:.0f} s later")
            else:
                if result.returncode != 2 or result.stderr.count("\n") != 1 or "Traceback" in result.stderr:
                    report.failures.append(f"{where}: exit code {result.returncode}: {result.stderr.strip()[-300:]!r}")
            if source == "fifo":
                Path(board).unlink()
            report.events += 1
    report.seconds = time.perf_counter() - started
    return report


def _worker_run(game: str, rng: random.Random, where: str) -> list[str]:
    """A game's winnability watcher whose worker is stopped, continued or killed at random while
    positions are asked about; then closed: within 3 s, the worker gone, every answer an honest one."""
    from game.solver.background import WinnabilityWatcher

    session = Session(find_variant(game), rng.randint(1, 1000), autoplay=False)
    watcher = WinnabilityWatcher(session.rules, max_positions=rng.choice((200, 2000, 20000)))
    failures, states = [], [session.state]
    try:
        for _step in range(rng.randint(2, 8)):
            states.append(_walked(session, rng))
            watcher.request(states[-1])
            time.sleep(rng.choice((0, 0.01, 0.1)))
            pid = watcher.worker_pid
            if pid is not None and rng.random() < 0.4:
                _signal_if_there(pid, rng.choice((signal.SIGSTOP, signal.SIGCONT, signal.SIGKILL)))
        answers = [watcher.answer(state) for state in states]
        failures += [f"{where}: a verdict that is not a Status: {answer!r}" for answer in answers
                     if answer is not None and not isinstance(answer.status, Status)]
    finally:
        pid = watcher.worker_pid
        began = time.monotonic()
        watcher.close()
        seconds = time.monotonic() - began
    if seconds > 3:
        failures.append(f"{where}: closing took {seconds:.1f} s")
    if pid is not None and _alive(pid):
        failures.append(f"{where}: worker {pid} outlived the watcher")
        _signal_if_there(pid, signal.SIGKILL)
        _signal_if_there(pid, signal.SIGCONT)
    return failures


def _signal_if_there(pid: int, signum: int) -> None:
    """Send `signum` to the worker unless it has already ended: a worker killed at an earlier step is
    reaped by the watcher's listener, and its pid read just before that names no process any more."""
    try:
        os.kill(pid, signum)
    except ProcessLookupError:
        pass


def _walked(session: Session, rng: random.Random) -> State:
    """The session a few random legal moves on (or where it stands when it is stuck)."""
    for _move in range(rng.randint(0, 5)):
        legal = list(session.rules.legal_moves(session.state))
        if not legal:
            break
        session.play(rng.choice(legal))
    return session.state


def fuzz_worker(game: str, runs: int, seed: int) -> Report:
    """The window's solver worker stopped (SIGSTOP), continued and killed under a watcher that keeps asking."""
    rng = random.Random(f"worker/{game}/{seed}")
    report = Report("worker", game)
    started = time.perf_counter()
    for number in range(runs):
        report.failures += _worker_run(game, rng, f"worker {game} seed {seed} run {number}")
        report.events += 1
    report.seconds = time.perf_counter() - started
    return report


FONT_RUN = """
import os, sys
os.environ["SDL_VIDEODRIVER"] = os.environ["SDL_AUDIODRIVER"] = "dummy"
from pathlib import Path
import pygame
from sprites.deck import typeface
typeface.REGULAR_FONT = typeface.BOLD_FONT = Path(sys.argv[1])
from game.session import Session
from game.variants import find_variant
from sprites.window.app import App
pygame.init()
app = App(Session(find_variant(sys.argv[2]), 1), (1000, 700), sound=False, analyse=False)
for key in (pygame.K_s, pygame.K_ESCAPE, pygame.K_F1, pygame.K_ESCAPE, pygame.K_o, pygame.K_ESCAPE, pygame.K_h):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    app.step()
app.close()
print("drawn")
"""


def _damaged_font(rng: random.Random) -> tuple[str, bytes]:
    """Bytes in place of the bundled font: none, noise, the real file cut short or with bytes changed."""
    real = (ROOT / "sprites" / "fonts" / "DejaVuSans.ttf").read_bytes()
    kind = rng.choice(("empty", "noise", "cut", "flipped"))
    if kind == "empty":
        return kind, b""
    if kind == "noise":
        return kind, rng.randbytes(rng.randint(1, 4096))
    if kind == "cut":
        return kind, real[: rng.randint(1, len(real) - 1)]
    damaged = bytearray(real)
    for _flip in range(rng.randint(1, 50)):
        damaged[rng.randrange(len(damaged))] = rng.randrange(256)
    return kind, bytes(damaged)


def fuzz_fonts(game: str, runs: int, seed: int) -> Report:
    """The window opened, its panels shown, with a damaged font in place of the bundled one: it
    draws with pygame's own font (one warning) or the damaged one where it still reads, never fails."""
    rng = random.Random(f"fonts/{game}/{seed}")
    report = Report("fonts", game)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="solitaire-fuzz-fonts-") as folder:
        for number in range(runs):
            kind, content = _damaged_font(rng)
            font = Path(folder) / f"font-{number}.ttf"
            font.write_bytes(content)
            result = subprocess.run([sys.executable, "-c", FONT_RUN, str(font), game], cwd=ROOT, capture_output=True,
                                    text=True, timeout=WAIT_SECONDS, env={**os.environ, "SOLITAIRE_DATA_DIR": folder})
            if result.returncode != 0 or result.stdout.strip() != "drawn":
                where = f"fonts {game} seed {seed} run {number} ({kind})"
                report.failures.append(f"{where}: exit code {result.returncode}: {result.stderr.strip()[-300:]!r}")
            report.events += 1
    report.seconds = time.perf_counter() - started
    return report


LOCALE_COMMANDS = (
    ("games",), ("--help",), ("stats",), ("solve", "--deal", "7", "--max-positions", "50"),
    ("show", "--deal", "3"), ("console", "--deal", "2"), ("console", "--ascii", "--deal", "2"), ("stat",),
)


def fuzz_locales(game: str, runs: int, seed: int) -> Report:
    """Commands in every language on terminals of narrow encodings (ASCII, Latin-1): one line or a
    page of text, never a traceback, and what is written fits the terminal's encoding."""
    rng = random.Random(f"locales/{game}/{seed}")
    report = Report("locales", game)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="solitaire-fuzz-locales-") as data:
        for number in range(runs):
            language = rng.choice(("fr", "de", "es", "en"))
            encoding = rng.choice(("ascii", "latin-1", "utf-8"))
            command = (*rng.choice(LOCALE_COMMANDS), "--game", game)
            if command[0] in ("--help", "stat"):
                command = command[:1]
            env = {**os.environ, "LANGUAGE": language, "LC_ALL": "C", "PYTHONUTF8": "0",
                   "PYTHONIOENCODING": encoding, "SOLITAIRE_DATA_DIR": data}
            where = f"locales {game} seed {seed} run {number}: {language} {encoding} {' '.join(command)}"
            result = subprocess.run([sys.executable, "-m", "solitaire", "--lang", language, *command], cwd=ROOT,
                                    env=env, input=b"h\nq\n", capture_output=True, timeout=WAIT_SECONDS)
            if b"Traceback" in result.stderr or result.returncode not in (0, 1, 2, 3):
                report.failures.append(f"{where}: exit code {result.returncode}: {result.stderr[-300:]!r}")
            else:
                try:
                    result.stdout.decode(encoding)
                    result.stderr.decode(encoding)
                except UnicodeDecodeError as error:
                    report.failures.append(f"{where}: wrote what the terminal cannot show: {error}")
            report.events += 1
    report.seconds = time.perf_counter() - started
    return report


# -- issue 56: games ended on a full disk, in the window; hostile links and depths in the data folder ------


def _window_move(app: object, rng: random.Random) -> bool:
    """One random legal move made through the table, as a click would; False when there is none."""
    session: Session = app.table.session  # type: ignore[attr-defined]
    moves = list(session.rules.legal_moves(session.state))
    if not moves or session.is_won:
        return False
    move = rng.choice(moves)
    app.table.try_move(lambda: move)  # type: ignore[attr-defined]
    app.table.view.finish()  # type: ignore[attr-defined]
    app.step()  # type: ignore[attr-defined]
    return True


def _abandon_by_keys(app: object, clock: Clock) -> None:
    """F2, then "Abandon it" clicked, as the player does."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F2, mod=0, unicode="", scancode=0))
    app.step()  # type: ignore[attr-defined]
    buttons = [b for o in app.overlays for b in o.buttons if b.label == "Abandon it"]  # type: ignore[attr-defined]
    for button in buttons[:1]:
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            clock.ms += 400
            pygame.event.post(pygame.event.Event(kind, pos=button.rect.center, button=1))
            app.step()  # type: ignore[attr-defined]


def _abandon_run(game: str, rng: random.Random, where: str, folder: Path) -> list[str]:
    """One window: games played, the disk filled, games abandoned by F2 while it is full (each either
    recorded at once or told in the banner on the very next frame), the disk emptied, the window quit.
    Then every game abandoned after a move of the player's is in the statistics, once."""
    from sprites.window.app import App

    folder.mkdir()
    disk = FullDisk(folder)
    problems: list[str] = []
    try:
        data = disk.folder / "data"
        store, _ = open_store(data)
        clock = Clock()
        app = App(Session(find_variant(game), rng.randint(1, 32000), autoplay=False), (1000, 700), now_ms=clock,
                  store=store, analyse=False, sound=False)
        app.step()
        abandoned, full = 0, False
        for step in range(rng.randint(3, 12)):
            for _move in range(rng.randint(0, 4)):
                _window_move(app, rng)
            if rng.random() < 0.5 or (step == 0 and not full):
                full = not full
                (disk.fill if full else disk.empty)(store)
            while app.overlays:  # "You won", "No moves left": F2 is for the table
                app.pop_overlay(app.overlays[-1])
            before = app.table.session
            _abandon_by_keys(app, clock)
            if app.table.session is before:
                problems.append(f"{where} step {step}: F2 and \"Abandon it\" did not start a new deal")
                continue
            abandoned += before.player_acted  # recorded when won, else now as lost or abandoned; never when only dealt
            banner = app.table.save_trouble
            counted = store.statistics(find_variant(game).key).played
            if counted < abandoned and not banner.startswith("Could not record the game in the statistics"):
                problems.append(f"{where} step {step}: {counted} games counted of {abandoned}, and the window "
                                f"does not say why: {banner!r}")
        disk.empty(store)
        if rng.random() < 0.5:
            _window_move(app, rng)  # a move: the save takes the kept records with it
        while app.overlays:
            app.pop_overlay(app.overlays[-1])
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=pygame.KMOD_LCTRL, unicode="", scancode=0))
        app.step()
        if app.running:
            problems.append(f"{where}: room again, yet quitting asked: {app.table.save_trouble!r}")
        app.close()
        played, message = _played(data, find_variant(game).key)
        if (played, message) != (abandoned, None):
            problems.append(f"{where}: {played} games in the statistics of {abandoned} abandoned ({message})")
    finally:
        disk.close()
    return problems


def fuzz_abandon(game: str, runs: int, seed: int) -> Report:
    """`runs` windows whose games are abandoned (F2, "Abandon it") while the disk fills and empties: each
    record the disk refuses is said in the banner and written once there is room; none is lost."""
    rng = random.Random(f"abandon/{game}/{seed}")
    report = Report("abandon", game)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="solitaire-fuzz-abandon-") as folder:
        for number in range(runs):
            report.failures += _abandon_run(game, rng, f"abandon {game} seed {seed} run {number}", Path(folder) / str(number))
            report.events += 1
    report.seconds = time.perf_counter() - started
    return report


# -- the command ---------------------------------------------------------------------------------------------

TARGETS: dict[str, tuple[Callable[[str, int, int], Report], int]] = {
    "window": (fuzz_window, WINDOW_EVENTS),
    "console": (fuzz_console, CONSOLE_LINES),
    "board": (fuzz_board, BOARD_TEXTS),
    "range": (fuzz_range, RANGE_RUNS),
    "paths": (fuzz_paths, PATH_RUNS),
    "disk": (fuzz_disk, DISK_ACTIONS),
    "endless": (fuzz_endless, ENDLESS_RUNS),
    "worker": (fuzz_worker, WORKER_RUNS),
    "locales": (fuzz_locales, LOCALE_RUNS),
    "fonts": (fuzz_fonts, FONT_RUNS),
    "abandon": (fuzz_abandon, ABANDON_RUNS),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("targets", nargs="*", metavar="TARGET", help=f"any of {', '.join(TARGETS)} (all when none is named)")
    parser.add_argument("--events", type=int, help="events (lines, texts) per game; each target's own default otherwise")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", nargs="*", default=[v.key for v in all_variants()])
    args = parser.parse_args(argv)
    unknown = [target for target in args.targets if target not in TARGETS]
    if unknown:
        parser.error(f"unknown target {unknown[0]!r}: choose from {', '.join(TARGETS)}")
    for game in args.games:  # a target named after --games is read as a game: say so before any run
        try:
            find_variant(game)
        except UnknownGame:
            parser.error(f"unknown game {game!r} after --games (name the targets before it)")
    failures = 0
    for target in args.targets or list(TARGETS):
        run, default = TARGETS[target]
        total = Report(target, "all games")
        for game in args.games:
            report = run(game, args.events or default, args.seed)
            print(report.line(), flush=True)
            for failure in report.failures[:20]:
                print("   ", failure, flush=True)
            total.events += report.events
            total.seconds += report.seconds
            total.failures += report.failures
        print(total.line(), flush=True)
        failures += len(total.failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
