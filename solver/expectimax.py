"""Expectimax analysis for two-player games with dice (Island Project with 2 players): iterative
deepening by decision plies, limits, multipv, around the numba search in solver/search/expectimax_core.py.

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

from kernels import games
from solver.analysis import Analysis, Line, Score
from solver.errors import CalderaError
from solver.search import expectimax_core as kernel
from solver.watch import new_stop, stop_reason, table_entries, watch

TABLE_ENTRY_BYTES = 24
MAX_DEPTH = kernel.MAX_DEPTH
CERTAIN = kernel.WIN * (1 - 1e-9)  # a score this close to +-WIN is a certain result (float rounding)


def players_of(game: int, root: np.ndarray) -> int:
    """The number of players in position `root` (Island Project: 2 to 4, written in the state)."""
    if game == games.ISLAND:
        from kernels.island import island_kernel as island

        return int(root[island.PLAYERS])
    return int(games.num_players(game))


def to_score(value: float, pv: tuple[int, ...]) -> Score:
    """A kernel value as a Score from the root mover's view."""
    if value >= CERTAIN:
        return Score("win", 1.0, len(pv))
    if value <= -CERTAIN:
        return Score("loss", -1.0, len(pv))
    return Score("eval", value / 100)


class _Search:
    """The arrays one search keeps between iterations: table, history, PV, counters."""

    def __init__(self, game: int, hash_mb: int, weights: np.ndarray, node_limit: int):
        self.game = game
        self.keys = np.zeros(table_entries(hash_mb, TABLE_ENTRY_BYTES), dtype=np.uint64)
        self.info = np.zeros(len(self.keys), dtype=np.int64)
        self.tvalues = np.zeros(len(self.keys), dtype=np.float64)
        self.history = np.zeros(kernel.HISTORY_LEN, dtype=np.int64)
        self.pv = np.zeros((kernel.MAX_PLY, kernel.MAX_PLY), dtype=np.int64)
        self.pv_len = np.zeros(kernel.MAX_PLY, dtype=np.int64)
        self.control = np.zeros(kernel.CONTROL_LEN, dtype=np.int64)
        self.weights = weights
        self.node_limit = node_limit
        self.horizon = False  # did the last finished iteration cut any line by depth?

    def run(self, root: np.ndarray, depth: int, excluded: np.ndarray, stop: np.ndarray, limited: bool):
        """One iteration; (value, pv), or None if it was stopped before finishing. Unlimited
        runs ignore the stop flag and the node limit (the first iteration always finishes)."""
        self.control[kernel.NODE_LIMIT] = self.node_limit if limited else 1 << 62
        flag = stop if limited else np.zeros(1, dtype=np.int64)
        value = kernel.search(self.game, root, depth, -kernel.INFINITY, kernel.INFINITY, self.keys, self.info,
                              self.tvalues, self.history, self.pv, self.pv_len, excluded, self.weights,
                              self.control, flag)
        if self.control[kernel.ABORTED]:
            return None
        self.horizon = self.horizon or bool(self.control[kernel.HORIZON])
        return float(value), tuple(int(m) for m in self.pv[0, : self.pv_len[0]])


def expectimax_analysis(
    game: int,
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

    Two-player games only: positions with more players raise CalderaError (use MCTS).
    """
    root = np.ascontiguousarray(root)
    players = players_of(game, root)
    if players != 2:
        raise CalderaError(f"expectimax searches two-player games; this position has {players} players: use MCTS")
    weights = games.default_weights(game) if weights is None else weights
    stop = new_stop() if stop is None else stop
    max_depth = min(depth or MAX_DEPTH, MAX_DEPTH)
    node_limit = nodes if nodes is not None else 1 << 62
    search = _Search(game, hash_mb, weights, node_limit)
    search.run(root, 0, np.full(0, -1, dtype=np.int64), stop, False)  # load (or compile) before the clock
    search.control[kernel.NODES] = 0
    started = time.perf_counter()
    result = Analysis("expectimax", [], 0, 0, 0.0, "depth")
    moves = np.empty(games.MAX_MOVES, dtype=np.int64)
    probs = np.empty(games.MAX_MOVES, dtype=np.float64)
    chance = bool(games.is_chance(game, root))
    if chance:
        n = games.chance_outcomes(game, root, moves, probs)
        outcomes = [(int(moves[i]), float(probs[i])) for i in range(n)]
    elif games.legal_moves(game, root, moves) == 0:
        result.stopped = "no-moves"
        return result

    def snapshot() -> Analysis:
        result.nodes, result.seconds = int(search.control[kernel.NODES]), time.perf_counter() - started
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
            if value <= -kernel.INFINITY or not pv:
                break  # fewer root moves than lines asked for
            lines.append(Line(pv[0], to_score(value, pv), pv))
            excluded[k] = pv[0]
        return lines

    def chance_lines(d: int) -> list[Line] | None:
        lines: list[Line] = []
        expected = 0.0
        mover = games.to_move(game, root)
        no_exclusions = np.full(0, -1, dtype=np.int64)
        child = np.empty_like(root)
        for outcome, p in outcomes:
            games.apply(game, root, outcome, child)
            found = run(child, d, no_exclusions)
            if found is None:
                return None
            value, pv = found
            if games.to_move(game, child) != mover:
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
            if search.control[kernel.NODES] >= node_limit:
                result.stopped = "nodes"
                return

    watch(deepen, stop, seconds, on_tick=None if on_progress is None else lambda: on_progress(snapshot()))
    result.stopped = stop_reason(stop, bool(search.control[kernel.ABORTED])) or result.stopped
    return snapshot()
