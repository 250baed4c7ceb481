"""Penguins MCTS on the tile scenarios: playouts that list every combined move (P-9) against
playouts that choose the action first and then its parts (kernels/penguins/penguins_playout.py),
same run, same tree (issue 17).

The old side is the kernel `penguins.penguins_listing` (the penguins kernel without its
`playout_step`, so MCTS lists the moves at every playout ply); the new side is
`penguins.penguins_kernel`. Each runs the same number of simulations with the same seed from each
scenario, after a warm-up call that compiles or loads both.

    python bench/penguins_playout_ratio.py                 # sealbay, 20,000 simulations each
    python bench/penguins_playout_ratio.py gullrock tunnels --sims 5000

Prints per scenario the simulations per second of both sides and their ratio (target of issue 17:
at least 30 k sims/s on sealbay). Figures: docs/PERFORMANCE.md.
"""

from __future__ import annotations

import argparse

from solver.games.penguins.penguins_notation import BUILTIN_POSITIONS, parse_position
from solver.games.registry import game
from solver.mcts import mcts_analysis

OLD, NEW = "penguins.penguins_listing", "penguins.penguins_kernel"


def sims_per_second(kernel: str, words, sims: int, seed: int) -> tuple[float, int]:
    """(simulations per second, tree depth) of one MCTS run of `sims` simulations."""
    analysis = mcts_analysis(kernel, words, sims=sims, seconds=None, seed=seed)
    return analysis.nodes / analysis.seconds, analysis.depth


def main() -> None:
    """Time both playouts on each scenario and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenarios", nargs="*", default=["sealbay"], help="built-in tile positions")
    parser.add_argument("--sims", type=int, default=20_000, help="simulations per run")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    record = game("penguins")
    print(f"{'scenario':10} {'sims':>7} {'old sims/s':>11} {'new sims/s':>11} {'ratio':>7}")
    for name in args.scenarios:
        words = record.to_kernel(parse_position(BUILTIN_POSITIONS[name]))
        for kernel in (OLD, NEW):
            mcts_analysis(kernel, words, sims=50, seconds=None, seed=args.seed)  # compile or load first
        old, _ = sims_per_second(OLD, words, args.sims, args.seed)
        new, _ = sims_per_second(NEW, words, args.sims, args.seed)
        print(f"{name:10} {args.sims:7,} {old:11,.0f} {new:11,.0f} {new / old:6.1f}x")


if __name__ == "__main__":
    main()
