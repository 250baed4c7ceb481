"""The planner in numba: one depth-limited pass of iterative deepening towards a goal, for a
single-agent game (the Oros shaping puzzles).

solver/engines/planner/planner_search.py runs the passes with limits bound, bound + 1, ... up to the budget in Python
(limits and Ctrl-C are handled between passes and, through the stop flag, inside them). A pass
is a depth-first search written with an explicit stack (no recursion: numba issue #6713) over
the kernel operations of kernels/dispatch.py.

Pruning, both exact (docs/oros_puzzles.md):
- the kernel's admissible lower bound on the actions still needed (`goal_bound`): a child whose
  bound exceeds the actions left is skipped;
- a table of positions already proven to have no plan within r actions: `keys` holds the
  position's hash, `proven` the largest such r. It survives from pass to pass (a proof for r
  actions stays true), so each pass re-searches only what earlier passes could not rule out.
"""

import numba
import numpy as np
from numba import njit

from kernels import dispatch
from kernels.bits import fill_rows

# control words
NODES, NODE_LIMIT = 0, 1
CONTROL_LEN = 2
CHECK_EVERY = 1023  # look at the stop flag and the node limit every 1024 nodes

NONE, STOPPED = 0, -1


@njit(cache=True)
def probe(keys, proven, key):
    """The most actions `key`'s position is known to have no plan within (0 if unknown)."""
    slot = np.int64(key & np.uint64(keys.shape[0] - 1))
    if keys[slot] == key:
        return np.int64(proven[slot])
    return np.int64(0)


@njit(cache=True)
def store(keys, proven, key, actions):
    """Record that `key`'s position has no plan within `actions` actions (always replaces)."""
    slot = np.int64(key & np.uint64(keys.shape[0] - 1))
    keys[slot] = key
    proven[slot] = actions


@njit(cache=True, nogil=True)
def bound(kernel, state, goal):
    """The kernel's lower bound on the actions from `state` to `goal` (0 when it is met)."""
    numba.literally(kernel)
    return dispatch.goal_bound(kernel, state, goal)


@njit(cache=True, nogil=True)
def search(kernel, root, goal, limit, keys, proven, path, control, stop):
    """Depth-first search for a plan of at most `limit` actions from `root` (whose goal is not
    met) with the kernel named `kernel` (a literal). Returns the plan's length n >= 1 with the
    plan in path[:n], NONE (0: proven, no plan within `limit`) or STOPPED (-1: stop flag or node
    limit, nothing proven). Runs without the GIL, so the watcher thread can raise `stop` (time
    limit, Ctrl-C) while it runs."""
    numba.literally(kernel)
    n_words = root.shape[0]
    states = np.empty((limit + 1, n_words), dtype=root.dtype)
    moves = np.empty((limit + 1, dispatch.max_moves(kernel)), dtype=np.int64)
    counts = np.zeros(limit + 1, dtype=np.int64)
    next_move = np.zeros(limit + 1, dtype=np.int64)
    hashes = np.zeros(limit + 1, dtype=np.uint64)
    fill_rows(states, root)  # apply may leave the words no move changes as they are
    hashes[0] = dispatch.position_hash(kernel, root)
    counts[0] = dispatch.legal_moves(kernel, states[0], moves[0])
    depth = 0
    while depth >= 0:
        if next_move[depth] >= counts[depth]:
            # Every move was tried or ruled out: no plan within the actions left here.
            store(keys, proven, hashes[depth], limit - depth)
            depth -= 1
            continue
        move = moves[depth, next_move[depth]]
        next_move[depth] += 1
        child = states[depth + 1]
        dispatch.apply(kernel, states[depth], move, child)
        path[depth] = move
        control[NODES] += 1
        if control[NODES] & CHECK_EVERY == 0 and (stop[0] != 0 or control[NODES] >= control[NODE_LIMIT]):
            return STOPPED
        left = limit - depth - 1
        need = dispatch.goal_bound(kernel, child, goal)
        if need == 0:
            return depth + 1
        if need > left:
            continue
        key = dispatch.position_hash(kernel, child)
        if probe(keys, proven, key) >= left:
            continue
        depth += 1
        hashes[depth] = key
        counts[depth] = dispatch.legal_moves(kernel, child, moves[depth])
        next_move[depth] = 0
    return NONE
