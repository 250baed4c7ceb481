"""Expectimax analysis for two-player games with dice (Island Project with 2 players): iterative
deepening by decision plies, limits, multipv, around the numba search in solver/engines/expectimax/expectimax_core.py.

Scores are from the view of the player to move at the root, in hundredths of a food like the
evaluation (Score "eval", value in food), except that a finished game counts +-WIN
(1,000,000 hundredths): a score far beyond any evaluation means some dice lead to the game's end
within the horizon. A certain win or loss (every line ends in it) is a Score "win"/"loss" whose
`plies` is the length of the principal variation, dice included.

A root at the roll (a chance node) has no move to choose: each outcome is searched as its own
root, the lines are the outcomes (in the kernel's order, each with its value and PV) and a note
gives the expected value.
"""

from __future__ import annotations

import time
from typing import Callable

import numpy as np

from kernels import Kernel
from kernels.dispatch import call
from solver.analysis import Analysis, Line, Score
from solver.engines.expectimax import expectimax_core as core
from solver.engines.expectimax.expectimax_engine import ENGINE, LIMITS
from solver.engines.tree_common import IterationArrays
from solver.games.kernel_calls import chance_outcome_list, next_state
from solver.limits import check_memory
from solver.watch import new_stop, stop_reason, table_entries, watch

TABLE_ENTRY_BYTES = 24
MAX_DEPTH = core.MAX_DEPTH
CERTAIN = core.WIN * (1 - 1e-9)  # a score this close to +-WIN is a certain result (float rounding)


def to_score(value: float, pv: tuple[int, ...]) -> Score:
    """A kernel value as a Score from the root mover's view."""
    if value >= CERTAIN:
        return Score("win", 1.0, len(pv))
    if value <= -CERTAIN:
        return Score("loss", -1.0, len(pv))
    return Score("eval", value / 100)


class _Search(IterationArrays):
    """The arrays one search keeps between iterations: table, history, PV, counters."""

    def __init__(self, kernel: Kernel, hash_mb: int, weights: np.ndarray, node_limit: int):
        entries = table_entries(hash_mb, TABLE_ENTRY_BYTES)
        check_memory(entries * TABLE_ENTRY_BYTES / 2**20, f"hash={hash_mb}")
        super().__init__(core.MAX_PLY, core.CONTROL_LEN, node_limit)
        self.kernel = kernel
        self.keys = np.zeros(entries, dtype=np.uint64)
        self.info = np.zeros(len(self.keys), dtype=np.int64)
        self.tvalues = np.zeros(len(self.keys), dtype=np.float64)
        self.history = np.zeros(core.HISTORY_LEN, dtype=np.int64)
        self.weights = weights
        self.node_limit = node_limit
        self.horizon = False  # did the last finished iteration cut any line by depth?

    def run(self, root: np.ndarray, depth: int, excluded: np.ndarray, stop: np.ndarray, limited: bool):
        """One iteration; (value, pv), or None if it was stopped before finishing. Unlimited
        runs ignore the stop flag and the node limit (the first iteration always finishes)."""
        self.control[core.NODE_LIMIT] = self.node_limit if limited else 1 << 62
        flag = stop if limited else np.zeros(1, dtype=np.int64)
        value = call(core.search, self.kernel, root, depth, -core.INFINITY, core.INFINITY, self.keys, self.info,
                              self.tvalues, self.history, self.pv, self.pv_len, excluded, self.weights,
                              self.control, flag)
        found = self.finished(float(value))
        if found is not None:
            self.horizon = self.horizon or bool(self.control[core.HORIZON])
        return found


