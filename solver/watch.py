"""Run a search in a worker thread while the caller's thread watches the clock and Ctrl-C.

The numba searches run without the GIL and poll a shared `stop` array; this module raises
that flag when the time limit passes or the user presses Ctrl-C, so a search always returns
the best result found so far instead of dying.
"""

from __future__ import annotations

import threading
import time
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Callable, Iterator

import numpy as np

RUNNING, TIMED_OUT, INTERRUPTED = 0, 1, 2
POLL_S = 0.05


def new_stop() -> np.ndarray:
    """A fresh stop flag: stop[0] is RUNNING, TIMED_OUT or INTERRUPTED."""
    return np.zeros(1, dtype=np.int64)


class Stopper:
    """Stops, from any thread, the searches run under it (`stopped_by`): the one running now and
    every later one. Each search keeps its own flag, since a search's time limit raises only its
    own (a review runs many searches in a row)."""

    def __init__(self):
        self._lock = threading.Lock()
        self._flags: list[np.ndarray] = []
        self.requested = False

    def flag(self) -> np.ndarray:
        """A fresh stop flag for one search, already raised if a stop was requested."""
        stop = new_stop()
        with self._lock:
            if self.requested:
                stop[0] = INTERRUPTED
            self._flags = [f for f in self._flags if f[0] == RUNNING] + [stop]
        return stop

    def stop(self) -> None:
        """End the running search with its best result so far, and every later one at once."""
        with self._lock:
            self.requested = True
            for stop in self._flags:
                if stop[0] == RUNNING:
                    stop[0] = INTERRUPTED


_STOPPER: ContextVar[Stopper | None] = ContextVar("caldera_stopper", default=None)


@contextmanager
def stopped_by(stopper: Stopper) -> Iterator[Stopper]:
    """While active (in this thread or task), the searches started take their flags from `stopper`."""
    token = _STOPPER.set(stopper)
    try:
        yield stopper
    finally:
        _STOPPER.reset(token)


def search_flag() -> np.ndarray:
    """The stop flag of a search starting now: from the Stopper in force (`stopped_by`), else a fresh one."""
    stopper = _STOPPER.get()
    return new_stop() if stopper is None else stopper.flag()


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
