"""The expectimax engine's record: search through the dice for two sides (the search:
solver/engines/expectimax/expectimax_search.py)."""

from __future__ import annotations

from solver.engines.engine_record import EngineRecord, Setting

LIMITS = ("depth", "nodes", "time")  # without any of them, DEFAULT_TIME_S


def run(settings, kernel, root, stop=None, on_progress=None, plies_to_end=None):
    """Expectimax on `root` with the checked `settings`."""
    from solver.engines.expectimax.expectimax_search import expectimax_analysis

    s = settings
    return expectimax_analysis(
        kernel, root, depth=s.get("depth"), nodes=s.get("nodes"), seconds=ENGINE.seconds(s, LIMITS),
        hash_mb=ENGINE.value(s, "hash"), multipv=ENGINE.value(s, "multipv"), stop=stop, on_progress=on_progress,
    )


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
    run=run,
    players=2,
    searches_chance_roots=True,
)
