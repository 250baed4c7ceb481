"""A root with more legal moves than the search buffers hold (penguins tiles, P-9): every move is
scored one ply deep, and alpha-beta searches the best MAX_MOVES of them deeper."""

from __future__ import annotations

import numpy as np

from kernels import Kernel
from kernels.dispatch import call
from solver.engines.alphabeta import wide_root_core as core
from solver.games.kernel_calls import MOVE_LIMIT

UNSCORED = -(1 << 62)  # below every score, and still negatable


def wide_root_moves(kernel: Kernel, root: np.ndarray, n: int, weights: np.ndarray,
                    stop: np.ndarray) -> tuple[np.ndarray, str]:
    """(root moves for the search, a note) for `root`, whose legal moves number `n` (the caller
    has counted them): no moves and no note when they fit the buffers; else its best MAX_MOVES by
    one-ply score, best first, and a note saying so.

    Moves left unscored when `stop` is raised keep their generation order behind the scored ones.
    """
    module = kernel.module
    if n <= module.MAX_MOVES:
        return np.empty(0, dtype=np.int64), ""
    if n > MOVE_LIMIT:
        return np.empty(0, dtype=np.int64), (
            f"this position has {n:,} legal moves (P-9 combinations), more than the {MOVE_LIMIT:,} alpha-beta "
            f"lists: the search considered the first {module.MAX_MOVES:,} of them")
    moves = np.empty(n, dtype=np.int64)
    module.legal_moves(root, moves)
    scores = np.full(len(moves), UNSCORED, dtype=np.int64)
    scored = int(call(core.score_moves, kernel, root, moves, len(moves), weights, stop, scores))
    best = np.argsort(-scores, kind="stable")[: module.MAX_MOVES]  # stable: ties keep generation order
    how = "all of them" if scored == len(moves) else f"{scored:,} of them (stopped)"
    note = (f"this position has {len(moves):,} legal moves (P-9 combinations): alpha-beta scored {how} one ply "
            f"deep and searched the best {module.MAX_MOVES:,} deeper; a later position with that many is searched "
            f"on its first {module.MAX_MOVES:,}")
    return moves[best], note
