"""Loading the numba kernels before the clock starts: from the on-disk cache when possible, with a
one-line notice when compiling.

A command loads exactly what it will run (the engine's search for the position's kernel,
kernels/dispatch.py), so a cold first run compiles one game's kernel and one search, not all of
them; `caldera warmup` loads every game's kernels with every engine its record lists.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from typing import Callable, Iterator

import numpy as np

# A cached load takes well under a second; past this, numba is compiling from scratch.
NOTICE_AFTER_S = 2.5
NOTICE = "Compiling Caldera's kernels (first run only: 10-30 s for a command, 1-2 minutes for `caldera warmup`)..."


def _notice(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


@contextmanager
def compile_notice(notice: Callable[[str], None] = _notice) -> Iterator[None]:
    """While active, call `notice` once with NOTICE if the block runs longer than NOTICE_AFTER_S
    (numba compiling rather than loading from its cache)."""
    timer = threading.Timer(NOTICE_AFTER_S, notice, [NOTICE])
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()


def load(game, engine: str, state) -> None:
    """Load (or compile) what `engine` ("perft" or an engine name) runs on the kernel that plays
    the reference State `state` of `game`, by running it once on that position."""
    words = game.to_kernel(state)
    kernel = game.kernel_name(words)
    if engine == "perft":
        from kernels.dispatch import call
        from solver.search import perft_core

        call(perft_core.perft, kernel, words, 1, np.zeros(1, dtype=np.int64))
    elif engine in ("alphabeta", "greedy"):
        from solver.alphabeta import alphabeta_analysis

        alphabeta_analysis(kernel, words, depth=1, hash_mb=1)
    elif engine == "mcts":
        from solver.mcts import mcts_analysis

        mcts_analysis(kernel, words, sims=16, seconds=None, memory_mb=4)  # room for the widest root (oros game)
    elif engine == "expectimax":
        from solver.expectimax import expectimax_analysis

        expectimax_analysis(kernel, words, depth=1, hash_mb=1)
    elif engine == "exact":
        from solver.exact import warm_up

        warm_up(kernel, words)
    elif engine == "planner":
        from solver.planner import solve

        start, goal, budget = game.goals.warmup()
        solve(game, start, goal, budget, hash_mb=1)
    elif engine == "policy":
        from solver.engine import EngineSpec, run_engine

        run_engine(EngineSpec("policy"), kernel, words)
    # random: nothing to compile beyond the kernel's own move generator (perft loads it)


def prepare(game, engines: tuple[str, ...], state, notice: Callable[[str], None] = _notice) -> None:
    """Load what `engines` run on `state`'s kernel, with the compile notice: commands call this
    before their clock starts, so a first compile is never counted in --time."""
    with compile_notice(notice):
        for engine in engines:
            load(game, engine, state)


def warm_up(games: list | None = None, notice: Callable[[str], None] = _notice, jobs: int | None = None) -> float:
    """Load every kernel of `games` (records; default: every game) with perft and every engine
    each record lists, on its warm-up positions; return the seconds taken.

    Each (game, warm-up position) is loaded in a worker process, `jobs` at once (default: one
    per CPU): compiling is single-threaded, and the processes share numba's on-disk cache."""
    from solver.games.registry import games as all_games

    units = [(game.name, index) for game in games or all_games() for index in range(len(game.warmup_positions()))]
    jobs = min(jobs or os.cpu_count() or 1, len(units))
    started = time.perf_counter()
    with compile_notice(notice):
        if jobs <= 1:
            for unit in units:
                load_unit(*unit)
        else:
            with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn"),
                                     initializer=signal.signal, initargs=(signal.SIGINT, signal.SIG_IGN)) as pool:
                list(pool.map(load_unit, *zip(*units)))  # Ctrl-C reaches this process only
    return time.perf_counter() - started


def load_unit(name: str, index: int) -> None:
    """Load perft and every engine of game `name` on its warm-up position `index` (one worker's share)."""
    from solver.engine import position_engines
    from solver.games.registry import game

    record = game(name)
    state = record.warmup_positions()[index]
    for engine in ("perft", *position_engines(record, state)):
        load(record, engine, state)
