"""What an engine is, as the rest of the code sees it: one record per engine, declared as data in
its own module (solver/engines/<engine>/<engine>_engine.py) and listed once in
solver/engines/registry.py. The record says which games the engine plays, its settings (types,
defaults, ranges and help) and the function that runs it; commands ask the record and never
branch on an engine's name. Importing a record imports no numba: `run` imports the search."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from solver.limits import RANGES, Range

if TYPE_CHECKING:  # the annotations only: a record must not import numpy or numba
    import numpy as np

    from kernels import Kernel
    from solver.analysis import Analysis

DEFAULT_TIME_S = 3.0  # when a search is given no depth, node, simulation or time limit


@dataclass(frozen=True)
class Setting:
    """One setting of an engine: its type, its default (None: none, or another limit decides), a
    line of help, its range (numbers: solver/limits.py RANGES) and a check of its text (or None)."""

    kind: type
    default: object
    help: str
    range: Range | None = None
    check: Callable[[str], object] | None = None

    @staticmethod
    def number(name: str, default, help: str) -> Setting:
        """A numeric setting whose type and range are those of RANGES[name]."""
        return Setting(RANGES[name].kind, default, help, RANGES[name])


# Settings several engines share, declared once so that their help and ranges agree.
TIME = Setting.number("time", None, "seconds to think (3 when no other limit is given)")
MULTIPV = Setting.number("multipv", 1, "number of best moves to report")
PARTS = Setting(bool, True, "choose each move part by part where the game's kernel splits moves into parts (0: whole moves)")
# The limits of a depth-first search (alpha-beta, expectimax): without any of them, DEFAULT_TIME_S.
DEPTH_FIRST_LIMITS = {
    "depth": Setting.number("depth", None, "plies to search"),
    "nodes": Setting.number("nodes", None, "stop after about this many nodes"),
    "time": TIME,
    "hash": Setting.number("hash", 64, "transposition table size in MB"),
}


@dataclass(frozen=True)
class EngineRecord:
    """An engine: its name, what it plays, its settings and how it runs.

    `run(settings, kernel, root, stop, on_progress, plies_to_end)` searches the kernel position
    `root` with the checked settings and returns an Analysis; an engine that plans towards a goal
    instead (`goals`) has none: solver/api.py `plan` runs it. `warm_up(game, kernel, words)` runs it
    once, as little as can be, so that its numba code is compiled or loaded (solver/commands/warmup.py);
    None where the kernel's own move generator is all it runs. `check_position(settings, kernel)`
    refuses (CalderaError) settings the kernel of the position cannot run, before any search starts."""

    name: str
    plays: str  # the games it plays, in words, for the refusal
    settings: dict[str, Setting]
    run: Callable[..., Analysis] | None
    warm_up: Callable[..., None] | None
    players: int | None = None  # exactly this many seats, or any
    chance: bool = True  # plays games with chance moves
    goals: bool = False  # plans towards a goal (a puzzle) instead of playing against other sides
    searches_chance_roots: bool = False  # searches a root where the dice move (else `analyze` lists the outcomes)
    orders_wide_roots: bool = False  # orders a root wider than the kernel's buffers itself (solver/engines/alphabeta/wide_root.py)
    scores: bool = True  # its lines carry a score (a review compares them)
    solves: bool = False  # its scores are exact results of best play to the end, never estimates
    check_position: Callable[[dict, object], object] | None = None

    def value(self, settings: dict, name: str):
        """The setting `name` as given, else its default."""
        return settings.get(name, self.settings[name].default)

    def seconds(self, settings: dict, limits: tuple[str, ...]) -> float | None:
        """The time limit: the `time` setting, else DEFAULT_TIME_S when none of `limits` is given."""
        return settings.get("time", None if any(k in settings for k in limits) else DEFAULT_TIME_S)

