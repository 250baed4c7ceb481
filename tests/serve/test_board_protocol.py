"""The board's WebSocket protocol (solver/serve/app.py, board_session.py) through Starlette's
TestClient: bad input gets one error message and the page goes on; moves, variations, analysis,
stop, save, load and review; a hop page never receives another seat's hidden clouds."""

import json
import warnings

import pytest

from tests.serve.conftest import wait_until_no_board_threads

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's note on httpx versions
    from starlette.testclient import TestClient

from solver import caldera
from solver.serve.app import create_app

THREADS_END_S = 60  # generous: a stopped search ends within a poll, a loaded machine is slow


@pytest.fixture
def page():
    """A page's WebSocket on a fresh app, with penguins pond open."""
    with TestClient(create_app()) as client, client.websocket_connect("/ws") as socket:
        socket.send_json({"type": "open", "game": "penguins", "position": "pond"})
        assert socket.receive_json()["type"] == "board"
        yield socket


def next_of(socket, kind: str, seen: list | None = None) -> dict:
    """The next message of type `kind` (the others skipped, and kept in `seen`)."""
    while True:
        message = socket.receive_json()
        if seen is not None:
            seen.append(message)
        if message["type"] == kind:
            return message


def final_analysis(socket, seen: list | None = None) -> dict:
    """The analysis message that ends a search."""
    while not (message := next_of(socket, "analysis", seen))["final"]:
        pass
    return message


@pytest.mark.parametrize("sent, said", [
    ({"type": "play", "move": "zz9"}, "'zz9' is not an action"),
    ({"type": "play", "move": "+a1/+b1/+c1"}, ""),
    ({"type": "play", "move": 5}, 'needs "move" as text'),
    ({"type": "play"}, 'needs "move" as text'),
    ({"type": "goto", "node": 10 ** 30}, "no position 1000000000000000000000000000000 in the tree"),
    ({"type": "goto", "node": "1"}, "no position 1 in the tree"),
    ({"type": "dance"}, "unknown message type 'dance'"),
    ({"type": "__init__"}, "unknown message type"),
    ({"kind": "play"}, 'a message is a JSON object with a "type"'),
    ([1, 2, 3], 'a message is a JSON object with a "type"'),
    ({"type": "analyse", "limits": {"depth": 10 ** 100}}, "is not a whole number from 1 to 300 plies"),
    ({"type": "analyse", "limits": {"time": 1e308 * 10}}, "is not a number from 0.01 to"),
    ({"type": "analyse", "limits": {"nodes": "9" * 5000}}, "not a whole number"),
    ({"type": "analyse", "limits": {"hash": 1 << 20}}, "MB free"),
    ({"type": "analyse", "limits": {"moves": 3}}, "unknown limit 'moves'"),
    ({"type": "analyse", "limits": [3]}, '"limits" is an object'),
    ({"type": "analyse", "engine": "stockfish"}, "unknown engine 'stockfish'"),
    ({"type": "analyse", "engine": "planner"}, "planner"),
    ({"type": "open", "game": "chess"}, "unknown game 'chess'"),
    ({"type": "open", "game": "penguins", "position": "9x9 broken"}, "position"),
    ({"type": "load", "text": "game penguins\nposition pond\nmoves\n1. +z9\n"}, "line 4, column 4: move 1 (+z9"),
    ({"type": "review"}, "no moves to review"),
])
def test_bad_input_gets_one_line_and_the_page_goes_on(page, sent, said):
    """Each bad message is answered by an error message saying what is wrong, and the same page
    then plays a legal move."""
    page.send_json(sent)
    answer = page.receive_json()
    assert answer["type"] == "error" and said in answer["message"] and "\n" not in answer["message"], answer
    page.send_json({"type": "play", "move": "+a1"})
    assert page.receive_json()["position"]["text"].endswith("B setup 16/15 3+1/3+1 1")


@pytest.mark.parametrize("text", ["not json", "{", '{"type": "play", "move": "+a1"', "[" * 100_000 + "]" * 100_000])
def test_a_message_that_is_not_json_is_said_on_the_page(page, text):
    """Text that is not JSON (deeply nested too) gets one error message; the page goes on."""
    page.send_text(text)
    assert page.receive_json() == {"type": "error", "message": "the page sent a message that is not JSON"}
    page.send_json({"type": "goto", "node": 0})
    assert page.receive_json()["type"] == "board"


