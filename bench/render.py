"""Issue 3's speed targets, measured: drag frame time against a floor, and start-up.

Not a test: it prints figures. Run it from the repository root:

    .venv/bin/python bench/render.py            # ~3000 drag frames, about 30 s
    .venv/bin/python bench/render.py --quick    # a few seconds
    .venv/bin/python bench/render.py --x11      # present to $DISPLAY instead of the dummy driver

What is measured (see docs in /work/shared/TESTING.md, "Measuring"):

- drag: a 13-card FreeCell run dragged at 1920x1080 through the real loop, one posted MOUSEMOTION
  event per `App.step()`, each step timed with `time.perf_counter`.
- floor: in the same process and window, interleaved with the drag in blocks so both see the same
  machine noise: clear the screen, blit the 52 cached card faces the table uses, `display.flip()`.
- startup: a fresh interpreter building an App and drawing its first frame, timed from outside
  (spawn to the line the child writes after the frame), against spawning `python -c "import pygame"`
  to its exit; the project's bytecode is compiled first, and the card faces are those the measured
  window kept when it closed (as at a player's second start). bench/idle.py measures it on a real
  window, and a first start too.

Under Xvfb, SDL presents through software OpenGL unless `SDL_FRAMEBUFFER_ACCELERATION=0` is set;
the script leaves that choice to the caller and prints what it ran with.
"""
from __future__ import annotations

import argparse
import compileall
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZE = (1920, 1080)
RUN = "KS QH JC TD 9S 8H 7C 6D 5S 4H 3C 2D AS"  # K at the base, A on top: one movable run of 13
DRAG_TARGET_RATIO = 2.0  # p99 of a drag frame within 2x the floor's p99
STARTUP_TARGET_RATIO = 2.0  # issue 16: to the first frame within twice `python -c "import pygame"`


def configure_environment(x11: bool) -> None:
    """Must run before pygame is imported (here and in the startup children, via the environment)."""
    if x11:
        if not os.environ.get("DISPLAY"):
            sys.exit("--x11 needs a DISPLAY")
        if os.environ.get("SDL_VIDEODRIVER") == "dummy":
            del os.environ["SDL_VIDEODRIVER"]
    else:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # Card faces are kept here, not in the player's cache; the measured window's close keeps them for the start-up children.
    os.environ.setdefault("SOLITAIRE_CACHE_DIR", tempfile.mkdtemp(prefix="solitaire-bench-cache-"))
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))


