"""Oros shaping puzzles (O-7): goal notation, the solver's shortest plans against a plain
breadth-first search over the reference rules, proofs that no plan exists, the admissible
bound, limits, the built-in puzzles, and numba's cache across processes."""

import os
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from kernels.dispatch import call
from solver.errors import CalderaError
from solver.games.oros import oros_rules as oros
from solver.games.oros import oros_binding as oros_kernel
from solver.games.oros.oros_goals import (
    LAND_AT_LEAST,
    LEVEL_AT,
    MOUNTAIN_AT,
    MOUNTAINS_AT_LEAST,
    Clause,
    describe_goal,
    encode_goal,
    format_goal,
    goal_met,
    parse_goal,
)
from solver.engines.planner import planner_core as kernel
from solver.engines.planner.planner_search import FOUND, NO_PLAN, UNKNOWN, solve
from solver.games.oros.oros_notation import format_move, parse_position
from solver.games.oros.oros_puzzles import PUZZLES, SETS, find, puzzle_goal_and_budget
from solver.games.registry import game
from tests.notation_cases import notation_error

OROS = game("oros")
from solver.watch import INTERRUPTED, new_stop

ROOT = Path(__file__).resolve().parents[2]
FIRST_PEAK = "5x5 ...../.444./...4./...../....."
# A lone level-1 tile: tectonic ability 1 moves groups of three only (O-4), and in three actions
# volcanoes and lava make at most one more tile (create, create, erupt: 1 + 3 fill b2, 1 flows),
# so nothing collides and no mountain forms (O-2).
LONE = "4x4 ..../.1../..../...."


def state_of(text):
    """The reference State of a position text."""
    return parse_position(text)


def bfs_length(state, goal, max_depth):
    """The length of a shortest plan by breadth-first search over the reference rules (positions
    compared without the action counter), or None when there is none within max_depth."""
    if goal_met(goal, state):
        return 0
    seen, frontier = {(state.levels, state.volcanoes)}, [state]
    for depth in range(1, max_depth + 1):
        following = []
        for position in frontier:
            for move in oros.legal_moves(position):
                child = oros.successor(position, move)
                if goal_met(goal, child):
                    return depth
                if (child.levels, child.volcanoes) not in seen:
                    seen.add((child.levels, child.volcanoes))
                    following.append(child)
        frontier = following
    return None


def replay_reaches_goal(state, goal, plan):
    """True when the plan is legal move by move (reference rules) and ends on the goal."""
    for move in plan:
        state = oros.apply(state, move)
    return goal_met(goal, state)


# Goals ----------------------------------------------------------------------------------------


def test_goal_clauses_parse_to_cells_and_numbers():
    """d3 on a 7-wide map is row 2, column 3: 2 * 7 + 3 = 17; c2 is 1 * 7 + 2 = 9."""
    goal = parse_goal("mountain@d3,mountains>=2,level4@c2,land>=20", 7, 5)
    assert goal.clauses == (Clause(MOUNTAIN_AT, 17, 0), Clause(MOUNTAINS_AT_LEAST, -1, 2),
                            Clause(LEVEL_AT, 9, 4), Clause(LAND_AT_LEAST, -1, 20))
    assert describe_goal(goal) == ("a mountain on d3 and at least 2 mountains and a level-4 tile on c2 "
                                   "and a total land level of at least 20")


@pytest.mark.parametrize("text", ["mountain@d3", "mountains>=2", "level1@a1", "land>=20", "mountain@g5,level4@a1"])
def test_canonical_goals_round_trip(text):
    """format(parse(s)) == s for canonical goal text; spaces after commas are tolerated."""
    assert format_goal(parse_goal(text, 7, 5)) == text
    assert format_goal(parse_goal(text.replace(",", ", "), 7, 5)) == text


@pytest.mark.parametrize("text, column, words", [
    ("", 1, "empty goal"),
    ("mountain@z9", 10, "'z9' is not a cell"),
    ("mountain@h1", 10, "'h1' is not a cell"),  # 7 columns: a..g
    ("level5@c2", 6, "level 5 is outside 1..4"),
    ("mountains>=36", 12, "cannot be reached on a 7 x 5 map (at most 35)"),
    ("land>=176", 7, "at most 175"),
    ("mountain@d3,,land>=2", 13, "empty clause"),
    ("hill@d3", 1, "not a goal clause"),
    ("mountain>=2", 9, "mountain@CELL"),
    ("land>2", 5, "land>=N"),
])
def test_bad_goals_name_the_column(text, column, words):
    """A bad goal raises NotationError naming the field 'goal' and the column of the fault."""
    error = notation_error("goal", column, parse_goal, text, 7, 5)
    assert words in str(error)


