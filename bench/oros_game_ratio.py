"""Full Oros game speed: random playouts with the full-game kernel against the reference rules, same run.

Both sides play whole games from the setups of 1, 2, 3 and 4 players (friendly AI deck, setup
seed 0) until the game is over: every AI card draw by its probability, every decision uniformly
among the legal plies. The kernel runs kernels/oros/oros_game_kernel.py's `random_playouts`
(numba, one call for all its games, after a warm-up call); the reference the same loop in Python
over solver/games/oros/oros_full_rules.py. The generators differ, so the games differ but come
from the same distribution: the mean plies per game of the two sides should agree within a few
percent (uniform play mostly runs to the round limit).

    python bench/oros_game_ratio.py                      # 1-4 players, kernel 1,000 / reference 10 games each
    python bench/oros_game_ratio.py --players 3 --kernel-games 1000 --reference-games 5

Prints per setup the games/s and plies/s of each side and the ratio of plies/s (target of issue
14: the kernel at least 100x the reference). Figures: docs/PERFORMANCE.md, section Oros.
"""

from __future__ import annotations

import argparse
import random

from playout_ratio import print_table, timed

from kernels.rng import new_rng
from solver.games.oros import oros_game_binding as binding
from solver.games.oros.oros_full_rules import chance_outcomes, is_over, legal_actions, successor
from solver.games.oros.oros_full_state import setup


def reference_playouts(root, count: int, seed: int) -> int:
    """Play `count` random games from `root` with the reference rules; return the plies played."""
    rng = random.Random(seed)
    plies = 0
    for _ in range(count):
        state = root
        while not is_over(state):
            outcomes = chance_outcomes(state)
            if outcomes:
                ply = rng.choices([card for card, _ in outcomes], [float(p) for _, p in outcomes])[0]
            else:
                plies_now = legal_actions(state)
                ply = plies_now[rng.randrange(len(plies_now))]
            state = successor(state, ply)
            plies += 1
    return plies


def kernel_playouts(root, count: int, seed: int) -> int:
    """Play `count` random games from `root` in the kernel; return the plies played."""
    return int(binding.kernel().random_playouts(binding.to_kernel(root), count, new_rng(seed)))


def main() -> None:
    """Time both sides for each setup and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[1, 2, 3, 4])
    parser.add_argument("--deck", default="friendly", choices=["friendly", "aggressive"])
    parser.add_argument("--kernel-games", type=int, default=1000)
    parser.add_argument("--reference-games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    roots = {players: setup(players, args.deck, 0) for players in args.players}
    kernel_playouts(roots[args.players[0]], 1, 0)  # compile or load the kernel first
    print(f"oros full game, {args.deck} AI deck: random playouts, seed {args.seed}: kernel {args.kernel_games:,} "
          f"games, reference {args.reference_games:,} games per setup")
    rows = ((players, *timed(kernel_playouts, root, args.kernel_games, args.seed),
             *timed(reference_playouts, root, args.reference_games, args.seed)) for players, root in roots.items())
    print_table("players", rows, args.kernel_games, args.reference_games)


if __name__ == "__main__":
    main()
