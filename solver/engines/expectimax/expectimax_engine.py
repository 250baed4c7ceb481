"""The expectimax engine's record: search through the dice for two sides (the search:
solver/engines/expectimax/expectimax_search.py)."""

from __future__ import annotations

from solver.engines.engine_record import EngineRecord, Setting
from solver.games.game_record import lazy

LIMITS = ("depth", "nodes", "time")  # without any of them, DEFAULT_TIME_S


ENGINE = EngineRecord(
    name="expectimax",
    plays="two-player games, with or without chance",
    settings={
        "depth": Setting.number("depth", None, "plies to search"),
        "nodes": Setting.number("nodes", None, "stop after about this many nodes"),
        "time": Setting.number("time", None, "seconds to think (3 when no other limit is given)"),
        "hash": Setting.number("hash", 64, "transposition table size in MB"),
        "multipv": Setting.number("multipv", 1, "number of best moves to report"),
    },
    run=lazy("solver.engines.expectimax.expectimax_search", "run"),
    warm_up=lazy("solver.engines.expectimax.expectimax_search", "warm_up"),
    players=2,
    searches_chance_roots=True,
)