# -- figures -------------------------------------------------------------------------------------


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100) of a non-empty list."""
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def summary(values: list[float]) -> dict[str, float]:
    return {
        "n": len(values),
        "median": statistics.median(values),
        "p90": percentile(values, 90),
        "p99": percentile(values, 99),
        "max": max(values),
        "mean": statistics.fmean(values),
    }


def ms(seconds: float) -> str:
    return f"{seconds * 1000:7.3f}"


# -- the position and the app --------------------------------------------------------------------


def drag_position():
    """A legal full-deck FreeCell position whose first column is exactly the 13-card run."""
    from game.cards import Card, full_deck
    from game.state import State
    from game.variants import find_variant

    variant = find_variant("freecell")
    run = [Card.parse(code) for code in RUN.split()]
    rest = [card for card in full_deck() if card not in set(run)]
    columns: list[list[Card]] = [run] + [[] for _ in range(variant.columns - 1)]
    for n, card in enumerate(rest):
        columns[1 + n % (variant.columns - 1)].append(card)
    return State(tuple(tuple(c) for c in columns), (None,) * variant.cells, tuple(() for _ in range(4)), (0,) * variant.columns)


def make_app():
    """The app at 1920x1080 showing `drag_position()`, after its first frame."""
    from game.session import Session
    from game.variants import find_variant
    from sprites.window.app import App

    # Auto-play off: otherwise the ace on top of the run would fly home and the run would be 12.
    session = Session(find_variant("freecell"), 1, start=drag_position(), autoplay=False)
    app = App(session, SIZE, sound=False)
    app.step()
    while app.busy:  # nothing should animate, but never measure on top of a deal animation
        app.step()
    return app


def post(kind: int, **attrs) -> None:
    import pygame

    pygame.event.post(pygame.event.Event(kind, **attrs))


def path_point(i: int, start: tuple[int, int]) -> tuple[int, int]:
    """A smooth pointer path over the board (a slow figure of eight), a few pixels a frame."""
    w, h = SIZE
    t = i / 240
    x = start[0] + (w * 0.35) * math.sin(t)
    y = start[1] + 20 + (h * 0.25) * math.sin(2 * t) / 2 + (h * 0.15) * (1 - math.cos(t))
    return int(min(max(x, 5), w - 5)), int(min(max(y, 5), h - 5))


def lift_run(app) -> tuple[tuple[int, int], float]:
    """Press on the run's base card and move past the drag threshold.

    Returns the press point and the time of the step that lifted the run (it builds the backdrop)."""
    import pygame

    from game.cards import Card

    base = app.table.view.sprites[Card.parse(RUN.split()[0])].rect
    start = (base.centerx, base.top + 8)
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    app.step()
    post(pygame.MOUSEMOTION, pos=(start[0] + 10, start[1] + 10), rel=(10, 10), buttons=(1, 0, 0))
    t0 = time.perf_counter()
    app.step()
    lift = time.perf_counter() - t0
    drag = app.table.pointer.drag
    if drag is None or not drag.moving or drag.count != 13:
        count = None if drag is None else drag.count
        sys.exit(f"could not lift the 13-card run (drag={drag is not None}, count={count}, status={app.table.message!r})")
    return start, lift


# -- drag and floor, interleaved -----------------------------------------------------------------


def measure_lifts(app, times: int) -> list[float]:
    """Pick the run up and let go `times` times: the pickup frame builds the backdrop."""
    import pygame

    lifts = []
    for _ in range(times):
        start, lift = lift_run(app)
        lifts.append(lift)
        post(pygame.MOUSEBUTTONUP, pos=(start[0] + 10, start[1] + 10), button=1)
        app.step()
        while app.busy:
            app.step()
            time.sleep(0.005)
    return lifts


def measure_drag_and_floor(app, frames: int, block: int = 20) -> tuple[list[float], list[float], dict[str, float]]:
    """Drag frames and floor frames, alternating in blocks; also the cost of each part of a drag frame."""
    import pygame

    screen = app.screen
    view = app.table.view
    # The floor: the same 52 cached faces the table draws, at their places on the table.
    cards = [(sprite.image, sprite.rect.copy()) for sprite in view.sprites.values()]
    assert len(cards) == 52 and all(image.get_size() == view.layout.card_size for image, _ in cards)
    start, _ = lift_run(app)
    drag_times: list[float] = []
    floor_times: list[float] = []
    perf = time.perf_counter
    drawn = 0
    real_draw = app.draw

    def counting_draw() -> None:
        nonlocal drawn
        drawn += 1
        real_draw()

    app.draw = counting_draw  # every drag step must draw, or it is not a drag frame
    i = 0
    while len(drag_times) < frames:
        count = min(block, frames - len(drag_times))
        for _ in range(count):
            i += 1
            x, y = path_point(i, start)
            post(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(1, 0, 0))
            t0 = perf()
            app.step()
            drag_times.append(perf() - t0)
        for _ in range(count):
            t0 = perf()
            screen.fill((22, 102, 58))
            for image, rect in cards:
                screen.blit(image, rect)
            pygame.display.flip()
            floor_times.append(perf() - t0)
    del app.draw
    if app.table.pointer.drag is None or not app.table.pointer.drag.moving:
        sys.exit("the drag ended during the measurement")
    if drawn != frames:
        sys.exit(f"only {drawn} of {frames} drag steps drew a frame")
    parts = drag_breakdown(app, min(500, frames))
    post(pygame.MOUSEBUTTONUP, pos=path_point(i, start), button=1)
    app.step()
    while app.busy:
        app.step()
    return drag_times, floor_times, parts


def drag_breakdown(app, n: int) -> dict[str, float]:
    """Median cost of each part of a drag frame, called directly on the table (no event, no loop)."""
    import pygame

    from sprites.scene.highlights import draw_rings

    table, screen, view = app.table, app.screen, app.table.view
    sprites = table.pointer.drag.sprites
    perf = time.perf_counter

    def median_of(action) -> float:
        times = []
        for _ in range(n):
            t0 = perf()
            action()
            times.append(perf() - t0)
        return statistics.median(times)

    parts = {
        "backdrop blit": median_of(lambda: screen.blit(view.backdrop, (0, 0))),
        "shadow + 13 card blits": median_of(lambda: view.draw_lifted(screen, sprites)),
    }
    state = table.session.state
    parts["highlights"] = median_of(lambda: draw_rings(screen, view, state, *table.rings(), table.hint_move))
    parts["toolbar + status bar"] = median_of(lambda: table._draw_bars(screen))
    parts["table.draw (all)"] = median_of(lambda: table.draw(screen))
    parts["display.flip"] = median_of(pygame.display.flip)
    point = sprites[0].rect.center
    parts["drop_target"] = median_of(lambda: view.drop_target(sprites[0].rect, table.pointer.drag.src))
    grab = table.pointer.drag.grab
    pointer_at = (point[0] + grab[0], point[1] + grab[1])
    parts["motion handling"] = median_of(lambda: [table.apply(intent) for intent in table.pointer.motion(pointer_at, table)])
    return parts


# -- startup ---------------------------------------------------------------------------------------

STARTUP_SCRIPT = """
import sys
sys.path.insert(0, {root!r})
from game.session import Session
from game.variants import find_variant
from sprites.window.app import App
app = App(Session(find_variant("freecell"), 1), {size!r}, sound=False)
app.step()
sys.stdout.write("frame\\n")
sys.stdout.flush()
"""


def measure_startup(runs: int) -> tuple[list[float], list[float]]:
    """Seconds from spawning `python -c ...` to the line it writes after its first frame, and for the
    same spawn of `python -c "import pygame"` to its exit (the part no view change can save); the
    two alternate, so a machine shared with other work slows both alike."""
    code = STARTUP_SCRIPT.format(root=str(ROOT), size=SIZE)
    times, bare = [], []
    for _ in range(runs):
        t0 = time.perf_counter()
        child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, cwd=ROOT, env=os.environ.copy())
        line = child.stdout.readline()
        elapsed = time.perf_counter() - t0
        child.communicate(timeout=30)
        if line.strip() != b"frame" or child.returncode != 0:
            sys.exit(f"the startup child failed (exit {child.returncode})")
        times.append(elapsed)
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import pygame"], check=True, env=os.environ.copy())
        bare.append(time.perf_counter() - t0)
    return times, bare


# -- main ------------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--frames", type=int, default=3000, help="drag frames to time (and as many floor frames)")
    parser.add_argument("--quick", action="store_true", help="a short run: 600 frames, 5 startups")
    parser.add_argument("--startups", type=int, default=None, help="how many startups to time (15)")
    parser.add_argument("--x11", action="store_true", help="use the current DISPLAY instead of SDL's dummy driver")
    args = parser.parse_args(argv)
    frames = 600 if args.quick and args.frames == 3000 else args.frames
    startups = args.startups if args.startups is not None else (5 if args.quick else 15)
    if frames < 100:
        parser.error("--frames must be at least 100")

    configure_environment(args.x11)
    import pygame

    began = time.perf_counter()
    app = make_app()
    driver = pygame.display.get_driver()
    card_size = app.table.view.layout.card_size
    lifts = measure_lifts(app, 3 if args.quick else 7)
    drag, floor, parts = measure_drag_and_floor(app, frames)
    app.close()  # keeps the faces it drew, for the start-up children
    compileall.compile_dir(str(ROOT), quiet=1, rx=re.compile(r"[/\\](\.venv|\.git|build)[/\\]"))  # as an installed copy has it
    start_times, bare_times = measure_startup(startups)
    bare = statistics.median(bare_times)
    start_ratio = statistics.median(start_times) / bare

    d, f = summary(drag), summary(floor)
    ratio = d["p99"] / f["p99"]
    accel = os.environ.get("SDL_FRAMEBUFFER_ACCELERATION", "(unset)")
    print(f"pygame-ce {pygame.version.ver}, SDL {'.'.join(map(str, pygame.get_sdl_version()))}, video driver {driver!r}, "
          f"SDL_FRAMEBUFFER_ACCELERATION={accel}, {os.cpu_count()} CPUs")
    print(f"window {SIZE[0]}x{SIZE[1]}, cards {card_size[0]}x{card_size[1]}, drag of 13 cards, "
          "blocks of 20 frames interleaved with the floor")
    print()
    print(f"{'frame time (ms)':<34}{'n':>6} {'median':>8} {'p90':>8} {'p99':>8} {'max':>8}")
    for name, row in (("drag: App.step + MOUSEMOTION", d), ("floor: fill + 52 blits + flip", f)):
        print(f"{name:<34}{row['n']:>6} {ms(row['median']):>8} {ms(row['p90']):>8} {ms(row['p99']):>8} {ms(row['max']):>8}")
    print()
    print(f"{'pickup frame (builds the backdrop)':<34}{len(lifts):>6} {ms(statistics.median(lifts)):>8}"
          f"{'':>9}{'':>9} {ms(max(lifts)):>8}")
    print()
    print("drag frame, part by part (median ms, called directly):")
    for name, value in parts.items():
        print(f"  {name:<32}{ms(value):>8}")
    print()
    verdict = lambda ok: "MET" if ok else "NOT MET"  # noqa: E731
    print(f"{'target':<44}{'figure':>14}  result")
    print(f"{'drag p99 / floor p99 <= 2':<44}{ratio:>13.2f}x  {verdict(ratio <= DRAG_TARGET_RATIO)}")
    print(f"{'  (median / floor median, for reference)':<44}{d['median'] / f['median']:>13.2f}x")
    startup_target = f"startup to first frame / import pygame <= {STARTUP_TARGET_RATIO:g}"
    print(f"{startup_target:<44}{start_ratio:>13.2f}x  {verdict(start_ratio <= STARTUP_TARGET_RATIO)}"
          f"  (median {statistics.median(start_times) * 1000:.0f} ms, min {min(start_times) * 1000:.0f}, "
          f"max {max(start_times) * 1000:.0f}; 'import pygame' alone {bare * 1000:.0f} ms)")
    print(f"  taken: App built directly, {driver} video at {SIZE[0]}x{SIZE[1]}, bytecode compiled, medians of {startups} runs "
          "alternating with 'import pygame'; the real window and main.py: bench/idle.py")
    print("  idle CPU is bench/idle.py's, on Xvfb: under the dummy driver SDL cannot block, and the loop sleeps in slices")
    if args.x11 and accel == "(unset)":
        print("\nnote: under Xvfb SDL presents through software OpenGL; "
              "SDL_FRAMEBUFFER_ACCELERATION=0 measures the framebuffer path")
    print(f"\n(took {time.perf_counter() - began:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
