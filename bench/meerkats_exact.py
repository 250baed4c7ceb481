"""Meerkats: the exact solver's state count, time and memory on built-in positions.

Solves each named position (default: the solo game on both mazes) from its setup with
solver.engines.exact.exact_search.solve and prints one row: positions, moves, sweeps, the enumeration and iteration
times the solver measured, the graph's size, this process's peak memory so far (so run one
two-player position per call) and the root's value (one player: the fewest expected turns;
two: each seat's win probability).

    python bench/meerkats_exact.py                                  # dunes-1 warren-1 dunes-solo2
    python bench/meerkats_exact.py dunes-sprint --memory 9000       # two players, one friend: minutes, GBs

Figures: docs/PERFORMANCE.md, section "Meerkats".
"""

from __future__ import annotations

import argparse
import resource

from solver.engines.exact import exact_search as exact
from solver.games.meerkats.meerkats_binding import KERNEL, to_kernel
from solver.games.meerkats.meerkats_notation import resolve_position


def main() -> None:
    """Solve each position and print its row."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("positions", nargs="*", default=["dunes-1", "warren-1", "dunes-solo2"])
    parser.add_argument("--memory", type=int, default=exact.DEFAULT_MEMORY_MB, help="the graph's cap in MB")
    args = parser.parse_args()
    print("position  positions  moves  sweeps  enumerate s  iterate s  graph MB  peak RSS MB  value at the root")
    for name in args.positions:
        s = exact.solve(KERNEL, to_kernel(resolve_position(name)), memory_mb=args.memory)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
        value = " ".join(f"{float(v):.6f}" for v in s.values[0])
        print(f"{name}  {s.nodes:,}  {s.edges:,}  {s.sweeps}  {s.enumerate_seconds:.1f}  {s.iterate_seconds:.1f}  "
              f"{s.megabytes:,.0f}  {peak:,}  {value}{'' if s.converged else ' (cut by the turn cap)'}")


if __name__ == "__main__":
    main()
