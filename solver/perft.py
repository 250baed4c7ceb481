"""Perft: count the move sequences of a given depth with the kernel, on one or more threads."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Callable

import numpy as np

from solver.games import penguins_kernel


@dataclass(frozen=True)
class PerftResult:
    """Node count of a perft, its wall time, and the count below each root move (kernel move codes)."""

    nodes: int
    seconds: float
    divide: tuple[tuple[int, int], ...]

    @property
    def nodes_per_second(self) -> float:
        """Leaf nodes counted per second of wall time."""
        return self.nodes / self.seconds if self.seconds > 0 else float("inf")


def perft(words: np.ndarray, depth: int, threads: int = 1, on_root_move: Callable[[int, int], None] | None = None) -> PerftResult:
    """Perft of a kernel position (P-8a); root moves are shared out among `threads` threads.

    `on_root_move(done, total)` is called each time the subtree of a root move is finished.
    """
    k = penguins_kernel.kernel()
    started = time.perf_counter()
    if depth == 0:
        return PerftResult(1, time.perf_counter() - started, ())
    moves = np.array(penguins_kernel.legal_moves(words), dtype=np.int64)
    counts = np.zeros(len(moves), dtype=np.int64)
    done = []

    def count(i: int) -> None:
        # The kernel runs without the GIL, so threads really run in parallel.
        k.perft_divide(words, moves[i : i + 1], depth, counts[i : i + 1])
        done.append(i)  # list.append is atomic under the GIL
        if on_root_move is not None:
            on_root_move(len(done), len(moves))

    if threads <= 1:
        for i in range(len(moves)):
            count(i)
    else:
        with ThreadPoolExecutor(max_workers=threads) as pool:
            list(pool.map(count, range(len(moves))))
    seconds = time.perf_counter() - started
    return PerftResult(int(counts.sum()), seconds, tuple(zip(moves.tolist(), counts.tolist())))
