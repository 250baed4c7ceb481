"""Run a search in a worker thread while the caller's thread watches the clock and Ctrl-C.

The numba searches run without the GIL and poll a shared `stop` array; this module raises
that flag when the time limit passes or the user presses Ctrl-C, so a search always returns
the best result found so far instead of dying.
"""

from __future__ import annotations

import threading
import time
from typing import Callable

import numpy as np

RUNNING, TIMED_OUT, INTERRUPTED = 0, 1, 2
POLL_S = 0.05


def new_stop() -> np.ndarray:
    """A fresh stop flag: stop[0] is RUNNING, TIMED_OUT or INTERRUPTED."""
    return np.zeros(1, dtype=np.int64)


def stop_reason(stop: np.ndarray, aborted: bool) -> str | None:
    """Why a search ended early: "time" or "interrupted" from the stop flag, "nodes" when it
    aborted on its own node limit, None when it was not cut short."""
    if stop[0] == TIMED_OUT:
        return "time"
    if stop[0] == INTERRUPTED:
        return "interrupted"
    return "nodes" if aborted else None


def table_entries(hash_mb: int, entry_bytes: int) -> int:
    """The largest power of two of transposition-table entries of `entry_bytes` that fits in
    `hash_mb` megabytes (at least 1)."""
    entries = 1
    while entries * 2 * entry_bytes <= hash_mb * 1024 * 1024:
        entries *= 2
    return entries


def watch(work: Callable[[], None], stop: np.ndarray, seconds: float | None,
          on_tick: Callable[[], None] | None = None, tick_s: float = 0.2, started: float | None = None) -> None:
    """Run `work()` in a thread; raise `stop` at the time limit (`seconds` after `started`, a
    perf_counter reading, by default now) or on Ctrl-C; call `on_tick` about every `tick_s`
    seconds. Exceptions from `work` are re-raised here."""
    failure: list[BaseException] = []

    def run() -> None:
        try:
            work()
        except BaseException as error:  # re-raised in the caller's thread below
            failure.append(error)
            stop[0] = INTERRUPTED

    worker = threading.Thread(target=run, daemon=True)
    last_tick = time.perf_counter()
    started = last_tick if started is None else started
    worker.start()
    while worker.is_alive():
        try:
            worker.join(POLL_S)
            now = time.perf_counter()
            if seconds is not None and now - started >= seconds and stop[0] == RUNNING:
                stop[0] = TIMED_OUT
            if on_tick is not None and now - last_tick >= tick_s:
                last_tick = now
                on_tick()
        except KeyboardInterrupt:
            stop[0] = INTERRUPTED
    if failure:
        raise failure[0]
