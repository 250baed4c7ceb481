"""Oros tectonics speed: perft with the bitboard kernel against the reference rules, same run.

Both sides count the action sequences of exactly DEPTH actions from the same fixed random 7 x 5
maps (solver/games/oros.py's random_state with seeds 0, 1, 2: volcanoes, mountains, hotspots and
random abilities). Both count the last action in bulk (the number of legal moves), so the work
per leaf is the same. The reference runs once per map; the kernel (compiled or loaded from the
cache before the clock starts) is repeated until it has run at least --min-seconds, and its mean
time is used. The two perft counts must agree.

    python bench/oros_ratio.py                # depth 2 on seeds 0 1 2 (a few seconds)
    python bench/oros_ratio.py --depth 3 --seeds 1    # the reference takes minutes

Prints per map the legal moves at the root, the perft count, both times and their ratio (target
of issue 6: the kernel at least 100x the reference).
"""

from __future__ import annotations

import argparse
import random
import time

from solver.games import oros, oros_kernel


def timed_kernel(perft, words, depth: int, min_seconds: float) -> tuple[int, float]:
    """(kernel perft count, mean seconds per call) over calls adding up to min_seconds."""
    calls = 0
    started = time.perf_counter()
    while True:
        count = int(perft(words, depth))
        calls += 1
        elapsed = time.perf_counter() - started
        if elapsed >= min_seconds:
            return count, elapsed / calls


def main() -> None:
    """Time both sides on each map and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=2)
    parser.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2])
    parser.add_argument("--min-seconds", type=float, default=0.5, help="kernel timing per map")
    args = parser.parse_args()

    perft = oros_kernel.kernel().perft
    maps = [oros.random_state(random.Random(seed), oros.DEFAULT_WIDTH, oros.DEFAULT_HEIGHT) for seed in args.seeds]
    perft(oros_kernel.to_kernel(maps[0]), 1)  # compile or load the kernel first
    print(f"perft depth {args.depth} on random {oros.DEFAULT_WIDTH} x {oros.DEFAULT_HEIGHT} maps")
    header = f"{'seed':>4}  {'root moves':>10}  {'perft':>12}  {'kernel s':>10}  {'reference s':>11}  {'ratio':>8}"
    print(header)
    print("-" * len(header))
    for seed, state in zip(args.seeds, maps):
        k_count, k_seconds = timed_kernel(perft, oros_kernel.to_kernel(state), args.depth, args.min_seconds)
        started = time.perf_counter()
        r_count = oros.perft(state, args.depth)
        r_seconds = time.perf_counter() - started
        if k_count != r_count:
            raise SystemExit(f"seed {seed}: kernel perft {k_count} but reference {r_count}")
        print(f"{seed:>4}  {len(oros.legal_moves(state)):>10}  {r_count:>12,}  {k_seconds:>10.6f}  "
              f"{r_seconds:>11.3f}  {r_seconds / k_seconds:>7,.0f}x")
    print("ratio = reference seconds / kernel seconds for the same perft")


if __name__ == "__main__":
    main()
