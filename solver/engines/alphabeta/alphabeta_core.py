"""Alpha-beta (negamax with principal-variation search) over any game's kernel, in numba.

One call searches one iteration (a fixed depth) from the root; solver/engines/alphabeta/alphabeta_search.py runs the
iterative deepening around it in Python, so limits and progress are handled between calls, and
a shared stop flag ends an iteration early (time limit, Ctrl-C).

Transposition table: two uint64 arrays of a power-of-two length, `keys` and `data`, with the
lockless trick (keys[i] = hash ^ data) so threads may share one table without locks: a torn
write just fails the key check. data packs: move + 1 (bits 0-29, 0 = none), depth (30-37),
bound (38-39), score + 2**23 (40-63). A data word is never 0 (depth >= 1), so 0 is an empty slot.
Each thread logs the slots it fills first in its control words (store), so the driver can clear
just those and keep the table for the next search (solver/engines/alphabeta/alphabeta_search.py).

Parts: where the game's record declares the kernel's moves made of parts (Kernel.parts) and the
search is asked to use them, a node below the root searches the kernel's part_moves: a part is a
node of the same side at the same position (no negation, no depth spent: depth counts whole moves,
and so do the plies of a forced result), searched on its own row of the buffers with its prefix; its
table key is the position's hash mixed with the prefix (part_key), so it never meets its position's
entry. It is the same minimax tree as the whole moves', cut into more nodes: the same depth gives
the same score. The root's moves stay whole (the lines, multipv and a wide root are unchanged), and
the principal variation holds whole moves only.
"""

import numba
import numpy as np
from numba import njit

from kernels import dispatch
from kernels.bits import copy_words, fill_rows, state_hash
from solver.engines.tree_common import (ABORTED, bound_of, enter_node, follow_line, is_excluded, pick_next, raise_best,
                                        table_cutoff)
from solver.engines.tree_common import NODE_LIMIT, NODES  # noqa: F401  (the driver reads them as core.*)

TURN, PREFIX = -1, -2  # order's last columns: by parts, a node's whole moves from the root and its part
WIN = 1_000_000  # solver.analysis.WIN: a win n plies from the root scores WIN - n
PROVEN = WIN - 100_000
INFINITY = WIN + 1
MAX_PLY = 320  # above the ply cap of any game, so forced results always fit

# The control words: tree_common's NODES, NODE_LIMIT, ABORTED, then FILLED, the number of table
# slots this thread filled first, whose indices follow in control[CONTROL_LEN:] as far as it has room
# (in control, not an argument of its own: one more argument in the recursion costs plain
# alpha-beta speed, see order's TURN and PREFIX in search).
FILLED = 3
CONTROL_LEN = 4

MOVE_BITS = np.uint64((1 << 30) - 1)
SCORE_OFFSET = 1 << 23


@njit(cache=True, inline="always")
def pack(move, depth, bound, score):
    """Pack one table entry's data word."""
    return (
        np.uint64(move + 1)
        | (np.uint64(depth) << np.uint64(30))
        | (np.uint64(bound) << np.uint64(38))
        | (np.uint64(score + SCORE_OFFSET) << np.uint64(40))
    )


@njit(cache=True, inline="always")
def score_to_table(score, ply):
    """Forced results are stored relative to the node, not the root."""
    if score >= PROVEN:
        return score + ply
    if score <= -PROVEN:
        return score - ply
    return score


@njit(cache=True, inline="always")
def score_from_table(score, ply):
    """Inverse of score_to_table."""
    if score >= PROVEN:
        return score - ply
    if score <= -PROVEN:
        return score + ply
    return score


@njit(cache=True)
def part_key(key, prefix):
    """The table key of the part node `prefix` of the position whose key is `key` (a mix of the
    prefix: splitmix64's finaliser, never 0, so no part collides with its position)."""
    z = np.uint64(prefix) + np.uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return key ^ (z ^ (z >> np.uint64(31)) | np.uint64(1))


@njit(cache=True)
def probe(keys, data, key):
    """(found, move, depth, bound, stored score) of the table entry for `key`."""
    slot = np.int64(key & np.uint64(keys.shape[0] - 1))
    word = data[slot]
    if keys[slot] ^ word != key or word == np.uint64(0):
        return False, np.int64(-1), np.int64(0), np.int64(0), np.int64(0)
    move = np.int64(word & MOVE_BITS) - 1
    depth = np.int64((word >> np.uint64(30)) & np.uint64(255))
    bound = np.int64((word >> np.uint64(38)) & np.uint64(3))
    score = np.int64(word >> np.uint64(40)) - SCORE_OFFSET
    return True, move, depth, bound, score


