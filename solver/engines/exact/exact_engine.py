"""The exact solver's record: every position of the game enumerated and solved (the search:
solver/engines/exact/exact_search.py)."""

from __future__ import annotations

from solver.engines.engine_record import EngineRecord, Setting

DEFAULT_MEMORY_MB = 2048


def run(settings, kernel, root, stop=None, on_progress=None, plies_to_end=None):
    """The exact solver on `root` with the checked `settings`."""
    from solver.engines.exact.exact_search import exact_analysis

    return exact_analysis(kernel, root, memory_mb=ENGINE.value(settings, "memory"),
                          multipv=ENGINE.value(settings, "multipv"), stop=stop)


ENGINE = EngineRecord(
    name="exact",
    plays="games whose kernel enumerates its positions (solve keys), with or without chance, any seats",
    settings={
        "memory": Setting.number("memory", DEFAULT_MEMORY_MB, "graph memory cap in MB"),
        "multipv": Setting.number("multipv", 1, "number of best moves to report"),
    },
    run=run,
    searches_chance_roots=True,
)
