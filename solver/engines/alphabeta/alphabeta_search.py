"""Alpha-beta analysis: iterative deepening, multipv, lazy-SMP threads and the exact solver,
around the numba search in solver/engines/alphabeta/alphabeta_core.py."""

from __future__ import annotations

import threading
import time
from typing import Callable

import numpy as np

from kernels import Kernel
from kernels.dispatch import NO_PREFIX, call
from solver.analysis import Analysis, Line, Score
from solver.engines.alphabeta import alphabeta_core as core
from solver.engines.alphabeta.alphabeta_engine import ENGINE, LIMITS, parse_weights
from solver.engines.alphabeta.wide_root import wide_root_moves
from solver.engines.tree_common import IterationArrays
from solver.errors import CalderaError
from solver.limits import check_memory, usable_threads
from solver.watch import new_stop, stop_reason, table_entries, watch

TABLE_ENTRY_BYTES = 16
MAX_DEPTH = core.MAX_PLY - 1
MOST_LOGGED = 1 << 18  # filled slots a thread logs at most (2 MB of control words, touched as filled)


class _KeptTable:
    """The transposition table kept from one search to the next. A fresh table costs a search the
    first touches of all its pages (the system zeroes them: about 4 ms for the default 64 MB,
    whatever the search's size), which outweighs a small proof; the kept one costs only the
    clearing of the slots the last search filled (each thread logs them: alphabeta_core.store),
    so every search still starts on an empty table. One table is kept, the last given back."""

    def __init__(self):
        self._lock = threading.Lock()
        self._idle: tuple[np.ndarray, np.ndarray] | None = None

    def take(self, hash_mb: int) -> tuple[np.ndarray, np.ndarray]:
        """An empty table of `hash_mb` MB: (keys, data), the kept one where it has that size."""
        entries = table_entries(hash_mb, TABLE_ENTRY_BYTES)
        with self._lock:
            idle, self._idle = self._idle, None
        if idle is not None and idle[0].shape[0] == entries:
            return idle
        del idle  # let another size go before asking for memory
        check_memory(entries * TABLE_ENTRY_BYTES / 2**20, f"hash={hash_mb}")
        # np.zeros: the pages are zeroed as the search reaches them
        return np.zeros(entries, dtype=np.uint64), np.zeros(entries, dtype=np.uint64)

    def give_back(self, keys: np.ndarray, data: np.ndarray, controls: list[np.ndarray]) -> None:
        """Keep the table of a finished search (every thread stopped), each thread's `controls`
        holding its filled slots; a table with more filled slots than a log holds is let go
        (clearing it would cost what a fresh one does)."""
        if all(core.clear_filled(keys, data, control) for control in controls):
            with self._lock:
                self._idle = (keys, data)


KEPT_TABLE = _KeptTable()


def extend_pv(kernel: Kernel, root: np.ndarray, pv: tuple[int, ...], keys: np.ndarray, data: np.ndarray,
              length: int, parts: bool = False) -> tuple[int, ...]:
    """Continue a principal variation that a table hit cut short with the table's best moves,
    up to `length` moves, each checked to be legal; with `parts` (a search by parts) each move
    is followed through the table's best parts to the whole move they make."""
    from kernels.bits import state_hash

    module = kernel.module
    state, scratch = root.copy(), root.copy()
    moves = np.empty(module.MAX_MOVES, dtype=np.int64)
    whole = np.ones(module.MAX_MOVES, dtype=np.uint8)  # every listed move is whole without parts
    for move in pv:
        module.apply(state, move, scratch)
        state, scratch = scratch, state
    line = list(pv)
    while len(line) < length:
        key, prefix = np.uint64(state_hash(state)), NO_PREFIX
        while True:  # the table's best part of each part node, down to a whole move
            if parts:
                n = min(module.part_moves(state, prefix, moves, whole), len(moves))
            else:
                n = min(module.legal_moves(state, moves), len(moves))
            found, move, *_ = core.probe(keys, data, key)
            listed = np.flatnonzero(moves[:n] == move) if found else ()
            if len(listed) == 0 or whole[listed[0]]:
                break
            key, prefix = np.uint64(core.part_key(key, move)), move
        if len(listed) == 0:
            break
        line.append(int(move))
        module.apply(state, move, scratch)
        state, scratch = scratch, state
    return tuple(line)


