"""Solver figures: solve rate, time percentiles and solution lengths over numbered deals.

    python bench/solver.py                  # every target below, on its own deals and budget
    python bench/solver.py --deals 100      # fewer deals (every game from 1; a sample shows no MET)
    python bench/solver.py --games freecell golf-strict --time-limit 30
    python bench/solver.py --games klondike klondike-draw3 --deals 200 --skip-11982 --window-frames 0

Times are CPU seconds of this process (time.process_time), the figure that counts on a shared
machine. At the end each target below is printed with its figure and MET / NOT MET (a target whose
deals were not all run is marked "not run"; lengths count every move written out, a supermove as one
and every card sent home as one, as Freecell Solver counts them):

    FreeCell (Microsoft deals 1..32000): every deal decided, slowest <= 1 s, median <= 3 ms, no
      solution over 150 moves; mean length over deals 1..1000 <= 99
    FreeCell 11982: proven unsolvable in <= 0.5 s and <= 90,000 positions
    Baker's Game 1..1000: 766 solved, 234 proven unsolvable, slowest <= 0.5 s
    Golf and strict Golf 1..1000: every deal decided, slowest <= 0.5 s
    Klondike draw 1 and draw 3 1..1000: >= 99% of deals decided within the window's 4 s of CPU

By default each game runs the deals its target names (FreeCell 1..32000, the others 1..1000), and
each deal may take 60 s of CPU, except Klondike's, which get the window's budget (4 s,
`game.solver.background.WINDOW_CPU_LIMIT`): its target is about what the window can tell a player.
`--deals` and `--time-limit` set one value for every game. When `fc-solve` is on PATH (Debian:
freecell-solver-bin) its figures for the same FreeCell-family deals (the first 1,000 of them: it is
a process per deal) are printed beside ours.

Then the window (dummy video): drag frames through the real loop with the background search busy
in its worker process against without, alternating in blocks (target: p99 within 1.2x), and the
window process's own CPU while it waits for events with a search running (target <= 1 %).
`--window-frames 0` leaves this out.
"""
from __future__ import annotations

import argparse
import itertools
import os
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from types import ModuleType
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game.rules import Rules
from game.solver import SolveResult, Status, compiled, solve
from game.solver.background import WINDOW_CPU_LIMIT
from game.state import State
from game.variants import all_variants, find_variant, rules_for

FC_SOLVE_PRESETS = {"freecell": [], "bakers-game": ["--game", "bakers_game"]}
FC_SOLVE_DEALS = 1000  # fc-solve starts a process per deal: the comparison takes the first this many
GAMES = ("freecell", "bakers-game", "golf", "golf-strict", "klondike", "klondike-draw3")
TARGET_DEALS = {"freecell": 32000}  # deals from 1 each game's target names; the others 1000
TIME_LIMIT = 60.0  # CPU seconds a deal may take, but Klondike's (WINDOW_CPU_LIMIT)
NO_FC_SOLVE = False


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


@dataclass
class Figures:
    """One game's figures, for its targets (`print_targets`): CPU seconds, deal numbers, moves."""

    deals: range
    counts: dict[Status, int]
    median: float
    slowest: tuple[float, int]  # seconds, deal
    time_limit: float
    longest: tuple[int, int]  # moves, deal
    mean_1000: float | None  # mean solution length over deals 1..1000, when they were run