def test_goal_met_on_reference_states():
    """Each clause read off a hand-made map: c1 mountain, a1 level 4, b1 level 2 (land 11)."""
    state = oros.new_map(3, 3, (4, 2, 5, 0, 0, 0, 0, 0, 0))
    met = lambda text: goal_met(parse_goal(text, 3, 3), state)  # noqa: E731
    assert met("mountain@c1") and not met("mountain@a1")
    assert met("level4@a1") and met("level2@b1") and not met("level4@b1")
    assert met("mountains>=1") and not met("mountains>=2")
    assert met("land>=11") and not met("land>=12")
    assert met("mountain@c1,land>=11") and not met("mountain@c1,land>=12")


def test_goal_array_holds_header_clauses_and_bound_steps():
    """Header: 2 clauses, 35 cells, level 4 forms mountains, no mountain drifts; then
    mountain@d3 (cell 17) and land>=20 with a step of 4 lava + 2 hotspots = 6."""
    state = oros.new_map(7, 5, hotspots=(0, 1))
    words = encode_goal(parse_goal("mountain@d3,land>=20", 7, 5), state)
    assert words.tolist() == [2, 35, 4, 0, MOUNTAIN_AT, 17, 0, LAND_AT_LEAST, 20, 6]
    abler = oros.new_map(7, 5, abilities=oros.Abilities(mountains=True, mountain3=True))
    assert encode_goal(parse_goal("mountains>=3", 7, 5), abler).tolist() == [1, 35, 3, 1, MOUNTAINS_AT_LEAST, 3, 3]


# Solver against breadth-first search -----------------------------------------------------------


@pytest.mark.parametrize("puzzle", [p for p in PUZZLES if p.optimal <= 3], ids=lambda p: p.name)
def test_small_puzzles_match_breadth_first_search(puzzle):
    """The solver's plan length equals BFS's over the reference rules, and its plan is legal and
    reaches the goal; BFS also finds nothing one action shorter."""
    state = state_of(puzzle.position)
    goal = parse_goal(puzzle.goal, state.width, state.height)
    result = solve(OROS, state, goal, puzzle.budget)
    assert result.outcome == FOUND
    assert len(result.plan) == bfs_length(state, goal, puzzle.optimal) == puzzle.optimal
    assert replay_reaches_goal(state, goal, result.plan)
    assert result.ruled_out == puzzle.optimal - 1


def test_first_peak_plan_is_the_group_sliding_south():
    """The only one-action plan: b2 c2 d2 slide south and d2 (4) lands on d3 (4): a mountain."""
    state = state_of(FIRST_PEAK)
    result = solve(OROS, state, parse_goal("mountain@d3", 5, 5), 3)
    assert [format_move(state, m) for m in result.plan] == ["b2c2d2>S"]
    assert result.nodes >= 1


def test_goal_already_met_needs_no_action():
    """A met goal gives the empty plan without searching."""
    state = state_of(FIRST_PEAK)
    result = solve(OROS, state, parse_goal("level4@b2,land>=16", 5, 5), 3)
    assert (result.outcome, result.plan, result.nodes) == (FOUND, (), 0)


def test_proves_no_plan_for_a_lone_tile():
    """A lone level-1 tile makes no mountain within 3 actions; BFS agrees."""
    state = state_of(LONE)
    goal = parse_goal("mountains>=1", 4, 4)
    result = solve(OROS, state, goal, 3)
    assert (result.outcome, result.plan, result.ruled_out) == (NO_PLAN, (), 3)
    assert bfs_length(state, goal, 3) is None


def test_proves_no_plan_below_the_optimal_length():
    """clay-peak needs 3 actions (BFS-checked above): with a budget of 2 there is no plan."""
    puzzle = find("clay-peak")
    state = state_of(puzzle.position)
    goal = parse_goal(puzzle.goal, 5, 5)
    result = solve(OROS, state, goal, 2)
    assert (result.outcome, result.ruled_out) == (NO_PLAN, 2)
    assert bfs_length(state, goal, 2) is None