def test_going_back_and_branching_keeps_the_variation(page):
    """A move, back to the start, another move: both stay in the tree; playing the first again
    goes to its node instead of adding one."""
    page.send_json({"type": "play", "move": "+a1"})
    page.receive_json()
    page.send_json({"type": "goto", "node": 0})
    page.receive_json()
    page.send_json({"type": "play", "move": "+b1"})
    board = page.receive_json()
    assert [n["move"] for n in board["nodes"]] == [None, "+a1", "+b1"] and board["nodes"][0]["children"] == [1, 2]
    page.send_json({"type": "goto", "node": 0})
    page.receive_json()
    page.send_json({"type": "play", "move": "+a1"})
    assert page.receive_json()["current"] == 1


def test_analysis_gives_the_records_analyze_prints(page):
    """A search's final message holds the record `caldera analyze --json` prints for the position."""
    page.send_json({"type": "analyse", "engine": "alphabeta", "limits": {"depth": "3"}})
    message = final_analysis(page)
    expected = caldera.analyse(caldera.open_position("penguins", "pond"), "alphabeta", depth=3).record()
    for key in ("seconds", "nps"):
        message["record"].pop(key), expected.pop(key)
    assert message["record"] == expected and message["node"] == 0 and "<svg" in message["svg"]


def test_mcts_lines_carry_their_interval(page):
    """MCTS lines come with their 95% interval and the equal moves, as the CLI's JSON has them."""
    page.send_json({"type": "analyse", "engine": "mcts", "limits": {"sims": 300, "seed": 1, "multipv": 3}})
    record = final_analysis(page)["record"]
    assert record["engine"] == "mcts:sims=300,seed=1,multipv=3"
    assert all(len(line["interval"]) == 2 for line in record["lines"]) and "equal" in record


def test_stop_ends_the_search_with_its_best_so_far(page):
    """A search of an hour, stopped: its final message says interrupted, with a best line."""
    page.send_json({"type": "analyse", "engine": "alphabeta", "limits": {"time": 3600, "hash": 1}})
    page.send_json({"type": "stop"})
    record = final_analysis(page)["record"]
    assert record["stopped"] == "interrupted"
    assert wait_until_no_board_threads(THREADS_END_S) == []


def test_a_dropped_page_stops_its_search():
    """A page that goes away while its engine thinks for an hour leaves no search running."""
    with TestClient(create_app()) as client:
        with client.websocket_connect("/ws") as socket:
            socket.send_json({"type": "open", "game": "island"})
            socket.receive_json()
            socket.send_json({"type": "analyse", "engine": "mcts", "limits": {"time": 3600, "memory": 16}})
            next_of(socket, "analysis")  # searching
        assert wait_until_no_board_threads(THREADS_END_S) == []


def test_save_then_load_gives_the_same_line(page):
    """The saved game file (docs/records.md) loads back into the same moves."""
    for move in ("+a1", "+b1"):
        page.send_json({"type": "play", "move": move})
        page.receive_json()
    page.send_json({"type": "save"})
    saved = page.receive_json()
    assert saved["type"] == "file" and saved["name"] == "penguins.cgf"
    page.send_json({"type": "open", "game": "island"})
    page.receive_json()
    page.send_json({"type": "load", "text": saved["text"]})
    board = page.receive_json()
    assert board["game"] == "penguins" and [board["nodes"][i]["move"] for i in board["path"]] == [None, "+a1", "+b1"]


def test_review_marks_the_line(page):
    """A review of the line played sends one point per judged move, each with its node and the
    first seat's win chance after it."""
    for move in ("+a1", "+f6", "+b1"):
        page.send_json({"type": "play", "move": move})
        page.receive_json()
    page.send_json({"type": "review", "engine": "alphabeta", "limits": {"depth": 2}})
    review = next_of(page, "review")
    assert [p["node"] for p in review["points"]] == [1, 2, 3] and review["unit"] == "win"
    from solver.commands.review import win_probability

    judged = caldera.review(caldera.open_position("penguins", "pond"), ["+a1", "+f6", "+b1"], "alphabeta", depth=2)
    chances = [win_probability(move.played_score) for move in judged.moves]
    # A's win chance throughout: B's move (the second) counts from A's side
    assert [p["value"] for p in review["points"]] == [chances[0], 1 - chances[1], chances[2]]


