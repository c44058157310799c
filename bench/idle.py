"""Issue 16's targets, measured: a window that costs nothing at rest and opens at once.

Not a test: it prints figures and MET / NOT MET. Run it from the repository root:

    .venv/bin/python bench/idle.py            # about two minutes
    .venv/bin/python bench/idle.py --quick    # shorter windows of time, fewer runs

Needs Xvfb and xdotool (Debian: xvfb xdotool). What is measured:

- idle: the program as a player starts it (`main.py --game freecell --deal 1`) on a private Xvfb,
  sound on and sound off (`--mute`), one move made with a real double-click so the clock runs and the
  background search has answered; then the CPU of the window's process and of its search worker
  (utime + stime of every thread, from /proc/PID/task/TID/stat) over 20 s, each thread's share, and
  the system calls of every thread of the window counted by `strace -f -c` over a separate stretch
  (when strace is installed).
- latency: in this process, on the same kind of window, the real loop (`App.run`) with pointer
  events posted from another thread at random moments: the time from each post to the end of the
  next frame presented. At rest, and during a drag (a motion event every 8 ms, as a 125 Hz mouse).
- start-up: a fresh interpreter to its first frame, timed from outside from the spawn to the line the
  child writes after the frame, against the same spawn of `python -c "import pygame"`; the project's
  bytecode is compiled first (compileall), as an installed copy has it; runs interleaved, medians
  (and, less sensitive to a busy machine, the least times and the children's CPU seconds, exit
  included). Children: the App built directly (as bench/render.py does), main.py itself (its App
  stops after the first frame; nothing is imported ahead of it), both with the faces an earlier run
  kept, and main.py with none kept (a player's very first start).
- Solve: moves a second the solver plays at each animation speed, through the real loop.
"""
from __future__ import annotations

import argparse
import compileall
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from render import STARTUP_SCRIPT  # noqa: E402

SIZE = (1280, 800)
IDLE_TARGET_PERCENT = 0.1
FRAME_MS = 1000 / 60
STARTUP_TARGET_RATIO = 2.0
FIRST_START = "main.py play, no faces kept yet"
HZ = os.sysconf("SC_CLK_TCK")


def verdict(ok: bool) -> str:
    return "MET" if ok else "NOT MET"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(q / 100 * len(ordered)) - 1))]


# -- idle: the real program on Xvfb ------------------------------------------------------------------


def cpu_ticks(path: str) -> int:
    with open(path) as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of the whole line)


def family(pid: int) -> list[int]:
    """The process and its descendants (the background search's worker process among them)."""
    found = [pid]
    for member in found:
        for task in Path(f"/proc/{member}/task").glob("*"):
            try:
                found += [int(child) for child in (task / "children").read_text().split()]
            except OSError:
                pass
    return found


def threads(pid: int) -> dict[str, str]:
    """"pid/tid" -> name, for every thread of the process and of its descendants."""
    named = {}
    for member in family(pid):
        for task in Path(f"/proc/{member}/task").glob("*"):
            try:
                named[f"{member}/{task.name}"] = (task / "comm").read_text().strip() + ("" if member == pid else " (worker)")
            except OSError:
                pass
    return named


def first_move_point() -> tuple[int, int]:
    """The top card of FreeCell deal 1's first column (a double-click sends it to a free cell)."""
    from game.moves import column
    from game.variants import find_variant, rules_for
    from sprites.window.layout import compute_layout

    variant = find_variant("freecell")
    state = rules_for(variant).deal(1)
    rect = compute_layout(*SIZE, variant).card_rects(column(0), len(state.columns[0]))[-1]
    return rect.centerx, rect.centery


