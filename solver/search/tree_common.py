"""Pieces shared by the tree searches (alpha-beta, expectimax): move ordering, table bounds, the
principal variation, multipv exclusions."""

from numba import njit

EXACT, LOWER, UPPER = 1, 2, 3  # what a table score says: the value, at least it, at most it


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


@njit(cache=True, inline="always")
def bound_of(best, original_alpha, beta):
    """What a fail-soft search result `best` is for the window it was searched with."""
    if best >= beta:
        return LOWER
    if best > original_alpha:
        return EXACT
    return UPPER


@njit(cache=True, inline="always")
def table_cutoff(bound, score, alpha, beta):
    """True when a stored score with this bound already decides the window [alpha, beta]."""
    return bound == EXACT or (bound == LOWER and score >= beta) or (bound == UPPER and score <= alpha)


@njit(cache=True, inline="always")
def is_excluded(excluded, move):
    """True if `move` is among the root moves already reported (multipv)."""
    for k in range(excluded.shape[0]):
        if excluded[k] == move:
            return True
    return False


@njit(cache=True, inline="always")
def lead_line(pv, pv_len, ply, move):
    """The principal variation at `ply` becomes `move` followed by the child's (at ply + 1)."""
    pv[ply, 0] = move
    for k in range(pv_len[ply + 1]):
        pv[ply, k + 1] = pv[ply + 1, k]
    pv_len[ply] = pv_len[ply + 1] + 1
