"""Oros shaping puzzles as text: actions in words, plans step by step with a map after each
step, hints, the puzzle table, and plans as JSON (docs/json.md, docs/oros_puzzles.md).

Text lines are printed with soft wrap: a position's notation is never broken across lines.
"""

from __future__ import annotations

import json

from rich.console import Console

from solver.games.oros import oros_rules as oros
from solver.games.oros.oros_board import render
from solver.games.oros.oros_goals import Goal, describe_goal, format_goal
from solver.games.oros.oros_notation import format_move, format_position
from solver.planner import FOUND, NO_PLAN, PlanResult

DISTANCE_WORDS = {1: "one cell", 2: "two cells", 3: "three cells"}
DIRECTION_WORDS = ("north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west")
LEVEL_WORDS = {oros.SEA: "sea", 1: "level 1", 2: "level 2", 3: "level 3", 4: "level 4", oros.MOUNTAIN: "a mountain"}
STOPPED_WORDS = {"nodes": "the node limit", "time": "the time limit", "interrupted": "Ctrl-C"}


def _say(console: Console, text: str) -> None:
    console.print(text, markup=False, highlight=False, soft_wrap=True)


def changed_cells(before: oros.State, after: oros.State) -> tuple[int, ...]:
    """The cells whose level or volcanoes differ between two positions of one map."""
    return tuple(c for c in range(before.cells)
                 if (before.levels[c], before.volcanoes[c]) != (after.levels[c], after.volcanoes[c]))


def action_in_words(state: oros.State, move: int) -> str:
    """What the action does, e.g. "move the group b2, c2, d2 one cell south"."""
    name = lambda cell: oros.cell_name(cell, state.width)  # noqa: E731
    kind = oros.move_kind(move)
    if kind in (oros.DRIFT_ROW, oros.DRIFT_COL):
        _, line, distance, sense = oros.decode_drift(move)
        if kind == oros.DRIFT_ROW:
            return f"drift row {line + 1} {DISTANCE_WORDS[distance]} {('east', 'west')[sense]}"
        return f"drift column {chr(ord('a') + line)} {DISTANCE_WORDS[distance]} {('south', 'north')[sense]}"
    if kind == oros.TECTONIC:
        group, direction = oros.decode_tectonic(move)
        what = f"the tile {name(group[0])}" if len(group) == 1 else "the group " + ", ".join(map(name, group))
        return f"move {what} one cell {DIRECTION_WORDS[direction]}"
    if kind == oros.ERUPT:
        cell, volcano, lava = oros.decode_erupt(move)
        sent = [f"{amount} {DIRECTION_WORDS[d]}" for d, amount in zip(oros.ORTHOGONAL, lava) if amount]
        flow = f", sending lava {', '.join(sent)}" if sent else ""
        return f"erupt the level-{volcano} volcano on {name(cell)}{flow}"
    return f"create volcano levels on {name(oros.decode_create(move))} (+{oros.CREATED_VOLCANO_LEVELS})"


def _volcano_text(stack: tuple[int, ...]) -> str:
    return f"volcano{'es' if len(stack) > 1 else ''} {' '.join(map(str, stack))}"


def _collision_words(after: oros.State, target: int) -> str:
    """What a collision left on `target` (O-2)."""
    level, stack = after.levels[target], after.volcanoes[target]
    what = LEVEL_WORDS[level] if level == oros.MOUNTAIN else f"a {LEVEL_WORDS[level]} tile"
    return what + (f" with {_volcano_text(stack)}" if stack else "")


def effects_in_words(before: oros.State, after: oros.State, move: int) -> str:
    """What the action did besides moving tiles, e.g. "d2 hits d3: a mountain" or "e3 rises
    to level 1"; "" when nothing (a drift only carries its line along)."""
    name = lambda cell: oros.cell_name(cell, before.width)  # noqa: E731
    kind = oros.move_kind(move)
    changes = []
    if kind == oros.TECTONIC:
        group, direction = oros.decode_tectonic(move)
        targets = {oros.step(before, cell, direction): cell for cell in group}
        for target, cell in targets.items():
            if target not in group and before.levels[target] != oros.SEA:
                changes.append(f"{name(cell)} hits {name(target)}: {_collision_words(after, target)}")
        changes += [f"hotspot {name(cell)} gets a new level-1 tile" for cell in group
                    if cell in before.hotspots and cell not in targets]
    elif kind == oros.ERUPT:
        changes += [f"{name(cell)} rises to {LEVEL_WORDS[after.levels[cell]]}" for cell in range(before.cells)
                    if after.levels[cell] > before.levels[cell]]
    elif kind == oros.CREATE:
        cell = oros.decode_create(move)
        changes.append(f"{name(cell)} now carries {_volcano_text(after.volcanoes[cell])}")
    return "; ".join(changes)


