"""The built-in Oros shaping puzzles (O-7): a position, a goal, an action budget, in sets of rising
difficulty. Each puzzle's optimal length is checked by tests/oros/test_oros_plan.py against the solver
and, for the small ones, a plain breadth-first search over the reference rules.

docs/oros_puzzles.md walks through them. Imports no numba.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from solver.errors import CalderaError
from solver.games.oros.oros_goals import Goal, parse_goal

SETS = ("easy", "medium", "hard")
DEFAULT_BUDGET = 5  # when a position comes with --goal but no --budget


@dataclass(frozen=True)
class Puzzle:
    """A shaping puzzle: reach `goal` from `position` in at most `budget` actions; `optimal` is
    the length of a shortest plan; `idea` says which mechanic it is about."""

    name: str
    set: str
    position: str = field(metadata={"table": False})  # `caldera positions oros` lists it
    goal: str
    budget: int
    optimal: int
    idea: str


PUZZLES = (
    # easy: one or two actions, one mechanic each
    Puzzle("first-peak", "easy", "5x5 ...../.444./...4./...../.....", "mountain@d3", 2, 1,
           "a group of three slides south: two level-4 tiles collide into a mountain (O-2)"),
    Puzzle("over-the-edge", "easy", "5x4 ..4../...../...../.444.", "mountain@c1", 2, 1,
           "the bottom row moves south and wraps onto row 1 (O-1)"),
    Puzzle("fill-first", "easy", "5x3 ...../..2v4../.....", "level4@c2,level2@d2", 2, 1,
           "lava first fills the volcano's own tile, the rest raises the sea (O-5)"),
    Puzzle("diagonal-step", "easy", "5x5 ...../.4.../..4../...../..... tectonic=3", "mountain@c3", 2, 1,
           "with tectonic ability 3 a single tile moves diagonally (O-4)"),
    Puzzle("new-volcano", "easy", "5x5 ...../...../..4../...../.....", "level3@d3", 3, 2,
           "create a volcano (+3), then erupt it into the sea (O-5)"),
    Puzzle("moving-mountain", "easy", "6x6 ....../.M..../....../...M../....../...... mountains=1",
           "mountain@d2", 3, 2, "with the mountain ability, drifts carry mountains (O-3)"),
    # medium: three actions, mechanics combined
    Puzzle("drift-then-collide", "medium", "6x5 ....../.444../.....4/....../......", "mountain@d3", 4, 3,
           "drift a lone tile round the edge into line, then collide (O-3, O-1, O-2)"),
    Puzzle("walled-lagoon", "medium", "6x6 ....../...M../..M.M./...M../..4.../..44..", "level4@d3", 4, 3,
           "only lava reaches the walled sea: feed a mountain a level-4 tile, erupt its volcano (O-2, O-5)"),
    Puzzle("hotspot-harvest", "medium", "5x5 ...../.1*1*1*./...../...../.....", "land>=12", 4, 3,
           "tiles leaving hotspots are replaced after every action (O-6)"),
    Puzzle("clay-peak", "medium", "5x5 ...../.222./.222./...../.....", "mountain@c3", 4, 3,
           "merge level-2 tiles into level 4, then into a mountain (O-2)"),
    Puzzle("double-strike", "medium", "6x6 ....../.44.../.44.../....../....../......", "mountains>=2", 4, 3,
           "raise a third tile with lava, then one move makes two mountains (O-5, O-2)"),
    Puzzle("free-flow", "medium", "5x5 ...../.2v3.../...../...../..... fill=0", "land>=8", 4, 3,
           "without the fill rule all lava flows, across the edge too (O-5, O-1)"),
    # hard: four actions or more
    Puzzle("twin-peaks", "hard", "5x5 ...../.444./...4./...../.....", "mountains>=2", 5, 4,
           "the first mountain is easy; the second needs a volcano and lava first"),
    Puzzle("triple-crown", "hard", "5x5 ...../.444./.4.4./...../.....", "mountains>=3", 6, 5,
           "three mountains in one tectonic move, once the gap is filled and its volcano spent (O-2)"),
    Puzzle("soft-rock", "hard", "5x5 ...../.333./..3../...../..... mountain3=1", "mountains>=2", 5, 4,
           "level-3 tiles count as level 4 for mountains (O-2 mountain3)"),
    Puzzle("far-shore", "hard", "6x4 ....../.3v1..4./....../......", "land>=14", 5, 4,
           "volcano after volcano, lava running west round the edge (O-5, O-1)"),
    Puzzle("island-peak", "hard", "5x5 ...../.111./.111./.111./.....", "mountain@c3", 6, 5,
           "a mountain from level-1 islands: merge, merge, fill, collide"),
    Puzzle("clay-twins", "hard", "5x5 ...../.222./.222./...../.....", "mountains>=2", 6, 6,
           "two mountains from six level-2 tiles: every action counts"),
)
PUZZLE_BY_NAME = {puzzle.name: puzzle for puzzle in PUZZLES}


def builtin_positions() -> dict[str, str]:
    """The built-in positions and every puzzle's position, by name."""
    from solver.games.oros.oros_notation import BUILTIN_POSITIONS

    return {**BUILTIN_POSITIONS, **{puzzle.name: puzzle.position for puzzle in PUZZLES}}


def puzzles() -> list[Puzzle]:
    """The built-in puzzles, easy to hard."""
    return list(PUZZLES)


def warmup_goal():
    """A tiny puzzle for `caldera warmup`: one level-4 tile on a 3x3 map and a goal one drift away
    (the planner's bound lets a pass run, so the search itself is loaded too)."""
    from solver.games.oros import oros_rules

    state = oros_rules.new_map(3, 3, (4,) + (oros_rules.SEA,) * 8)
    return state, parse_goal("level4@b1", 3, 3), 1


def warmup_positions() -> list:
    """The tiny puzzle's position (the kernel `caldera warmup` loads)."""
    return [warmup_goal()[0]]


def find(name: str) -> Puzzle | None:
    """The built-in puzzle called `name`, or None."""
    return PUZZLE_BY_NAME.get(name.strip())


def puzzle_goal_and_budget(state, position: str | None, goal_text: str | None, budget: int | None,
                           played: int = 0) -> tuple[Goal, int]:
    """The goal and the budget left for `state`, reached from POSITION text `position` after
    `played` actions: a puzzle name brings its own goal and budget (less the actions played)
    unless --goal / --budget are given; any other position needs --goal."""
    puzzle = find(position) if position else None
    if goal_text is None:
        if puzzle is None:
            names = ", ".join(p.name for p in PUZZLES[:3])
            raise CalderaError(f"give a goal, e.g. --goal mountain@d3, or name a puzzle ({names}, ...: "
                               "caldera puzzles oros)")
        goal_text = puzzle.goal
    if budget is None:
        budget = puzzle.budget - played if puzzle is not None else DEFAULT_BUDGET
        if budget < 0:
            raise CalderaError(f"the {played} actions of --after use up puzzle {puzzle.name}'s budget of "
                               f"{puzzle.budget}")
    return parse_goal(goal_text, state.width, state.height), budget