def measure_idle(display: str, mute: bool, seconds: float, strace_seconds: float) -> dict:
    """Start the program, make one move, let it settle, then watch it: CPU, threads, system calls."""
    from tools.xwindow import find_window, xdo

    env = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy"}
    with tempfile.TemporaryDirectory() as data:
        command = [sys.executable, "main.py", "--game", "freecell", "--deal", "1", "--data-dir", data,
                   "--size", f"{SIZE[0]}x{SIZE[1]}"] + (["--mute"] if mute else [])
        app = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            window = find_window(env, app.pid)
            time.sleep(1.5)  # the deal's animation
            x, y = first_move_point()
            xdo(env, "mousemove", "--window", window, str(x), str(y), "click", "--repeat", "2", "--delay", "80", "1")
            time.sleep(4)  # the move's animation and sound, the search's answer, any quiet spell before the mixer closes
            names = threads(app.pid)
            before = {key: cpu_ticks(f"/proc/{key.split('/')[0]}/task/{key.split('/')[1]}/stat") for key in names}
            wall0 = time.monotonic()
            time.sleep(seconds)
            wall1 = time.monotonic()
            names.update(threads(app.pid))
            per_thread: dict[str, int] = {}
            for key, name in names.items():
                member, tid = key.split("/")
                try:
                    ticks = cpu_ticks(f"/proc/{member}/task/{tid}/stat") - before.get(key, 0)
                except OSError:
                    continue
                per_thread[name] = per_thread.get(name, 0) + ticks
            calls = count_syscalls(app.pid, strace_seconds) if strace_seconds else None
            alive = app.poll() is None
        finally:
            app.kill()
            _, err = app.communicate()
    if not alive:
        sys.exit(f"the program stopped during the measurement: {err.decode(errors='replace')[-400:]}")
    return {
        "percent": 100 * sum(per_thread.values()) / HZ / (wall1 - wall0),
        "seconds": wall1 - wall0,
        "threads": per_thread,
        "calls": calls,
    }


def count_syscalls(pid: int, seconds: float) -> tuple[float, list[tuple[str, int]]] | None:
    """System calls a second over all threads (`strace -f -c`), and the commonest few."""
    if shutil.which("strace") is None:
        return None
    with tempfile.NamedTemporaryFile("r", suffix=".txt") as out:
        subprocess.run(["timeout", "-s", "INT", str(seconds), "strace", "-f", "-c", "-p", str(pid), "-o", out.name],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        rows = []
        for line in out.read().splitlines():
            parts = line.split()
            if len(parts) >= 5 and parts[0][0].isdigit() and parts[-1] != "total":
                rows.append((parts[-1], int(parts[3])))
    total = sum(n for _, n in rows)
    return total / seconds, sorted(rows, key=lambda r: -r[1])[:4]


# -- latency: the real loop in this process ----------------------------------------------------------


def measure_latency(display: str, events: int, drag: bool) -> list[float]:
    """Milliseconds from posting a pointer event to the end of the next frame presented."""
    os.environ.update({"DISPLAY": display, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy"})
    import pygame

    from game.session import Session
    from game.variants import find_variant
    from sprites.window.app import App

    app = App(Session(find_variant("freecell"), 1), SIZE, sound=False)
    settle_until = time.monotonic() + 10
    while (app.busy or app.solver.winnability(app.table.session.state) is None) and time.monotonic() < settle_until:
        app.step()
        time.sleep(0.01)
    frames: list[float] = []
    flip, update = pygame.display.flip, pygame.display.update

    def timed(present):
        def call(*args):
            result = present(*args)
            frames.append(time.perf_counter())
            return result
        return call

    posted: list[float] = []
    start = first_move_point()

    def post_events() -> None:
        time.sleep(0.3)
        if drag:
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
            time.sleep(0.05)
        for i in range(events):
            time.sleep(0.008 if drag else random.uniform(0.05, 0.25))
            pos = (start[0] + i % 200, start[1] - i % 150) if drag else (20 + i % 400, 300 + i % 200)
            posted.append(time.perf_counter())
            buttons = (1, 0, 0) if drag else (0, 0, 0)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=buttons))
        time.sleep(0.3)
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    poster = threading.Thread(target=post_events)
    pygame.display.flip, pygame.display.update = timed(flip), timed(update)
    try:
        poster.start()
        app.run()
    finally:
        pygame.display.flip, pygame.display.update = flip, update
        poster.join()
    latencies = []
    for t in posted:
        after = [f for f in frames if f >= t]
        if after:
            latencies.append((after[0] - t) * 1000)
    return latencies


# -- start-up ----------------------------------------------------------------------------------------

DIRECT_CHILD = STARTUP_SCRIPT  # the App built directly, exactly as bench/render.py times it

CLI_CHILD = """
import sys
sys.path.insert(0, {root!r})


class FirstFrameOnly:
    \"\"\"Once the play path imports sprites.window.app, its App stops after the first frame: the child then
    runs exactly as main.py does (nothing imported ahead of it, in its order).\"\"\"

    def find_spec(self, name, path, target=None):
        if name != "sprites.window.app":
            return None
        sys.meta_path.remove(self)
        import importlib.util
        spec = importlib.util.find_spec(name)
        load = spec.loader.exec_module

        def exec_module(module):
            load(module)
            module.App.run = first_frame
        spec.loader.exec_module = exec_module
        return spec


def first_frame(app):
    app.step()
    sys.stdout.write("frame\\n")
    sys.stdout.flush()
    app.close()


sys.meta_path.insert(0, FirstFrameOnly())
sys.argv = ["main.py", "--game", "freecell", "--deal", "1", "--size", "{w}x{h}", "--data-dir", {data!r}]
exec(compile(open({main!r}).read(), {main!r}, "exec"), {{"__name__": "__main__"}})
"""


def spawn(code: str, env: dict, line_expected: bool = True) -> tuple[float, float]:
    """(wall seconds from the spawn to the child's line, the child's whole CPU seconds, exit included)."""
    t0 = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, env=env)
    line = child.stdout.readline()
    elapsed = time.perf_counter() - t0
    err = child.stderr.read()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    if line_expected and line.strip() != b"frame" or child.returncode != 0:
        sys.exit(f"the start-up child failed (exit {child.returncode}): {err.decode(errors='replace')[-400:]}")
    return elapsed, usage.ru_utime + usage.ru_stime


