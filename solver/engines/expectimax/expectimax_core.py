"""Expectimax with alpha-beta and Star1 pruning for two-player games with dice, in numba.

One call searches one iteration (a fixed depth in decision plies) from the root; the iterative
deepening, limits and multipv are in solver/engines/expectimax/expectimax_search.py, as for alpha-beta.

Values are float64 from the view of the player to move at the node (negamax style), but the
sign only flips where the player to move changes: in Island Project one player makes several
consecutive decisions (shift, die choice, one or two actions), and the roll in between is a
chance node that keeps the mover.

* Decision nodes take the maximum over their moves; each move uses up one ply of depth.
* Chance nodes take the probability-weighted mean of their outcomes; outcomes do not use depth.
* Leaves (depth 0, at a decision or a chance node): the game's `evaluate` for the player to move,
  clamped to +-EVAL_LIMIT (far beyond any real evaluation) so it stays inside the terminal scale.
* Finished games: the mover's share of the win v (1 win, 0 loss, 1/2 shared with two players)
  scores (2 v - 1) * WIN, so a win is +WIN, a loss -WIN, a shared result 0. No distance to the
  end is coded in: averages over dice of "win in n" scores would not mean anything.

Pruning (both sound: the root value equals plain expectimax, up to float rounding):

* Decision nodes: fail-soft alpha-beta, with the transposition-table move and the history
  heuristic ordering the moves.
* Chance nodes: Star1 (Ballard 1983). Every value lies in [L, U] = [-WIN, WIN]. After outcomes
  1..i-1 with values v_j, outcome i (probability p_i) is searched with the window
      alpha_i = (alpha - sum_{j<i} p_j v_j - U * P_after) / p_i
      beta_i  = (beta  - sum_{j<i} p_j v_j - L * P_after) / p_i
  (P_after: the probability of the outcomes after i), clamped to [L, U]. A value at or below
  alpha_i proves the node at or below alpha (it returns the upper bound with U for the rest);
  at or above beta_i, at or above beta (the lower bound with L for the rest).

Transposition table (single-threaded): `keys` (uint64 hash), `info` (int64: move + 1 in bits
0-29, depth in bits 30-37, bound in bits 38-39) and `tvalues` (float64) of a power-of-two
length. A hit from a shallower search is never used for its value, only for its move.

Control words (an int64 array): nodes, node limit, aborted, and HORIZON: set when
a leaf was cut by the depth (or a table value stood in for a subtree); an iteration that never
sets it saw every line to the game's end, so its value is exact ("solved").
"""

import numba
import numpy as np
from numba import njit

from kernels import dispatch
from kernels.bits import fill_rows, state_hash
from solver.engines.tree_common import (ABORTED, EXACT, LOWER, UPPER, bound_of, enter_node, is_excluded, lead_line,
                                       pick_next, raise_best, table_cutoff)
from solver.engines.tree_common import NODE_LIMIT, NODES  # noqa: F401  (the driver reads them as core.*)

WIN = 1_000_000.0  # a finished game: +WIN won, -WIN lost, 0 shared (two players)
LOWER_VALUE = -WIN  # L and U of Star1: every value lies in [L, U]
UPPER_VALUE = WIN
EVAL_LIMIT = 500_000  # evaluations are clamped to +-EVAL_LIMIT (real ones stay far below)
INFINITY = 2.0 * WIN  # beyond every value: the full window
MAX_PLY = 256  # plies including chance plies; rolls can follow one another (meerkats), and a line that reaches the end of the arrays is cut there (expectimax: ply >= MAX_PLY - 1)
MAX_DEPTH = MAX_PLY // 2 - 2

HORIZON = 3  # after tree_common's NODES, NODE_LIMIT, ABORTED: 1 once a line stopped at the depth
CONTROL_LEN = 4
HISTORY_LEN = 4096

MOVE_MASK = (1 << 30) - 1


@njit(cache=True)
def probe(keys, info, tvalues, key):
    """(found, move, depth, bound, value) of the table entry for `key`."""
    slot = np.int64(key & np.uint64(keys.shape[0] - 1))
    word = info[slot]
    if keys[slot] != key or word == 0:
        return False, np.int64(-1), np.int64(0), np.int64(0), 0.0
    move = (word & MOVE_MASK) - 1
    depth = (word >> 30) & 255
    bound = (word >> 38) & 3
    return True, move, depth, bound, tvalues[slot]


