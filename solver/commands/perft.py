"""Perft for every game: count the move sequences of a given depth, root move by root move, with
the kernel (on one or more threads) or with the readable reference rules (the oracle).

Depth counts decisions (ruling P-8a); a root at a chance node (a dice roll) spends no depth on
its outcomes. Root moves are kernel move integers in both cases.
"""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import numpy as np

from kernels import Kernel
from solver.games.kernel_calls import chance_outcome_list, legal_move_list, next_state

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class PerftResult:
    """Node count of a perft, its wall time, and the count below each root move; after Ctrl-C
    (`interrupted`) the count is partial: `divide` holds the root moves counted in full."""

    nodes: int
    seconds: float
    divide: tuple[tuple[Any, int], ...]
    interrupted: bool = False
    root_moves: int = 0  # how many root moves there are (the divide may hold fewer)

    @property
    def nodes_per_second(self) -> float:
        """Leaf nodes counted per second of wall time."""
        return self.nodes / self.seconds if self.seconds > 0 else float("inf")


def root_split(moves: Sequence, count: Callable[[Any], int], threads: int = 1,
               on_root_move: Progress | None = None, stop: np.ndarray | None = None) -> PerftResult:
    """Perft as the sum of `count(move)` over the root moves, shared out among `threads` threads
    (worth it when `count` runs a kernel without the GIL); `on_root_move(done, total)` is called
    as each root move's subtree is finished. Once stop[0] is raised (or a KeyboardInterrupt
    arrives) the moves not yet finished are left out and the result says it is partial."""
    started = time.perf_counter()
    counts: dict[int, int] = {}
    stop = np.zeros(1, dtype=np.int64) if stop is None else stop

    def one(i: int) -> None:
        if stop[0]:
            return
        nodes = int(count(moves[i]))
        if stop[0]:
            return  # cut short: not a full count
        counts[i] = nodes
        if on_root_move is not None:
            on_root_move(len(counts), len(moves))

    if on_root_move is not None:
        on_root_move(0, len(moves))  # the total, at once
    try:
        if threads <= 1:
            for i in range(len(moves)):
                one(i)
        else:
            with ThreadPoolExecutor(max_workers=threads) as pool:
                list(pool.map(one, range(len(moves))))
    except KeyboardInterrupt:
        stop[0] = 1
    divide = tuple((moves[i], counts[i]) for i in sorted(counts))
    return PerftResult(sum(counts.values()), time.perf_counter() - started, divide,
                       interrupted=len(counts) < len(moves), root_moves=len(moves))


def kernel_count(kernel: Kernel, words: np.ndarray, depth: int, stop: np.ndarray | None = None) -> int:
    """The perft of kernel position `words` with the kernel named `kernel`: the count alone, on
    this thread (solver/commands/perft_core.py)."""
    from kernels.dispatch import call
    from solver.commands import perft_core as core

    return int(call(core.perft, kernel, words, depth, np.zeros(1, dtype=np.int64) if stop is None else stop))


def perft(game, words: np.ndarray, depth: int, threads: int = 1, on_root_move: Progress | None = None,
          stop: np.ndarray | None = None) -> PerftResult:
    """Perft of kernel position `words` of `game` (its record) with its kernel
    (solver/commands/perft_core.py), the root moves shared out among `threads` threads."""
    if depth == 0:
        return PerftResult(1, 0.0, ())
    kernel = game.kernel(words)
    stop = np.zeros(1, dtype=np.int64) if stop is None else stop
    chance = bool(kernel.module.is_chance(words))
    moves = [m for m, _ in chance_outcome_list(kernel, words)] if chance else legal_move_list(kernel, words)
    below = depth if chance else depth - 1
    return root_split(moves, lambda move: kernel_count(kernel, next_state(kernel, words, move), below, stop),
                      threads, on_root_move, stop)


def reference_perft(game, state, depth: int, on_root_move: Progress | None = None,
                    stop: np.ndarray | None = None) -> PerftResult:
    """Perft of the reference State `state` with the game's reference rules: the oracle, and the
    baseline of the speed ratios."""
    if depth == 0:
        return PerftResult(1, 0.0, ())
    chance = game.is_chance(state)
    moves = [m for m, _ in game.chance_outcomes(state)] if chance else game.legal_moves(state)
    below = depth if chance else depth - 1
    return root_split(moves, lambda move: game.reference_perft(game.successor(state, move), below),
                      on_root_move=on_root_move, stop=stop)
