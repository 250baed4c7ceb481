"""The planner's record: the shortest plan to a puzzle's goal (the search:
solver/engines/planner/planner_search.py; solver/api.py `plan` runs it)."""

from __future__ import annotations

from solver.engines.engine_record import EngineRecord, Setting
from solver.games.game_record import lazy

DEFAULT_HASH_MB = 64

ENGINE = EngineRecord(
    name="planner",
    plays="positions with a goal (puzzles)",
    settings={
        "nodes": Setting.number("nodes", None, "stop after about this many nodes"),
        "time": Setting.number("time", 30.0, "seconds to think"),
        "hash": Setting.number("hash", DEFAULT_HASH_MB, "transposition table size in MB"),
    },
    run=None,
    warm_up=lazy("solver.engines.planner.planner_search", "warm_up"),
    goals=True,
    scores=False,
)