def test_budget_below_the_bound_is_proven_without_search():
    """mountains>=4 with no level-4 tile: at least 1 + ceil(4 / 3) = 3 actions, so budget 2
    is refused by the bound alone."""
    state = state_of(LONE)
    result = solve(OROS, state, parse_goal("mountains>=4", 4, 4), 2)
    assert (result.outcome, result.nodes) == (NO_PLAN, 0)


def test_budget_zero_and_too_large():
    """Budget 0 asks whether the goal is already met; a budget past MAX_BUDGET is refused."""
    state = state_of(FIRST_PEAK)
    assert solve(OROS, state, parse_goal("mountain@d3", 5, 5), 0).outcome == NO_PLAN
    with pytest.raises(CalderaError, match="0..40"):
        solve(OROS, state, parse_goal("mountain@d3", 5, 5), 41)
    with pytest.raises(CalderaError, match="7 x 5 map"):
        solve(OROS, state, parse_goal("mountain@d3", 7, 5), 2)


# Every built-in puzzle ------------------------------------------------------------------------


def test_puzzles_are_well_formed_in_rising_sets():
    """At least 12 puzzles, canonical positions, goals that parse, budgets that allow the optimal
    plan, sets in order easy -> hard with non-decreasing optimal lengths between sets."""
    from solver.games.oros.oros_notation import format_position

    assert len(PUZZLES) >= 12
    assert len({p.name for p in PUZZLES}) == len(PUZZLES)
    assert [p.set for p in PUZZLES] == sorted((p.set for p in PUZZLES), key=SETS.index)
    for p in PUZZLES:
        state = state_of(p.position)
        assert format_position(state) == p.position
        parse_goal(p.goal, state.width, state.height)
        assert 1 <= p.optimal <= p.budget
    for low, high in zip(SETS, SETS[1:]):
        assert max(p.optimal for p in PUZZLES if p.set == low) <= min(p.optimal for p in PUZZLES if p.set == high)


@pytest.mark.parametrize("puzzle", [p for p in PUZZLES if p.optimal > 3], ids=lambda p: p.name)
def test_larger_puzzles_solve_to_their_optimal_length(puzzle):
    """The solver finds a plan of exactly the recorded length, legal under the reference rules."""
    state = state_of(puzzle.position)
    goal = parse_goal(puzzle.goal, state.width, state.height)
    result = solve(OROS, state, goal, puzzle.budget)
    assert (result.outcome, len(result.plan)) == (FOUND, puzzle.optimal)
    assert replay_reaches_goal(state, goal, result.plan)


def test_puzzle_mechanics_appear_in_their_plans():
    """over-the-edge collides across the bottom edge; walled-lagoon feeds the mountain then erupts
    from it; fill-first erupts; new-volcano creates then erupts (O-1, O-2, O-5)."""
    def plan_of(name):
        p = find(name)
        state = state_of(p.position)
        return state, solve(OROS, state, parse_goal(p.goal, state.width, state.height), p.budget).plan

    state, plan = plan_of("over-the-edge")
    assert [format_move(state, m) for m in plan] == ["b4c4d4>S"]  # c4 -> c1 across the edge
    state, plan = plan_of("walled-lagoon")
    assert [oros.move_kind(m) for m in plan][-1] == oros.ERUPT
    _, plan = plan_of("new-volcano")
    assert [oros.move_kind(m) for m in plan] == [oros.CREATE, oros.ERUPT]


# The bound ------------------------------------------------------------------------------------


def random_goal(rng, state):
    """A random one- or two-clause goal near what `state` holds, so that it is often close."""
    mountains = state.levels.count(oros.MOUNTAIN)
    clauses = []
    for _ in range(rng.randint(1, 2)):
        kind = rng.randrange(4)
        cell = oros.cell_name(rng.randrange(state.cells), state.width)
        clauses.append([f"mountain@{cell}", f"mountains>={min(state.cells, mountains + rng.randint(0, 4))}",
                        f"level{rng.randint(1, 4)}@{cell}",
                        f"land>={max(0, sum(state.levels) + rng.randint(-2, 12))}"][kind])
    return parse_goal(",".join(clauses), state.width, state.height)