@njit(cache=True)
def store(keys, data, key, move, depth, bound, score, control):
    """Write an entry, replacing what was there unless that was deeper for another position; an
    empty slot's index is logged after `control`'s words (FILLED)."""
    slot = np.int64(key & np.uint64(keys.shape[0] - 1))
    old = data[slot]
    old_depth = np.int64((old >> np.uint64(30)) & np.uint64(255))
    if keys[slot] ^ old != key and old_depth > depth + 2:
        return
    if old == np.uint64(0):
        filled = control[FILLED]
        control[FILLED] = filled + 1
        if CONTROL_LEN + filled < control.shape[0]:
            control[CONTROL_LEN + filled] = slot
    word = pack(move, depth, bound, score)
    data[slot] = word
    keys[slot] = key ^ word


@njit(cache=True)
def clear_filled(keys, data, control):
    """Empty the slots one thread's `control` logged as filled (store) and reset its count; False,
    clearing nothing, when it filled more than its log holds."""
    filled = control[FILLED]
    if CONTROL_LEN + filled > control.shape[0]:
        return False
    for i in range(filled):
        slot = control[CONTROL_LEN + i]
        keys[slot] = np.uint64(0)
        data[slot] = np.uint64(0)
    control[FILLED] = 0
    return True


@njit(cache=True)
def terminal_score(kernel, state, ply, values):
    """Score of a finished position for the side to move: WIN - ply, -(WIN - ply), or 0."""
    dispatch.terminal_values(kernel, state, values)
    mine = values[dispatch.to_move(kernel, state)]
    if mine > 0.75:
        return WIN - ply
    if mine < 0.25:
        return -(WIN - ply)
    return np.int64(0)


@njit(cache=True)
def negamax(kernel, states, moves, order, ply, depth, alpha, beta, keys, data, killers, history,
            pv, pv_len, excluded, root_moves, weights, solve, parts, control, stop, values):
    """The score of states[ply] searched `depth` whole moves deep, from its mover's view. By
    parts (`parts` where the kernel has them) the node is order[ply, TURN] whole moves from the
    root, and at a part node (order[ply, PREFIX] not NO_PREFIX) its moves extend that part. At
    the root the moves are `root_moves` when it is not empty (a root wider than the buffers:
    solver/engines/alphabeta/wide_root.py)."""
    if enter_node(control, stop):
        return np.int64(0)
    pv_len[ply] = 0
    state = states[ply]
    by_parts = dispatch.has_parts(kernel) and parts  # a constant False for a kernel without parts
    turn = order[ply, TURN] if by_parts else np.int64(ply)
    prefix = order[ply, PREFIX] if by_parts else np.int64(dispatch.NO_PREFIX)
    if depth <= 0 or ply >= MAX_PLY - 1:
        if dispatch.is_over(kernel, state):
            return terminal_score(kernel, state, turn, values)
        if solve:
            return np.int64(0)  # unknown: only forced results count in the exact solver
        return dispatch.evaluate(kernel, state, weights)
    if ply == 0 and root_moves.shape[0] > 0:
        n = root_moves.shape[0]
        moves[0, :n] = root_moves
    elif by_parts and ply > 0:  # the root's moves stay whole
        # the whole flags go straight into the order keys' lowest bit, which the ordering keeps (below)
        n = dispatch.part_moves(kernel, state, prefix, moves[ply], order[ply])
    else:
        n = dispatch.legal_moves(kernel, state, moves[ply])
    if n == 0:
        return terminal_score(kernel, state, turn, values)

    key = state_hash(state)
    if by_parts and prefix != dispatch.NO_PREFIX:
        key = part_key(key, prefix)
    found, table_move, table_depth, bound, table_score = probe(keys, data, key)
    if found and ply > 0 and table_depth >= depth:
        table_score = score_from_table(table_score, turn)
        if table_cutoff(bound, table_score, alpha, beta):
            return table_score

    # Move ordering: table move, then the two killers of this ply, then the history score; by parts
    # the key's lowest bit says a whole move (part_moves' flag, which it keeps while sorting).
    for i in range(n):
        move = moves[ply, i]
        whole_bit = order[ply, i] & 1 if by_parts and ply > 0 else np.int64(1)
        if move == table_move:
            order[ply, i] = 1 << 62
        elif move == killers[ply, 0]:
            order[ply, i] = 1 << 61
        elif move == killers[ply, 1]:
            order[ply, i] = 1 << 60
        else:
            order[ply, i] = history[move & 4095]
        if by_parts:
            order[ply, i] = (order[ply, i] & ~np.int64(1)) | whole_bit

    original_alpha = alpha
    best = -INFINITY
    best_move = np.int64(-1)
    searched = 0
    child_ply = np.int64(ply + 1)
    for i in range(n):
        move, key_of_move = pick_next(moves, order, ply, i, n)
        if ply == 0 and is_excluded(excluded, move):
            continue
        part = by_parts and (key_of_move & 1) == 0
        if by_parts:
            order[child_ply, PREFIX] = move if part else np.int64(dispatch.NO_PREFIX)
            order[child_ply, TURN] = turn if part else turn + 1
        if part:  # the same side chooses on at the same position: the window as it is, no depth spent
            copy_words(state, states[child_ply])
            if searched == 0:
                score = negamax(kernel, states, moves, order, child_ply, depth, alpha, beta,
                                keys, data, killers, history, pv, pv_len, excluded, root_moves, weights, solve,
                                parts, control, stop, values)
            else:
                score = negamax(kernel, states, moves, order, child_ply, depth, alpha,
                                np.int64(alpha + 1), keys, data, killers, history, pv, pv_len, excluded, root_moves,
                                weights, solve, parts, control, stop, values)
                if alpha < score < beta:
                    score = negamax(kernel, states, moves, order, child_ply, depth, alpha,
                                    beta, keys, data, killers, history, pv, pv_len, excluded, root_moves, weights,
                                    solve, parts, control, stop, values)
        else:
            dispatch.apply(kernel, state, move, states[child_ply])
            child_depth = np.int64(depth - 1)
            if searched == 0:
                score = -negamax(kernel, states, moves, order, child_ply, child_depth, np.int64(-beta),
                                 np.int64(-alpha), keys, data, killers, history, pv, pv_len, excluded, root_moves,
                                 weights, solve, parts, control, stop, values)
            else:
                score = -negamax(kernel, states, moves, order, child_ply, child_depth, np.int64(-alpha - 1),
                                 np.int64(-alpha), keys, data, killers, history, pv, pv_len, excluded, root_moves,
                                 weights, solve, parts, control, stop, values)
                if alpha < score < beta:
                    score = -negamax(kernel, states, moves, order, child_ply, child_depth, np.int64(-beta),
                                     np.int64(-alpha), keys, data, killers, history, pv, pv_len, excluded, root_moves,
                                     weights, solve, parts, control, stop, values)
        searched += 1
        if control[ABORTED] != 0:
            return np.int64(0)
        leads = score > best and score > alpha  # raise_best then puts this move first in the line
        best, best_move, alpha, cut = raise_best(score, move, best, best_move, alpha, beta, pv, pv_len, ply)
        if part and leads:
            follow_line(pv, pv_len, ply)  # a part is no move of the line: the child's line starts with it
        if cut:
            if move != killers[ply, 0]:
                killers[ply, 1] = killers[ply, 0]
                killers[ply, 0] = move
            history[move & 4095] += depth * depth
            break
    if searched == 0:
        return -INFINITY  # every root move excluded (multipv asked for more lines than moves)
    bound = bound_of(best, original_alpha, beta)
    store(keys, data, key, best_move, depth, bound, score_to_table(best, turn), control)
    return best


