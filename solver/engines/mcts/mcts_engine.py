"""The MCTS engine's record: UCT, or PUCT with the game's move scores as priors, with chance nodes,
a value per seat and determinization for hidden information (the search:
solver/engines/mcts/mcts_search.py)."""

from __future__ import annotations

from solver.engines.engine_record import MULTIPV, PARTS, TIME, EngineRecord, Setting
from solver.errors import CalderaError
from solver.games.game_record import lazy

LIMITS = ("sims", "time")  # without either, DEFAULT_TIME_S
PLAYOUTS = ("policy", "heuristic")


def check_playout(name: str) -> None:
    """Refuse a playout policy MCTS does not know."""
    if name not in PLAYOUTS:
        raise CalderaError(f"playout={name} is not one of {', '.join(PLAYOUTS)}")


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
        "prior": Setting(bool, None, "PUCT with the game's move scores (its scripted player's judgement) as "
                         "priors, 0: UCT (default: on where the game has a scripted player)"),
        "cpuct": Setting.number("cpuct", 0.5, "PUCT exploration constant (with prior=1)"),
        "playout": Setting(str, None, "playout policy: policy (the game's light policy) or heuristic (its scripted "
                           "player; default where the game has one)", check=check_playout),
        "cut": Setting.number("cut", None, "stop each playout after this many plies and back up the position's "
                              "values so far (0: play to the end; default: the game's, 4 on penguins tile boards, else 0)"),
        "multipv": MULTIPV,
        "parts": PARTS,
    },
    run=lazy("solver.engines.mcts.mcts_search", "run"),
    warm_up=lazy("solver.engines.mcts.mcts_search", "warm_up"),
    check_position=lazy("solver.engines.mcts.mcts_search", "search_settings"),
)
