"""The exact solver's record: every position of the game enumerated and solved (the search:
solver/engines/exact/exact_search.py)."""

from __future__ import annotations

from solver.engines.engine_record import MULTIPV, EngineRecord, Setting
from solver.games.game_record import lazy

DEFAULT_MEMORY_MB = 2048


ENGINE = EngineRecord(
    name="exact",
    plays="games whose kernel enumerates its positions (solve keys), with or without chance, any seats",
    settings={
        "memory": Setting.number("memory", DEFAULT_MEMORY_MB, "graph memory cap in MB"),
        "multipv": MULTIPV,
    },
    run=lazy("solver.engines.exact.exact_search", "run"),
    warm_up=lazy("solver.engines.exact.exact_search", "warm_up"),
    searches_chance_roots=True,
    solves=True,
)