@njit(cache=True, nogil=True)
def search(kernel, root, depth, alpha, beta, keys, data, killers, history, pv, pv_len, excluded,
           root_moves, weights, solve, parts, control, stop):
    """One iteration from `root` at `depth` whole moves; the PV is left in pv[0, :pv_len[0]]. The
    root's moves are `root_moves` (at most the kernel's MAX_MOVES) when it is not empty, else its
    legal moves; below the root, moves are chosen part by part with `parts` where the kernel has parts.

    Runs without the GIL so Python threads can share the table (lazy SMP) and a watcher thread
    can raise `stop`. `kernel` names the kernel module (a literal: kernels/dispatch.py).
    """
    numba.literally(kernel)
    states = np.empty((MAX_PLY + 1, root.shape[0]), dtype=root.dtype)
    fill_rows(states, root)  # apply may leave the words no move changes as they are
    moves = np.empty((MAX_PLY, dispatch.max_moves(kernel)), dtype=np.int64)
    # Two columns more than moves: by parts, each ply's node keeps its TURN and PREFIX there (not
    # in arguments: three more arguments in the recursion cost plain alpha-beta 8-14%).
    order = np.empty((MAX_PLY, dispatch.max_moves(kernel) + 2), dtype=np.int64)
    order[0, TURN] = 0
    order[0, PREFIX] = dispatch.NO_PREFIX
    values = np.empty(dispatch.seats(kernel), dtype=np.float64)
    control[ABORTED] = 0
    # Every argument with the exact type of the recursive calls: a cached recursive function
    # that calls itself with other argument types crashes when loaded from the cache (numba
    # issue #6713); each kernel's negamax only ever calls its own signature.
    return negamax(kernel, states, moves, order, np.int64(0), np.int64(depth), np.int64(alpha), np.int64(beta), keys,
                   data, killers, history, pv, pv_len, excluded, root_moves, weights, bool(solve), bool(parts), control,
                   stop, values)
