"""Penguins with tiles: perft with the bitboard kernel against the reference rules, same run.

Both sides count the move sequences of exactly the given depth from the same positions with
barriers and terrain (P-9..P-23), counting the last ply in bulk (the number of legal moves, every
combination of choices enumerated), so the work per leaf is the same. The reference runs once per
position; the kernel (compiled or loaded from the cache before the clock starts) is repeated until
it has run at least --min-seconds, and its mean time is used. The two perft counts must agree.

    python bench/penguins_tiles_ratio.py              # the positions below (about 5 s)
    python bench/penguins_tiles_ratio.py --position "6x6 ... B play 15/15 1+1/1+1 11" --depth 2

Prints per position the legal moves at the root, the perft count, both times and their ratio
(target of issue 4: the kernel at least 50x the reference).
"""

from __future__ import annotations

import argparse

from perft_ratio import print_ratio_table

from solver.games.penguins.penguins_notation import parse_position
from solver.games.registry import game

# (name, position, depth). "tiles": a random board from tests/penguins/penguins_random.py holding a nest,
# krill, freezing, holes, seaweed, a tent, blazing, storms, radiation and a river with a fork;
# "sealbay": the built-in scenario after seeded play (seal, river with a fork and a confluence).
POSITIONS = (
    ("tiles", "6x4 5e/pP3P/4I1/2Ns1S kb1,fc1,hd1,we1,tf1:ccw,kb2,be2,ha3,sd3,fe3,ba4,xd4,re4:SE+SW,rf4:W "
              "A play 3/8 1+0/2+0 0 cap=40 eggs=10", 3),
    ("sealbay", "6x6 e5/p5/6/Lp1E2/4P1/5P rd2:SE,rd3:SE,rd4:E+SE,re4:SE,rd5:SE,re5:SW,rd6:SE "
                "B play 15/15 1+1/1+1 11", 2),
)


def main() -> None:
    """Time both sides on each position and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--position", help="one position in notation instead of the built-in ones")
    parser.add_argument("--depth", type=int, default=2, help="perft depth for --position")
    parser.add_argument("--min-seconds", type=float, default=0.5, help="kernel timing per position")
    args = parser.parse_args()

    positions = POSITIONS if args.position is None else (("given", args.position, args.depth),)
    print_ratio_table("position", [(name, parse_position(text), depth) for name, text, depth in positions],
                      game("penguins"), args.min_seconds)

if __name__ == "__main__":
    main()
