"""A real `caldera serve` (uvicorn, in a thread of the test process) for the browser and load tests."""

import socket
import threading
import time

import pytest

START_S = 60  # generous: a loaded machine starts uvicorn slowly


@pytest.fixture(scope="module")
def server_url():
    """http://127.0.0.1:PORT of a board server running until the module's tests end."""
    import uvicorn

    from solver.serve.app import create_app

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + START_S
    while not server.started:
        assert time.monotonic() < deadline, "the board server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(START_S)


def board_threads() -> list[threading.Thread]:
    """The threads of searches and reviews still running (solver/caldera.py, board_session.py)."""
    return [t for t in threading.enumerate() if t.name in ("caldera-analysis", "caldera-board")]


def wait_until_no_board_threads(seconds: float) -> list[threading.Thread]:
    """Wait (at most `seconds`) until no search or review thread is left; those still running."""
    deadline = time.monotonic() + seconds
    while board_threads() and time.monotonic() < deadline:
        time.sleep(0.1)
    return board_threads()
