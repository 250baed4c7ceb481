"""Move ordering shared by the tree searches: pick the best-scored remaining move in place."""

from numba import njit


@njit(cache=True, inline="always")
def pick_next(moves, order, ply, i, n):
    """Swap the highest-ordered of moves[ply, i:n] into place i (a selection-sort step, so a
    cut-off after the first moves saves sorting the rest); return that move."""
    pick = i
    for j in range(i + 1, n):
        if order[ply, j] > order[ply, pick]:
            pick = j
    move = moves[ply, pick]
    moves[ply, pick] = moves[ply, i]
    moves[ply, i] = move
    order[ply, pick] = order[ply, i]
    return move
