"""The exact solver ("exact" engine): every position reachable from the root enumerated into a
graph, then value iteration to the game's exact values (solver/engines/exact/exact_core.py).

For a game of two or more seats the values are each seat's expected result under optimal play
by every seat (1 win, 0 loss, 1/k of a win shared by k seats; a game the turn cap cuts off is a
draw shared by all); for one seat, the fewest expected turns to finish, where a game the turn
cap cuts off is a failure that counts the turns it played plus the root's turns left (so twice
the turns the root had: more than any game that finishes in time). Sweeps run until no
value changes by more than TOLERANCE or until the root's turns left (the turn cap) are used up:
either way the values are the game's, under its turn cap, to that tolerance.

Any kernel can be solved that defines, besides the operations of a search, `solve_key`,
`solve_state`, `turn_clock`, `turns_left` and `seat_count` (kernels/dispatch.py) and whose
positions fit in memory: meerkats (the solo game, or two players with few friends) and, in the
tests, the dice game Pig. Solutions are kept in this process (the last few roots), so a match,
`hint` and the explanations query one solve many times.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import dataclass

import numpy as np

from kernels import Kernel
from kernels.dispatch import call
from solver.analysis import Analysis, Line, Score
from solver.engines.exact import exact_core as core
from solver.engines.exact.exact_engine import DEFAULT_MEMORY_MB, ENGINE
from solver.errors import CalderaError
from solver.games.kernel_calls import chance_outcome_list, legal_move_list

TOLERANCE = 1e-12
FIRST_NODES, FIRST_EDGES = 1 << 14, 1 << 17
CHUNK_SWEEPS = 16  # sweeps between two looks at the clock
PV_LENGTH = 12
KEPT = 2  # solutions kept in the process


@dataclass
class Solution:
    """A solved game: its graph, the values of every node, and what it cost."""

    kernel: Kernel
    root: np.ndarray
    players: int
    keys: np.ndarray
    table: np.ndarray
    kind: np.ndarray
    mover: np.ndarray
    first: np.ndarray
    target: np.ndarray
    probability: np.ndarray
    values: np.ndarray  # values[node, seat] with `horizon` turns left, or converged (one seat: expected turns)
    previous: np.ndarray  # the values of the sweep before, which the edges that end a turn read (`values` in place)
    nodes: int
    edges: int
    horizon: int  # the root's turns left (-1: no turn cap, solved in place)
    sweeps: int  # with a turn cap, the turns the values look ahead
    change: float  # the last sweep's largest change
    enumerate_seconds: float
    iterate_seconds: float

    @property
    def converged(self) -> bool:
        """True when the last sweep changed no value by more than TOLERANCE."""
        return self.change <= TOLERANCE

    @property
    def counts_turns(self) -> bool:
        """True when sweep k computed the values with k turns left (a turn cap: Jacobi sweeps), so
        that a converged solution also holds every position with at least `sweeps` turns left."""
        return self.horizon >= 0

    @property
    def seconds(self) -> float:
        """Enumeration and iteration together."""
        return self.enumerate_seconds + self.iterate_seconds

    @property
    def megabytes(self) -> float:
        """Memory the graph and the two value arrays take."""
        arrays = {id(a): a for a in (self.keys, self.table, self.kind, self.mover, self.first, self.target,
                                     self.probability, self.values, self.previous)}
        return sum(a.nbytes for a in arrays.values()) / 2**20

    def node_of(self, words: np.ndarray) -> int:
        """The node of kernel position `words`, or -1 if this solution does not hold it."""
        module = self.kernel.module
        key = np.empty(self.keys.shape[1], dtype=np.uint64)
        module.solve_key(words, key)
        node = int(core.find(self.table, self.keys, key))
        if node < 0:
            return -1
        mine, theirs = np.empty_like(self.root), np.empty_like(self.root)
        module.solve_state(self.root, key, mine)
        module.solve_state(words, key, theirs)
        return node if np.array_equal(mine, theirs) else -1  # the same maze and rules, not only the key

    def state_of(self, node: int) -> np.ndarray:
        """The kernel position of a node (turn 0, no turn cap)."""
        out = np.empty_like(self.root)
        self.kernel.module.solve_state(self.root, self.keys[node], out)
        return out

    def moves_of(self, node: int) -> list[tuple[int, float]]:
        """(move or outcome, probability) of a node's edges, in edge order (0 at a decision)."""
        state = self.state_of(node)
        if self.kind[node] == core.CHANCE:
            return chance_outcome_list(self.kernel, state)
        if self.kind[node] == core.DECISION:
            return [(m, 0.0) for m in legal_move_list(self.kernel, state)]
        return []

    def edge_value(self, e: int, seat: int) -> float:
        """Seat `seat`'s value through edge e (one seat: expected turns, counting this turn)."""
        return float(core.edge_value(e, seat, self.target, self.previous, self.values, self.players))

    def best_edge(self, node: int) -> int:
        """The edge a decision node's mover takes."""
        return int(core.decision_edge(node, self.first, self.target, self.mover, self.previous, self.values, self.players))

    def principal_variation(self, node: int, e: int) -> tuple[int, ...]:
        """Moves from edge e of `node` on: best moves at decisions, the likeliest outcome at chance nodes."""
        pv = [self.moves_of(node)[e - int(self.first[node])][0]]
        node = int(self.target[e]) >> 1
        while len(pv) < PV_LENGTH and self.kind[node] != core.TERMINAL:
            moves = self.moves_of(node)
            start = int(self.first[node])
            if self.kind[node] == core.CHANCE:
                pick = max(range(len(moves)), key=lambda i: (moves[i][1], -i))
            else:
                pick = self.best_edge(node) - start
            pv.append(moves[pick][0])
            node = int(self.target[start + pick]) >> 1
        return tuple(pv)


