"""`caldera serve` as a command: it serves the page on 127.0.0.1 until Ctrl-C, and a port it
cannot have is one line and exit code 2."""

import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
START_S = 120  # generous: a loaded machine starts Python, click and uvicorn slowly


def free_port() -> int:
    """A port nothing listens on (now)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_serve_answers_on_localhost_until_ctrl_c():
    """The page comes from http://127.0.0.1:PORT/; Ctrl-C ends the server with exit code 130."""
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "cli", "serve", "--port", str(port)], cwd=ROOT,
                              stderr=subprocess.PIPE, text=True)
    try:
        deadline, page = time.monotonic() + START_S, None
        while page is None and time.monotonic() < deadline:
            try:
                page = urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10).read().decode()
            except OSError:
                time.sleep(0.2)
        assert page is not None and '<script src="/page/board.js">' in page
    finally:
        server.send_signal(signal.SIGINT)
        code = server.wait(START_S)
    said = server.stderr.read()
    assert code == 130 and f"caldera serve: the analysis board at http://127.0.0.1:{port}/" in said


def test_a_port_in_use_is_one_line():
    """A port another program holds: one line naming it, exit code 2."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "cli", "serve", "--port", str(port)], cwd=ROOT,
                              capture_output=True, text=True, timeout=START_S)
    assert done.returncode == 2
    assert done.stderr == f"caldera: error: --host 127.0.0.1 --port {port}: Address already in use\n"
