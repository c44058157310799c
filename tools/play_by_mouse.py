"""Win a deal in the real window with the real mouse only, as a new player would: the tour of every game.

The program runs as players start it (`python main.py play --game G --deal N`) on a private Xvfb.
This script asks the solver for a way to win, then makes each move with xdotool the way a person
does: a press, a drag in steps and a release onto the pile; a double-click to send a card home; a
click on the stock. It finds each card where the window draws it, with the window's own layout and
hit-testing arithmetic (`sprites.scene.board_view.BoardView`), never through the running program's model.
After every move it checks two things: the program's model (read back from its --record file) holds
the position the move should give, and the window's table shows that position (its pixels against
the same position drawn off screen). First it drops a card where the rules refuse it (the window must
say why and change nothing); when the window offers "Finish the game?" it presses Finish. At the end
the window must announce the win and the statistics count it, and the program quit cleanly on Ctrl+Q.
Where the solver finds no win (Spider with four suits, so far), it plays HINTED_MOVES moves of the
window's hint instead, checked the same way, and says "hinted" rather than "won".

    .venv/bin/python tools/play_by_mouse.py                   # every game a player picks, its tour deal
    .venv/bin/python tools/play_by_mouse.py --game yukon --deal 3 --shots /tmp/shots-mouse
    .venv/bin/python tools/play_by_mouse.py --game klondike --left 5   # resume 5 moves short of the win

It prints one line a game (moves, gestures, seconds, problems) and exits 1 when any game was not won.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, cast

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["SDL_VIDEODRIVER"] = "dummy"  # this process only draws off screen; the program gets X11

import pygame

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.moves import FOUNDATION, Move, Pile, PileKind  # noqa: E402
from game.rules import IllegalMove, Rules  # noqa: E402
from game.session import Session  # noqa: E402
from game.state import State  # noqa: E402
from game.variant import Variant  # noqa: E402
from game.variants import find_variant, offered_variants, rules_for  # noqa: E402
from solitaire.store import Store, open_store  # noqa: E402
from sprites.panels.dialogs import Dialogs  # noqa: E402
from sprites.scene.board_view import DEFAULT_LOOK, BoardView  # noqa: E402
from sprites.window.layout import pile_contents  # noqa: E402
from tools.winning_line import TOUR_DEALS, NoWinFound, hinted_moves, winning_moves  # noqa: E402
from tools.xwindow import find_window, screenshot, xdo, xvfb  # noqa: E402

if TYPE_CHECKING:
    from sprites.panels.overlays import Overlay
    from sprites.panels.settings_panel import SettingsHost

SIZE = (1280, 800)
SETTLE_SECONDS = 8.0  # how long a move's animation (and the auto-play after it) may take to land
MISMATCH_SHARE = 0.002  # table pixels allowed to differ from the off-screen drawing (anti-aliasing)
HINTED_MOVES = 60  # moves played by the hint where the solver finds no win (Spider with four suits)
ANNOUNCEMENT_SHARE = 0.08  # table pixels that differ from it at least once the win is announced


@dataclass
class Tour:
    """What happened in one game: the player's gestures, the moves, and what a new user would trip over."""

    game: str
    deal: int
    gestures: int = 0
    moves: int = 0
    seconds: float = 0.0
    won: bool = False
    hinted: bool = False  # the solver found no win: the moves were the hint's, and no win was expected
    problems: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return (self.won or self.hinted) and not self.problems

    def line(self) -> str:
        verdict = "won" if self.won else "hinted" if self.hinted else "NOT WON"
        head = f"{self.game:15} deal {self.deal:<6} {verdict:8} {self.moves:4} moves {self.gestures:4} gestures"
        head += f" {self.seconds:6.1f} s"
        return head + "".join(f"\n    problem: {p}" for p in self.problems)


