"""The policy baseline's record: the move the kernel's light playout policy (`playout_move`, what
MCTS plays out with) picks; a baseline that knows the game a little, between random and a search."""

from __future__ import annotations

from solver.analysis import Analysis, Line, Score
from solver.engines.engine_record import EngineRecord, Setting


def run(settings, kernel, root, stop=None, on_progress=None, plies_to_end=None):
    """The playout policy's move at `root`."""
    import numpy as np

    from kernels.rng import new_rng
    from solver.games.kernel_calls import legal_move_list

    moves = legal_move_list(kernel, root)
    if not moves:
        return Analysis("policy", [], 0, 0, 0.0, "no-moves")
    candidates = np.array(moves, dtype=np.int64)
    seed = ENGINE.value(settings, "seed")
    move = int(kernel.module.playout_move(root, candidates, len(moves), new_rng(seed)))
    return Analysis("policy", [Line(move, Score("value", 0.5), (move,))], 0, 1, 0.0, "depth")


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
