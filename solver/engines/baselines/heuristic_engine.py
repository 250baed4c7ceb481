"""The heuristic baseline's record: the game's scripted player, one ply of the game's own
judgement (the full Oros game: kernels/oros/oros_heuristic.py, docs/strength.md "The scripted
player"). The kernel names its scripted player's module (SCRIPTED_PLAYER), whose `judge` scores
every legal ply and `heuristic_move` plays the best, ties broken by the seed."""

from __future__ import annotations

from solver.analysis import Analysis, Line, Score
from solver.engines.engine_record import EngineRecord, Setting


def scripted_player(kernel):
    """The module of `kernel`'s scripted player (the kernel's SCRIPTED_PLAYER names it)."""
    from kernels import Kernel

    return Kernel(kernel.module.SCRIPTED_PLAYER).module


def run(settings, kernel, root, stop=None, on_progress=None, plies_to_end=None):
    """The scripted player's ply at `root`."""
    import time

    import numpy as np

    from kernels.rng import new_rng
    from solver.games.kernel_calls import legal_move_list

    started = time.perf_counter()
    moves = legal_move_list(kernel, root)
    if not moves:
        return Analysis("heuristic", [], 0, 0, 0.0, "no-moves")
    candidates = np.array(moves, dtype=np.int64)
    move = int(scripted_player(kernel).heuristic_move(root, candidates, len(moves), new_rng(ENGINE.value(settings, "seed"))))
    return Analysis("heuristic", [Line(move, Score("value", 0.5), (move,))], 0, 1, time.perf_counter() - started, "depth")


def warm_up(game, kernel, words) -> None:
    """The scripted player's ply once, which loads its judgement."""
    run({}, kernel, words)


ENGINE = EngineRecord(
    name="heuristic",
    plays="games with a scripted player (the full Oros game: one ply of its own judgement)",
    settings={"seed": Setting.number("seed", 0, "random seed of the choice among equally judged plies")},
    run=run,
    warm_up=warm_up,
    scores=False,
)