class Window:
    """The running program's window: the pointer, the screen and the --record file, seen from outside."""

    def __init__(self, env: dict, window: str, record: Path) -> None:
        self.env, self.id, self.record = env, window, record
        self.exit_code: int | None = None  # once the program has quit

    def move_to(self, point: tuple[int, int]) -> None:
        xdo(self.env, "mousemove", "--window", self.id, str(point[0]), str(point[1]))

    def drag(self, start: tuple[int, int], end: tuple[int, int], steps: int = 8) -> None:
        """Press, move in steps as a hand does (the program sees each motion), release."""
        self.move_to(start)
        xdo(self.env, "mousedown", "1")
        for i in range(1, steps + 1):
            self.move_to((start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps))
            time.sleep(0.01)
        xdo(self.env, "mouseup", "1")

    def click(self, point: tuple[int, int], times: int = 1) -> None:
        self.move_to(point)
        xdo(self.env, "click", "--repeat", str(times), "--delay", "120", "1")

    def recorded_moves(self) -> list[Move]:
        """The moves the program's model made, as it wrote them, since the game began."""
        lines = self.record.read_text().splitlines() if self.record.exists() else []
        return [Move.parse(line) for line in lines if line and not line.startswith("#")]

    def shot(self) -> pygame.Surface:
        return screenshot(self.env, self.id)


@contextmanager
def program(data: Path, game: str | None = None, deal: int | None = None) -> Iterator[Window]:
    """`main.py play` on a private X server, as a player starts it (with no game named, it resumes the
    saved game); closed with Ctrl+Q at the end."""
    with xvfb(f"{SIZE[0] + 100}x{SIZE[1] + 100}x24") as display:
        env = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy"}
        record = data / "moves.txt"
        named = ["--game", game, "--deal", str(deal)] if game is not None else []
        command = [sys.executable, "main.py", "play", *named, "--mute", "--size", f"{SIZE[0]}x{SIZE[1]}",
                   "--data-dir", str(data / "store"), "--record", str(record)]
        with open(data / "stderr.txt", "w") as errors:
            app = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=errors)
            try:
                window = Window(env, find_window(env, app.pid), record)
                yield window
                xdo(env, "key", "--window", window.id, "ctrl+q")
                window.exit_code = app.wait(timeout=15)
            finally:
                if app.poll() is None:
                    app.kill()
                    app.wait()


class Eyes:
    """The window's own geometry and drawing, run off screen: where a player sees each card, and what
    the table should look like in a given position."""

    def __init__(self, variant: Variant, size: tuple[int, int] = SIZE) -> None:
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_mode(size)
        self.view = BoardView(variant, size)
        self.variant = variant
        self.rules = rules_for(variant)

    def look_at(self, state: State) -> None:
        self.view.show(state, 0)

    def rects(self, state: State, pile: Pile) -> list[pygame.Rect]:
        return self.view.rects_of(state, pile)

    def grab_point(self, state: State, pile: Pile, count: int) -> tuple[int, int]:
        """Where a player presses to lift the top `count` cards of a pile: on the strip of the lowest
        of them that shows (its corner index), or on the top card of a stacked pile."""
        rects = self.rects(state, pile)
        if pile.kind is not PileKind.COLUMN:
            top = rects[-1]
            return top.centerx, top.centery
        first = len(rects) - count
        strip_bottom = rects[first + 1].top if count > 1 else rects[first].bottom
        return rects[first].centerx, (rects[first].top + strip_bottom) // 2

    def landing(self, state: State, pile: Pile, count: int) -> pygame.Rect:
        """Where the first moved card lies once it has landed on `pile`."""
        cards, hidden = pile_contents(state, pile)
        layout = self.view.layout
        if pile.kind is not PileKind.COLUMN:
            return layout.pile_rect(pile)
        return layout.card_rects(pile, len(cards) + count, hidden)[len(cards)]

    def table_differs(self, state: State, shot: pygame.Surface, area: pygame.Rect | None = None) -> float:
        """The share of the table's pixels (between the toolbar and the status bar, or in `area`)
        that differ from the position drawn off screen."""
        self.look_at(state)
        drawn = pygame.Surface(SIZE)
        self.view.draw_table(drawn)
        layout = self.view.layout
        area = area or pygame.Rect(0, layout.toolbar.bottom, SIZE[0], layout.status.top - layout.toolbar.bottom)
        mask = pygame.mask.from_threshold(shot.subsurface(area), (0, 0, 0), (1, 1, 1, 255), drawn.subsurface(area))
        # from_threshold compares each pixel to the other surface's: set bits are the pixels that match
        return 1 - mask.count() / (area.width * area.height)

    def off_screen(self, state: State) -> list[Pile]:
        """The piles with a card that lies partly outside the table, between the bars: a card a player
        cannot see whole, or cannot reach."""
        layout = self.view.layout
        table = pygame.Rect(0, layout.toolbar.bottom, layout.width, layout.status.top - layout.toolbar.bottom)
        return [pile for pile in layout.all_piles() if not all(table.contains(rect) for rect in self.rects(state, pile))]