@njit(cache=True)
def store(keys, info, tvalues, key, move, depth, bound, value):
    """Write an entry, unless the slot holds a deeper entry of another position."""
    slot = np.int64(key & np.uint64(keys.shape[0] - 1))
    old = info[slot]
    if keys[slot] != key and old != 0 and ((old >> 30) & 255) > depth + 2:
        return
    keys[slot] = key
    info[slot] = (move + 1) | (depth << 30) | (np.int64(bound) << 38)
    tvalues[slot] = value


@njit(cache=True)
def terminal_value(kernel, state, values):
    """A finished game from the view of its player to move: (2 v - 1) * WIN for its share v."""
    dispatch.terminal_values(kernel, state, values)
    return (2.0 * values[dispatch.to_move(kernel, state)] - 1.0) * WIN


@njit(cache=True)
def leaf_value(kernel, state, weights):
    """The evaluation for the player to move, clamped inside the terminal scale."""
    e = dispatch.evaluate(kernel, state, weights)
    if e > EVAL_LIMIT:
        e = EVAL_LIMIT
    elif e < -EVAL_LIMIT:
        e = -EVAL_LIMIT
    return np.float64(e)


@njit(cache=True)
def expectimax(kernel, states, moves, probs, order, ply, depth, alpha, beta, keys, info, tvalues, history,
               pv, pv_len, excluded, weights, control, stop, values):
    """The value of states[ply] searched `depth` decision plies deep, from its mover's view
    (fail-soft: at or below alpha an upper bound, at or above beta a lower bound)."""
    if enter_node(control, stop):
        return 0.0
    pv_len[ply] = 0
    state = states[ply]
    if dispatch.is_over(kernel, state):
        return terminal_value(kernel, state, values)
    if depth <= 0 or ply >= MAX_PLY - 1:
        control[HORIZON] = 1
        return leaf_value(kernel, state, weights)
    chance = dispatch.is_chance(kernel, state)
    if chance:
        n = dispatch.chance_outcomes(kernel, state, moves[ply], probs[ply])
    else:
        n = dispatch.legal_moves(kernel, state, moves[ply])
    if n == 0:
        return terminal_value(kernel, state, values)
    me = dispatch.to_move(kernel, state)

    key = state_hash(state)
    found, table_move, table_depth, bound, table_value = probe(keys, info, tvalues, key)
    if found and ply > 0 and table_depth >= depth:
        if table_cutoff(bound, table_value, alpha, beta):
            control[HORIZON] = 1  # the subtree's horizon is unknown here: assume it had one
            return table_value

    child_ply = np.int64(ply + 1)
    if chance:
        # Chance node: the probability-weighted mean of the outcomes, with Star1 cut-offs; the
        # PV goes on through the likeliest outcome (the first of equals).
        likeliest = 0
        for i in range(n):
            if probs[ply, i] > probs[ply, likeliest]:
                likeliest = i
        done = 0.0  # sum of p_j v_j over the outcomes searched so far
        for i in range(n):
            p = probs[ply, i]
            rest = 0.0  # the probability of the outcomes after i
            for j in range(i + 1, n):
                rest += probs[ply, j]
            a = (alpha - done - UPPER_VALUE * rest) / p
            b = (beta - done - LOWER_VALUE * rest) / p
            child_alpha = a if a > LOWER_VALUE else LOWER_VALUE
            child_beta = b if b < UPPER_VALUE else UPPER_VALUE
            child = states[child_ply]
            dispatch.apply(kernel, state, moves[ply, i], child)
            if dispatch.to_move(kernel, child) == me:
                v = expectimax(kernel, states, moves, probs, order, child_ply, np.int64(depth),
                               np.float64(child_alpha), np.float64(child_beta), keys, info, tvalues, history, pv,
                               pv_len, excluded, weights, control, stop, values)
            else:
                v = -expectimax(kernel, states, moves, probs, order, child_ply, np.int64(depth),
                                np.float64(-child_beta), np.float64(-child_alpha), keys, info, tvalues, history,
                                pv, pv_len, excluded, weights, control, stop, values)
            if control[ABORTED] != 0:
                return 0.0
            if v <= a:  # the node is at most alpha: an upper bound, the rest counted at U
                cut = done + p * v + UPPER_VALUE * rest
                store(keys, info, tvalues, key, np.int64(-1), depth, UPPER, cut)
                return cut
            if v >= b:  # the node is at least beta: a lower bound, the rest counted at L
                cut = done + p * v + LOWER_VALUE * rest
                store(keys, info, tvalues, key, np.int64(-1), depth, LOWER, cut)
                return cut
            done += p * v
            if i == likeliest:
                lead_line(pv, pv_len, ply, moves[ply, i])
        store(keys, info, tvalues, key, np.int64(-1), depth, EXACT, done)
        return done

    # Decision node: alpha-beta over the moves, table move first, then by history.
    for i in range(n):
        move = moves[ply, i]
        if move == table_move:
            order[ply, i] = 1 << 62
        else:
            order[ply, i] = history[move & (HISTORY_LEN - 1)]
    original_alpha = alpha
    best = -INFINITY
    best_move = np.int64(-1)
    child_depth = np.int64(depth - 1)
    for i in range(n):
        move, _ = pick_next(moves, order, ply, i, n)
        if ply == 0 and is_excluded(excluded, move):
            continue
        child = states[child_ply]
        dispatch.apply(kernel, state, move, child)
        if dispatch.to_move(kernel, child) == me:
            score = expectimax(kernel, states, moves, probs, order, child_ply, child_depth, np.float64(alpha),
                               np.float64(beta), keys, info, tvalues, history, pv, pv_len, excluded, weights,
                               control, stop, values)
        else:
            score = -expectimax(kernel, states, moves, probs, order, child_ply, child_depth, np.float64(-beta),
                                np.float64(-alpha), keys, info, tvalues, history, pv, pv_len, excluded, weights,
                                control, stop, values)
        if control[ABORTED] != 0:
            return 0.0
        best, best_move, alpha, cut = raise_best(score, move, best, best_move, alpha, beta, pv, pv_len, ply)
        if cut:
            history[move & (HISTORY_LEN - 1)] += depth * depth
            break
    if best_move < 0:
        return -INFINITY  # every root move excluded (multipv asked for more lines than moves)
    bound = bound_of(best, original_alpha, beta)
    store(keys, info, tvalues, key, best_move, depth, bound, best)
    return best


