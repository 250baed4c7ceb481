"""The Starlette app of `caldera serve`: the page (page/) at /, and a WebSocket per page at /ws
that carries its messages, as JSON, to its BoardSession (board_session.py) and back.

A page's messages are answered one after the other in a worker thread (playing a move, drawing a
board: milliseconds), off the event loop every page shares; a search or a review runs in a thread
of its own (the numba searches release the GIL), so pages analysing at once do not wait for each
other. A page that goes away stops its work.
"""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path
from typing import Callable

from starlette.applications import Starlette
from starlette.responses import FileResponse
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from solver.errors import CalderaError
from solver.serve.board_session import BoardSession

PAGE = Path(__file__).with_name("page")
log = logging.getLogger("caldera.serve")


async def index(request):
    """The board's page."""
    return FileResponse(PAGE / "index.html")


async def board_socket(websocket: WebSocket) -> None:
    """One page's WebSocket: each message in is answered by its BoardSession; a bad one gets a
    one-line error message and the page goes on."""
    await websocket.accept()
    loop = asyncio.get_running_loop()
    outbox: asyncio.Queue = asyncio.Queue()

    def send(message: dict) -> None:
        try:
            loop.call_soon_threadsafe(outbox.put_nowait, message)
        except RuntimeError:
            pass  # the server has stopped: a search ending late has no page to tell

    async def sender() -> None:
        while True:
            await websocket.send_text(json.dumps(await outbox.get()))

    session = BoardSession(send)
    sending = asyncio.create_task(sender())
    try:
        while True:
            received = await websocket.receive()
            if received["type"] == "websocket.disconnect":
                break
            text = received.get("text") if received.get("text") is not None else received.get("bytes")
            await asyncio.to_thread(answer, session, text)  # in turn, off the event loop the other pages share
    except WebSocketDisconnect:
        pass
    finally:
        sending.cancel()
        session.stop_all()  # now: a task being cancelled (the server stopping) may not get past an await
        await asyncio.to_thread(session.close)


def answer(session: BoardSession, text) -> None:
    """Hand one message of the page to its session; whatever is wrong with it becomes an error message."""
    try:
        message = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        session.send({"type": "error", "message": "the page sent a message that is not JSON"})
        return
    try:
        session.handle(message)
    except CalderaError as error:
        session.send({"type": "error", "message": str(error)})
    except Exception as error:  # a bug, not the page's fault: said on the page and logged, the server goes on
        log.exception("message %.200r", text)
        session.send({"type": "error", "message": f"internal error: {type(error).__name__}: {error} (please report it)"})


def create_app() -> Starlette:
    """The app: the page at /, its files at /page, the WebSocket at /ws."""
    return Starlette(routes=[Route("/", index), WebSocketRoute("/ws", board_socket),
                             Mount("/page", StaticFiles(directory=PAGE), name="page")])


def serve(host: str, port: int, announce: Callable[[str], None]) -> None:
    """Serve the board at http://HOST:PORT/ (said through `announce` once listening) until Ctrl-C; one line (CalderaError) when the address
    cannot be had (a port in use, a host the machine does not have)."""
    import socket

    import uvicorn

    try:  # bound here, so that a port in use is one line of ours, not uvicorn's log and exit code 3
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        listening = socket.socket(family, socket.SOCK_STREAM)
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listening.bind((host, port))
    except (OSError, OverflowError) as error:
        raise CalderaError(f"--host {host} --port {port}: {getattr(error, 'strerror', None) or error}") from None
    announce(f"http://{host}:{port}/")
    config = uvicorn.Config(create_app(), host=host, port=port, log_level="warning")
    uvicorn.Server(config).run(sockets=[listening])