def step_in_words(state: oros.State, move: int) -> str:
    """One action and its effect in a sentence."""
    after = oros.successor(state, move)
    effects = effects_in_words(state, after, move)
    text = action_in_words(state, move)
    return f"{text[0].upper()}{text[1:]}" + (f": {effects}." if effects else ".")


def describe_moves(state: oros.State) -> list[str]:
    """The legal actions grouped by kind: a count, then the tokens."""
    by_kind: dict[int, list[str]] = {}
    for move in oros.legal_moves(state):
        by_kind.setdefault(oros.move_kind(move), []).append(format_move(state, move))
    lines = [f"{sum(map(len, by_kind.values()))} legal actions"]
    for kind, tokens in sorted(by_kind.items()):
        lines.append(f"{oros.KIND_NAMES[kind]}s ({len(tokens)}): {' '.join(tokens)}")
    return lines


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


def print_plan(state: oros.State, goal: Goal, result: PlanResult, console: Console | None = None) -> None:
    """The puzzle, the verdict, and a found plan step by step with the map after each step."""
    console = console or Console()
    _say(console, f"position  {format_position(state)}")
    _say(console, f"goal      {format_goal(goal)} ({describe_goal(goal)})  budget {result.budget}")
    _say(console, verdict(result))
    if result.outcome == FOUND:
        for number, move in enumerate(result.plan, start=1):
            after = oros.successor(state, move)
            _say(console, "")
            _say(console, f"step {number}: {format_move(state, move)}  {step_in_words(state, move)}")
            console.print(render(after, highlight=changed_cells(state, after)))
            state = after
    _say(console, _limits_text(result))


def plan_json(state: oros.State, goal: Goal, result: PlanResult) -> str:
    """The solver's answer as one line of JSON (keys in docs/json.md, section oros)."""
    steps, start = [], format_position(state)
    for move in result.plan:
        after = oros.successor(state, move)
        steps.append({"move": format_move(state, move), "code": move, "words": step_in_words(state, move),
                      "position": format_position(after)})
        state = after
    return json.dumps({
        "game": "oros",
        "position": start,
        "goal": format_goal(goal),
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


def hint_lines(state: oros.State, goal: Goal, result: PlanResult) -> list[str]:
    """The next step of a shortest plan in words, or why there is none."""
    if result.outcome != FOUND:
        return [f"No hint: {verdict(result)}."]
    if not result.plan:
        return [f"The goal ({describe_goal(goal)}) is already met."]
    move, n = result.plan[0], len(result.plan)
    rest = "this reaches the goal" if n == 1 else f"the goal is then {n - 1} more action{'s' if n > 2 else ''} away"
    return [f"Next: {format_move(state, move)}  {step_in_words(state, move)}",
            f"({rest}; shortest plan {n} action{'s' if n != 1 else ''}, {result.nodes:,} nodes in {result.seconds:.1f} s)"]


def puzzle_table_lines() -> list[str]:
    """The built-in puzzles as a table: name, set, goal, budget, optimal length, idea."""
    from solver.games.oros.oros_puzzles import PUZZLES

    width = max(len(p.name) for p in PUZZLES)
    goal_width = max(len(p.goal) for p in PUZZLES)
    lines = [f"{'name':{width}}  {'set':6}  {'goal':{goal_width}}  budget  optimal  idea"]
    for p in PUZZLES:
        lines.append(f"{p.name:{width}}  {p.set:6}  {p.goal:{goal_width}}  {p.budget:>6}  {p.optimal:>7}  {p.idea}")
    return lines