def bench_game(game: str, deals: range, time_limit: float) -> Figures:
    """Solve every deal, print the figures, and return them for the targets."""
    variant = find_variant(game)
    rules = rules_for(variant)
    seconds: list[float] = []
    lengths: list[int] = []
    first_thousand: list[int] = []
    counts = dict.fromkeys(Status, 0)
    slowest = (0.0, 0)
    longest = (0, 0)
    for number in deals:
        state = rules.deal(number)
        started = time.process_time()
        result = solve(rules, state, cpu_limit=time_limit)
        cpu = time.process_time() - started
        counts[result.status] += 1
        seconds.append(cpu)
        slowest = max(slowest, (cpu, number))
        if result.solved:
            lengths.append(len(result.moves))
            longest = max(longest, (len(result.moves), number))
            if number <= 1000:
                first_thousand.append(len(result.moves))
    print(f"{variant.name}, deals {deals.start}..{deals.stop - 1}:")
    # Klondike's figures are about twice as good compiled, FreeCell's a quarter (game/solver/compiled.py);
    # which copy answered is known once `solve` has loaded it, falling back to the plain one if need be.
    searched_by = variant.family.solver[0]
    module = sys.modules.get(f"game.solver.{searched_by}")
    if searched_by in compiled.MODULES and module is not None:
        plain = (module.__file__ or "").endswith(".py")
        print("  solver:", "plain Python (`make compiled` builds it)" if plain else "compiled by mypyc")
    decided = counts[Status.SOLVED] + counts[Status.UNSOLVABLE]
    print(f"  solved {counts[Status.SOLVED]}, proven unsolvable {counts[Status.UNSOLVABLE]}, "
          f"unknown {counts[Status.UNKNOWN]} ({100 * decided / len(deals):.1f}% decided)")
    print(f"  time: median {statistics.median(seconds) * 1000:.1f} ms, p99 {percentile(seconds, 0.99) * 1000:.0f} ms, "
          f"mean {statistics.mean(seconds) * 1000:.1f} ms, max {slowest[0]:.2f} s (deal {slowest[1]}), "
          f"total {sum(seconds):.1f} s")
    if lengths:
        print(f"  solution length: mean {statistics.mean(lengths):.1f}, median {statistics.median(lengths):.0f}, "
              f"max {max(lengths)} moves")
    figures = Figures(deals, counts, statistics.median(seconds), slowest, time_limit, longest,
                      statistics.mean(first_thousand) if first_thousand else None)
    if variant.key in FC_SOLVE_PRESETS and not NO_FC_SOLVE:
        fc_solve = shutil.which("fc-solve")
        if fc_solve is None:
            print("  fc-solve: not on PATH, no comparison")
        else:
            bench_fc_solve(fc_solve, rules, deals[:FC_SOLVE_DEALS], FC_SOLVE_PRESETS[variant.key])
    return figures


def bench_fc_solve(program: str, rules: Rules, deals: range, options: list[str]) -> None:
    """The same deals through fc-solve, timed from outside (process start included)."""
    seconds: list[float] = []
    solved = failed = 0
    for number in deals:
        board = rules.to_text(rules.deal(number))
        started = time.perf_counter()
        done = subprocess.run([program, *options, "-"], input=board, capture_output=True, text=True)
        seconds.append(time.perf_counter() - started)
        solved += "This game is solveable" in done.stdout
        failed += "I could not solve this game" in done.stdout
    print(f"  fc-solve, deals {deals.start}..{deals.stop - 1}: solved {solved}, could not solve {failed}, "
          f"median {statistics.median(seconds) * 1000:.1f} ms, p99 {percentile(seconds, 0.99) * 1000:.0f} ms "
          "(process start included)")


def bench_11982(time_limit: float) -> tuple[SolveResult, float]:
    rules = rules_for(find_variant("freecell"))
    state = rules.deal(11982)
    started = time.process_time()
    result = solve(rules, state, cpu_limit=time_limit)
    cpu = time.process_time() - started
    print(f"FreeCell 11982: {result.summary()}; {cpu:.3f} s CPU")
    return result, cpu


def verdict(met: bool | None) -> str:
    return "not run" if met is None else "MET" if met else "NOT MET"


