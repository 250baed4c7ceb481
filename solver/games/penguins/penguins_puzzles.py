"""The built-in penguins puzzles: "A to move wins in N" positions with exactly one winning first
move, in sets by board (plain, tiles) and N (1, 3, 5, 7 plies, and 9 on tile boards), read from
data/penguins_puzzles.json.

bench/mine_penguins_puzzles.py mines them from seeded self-play and proves each with the exact
solver (`analyze --solve`); tests/penguins/test_penguins_puzzles.py checks every one again: the
solution wins in N and no other first move does. docs/penguins_puzzles.md walks through them.
Imports no numba.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from solver.errors import NotationError

DATA_FILE = Path(__file__).with_name("data") / "penguins_puzzles.json"
SETS = ("plain", "tiles")  # boards without terrain tiles (icebergs allowed), boards with them
PLIES = (1, 3, 5, 7)  # every set's
DEEP_PLIES = {"tiles": (9,)}  # a set's longer wins, mined apart with a larger proof budget


def set_plies(set_name: str) -> tuple[int, ...]:
    """The Ns of a set's puzzles, rising: PLIES, then its deep ones."""
    return PLIES + DEEP_PLIES.get(set_name, ())


@dataclass(frozen=True)
class Puzzle:
    """A to move in `position` wins within `plies` plies, and only by `solution` (move notation);
    `line` is the proof's principal variation, `source` the self-play game it was mined from."""

    name: str
    set: str
    plies: int
    position: str
    solution: str = field(metadata={"table": False})  # the list must not give the answer away
    line: str = field(metadata={"table": False})
    source: str = field(metadata={"table": False})


@cache
def _by_name() -> dict[str, Puzzle]:
    """Every puzzle of the data file, by name, in the file's order."""
    entries = json.loads(DATA_FILE.read_text(encoding="utf-8"))["puzzles"]
    return {entry["name"]: Puzzle(**entry) for entry in entries}


def puzzles() -> list[Puzzle]:
    """The built-in puzzles, plain boards first, each set by rising N."""
    return list(_by_name().values())


def find(name: str) -> Puzzle | None:
    """The built-in puzzle called `name`, or None."""
    return _by_name().get(name.strip())


def resolve_position(text: str | None):
    """A puzzle name (see `caldera puzzles penguins`), else a built-in position name, notation
    text, or None for the default start."""
    from solver.games.penguins.penguins_notation import parse_position
    from solver.games.penguins.penguins_notation import resolve_position as resolve_notation

    puzzle = find(text) if text is not None else None
    if puzzle is not None:
        return parse_position(puzzle.position)
    try:
        return resolve_notation(text)
    except NotationError as error:
        if len(text.split()) > 1:
            raise
        raise NotationError(error.field, error.column, f"{error.message} nor a puzzle (caldera puzzles penguins)") from None