_SOLUTIONS: OrderedDict = OrderedDict()  # (kernel, root bytes) -> Solution


def node_bytes(players: int, key_len: int) -> int:
    """Memory per node: key, two table slots, kind, mover, edge start, two value rows, order."""
    return 8 * key_len + 16 + 2 + 8 + 16 * players + 8


EDGE_BYTES = 4 + 8  # target, probability


def solve(kernel: Kernel, root: np.ndarray, memory_mb: int = DEFAULT_MEMORY_MB, stop: np.ndarray | None = None,
          on_progress=None) -> Solution:
    """Enumerate every position reachable from kernel position `root` and iterate values to the
    end; EngineError (one line) if the graph would need more than `memory_mb` MiB."""
    module = kernel.module
    root = np.ascontiguousarray(root)
    players = int(module.seat_count(root))
    key_len = int(module.SOLVE_KEY_LEN)
    horizon = int(module.turns_left(root))
    halt = np.zeros(1, dtype=np.int64) if stop is None else stop
    budget = memory_mb * 2**20
    per_node = node_bytes(players, key_len)
    started = time.perf_counter()
    nodes_room, edges_room = FIRST_NODES, FIRST_EDGES
    keys = np.zeros((nodes_room, key_len), dtype=np.uint64)
    table = np.full(2 * nodes_room, core.EMPTY, dtype=np.int64)
    kind = np.zeros(nodes_room, dtype=np.int8)
    mover = np.zeros(nodes_room, dtype=np.int8)
    first = np.zeros(nodes_room + 1, dtype=np.int64)
    target = np.zeros(edges_room, dtype=np.int32)
    probability = np.zeros(edges_room, dtype=np.float64)
    start_value = start_values(players, horizon)
    values = np.full((nodes_room, players), start_value)
    counts = np.zeros(4, dtype=np.int64)
    while True:
        call(core.enumerate_graph, kernel, root, keys, table, kind, mover, first, target, probability, values,
             players, counts, halt)
        status = counts[core.STATUS]
        if halt[0] != 0:
            raise CalderaError("the exact solver was interrupted while enumerating positions")
        if status == core.DONE:
            break
        if status == core.NEED_NODES:
            nodes_room *= 2
        else:
            edges_room *= 2
        if nodes_room * per_node + edges_room * EDGE_BYTES > budget:
            raise CalderaError(
                f"the exact solver needs more than {memory_mb:,} MB here ({counts[core.NODES]:,} positions and "
                f"{counts[core.EDGES]:,} moves found so far, more to come): give more memory "
                "(exact:memory=MB) or use --engine mcts")
        keys, kind, mover, first, values = (_grown(keys, nodes_room), _grown(kind, nodes_room),
                                            _grown(mover, nodes_room), _grown(first, nodes_room + 1),
                                            _grown(values, nodes_room, start_value))
        target, probability = _grown(target, edges_room), _grown(probability, edges_room)
        if status == core.NEED_NODES:
            table = np.full(2 * nodes_room, core.EMPTY, dtype=np.int64)
            core.rehash(table, keys, counts[core.NODES])
        if on_progress is not None:
            on_progress(f"{counts[core.NODES]:,} positions found")
    nodes, edges = int(counts[core.NODES]), int(counts[core.EDGES])
    order = np.empty(nodes, dtype=np.int64)
    cycle = int(core.turn_order(nodes, first, target, order))
    if cycle >= 0:
        raise CalderaError(f"the exact solver found a cycle of moves within one turn (node {cycle}): "
                           "this kernel's turn clock does not advance")
    enumerated = time.perf_counter()
    a = values[:nodes].copy()
    b = a.copy() if horizon >= 0 else a  # no turn cap: in place (exact_core's docstring)
    sweeps, change = 0, np.inf
    limit = horizon if horizon >= 0 else 1 << 62
    while sweeps < limit and change > TOLERANCE:
        chunk = min(CHUNK_SWEEPS, limit - sweeps)
        done, change = core.iterate(order, kind, mover, first, target, probability, a, b, players, chunk, TOLERANCE, halt)
        if done % 2:
            a, b = b, a  # `a` holds the newest values
        sweeps += done
        if halt[0] != 0:
            raise CalderaError("the exact solver was interrupted while iterating values")
        if on_progress is not None:
            on_progress(f"{nodes:,} positions, sweep {sweeps}, largest change {change:.1e}")
    return Solution(kernel, root.copy(), players, keys[:nodes], table, kind[:nodes], mover[:nodes], first[:nodes + 1],
                    target[:edges], probability[:edges], a, b, nodes, edges, horizon, sweeps, float(change),
                    enumerated - started, time.perf_counter() - enumerated)


