"""The planner: the shortest plan that reaches a goal within an action budget, for a single-agent
game (the Oros shaping puzzles).

Iterative deepening around the numba pass in solver/engines/planner/planner_core.py: limits 1, 2, ... up to the
budget, the table of positions proven to have no plan kept from pass to pass. The first limit
with a plan gives a shortest one (every shorter limit was ruled out); a finished pass at the
budget proves that there is none. A node limit, a time limit or Ctrl-C (solver/watch.py) ends
the search with the outcome "unknown" and what was ruled out so far.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable

import numpy as np

from solver.engines.planner.planner_engine import DEFAULT_HASH_MB
from solver.errors import CalderaError
from solver.limits import check_memory
from solver.watch import new_stop, stop_reason, table_entries, watch

FOUND, NO_PLAN, UNKNOWN = "found", "none", "unknown"
MAX_BUDGET = 40  # deepest plan searched
TABLE_ENTRY_BYTES = 9  # an 8-byte key and a 1-byte count of actions


@dataclass
class PlanResult:
    """What the solver found: a shortest plan, a proof that none fits the budget, or neither.

    ruled_out: every plan of at most this many actions was ruled out (for a found plan, one
    less than its length; for NO_PLAN, the budget).
    stopped: why an UNKNOWN search ended: "nodes", "time" or "interrupted".
    """

    outcome: str
    plan: tuple[int, ...]
    budget: int
    ruled_out: int
    nodes: int
    seconds: float
    stopped: str | None = None


def solve(game, state, goal, budget: int, nodes: int | None = None, seconds: float | None = None,
          hash_mb: int = DEFAULT_HASH_MB, stop: np.ndarray | None = None,
          on_progress: Callable[[PlanResult], None] | None = None) -> PlanResult:
    """Find a shortest plan of at most `budget` actions from the reference State `state` of
    `game` (its record) to `goal`, or prove there is none; stop early (outcome UNKNOWN) after
    about `nodes` nodes, `seconds` seconds or on Ctrl-C. `on_progress` gets the result so far
    after each pass and about five times a second."""
    from kernels.dispatch import call  # imports numba: only when solving
    from solver.engines.planner import planner_core as core

    goal_words = game.goals.encode(goal, state)
    if not 0 <= budget <= MAX_BUDGET:
        raise CalderaError(f"the budget is {budget} actions; it must be 0..{MAX_BUDGET}")
    root = game.to_kernel(state)
    kernel = game.kernel(root)
    stop = new_stop() if stop is None else stop
    control = np.zeros(core.CONTROL_LEN, dtype=np.int64)
    control[core.NODE_LIMIT] = nodes if nodes is not None else 1 << 62
    entries = table_entries(hash_mb, TABLE_ENTRY_BYTES)
    check_memory(entries * TABLE_ENTRY_BYTES / 2**20, f"hash={hash_mb}")
    keys = np.zeros(entries, dtype=np.uint64)
    proven = np.zeros(keys.shape[0], dtype=np.int8)
    path = np.zeros(max(budget, 1), dtype=np.int64)
    started = time.perf_counter()
    result = PlanResult(UNKNOWN, (), budget, -1, 0, 0.0)

    def snapshot() -> PlanResult:
        result.nodes, result.seconds = int(control[core.NODES]), time.perf_counter() - started
        return result

    def deepen() -> None:
        bound = int(call(core.bound, kernel, root, goal_words))
        if bound == 0:
            result.outcome, result.plan = FOUND, ()
            return
        # No plan is shorter than the admissible bound: those limits need no pass.
        result.ruled_out = min(bound, budget + 1) - 1
        for limit in range(bound, budget + 1):
            found = int(call(core.search, kernel, root, goal_words, np.int64(limit), keys, proven, path, control, stop))
            if found == core.STOPPED:
                return
            if found > 0:
                result.outcome, result.plan = FOUND, tuple(int(m) for m in path[:found])
                result.ruled_out = found - 1
                return
            result.ruled_out = limit
            if on_progress is not None:
                on_progress(snapshot())
        result.outcome = NO_PLAN

    watch(deepen, stop, seconds, on_tick=None if on_progress is None else lambda: on_progress(snapshot()))
    if result.outcome == UNKNOWN:
        result.stopped = stop_reason(stop, True)
    return snapshot()


def warm_up(game, kernel, words) -> None:
    """The planner on the game's own small warm-up puzzle (its record's goals)."""
    start, goal, budget = game.goals.warmup()
    solve(game, start, goal, budget, hash_mb=1)