def refused_drop(rules: Rules, state: State) -> Move | None:
    """A drag a new player might try that the rules refuse: a column's top card onto another column."""
    for src in (Pile(PileKind.COLUMN, i) for i, cards in enumerate(state.columns) if len(cards) > state.hidden[i]):
        for dst in (Pile(PileKind.COLUMN, i) for i, cards in enumerate(state.columns) if cards and i != src.index):
            move = Move(src, dst)
            if rules.lift_reason(state, src, 1) is None and _refused(rules, state, move):
                return move
    return None


def _refused(rules: Rules, state: State, move: Move) -> bool:
    try:
        rules.check(state, move)
    except IllegalMove:
        return True
    return False


def try_refused_drop(window: Window, eyes: Eyes, expected: Session, tour: Tour) -> None:
    """Drop a card where the rules refuse it: the card must fly back, the model stay as it was, and
    the window say why (its status bar, or a note over the table, shows words it did not show before)."""
    move = refused_drop(expected.rules, expected.state)
    if move is None:
        return
    status = eyes.view.layout.status
    before = window.shot()
    gesture(window, eyes, expected.state, move)
    home = eyes.rects(expected.state, move.src)[-1]
    deadline = time.monotonic() + SETTLE_SECONDS
    while eyes.table_differs(expected.state, after := window.shot(), home) > MISMATCH_SHARE and time.monotonic() < deadline:
        time.sleep(0.05)  # the card is still flying back
    said = pygame.mask.from_threshold(after.subsurface(status), (0, 0, 0), (1, 1, 1, 255), before.subsurface(status))
    told = said.count() < status.width * status.height or eyes.table_differs(expected.state, after) > MISMATCH_SHARE
    if window.recorded_moves() != expected.actions:
        tour.problems.append(f"a refused drop ({move.notation}) changed the game")
    elif eyes.table_differs(expected.state, after, home) > MISMATCH_SHARE:
        tour.problems.append(f"a refused drop ({move.notation}): the card did not go back where it was")
    elif not told:
        tour.problems.append(f"a refused drop ({move.notation}): the window did not say why")


def gesture(window: Window, eyes: Eyes, state: State, move: Move) -> str:
    """Make one move as a player does; returns the gesture's name (for the report)."""
    src, dst = move.src, move.dst
    layout = eyes.view.layout
    if PileKind.STOCK in (src.kind, dst.kind):
        window.click(layout.pile_rect(Pile(PileKind.STOCK)).center)  # deal, turn or turn the waste back over
        return "click on the stock"
    if dst.kind is PileKind.FOUNDATION and src.kind is PileKind.COLUMN and eyes.variant.table.click_plays_columns:
        window.click(eyes.grab_point(state, src, 1))
        return "click"
    if dst.kind is PileKind.FOUNDATION and move.count == 1:
        window.click(eyes.grab_point(state, src, 1), times=2)
        return "double-click"
    start = eyes.grab_point(state, src, move.count)
    first = eyes.rects(state, src)[-move.count]
    target = eyes.landing(state, dst, move.count) if dst != FOUNDATION else layout.pile_rect(_foundation_for(eyes, state, move))
    # aim with the card, as the window does: the lifted card's corner goes where it will lie
    end = (target.x + start[0] - first.x, target.y + start[1] - first.y)
    window.drag(start, end)
    return "drag"