def start_values(players: int, horizon: int) -> float:
    """Every seat's value of a game still running when no turns are left: a draw shared by all,
    or alone a failure, the turns played plus a penalty of the root's turns left (a cut-off
    counts twice the turns it was given, worse than any game that finishes in time)."""
    return 1.0 / players if players > 1 else float(max(horizon, 0))


def _grown(array: np.ndarray, length: int, fill=0) -> np.ndarray:
    """`array` copied into a longer one (first axis `length`), the new part `fill`."""
    grown = np.full((length, *array.shape[1:]), fill, dtype=array.dtype)
    grown[: len(array)] = array
    return grown


def solved(kernel: Kernel, root: np.ndarray, memory_mb: int = DEFAULT_MEMORY_MB,
           stop: np.ndarray | None = None) -> tuple[Solution, int]:
    """A solution holding kernel position `root` and the node of `root` in it: one kept from an
    earlier solve in this process when it holds `root` for at least as many turns as it was
    solved for, else a new solve from `root`."""
    module = kernel.module
    turns = int(module.turns_left(root))
    for solution in reversed(_SOLUTIONS.values()):
        if solution.kernel != kernel:
            continue
        node = solution.node_of(root)
        if node >= 0 and (turns == solution.horizon
                          or (solution.converged and solution.counts_turns and turns >= solution.sweeps)):
            return solution, node
    solution = solve(kernel, root, memory_mb, stop)
    _SOLUTIONS[(kernel, root.tobytes())] = solution
    while len(_SOLUTIONS) > KEPT:
        _SOLUTIONS.popitem(last=False)
    return solution, 0


