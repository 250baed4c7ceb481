"""Ctrl-C before there is a result to give (Python loading caldera, numba loading or compiling the
kernels): `caldera: interrupted` and exit code 130 at once, never a traceback or a wait. Imported
before anything else by cli.py, so it imports only what Python has loaded already."""

from __future__ import annotations

import os
import signal
import sys
import threading
from contextlib import contextmanager
from typing import Iterator


INTERRUPTED_LINE = b"caldera: interrupted\n"
_quitting = threading.Lock()


def quit_interrupted(*_) -> None:
    """Say `caldera: interrupted` and end the process now with exit code 130 (and the worker
    processes it started, which ignore Ctrl-C), wherever its threads are."""
    if not _quitting.acquire(blocking=False):
        return  # the other path (handler or waker thread) is ending the process already
    import multiprocessing

    for child in multiprocessing.active_children():
        child.terminate()
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        pass
    try:
        os.write(2, INTERRUPTED_LINE)
    except OSError:
        pass
    os._exit(130)


@contextmanager
def ctrl_c_quits() -> Iterator[None]:
    """While active (loading or compiling the kernels, before there is any result to give), Ctrl-C
    ends the process at once: `caldera: interrupted`, exit code 130. Outside the main thread it
    changes nothing.

    A KeyboardInterrupt will not do: numba compiles in long stretches of C that hold off Python's
    handler, and one raised inside llvmlite's callbacks is printed and swallowed. So the C-level
    handler also writes the signal to a pipe (signal.set_wakeup_fd), where a thread that waits on
    it ends the process. Cutting a compile short is safe: numba writes each cache file under a
    temporary name and renames it, and an index entry whose data file is missing is recompiled."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    reader, writer = os.pipe()
    os.set_blocking(writer, False)

    def wake() -> None:
        while True:
            woken = os.read(reader, 64)
            if not woken:
                return  # the block ended: the pipe was closed
            if signal.SIGINT in woken:
                quit_interrupted()

    waker = threading.Thread(target=wake, daemon=True)
    waker.start()
    previous_fd = signal.set_wakeup_fd(writer, warn_on_full_buffer=False)
    previous = signal.signal(signal.SIGINT, quit_interrupted)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        signal.set_wakeup_fd(previous_fd)
        os.close(writer)
        waker.join()
        os.close(reader)
