"""The penguins scripted player: one ply of the evaluation, as numba functions the searches call
(the tile kernel's SCRIPTED_PLAYER, kernels/dispatch.py). `judge` scores each legal move by the
position it leads to (the greedy engine's judgement: MCTS's priors on a tile board) and
`heuristic_move` plays the best.
"""

import numpy as np
from numba import njit

from kernels.penguins.penguins_kernel import EVAL_WEIGHTS, apply, evaluate, is_over, terminal_values, to_move
from kernels.rng import best_scored

WON = np.int64(1) << np.int64(40)  # a move that wins at once, above any evaluation


@njit(cache=True)
def judge(state, moves, n, scores):
    """Write into scores[:n] how good each of the n legal `moves` is for the side to move: the
    evaluation of the position after it from that side's view, WON (or -WON, 0) where it ends the game."""
    mover = to_move(state)
    child = np.empty_like(state)
    values = np.empty(2, dtype=np.float64)
    for i in range(n):
        apply(state, moves[i], child)
        if is_over(child):
            terminal_values(child, values)
            scores[i] = np.int64(np.round((2.0 * values[mover] - 1.0) * WON))
        elif to_move(child) == mover:
            scores[i] = evaluate(child, EVAL_WEIGHTS)
        else:
            scores[i] = -evaluate(child, EVAL_WEIGHTS)


@njit(cache=True)
def heuristic_move(state, moves, n, rng):
    """The best judged of the n legal `moves`, ties broken uniformly at random by `rng`."""
    scores = np.empty(n, dtype=np.int64)
    judge(state, moves, n, scores)
    return best_scored(moves, n, scores, rng)
