"""The kernel/reference perft comparison shared by bench/oros_ratio.py and bench/penguins_tiles_ratio.py.

Both sides count perft from the same positions; the reference runs once per position, the kernel
(compiled or loaded before the clock starts) is repeated for at least `min_seconds` and its mean
is used; the two counts must agree.
"""

from __future__ import annotations

import time
from typing import Any, Sequence

from solver.commands.perft import kernel_count


def timed_kernel(game, words, depth: int, min_seconds: float) -> tuple[int, float]:
    """(kernel perft count, mean seconds per call) over calls adding up to min_seconds."""
    calls = 0
    kernel = game.kernel_name(words)
    started = time.perf_counter()
    while True:
        count = kernel_count(kernel, words, depth)
        calls += 1
        elapsed = time.perf_counter() - started
        if elapsed >= min_seconds:
            return count, elapsed / calls


def print_ratio_table(label: str, rows: Sequence[tuple[str, Any, int]], game, min_seconds: float) -> None:
    """Time kernel and reference perft of `game` (its record) on each (name, reference State,
    depth) row and print a table with both times and their ratio; exit with an error if the
    counts differ."""
    for _, state, _ in rows:  # compile or load each kernel first
        words = game.to_kernel(state)
        kernel_count(game.kernel_name(words), words, 1)
    header = (f"{label:>8}  {'depth':>5}  {'root moves':>10}  {'perft':>12}  {'kernel s':>10}  {'reference s':>11}"
              f"  {'ratio':>8}")
    print(header)
    print("-" * len(header))
    for name, state, depth in rows:
        k_count, k_seconds = timed_kernel(game, game.to_kernel(state), depth, min_seconds)
        started = time.perf_counter()
        r_count = game.reference_perft(state, depth)
        r_seconds = time.perf_counter() - started
        if k_count != r_count:
            raise SystemExit(f"{name}: kernel perft {k_count} but reference {r_count}")
        print(f"{name:>8}  {depth:>5}  {len(game.legal_moves(state)):>10}  {r_count:>12,}  {k_seconds:>10.6f}  "
              f"{r_seconds:>11.3f}  {r_seconds / k_seconds:>7,.0f}x")
    print("ratio = reference seconds / kernel seconds for the same perft")
