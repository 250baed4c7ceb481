"""Penguins on sealbay with moves chosen by parts and by whole moves, same run (issue 34): MCTS
simulations per second and the depth alpha-beta reaches, SECONDS each, with the plain start's MCTS
rate beside them.

    PYTHONPATH=. python bench/penguins_parts_ratio.py                          # the game's tile kernel
    PYTHONPATH=. python bench/penguins_parts_ratio.py grouped.penguins_grouped   # the slow reference of parts

The default kernel is the one the game's record gives a tile position, by parts as the record
declares (part_kernels); a kernel named is searched by its part_moves as if a record declared it.
kernels/grouped/penguins_grouped.py lists every move again for each part, so its "parts" figures
show the tree's shape, not the saving.
"""

from __future__ import annotations

import argparse

from kernels import Kernel
from solver.engines.alphabeta.alphabeta_search import alphabeta_analysis
from solver.engines.mcts.mcts_search import mcts_analysis
from solver.games.penguins.penguins_binding import to_kernel
from solver.games.penguins.penguins_notation import resolve_position
from solver.games.registry import game


def main() -> None:
    """Print the figures for the kernel named on the command line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kernel", nargs="?", default=None, help="kernel module, e.g. grouped.penguins_grouped")
    parser.add_argument("--scenario", default="sealbay")
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    words = to_kernel(resolve_position(args.scenario))
    start = to_kernel(resolve_position("start"))
    penguins = game("penguins")
    kernel = Kernel(args.kernel, parts=True) if args.kernel else penguins.kernel(words)
    plain = penguins.kernel(start)
    print(f"kernel {kernel}, parts declared: {kernel.parts}")
    for parts in (True, False):  # load (or compile) every search first
        mcts_analysis(kernel, words, sims=50, seconds=None, parts=parts)
        alphabeta_analysis(kernel, words, depth=1, parts=parts)
    mcts_analysis(plain, start, sims=50, seconds=None)
    for parts in (True, False):
        tree = mcts_analysis(kernel, words, sims=None, seconds=args.seconds, parts=parts)
        search = alphabeta_analysis(kernel, words, seconds=args.seconds, parts=parts)
        print(f"{args.scenario} parts={int(parts)}: MCTS {tree.nodes / tree.seconds:,.0f} sims/s (depth {tree.depth}); "
              f"alpha-beta depth {search.depth}, {search.nodes / search.seconds:,.0f} nodes/s")
    tree = mcts_analysis(plain, start, sims=None, seconds=args.seconds)
    print(f"start: MCTS {tree.nodes / tree.seconds:,.0f} sims/s")


if __name__ == "__main__":
    main()