class _Worker(IterationArrays):
    """One searching thread's private arrays (killers, history, PV, counters)."""

    def __init__(self, node_limit: int, entries: int):
        # room after the control words to log the table slots this thread fills (alphabeta_core.store)
        super().__init__(core.MAX_PLY, core.CONTROL_LEN + min(entries // 8, MOST_LOGGED), node_limit)
        self.killers = np.full((core.MAX_PLY, 2), -1, dtype=np.int64)
        self.history = np.zeros(4096, dtype=np.int64)

    def search(self, kernel, root, depth, keys, data, excluded, root_moves, weights, solve, parts, stop):
        """One iteration; returns (score, pv) or None if it was stopped before finishing."""
        score = call(core.search, kernel, root, depth, -core.INFINITY, core.INFINITY, keys, data, self.killers,
                     self.history, self.pv, self.pv_len, excluded, root_moves, weights, solve, parts, self.control,
                     stop)
        return self.finished(int(score))


def alphabeta_analysis(
    kernel: Kernel,
    root: np.ndarray,
    depth: int | None = None,
    nodes: int | None = None,
    seconds: float | None = None,
    hash_mb: int = 64,
    multipv: int = 1,
    threads: int = 1,
    solve: bool = False,
    plies_to_end: int | None = None,
    weights: np.ndarray | None = None,
    stop: np.ndarray | None = None,
    on_progress: Callable[[Analysis], None] | None = None,
    parts: bool = True,
) -> Analysis:
    """Search `root` by iterative deepening until a limit (depth, nodes, seconds) or a result is
    proven; returns the best `multipv` lines of the last finished iteration.

    solve: prove a win, loss or draw instead of using the evaluation (leaves score 0). A win or
    loss is proven when a forced score comes back; a draw when the search reached `plies_to_end`
    (every line then ends in the game's own end, e.g. the ply cap).
    threads: lazy SMP - extra threads search the same tree with the shared table and speed up
    the main thread's search; the result is the main thread's.
    parts: below the root, choose each move part by part where the game's record declares the
    kernel's parts (kernel.parts; alphabeta_core.py); the depth counts whole moves either way.
    """
    started = time.perf_counter()  # the table's setup counts against the time limit
    module = kernel.module
    parts = bool(parts and kernel.parts)
    weights = module.EVAL_WEIGHTS.copy() if weights is None else weights
    stop = new_stop() if stop is None else stop
    threads, thread_note = usable_threads(threads)
    keys, data = KEPT_TABLE.take(hash_mb)
    max_depth = min(depth or MAX_DEPTH, MAX_DEPTH)
    node_limit = nodes if nodes is not None else 1 << 62
    main = _Worker(node_limit, keys.shape[0])
    helpers = [_Worker(1 << 62, keys.shape[0]) for _ in range(threads - 1)]
    helpers_stop = np.zeros(1, dtype=np.int64)
    result = Analysis("solver" if solve else "alphabeta", [], 0, 0, 0.0, "depth", threads)
    if thread_note:
        result.notes.append(thread_note)

    def total_nodes() -> int:
        return int(main.control[core.NODES] + sum(h.control[core.NODES] for h in helpers))

    def snapshot() -> Analysis:
        result.nodes, result.seconds = total_nodes(), time.perf_counter() - started
        return result

    def help_search(worker: _Worker, offset: int) -> None:
        # Lazy SMP: the same iterations, some one ply deeper, filling the shared table.
        no_exclusions = np.full(0, -1, dtype=np.int64)
        for d in range(1 + offset, max_depth + 1 + offset):
            if worker.search(kernel, root, d, keys, data, no_exclusions, root_moves, weights, solve, parts,
                             helpers_stop) is None:
                return

    def deepen() -> None:
        for d in range(1, max_depth + 1):
            lines: list[Line] = []
            excluded = np.full(multipv, -1, dtype=np.int64)
            # The first iteration always finishes (it is quick), so there is always a move to give:
            # it ignores the stop flag and the node limit.
            flag = stop if d > 1 else np.zeros(1, dtype=np.int64)
            main.control[core.NODE_LIMIT] = node_limit if d > 1 else 1 << 62
            for k in range(multipv):
                found = main.search(kernel, root, d, keys, data, excluded, root_moves, weights, solve, parts, flag)
                if found is None:
                    return
                score, pv = found
                if score <= -core.INFINITY or not pv:
                    break  # fewer root moves than lines asked for
                pv = extend_pv(kernel, root, pv, keys, data, d, parts)
                lines.append(Line(pv[0], Score.from_alphabeta(score), pv))
                excluded[k] = pv[0]
            result.lines, result.depth = lines, d
            if on_progress is not None:
                on_progress(snapshot())
            best = lines[0].score
            if best.kind in ("win", "loss") and (solve or best.plies <= d):
                result.stopped = "solved"
                return
            if solve and plies_to_end is not None and d >= plies_to_end:
                result.lines = [Line(l.move, Score("draw", 0.0) if l.score.kind == "eval" else l.score, l.pv) for l in lines]
                result.stopped = "solved"
                return
            if main.control[core.NODES] >= node_limit:
                result.stopped = "nodes"
                return

    root_count = int(module.legal_moves(root, np.empty(module.MAX_MOVES, dtype=np.int64)))
    if root_count == 0:
        KEPT_TABLE.give_back(keys, data, [])
        result.stopped = "no-moves"
        return snapshot()
    # A root wider than the buffers: its moves ordered one ply deep first, under the same clock.
    wide: list[tuple[np.ndarray, str]] = []
    watch(lambda: wide.append(wide_root_moves(kernel, root, root_count, weights, stop)), stop, seconds,
          started=started)
    root_moves, wide_note = wide[0]
    if wide_note:
        result.notes.append(wide_note)
    helper_threads = [threading.Thread(target=help_search, args=(w, i % 2), daemon=True) for i, w in enumerate(helpers)]
    for thread in helper_threads:
        thread.start()
    try:
        watch(deepen, stop, seconds, on_tick=None if on_progress is None else lambda: on_progress(snapshot()),
              started=started)
    finally:
        helpers_stop[0] = 1
        for thread in helper_threads:
            thread.join()
    KEPT_TABLE.give_back(keys, data, [main.control] + [h.control for h in helpers])  # not after an error
    result.stopped = stop_reason(stop, bool(main.control[core.ABORTED])) or result.stopped
    if solve and result.stopped != "solved":
        result.notes.append(f"not proven: no forced result within depth {result.depth}")
    return snapshot()


def kernel_weights(kernel: Kernel, text: str) -> np.ndarray:
    """Weights for the evaluation of `kernel`: as many as its EVAL_WEIGHTS."""
    weights = parse_weights(text)
    wanted = len(kernel.module.EVAL_WEIGHTS)
    if len(weights) != wanted:
        raise CalderaError(f"weights must be {wanted} whole numbers joined by '/' for this game, not '{text}'")
    return np.array(weights, dtype=np.int64)


def run(settings, kernel, root, stop=None, on_progress=None, plies_to_end=None):
    """Alpha-beta on `root` with the checked `settings`."""
    s = settings
    return alphabeta_analysis(
        kernel, root, depth=s.get("depth"), nodes=s.get("nodes"), seconds=ENGINE.seconds(s, LIMITS),
        hash_mb=ENGINE.value(s, "hash"), multipv=ENGINE.value(s, "multipv"), threads=ENGINE.value(s, "threads"),
        solve=ENGINE.value(s, "solve"), plies_to_end=plies_to_end, stop=stop, on_progress=on_progress,
        weights=kernel_weights(kernel, s["weights"]) if "weights" in s else None, parts=ENGINE.value(s, "parts"),
    )


def warm_up(game, kernel, words) -> None:
    """One ply of alpha-beta, which loads the search for `kernel`."""
    alphabeta_analysis(kernel, words, depth=1, hash_mb=1)