def test_chance_outcomes_are_offered_and_rolled():
    """At a roll the outcomes come with their probabilities; `roll` plays one of them."""
    with TestClient(create_app()) as client, client.websocket_connect("/ws") as socket:
        socket.send_json({"type": "open", "game": "island", "position": "start2"})
        socket.receive_json()
        socket.send_json({"type": "play", "move": "2E"})
        position = socket.receive_json()["position"]
        assert position["chance"] and abs(sum(m["probability"] for m in position["moves"]) - 1) < 1e-9
        socket.send_json({"type": "roll"})
        board = socket.receive_json()
        assert board["nodes"][-1]["move"] in {m["text"] for m in position["moves"]}
        socket.send_json({"type": "roll"})
        assert socket.receive_json() == {"type": "error", "message": "no roll here: A is to move"}


HOP_FULL = "3/4/3/2/2 4/3/5/5/2 d/c/-/dd/- 1/02/-/11/- C partner --- - ----- - 14/6/7/3/4 skill=skilled"


def test_a_hop_page_never_receives_another_seats_clouds():
    """Opened on a full hop position as seat C, every message (boards, moves, analysis, the
    saved file) shows C's view: the others' clouds as '?', never their values."""
    seen = []
    with TestClient(create_app()) as client, client.websocket_connect("/ws") as socket:
        socket.send_json({"type": "open", "game": "hop", "position": HOP_FULL, "seat": "C"})
        board = next_of(socket, "board", seen)
        assert board["position"]["text"].startswith("3/4/3/2/2 4/3/5/5/2 d/c/-/dd/- ?/??/-/??/- C ")
        socket.send_json({"type": "analyse", "limits": {"sims": 200, "seed": 1}})
        final_analysis(socket, seen)
        socket.send_json({"type": "play", "move": "partner:A"})
        next_of(socket, "board", seen)
        socket.send_json({"type": "save"})
        next_of(socket, "file", seen)
    sent = json.dumps(seen)
    assert "1/02/-/11/-" not in sent and "view=C" in sent
    for message in seen:
        for text in (message.get("position", {}).get("text"), message.get("record", {}).get("position")):
            assert text is None or " ?/??/-/??/- " in text, text
    full_svg = caldera.open_position("hop", HOP_FULL).svg()
    assert board["position"]["svg"] != full_svg


def test_a_puzzle_takes_its_goal_from_the_page():
    """oros's start has no goal of its own: the page's goal is planned for; without one, one line says so."""
    with TestClient(create_app()) as client, client.websocket_connect("/ws") as socket:
        socket.send_json({"type": "hello"})
        games = socket.receive_json()
        assert games["limits"]["exact"] == [] and games["limits"]["mcts"] == ["time", "sims"]
        socket.send_json({"type": "open", "game": "oros", "position": "start"})
        assert socket.receive_json()["engine"] == "planner"
        socket.send_json({"type": "analyse", "limits": {"time": 60}})
        assert "give a goal" in next_of(socket, "error")["message"]
        socket.send_json({"type": "analyse", "goal": "mountain@d3", "limits": {"time": 60}})
        message = final_analysis(socket)
        assert message["kind"] == "plan" and message["record"]["goal"] == "mountain@d3"
        assert message["record"]["outcome"] == "found"


def test_a_loaded_hop_game_is_seen_by_the_pages_seat():
    """A game file of the full hop position, loaded on a page seen by C: the page gets C's view only."""
    text = caldera.game_text(caldera.open_position("hop", HOP_FULL), ["partner:A"])
    assert "1/02/-/11/-" in text
    with TestClient(create_app()) as client, client.websocket_connect("/ws") as socket:
        socket.send_json({"type": "load", "text": text, "seat": "C"})
        board = socket.receive_json()
    assert board["seat"] == "C" and [board["nodes"][i]["move"] for i in board["path"]] == [None, "partner:A"]
    assert " ?/??/-/??/- " in board["position"]["text"] and "1/02/-/11/-" not in json.dumps(board)
