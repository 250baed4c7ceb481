"""A hint in words, the same for `caldera hint` and the `hint` of `caldera play`: the best moves of
the side to move, explained; at a dice roll the outcomes; in a puzzle the next step of a plan."""

from __future__ import annotations

from typing import Callable

from solver import api
from solver.engines.registry import ENGINE_RECORDS, EngineSpec


SEARCH_LIMITS = ("time", "sims", "depth", "nodes")  # an engine spec's settings that end a search
# Lines a hint asks for per move it shows: on a tile board a move and the same steps in another
# order (an effect before or after the action, P-9a) are two lines of one position, shown once.
LINES_PER_MOVE = 2


def hint_spec(entry, state, top: int, seconds: float, given: EngineSpec | None) -> EngineSpec:
    """The spec a hint searches with: `given` (hint --engine) or the game's engine for the
    position, with LINES_PER_MOVE * `top` lines where the engine reports several and `seconds`
    where the spec sets no other limit."""
    engine = given.name if given is not None else entry.engine_for(state)
    settings = dict(given.settings) if given is not None else {}
    known = ENGINE_RECORDS[engine].settings
    if "multipv" in known and "multipv" not in settings and not ENGINE_RECORDS[engine].goals:
        settings["multipv"] = LINES_PER_MOVE * top
    if "time" in known and not any(limit in settings for limit in SEARCH_LIMITS):
        settings["time"] = seconds
    return api.checked_spec(entry, EngineSpec.build(engine, settings), state)


def distinct_lines(entry, state, lines: list) -> list:
    """`lines` less those whose move leads to the same position as a better line's (P-9a: orders
    that lead to the same position are the same move)."""
    seen, kept = set(), []
    for line in lines:
        after = entry.format_position(entry.successor(state, line.move))
        if after not in seen:
            seen.add(after)
            kept.append(line)
    return kept


def hint_lines(entry, state, top: int, seconds: float, goal, budget, run_search: Callable, run_plan: Callable,
               given: EngineSpec | None = None) -> list[str]:
    """The hint for `state` of `entry` (a game's record): `top` moves searched `seconds` (or as the
    spec `given` says), by `run_search(entry, spec, state)` or, for a game of goals,
    `run_plan(entry, spec, state, goal, budget)`; each move with why it is good."""
    spec = hint_spec(entry, state, top, seconds, given)
    if ENGINE_RECORDS[spec.name].goals:
        from solver.output.planner_output import hint_lines as plan_lines

        return plan_lines(entry, state, goal, run_plan(entry, spec, state, goal, budget))
    from solver.output.analysis_output import chance_table_lines, equal_moves_text, interval_text, outcome_words
    from solver.output.hint_why import why_words

    seat = entry.seat_name(state)
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
    if result.best.score.kind == "none":
        searched = f"picked by {spec.name}, without a search"
    elif result.engine == "mcts":
        searched = f"{result.nodes:,} simulations in {result.seconds:.1f} s"
    elif result.engine == "exact":
        searched = f"solved exactly: {result.nodes:,} positions in {result.seconds:.1f} s"
    else:
        searched = f"searched {result.depth} {'ply' if result.depth == 1 else 'plies'} in {result.seconds:.1f} s"
    lines = [f"Best moves for {seat} ({searched}):"]
    for rank, line in enumerate(distinct_lines(entry, state, result.lines)[:top], start=1):
        said = [interval_text(line) and f"95% interval {interval_text(line)}", outcome_words(state, line, entry)]
        lines.append(f"{rank}. {entry.format_move(state, line.move):7} {entry.explain(state, line.move, line.score)}"
                     + "".join(f"; {words}" for words in said if words))
        why = why_words(entry, state, line, result.engine)
        if why:
            lines.append(f"   why: {why}")
    equal = equal_moves_text(state, result, entry)
    if equal:
        lines.append(f"Equally good after {result.nodes:,} simulations (their 95% intervals overlap, the search "
                     f"cannot tell them apart): {equal}.")
    lines += [f"note: {note}" for note in result.notes]
    if result.stopped == "interrupted":
        lines.append("note: stopped by Ctrl-C: the best moves found so far")
    return lines
