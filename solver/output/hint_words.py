"""A hint in words, the same for `caldera hint` and the `hint` of `caldera play`: the best moves of
the side to move, explained; at a dice roll the outcomes; in a puzzle the next step of a plan."""

from __future__ import annotations

from typing import Callable

from solver import api
from solver.engines.registry import ENGINE_RECORDS, EngineSpec


def hint_lines(entry, state, top: int, seconds: float, goal, budget, run_search: Callable, run_plan: Callable) -> list[str]:
    """The hint for `state` of `entry` (a game's record): `top` moves searched `seconds`, by
    `run_search(entry, spec, state)` or, for a game of goals, `run_plan(entry, spec, state, goal, budget)`."""
    engine = entry.engine_for(state)
    if ENGINE_RECORDS[engine].goals:
        from solver.output.planner_output import hint_lines as plan_lines

        return plan_lines(entry, state, goal, run_plan(entry, EngineSpec.build(engine, {"time": seconds}), state,
                                                       goal, budget))
    from solver.output.analysis_output import chance_table_lines, equal_moves_text, interval_text, outcome_words

    seat = entry.seat_name(state)
    wanted = {"time": seconds, "multipv": top}
    settings = {key: value for key, value in wanted.items() if key in ENGINE_RECORDS[engine].settings}
    spec = api.checked_spec(entry, EngineSpec.build(engine, settings), state)
    if entry.is_chance(state):
        lines = [f"The next move is {entry.chance_words(state)}, not a choice of {seat}; the outcomes:"]
        scores = {}
        if ENGINE_RECORDS[spec.name].searches_chance_roots:
            scores = {line.move: line.score for line in run_search(entry, spec, state).lines}
        for (move, _), line in zip(entry.chance_outcomes(state), chance_table_lines(state, entry)):
            lines.append(f"  {line}" + (f"  then {scores[move].text()}" if move in scores else ""))
        return lines
    result = run_search(entry, spec, state)
    if not result.lines:
        return [f"{seat} has no legal move: the game is over."]
    if result.engine == "mcts":
        searched = f"{result.nodes:,} simulations in {result.seconds:.1f} s"
    elif result.engine == "exact":
        searched = f"solved exactly: {result.nodes:,} positions in {result.seconds:.1f} s"
    else:
        searched = f"searched {result.depth} {'ply' if result.depth == 1 else 'plies'} in {result.seconds:.1f} s"
    lines = [f"Best moves for {seat} ({searched}):"]
    for rank, line in enumerate(result.lines, start=1):
        said = [interval_text(line) and f"95% interval {interval_text(line)}", outcome_words(state, line, entry)]
        lines.append(f"{rank}. {entry.format_move(state, line.move):7} {entry.explain(state, line.move, line.score)}"
                     + "".join(f"; {words}" for words in said if words))
    equal = equal_moves_text(state, result, entry)
    if equal:
        lines.append(f"Equally good after {result.nodes:,} simulations (their 95% intervals overlap, the search "
                     f"cannot tell them apart): {equal}.")
    lines += [f"note: {note}" for note in result.notes]
    if result.stopped == "interrupted":
        lines.append("note: stopped by Ctrl-C: the best moves found so far")
    return lines
