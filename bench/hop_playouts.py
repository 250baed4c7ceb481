"""HOP! speed: random playouts per second, the kernel against the reference rules.

Both sides play the same seeded loop from the start of 3 to 6 players until the game is over:
every chance event (card, throw, cloud) by its probabilities, every decision (partner,
assister, turbulator, bet) uniformly among the legal moves, on the default skill model (0.5)
and deck. The kernel runs kernels.hop.hop_kernel.random_playouts (numba, one call for all its
games, after a warm-up call), the reference the same loop in Python over
solver/games/hop/hop_rules.py (`legal_moves`, `chance_outcomes` and `successor`, which like the
kernel's apply does not check the move again). The generators differ, so the games differ but
come from the same distribution: the mean plies per game of the two sides should agree within a
few percent.

    python bench/hop_playouts.py                                     # 100,000 kernel / 500 reference games a size
    python bench/hop_playouts.py --kernel-games 2000 --reference-games 10   # a few seconds

Prints, per player count, the playouts/s and plies/s of each side and their ratio (target of
issue 13: the kernel at least 100x the reference). Figures: docs/PERFORMANCE.md, section "HOP!".
"""

from __future__ import annotations

import argparse
import random
import time

from solver.games.hop import hop_rules as rules


def reference_playouts(root: rules.State, count: int, seed: int) -> int:
    """Play `count` random games from `root` with the reference rules; return the plies played."""
    rng = random.Random(seed)
    plies = 0
    for _ in range(count):
        state = root
        while state.phase != rules.OVER:
            if rules.is_chance(state):
                outcomes = rules.chance_outcomes(state)
                code = rng.choices([c for c, _ in outcomes], [float(p) for _, p in outcomes])[0]
            else:
                moves = rules.legal_moves(state)
                code = moves[rng.randrange(len(moves))]
            state = rules.successor(state, code)
            plies += 1
    return plies


def kernel_playouts(words, count: int, seed: int) -> int:
    """Play `count` random games from the kernel array `words`; return the plies played."""
    from kernels.hop.hop_kernel import random_playouts
    from kernels.rng import new_rng

    return int(random_playouts(words, count, new_rng(seed)))


def main() -> None:
    """Time both sides for each player count and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kernel-games", type=int, default=100_000, help="kernel playouts per player count")
    parser.add_argument("--reference-games", type=int, default=500, help="reference playouts per player count")
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4, 5, 6], choices=[3, 4, 5, 6])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    from solver.games.hop.hop_binding import to_kernel

    kernel_playouts(to_kernel(rules.new_game(3)), 1, 0)  # compile or load the kernel first
    print(f"random playouts from the start, seed {args.seed}: kernel {args.kernel_games:,} games, "
          f"reference {args.reference_games:,} games per player count")
    header = (f"{'players':>7}  {'kernel games/s':>14}  {'plies/game':>10}  {'reference games/s':>17}  "
              f"{'plies/game':>10}  {'ratio games/s':>13}  {'ratio plies/s':>13}")
    print(header)
    print("-" * len(header))
    for players in args.players:
        root = rules.new_game(players)
        started = time.perf_counter()
        k_plies = kernel_playouts(to_kernel(root), args.kernel_games, args.seed)
        k_seconds = time.perf_counter() - started
        started = time.perf_counter()
        r_plies = reference_playouts(root, args.reference_games, args.seed)
        r_seconds = time.perf_counter() - started
        k_rate, r_rate = args.kernel_games / k_seconds, args.reference_games / r_seconds
        k_ply_rate, r_ply_rate = k_plies / k_seconds, r_plies / r_seconds
        print(f"{players:>7}  {k_rate:>14,.0f}  {k_plies / args.kernel_games:>10.1f}  {r_rate:>17,.1f}  "
              f"{r_plies / args.reference_games:>10.1f}  {k_rate / r_rate:>12,.0f}x  {k_ply_rate / r_ply_rate:>12,.0f}x")
    print("ratio = kernel rate / reference rate (plies include the chance events)")


if __name__ == "__main__":
    main()