def measure_startup(display: str, runs: int) -> dict[str, tuple[float, float, float]]:
    """Per child: (median wall, least wall, median CPU) seconds, runs interleaved so all see the same machine."""
    compileall.compile_dir(str(ROOT), quiet=1, rx=__import__("re").compile(r"[/\\](\.venv|\.git|build)[/\\]"))
    env = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy"}
    times: dict[str, list[tuple[float, float]]] = {"import pygame": [], "App directly": [], "main.py play": [], FIRST_START: []}
    with tempfile.TemporaryDirectory() as data:
        children = {
            "import pygame": "import pygame; print('frame', flush=True)",
            "App directly": DIRECT_CHILD.format(root=str(ROOT), size=SIZE),
            "main.py play": CLI_CHILD.format(root=str(ROOT), w=SIZE[0], h=SIZE[1], data=data, main=str(ROOT / "main.py")),
        }
        spawn(children["main.py play"], env)  # the first run creates the data folder and settings, and keeps the faces
        for _ in range(runs):
            for name, code in children.items():
                times[name].append(spawn(code, env))
            with tempfile.TemporaryDirectory() as empty:  # no faces kept yet: a player's very first start
                times[FIRST_START].append(spawn(children["main.py play"], {**env, "SOLITAIRE_CACHE_DIR": empty}))
    return {name: (statistics.median(w for w, _ in values), min(w for w, _ in values), statistics.median(c for _, c in values))
            for name, values in times.items()}


# -- Solve ---------------------------------------------------------------------------------------------


