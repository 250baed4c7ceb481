"""The heuristic baseline's record: the game's scripted player, one ply of the game's own
judgement (the full Oros game: kernels/oros/oros_heuristic.py, docs/strength.md "The scripted
player"). The kernel names its scripted player's module (SCRIPTED_PLAYER), whose `judge` scores
every legal ply and `heuristic_move` plays the best, ties broken by the seed."""

from __future__ import annotations

from solver.engines.baselines.one_pick import pick_once
from solver.engines.engine_record import EngineRecord, Setting


def scripted_player(kernel):
    """The module of `kernel`'s scripted player (the kernel's SCRIPTED_PLAYER names it)."""
    from kernels import Kernel

    return Kernel(kernel.module.SCRIPTED_PLAYER).module


def run(settings, kernel, root, stop=None, on_progress=None, plies_to_end=None):
    """The scripted player's ply at `root`."""
    return pick_once("heuristic", scripted_player(kernel).heuristic_move, kernel, root, ENGINE.value(settings, "seed"))


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
