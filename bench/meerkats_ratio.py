"""Meerkats speed: perft with the bitboard kernel against the reference rules, same run.

Both sides count the decision sequences of exactly DEPTH plies (every die roll, draw and reveal
expanded without using up depth) from the same mid-game positions on the two shipped mazes,
with super tiles in hand so that speed and shortcut walks are generated too. The reference runs
once per position; the kernel (compiled or loaded from the cache before the clock starts) is
repeated until it has run at least --min-seconds, and its mean time is used. The two perft
counts must agree.

    python bench/meerkats_ratio.py               # depth 3 (a minute or so, mostly the reference)
    python bench/meerkats_ratio.py --depth 2     # a few seconds

Prints per position the legal moves at the root, the perft count, both times and their ratio
(target of the meerkats issue: the kernel at least 100x the reference). Figures:
docs/PERFORMANCE.md, section "Meerkats".
"""

from __future__ import annotations

import argparse

from perft_ratio import print_ratio_table

from solver.games.meerkats.meerkats_notation import parse_position
from solver.games.registry import game

POSITIONS = {
    "dunes": "dunes A:d4:0T:2221:sx B:a1:1c:1222:l desert A roll - - 6",
    "warren": "warren A:d4:1c:1222:ssx B:a1:0M:2212:lx underground A roll - - 9",
}


def main() -> None:
    """Time both sides on each position and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--min-seconds", type=float, default=0.5, help="kernel timing per position")
    args = parser.parse_args()
    rows = [(name, parse_position(text), args.depth) for name, text in POSITIONS.items()]
    print(f"perft depth {args.depth}, two players, mid-game with super tiles")
    print_ratio_table("maze", rows, game("meerkats"), args.min_seconds)


if __name__ == "__main__":
    main()
