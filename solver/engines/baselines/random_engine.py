"""The random baseline's record: a uniformly random legal move (the weakest baseline)."""

from __future__ import annotations

import random

from solver.analysis import Analysis, Line, Score
from solver.engines.engine_record import EngineRecord, Setting


def run(settings, kernel, root, stop=None, on_progress=None, plies_to_end=None):
    """A random legal move at `root`."""
    from solver.games.kernel_calls import legal_move_list

    moves = legal_move_list(kernel, root)
    if not moves:
        return Analysis("random", [], 0, 0, 0.0, "no-moves")
    move = moves[random.Random(ENGINE.value(settings, "seed")).randrange(len(moves))]
    return Analysis("random", [Line(move, Score.unscored(), (move,))], 0, 1, 0.0, "depth")


ENGINE = EngineRecord(
    name="random",
    plays="games of two or more seats",
    settings={"seed": Setting.number("seed", 0, "random seed of the choice")},
    run=run,
    warm_up=None,  # nothing beyond the kernel's move generator (perft loads it)
    scores=False,
)
