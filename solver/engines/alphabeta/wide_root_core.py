"""One-ply scores of every root move, in numba: the order in which alpha-beta takes a root wider
than its move buffers (solver/engines/alphabeta/wide_root.py)."""

import numba
import numpy as np
from numba import njit

from kernels import dispatch
from solver.engines.alphabeta.alphabeta_core import terminal_score
from solver.engines.tree_common import CHECK_EVERY


@njit(cache=True, nogil=True)
def score_moves(kernel, root, moves, n, weights, stop, scores):
    """Write into `scores` the value of each of the `n` root `moves` one ply deep, from the root
    mover's view (a win at once first, then the evaluation of the position after it); return how
    many were scored before `stop` was raised (checked every 1024 moves)."""
    numba.literally(kernel)
    child = root.copy()  # apply may leave the words no move changes as they are
    values = np.empty(dispatch.seats(kernel), dtype=np.float64)
    for i in range(n):
        if i & CHECK_EVERY == 0 and stop[0] != 0:
            return i
        dispatch.apply(kernel, root, moves[i], child)
        if dispatch.is_over(kernel, child):
            scores[i] = -terminal_score(kernel, child, np.int64(1), values)
        else:
            scores[i] = -dispatch.evaluate(kernel, child, weights)
    return n
