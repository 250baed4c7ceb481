"""Load: 20 pages analysing at once on one `caldera serve` all get their answer, and no search or
review thread is left once they have closed."""

import json
import threading

from tests.serve.conftest import wait_until_no_board_threads

PAGES = 20
ANSWER_S = 300  # generous: 20 searches of 0.5 s share a loaded two-core machine
THREADS_END_S = 60


def test_twenty_pages_analysing_at_once_all_answer(server_url):
    """Each of 20 WebSocket pages opens a position, analyses it for 0.5 s and gets the final record."""
    from websockets.sync.client import connect

    answers, failures = {}, []

    def page(number: int) -> None:
        try:
            with connect(server_url.replace("http", "ws") + "/ws", open_timeout=ANSWER_S) as socket:
                game = ("penguins", "island")[number % 2]
                socket.send(json.dumps({"type": "open", "game": game}))
                socket.send(json.dumps({"type": "analyse", "limits": {"time": 0.5, "hash" if game == "penguins" else "memory": 16}}))
                while True:
                    message = json.loads(socket.recv(timeout=ANSWER_S))
                    assert message["type"] != "error", message
                    if message["type"] == "analysis" and message["final"]:
                        answers[number] = message["record"]
                        return
        except Exception as error:  # reported below, with the page's number
            failures.append((number, repr(error)))

    pages = [threading.Thread(target=page, args=(n,)) for n in range(PAGES)]
    for thread in pages:
        thread.start()
    for thread in pages:
        thread.join(ANSWER_S + 60)
    assert not failures, failures
    assert sorted(answers) == list(range(PAGES))
    assert all(record["lines"] and record["stopped"] == "time" for record in answers.values())
    assert wait_until_no_board_threads(THREADS_END_S) == []


def test_twenty_pages_that_close_while_analysing_leave_no_search(server_url):
    """20 pages start an hour's search each and close: every search stops."""
    from websockets.sync.client import connect

    for number in range(PAGES):
        with connect(server_url.replace("http", "ws") + "/ws", open_timeout=ANSWER_S) as socket:
            socket.send(json.dumps({"type": "open", "game": "penguins"}))
            socket.send(json.dumps({"type": "analyse", "limits": {"time": 3600, "hash": 1}}))
            while json.loads(socket.recv(timeout=ANSWER_S))["type"] != "analysis":
                pass  # the search has begun
    assert wait_until_no_board_threads(THREADS_END_S) == []
