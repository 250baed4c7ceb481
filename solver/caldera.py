"""Caldera for scripts and the analysis board (`caldera serve`): one small Python API over the
commands, the same path `caldera analyze` takes (docs/api.md).

    from solver import caldera

    position = caldera.open_position("penguins", "pond").play("+c4")
    report = caldera.analyse(position, depth=4)
    print(report.record()["lines"][0]["move"])

A Position is immutable: `play` returns the next one. `analyse` returns a Report holding the
typed records the CLI prints (solver/analysis.py Analysis, the planner's PlanResult, or a
chance listing); `start_analysis` runs one in a thread, streams it as it deepens and stops it.
"""

from __future__ import annotations

import json
import queue
import threading
from dataclasses import dataclass, replace
from typing import Any, Callable, Iterator

from solver import api
from solver.engines.registry import ENGINE_RECORDS, EngineSpec
from solver.errors import CalderaError, shown
from solver.watch import Stopper, stopped_by

# The limits and settings `analyse` takes: every engine's settings (depth, nodes, time, sims,
# multipv, solve, threads, seed, hash, memory, ...), named as `caldera analyze` names its options'.
LIMITS = tuple(dict.fromkeys(key for record in ENGINE_RECORDS.values() for key in record.settings))


def games() -> list[str]:
    """The names of the games."""
    from solver.games.registry import GAME_NAMES

    return list(GAME_NAMES)


def game(name: str):
    """The record of the game called `name` (solver/games/game_record.py); one line for an unknown one."""
    from solver.games.registry import GAME_NAMES, game as record

    if name not in GAME_NAMES:
        raise CalderaError(f"unknown game '{shown(str(name))}' (games: {', '.join(GAME_NAMES)})")
    return record(name)


@dataclass(frozen=True)
class Move:
    """A legal move (or, at a roll, a chance outcome with its probability): its kernel code and notation."""

    code: int
    text: str
    probability: float | None = None


@dataclass(frozen=True)
class Position:
    """A position of a game: its record, its reference State, the position it was opened from
    (`name`: a built-in name brings a puzzle's goal), the moves played since, and the spaces the
    last one touched."""

    game: Any
    state: Any
    name: str | None = None
    played: tuple[str, ...] = ()
    touched: tuple[int, ...] = ()

    @property
    def text(self) -> str:
        """The position in the game's notation (docs/notation.md)."""
        return self.game.format_position(self.state)

    @property
    def seat(self) -> str:
        """Who moves next: the seat's name, or the words of chance ("the dice roll")."""
        return self.game.chance_words(self.state) if self.is_chance else self.game.seat_name(self.state)

    @property
    def is_over(self) -> bool:
        """True when the game has ended."""
        return self.game.is_over(self.state)

    @property
    def is_chance(self) -> bool:
        """True when chance (dice, cards) moves next, not a player."""
        return self.game.is_chance(self.state)

    def moves(self) -> list[Move]:
        """The legal moves in notation; at a roll the outcomes, each with its probability."""
        if self.is_chance:
            return [Move(code, self.game.format_move(self.state, code), float(p))
                    for code, p in self.game.chance_outcomes(self.state)]
        return [Move(code, self.game.format_move(self.state, code)) for code in self.game.legal_moves(self.state)]

    def play(self, move: str | int | Move) -> Position:
        """The position after `move` (notation, kernel code or Move); CalderaError for an illegal one."""
        if isinstance(move, Move):
            move = move.code
        if isinstance(move, str):
            code = self.game.parse_move(self.state, move)
        elif move in self.game.legal_moves(self.state):
            code = move
        else:
            raise CalderaError(f"move code {shown(str(move))} is not legal here")
        text = self.game.format_move(self.state, code)
        return replace(self, state=self.game.successor(self.state, code), played=(*self.played, text),
                       touched=tuple(self.game.touched(self.state, code)))

    def svg(self, line: tuple[int, ...] = ()) -> str:
        """The board as SVG text (the last move outlined), with the moves `line` (kernel codes)
        drawn as numbered arrows."""
        from solver.output.pictures import board_svg

        return board_svg(self.game, self.state, self.touched, line)


def open_position(game_name: str, position: str | None = None, after: str = "", board: str | None = None,
                  players: int | None = None, roll: str | None = None, seen_by: str | None = None) -> Position:
    """A position of the game `game_name`: a built-in name or notation (the game's start without
    one), a new game on `board` or for `players` players, seen by the seat `seen_by` (games with
    hidden information), after the moves `after` and the chance outcome `roll` (as the options of
    `caldera analyze`)."""
    record = game(game_name)
    state, touched = api.load_position(record, position, after, board, players, roll, seen_by)
    return Position(record, state, position, tuple(after.split()), tuple(touched))


