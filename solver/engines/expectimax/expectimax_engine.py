"""The expectimax engine's record: search through the dice for two sides (the search:
solver/engines/expectimax/expectimax_search.py)."""

from __future__ import annotations

from solver.engines.engine_record import DEPTH_FIRST_LIMITS, MULTIPV, EngineRecord
from solver.games.game_record import lazy

LIMITS = ("depth", "nodes", "time")  # without any of them, DEFAULT_TIME_S


ENGINE = EngineRecord(
    name="expectimax",
    plays="two-player games, with or without chance",
    settings={
        **DEPTH_FIRST_LIMITS,
        "multipv": MULTIPV,
    },
    run=lazy("solver.engines.expectimax.expectimax_search", "run"),
    warm_up=lazy("solver.engines.expectimax.expectimax_search", "warm_up"),
    players=2,
    searches_chance_roots=True,
)