def print_targets(figures: dict[str, Figures], deal_11982: tuple[SolveResult, float] | None) -> None:
    """Each target of the solver issue with this run's figure."""
    print("Targets (CPU time):")

    def line(name: str, figure: str, met: bool | None) -> None:
        print(f"  {verdict(met):8} {name}: {figure}")

    fc = figures.get("freecell")
    if fc is not None:
        deals, counts = fc.deals, fc.counts
        whole = deals.start == 1 and deals.stop - 1 >= 32000 and deals.step == 1
        sample = "" if whole else f" (deals {deals.start}..{deals.stop - 1} step {deals.step}: not the 32000 target's range)"
        decided = counts[Status.SOLVED] + counts[Status.UNSOLVABLE]

        def judged(ok: bool) -> bool | None:
            return ok if whole or not ok else None  # a sample can show a miss, never prove a hit

        line("FreeCell every deal decided", f"{decided} of {len(deals)}{sample}", judged(decided == len(deals)))
        line("FreeCell slowest <= 1 s", f"{fc.slowest[0]:.2f} s (deal {fc.slowest[1]}){sample}",
             judged(fc.slowest[0] <= 1.0))
        line("FreeCell median <= 3 ms", f"{fc.median * 1000:.1f} ms{sample}", fc.median <= 0.003 if whole else None)
        line("FreeCell no solution over 150 moves", f"longest {fc.longest[0]} (deal {fc.longest[1]}){sample}",
             judged(fc.longest[0] <= 150))
        has_thousand = deals.start == 1 and deals.stop > 1000 and deals.step == 1
        mean = fc.mean_1000
        line("FreeCell mean length over 1..1000 <= 99", "not run" if not has_thousand or mean is None else f"{mean:.1f} moves",
             None if not has_thousand or mean is None else mean <= 99)
    if deal_11982 is not None:
        result, cpu = deal_11982
        proven = result.status is Status.UNSOLVABLE
        line("FreeCell 11982 proven lost in <= 0.5 s", f"{cpu:.2f} s, {result.status.value}", proven and cpu <= 0.5)
        line("FreeCell 11982 in <= 90,000 positions", f"{result.positions:,} positions", proven and result.positions <= 90_000)
    bakers = figures.get("bakers-game")
    if bakers is not None:
        counts = bakers.counts
        whole = bakers.deals == range(1, 1001)
        line("Baker's Game 1..1000: 766 solved, 234 proven unsolvable",
             f"{counts[Status.SOLVED]} solved, {counts[Status.UNSOLVABLE]} unsolvable, {counts[Status.UNKNOWN]} unknown",
             (counts[Status.SOLVED], counts[Status.UNSOLVABLE]) == (766, 234) if whole else None)
        line("Baker's Game slowest <= 0.5 s", f"{bakers.slowest[0]:.2f} s (deal {bakers.slowest[1]})",
             bakers.slowest[0] <= 0.5 if whole or bakers.slowest[0] > 0.5 else None)
    for key, name in (("klondike", "Klondike draw 1"), ("klondike-draw3", "Klondike draw 3")):
        klondike = figures.get(key)
        if klondike is not None:
            deals, counts = klondike.deals, klondike.counts
            whole = deals == range(1, 1001)
            share = (counts[Status.SOLVED] + counts[Status.UNSOLVABLE]) / len(deals)
            limit = klondike.time_limit
            sample = "" if whole else f" (deals {deals.start}..{deals.stop - 1} step {deals.step}: not the target's 1..1000)"
            line(f"{name} >= 99% decided within {WINDOW_CPU_LIMIT:g} s CPU", f"{100 * share:.1f}% within {limit:g} s{sample}",
                 share >= 0.99 and limit <= WINDOW_CPU_LIMIT if whole else None)
    for key, name in (("golf", "Golf"), ("golf-strict", "Strict Golf")):
        golf = figures.get(key)
        if golf is not None:
            whole = golf.deals == range(1, 1001)
            undecided = golf.counts[Status.UNKNOWN]
            ok = undecided == 0 and golf.slowest[0] <= 0.5
            line(f"{name} 1..1000 every deal decided, slowest <= 0.5 s",
                 f"{golf.slowest[0]:.2f} s (deal {golf.slowest[1]}), {undecided} unknown", ok if whole or not ok else None)


WINDOW_RATIO_TARGET = 1.2  # the drag's p99 with a search running, against without
IDLE_TARGET_PERCENT = 1.0  # bench/render.py's idle target, here with the worker searching
# Deals searched next to the drag, over and over: each busy block needs one the worker is still on
# after SEARCHING_AFTER seconds, and a fast machine decides most deals sooner (draw 3 has more slow ones).
HARD = ("klondike-draw3", range(1, 1001))
SEARCHING_AFTER = 0.3
BLOCK = 50  # drag frames timed in each block, with a search running or without
# Frames drawn untimed at the start of each block: the bench has just waited (a busy block up to
# SEARCHING_AFTER, for a slow deal), and the first frames after a wait find the caches cold.
WARM_UP = 5