@dataclass
class Report:
    """What `analyse` found: a search's Analysis, a plan (a puzzle: the planner's PlanResult and
    its goal), or, at a roll an engine does not search, the chance outcomes (neither)."""

    position: Position
    spec: EngineSpec
    analysis: Any = None
    plan: Any = None
    goal: Any = None
    final: bool = True  # False for a report streamed while the search goes on

    @property
    def kind(self) -> str:
        """"search", "plan" or "chance"."""
        return "search" if self.analysis is not None else "plan" if self.plan is not None else "chance"

    @property
    def line(self) -> tuple[int, ...]:
        """The best line (kernel codes): the best move's principal variation, or the plan."""
        if self.plan is not None:
            return tuple(self.plan.plan)
        best = self.analysis.best if self.analysis is not None else None
        return best.pv if best is not None else ()

    def json(self) -> str:
        """The one line of JSON `caldera analyze --json` prints (docs/json.md)."""
        from solver.output.analysis_output import analysis_json, chance_json
        from solver.output.planner_output import plan_json

        game, state = self.position.game, self.position.state
        if self.plan is not None:
            return plan_json(game, state, self.goal, self.plan)
        if self.analysis is not None:
            return analysis_json(state, self.spec, self.analysis, game)
        return chance_json(state, self.spec, game)

    def record(self) -> dict:
        """`json()` as a dict."""
        return json.loads(self.json())

    def print(self) -> None:
        """Print what `caldera analyze` prints, on stdout."""
        from solver.output.analysis_output import print_analysis, print_chance
        from solver.output.planner_output import print_plan

        game, state = self.position.game, self.position.state
        if self.plan is not None:
            print_plan(game, state, self.goal, self.plan)
        elif self.analysis is not None:
            print_analysis(state, self.spec, self.analysis, game)
        else:
            print_chance(state, self.spec, game)

    def progress_line(self) -> str:
        """One status line of a search going on: depth (or actions ruled out), nodes, speed, best line."""
        from solver.output.analysis_output import progress_line
        from solver.output.planner_output import progress_line as plan_progress

        if self.plan is not None:
            return plan_progress(self.plan)
        return progress_line(self.position.state, self.analysis, self.position.game) if self.analysis else ""


def analysis_spec(position: Position, engine: str | None = None, **limits) -> EngineSpec:
    """The engine spec `analyse` runs: `engine` (else the game's for the position) with the limits
    (keys of LIMITS, as `caldera analyze`'s options), checked for the game and the position."""
    _check_limits(limits)
    if engine is not None:
        from solver.engines.registry import ENGINES

        if engine not in ENGINES:
            raise CalderaError(f"unknown engine '{shown(str(engine))}' (engines: {', '.join(ENGINES)})")
    values = {**limits, **{key: None for key in LIMITS if key not in limits}}  # the caller's order: the spec's text
    spec = api.analysis_spec(position.game, position.state, engine, values)
    return api.checked_spec(position.game, spec, position.state)


def _check_limits(limits: dict) -> None:
    """One line for a limit `analyse` and `review` do not take, or a number outside its range
    (checked here too: further down a 0 would read as "not given", as an option left out)."""
    from solver.limits import RANGES

    unknown = sorted(set(limits) - set(LIMITS))
    if unknown:
        raise CalderaError(f"unknown limit {', '.join(repr(shown(str(k))) for k in unknown)} (limits: {', '.join(LIMITS)})")
    for key, value in limits.items():
        if key in RANGES and value is not None and not isinstance(value, bool):
            RANGES[key].check(key, value)


def analyse(position: Position, engine: str | None = None, goal: str | None = None, budget: int | None = None,
            on_progress: Callable[[Report], None] | None = None, stopper: Stopper | None = None,
            **limits) -> Report:
    """Analyse `position` as `caldera analyze` does: `engine` (else the game's) with `limits`
    (depth, nodes, time, sims, multipv, solve, threads, seed, hash, memory: LIMITS); a puzzle (oros) with
    its goal and budget (a built-in puzzle's own unless given). `on_progress` gets a Report as
    the search deepens; `stopper.stop()` (solver/watch.py) ends it with its best result so far."""
    game, state = position.game, position.state
    goal, budget = api.goal_and_budget(game, state, position.name, " ".join(position.played), goal, budget)
    spec = analysis_spec(position, engine, **limits)
    report = Report(position, spec, goal=goal, final=False)
    progress = None if on_progress is None else (
        lambda partial: on_progress(replace(report, **{"plan" if api.plans(spec) else "analysis": partial})))
    with stopped_by(stopper or Stopper()):
        if api.plans(spec):
            return replace(report, plan=api.plan(game, spec, state, goal, budget, on_progress=progress), final=True)
        if api.is_chance_listing(game, spec, state):
            return replace(report, final=True)
        return replace(report, analysis=api.search(game, spec, state, on_progress=progress), final=True)


