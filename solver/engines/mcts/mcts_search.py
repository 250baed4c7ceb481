"""MCTS (UCT or PUCT) analysis: the Python driver around the numba kernels of solver/engines/mcts/mcts_core.py.

Root parallelism: `threads` independent trees, each grown by its own Python thread calling the
GIL-free kernel in chunks, seeded seed + thread index; their root children are merged by move
(visits, summed rewards and summed squared rewards add up). A fixed seed, simulation limit and
thread count give exactly the same result every time.

Confidence: each root move's mean reward comes with a 95% interval, mean +- 1.96 sd / sqrt(n)
with sd the sample standard deviation of its n returns (the normal approximation to the mean of
n draws, as in any statistics text; with n < 2 the interval is the whole reward range 0..1). The
best move is the one with the highest lower bound among the moves searched at least
MIN_VISIT_SHARE as often as the most visited one: KataGo's LCB move selection
(useLcbForSelection, minVisitPropForLCB = 0.15 in KataGo's cpp/program/setup.cpp), which keeps
a rarely visited move with a lucky mean from being chosen. Those moves whose intervals reach the
best's lower bound cannot be told apart from it at this budget: the analysis lists them as equal.

Example:

    >>> from solver.games.penguins.penguins_binding import to_kernel
    >>> from solver.games.penguins.penguins_notation import resolve_position
    >>> analysis = mcts_analysis("penguins.penguins_plain", to_kernel(resolve_position("pond")), sims=2000, seconds=None)
    >>> analysis.stopped, analysis.nodes
    ('sims', 2000)
"""

from __future__ import annotations

import math
import threading
import time
from typing import Callable

import numpy as np

from kernels import Kernel
from kernels.dispatch import call
from kernels.rng import new_rng
from solver.analysis import Analysis, Line, Score
from solver.engines.mcts import mcts_core as core
from solver.engines.mcts.mcts_engine import ENGINE, LIMITS
from solver.errors import CalderaError
from solver.limits import check_memory, usable_threads

BYTES_PER_NODE = core.BYTES_PER_NODE
# A chunk of simulations between two looks at the clock aims at this many seconds.
CHUNK_SECONDS = 0.02
# The first chunk is one simulation: a scripted playout of the full oros game takes 5-10 ms, so
# a first chunk of 32 ran past a 0.5 s limit; later chunks are sized from the time taken.
FIRST_CHUNK, MAX_CHUNK = 1, 65_536
PROGRESS_EVERY = 0.2
POLL = 0.05  # how often the main thread wakes (and can take a KeyboardInterrupt)
MAX_PV = 64
Z95 = 1.959964  # the standard normal quantile of 97.5%: a two-sided 95% interval
MIN_VISIT_SHARE = 0.15  # KataGo's minVisitPropForLCB: moves with fewer visits than this share of
# the most visited move's are not compared by their lower bound (nor called equal to the best)


