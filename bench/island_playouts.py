"""Island Project speed: random playouts per second, bitboard kernel against the reference rules.

Both sides play the same seeded loop from the start position of 2, 3 and 4 players until the
game is over: at the roll two uniform faces 0..5, sorted (a double 1/36, any other pair 2/36),
every decision uniformly among the legal moves. The kernel runs kernels.island.island_kernel.random_playouts
(numba, one call for all its games; the compile or cache load is done before the clock starts),
the reference the same loop in Python over solver/games/island/island_rules.py (`legal_moves` and `successor`,
which, like the kernel's apply, does not check the move again). The generators differ (xorshift
in the kernel, Python's `random` in the reference), so the games differ but come from the same
distribution: the mean plies per game of the two sides should agree within a few percent.

    python bench/island_playouts.py                  # 100,000 kernel / 500 reference games a size
    python bench/island_playouts.py --kernel-games 2000 --reference-games 10   # a few seconds

Prints, per player count, the playouts/s and plies/s of each side and their ratio (target of the
Island Project issue: the kernel at least 100x the reference). Figures: docs/PERFORMANCE.md,
section "Island Project".
"""

from __future__ import annotations

import argparse
import random
import time

from solver.games.island import island_rules as island


def reference_playouts(root: island.State, count: int, seed: int) -> int:
    """Play `count` random games from `root` with the reference rules; return the plies played."""
    rng = random.Random(seed)
    plies = 0
    for _ in range(count):
        state = root
        while True:
            if island.is_chance(state):
                a, b = rng.randrange(island.FACES), rng.randrange(island.FACES)
                code = island.move(island.ROLL, min(a, b) * island.FACES + max(a, b))
            else:
                moves = island.legal_moves(state)
                if not moves:
                    break
                code = moves[rng.randrange(len(moves))]
            state = island.successor(state, code)
            plies += 1
    return plies


def kernel_playouts(words, count: int, seed: int) -> int:
    """Play `count` random games from the kernel array `words`; return the plies played."""
    from kernels.island.island_kernel import random_playouts
    from kernels.rng import new_rng

    return int(random_playouts(words, count, new_rng(seed)))


def timed(run, *args) -> tuple[int, float]:
    """(result of run(*args), wall seconds)."""
    started = time.perf_counter()
    result = run(*args)
    return result, time.perf_counter() - started


def main() -> None:
    """Time both sides for each player count and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kernel-games", type=int, default=100_000, help="kernel playouts per player count")
    parser.add_argument("--reference-games", type=int, default=500, help="reference playouts per player count")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4], choices=[2, 3, 4])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    from solver.games.island.island_binding import to_kernel

    kernel_playouts(to_kernel(island.new_game(2)), 1, 0)  # compile or load the kernel first
    print(f"random playouts from the start, seed {args.seed}: kernel {args.kernel_games:,} games, "
          f"reference {args.reference_games:,} games per player count")
    header = (f"{'players':>7}  {'kernel games/s':>14}  {'plies/game':>10}  {'reference games/s':>17}  "
              f"{'plies/game':>10}  {'ratio games/s':>13}  {'ratio plies/s':>13}")
    print(header)
    print("-" * len(header))
    for players in args.players:
        root = island.new_game(players)
        k_plies, k_seconds = timed(kernel_playouts, to_kernel(root), args.kernel_games, args.seed)
        r_plies, r_seconds = timed(reference_playouts, root, args.reference_games, args.seed)
        k_rate, r_rate = args.kernel_games / k_seconds, args.reference_games / r_seconds
        k_ply_rate, r_ply_rate = k_plies / k_seconds, r_plies / r_seconds
        print(f"{players:>7}  {k_rate:>14,.0f}  {k_plies / args.kernel_games:>10.1f}  {r_rate:>17,.1f}  "
              f"{r_plies / args.reference_games:>10.1f}  {k_rate / r_rate:>12,.0f}x  {k_ply_rate / r_ply_rate:>12,.0f}x")
    print("ratio = kernel rate / reference rate (plies include the dice rolls)")


if __name__ == "__main__":
    main()
