"""A real `caldera` process whose stderr is a terminal, so that its live status line tells when the
search (not numba's loading) is running: the moment a user would press Ctrl-C."""

from __future__ import annotations

import os
import pty
import select
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LOAD_S = 600  # loading or compiling the kernels before the status line shows: no test bound


@dataclass
class Finished:
    """What a caldera process left: exit code, stdout, the terminal's text, and how many seconds
    it ran after the status line first showed (after the signal, when one was sent)."""

    code: int
    out: str
    screen: str
    seconds: float


def run_live(args: list[str], marker: str, interrupt: bool) -> Finished:
    """Run `caldera ARGS` until `marker` shows on its terminal, then (if `interrupt`) send SIGINT;
    wait for the end. `seconds` counts from the signal, or from the marker without one."""
    leader, follower = pty.openpty()
    process = subprocess.Popen([sys.executable, "-m", "cli", *args], cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=follower, stdin=subprocess.DEVNULL, env={**os.environ, "COLUMNS": "200"})
    os.close(follower)
    screen = b""
    try:
        deadline = time.monotonic() + LOAD_S
        while marker.encode() not in screen and time.monotonic() < deadline and process.poll() is None:
            if select.select([leader], [], [], 0.05)[0]:
                screen += _read(leader)
        assert marker.encode() in screen, f"{args}: never showed {marker!r}: {screen[-400:]!r}"
        started = time.monotonic()
        if interrupt:
            process.send_signal(signal.SIGINT)
        out = process.communicate(timeout=60)[0]
        seconds = time.monotonic() - started
        screen += _read(leader)
    finally:
        process.kill()
        os.close(leader)
    return Finished(process.returncode, out.decode(), screen.decode(errors="replace"), seconds)


def _read(leader: int) -> bytes:
    """What the terminal holds now (nothing once the process has closed it)."""
    try:
        return os.read(leader, 1 << 16) if select.select([leader], [], [], 0)[0] else b""
    except OSError:
        return b""


@dataclass(frozen=True)
class CtrlC:
    """In `type_session`'s lines: send SIGINT instead of typing, at the prompt, or (with a
    `marker`) once the marker shows after the last line typed (a search's live line: it runs)."""

    marker: str | None = None


def type_session(args: list[str], lines: list, prompt: bytes = b"> ") -> Finished:
    """Run `caldera ARGS` wholly on a terminal (stdin, stdout and stderr), as a person at the
    keyboard: each time `prompt` waits for input, type the next of `lines` (or press Ctrl-C, see
    CtrlC); then wait for the end. `screen` is everything the terminal showed, typing echoed."""
    leader, follower = pty.openpty()
    process = subprocess.Popen([sys.executable, "-m", "cli", *args], cwd=ROOT, stdin=follower, stdout=follower,
                               stderr=follower, env={**os.environ, "COLUMNS": "200"})
    os.close(follower)
    screen, waiting, typed_at = b"", list(lines), -1
    started = time.monotonic()
    try:
        deadline = started + LOAD_S
        while process.poll() is None and time.monotonic() < deadline:
            chunk = _read(leader) if select.select([leader], [], [], 0.05)[0] else b""
            screen += chunk
            line = waiting[0] if waiting else None
            if isinstance(line, CtrlC) and line.marker is not None:
                ready = line.marker.encode() in screen[typed_at:]
            else:  # a prompt newer than the last line typed (its echo comes first), nothing more to read
                ready = line is not None and not chunk and len(screen) > typed_at and screen.endswith(prompt)
            if ready:
                waiting.pop(0)
                typed_at = len(screen)
                if isinstance(line, CtrlC):
                    process.send_signal(signal.SIGINT)
                    screen += b"<Ctrl-C>"  # marks the place in the screen's text
                else:
                    os.write(leader, line.encode() + b"\n")
        process.wait(timeout=60)
        screen += _read(leader)
    finally:
        process.kill()
        os.close(leader)
    return Finished(process.returncode, "", screen.decode(errors="replace"), time.monotonic() - started)