def tree_capacity(memory_mb: float, threads: int = 1) -> int:
    """Nodes each of `threads` trees may hold so that all their arrays fit in `memory_mb` MiB."""
    total = int(memory_mb * 2**20) // BYTES_PER_NODE
    return max(total // max(threads, 1), 1)


class Tree:
    """One UCT (or PUCT) tree over preallocated arrays of exactly `capacity` nodes, grown in chunks.
    `exploration` is c, or c_puct with `priors`; `playout` and `cut` as mcts_analysis takes them."""

    def __init__(self, kernel: Kernel, root: np.ndarray, capacity: int, seed: int, exploration: float,
                 parts: bool = True, priors: bool = False, playout: str = "policy", cut: int = 0):
        self.kernel = kernel
        self.parts = bool(parts and kernel.parts)  # below the root, part by part where the record declares parts
        self.priors, self.scripted, self.cut = bool(priors), playout == "heuristic", int(cut)
        self.max_moves = kernel.module.MAX_MOVES
        self.root = np.ascontiguousarray(root)
        self.exploration = float(exploration)
        self.arrays = tuple(np.zeros(capacity, dtype=dtype) for _, dtype in core.NODE_ARRAYS)
        self.meta = np.zeros(core.META_LEN, dtype=np.int64)
        self.seat_totals = np.zeros(kernel.module.SEATS, dtype=np.float64)
        self.root_report = np.zeros((self.max_moves, 4), dtype=np.float64)  # (win share, margin, reward², margin²) sums
        self.rng = new_rng(seed)
        core.reset_tree(*self.arrays, self.meta)

    @property
    def capacity(self) -> int:
        """Nodes the tree can hold."""
        return len(self.arrays[0])

    @property
    def size(self) -> int:
        """Nodes in use."""
        return int(self.meta[core.NODES])

    @property
    def full(self) -> bool:
        """True once an expansion found no room (the tree then stops growing)."""
        return bool(self.meta[core.FULL])

    @property
    def simulations(self) -> int:
        """Simulations run so far."""
        return int(self.meta[core.SIMULATIONS])

    @property
    def depth(self) -> int:
        """Depth of the deepest node (the root's children are at depth 1)."""
        return int(core.tree_depth(self.meta))

    def warm_up(self) -> None:
        """Load (or compile) every kernel the search uses, without searching."""
        self.run(0, np.zeros(1, dtype=np.int64))
        self.root_children()
        out = np.empty(1, dtype=np.int64)
        move_of, _, first_child, child_count, visits, _, _, kind, _ = self.arrays
        core.principal_variation(move_of, first_child, child_count, visits, kind, 0, out)
        core.tree_depth(self.meta)

    def run(self, budget: int, stop: np.ndarray) -> int:
        """Run up to `budget` simulations (fewer if stop[0] != 0); return how many ran."""
        return int(call(
            core.run_simulations, self.kernel, self.root, *self.arrays, self.meta, self.seat_totals,
            self.root_report, self.rng, self.exploration, self.parts, self.priors, self.scripted, self.cut, budget, stop,
        ))

    def root_children(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """(moves, visits, total rewards of the root player, summed (win share, margin, squared
        reward, squared margin) rows) of the root's children."""
        move_of, _, first_child, child_count, visits, reward, _, _, _ = self.arrays
        moves = np.empty(self.max_moves, dtype=np.int64)
        counts = np.empty(self.max_moves, dtype=np.int64)
        rewards = np.empty(self.max_moves, dtype=np.float64)
        n = core.root_children(move_of, first_child, child_count, visits, reward, moves, counts, rewards)
        return moves[:n], counts[:n], rewards[:n], self.root_report[:n]

    def pv(self, move: int) -> tuple[int, ...]:
        """The principal variation starting with root move `move` (just the move if it is absent)."""
        move_of, _, first_child, child_count, visits, _, _, kind, _ = self.arrays
        first, count = int(first_child[0]), int(child_count[0])
        for node in range(first, first + max(count, 0)):
            if move_of[node] == move:
                out = np.empty(MAX_PV, dtype=np.int64)
                n = core.principal_variation(move_of, first_child, child_count, visits, kind, node, out)
                return tuple(int(m) for m in out[:n])
        return (int(move),)


def interval(n: int, total: float, squares: float, low: float = 0.0, high: float = 1.0) -> tuple[float, float]:
    """The 95% interval of the mean of `n` returns in low..high (rewards: 0..1) that sum to
    `total`, their squares to `squares`: mean +- Z95 sd / sqrt(n) (normal approximation), clipped
    to low..high; the whole range below two returns, whose spread is unknown."""
    if n < 2:
        return low, high
    mean = total / n
    variance = max(squares - n * mean * mean, 0.0) / (n - 1)
    half = Z95 * math.sqrt(variance / n)
    return max(mean - half, low), min(mean + half, high)


def rank_root_moves(stats: dict[int, tuple[int, float, float]], chance_root: bool = False):
    """Rank root moves from their (visits, summed reward, summed squared reward); return (the moves
    best first, each move's 95% interval, the moves equal to the best). The moves searched at
    least MIN_VISIT_SHARE as often as the most visited rank by their lower bound, the others
    after them by visits; equal are the former whose interval reaches the best's lower bound. At a
    chance root (outcomes, not choices: nobody's reward is kept) every move ranks by visits and
    none is called equal."""
    bounds = {move: interval(n, total, squares) for move, (n, total, squares) in stats.items()}
    most = max((n for n, _, _ in stats.values()), default=0)
    compared = {move for move, (n, _, _) in stats.items() if not chance_root and n > 0 and n >= MIN_VISIT_SHARE * most}

    def rank(move):
        """Compared moves by lower bound first, then the rest by visits; ties by more visits, then mean, then move code."""
        n, total, _ = stats[move]
        if move in compared:
            return (0, -bounds[move][0], -n, move)
        return (1, -n, -total, move)

    order = sorted(stats, key=rank)
    equal: tuple[int, ...] = ()
    if order and order[0] in compared:
        floor = bounds[order[0]][0]
        equal = tuple(move for move in order if move in compared and bounds[move][1] >= floor)
    return order, bounds, equal


def _analysis(trees: list[Tree], multipv: int, started: float, stopped: str, threads: int, notes: list[str]) -> Analysis:
    """Merge the root children of every tree by move and build the result record. A line gets a
    win chance where the kernel backs up search_values (its score is then not one) and an
    expected score margin with its 95% interval where the kernel has scores; moves rank as rank_root_moves says, and
    at a chance root they have no interval."""
    totals: dict[int, list] = {}
    for index, tree in enumerate(trees):
        moves, visits, rewards, report = tree.root_children()
        for move, n, total, (wins, margins, squares, margin_squares) in zip(moves.tolist(), visits.tolist(), rewards.tolist(), report.tolist()):
            entry = totals.setdefault(move, [0, 0.0, -1, -1, 0.0, 0.0, 0.0, 0.0])
            entry[0] += n
            entry[1] += total
            entry[4] += wins
            entry[5] += margins
            entry[6] += squares
            entry[7] += margin_squares
            if n > entry[3]:  # the PV comes from the tree that searched the move most
                entry[2], entry[3] = index, n
    module = trees[0].kernel.module
    chance_root = bool(module.is_chance(trees[0].root))
    order, bounds, equal = rank_root_moves({move: (e[0], e[1], e[6]) for move, e in totals.items()}, chance_root)
    ranked = [(move, totals[move]) for move in order]
    reports_win, reports_margin = hasattr(module, "search_values"), hasattr(module, "scores")
    lines = []
    for move, (n, total, best_tree, _, wins, margins, _, margin_squares) in ranked[: max(multipv, 1)]:
        mean = total / n if n else 0.5
        pv = trees[best_tree].pv(move) if n else (move,)
        low, high = (None, None) if chance_root else bounds[move]
        margin_low, margin_high = (interval(n, margins, margin_squares, -math.inf, math.inf)
                                   if reports_margin and n > 1 else (None, None))
        lines.append(Line(move, Score("value", mean), pv, n,
                          win=wins / n if reports_win and n else None,
                          margin=margins / n if reports_margin and n else None,
                          low=low, high=high, margin_low=margin_low, margin_high=margin_high))
    simulations = sum(tree.simulations for tree in trees)
    totals = sum(tree.seat_totals for tree in trees)
    return Analysis(
        engine="mcts",
        lines=lines,
        depth=max(tree.depth for tree in trees),
        nodes=simulations,
        seconds=time.perf_counter() - started,
        stopped=stopped,
        threads=threads,
        notes=notes,
        seat_values=tuple(float(t) / simulations for t in totals) if simulations else None,
        equal=equal,
    )


def mcts_analysis(
    kernel: Kernel,
    root: np.ndarray,
    sims: int | None,
    seconds: float | None,
    threads: int = 1,
    memory_mb: int = 256,
    seed: int = 0,
    exploration: float = 1.4,
    multipv: int = 1,
    stop: np.ndarray | None = None,
    on_progress: Callable[[Analysis], None] | None = None,
    parts: bool = True,
    priors: bool = False,
    playout: str = "policy",
    cut: int = 0,
) -> Analysis:
    """Analyse kernel position `root` with UCT, or PUCT with `priors` (`kernel` names its kernel
    module); return the best `multipv` root moves.

    Stops after `sims` simulations (split evenly over the threads), after `seconds`, or when
    another thread sets stop[0] != 0 (a KeyboardInterrupt here sets it too), always with the best
    result so far; with no limit at all it runs until stopped. All trees together hold at most
    `memory_mb` MiB of nodes; a tree that fills up keeps simulating without growing (a note says so).
    Scores are Score("value", mean result of the side to move at the root, 0..1).
    `on_progress(analysis)` is called about every 0.2 s with the result so far. `parts`: below the
    root, choose each move part by part where the game's record declares the kernel's parts
    (kernel.parts, mcts_core.py). `priors`: PUCT with the kernel's move scores as priors and
    `exploration` as c_puct; `playout`: "policy" (the kernel's light policy) or "heuristic" (its
    scripted player); `cut` > 0: each playout stops after that many plies (mcts_core.py).
    """
    threads, thread_note = usable_threads(max(int(threads), 1))
    root = np.ascontiguousarray(root)
    module = kernel.module
    if module.legal_moves(root, np.empty(module.MAX_MOVES, dtype=np.int64)) == 0:
        return Analysis("mcts", [], 0, 0, 0.0, "no-moves", threads)
    halt = stop if stop is not None else np.zeros(1, dtype=np.int64)
    check_memory(memory_mb, f"memory={memory_mb}")
    capacity = tree_capacity(memory_mb, threads)
    if capacity < 1 + module.MAX_MOVES:
        raise CalderaError(f"memory={memory_mb} MB is too little for {threads} MCTS trees of at least "
                           f"{(1 + module.MAX_MOVES) * BYTES_PER_NODE / 2**20:.1f} MB each")
    trees = [Tree(kernel, root, capacity, seed + i, exploration, parts, priors, playout, cut) for i in range(threads)]
    trees[0].warm_up()  # load (or compile) the kernels before the clock starts
    if sims is None:
        shares: list[int | None] = [None] * threads
    else:
        shares = [sims // threads + (1 if i < sims % threads else 0) for i in range(threads)]
    started = time.perf_counter()
    deadline = None if seconds is None else started + seconds
    errors: list[BaseException] = []

    def grow(tree: Tree, share: int | None) -> None:
        """Simulate on this tree in timed chunks until its share, the deadline or a stop; errors go to `errors`."""
        chunk = FIRST_CHUNK
        try:
            while halt[0] == 0:
                remaining = chunk if share is None else share - tree.simulations
                if remaining <= 0 or (deadline is not None and time.perf_counter() >= deadline):
                    return
                budget = min(chunk, remaining)
                begun = time.perf_counter()
                tree.run(budget, halt)
                elapsed = time.perf_counter() - begun
                target = CHUNK_SECONDS if deadline is None else min(CHUNK_SECONDS, max(deadline - time.perf_counter(), 0.001))
                chunk = int(min(max(budget * target / max(elapsed, 1e-6), 1), MAX_CHUNK))
        except BaseException as error:  # reported by the main thread
            errors.append(error)

    workers = [threading.Thread(target=grow, args=(tree, share), daemon=True) for tree, share in zip(trees, shares)]
    for worker in workers:
        worker.start()
    interrupted = False
    next_progress = started + PROGRESS_EVERY
    try:
        for worker in workers:
            while worker.is_alive():
                wait = POLL if on_progress is None else min(max(next_progress - time.perf_counter(), 0.001), POLL)
                worker.join(wait)
                if on_progress is not None and time.perf_counter() >= next_progress:
                    on_progress(_analysis(trees, multipv, started, "running", threads, []))
                    next_progress = time.perf_counter() + PROGRESS_EVERY
    except KeyboardInterrupt:
        interrupted = True
    finally:
        if any(worker.is_alive() for worker in workers):  # Ctrl-C, or on_progress raised
            halt[0] = 1
            for worker in workers:
                worker.join()
    if errors:
        raise errors[0]
    done = sum(tree.simulations for tree in trees)
    if interrupted or (halt[0] != 0 and (sims is None or done < sims)):
        stopped = "interrupted"
    elif sims is not None and done >= sims:
        stopped = "sims"
    else:
        stopped = "time"
    notes = [thread_note] if thread_note else []
    if any(tree.full for tree in trees):
        size = sum(tree.size for tree in trees)
        notes.append(f"tree full at {size:,} nodes (memory cap {memory_mb} MB): kept searching without growing")
    return _analysis(trees, multipv, started, stopped, threads, notes)


def search_settings(settings, kernel: Kernel) -> dict:
    """The priors, playout and cut MCTS runs with on `kernel` under the checked `settings`: priors
    and the scripted playout by default where the kernel has a scripted player (SCRIPTED_PLAYER),
    UCT and the light policy elsewhere, unless the kernel names its own defaults (MCTS_PLAYOUT,
    MCTS_CUT: penguins tile boards play out with the light policy, cut after 4 plies); CalderaError for a heuristic playout without a scripted
    player or a cut without values of an unfinished game (search_values)."""
    module = kernel.module
    scripted = hasattr(module, "SCRIPTED_PLAYER")
    priors = ENGINE.value(settings, "prior")
    playout = ENGINE.value(settings, "playout")
    cut = ENGINE.value(settings, "cut")
    cut = getattr(module, "MCTS_CUT", 0) if cut is None else cut
    if playout == "heuristic" and not scripted:
        raise CalderaError("playout=heuristic needs a game with a scripted player, and this position's game has none")
    if cut > 0 and not hasattr(module, "search_values"):
        raise CalderaError("cut needs a game whose values MCTS reads before the end, and this position's game has none")
    return {"priors": scripted if priors is None else priors,
            "playout": playout or getattr(module, "MCTS_PLAYOUT", "heuristic" if scripted else "policy"), "cut": cut}


def run(settings, kernel, root, stop=None, on_progress=None, plies_to_end=None):
    """MCTS on `root` with the checked `settings`."""
    s = settings
    chosen = search_settings(s, kernel)
    return mcts_analysis(
        kernel, root, sims=s.get("sims"), seconds=ENGINE.seconds(s, LIMITS), threads=ENGINE.value(s, "threads"),
        memory_mb=ENGINE.value(s, "memory"), seed=ENGINE.value(s, "seed"),
        exploration=ENGINE.value(s, "cpuct" if chosen["priors"] else "c"),
        multipv=ENGINE.value(s, "multipv"), stop=stop, on_progress=on_progress, parts=ENGINE.value(s, "parts"),
        **chosen,
    )


def warm_up(game, kernel, words) -> None:
    """A few simulations, which load the search for `kernel`."""
    mcts_analysis(kernel, words, sims=16, seconds=None, memory_mb=4, **search_settings({}, kernel))  # room for the widest root (oros game)
