"""Penguins: the cost of choosing a tile move by its parts (part_moves) against listing every move.

Per position: the legal moves (legal_moves: every combined move, P-9), the first list of part_moves
(the action parts), and one second list (the moves having one action; the mean over every action
part of the position), each timed in a loop after a warm-up call (the kernel compiled or loaded
from the cache before the clock starts).

    python bench/part_listing.py                    # the positions below (a few seconds)
    python bench/part_listing.py --position "6x6 ... B play 15/15 1+1/1+1 11"
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kernels.penguins import penguins_kernel as kernel  # noqa: E402
from solver.games.penguins.penguins_binding import to_kernel  # noqa: E402
from solver.games.penguins.penguins_notation import BUILTIN_POSITIONS, parse_position  # noqa: E402

from penguins_tiles_ratio import POSITIONS  # noqa: E402  (the tile positions of the perft benchmark)

NO_PREFIX = -1


def per_call(call, min_seconds: float) -> float:
    """Mean microseconds of `call()` over loops adding up to min_seconds, after one warm-up call."""
    call()
    calls, started = 0, time.perf_counter()
    while True:
        for _ in range(100):
            call()
        calls += 100
        elapsed = time.perf_counter() - started
        if elapsed >= min_seconds:
            return elapsed / calls * 1e6


def main() -> None:
    """Time the three lists on each position and print a table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--position", help="one position in notation instead of the built-in ones")
    parser.add_argument("--min-seconds", type=float, default=0.3, help="timing per list")
    args = parser.parse_args()
    rows = [(name, text) for name, text, _ in POSITIONS] + [("start", BUILTIN_POSITIONS["start"])]
    if args.position:
        rows = [("given", args.position)]
    out = np.empty(kernel.MAX_MOVES, dtype=np.int64)
    whole = np.empty(kernel.MAX_MOVES, dtype=np.uint8)
    print(f"{'position':10} {'moves':>6} {'parts':>6} {'legal_moves us':>15} {'first list us':>14} "
          f"{'second list us':>15}")
    for name, text in rows:
        words = to_kernel(parse_position(text))
        moves = kernel.legal_moves(words, out)
        legal = per_call(lambda: kernel.legal_moves(words, out), args.min_seconds)
        parts = kernel.part_moves(words, NO_PREFIX, out, whole)
        first = per_call(lambda: kernel.part_moves(words, NO_PREFIX, out, whole), args.min_seconds)
        prefixes = [int(code) for code, flag in zip(out[:parts], whole[:parts]) if not flag]
        second = "-"
        if prefixes:
            each = [per_call(lambda p=p: kernel.part_moves(words, p, out, whole), args.min_seconds / len(prefixes))
                    for p in prefixes]
            second = f"{sum(each) / len(each):.2f}"
        print(f"{name:10} {moves:>6} {len(prefixes) or '-':>6} {legal:>15.2f} {first:>14.2f} {second:>15}")


if __name__ == "__main__":
    main()