@njit(cache=True, nogil=True)
def search(kernel, root, depth, alpha, beta, keys, info, tvalues, history, pv, pv_len, excluded, weights,
           control, stop):
    """One iteration from `root` at `depth` decision plies; returns the root value from the
    view of its player to move and leaves the PV in pv[0, :pv_len[0]]. Runs without the GIL so
    a watcher thread can raise `stop`. `kernel` names the kernel module (a literal:
    kernels/dispatch.py)."""
    numba.literally(kernel)
    states = np.empty((MAX_PLY + 1, root.shape[0]), dtype=root.dtype)
    fill_rows(states, root)  # apply may leave the words no move changes as they are
    moves = np.empty((MAX_PLY, dispatch.max_moves(kernel)), dtype=np.int64)
    probs = np.zeros((MAX_PLY, dispatch.max_moves(kernel)), dtype=np.float64)
    order = np.empty((MAX_PLY, dispatch.max_moves(kernel)), dtype=np.int64)
    values = np.empty(dispatch.seats(kernel), dtype=np.float64)
    control[ABORTED] = 0
    control[HORIZON] = 0
    # Every argument with the exact type of the recursive calls: a cached recursive function
    # that calls itself with other argument types crashes when loaded from the cache (numba
    # issue #6713); each kernel's expectimax only ever calls its own signature.
    return expectimax(kernel, states, moves, probs, order, np.int64(0), np.int64(depth),
                      np.float64(alpha), np.float64(beta), keys, info, tvalues, history, pv, pv_len, excluded,
                      weights, control, stop, values)