def _foundation_for(eyes: Eyes, state: State, move: Move) -> Pile:
    """The foundation a card dragged home is dropped on: the one the model puts it on."""
    after = eyes.rules.perform(state, move)
    grown = [i for i, (a, b) in enumerate(zip(state.foundations, after.foundations)) if len(b) > len(a)]
    return Pile(PileKind.FOUNDATION, grown[0] if grown else 0)


class PanelHost:
    """Just enough of a window for the window's own panel code to lay a panel out off screen."""

    def __init__(self) -> None:
        self.size = SIZE
        self.look = DEFAULT_LOOK
        self.overlays: list[Overlay] = []

    def push_overlay(self, overlay: Overlay) -> None:
        self.overlays.append(overlay)

    def pop_overlay(self, overlay: Overlay) -> None:
        self.overlays.remove(overlay)


def finish_button() -> tuple[int, int]:
    """Where the "Finish" button of the window's "Finish the game?" question lies: the question is
    asked off screen, by the window's own code, and its panel laid out."""
    host = PanelHost()
    Dialogs(host, cast("SettingsHost", None), Store.in_memory()).offer_auto_finish(lambda: None, lambda: None, lambda: True)
    panel = host.overlays[0]
    panel.draw(pygame.Surface(SIZE))  # drawing places the buttons
    return panel.buttons[0].rect.center


def settle(window: Window, eyes: Eyes, expected: Session) -> tuple[list[Move], float]:
    """Wait until the program's model has made every move the expected game made, and the table
    shows the position; returns what the program recorded and the share of the table that differs."""
    deadline = time.monotonic() + SETTLE_SECONDS
    wanted = expected.actions
    while True:
        recorded = window.recorded_moves()
        if expected.is_won:  # the celebration flies over the table: the win is judged from the statistics
            differs = 0.0
        else:
            differs = eyes.table_differs(expected.state, window.shot()) if len(recorded) >= len(wanted) else 1.0
        if (recorded == wanted and differs <= MISMATCH_SHARE) or time.monotonic() > deadline:
            return recorded, differs
        time.sleep(0.05)


def play_one(game: str, deal: int, shots: Path | None = None, left: int | None = None) -> Tour:
    """Win one deal in the real window by mouse; the problems a new user would meet go in the Tour.

    With `left`, the game is saved that many moves short of the win and the program resumes it, as
    it does when a player comes back: a short tour of the end of a game."""
    variant = find_variant(game)
    tour = Tour(variant.key, deal)
    try:
        moves = winning_moves(variant, deal)
    except NoWinFound:
        moves = hinted_moves(variant, deal, HINTED_MOVES)
        tour.hinted = True
    began = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="mouse-") as folder:
        data = Path(folder)
        expected = Session(variant, deal)
        expected.run_autoplay()
        if left is not None:
            for move in moves[: len(moves) - left]:
                expected.play(move)
            moves = moves[len(moves) - left:]
            _save(expected, data)
        named = (variant.key, deal) if left is None else (None, None)
        with program(data, *named) as window:
            eyes = Eyes(variant)
            follow_solution(window, eyes, expected, moves, tour)
            # the win is announced (and counted) once the last card has landed: wait for it before quitting
            tour.won = expected.is_won and _wait_for_win(variant.key, data) and _announced(window, eyes, expected)
            tour.seconds = time.monotonic() - began
            if shots is not None:
                shots.mkdir(parents=True, exist_ok=True)
                pygame.image.save(window.shot(), str(shots / f"mouse-{variant.key}-{deal}.png"))
        if expected.is_won and not tour.won:
            tour.problems.append("the game was won, but the program did not count it, or nothing on screen says so")
        if window.exit_code != 0:
            tour.problems.append(f"the program did not quit cleanly on Ctrl+Q (exit code {window.exit_code})")
        complaints = (data / "stderr.txt").read_text()
        if complaints.strip():
            tour.problems.append(f"the program wrote to stderr: {complaints.strip().splitlines()[-1]}")
    return tour


def _save(session: Session, data: Path) -> None:
    """Leave `session` as the saved game the program resumes, as a window closed mid-game does."""
    store, problem = open_store(data / "store")
    try:
        if problem or not store.save_game(session):
            raise RuntimeError(f"could not save the game to resume: {problem}")
    finally:
        store.close()


