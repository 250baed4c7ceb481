"""Penguins puzzle solving speed: every built-in "wins in N" puzzle proven by the exact solver
(`caldera analyze penguins NAME --solve`), figures per set and N.

In the style of Pascal Pons' Connect 4 benchmark: position sets of rising difficulty (N = 1, 3,
5, 7 plies, on plain and on tile boards, and 9 on tile boards; solver/games/penguins/penguins_puzzles.py), each
reported as the mean time and mean nodes per puzzle and the speed, then one line per puzzle.
Each puzzle is solved `--repeat` times (a fresh table each time) and its fastest time kept; the
node count is the same every time. Two baselines, measured in the same run on the same
positions: the ordinary alpha-beta (with the evaluation) to the same depth N, whose nodes the
solver's are compared with; and kernel perft at depth 2 (move generation alone, its last ply
counted in bulk, repeated for at least `--perft-seconds`), so the last column is the solver's
speed as a share of perft's.

    python bench/penguins_puzzle_solving.py               # every puzzle, best of 3
    python bench/penguins_puzzle_solving.py --repeat 1    # a quick look
    python bench/penguins_puzzle_solving.py --hash 1      # a 1 MB table (analyze --hash 1)
    python bench/penguins_puzzle_solving.py --clock cpu   # the process's CPU time, not the wall clock

On a machine shared with other work the wall clock also counts the time the search waited for a
core; `--clock cpu` counts only the CPU time the process used (the search's thread, the waiting
driver's and the kernel's own work for it, such as zeroing the table's pages).

Alpha-beta keeps its table from one search to the next (solver/engines/alphabeta/alphabeta_search.py
KEPT_TABLE), so the first touches of a fresh table's pages (a few ms for the default 64 MB, whatever
the proof) are paid once, by the load call before the clock, not by every proof.

Every proof is checked: the solution, won in exactly N plies. Figures: docs/PERFORMANCE.md,
section "Penguins puzzles".
"""

from __future__ import annotations

import argparse
import time
from statistics import mean

from perft_ratio import timed_kernel

from solver.engines.alphabeta.alphabeta_search import alphabeta_analysis
from solver.games.penguins.penguins_puzzles import SETS, puzzles, set_plies
from solver.games.registry import game

PENGUINS = game("penguins")
PERFT_DEPTH = 2


def solve_puzzle(puzzle, repeat: int, perft_seconds: float, hash_mb: int, cpu: bool) -> tuple[float, int, float, int]:
    """(fastest seconds, nodes, perft nodes per second over `perft_seconds`, nodes of the ordinary
    alpha-beta to depth N) of `puzzle`, both searches with a `hash_mb` MB table, the proof's seconds
    of CPU time with `cpu`, else of the wall clock; checks the proof."""
    state = PENGUINS.resolve_position(puzzle.name)
    words = PENGUINS.to_kernel(state)
    kernel = PENGUINS.kernel_name(words)
    alphabeta_analysis(kernel, words, depth=1, solve=True)  # load (or compile) before the clock
    best, nodes = float("inf"), 0
    for _ in range(repeat):
        used = time.process_time()
        result = alphabeta_analysis(kernel, words, solve=True, hash_mb=hash_mb)
        seconds = time.process_time() - used if cpu else result.seconds
        line = result.best
        if (result.stopped != "solved" or PENGUINS.format_move(state, line.move) != puzzle.solution
                or line.score.text() != f"win in {puzzle.plies}"):
            raise SystemExit(f"{puzzle.name}: expected {puzzle.solution} to win in {puzzle.plies}, got "
                             f"{PENGUINS.format_move(state, line.move)} {line.score.text()} ({result.stopped})")
        best, nodes = min(best, seconds), result.nodes
    count, seconds = timed_kernel(PENGUINS, words, PERFT_DEPTH, perft_seconds)
    return best, nodes, count / seconds, alphabeta_analysis(kernel, words, depth=puzzle.plies, hash_mb=hash_mb).nodes


def main() -> None:
    """Solve every puzzle and print the per-set and per-puzzle tables."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="solves per puzzle, fastest kept (default 3)")
    parser.add_argument("--perft-seconds", type=float, default=0.2, help="perft time per puzzle (default 0.2)")
    parser.add_argument("--hash", type=int, default=64, help="table size in MB, as analyze --hash (default 64)")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="time the proofs by the wall clock (as analyze reports) or the process's CPU time")
    args = parser.parse_args()
    every = puzzles()
    figures = {p.name: solve_puzzle(p, args.repeat, args.perft_seconds, args.hash, args.clock == "cpu") for p in every}
    print(f"{'set':6} {'N':>2} {'puzzles':>7} {'mean time':>11} {'mean nodes':>11} {'eval nodes':>11} "
          f"{'nodes/s':>10} {'perft/s':>11} {'share':>6}")
    for set_name in SETS:
        for plies in set_plies(set_name):
            members = [figures[p.name] for p in every if p.set == set_name and p.plies == plies]
            seconds = sum(f[0] for f in members)
            speed = sum(f[1] for f in members) / seconds
            perft_speed = mean(f[2] for f in members)
            print(f"{set_name:6} {plies:>2} {len(members):>7} {seconds / len(members) * 1000:>8.2f} ms "
                  f"{mean(f[1] for f in members):>11,.0f} {mean(f[3] for f in members):>11,.0f} "
                  f"{speed:>10,.0f} {perft_speed:>11,.0f} "
                  f"{speed / perft_speed:>6.1%}")
    print()
    width = max(len(p.name) for p in every)
    print(f"{'puzzle':{width}} {'N':>2} {'moves':>5} {'time':>11} {'nodes':>9}  solution")
    for p in every:
        seconds, nodes, *_ = figures[p.name]
        state = PENGUINS.resolve_position(p.name)
        print(f"{p.name:{width}} {p.plies:>2} {len(PENGUINS.legal_moves(state)):>5} {seconds * 1000:>8.2f} ms "
              f"{nodes:>9,}  {p.solution}")


if __name__ == "__main__":
    main()
