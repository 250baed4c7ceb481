"""Pieces shared by the tree searches (alpha-beta, expectimax): move ordering, table bounds, the
principal variation, multipv exclusions, and the arrays their Python drivers hand them."""

import numpy as np
from numba import njit

EXACT, LOWER, UPPER = 1, 2, 3  # what a table score says: the value, at least it, at most it

# control words (one int64 array per searching thread; a search may add its own after these)
NODES, NODE_LIMIT, ABORTED = 0, 1, 2
CHECK_EVERY = 1023  # look at the stop flag and the node limit every 1024 nodes


@njit(cache=True, inline="always")
def enter_node(control, stop):
    """Count a node; True once the search must stop (the stop flag is raised or
    the node limit reached, looked at every 1024 nodes so the check costs nothing)."""
    control[NODES] += 1
    if control[NODES] & CHECK_EVERY == 0 and (stop[0] != 0 or control[NODES] >= control[NODE_LIMIT]):
        control[ABORTED] = 1
    return control[ABORTED] != 0


@njit(cache=True, inline="always")
def pick_next(moves, order, ply, i, n):
    """Swap the highest-ordered of moves[ply, i:n] into place i (a selection-sort step, so a
    cut-off after the first moves saves sorting the rest); return (that move, its order key)."""
    pick = i
    for j in range(i + 1, n):
        if order[ply, j] > order[ply, pick]:
            pick = j
    move = moves[ply, pick]
    moves[ply, pick] = moves[ply, i]
    moves[ply, i] = move
    key = order[ply, pick]
    order[ply, pick] = order[ply, i]
    return move, key


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


@njit(cache=True, inline="always")
def follow_line(pv, pv_len, ply):
    """The principal variation at `ply` becomes the child's (at ply + 1): the child was a part of a
    move, so its line starts with the whole move the part led to."""
    for k in range(pv_len[ply + 1]):
        pv[ply, k] = pv[ply + 1, k]
    pv_len[ply] = pv_len[ply + 1]


@njit(cache=True, inline="always")
def raise_best(score, move, best, best_move, alpha, beta, pv, pv_len, ply):
    """Fold a searched child's score into its node: returns (best, best_move, alpha, cut), the
    principal variation led by `move` where it raised alpha; `cut` says the window is refuted and
    the node's remaining moves need not be searched."""
    if score > best:
        best = score
        best_move = move
        if score > alpha:
            alpha = score
            lead_line(pv, pv_len, ply, move)
            return best, best_move, alpha, alpha >= beta
    return best, best_move, alpha, False


class IterationArrays:
    """A searching thread's principal-variation table and control words, as its driver keeps them."""

    def __init__(self, max_ply: int, control_len: int, node_limit: int):
        self.pv = np.zeros((max_ply, max_ply), dtype=np.int64)
        self.pv_len = np.zeros(max_ply, dtype=np.int64)
        self.control = np.zeros(control_len, dtype=np.int64)
        self.control[NODE_LIMIT] = node_limit

    def finished(self, score):
        """(score, the root's principal variation) after an iteration; None if it was stopped."""
        if self.control[ABORTED]:
            return None
        return score, tuple(int(m) for m in self.pv[0, : self.pv_len[0]])
