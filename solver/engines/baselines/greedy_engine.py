"""The greedy baseline's record: one ply of alpha-beta, the move whose resulting position
evaluates best."""

from __future__ import annotations

from solver.engines.alphabeta.alphabeta_engine import ENGINE as ALPHABETA
from solver.engines.engine_record import EngineRecord


def run(settings, kernel, root, stop=None, on_progress=None, plies_to_end=None):
    """One ply of alpha-beta on `root`."""
    return ALPHABETA.run({"depth": 1}, kernel, root, stop, on_progress, plies_to_end)


ENGINE = EngineRecord(
    name="greedy",
    plays="two-player games without chance (one ply of alpha-beta)",
    settings={},
    run=run,
    warm_up=ALPHABETA.warm_up,
    players=2,
    chance=False,
    orders_wide_roots=True,
    scores=False,
)
