"""Perft: count the move sequences of a given depth with the kernel, on one or more threads."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Callable

import numpy as np

from solver.games import penguins, penguins_kernel
from solver.games.penguins import Move, State


@dataclass(frozen=True)
class PerftResult:
    """Node count of a perft, its wall time, and the count below each root move."""

    nodes: int
    seconds: float
    divide: tuple[tuple[Move, int], ...]

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
    divide = tuple((penguins_kernel.decode_move(code), count) for code, count in zip(moves.tolist(), counts.tolist()))
    return PerftResult(int(counts.sum()), seconds, divide)


def reference_perft(state: State, depth: int, on_root_move: Callable[[int, int], None] | None = None) -> PerftResult:
    """Perft with the reference rules: the oracle, and the baseline of the speed ratio."""
    started = time.perf_counter()
    if depth == 0:
        return PerftResult(1, time.perf_counter() - started, ())
    moves = penguins.legal_moves(state)
    divide = []
    for i, move in enumerate(moves):
        divide.append((move, penguins.perft(penguins.successor(state, move), depth - 1)))
        if on_root_move is not None:
            on_root_move(i + 1, len(moves))
    return PerftResult(sum(count for _, count in divide), time.perf_counter() - started, tuple(divide))