def worker_cpu(pid: int | None) -> float:
    """CPU seconds of another process, from /proc (Linux); 0 when it has not started."""
    if pid is None:
        return 0.0
    with open(f"/proc/{pid}/stat") as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def load_render() -> ModuleType:
    """bench/render.py, whose drag through the real loop this bench reuses, set up for dummy video."""
    import importlib.util

    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "render.py")
    spec = importlib.util.spec_from_file_location("render_bench", path)
    assert spec is not None and spec.loader is not None
    render = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(render)
    render.configure_environment(x11=False)
    return render


class SearchSwitch:
    """Keeps the background worker searching a slow deal, or leaves it idle, between drag blocks."""

    def __init__(self) -> None:
        from game.solver.background import WinnabilityWatcher

        self.rules = rules_for(find_variant(HARD[0]))
        self.watcher = WinnabilityWatcher(self.rules, cpu_limit=600)
        self.hard = itertools.cycle(HARD[1])
        self.fresh = itertools.count(HARD[1].stop)  # deals never asked about, for the blocks without a search
        self.state: State | None = None

    def _ask(self, state: State) -> None:
        """Ask about `state` and wait until it is answered or SEARCHING_AFTER has passed."""
        self.watcher.request(state)
        asked = time.perf_counter()
        while self.watcher.is_searching(state) and time.perf_counter() - asked < SEARCHING_AFTER:
            time.sleep(0.01)

    def keep_searching(self) -> None:
        while self.state is None or not self.watcher.is_searching(self.state):
            self.state = self.rules.deal(next(self.hard))
            if self.watcher.answer(self.state) is not None:
                continue  # decided in an earlier round: it cannot keep the worker busy
            # A deal still searched after SEARCHING_AFTER is a slow one; the next block without a
            # search cuts it short (`stop_searching`), which leaves it unanswered, so a later round
            # searches it again.
            self._ask(self.state)

    def stop_searching(self) -> None:
        """Leave the worker idle. Only a new request stops a search, and asking about a position
        answered before sends none, so each block asks about a deal never asked about and waits
        for its answer (or, when it is a slow one too, asks about the next)."""
        self.state = None
        while True:
            probe = self.rules.deal(next(self.fresh))
            self._ask(probe)
            if self.watcher.answer(probe) is not None:
                return


@dataclass
class DragTimes:
    """Frame times of the drag blocks without a search (False) and with one (True), the blocks'
    wall seconds and the worker's CPU seconds meanwhile."""

    frames: dict[bool, list[float]]
    wall: dict[bool, float]
    worker: dict[bool, float]


def time_drag(render: ModuleType, app: Any, switch: SearchSwitch, frames: int, start: Any) -> tuple[DragTimes, int]:
    """Alternating blocks of drag frames without a search and with one, until `frames` of each;
    returns the times and the number of the last point of the drag's path."""
    import pygame

    times = DragTimes({False: [], True: []}, {False: 0.0, True: 0.0}, {False: 0.0, True: 0.0})
    i = 0
    while len(times.frames[True]) < frames:
        for searching in (False, True):
            if searching:
                switch.keep_searching()
            else:
                switch.stop_searching()
            began, worker_began = time.perf_counter(), worker_cpu(switch.watcher.worker_pid)
            for frame in range(WARM_UP + BLOCK):
                i += 1
                x, y = render.path_point(i, start)
                render.post(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(1, 0, 0))
                t0 = time.perf_counter()
                app.step()
                if frame >= WARM_UP:
                    times.frames[searching].append(time.perf_counter() - t0)
            times.wall[searching] += time.perf_counter() - began
            times.worker[searching] += worker_cpu(switch.watcher.worker_pid) - worker_began
    return times, i


def idle_percent(app: Any, switch: SearchSwitch, seconds: float = 3.0) -> float:
    """The window's own CPU, in % of a core, while it waits for events with a search running."""
    switch.keep_searching()
    own = time.process_time()
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        app.step(block=True)
    return 100 * (time.process_time() - own) / (time.perf_counter() - began)