def measure_solve_pace(speed: float, seconds: float) -> float:
    """Moves a second while the solver plays FreeCell deal 1, through the real loop (dummy video)."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    import pygame

    from game.session import Session
    from game.variants import find_variant
    from sprites.window.app import App

    app = App(Session(find_variant("freecell"), 1, autoplay=False), SIZE, sound=False, speed=speed)
    deadline = time.monotonic() + 10
    while (app.busy or app.solver.winnability(app.table.session.state) is None) and time.monotonic() < deadline:
        app.step()
        time.sleep(0.01)
    app.table.assistant.solve_rest()
    played = []
    threading.Timer(seconds, lambda: pygame.event.post(pygame.event.Event(pygame.QUIT))).start()
    real_try_move = app.table.try_move

    def counted(*args, **kwargs):
        played.append(time.perf_counter())
        return real_try_move(*args, **kwargs)

    app.table.try_move = counted
    app.run()
    if len(played) < 3:
        return 0.0
    return (len(played) - 1) / (played[-1] - played[0])


# -- main ----------------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="5 s idle windows, fewer events and start-ups")
    parser.add_argument("--only", choices=("idle", "latency", "startup", "solve"), action="append", help="measure only these")
    args = parser.parse_args(argv)
    parts = set(args.only or ("idle", "latency", "startup", "solve"))
    os.environ["SOLITAIRE_CACHE_DIR"] = tempfile.mkdtemp(prefix="solitaire-bench-cache-")  # never the player's kept faces
    missing = [tool for tool in ("Xvfb", "xdotool") if shutil.which(tool) is None]
    if missing:  # `make bench` runs every script: say so and carry on
        print(f"bench/idle.py skipped: needs {' and '.join(missing)} (Debian: xvfb xdotool)")
        return 0
    from tools.xwindow import xvfb

    accel = os.environ.get("SDL_FRAMEBUFFER_ACCELERATION", "(unset)")  # before a window in this process may set it
    idle_seconds, strace_seconds = (5.0, 3.0) if args.quick else (20.0, 10.0)
    lines: list[str] = []
    began = time.perf_counter()

    def result(name: str, figure: str, ok: bool | None, note: str = "") -> None:
        lines.append(f"{name:<66}{figure:>14}  {'' if ok is None else verdict(ok):<8}{note}")

    with xvfb() as display:
        if "idle" in parts:
            for mute in (False, True):
                idle = measure_idle(display, mute, idle_seconds, strace_seconds)
                label = "sound off" if mute else "sound on"
                by_ticks = sorted(idle["threads"].items(), key=lambda kv: -kv[1])
                busy = ", ".join(f"{name} {ticks}" for name, ticks in by_ticks if ticks)
                result(f"idle CPU, {label}, {idle['seconds']:.0f} s, % of a core <= {IDLE_TARGET_PERCENT}",
                       f"{idle['percent']:.3f}%", idle["percent"] <= IDLE_TARGET_PERCENT,
                       f"(ticks of 1/{HZ} s: {busy or 'none'})")
                audio = sorted(name for name in idle["threads"] if name.startswith("SDLAudio"))
                result(f"  audio threads at rest, {label}", str(len(audio)), not audio, " ".join(audio))
                if idle["calls"] is not None:
                    rate, top = idle["calls"]
                    calls = " ".join(f"{n}:{c}" for n, c in top)
                    result(f"  system calls a second, {label} (strace -f)", f"{rate:.1f}", None, calls)
        if "latency" in parts:
            for drag in (False, True):
                latencies = measure_latency(display, 60 if args.quick else 200, drag)
                label = "during a drag, motion every 8 ms" if drag else "at rest"
                if not latencies:
                    result(f"pointer event to frame, {label}", "no frames", False)
                    continue
                p50, p99 = statistics.median(latencies), percentile(latencies, 99)
                if drag:  # frames paced at 60 Hz: an event may wait up to a frame for its slot, then the drawing
                    result(f"pointer event to frame, {label}, median <= {FRAME_MS:.1f} ms", f"{p50:.1f} ms", p50 <= FRAME_MS,
                           f"(p99 {p99:.1f} ms, max {max(latencies):.1f}, n {len(latencies)})")
                else:
                    result(f"pointer event to frame, {label}, p99 <= {FRAME_MS:.1f} ms", f"{p99:.1f} ms", p99 <= FRAME_MS,
                           f"(median {p50:.1f} ms, max {max(latencies):.1f}, n {len(latencies)})")
        if "startup" in parts:
            runs = 5 if args.quick else 21
            figures = measure_startup(display, runs)
            bare = figures["import pygame"]
            for name in ("App directly", "main.py play", FIRST_START):
                wall, least, cpu = figures[name]
                ratio = wall / bare[0]
                result(f"start-up to first frame, {name}, <= {STARTUP_TARGET_RATIO:g}x", f"{ratio:.2f}x",
                       ratio <= STARTUP_TARGET_RATIO,
                       f"(median {wall * 1000:.0f} ms against 'import pygame' {bare[0] * 1000:.0f}; "
                       f"least {least / bare[1]:.2f}x; CPU {cpu / bare[2]:.2f}x)")
            result(f"  taken: bytecode compiled, Xvfb {SIZE[0]}x{SIZE[1]}, from spawn to the line written after the first frame, "
                   f"medians of {runs} runs of each child interleaved with 'import pygame'", "", None)
    if "solve" in parts:
        paces = {speed: measure_solve_pace(speed, 2.0 if args.quick else 4.0) for speed in (0.5, 1.0, 3.0)}
        follows = paces[1.0] > 0 and all(abs(paces[s] / paces[1.0] / s - 1) < 0.25 for s in paces)
        result("Solve follows the animation speed (moves/s ~ speed)", f"{paces[1.0]:.1f}/s", follows,
               "(" + ", ".join(f"x{s:g}: {p:.1f} moves/s" for s, p in paces.items()) + ")")

    import pygame

    print(f"pygame-ce {pygame.version.ver}, SDL {'.'.join(map(str, pygame.get_sdl_version()))}, {os.cpu_count()} CPUs, "
          f"window {SIZE[0]}x{SIZE[1]}, SDL_FRAMEBUFFER_ACCELERATION={accel} when started")
    print()
    print(f"{'target':<66}{'figure':>14}  result")
    print("\n".join(lines))
    print(f"\n(took {time.perf_counter() - began:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
