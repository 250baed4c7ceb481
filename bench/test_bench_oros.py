"""The Oros shaping-puzzle solver under pytest-benchmark: one puzzle from the middle of the list.

Run: python -m pytest bench/test_bench_oros.py --benchmark-columns=mean,ops,rounds
(bench/oros_puzzles.py times every puzzle by difficulty set.)
"""

import pytest

from solver.commands.warmup import warm_up
from solver.engines.planner.planner_search import FOUND, solve
from solver.games.oros.oros_goals import parse_goal
from solver.games.oros.oros_notation import parse_position
from solver.games.oros.oros_puzzles import find
from solver.games.registry import game


@pytest.fixture(scope="module", autouse=True)
def compiled():
    """Load or compile the kernel and the solver before any timing starts."""
    warm_up([game("oros")])


def test_solve_twin_peaks(benchmark):
    """twin-peaks (hard set, 4 actions, about 85,000 nodes): a full solve with a fresh table."""
    puzzle = find("twin-peaks")
    state = parse_position(puzzle.position)
    goal = parse_goal(puzzle.goal, state.width, state.height)
    result = benchmark.pedantic(solve, args=(game("oros"), state, goal, puzzle.budget), rounds=5, iterations=1)
    assert (result.outcome, len(result.plan)) == (FOUND, puzzle.optimal)