def solved_value(kernel: Kernel, words: np.ndarray, seat: int) -> float | None:
    """Seat `seat`'s value of kernel position `words` (one seat: expected turns) from a solution
    this process already holds, or None."""
    for solution in reversed(_SOLUTIONS.values()):
        if solution.kernel == kernel:
            node = solution.node_of(words)
            if node >= 0:
                return float(solution.values[node, 0 if solution.players == 1 else seat])
    return None


def _score(solution: Solution, value: float) -> Score:
    """A value as a Score: expected turns with one seat, else the expected result."""
    return Score("turns", value) if solution.players == 1 else Score("value", value)


def exact_analysis(kernel: Kernel, root: np.ndarray, memory_mb: int = DEFAULT_MEMORY_MB, multipv: int = 1,
                   stop: np.ndarray | None = None) -> Analysis:
    """Solve (or look up) kernel position `root` and report its moves by exact value, best first
    (at a chance node: every outcome, in the kernel's order, with the expected value in a note);
    stop[0] != 0 (Ctrl-C) interrupts the solve with a one-line error."""
    started = time.perf_counter()
    solution, node = solved(kernel, root, memory_mb, stop)
    seat = 0 if solution.players == 1 else int(kernel.module.to_move(root))
    start, end = int(solution.first[node]), int(solution.first[node + 1])
    notes = [f"{solution.nodes:,} positions, {solution.edges:,} moves ({solution.megabytes:,.0f} MB); enumerated in "
             f"{solution.enumerate_seconds:.2f} s, {solution.sweeps} sweeps in {solution.iterate_seconds:.2f} s "
             + ("(converged)" if solution.converged else f"(the turn cap: {solution.horizon} turns)")]
    if solution.kind[node] == core.TERMINAL:
        return Analysis("exact", [], solution.sweeps, solution.nodes, time.perf_counter() - started, "no-moves", notes=notes)
    lines = [Line(move, _score(solution, solution.edge_value(e, seat)), solution.principal_variation(node, e))
             for e, (move, _) in zip(range(start, end), solution.moves_of(node))]
    if solution.kind[node] == core.CHANCE:
        expected = float(solution.values[node, seat])
        notes.append(f"a chance node: the outcomes in the kernel's order; expected {_score(solution, expected).text()}")
    else:
        lines.sort(key=lambda line: line.score.value if solution.players == 1 else -line.score.value)
        lines = lines[: max(multipv, 1)]
    return Analysis("exact", lines, solution.sweeps, solution.nodes, time.perf_counter() - started, "solved", notes=notes)


def warm_up(game, kernel: Kernel, root: np.ndarray) -> None:
    """Load (or compile) every jitted part of the solver for `kernel`, on tiny arrays (the record's
    warm_up: `game` is not needed)."""
    module = kernel.module
    players = int(module.seat_count(root))
    key_len = int(module.SOLVE_KEY_LEN)
    keys = np.zeros((1, key_len), dtype=np.uint64)
    table = np.full(2, core.EMPTY, dtype=np.int64)
    kind, mover, first = np.zeros(1, np.int8), np.zeros(1, np.int8), np.zeros(2, np.int64)
    target, probability = np.zeros(1, np.int32), np.zeros(1, np.float64)
    values = np.zeros((1, players))
    counts, halt = np.zeros(4, dtype=np.int64), np.zeros(1, dtype=np.int64)
    call(core.enumerate_graph, kernel, root, keys, table, kind, mover, first, target, probability, values, players,
         counts, halt)
    order = np.zeros(1, dtype=np.int64)
    core.turn_order(1, first, target, order)
    core.iterate(order, kind, mover, first, target, probability, values, values.copy(), players, 0, TOLERANCE, halt)
    core.find(table, keys, keys[0])
    core.rehash(table, keys, 0)


def run(settings, kernel, root, stop=None, on_progress=None, plies_to_end=None):
    """The exact solver on `root` with the checked `settings`."""
    return exact_analysis(kernel, root, memory_mb=ENGINE.value(settings, "memory"),
                          multipv=ENGINE.value(settings, "multipv"), stop=stop)
