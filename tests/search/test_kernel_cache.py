"""Numba's on-disk cache: kernels and searches (penguins alpha-beta and MCTS, island expectimax,
the oros solver) compiled in one process must load and run in the next. (A cached recursive function compiled for two
argument types crashed when loaded: numba issue #6713; this guards against that kind of
failure.)"""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = """
from kernels.games import PENGUINS
from solver.alphabeta import alphabeta_analysis
from solver.games.penguins.penguins_binding import to_kernel
from solver.games.penguins.penguins_notation import BUILTIN_POSITIONS, parse_position
from solver.mcts import mcts_analysis
from solver.perft import perft
from solver.warmup import warm_up

warm_up()
words = to_kernel(parse_position(BUILTIN_POSITIONS["floes"]))
print(perft(words, 3).nodes)
print(alphabeta_analysis(PENGUINS, words, depth=3).lines[0])
print(mcts_analysis(PENGUINS, words, sims=300, seconds=None, seed=5).lines[0])

from solver.games.oros import oros_notation
from solver.games.oros.oros_goals import parse_goal
from solver.games.oros.oros_puzzles import PUZZLES
from solver.planner import solve

puzzle = next(p for p in PUZZLES if p.name == "twin-peaks")
state = oros_notation.parse_position(puzzle.position)
result = solve(state, parse_goal(puzzle.goal, state.width, state.height), puzzle.budget)
print(result.plan, result.nodes)

from kernels.games import ISLAND
from solver.expectimax import expectimax_analysis
from solver.games.island import island_rules as island
from solver.games.island import island_binding as island_kernel

start = island_kernel.to_kernel(island.new_game(2))
roll = island_kernel.to_kernel(island.successor(island.new_game(2), island.move(island.SHIFT, 4)))
print(expectimax_analysis(ISLAND, start, depth=3, multipv=2).lines)
print(expectimax_analysis(ISLAND, roll, depth=2).lines[:3])
"""


def test_second_process_runs_from_cache(tmp_path):
    """Compile in one process, then run everything from the cache in a second: same output."""
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path))
    runs = [subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True)
            for _ in range(2)]
    for run in runs:
        assert run.returncode == 0, run.stderr[-2000:]
    assert runs[0].stdout == runs[1].stdout
    assert any(tmp_path.rglob("*.nbi")), "nothing was cached"
    assert any(tmp_path.rglob("*expectimax*.nbi")), "the recursive expectimax search was not cached"
