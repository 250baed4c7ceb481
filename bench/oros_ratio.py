"""Oros tectonics speed: perft with the bitboard kernel against the reference rules, same run.

Both sides count the action sequences of exactly DEPTH actions from the same fixed random 7 x 5
maps (solver/games/oros/oros_rules.py's random_state with seeds 0, 1, 2: volcanoes, mountains, hotspots and
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

from perft_ratio import print_ratio_table

from solver.games.oros import oros_rules as oros
from solver.games.registry import game


def main() -> None:
    """Time both sides on each map and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=2)
    parser.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2])
    parser.add_argument("--min-seconds", type=float, default=0.5, help="kernel timing per map")
    args = parser.parse_args()

    maps = [oros.random_state(random.Random(seed), oros.DEFAULT_WIDTH, oros.DEFAULT_HEIGHT) for seed in args.seeds]
    print(f"perft depth {args.depth} on random {oros.DEFAULT_WIDTH} x {oros.DEFAULT_HEIGHT} maps")
    print_ratio_table("seed", [(str(seed), state, args.depth) for seed, state in zip(args.seeds, maps)],
                      game("oros"), args.min_seconds)

if __name__ == "__main__":
    main()
