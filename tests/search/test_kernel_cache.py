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
from solver.alphabeta import alphabeta_analysis
from solver.games.penguins.penguins_binding import kernel_name, to_kernel
from solver.games.penguins.penguins_notation import BUILTIN_POSITIONS, parse_position
from solver.games.registry import game
from solver.mcts import mcts_analysis
from solver.perft import perft

for name in ("floes", "tunnels"):  # the plain kernel and the tile kernel: two negamax signatures
    words = to_kernel(parse_position(BUILTIN_POSITIONS[name]))
    print(kernel_name(words), perft(game("penguins"), words, 3).nodes)
    print(alphabeta_analysis(kernel_name(words), words, depth=3).lines[0])
    print(mcts_analysis(kernel_name(words), words, sims=300, seconds=None, seed=5).lines[0])

from solver.games.oros.oros_goals import goal_for
from solver.games.oros.oros_notation import parse_position as parse_oros
from solver.games.oros.oros_puzzles import PUZZLES
from solver.planner import solve

puzzle = next(p for p in PUZZLES if p.name == "twin-peaks")
state = parse_oros(puzzle.position)
result = solve(game("oros"), state, goal_for(puzzle.goal, state), puzzle.budget)
print(result.plan, result.nodes)

from solver.expectimax import expectimax_analysis
from solver.games.island import island_rules as island
from solver.games.island import island_binding

start = island_binding.to_kernel(island.new_game(2))
roll = island_binding.to_kernel(island.successor(island.new_game(2), island.move(island.SHIFT, 4)))
print(expectimax_analysis("island.island_kernel", start, depth=3, multipv=2).lines)
print(expectimax_analysis("island.island_kernel", roll, depth=2).lines[:3])
"""


def _cache_files(folder: Path) -> dict[str, tuple[int, int]]:
    """Every file numba's cache holds below `folder`, with its size and modification time."""
    return {str(path): (path.stat().st_size, path.stat().st_mtime_ns)
            for path in folder.rglob("*") if path.suffix in (".nbi", ".nbc")}


def test_second_process_runs_from_cache():
    """Compile in one process, then run everything from the cache in a second: the same output,
    and not one cache file written or rewritten by the second."""
    import kernels  # noqa: F401  (points NUMBA_CACHE_DIR at this source version's folder)

    folder = Path(os.environ["NUMBA_CACHE_DIR"])
    first = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True, text=True)
    assert first.returncode == 0, first.stderr[-2000:]
    cached = _cache_files(folder)
    second = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True, text=True)
    assert second.returncode == 0, second.stderr[-2000:]
    assert second.stdout == first.stdout
    assert _cache_files(folder) == cached, "the second process compiled again instead of loading the cache"
    assert any("expectimax_core.search" in name for name in cached), \
        "the recursive expectimax search was not cached"
