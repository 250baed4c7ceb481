"""Perft: count the move sequences of a given depth, root move by root move, on one or more threads."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import numpy as np

from solver.games.penguins import penguins_rules as penguins
from solver.games.penguins import penguins_binding as penguins_kernel
from solver.games.penguins.penguins_rules import State

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class PerftResult:
    """Node count of a perft, its wall time, and the count below each root move."""

    nodes: int
    seconds: float
    divide: tuple[tuple[Any, int], ...]

    @property
    def nodes_per_second(self) -> float:
        """Leaf nodes counted per second of wall time."""
        return self.nodes / self.seconds if self.seconds > 0 else float("inf")


def root_split(moves: Sequence, count: Callable[[Any], int], threads: int = 1,
               on_root_move: Progress | None = None) -> PerftResult:
    """Perft as the sum of `count(move)` over the root moves, shared out among `threads` threads
    (worth it when `count` runs a kernel without the GIL); `on_root_move(done, total)` is called
    as each root move's subtree is finished."""
    started = time.perf_counter()
    counts = [0] * len(moves)
    done = []

    def one(i: int) -> None:
        counts[i] = int(count(moves[i]))
        done.append(i)  # list.append is atomic under the GIL
        if on_root_move is not None:
            on_root_move(len(done), len(moves))

    if threads <= 1:
        for i in range(len(moves)):
            one(i)
    else:
        with ThreadPoolExecutor(max_workers=threads) as pool:
            list(pool.map(one, range(len(moves))))
    return PerftResult(sum(counts), time.perf_counter() - started, tuple(zip(moves, counts)))


def perft(words: np.ndarray, depth: int, threads: int = 1, on_root_move: Progress | None = None) -> PerftResult:
    """Penguins perft of a kernel position (P-8a) with the kernel; the divide names reference Moves."""
    if depth == 0:
        return PerftResult(1, 0.0, ())
    k = penguins_kernel.kernel()

    def count(code: int) -> int:
        below = np.zeros(1, dtype=np.int64)
        k.perft_divide(words, np.array([code], dtype=np.int64), depth, below)
        return int(below[0])

    result = root_split(penguins_kernel.legal_moves(words), count, threads, on_root_move)
    divide = tuple((penguins_kernel.decode_move(code), n) for code, n in result.divide)
    return PerftResult(result.nodes, result.seconds, divide)


def reference_perft(state: State, depth: int, on_root_move: Progress | None = None) -> PerftResult:
    """Penguins perft with the reference rules: the oracle, and the baseline of the speed ratio."""
    if depth == 0:
        return PerftResult(1, 0.0, ())
    return root_split(penguins.legal_moves(state), lambda move: penguins.perft(penguins.successor(state, move), depth - 1),
                      on_root_move=on_root_move)
