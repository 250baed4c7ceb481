"""The planner's answers as text and JSON: plans step by step with the board after each step,
hints (docs/json.md, docs/oros_puzzles.md). Every game with goals prints the
same way, through its record (solver/games/game_record.py).

Text lines are printed with soft wrap: a position's notation is never broken across lines.
"""

from __future__ import annotations

import json

from rich.console import Console

from solver.output.terminal import terminal

from solver.engines.planner.planner_search import FOUND, NO_PLAN, PlanResult
from solver.games.game_record import Game

STOPPED_WORDS = {"nodes": "the node limit", "time": "the time limit", "interrupted": "Ctrl-C"}


def _say(console: Console, text: str) -> None:
    console.print(text, markup=False, highlight=False, soft_wrap=True)


def _limits_text(result: PlanResult) -> str:
    return f"nodes {result.nodes:,}  {_rate(result):,.0f} nodes/s  time {result.seconds:.2f} s"


def _rate(result: PlanResult) -> float:
    return result.nodes / result.seconds if result.seconds > 0 else 0.0


def verdict(result: PlanResult) -> str:
    """The outcome in one line: the plan's length, no plan, or unknown within the limits."""
    if result.outcome == FOUND:
        n = len(result.plan)
        return "the goal is already met: no action needed" if n == 0 else \
            f"shortest plan: {n} action{'s' if n != 1 else ''} (none shorter exists)"
    if result.outcome == NO_PLAN:
        return f"no plan within {result.budget} action{'s' if result.budget != 1 else ''}"
    searched = f"no plan of {result.ruled_out} or fewer actions; " if result.ruled_out > 0 else ""
    return f"unknown within the limits: {searched}stopped by {STOPPED_WORDS[result.stopped or 'nodes']}"


def progress_line(result: PlanResult) -> str:
    """One status line while solving."""
    return f"plan  ruled out {max(result.ruled_out, 0)} actions  {_limits_text(result)}"


def print_plan(game: Game, state, goal, result: PlanResult, console: Console | None = None) -> None:
    """The puzzle, the verdict, and a found plan step by step with the board after each step
    (the cells each action changed highlighted)."""
    console = console or terminal()
    _say(console, f"position  {game.format_position(state)}")
    _say(console, f"goal      {game.goals.format(goal)} ({game.goals.describe(goal)})  budget {result.budget}")
    _say(console, verdict(result))
    if result.outcome == FOUND:
        for number, move in enumerate(result.plan, start=1):
            _say(console, "")
            _say(console, f"step {number}: {game.format_move(state, move)}  {game.explain(state, move, None)}")
            console.print(game.render(game.successor(state, move), highlight=game.touched(state, move)))
            state = game.successor(state, move)
    _say(console, _limits_text(result))


def plan_json(game: Game, state, goal, result: PlanResult) -> str:
    """The planner's answer as one line of JSON (keys in docs/json.md, section oros)."""
    steps, start = [], game.format_position(state)
    for move in result.plan:
        after = game.successor(state, move)
        steps.append({"move": game.format_move(state, move), "code": move, "words": game.explain(state, move, None),
                      "position": game.format_position(after)})
        state = after
    return json.dumps({
        "game": game.name,
        "position": start,
        "goal": game.goals.format(goal),
        "budget": result.budget,
        "outcome": result.outcome,
        "length": len(result.plan) if result.outcome == FOUND else None,
        "plan": [step["move"] for step in steps],
        "steps": steps,
        "ruled_out": result.ruled_out,
        "nodes": result.nodes,
        "seconds": round(result.seconds, 4),
        "nps": round(_rate(result)),
        "stopped": result.stopped,
    })


def hint_lines(game: Game, state, goal, result: PlanResult) -> list[str]:
    """The next step of a shortest plan in words, or why there is none."""
    if result.outcome != FOUND:
        return [f"No hint: {verdict(result)}."]
    if not result.plan:
        return [f"The goal ({game.goals.describe(goal)}) is already met."]
    move, n = result.plan[0], len(result.plan)
    rest = "this reaches the goal" if n == 1 else f"the goal is then {n - 1} more action{'s' if n > 2 else ''} away"
    return [f"Next: {game.format_move(state, move)}  {game.explain(state, move, None)}",
            f"({rest}; shortest plan {n} action{'s' if n != 1 else ''}, {result.nodes:,} nodes in {result.seconds:.1f} s)"]

