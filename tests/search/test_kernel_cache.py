"""Numba's on-disk cache: kernels and searches (penguins alpha-beta and MCTS on both penguins
kernels, island expectimax, the oros planner) compiled in one process must load and run in the
next, which compiles nothing. The processes share the test session's cache folder (what the
earlier tests compiled is already there, so the first process compiles only the rest). (A cached recursive function called with two argument types crashed when loaded: numba
issue #6713; negamax here is compiled for two kernels, so this guards against that kind of
failure.)"""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = """
from solver.commands.perft import perft
from solver.engines.alphabeta.alphabeta_search import alphabeta_analysis
from solver.engines.mcts.mcts_search import mcts_analysis
from solver.games.penguins.penguins_binding import kernel_name, to_kernel
from solver.games.penguins.penguins_notation import BUILTIN_POSITIONS, parse_position
from solver.games.registry import game

for name in ("floes", "tunnels"):  # the plain kernel and the tile kernel: two negamax signatures
    words = to_kernel(parse_position(BUILTIN_POSITIONS[name]))
    print(kernel_name(words), perft(game("penguins"), words, 3).nodes)
    print(alphabeta_analysis(kernel_name(words), words, depth=3).lines[0])
    print(mcts_analysis(kernel_name(words), words, sims=300, seconds=None, seed=5).lines[0])

from solver.engines.planner.planner_search import solve
from solver.games.oros.oros_goals import goal_for
from solver.games.oros.oros_notation import parse_position as parse_oros
from solver.games.oros.oros_puzzles import PUZZLES

puzzle = next(p for p in PUZZLES if p.name == "twin-peaks")
state = parse_oros(puzzle.position)
result = solve(game("oros"), state, goal_for(puzzle.goal, state), puzzle.budget)
print(result.plan, result.nodes)

from solver.engines.expectimax.expectimax_search import expectimax_analysis
from solver.games.island import island_rules as island
from solver.games.island import island_binding

start = island_binding.to_kernel(island.new_game(2))
roll = island_binding.to_kernel(island.successor(island.new_game(2), island.move(island.SHIFT, 4)))
print(expectimax_analysis(island_binding.KERNEL, start, depth=3, multipv=2).lines)
print(expectimax_analysis(island_binding.KERNEL, roll, depth=2).lines[:3])
"""


def _run() -> list[str]:
    """Run SCRIPT in a new process with numba's cache messages on; its output and those messages."""
    env = dict(os.environ, NUMBA_DEBUG_CACHE="1")
    run = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-2000:]
    return run.stdout.splitlines()


def test_second_process_runs_from_cache():
    """Compile in one process, then run everything from the cache in a second: the same output,
    and the second saves nothing to the cache (it compiled nothing). Its own messages, not the
    folder's files, tell: other test processes may be writing to the same folder meanwhile."""
    first, second = _run(), _run()
    output = [[line for line in lines if not line.startswith("[cache]")] for lines in (first, second)]
    assert output[0] == output[1] and output[0], output
    saved = [line for line in second if line.startswith("[cache] data saved")]
    assert not saved, f"the second process compiled again instead of loading the cache: {saved[:3]}"
    loaded = [line for line in second if line.startswith("[cache] data loaded")]
    assert any("expectimax_core.search" in line for line in loaded), "the recursive expectimax search was not cached"
    assert any("alphabeta_core.search" in line for line in loaded) and any("planner_core.search" in line for line in loaded)
