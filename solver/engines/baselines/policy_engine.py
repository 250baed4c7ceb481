"""The policy baseline's record: the move the kernel's light playout policy (`playout_move`, what
MCTS plays out with) picks; a baseline that knows the game a little, between random and a search."""

from __future__ import annotations

from solver.engines.baselines.one_pick import pick_once
from solver.engines.engine_record import EngineRecord, Setting


def run(settings, kernel, root, stop=None, on_progress=None, plies_to_end=None):
    """The playout policy's move at `root`."""
    return pick_once("policy", kernel.module.playout_move, kernel, root, ENGINE.value(settings, "seed"))


def warm_up(game, kernel, words) -> None:
    """The policy's move once, which loads the kernel's playout policy."""
    run({}, kernel, words)


ENGINE = EngineRecord(
    name="policy",
    plays="games of two or more seats (the game's light playout policy, one move)",
    settings={"seed": Setting.number("seed", 0, "random seed of the policy's choices")},
    run=run,
    warm_up=warm_up,
    scores=False,
)
