"""One page of the analysis board (`caldera serve`): its move tree, its analysis and review, and
what it answers to each message of the page (docs/serve.md lists the messages). Everything goes
through solver/caldera.py, the API scripts use; nothing here knows a game or an engine by name.

A game with hidden information (hop) is opened as one seat's view (`seat`): the tree holds only
views, so nothing of another seat's clouds or bets is ever at hand to be sent.
"""

from __future__ import annotations

import logging
import random
import threading
import time
from dataclasses import dataclass, field
from typing import Callable

from solver import caldera
from solver.errors import CalderaError, shown

PROGRESS_EVERY_S = 0.25  # the least time between two reports of a search going on
PAGE_LIMITS = ("time", "depth", "sims", "nodes")  # the limits the page offers (caldera.LIMITS has them all)
MOST_MOVES_SHOWN = 2000  # legal moves sent to the page (oros full game: thousands of combinations)


@dataclass
class Node:
    """A position of the move tree: the move that led to it from its parent (None at the root)."""

    id: int
    parent: int | None
    move: str | None
    position: caldera.Position
    children: list[int] = field(default_factory=list)


class BoardSession:
    """One page's board. `send(message)` carries a dict to the page from any thread; `handle`
    answers one message of the page (a CalderaError for bad input, said on the page)."""

    def __init__(self, send: Callable[[dict], None]):
        self.send = send
        self.nodes: list[Node] = []
        self.current = 0
        self.seat: str | None = None
        self.running: caldera.Analysing | None = None
        self.reviewing: caldera.Stopper | None = None
        self._workers: list[threading.Thread] = []
        self._dice = random.Random()

    # ------------------------------------------------------------------ messages of the page

    def handle(self, message) -> None:
        """Answer one message of the page (a dict with a `type`)."""
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            raise CalderaError('a message is a JSON object with a "type"')
        kind = message["type"]
        answer = getattr(self, f"on_{kind}", None) if kind.isidentifier() else None
        if answer is None:
            raise CalderaError(f"unknown message type '{shown(kind)}'")
        answer(message)

    def on_hello(self, message) -> None:
        """The games, each with its positions, engines and seats, for the page's choices."""
        from solver.engines.registry import ENGINE_RECORDS

        games = []
        for name in caldera.games():
            record = caldera.game(name)
            games.append({"name": name, "title": record.title, "positions": list(record.builtin_positions()),
                          "default_position": record.default_position, "engines": list(record.engines),
                          "seats": record.seats if record.view_of is not None else "",
                          "goals": record.goals is not None})
        # each engine's limits among those the page offers, so it offers only the ones that fit
        limits = {name: [key for key in PAGE_LIMITS if key in engine.settings] for name, engine in ENGINE_RECORDS.items()}
        self.send({"type": "games", "games": games, "limits": limits})

    def on_open(self, message) -> None:
        """A new tree from a position of a game, seen by `seat` where the game hides information."""
        name, position = _text(message, "game"), _text(message, "position", optional=True) or None
        record = caldera.game(name)
        seat = (_text(message, "seat", optional=True) or record.seats[0]) if record.view_of is not None else None
        self._new_tree(caldera.open_position(name, position, seen_by=seat), seat)

    def on_play(self, message) -> None:
        """The move (notation) played from the current position: a variation unless it is there already."""
        move = _text(message, "move")
        node = self._node(self.current)
        after = node.position.play(move)
        self.current = self._child(node, after)
        self._send_board()

    def on_roll(self, message) -> None:
        """A chance outcome drawn by its probability at the current position (a roll)."""
        node = self._node(self.current)
        outcomes = node.position.moves() if node.position.is_chance else []
        if not outcomes:
            raise CalderaError(f"no roll here: {node.position.seat} is to move")
        drawn = self._dice.choices(outcomes, weights=[move.probability for move in outcomes])[0]
        self.current = self._child(node, node.position.play(drawn))
        self._send_board()

    def on_goto(self, message) -> None:
        """Another position of the tree becomes the current one."""
        self.current = self._node(message.get("node")).id
        self._send_board()

    def on_analyse(self, message) -> None:
        """Start the engine on the current position (stopping a search already going)."""
        self.stop_all()
        node = self._node(self.current)
        engine = _text(message, "engine", optional=True) or None
        limits = message.get("limits") or {}
        if not isinstance(limits, dict):
            raise CalderaError('"limits" is an object, e.g. {"time": 3}')
        limits = {key: value for key, value in limits.items() if value not in (None, "")}
        goal = _text(message, "goal", optional=True) or None
        self.running = running = caldera.start_analysis(node.position, engine, goal=goal, **limits)
        self._work(lambda: self._stream(running, node))

    def on_stop(self, message) -> None:
        """Stop the search and the review going on (each sends what it has)."""
        self.stop_all()

    def on_save(self, message) -> None:
        """The game file (docs/records.md) of the line from the start to the current position."""
        path = self._path(self.current)
        root = self.nodes[0].position
        text = caldera.game_text(root, [self.nodes[i].move for i in path[1:]])
        self.send({"type": "file", "name": f"{root.game.name}.cgf", "text": text})

    def on_load(self, message) -> None:
        """A game file's text: its start and moves become the tree (as this page's seat sees them)."""
        start, line = caldera.read_game(_text(message, "text"), _text(message, "name", optional=True) or "game file")
        seat = None
        if start.game.view_of is not None:
            seat = _text(message, "seat", optional=True) or self.seat or start.game.seats[0]
            start = self._seen(start, seat)
        self._new_tree(start, seat, send=False)
        for after in line:
            node = self._node(self.current)
            self.current = self._child(node, node.position.play(after.played[-1]))
        self._send_board()

    def on_review(self, message) -> None:
        """Review the line from the start to the current position; its marks go on the graph."""
        self.stop_all()
        path = self._path(self.current)
        moves = [self.nodes[i].move for i in path[1:]]
        if not moves:
            raise CalderaError("no moves to review: play or load some first")
        engine = _text(message, "engine", optional=True) or None
        limits = message.get("limits") or {}
        if not isinstance(limits, dict):
            raise CalderaError('"limits" is an object, e.g. {"time": 0.5}')
        limits = {key: value for key, value in limits.items() if value not in (None, "")}
        self.reviewing = stopper = caldera.Stopper()
        root = self.nodes[0].position
        self._work(lambda: self._review(root, moves, path, engine, limits, stopper))

    # ------------------------------------------------------------------ work in threads

    def stop_all(self) -> None:
        """Stop this page's search and review."""
        if self.running is not None:
            self.running.stop()
        if self.reviewing is not None:
            self.reviewing.stop()

    def close(self, wait_s: float = 10.0) -> None:
        """The page is gone: stop its work and wait (a while) for its threads to end."""
        self.stop_all()
        for worker in self._workers:
            worker.join(wait_s)

    def _work(self, job: Callable[[], None]) -> None:
        """Run `job` in a thread of its own; an error it raises is said on the page (a bug: logged too)."""
        def run():
            try:
                job()
            except CalderaError as error:
                self.send({"type": "error", "message": str(error)})
            except Exception as error:
                logging.getLogger("caldera.serve").exception("a search or review of the board")
                self.send({"type": "error", "message": f"internal error: {type(error).__name__}: {error} (please report it)"})

        self._workers = [w for w in self._workers if w.is_alive()]
        worker = threading.Thread(target=run, daemon=True, name="caldera-board")
        self._workers.append(worker)
        worker.start()

    def _stream(self, running: caldera.Analysing, node: Node) -> None:
        """Send the analysis of `node` as it deepens (at most every PROGRESS_EVERY_S), then its end."""
        last = 0.0
        for report in running:
            now = time.monotonic()
            if not report.final and now - last < PROGRESS_EVERY_S:
                continue
            last = now
            message = {"type": "analysis", "node": node.id, "final": report.final, "kind": report.kind,
                       "record": report.record()}
            if report.final:
                message["svg"] = node.position.svg(report.line[:1])
            self.send(message)

    def _review(self, root, moves, path, engine, limits, stopper) -> None:
        """Review `moves` from `root` and send every move's mark with the node it leads to; the
        graph's value is the first seat's win chance after the move (two seats), the mover's (more
        seats), or minus the loss (a one-seat game's turns, a puzzle's actions)."""
        from solver.commands.review import win_probability
        from solver.output.review_output import review_json

        def progress(done, total):
            self.send({"type": "reviewing", "done": done, "total": total})

        result = caldera.review(root, moves, engine, on_position=progress, stopper=stopper, **limits)
        record = review_json(result)
        game, points = root.game, []
        two_seats = game.player_count(root.state) == 2
        for move in result.moves:
            if not move.judged:
                continue
            value = -move.loss
            if result.unit == "win" and move.played_score:
                value = win_probability(move.played_score)
                if two_seats and game.to_move(self.nodes[path[move.number - 1]].position.state) != 0:
                    value = 1 - value  # the first seat's win chance throughout, as a chess graph shows white's
            points.append({"node": path[move.number], "number": move.number, "value": value, "mark": move.mark,
                           "move": move.move, "best": move.best, "seat": move.seat})
        self.send({"type": "review", "record": record, "unit": result.unit, "points": points})

    # ------------------------------------------------------------------ the tree

    def _new_tree(self, start: caldera.Position, seat: str | None, send: bool = True) -> None:
        """A tree of the one position `start`."""
        self.stop_all()
        self.nodes = [Node(0, None, None, start)]
        self.current, self.seat = 0, seat
        if send:
            self._send_board()

    def _seen(self, start: caldera.Position, seat: str) -> caldera.Position:
        """`start` as `seat` sees it (hidden information)."""
        from solver.api import view_for

        if start.game.viewer(start.state) is not None:
            return start
        return caldera.Position(start.game, view_for(start.game, start.state, seat), start.name)

    def _child(self, node: Node, after: caldera.Position) -> int:
        """The child of `node` by the last move of `after`, added unless it is there already."""
        move = after.played[-1]
        for child in node.children:
            if self.nodes[child].move == move:
                return child
        child = Node(len(self.nodes), node.id, move, after)
        self.nodes.append(child)
        node.children.append(child.id)
        return child.id

    def _node(self, number) -> Node:
        """The tree's node `number`; one line for a number the tree does not have."""
        if not self.nodes:
            raise CalderaError("open a game first")
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < len(self.nodes):
            raise CalderaError(f"no position {shown(str(number))} in the tree")
        return self.nodes[number]

    def _path(self, number: int) -> list[int]:
        """The nodes from the root to `number`."""
        path = [number]
        while self.nodes[path[-1]].parent is not None:
            path.append(self.nodes[path[-1]].parent)
        return path[::-1]

    def _send_board(self) -> None:
        """The tree and the current position, as the page draws them."""
        node = self.nodes[self.current]
        position = node.position
        moves = position.moves()
        self.send({
            "type": "board",
            "game": position.game.name,
            "title": position.game.title,
            "seat": self.seat,
            "nodes": [{"id": n.id, "parent": n.parent, "move": n.move, "children": n.children} for n in self.nodes],
            "current": node.id,
            "engine": position.game.engine_for(position.state),
            "path": self._path(node.id),
            "position": {
                "text": position.text, "to_move": position.seat, "over": position.is_over,
                "chance": position.is_chance, "svg": position.svg(),
                "moves": [{"text": m.text, "probability": m.probability} for m in moves[:MOST_MOVES_SHOWN]],
                "more_moves": max(0, len(moves) - MOST_MOVES_SHOWN),
            },
        })


def _text(message: dict, key: str, optional: bool = False) -> str:
    """The text field `key` of a message; one line when it is missing (unless optional) or no text."""
    value = message.get(key)
    if value is None and optional:
        return ""
    if not isinstance(value, str):
        raise CalderaError(f'the message "{shown(str(message.get("type")))}" needs "{key}" as text')
    return value
