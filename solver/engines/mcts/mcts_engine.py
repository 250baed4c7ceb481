"""The MCTS engine's record: UCT with chance nodes, a value per seat and determinization for
hidden information (the search: solver/engines/mcts/mcts_search.py)."""

from __future__ import annotations

from solver.engines.engine_record import MULTIPV, PARTS, TIME, EngineRecord, Setting
from solver.games.game_record import lazy

LIMITS = ("sims", "time")  # without either, DEFAULT_TIME_S


ENGINE = EngineRecord(
    name="mcts",
    plays="games of two or more seats, with or without chance",
    settings={
        "sims": Setting.number("sims", None, "simulations to run"),
        "time": TIME,
        "memory": Setting.number("memory", 256, "tree memory cap in MB"),
        "threads": Setting.number("threads", 1, "CPU threads, one tree each"),
        "seed": Setting.number("seed", 0, "random seed (same seed + sims = same result)"),
        "c": Setting.number("c", 1.4, "UCT exploration constant"),
        "multipv": MULTIPV,
        "parts": PARTS,
    },
    run=lazy("solver.engines.mcts.mcts_search", "run"),
    warm_up=lazy("solver.engines.mcts.mcts_search", "warm_up"),
)
