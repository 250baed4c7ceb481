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

from solver.engines.registry import ENGINE_RECORDS

NOTICE = "Compiling Caldera's kernels (first run only: 10-30 s for a command, 1-2 minutes for `caldera warmup`)..."


def _notice(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def _compile_listener(act: Callable[[], None]):
    """A numba event listener that calls `act` each time numba begins compiling a function (a miss
    in its on-disk cache), and never when it only loads one from there, however slowly.

    A search called with its kernel's name as a plain string is typed once with that string, which
    numba abandons at once to retype it as a constant (kernels/dispatch.py `call`): on every call,
    cached or not, so that attempt is no compile."""
    import kernels  # noqa: F401 (first: it points numba's cache at Caldera's folder before numba loads)
    from numba import types
    from numba.core import event

    class Compiling(event.Listener):
        def on_start(self, event_):
            if not any(isinstance(argument, types.UnicodeType) for argument in event_.data["args"]):
                act()

        def on_end(self, event_):
            pass

    return Compiling()


@contextmanager
def compile_notice(notice: Callable[[str], None] = _notice, compiling=None) -> Iterator[None]:
    """While active, call `notice` once with NOTICE when numba compiles (rather than loads) a
    kernel, here or, where `compiling` (a multiprocessing Event) is given, in the processes that set it."""
    told, done = threading.Event(), threading.Event()

    def tell() -> None:
        if not told.is_set():
            told.set()
            notice(NOTICE)

    def watch_workers() -> None:
        while not done.is_set():
            if compiling.wait(0.1):
                tell()
                return

    listener = _compile_listener(tell)
    from numba.core import event  # after _compile_listener, which imports kernels first

    if compiling is not None:
        threading.Thread(target=watch_workers, daemon=True).start()
    try:
        with event.install_listener("numba:compile", listener):
            yield
    finally:
        done.set()


@contextmanager
def loading(notice: Callable[[str], None] = _notice, compiling=None) -> Iterator[None]:
    """While the kernels load: the compile notice (compile_notice), and Ctrl-C ends the process at
    once (solver/interrupts.py ctrl_c_quits: there is no result yet to give)."""
    from solver.interrupts import ctrl_c_quits

    with compile_notice(notice, compiling), ctrl_c_quits():
        yield


def _start_worker(compiling) -> None:
    """A warm-up worker: Ctrl-C is the parent's alone, and a compile here sets `compiling`."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    listener = _compile_listener(compiling.set)
    from numba.core import event  # after _compile_listener, which imports kernels first

    event.register("numba:compile", listener)


def load(game, engine: str, state) -> None:
    """Load (or compile) what `engine` ("perft" or an engine name) runs on the kernel that plays
    the reference State `state` of `game`, by running it once on that position."""
    words = game.to_kernel(state)
    kernel = game.kernel(words)
    if engine == "perft":
        from kernels.dispatch import call
        from solver.commands import perft_core

        call(perft_core.perft, kernel, words, 1, np.zeros(1, dtype=np.int64))
    elif ENGINE_RECORDS[engine].warm_up is not None:
        ENGINE_RECORDS[engine].warm_up(game, kernel, words)


def prepare(game, engines: tuple[str, ...], state, notice: Callable[[str], None] = _notice) -> None:
    """Load what `engines` run on `state`'s kernel, with the compile notice: commands call this
    before their clock starts, so a first compile is never counted in --time."""
    with loading(notice):
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
    context = multiprocessing.get_context("spawn")
    compiling = context.Event() if jobs > 1 else None
    with loading(notice, compiling):
        if jobs <= 1:
            for unit in units:
                load_unit(*unit)
        else:
            with ProcessPoolExecutor(jobs, mp_context=context, initializer=_start_worker,
                                     initargs=(compiling,)) as pool:
                list(pool.map(load_unit, *zip(*units)))  # Ctrl-C reaches this process only
    return time.perf_counter() - started


def load_unit(name: str, index: int) -> None:
    """Load perft and every engine of game `name` on its warm-up position `index` (one worker's share)."""
    from solver.engines.registry import position_engines
    from solver.games.registry import game

    record = game(name)
    state = record.warmup_positions()[index]
    for engine in ("perft", *position_engines(record, state)):
        load(record, engine, state)
