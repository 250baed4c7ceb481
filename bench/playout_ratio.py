"""Random playouts per second, a game's kernel against its reference rules (island, hop).

Both sides play the same seeded loop from each start position until the game is over: every
chance event by its probabilities, every decision uniformly among the legal moves. The kernel
runs its module's `random_playouts` (numba, one call for all its games, after a warm-up call);
the reference the same loop in Python over the game record's reference rules
(`chance_outcomes`, `legal_moves`, `successor`, which like the kernel's apply does not check the
move again). The generators differ, so the games differ but come from the same distribution:
the mean plies per game of the two sides should agree within a few percent.

    python bench/playout_ratio.py island            # start2 start3 start4, 100,000 / 500 games each
    python bench/playout_ratio.py hop start3 start6 --kernel-games 2000 --reference-games 10

Prints, per start, the playouts/s and plies/s of each side and their ratio (target of the game
issues: the kernel at least 100x the reference). Figures: docs/PERFORMANCE.md.
"""

from __future__ import annotations

import argparse
import random
import time

from kernels.rng import new_rng
from solver.games.registry import game


def reference_playouts(record, root, count: int, seed: int) -> int:
    """Play `count` random games from the State `root` with the reference rules; return the plies played."""
    rng = random.Random(seed)
    plies = 0
    for _ in range(count):
        state = root
        while not record.is_over(state):
            outcomes = record.chance_outcomes(state)
            if outcomes:
                code = rng.choices([c for c, _ in outcomes], [float(p) for _, p in outcomes])[0]
            else:
                moves = record.legal_moves(state)
                code = moves[rng.randrange(len(moves))]
            state = record.successor(state, code)
            plies += 1
    return plies


def kernel_playouts(record, root, count: int, seed: int) -> int:
    """Play `count` random games from the State `root` in the kernel; return the plies played."""
    words = record.to_kernel(root)
    return int(record.kernel(words).module.random_playouts(words, count, new_rng(seed)))


def timed(run, *args) -> tuple[int, float]:
    """(result of run(*args), wall seconds)."""
    started = time.perf_counter()
    result = run(*args)
    return result, time.perf_counter() - started


def print_table(label: str, rows, kernel_games: int, reference_games: int) -> None:
    """Print each row (name, kernel plies, kernel seconds, reference plies, reference seconds) as it
    comes: both sides' games/s and plies/game, and the kernel's ratios of games/s and plies/s."""
    header = (f"{label:>8}  {'kernel games/s':>14}  {'plies/game':>10}  {'reference games/s':>17}  "
              f"{'plies/game':>10}  {'ratio games/s':>13}  {'ratio plies/s':>13}")
    print(header)
    print("-" * len(header))
    for name, k_plies, k_seconds, r_plies, r_seconds in rows:
        k_rate, r_rate = kernel_games / k_seconds, reference_games / r_seconds
        k_ply_rate, r_ply_rate = k_plies / k_seconds, r_plies / r_seconds
        print(f"{name:>8}  {k_rate:>14,.0f}  {k_plies / kernel_games:>10.1f}  {r_rate:>17,.1f}  "
              f"{r_plies / reference_games:>10.1f}  {k_rate / r_rate:>12,.0f}x  {k_ply_rate / r_ply_rate:>12,.0f}x", flush=True)
    print("ratio = kernel rate / reference rate (plies include the chance events)")


def main() -> None:
    """Time both sides for each start position and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=["island", "hop"])
    parser.add_argument("positions", nargs="*", help="built-in positions (default: every start*)")
    parser.add_argument("--kernel-games", type=int, default=100_000, help="kernel playouts per position")
    parser.add_argument("--reference-games", type=int, default=500, help="reference playouts per position")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    record = game(args.game)
    names = args.positions or [name for name in record.builtin_positions() if name.startswith("start")]
    roots = {name: record.resolve_position(name) for name in names}
    kernel_playouts(record, roots[names[0]], 1, 0)  # compile or load the kernel first
    print(f"{args.game}: random playouts, seed {args.seed}: kernel {args.kernel_games:,} games, "
          f"reference {args.reference_games:,} games per position")
    rows = ((name, *timed(kernel_playouts, record, root, args.kernel_games, args.seed),
             *timed(reference_playouts, record, root, args.reference_games, args.seed)) for name, root in roots.items())
    print_table("position", rows, args.kernel_games, args.reference_games)

if __name__ == "__main__":
    main()
