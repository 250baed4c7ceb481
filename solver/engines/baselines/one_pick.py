"""What the policy and heuristic baselines share: one move picked among the legal moves by a kernel
function with playout_move's signature, seeded, reported as an Analysis without a score."""

from __future__ import annotations

from solver.analysis import Analysis, Line, Score


def pick_once(name: str, choose, kernel, root, seed: int) -> Analysis:
    """The move `choose(root, moves, n, rng)` picks at `root`, as engine `name`'s Analysis."""
    import time

    import numpy as np

    from kernels.rng import new_rng
    from solver.games.kernel_calls import legal_move_list

    started = time.perf_counter()
    moves = legal_move_list(kernel, root)
    if not moves:
        return Analysis(name, [], 0, 0, 0.0, "no-moves")
    move = int(choose(root, np.array(moves, dtype=np.int64), len(moves), new_rng(seed)))
    return Analysis(name, [Line(move, Score.unscored(), (move,))], 0, 1, time.perf_counter() - started, "depth")