def bench_window(frames: int) -> list[tuple[str, str, bool | None]]:
    """Drag frames through the real loop (bench/render.py's drag, dummy video) with no search and
    with the background search busy in its worker, in alternating blocks; and the window's own CPU
    while it waits for events with a search running."""
    render = load_render()
    import pygame

    app = render.make_app()
    app.solver.analyse = False
    app.solver.close()
    switch = SearchSwitch()
    start, _ = render.lift_run(app)
    times, i = time_drag(render, app, switch, frames, start)
    render.post(pygame.MOUSEBUTTONUP, pos=render.path_point(i, start), button=1)
    app.step()
    while app.busy:
        app.step()
    idle = idle_percent(app, switch)
    switch.watcher.close()
    quiet, busy = times.frames[False], times.frames[True]
    p99_quiet, p99_busy = percentile(quiet, 0.99), percentile(busy, 0.99)
    ratio = p99_busy / p99_quiet
    used = {searching: 100 * times.worker[searching] / max(times.wall[searching], 1e-9) for searching in (False, True)}
    print(f"Window: drag p50 {statistics.median(quiet) * 1000:.2f} ms without a search, {statistics.median(busy) * 1000:.2f} ms "
          f"with one; p99 {p99_quiet * 1000:.2f} / {p99_busy * 1000:.2f} ms; the worker used {used[True]:.0f} % "
          f"of a core in the blocks with a search and {used[False]:.0f} % in those without")
    return [
        (f"window drag p99 with a search running <= {WINDOW_RATIO_TARGET}x without", f"{ratio:.2f}x over {frames} frames each",
         ratio <= WINDOW_RATIO_TARGET),
        (f"window's own CPU while it waits and a search runs <= {IDLE_TARGET_PERCENT} %", f"{idle:.1f} % of a core",
         idle <= IDLE_TARGET_PERCENT),
    ]


def time_limit(game: str, asked: float | None) -> float:
    """The CPU seconds a deal of `game` may take: as asked, else the window's budget for Klondike,
    whose target is about what the window can tell a player, and TIME_LIMIT for the others."""
    if asked is not None:
        return asked
    return WINDOW_CPU_LIMIT if find_variant(game).family.key == "klondike" else TIME_LIMIT


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, help="how many deals, from --first, for every game "
                        "(default: each target's own, FreeCell 32000 and the others 1000)")
    parser.add_argument("--first", type=int, default=1, help="first deal number (default 1)")
    parser.add_argument("--games", nargs="+", default=list(GAMES),
                        choices=[variant.key for variant in all_variants()], metavar="GAME",
                        help="games to run, of " + " ".join(variant.key for variant in all_variants())
                             + " (default: " + " ".join(GAMES) + ")")
    parser.add_argument("--time-limit", type=float, help="CPU seconds per deal before UNKNOWN, for every game "
                        f"(default: {TIME_LIMIT:g}, Klondike's the window's {WINDOW_CPU_LIMIT:g})")
    parser.add_argument("--every", type=int, default=1, help="only every N-th deal (a sample; default 1)")
    parser.add_argument("--skip-11982", action="store_true", help="leave out FreeCell deal 11982")
    parser.add_argument("--no-fc-solve", action="store_true", help="do not run fc-solve even when it is on PATH")
    parser.add_argument("--window-frames", type=int, default=1000,
                        help="drag frames with and without a search running (default 1000; 0 leaves the window out)")
    args = parser.parse_args()
    global NO_FC_SOLVE
    NO_FC_SOLVE = args.no_fc_solve
    figures = {}
    for game in args.games:
        key = find_variant(game).key
        count = args.deals if args.deals is not None else TARGET_DEALS.get(key, 1000)
        deals = range(args.first, args.first + count, args.every)
        figures[key] = bench_game(game, deals, time_limit(key, args.time_limit))
    deal_11982 = None if args.skip_11982 else bench_11982(time_limit("freecell", args.time_limit))
    window = bench_window(args.window_frames) if args.window_frames else []
    print_targets(figures, deal_11982)
    for name, figure, met in window:
        print(f"  {verdict(met):8} {name}: {figure}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
