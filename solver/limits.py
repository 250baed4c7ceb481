"""The numbers a user can give a search, checked once for the command line and for engine specs
alike: their ranges, memory that must fit the machine before anything is allocated, threads no
more than the CPUs, and Ctrl-C turned into the searches' stop flag.

Every bound here is one a user can reach: a value outside it is a one-line error (exit 2), never
an overflow in a kernel, a MemoryError or a search that cannot end.
"""

from __future__ import annotations

import math
import os
import re
import signal
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterator

from solver.errors import CalderaError, shown

MAX_COUNT = 1 << 62  # nodes or simulations: far beyond any run, inside int64
MAX_SECONDS = 1e7  # about four months of thinking


@dataclass(frozen=True)
class Range:
    """A setting's kind and its inclusive bounds."""

    kind: type
    low: float
    high: float
    unit: str = ""

    def check(self, name: str, value):
        """`value` converted to the kind, or CalderaError naming `name` and the bounds (for junk,
        and for a number of too many digits to read, too)."""
        try:
            number = read_number(value, self.kind)
        except ValueError:
            number = None
        if number is None or not (self.low <= number <= self.high):  # also refuses nan
            low, high = (f"{int(b):,}" if self.kind is int else f"{b:g}" for b in (self.low, self.high))
            noun = "a whole number" if self.kind is int else "a number"
            raise CalderaError(f"{name}={shown(str(value))} is not {noun} from {low} to {high}{self.unit}")
        return number


# Every numeric setting of every engine (each record's Setting, solver/engines/engine_record.py) and its range.
RANGES = {
    "depth": Range(int, 1, 300, " plies"),
    "nodes": Range(int, 1, MAX_COUNT),
    "time": Range(float, 0.01, MAX_SECONDS, " s"),
    "sims": Range(int, 1, MAX_COUNT),
    "multipv": Range(int, 1, 64),
    "threads": Range(int, 1, 64),
    "seed": Range(int, -(1 << 63), (1 << 63) - 1),
    "hash": Range(int, 1, 1 << 20, " MB"),
    "memory": Range(int, 16, 1 << 20, " MB"),
    "c": Range(float, 1e-6, 1e6),
    "cpuct": Range(float, 1e-6, 1e6),
    "cut": Range(int, 0, MAX_COUNT, " plies"),
    "players": Range(int, 1, 8),  # --players of a new game (each game checks its own fewest and most)
}

_WHOLE = re.compile(r"[+-]?[0-9]{1,30}")
_REAL = re.compile(r"[+-]?([0-9]{1,30}(\.[0-9]{0,30})?|\.[0-9]{1,30})([eE][+-]?[0-9]{1,4})?")


def read_number(value, kind: type):
    """A number from a string (ASCII digits only, at most 30 of them; finite) or a number; ValueError
    otherwise. Python would take '３' or '٣' as digits and thousands of digits as an int."""
    if isinstance(value, bool):
        raise ValueError(value)
    if isinstance(value, (int, float)):
        number = kind(value)
    else:
        text = str(value).strip()
        if not (_WHOLE if kind is int else _REAL).fullmatch(text):
            raise ValueError(value)
        number = kind(text)
    if isinstance(number, float) and not math.isfinite(number):
        raise ValueError(value)
    return number


def available_mb() -> int:
    """Memory this machine can give now, in MB (MemAvailable; the physical memory elsewhere)."""
    try:
        with open("/proc/meminfo", encoding="ascii") as info:
            for line in info:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) // 1024
    except OSError:
        pass
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // (1 << 20)
    except (ValueError, OSError, AttributeError):
        return 1 << 20


def check_memory(megabytes: float, what: str) -> None:
    """Refuse, before allocating, a table or tree of `megabytes` MB that this machine cannot give
    (with room to spare for the rest of the process)."""
    free = available_mb()
    if megabytes > 0.9 * free:
        raise CalderaError(f"{what} needs {megabytes:,.0f} MB of memory, but this machine has {free:,} MB free: "
                           f"give at most {int(0.9 * free):,}")


def check_settings_fit(settings: dict) -> None:
    """Refuse an engine's table (hash, MB) or tree (memory, MB) that cannot fit, before the
    kernels are even loaded."""
    for key in ("hash", "memory"):
        if key in settings:
            check_memory(settings[key], f"{key}={settings[key]}")


def usable_threads(threads: int) -> tuple[int, str]:
    """(threads to run, a note or ''): never more searching threads than CPUs, which only slow
    each other and the watcher that keeps the time limit."""
    cpus = os.cpu_count() or 1
    if threads <= cpus:
        return threads, ""
    return cpus, f"searched with {cpus} threads: this machine has {cpus} CPUs (asked for {threads})"


@contextmanager
def ctrl_c_stops(stop) -> Iterator[None]:
    """While active, a first Ctrl-C sets stop[0] (the searches then end with their best result so
    far) instead of raising KeyboardInterrupt wherever Python happens to be; a second one raises
    it as usual. Outside the main thread it changes nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    from solver.watch import INTERRUPTED

    def handler(signum, frame):
        if stop[0] == INTERRUPTED:
            raise KeyboardInterrupt  # the second Ctrl-C: stop now
        stop[0] = INTERRUPTED

    previous = signal.signal(signal.SIGINT, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
