"""Oros shaping-puzzle solver speed: every built-in puzzle solved, figures per difficulty set.

In the style of Pascal Pons' Connect 4 benchmark: sets of rising difficulty (easy, medium, hard
in solver/games/oros/oros_puzzles.py), each reported as the mean time and mean nodes per puzzle and
the speed, then one line per puzzle. Each puzzle is solved `--repeat` times (fresh table each
time) and its fastest time kept; the node count is the same every time. The solver is loaded
(or compiled) before the clock starts.

    python bench/oros_puzzles.py              # every puzzle, best of 3
    python bench/oros_puzzles.py --repeat 1   # a quick look

Every plan found is checked to have the puzzle's recorded optimal length. Figures:
docs/PERFORMANCE.md, section "Oros puzzles".
"""

from __future__ import annotations

import argparse
from statistics import mean

from solver.commands.warmup import warm_up
from solver.engines.planner.planner_search import FOUND, solve
from solver.games.oros.oros_goals import parse_goal
from solver.games.oros.oros_notation import parse_position
from solver.games.oros.oros_puzzles import PUZZLES, SETS
from solver.games.registry import game


def solve_puzzle(puzzle, repeat: int) -> tuple[float, int]:
    """(fastest seconds, nodes) of solving `puzzle` `repeat` times; checks the plan's length."""
    state = parse_position(puzzle.position)
    goal = parse_goal(puzzle.goal, state.width, state.height)
    best, nodes = float("inf"), 0
    for _ in range(repeat):
        result = solve(game("oros"), state, goal, puzzle.budget)
        if result.outcome != FOUND or len(result.plan) != puzzle.optimal:
            raise SystemExit(f"{puzzle.name}: expected a plan of {puzzle.optimal}, got {result.outcome} "
                             f"{len(result.plan)}")
        best, nodes = min(best, result.seconds), result.nodes
    return best, nodes


def main() -> None:
    """Solve every puzzle and print the per-set and per-puzzle tables."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="solves per puzzle, fastest kept (default 3)")
    args = parser.parse_args()
    warm_up([game("oros")])
    figures = {p.name: solve_puzzle(p, args.repeat) for p in PUZZLES}
    print(f"{'set':8} {'puzzles':>7} {'optimal':>8} {'mean time':>11} {'mean nodes':>12} {'nodes/s':>12}")
    for name in SETS:
        members = [p for p in PUZZLES if p.set == name]
        seconds = mean(figures[p.name][0] for p in members)
        nodes = mean(figures[p.name][1] for p in members)
        lengths = sorted({p.optimal for p in members})
        span = f"{lengths[0]}-{lengths[-1]}" if len(lengths) > 1 else str(lengths[0])
        print(f"{name:8} {len(members):>7} {span:>8} {seconds * 1000:>8.2f} ms {nodes:>12,.0f} "
              f"{sum(figures[p.name][1] for p in members) / sum(figures[p.name][0] for p in members):>12,.0f}")
    print()
    width = max(len(p.name) for p in PUZZLES)
    print(f"{'puzzle':{width}} {'set':7} {'optimal':>7} {'time':>11} {'nodes':>12}")
    for p in PUZZLES:
        seconds, nodes = figures[p.name]
        print(f"{p.name:{width}} {p.set:7} {p.optimal:>7} {seconds * 1000:>8.2f} ms {nodes:>12,}")


if __name__ == "__main__":
    main()