class Analysing:
    """An analysis running in its own thread (`start_analysis`): iterate over it for its Reports
    as it deepens, the final one last; `stop()` ends it with its best result so far."""

    def __init__(self, position: Position, engine: str | None, limits: dict):
        self.stopper = Stopper()
        self._reports: queue.Queue = queue.Queue()
        self.result: Report | None = None
        self.error: Exception | None = None
        # Checked here, in the caller's thread: a bad engine or limit is the caller's error at once.
        analysis_spec(position, engine, **{k: v for k, v in limits.items() if k not in ("goal", "budget")})
        self._thread = threading.Thread(target=self._run, args=(position, engine, limits), daemon=True,
                                        name="caldera-analysis")
        self._thread.start()

    def _run(self, position, engine, limits) -> None:
        try:
            self.result = analyse(position, engine, on_progress=self._reports.put, stopper=self.stopper, **limits)
            self._reports.put(self.result)
        except Exception as error:  # raised in the caller's thread, by __iter__ and wait
            self.error = error
            self._reports.put(error)
        finally:
            self._reports.put(None)

    def __iter__(self) -> Iterator[Report]:
        """The Reports as they come, the final one last (an error of the search is raised here)."""
        while (item := self._reports.get()) is not None:
            if isinstance(item, Exception):
                raise item
            yield item

    def stop(self) -> None:
        """End the search now, with its best result so far (the final Report)."""
        self.stopper.stop()

    def wait(self, timeout: float | None = None) -> Report | None:
        """The final Report once the search has ended (None if it has not within `timeout` seconds)."""
        self._thread.join(timeout)
        if self.error is not None:
            raise self.error
        return self.result

    @property
    def running(self) -> bool:
        """True while the search goes on."""
        return self._thread.is_alive()


def start_analysis(position: Position, engine: str | None = None, goal: str | None = None, budget: int | None = None,
                   **limits) -> Analysing:
    """`analyse` in a thread of its own, at once: the Analysing streams its Reports and stops it."""
    return Analysing(position, engine, dict(limits, goal=goal, budget=budget))


def read_game(text: str, where: str = "game file") -> tuple[Position, list[Position]]:
    """A game file's text (docs/records.md) read and replayed: its start, and the position after
    each of its moves. One CalderaError naming the line and column for a file that does not read."""
    from solver.game_file import parse, replay
    from solver.game_file import GameFileError

    played = parse(text, where)
    if played.game not in games():
        raise GameFileError(where, *played.places.get("game", (1, 1)),
                            f"unknown game '{shown(played.game)}' (games: {', '.join(games())})")
    record = game(played.game)
    states = replay(record, played, where)
    start = Position(record, states[0], played.position, (), ())
    after, line = start, []
    for text_move in played.moves:
        after = after.play(text_move)
        line.append(after)
    return start, line


def game_text(start: Position, moves: list[str], players: dict[str, str] | None = None, event: str = "") -> str:
    """The game file (docs/records.md) of `moves` played from `start`, dated now."""
    from solver.game_file import PlayedGame, movers, now_text, result_of, text_of

    end = start
    for move in moves:
        end = end.play(move)
    played = PlayedGame(start.game.name, start.text, dict(players or {}), now_text(), result_of(start.game, end.state),
                        list(end.played[len(start.played):]), event)
    return text_of(played, movers(start.game, played))


def review(start: Position, moves: list[str], engine: str | None = None,
           on_position: Callable[[int, int], None] | None = None, stopper: Stopper | None = None, **limits):
    """Review `moves` played from `start` as `caldera review` does: each decision marked by the win
    probability it lost (solver/commands/review.py Review; `review_json` of solver/output/review_output.py
    for its JSON). `stopper.stop()` ends it with the moves judged so far."""
    from solver.commands.review import review_game, review_spec
    from solver.game_file import PlayedGame

    _check_limits(limits)
    states, after = [start.state], start
    for move in moves:
        after = after.play(move)
        states.append(after.state)
    played = PlayedGame(start.game.name, start.text, {}, moves=list(after.played[len(start.played):]))
    values = {key: limits.get(key) for key in LIMITS}
    values["threads"] = values["threads"] or 1
    spec = review_spec(start.game, start.state, engine, values)
    with stopped_by(stopper or Stopper()):
        return review_game(start.game, spec, played, states, on_position)
