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
at least 30 k sims/s on sealbay), and the microseconds a playout ply costs on each side (--games
playouts from the scenario in one numba loop). Figures: docs/PERFORMANCE.md.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from numba import njit

from kernels.penguins import penguins_kernel as kernel
from kernels.rng import new_rng
from solver.engines.mcts.mcts_search import mcts_analysis
from solver.games.penguins.penguins_notation import BUILTIN_POSITIONS, parse_position
from solver.games.registry import game

OLD, NEW = "penguins.penguins_listing", "penguins.penguins_kernel"


def sims_per_second(kernel: str, words, sims: int, seed: int) -> tuple[float, int]:
    """(simulations per second, tree depth) of one MCTS run of `sims` simulations."""
    analysis = mcts_analysis(kernel, words, sims=sims, seconds=None, seed=seed)
    return analysis.nodes / analysis.seconds, analysis.depth


@njit(cache=True)
def playout_plies(root, games, listing, moves, rng):
    """Plies of `games` playouts from `root`: listing every move and picking with playout_move
    (the old way) or with playout_step (the new)."""
    state, after = root.copy(), root.copy()
    plies = 0
    for _ in range(games):
        state[:] = root
        while True:
            if listing:
                n = min(kernel.legal_moves(state, moves), moves.shape[0])
                move = kernel.playout_move(state, moves, n, rng) if n > 0 else np.int64(-1)
            else:
                move = kernel.playout_step(state, moves, rng)
            if move < 0:
                break
            kernel.apply(state, move, after)
            state, after = after, state
            plies += 1
    return plies


def microseconds_a_ply(words, games: int, listing: bool, seed: int) -> float:
    """Mean microseconds of one playout ply over `games` playouts from `words`."""
    moves = np.empty(kernel.MAX_MOVES, dtype=np.int64)
    playout_plies(words, 1, listing, moves, new_rng(seed))  # compile or load first
    started = time.perf_counter()
    plies = playout_plies(words, games, listing, moves, new_rng(seed))
    return (time.perf_counter() - started) / plies * 1e6


def main() -> None:
    """Time both playouts on each scenario and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenarios", nargs="*", default=["sealbay"], help="built-in tile positions")
    parser.add_argument("--sims", type=int, default=20_000, help="simulations per run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=200, help="playouts timed per side for the cost of a ply")
    args = parser.parse_args()
    record = game("penguins")
    print(f"{'scenario':10} {'sims':>7} {'old sims/s':>11} {'new sims/s':>11} {'ratio':>7}"
          f" {'old us/ply':>11} {'new us/ply':>11}")
    for name in args.scenarios:
        words = record.to_kernel(parse_position(BUILTIN_POSITIONS[name]))
        for kernel in (OLD, NEW):
            mcts_analysis(kernel, words, sims=50, seconds=None, seed=args.seed)  # compile or load first
        old, _ = sims_per_second(OLD, words, args.sims, args.seed)
        new, _ = sims_per_second(NEW, words, args.sims, args.seed)
        old_ply = microseconds_a_ply(words, args.games, True, args.seed)
        new_ply = microseconds_a_ply(words, args.games, False, args.seed)
        print(f"{name:10} {args.sims:7,} {old:11,.0f} {new:11,.0f} {new / old:6.1f}x {old_ply:11.1f} {new_ply:11.1f}")


if __name__ == "__main__":
    main()
