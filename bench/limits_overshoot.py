"""How far each engine runs past its limits: the time limit (`--time`) and Ctrl-C.

For every engine on a position where it would think for minutes, the kernels are loaded first
(outside every clock, as the CLI does), then:

- time: the search is run with `--time T`; the overshoot is the wall time of the whole call
  (table set-up included) minus T;
- Ctrl-C: the search is run without a limit and a real SIGINT is sent to this process after 1 s;
  the overshoot is the wall time from the signal to the result.

    python bench/limits_overshoot.py              # 3 runs each, T = 1 s
    python bench/limits_overshoot.py --runs 1     # a quick look

Prints the worst and median overshoot per engine and limit. Figures: docs/PERFORMANCE.md,
section "Limits: how far past --time and Ctrl-C".
"""

from __future__ import annotations

import argparse
import os
import signal
import threading
import time
from statistics import median

from solver.api import goal_and_budget, plan, search
from solver.engines.registry import EngineSpec
from solver.games.registry import game

FOREVER = 1e6  # seconds: a limit the Ctrl-C runs never reach


def cases():
    """(label, run(seconds)) for every engine, each on a position it cannot finish in minutes."""
    penguins, island, oros = game("penguins"), game("island"), game("oros")
    opening = penguins.resolve_position(None)
    dice = island.resolve_position(None)
    puzzle = oros.resolve_position("start")
    goal, budget = goal_and_budget(oros, puzzle, "start", "", "mountains>=6", 12)

    def engine(record, state, name, **settings):
        return lambda seconds: search(record, EngineSpec.build(name, {**settings, "time": seconds}), state)

    return [
        ("alphabeta, penguins start", engine(penguins, opening, "alphabeta")),
        ("alphabeta, 2 threads, hash 2048 MB", engine(penguins, opening, "alphabeta", threads=2, hash=2048)),
        ("mcts, penguins start", engine(penguins, opening, "mcts")),
        ("mcts, 2 threads", engine(penguins, opening, "mcts", threads=2)),
        ("mcts, island start (dice)", engine(island, dice, "mcts")),
        ("expectimax, island start", engine(island, dice, "expectimax")),
        ("planner, oros start, mountains>=6 in 12",
         lambda seconds: plan(oros, EngineSpec.build("planner", {"time": seconds}), puzzle, goal, budget)),
    ]


def timed(run, seconds: float) -> float:
    """Seconds past `seconds` that run(seconds) took."""
    started = time.perf_counter()
    run(seconds)
    return time.perf_counter() - started - seconds


def interrupted(run, after: float = 1.0) -> float:
    """Seconds from a SIGINT, sent `after` seconds in, to the end of run(FOREVER)."""
    sent = []

    def press_ctrl_c():
        sent.append(time.perf_counter())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(after, press_ctrl_c)
    timer.start()
    run(FOREVER)
    return time.perf_counter() - sent[0]


def main() -> None:
    """Measure and print the overshoot table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="runs of each engine and limit")
    parser.add_argument("--time", type=float, default=1.0, help="the time limit T in seconds")
    args = parser.parse_args()
    print(f"{'engine':42} {'past --time ' + format(args.time, 'g') + ' s':>22} {'after Ctrl-C':>22}")
    print(f"{'':42} {'worst':>10} {'median':>11} {'worst':>10} {'median':>11}")
    for label, run in cases():
        run(0.05)  # load the kernels, outside the clocks
        late = [timed(run, args.time) for _ in range(args.runs)]
        stopped = [interrupted(run) for _ in range(args.runs)]
        print(f"{label:42} {max(late):9.3f}s {median(late):10.3f}s {max(stopped):9.3f}s {median(stopped):10.3f}s")


if __name__ == "__main__":
    main()
