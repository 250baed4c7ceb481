"""Goals of Oros shaping puzzles (O-7): what the map must look like at the end of a plan.

A goal is a comma-separated conjunction of clauses (docs/oros_puzzles.md):

    mountain@d3     a mountain on cell d3
    mountains>=N    at least N mountains on the map
    level4@c2       a land tile of exactly level 4 (1..4) on c2
    land>=N         the sum of all levels at least N (a mountain counts 5, sea 0)

Cells are named like the rest of oros notation: column letter a.. then row number 1.. (row 1 at
the top), so on a 7 x 5 map "d3" is column 3, row 2, cell index 2 * 7 + 3 = 17.

This module imports no numba: the kernel's goal bound (kernels/oros/oros_kernel.py) reads goals
as the small int64 array of `encode_goal`, laid out as kernels/oros/oros_goal_layout.py says.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from kernels.oros.oros_goal_layout import (
    CLAUSE_WORDS,
    GOAL_HEADER,
    LAND_AT_LEAST,
    LAVA_PER_ACTION,
    LEVEL_AT,
    MOUNTAIN_AT,
    MOUNTAINS_AT_LEAST,
    NEW_MOUNTAINS_PER_ACTION,
)
from solver.errors import NotationError, shown
from solver.games.notation_tools import whole_number
from solver.games.oros.oros_notation import parse_cell
from solver.games.oros.oros_rules import MOUNTAIN, cell_name

NO_CELL = -1

_CLAUSE = re.compile(r"(?P<word>mountains|mountain|level|land)(?P<rest>.*)", re.S)


@dataclass(frozen=True)
class Clause:
    """One condition of a goal: kind (MOUNTAIN_AT ...), the cell (or NO_CELL) and the number
    (N of mountains>=N and land>=N, L of levelL@cell, 0 for mountain@cell)."""

    kind: int
    cell: int
    number: int


@dataclass(frozen=True)
class Goal:
    """A conjunction of clauses on a map of width x height."""

    clauses: tuple[Clause, ...]
    width: int
    height: int


def parse_goal(text: str, width: int, height: int) -> Goal:
    """Parse goal text for a width x height map, e.g. "mountain@d3,land>=20".

    >>> parse_goal("mountains>=2", 7, 5).clauses
    (Clause(kind=1, cell=-1, number=2),)
    """
    if not text.strip():
        raise NotationError("goal", 1, "empty goal; write e.g. mountain@d3, mountains>=2, level4@c2 or land>=20")
    clauses, column = [], 1
    for part in text.split(","):
        stripped = part.strip()
        start = column + len(part) - len(part.lstrip())
        if not stripped:
            raise NotationError("goal", start, "empty clause between commas")
        clauses.append(_parse_clause(stripped, start, width, height))
        column += len(part) + 1
    return Goal(tuple(clauses), width, height)


def _parse_clause(text: str, column: int, width: int, height: int) -> Clause:
    """One clause of a goal starting at `column` of the goal text."""
    cells = width * height
    match = _CLAUSE.fullmatch(text)
    if not match:
        raise NotationError("goal", column, f"'{shown(text)}' is not a goal clause; use mountain@CELL, mountains>=N, "
                                            "levelL@CELL or land>=N")
    word, rest = match.group("word"), match.group("rest")
    at = column + len(word)
    if word == "mountain":
        if not rest.startswith("@"):
            raise NotationError("goal", at, f"'{shown(text)}': write mountain@CELL (one mountain) or mountains>=N")
        return Clause(MOUNTAIN_AT, parse_cell(rest[1:], width, height, "goal", at + 1), 0)
    if word == "level":
        level = re.fullmatch(r"([0-9]+)@(.*)", rest, re.S)
        if not level:
            raise NotationError("goal", at, f"'{shown(text)}': write levelL@CELL with L 1..4, e.g. level4@c2")
        if not (len(level.group(1)) == 1 and 1 <= int(level.group(1)) <= 4):
            raise NotationError("goal", at, f"level {shown(level.group(1))} is outside 1..4 (a mountain is mountain@CELL)")
        number = int(level.group(1))
        return Clause(LEVEL_AT, parse_cell(level.group(2), width, height, "goal", at + len(level.group(1)) + 1), number)
    limit = {"mountains": cells, "land": MOUNTAIN * cells}[word]
    count = re.fullmatch(r">=([0-9]+)", rest)
    if not count:
        raise NotationError("goal", at, f"'{shown(text)}': write {word}>=N with a whole number N")
    number = whole_number(count.group(1), "goal", at + 2, 0, 1 << 30)
    if number > limit:
        raise NotationError("goal", at + 2, f"{word}>={number} cannot be reached on a {width} x {height} map "
                                            f"(at most {limit})")
    return Clause(MOUNTAINS_AT_LEAST if word == "mountains" else LAND_AT_LEAST, NO_CELL, number)


# How each clause kind reads, as notation and in words ({cell}, {n} and the plural {s} filled in).
CLAUSE_TEXT = {
    MOUNTAIN_AT: ("mountain@{cell}", "a mountain on {cell}"),
    LEVEL_AT: ("level{n}@{cell}", "a level-{n} tile on {cell}"),
    MOUNTAINS_AT_LEAST: ("mountains>={n}", "at least {n} mountain{s}"),
    LAND_AT_LEAST: ("land>={n}", "a total land level of at least {n}"),
}


def clause_text(clause: Clause, width: int, in_words: bool) -> str:
    """One clause as canonical notation, or in words (e.g. "a mountain on d3")."""
    cell = cell_name(clause.cell, width) if clause.cell != NO_CELL else ""
    template = CLAUSE_TEXT[clause.kind][1 if in_words else 0]
    return template.format(cell=cell, n=clause.number, s="s" if clause.number != 1 else "")


def format_goal(goal: Goal) -> str:
    """The canonical text of a goal: clauses joined by commas, no spaces."""
    return ",".join(clause_text(clause, goal.width, in_words=False) for clause in goal.clauses)


def describe_goal(goal: Goal) -> str:
    """The goal in words, e.g. "a mountain on d3 and at least 2 mountains"."""
    return " and ".join(clause_text(clause, goal.width, in_words=True) for clause in goal.clauses)


def check_fits(goal: Goal, state) -> None:
    """Raise CalderaError-style NotationError when the goal was written for another map size."""
    if (goal.width, goal.height) != (state.width, state.height):
        raise NotationError("goal", 1, f"the goal is for a {goal.width} x {goal.height} map, "
                                       f"the position is {state.width} x {state.height}")


def clause_met(clause: Clause, state) -> bool:
    """True when the reference State satisfies the clause."""
    if clause.kind == MOUNTAIN_AT:
        return state.levels[clause.cell] == MOUNTAIN
    if clause.kind == LEVEL_AT:
        return state.levels[clause.cell] == clause.number
    if clause.kind == MOUNTAINS_AT_LEAST:
        return state.levels.count(MOUNTAIN) >= clause.number
    return sum(state.levels) >= clause.number  # levels: sea 0, tiles 1..4, mountain 5


def goal_met(goal: Goal, state) -> bool:
    """True when the reference State satisfies every clause of the goal."""
    return all(clause_met(clause, state) for clause in goal.clauses)


def goal_for(text: str, state) -> Goal:
    """Parse goal text for the map of `state`."""
    return parse_goal(text, state.width, state.height)


def encode_goal(goal: Goal, state) -> np.ndarray:
    """The goal as the kernel's int64 array (NotationError when it was written for another map):
    a header (clause count, cells, the lowest level that forms a mountain: 4, or 3 with
    mountain3, and 1 when drifts may move mountains), then three
    words per clause: kind, cell or N, and the level for levelL@cell or, for the counting
    clauses, the most one action can add (the admissible bound's step): 3 mountains, or 4 lava
    levels plus one per hotspot of `state` for land."""
    check_fits(goal, state)
    a = state.abilities
    words = [len(goal.clauses), state.width * state.height, 3 if a.mountain3 else 4, int(a.mountains)]
    for clause in goal.clauses:
        if clause.kind == MOUNTAINS_AT_LEAST:
            words += [clause.kind, clause.number, NEW_MOUNTAINS_PER_ACTION]
        elif clause.kind == LAND_AT_LEAST:
            words += [clause.kind, clause.number, LAVA_PER_ACTION + len(state.hotspots)]
        else:
            words += [clause.kind, clause.cell, clause.number]
    return np.array(words, dtype=np.int64)