def test_bound_is_zero_exactly_when_the_goal_is_met_and_never_overestimates():
    """On random small maps: goal_bound is 0 iff the reference says the goal is met, and no
    position fewer than `bound` actions away (up to two actions, enumerated) meets the goal."""
    k = oros_kernel.kernel()
    rng = random.Random(6)
    checked_deep = 0
    for _ in range(60):
        state = oros.random_state(rng, rng.randint(3, 4), 3)
        goal = random_goal(rng, state)
        words, goal_words = oros_kernel.to_kernel(state), encode_goal(goal, state)
        bound = int(call(kernel.bound, "oros.oros_kernel", words, goal_words))
        assert (bound == 0) == goal_met(goal, state)
        frontier = [words]
        for _ in range(min(bound - 1, 2)):  # every position < bound actions away misses the goal
            following = []
            for position in frontier:
                out = np.empty(k.MAX_MOVES, dtype=np.int64)
                for move in out[: k.legal_moves(position, out)]:
                    child = oros_kernel.successor(position, int(move))
                    assert call(kernel.bound, "oros.oros_kernel", child, goal_words) > 0
                    following.append(child)
            frontier = following[:100]
            checked_deep += 1
    assert checked_deep >= 10  # the bound was above 1 often enough to be tested


# Limits ---------------------------------------------------------------------------------------


def clay_twins():
    """The hardest built-in puzzle (millions of nodes): state and goal."""
    p = find("clay-twins")
    state = state_of(p.position)
    return state, parse_goal(p.goal, 5, 5), p.budget


def test_node_limit_gives_unknown():
    """A node limit far below the need stops the search: unknown, stopped by nodes, nothing
    claimed beyond what finished (ruled_out < optimal)."""
    state, goal, budget = clay_twins()
    result = solve(OROS, state, goal, budget, nodes=5000)
    assert (result.outcome, result.stopped, result.plan) == (UNKNOWN, "nodes", ())
    assert 5000 <= result.nodes <= 5000 + kernel.CHECK_EVERY + 1
    assert 1 <= result.ruled_out < 6


def test_time_limit_and_interrupt_give_unknown():
    """A tiny time limit, or a stop flag already raised (as Ctrl-C does), also end in unknown."""
    state, goal, budget = clay_twins()
    assert solve(OROS, state, goal, budget, seconds=0.01).stopped == "time"
    stop = new_stop()
    stop[0] = INTERRUPTED
    result = solve(OROS, state, goal, budget, stop=stop)
    assert (result.outcome, result.stopped) == (UNKNOWN, "interrupted")


# Puzzle names as positions --------------------------------------------------------------------


def test_puzzle_goal_and_budget():
    """A puzzle name brings its goal and budget, less the actions already played; --goal and
    --budget override; other positions need a goal."""
    p = find("twin-peaks")
    state = state_of(p.position)
    goal, budget = puzzle_goal_and_budget(state, "twin-peaks", None, None, played=1)
    assert (format_goal(goal), budget) == ("mountains>=2", 4)
    goal, budget = puzzle_goal_and_budget(state, "twin-peaks", "mountain@a1", 9)
    assert (format_goal(goal), budget) == ("mountain@a1", 9)
    with pytest.raises(CalderaError, match="give a goal"):
        puzzle_goal_and_budget(state, p.position, None, None)
    with pytest.raises(CalderaError, match="use up puzzle twin-peaks's budget of 5"):
        puzzle_goal_and_budget(state, "twin-peaks", None, None, played=6)


# Numba cache ----------------------------------------------------------------------------------

CACHE_SCRIPT = """
from solver.engines.planner import planner_core as plan
from solver.engines.planner.planner_search import solve
from solver.games.oros.oros_goals import parse_goal
from solver.games.oros.oros_notation import parse_position
from solver.games.registry import game

state = parse_position("5x5 ...../.444./...4./...../.....")
print(solve(game("oros"), state, parse_goal("mountains>=2", 5, 5), 4).plan)
# A call from Python first tries the kernel's name as a plain string (a miss by design) and is
# then retried with the name as a literal: only that one must come from the cache.
print(sum(1 for f in (plan.search, plan.bound) for signature in f.stats.cache_misses if signature[0].is_precise()
          and str(signature[0]).startswith("Literal")))
"""


def test_a_new_process_loads_the_solver_from_the_cache():
    """After this process compiled the solver, a new process loads it: no cache misses."""
    solve(OROS, state_of(FIRST_PEAK), parse_goal("mountains>=2", 5, 5), 4)
    run = subprocess.run([sys.executable, "-c", CACHE_SCRIPT], cwd=ROOT, capture_output=True, text=True,
                         env=dict(os.environ))
    assert run.returncode == 0, run.stderr[-2000:]
    plan_line, misses = run.stdout.split("\n")[:2]
    assert len(plan_line.strip("()").split(",")) == 4
    assert misses == "0"