def expectimax_analysis(
    kernel: Kernel,
    root: np.ndarray,
    depth: int | None = None,
    nodes: int | None = None,
    seconds: float | None = None,
    hash_mb: int = 64,
    multipv: int = 1,
    weights: np.ndarray | None = None,
    stop: np.ndarray | None = None,
    on_progress: Callable[[Analysis], None] | None = None,
) -> Analysis:
    """Search `root` by iterative deepening (depth counts decision plies; dice are free) until a
    limit (depth, nodes, seconds), the stop flag, or an exact result (every line reached the
    game's end); returns the best `multipv` lines of the last finished iteration.

    Two-player positions only (solver/engines/registry.py `check_engine` refuses others first).
    """
    root = np.ascontiguousarray(root)
    module = kernel.module
    weights = module.EVAL_WEIGHTS.copy() if weights is None else weights
    stop = new_stop() if stop is None else stop
    max_depth = min(depth or MAX_DEPTH, MAX_DEPTH)
    node_limit = nodes if nodes is not None else 1 << 62
    search = _Search(kernel, hash_mb, weights, node_limit)
    search.run(root, 0, np.full(0, -1, dtype=np.int64), stop, False)  # load (or compile) before the clock
    search.control[core.NODES] = 0
    started = time.perf_counter()
    result = Analysis("expectimax", [], 0, 0, 0.0, "depth")
    chance = bool(module.is_chance(root))
    if chance:
        outcomes = chance_outcome_list(kernel, root)
    elif module.legal_moves(root, np.empty(module.MAX_MOVES, dtype=np.int64)) == 0:
        result.stopped = "no-moves"
        return result

    def snapshot() -> Analysis:
        result.nodes, result.seconds = int(search.control[core.NODES]), time.perf_counter() - started
        return result

    def run(position: np.ndarray, d: int, excluded: np.ndarray):
        return search.run(position, d, excluded, stop, d > 1)

    def decision_lines(d: int) -> list[Line] | None:
        lines: list[Line] = []
        excluded = np.full(multipv, -1, dtype=np.int64)
        for k in range(multipv):
            found = run(root, d, excluded)
            if found is None:
                return None
            value, pv = found
            if value <= -core.INFINITY or not pv:
                break  # fewer root moves than lines asked for
            lines.append(Line(pv[0], to_score(value, pv), pv))
            excluded[k] = pv[0]
        return lines

    def chance_lines(d: int) -> list[Line] | None:
        lines: list[Line] = []
        expected = 0.0
        mover = module.to_move(root)
        no_exclusions = np.full(0, -1, dtype=np.int64)
        for outcome, p in outcomes:
            child = next_state(kernel, root, outcome)
            found = run(child, d, no_exclusions)
            if found is None:
                return None
            value, pv = found
            if module.to_move(child) != mover:
                value = -value
            expected += p * value
            pv = (outcome, *pv)
            lines.append(Line(outcome, to_score(value, pv), pv))
        result.notes[:] = [f"chance node: expected score {to_score(expected, ()).text()}"]
        return lines

    def deepen() -> None:
        for d in range(1, max_depth + 1):
            search.horizon = False
            lines = chance_lines(d) if chance else decision_lines(d)
            if lines is None:
                return
            result.lines, result.depth = lines, d
            if on_progress is not None:
                on_progress(snapshot())
            if not search.horizon:
                result.stopped = "solved"  # every line reached the end: deeper changes nothing
                return
            if search.control[core.NODES] >= node_limit:
                result.stopped = "nodes"
                return

    watch(deepen, stop, seconds, on_tick=None if on_progress is None else lambda: on_progress(snapshot()))
    result.stopped = stop_reason(stop, bool(search.control[core.ABORTED])) or result.stopped
    return snapshot()


def run(settings, kernel, root, stop=None, on_progress=None, plies_to_end=None):
    """Expectimax on `root` with the checked `settings`."""
    s = settings
    return expectimax_analysis(
        kernel, root, depth=s.get("depth"), nodes=s.get("nodes"), seconds=ENGINE.seconds(s, LIMITS),
        hash_mb=ENGINE.value(s, "hash"), multipv=ENGINE.value(s, "multipv"), stop=stop, on_progress=on_progress,
    )


def warm_up(game, kernel, words) -> None:
    """One ply of expectimax, which loads the search for `kernel`."""
    expectimax_analysis(kernel, words, depth=1, hash_mb=1)