def follow_solution(window: Window, eyes: Eyes, expected: Session, moves: list[Move], tour: Tour) -> None:
    """Make the moves by mouse one by one, checking the program after each; stops at the first
    problem (the moves after it would start from a position the window does not hold)."""
    _recorded, differs = settle(window, eyes, expected)
    if differs > MISMATCH_SHARE:
        tour.problems.append(f"the first frame differs from the position ({differs:.1%} of the table)")
    else:
        try_refused_drop(window, eyes, expected, tour)
    for move in moves:
        if tour.problems or expected.is_won:
            return
        how = gesture(window, eyes, expected.state, move)
        tour.gestures += 1
        expected.play(move)
        tour.moves += 1
        recorded, differs = settle(window, eyes, expected)
        if not expected.is_won and expected.rules.can_auto_finish(expected.state):
            recorded, differs = take_finish_offer(window, eyes, expected, tour)
        said = f"move {tour.moves} {move.notation} by {how}"
        if outside := eyes.off_screen(expected.state):
            tour.problems.append(f"{said}: a card lies off the table on {' '.join(p.notation for p in outside)}")
        if recorded != expected.actions:
            made = " ".join(m.notation for m in recorded[len(expected.actions) - 1:]) or "nothing"
            tour.problems.append(f"{said}: the program's model made {made}")
        elif differs > MISMATCH_SHARE:
            tour.problems.append(f"{said}: the table differs from the position ({differs:.1%})")


def take_finish_offer(window: Window, eyes: Eyes, expected: Session, tour: Tour) -> tuple[list[Move], float]:
    """The window asks "Finish the game?" once the cards have landed and the rest can only play
    itself; a player takes the offer with its Finish button, and the window plays the rest."""
    deadline = time.monotonic() + SETTLE_SECONDS
    while eyes.table_differs(expected.state, window.shot()) <= MISMATCH_SHARE and time.monotonic() < deadline:
        time.sleep(0.05)  # the question's panel is not on the table yet
    window.click(finish_button())
    tour.gestures += 1
    while finishing := expected.rules.auto_finish(expected.state):
        expected.play(finishing[0])
        tour.moves += 1
    return settle(window, eyes, expected)


def _announced(window: Window, eyes: Eyes, won: Session) -> bool:
    """Whether the window shows more than the won table within SETTLE_SECONDS: its "You won!" panel
    covers a tenth of the table and more (the cards flying in celebration more still)."""
    deadline = time.monotonic() + SETTLE_SECONDS
    while eyes.table_differs(won.state, window.shot()) < ANNOUNCEMENT_SHARE:
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


def _wait_for_win(game: str, data: Path) -> bool:
    """Whether the program counts the win in its statistics within SETTLE_SECONDS: it does so as it
    opens its "You won!" announcement, once the last card has landed."""
    deadline = time.monotonic() + SETTLE_SECONDS
    while True:
        store, _problem = open_store(data / "store", "stats")
        try:
            won = store.statistics(game).won
        finally:
            store.close()
        if won == 1 or time.monotonic() > deadline:
            return won == 1
        time.sleep(0.1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="a game to play (again for more); default: every game a player picks")
    parser.add_argument("--deal", type=int, help="the deal to play (default: each game's tour deal)")
    parser.add_argument("--shots", type=Path, help="save a screenshot of each won game's window here")
    parser.add_argument("--left", type=int, help="resume each game saved this many moves short of its win")
    args = parser.parse_args(argv)
    games = args.game or [variant.key for variant in offered_variants()]
    tours = []
    for game in games:
        deal = args.deal if args.deal is not None else TOUR_DEALS.get(find_variant(game).key, 1)
        tour = play_one(game, deal, args.shots, args.left)
        print(tour.line(), flush=True)
        tours.append(tour)
    print(f"{sum(t.won for t in tours)} of {len(tours)} games won by mouse in {sum(t.seconds for t in tours):.0f} s")
    return 0 if all(t.passed for t in tours) else 1


if __name__ == "__main__":
    sys.exit(main())
