"""The Oros shaping-puzzle solver in numba: one depth-limited pass of iterative deepening.

solver/planner.py runs the passes with limits bound, bound + 1, ... up to the budget in Python
(limits and Ctrl-C are handled between passes and, through the stop flag, inside them). A pass is a depth-first
search written with an explicit stack (no recursion: numba issue #6713), calling kernels/oros/oros_kernel.py
directly (NUMBA.md: jitted functions passed as arguments defeat the on-disk cache).

Pruning, both exact (docs/oros_puzzles.md):
- an admissible lower bound on the actions still needed (`goal_bound`): a child whose bound
  exceeds the actions left is skipped;
- a table of positions already proven to have no plan within r actions: `keys` holds the
  position's hash, `proven` the largest such r. It survives from pass to pass (a proof for r
  actions stays true), so each pass re-searches only what earlier passes could not rule out.
"""

import numpy as np
from numba import njit

from kernels.oros import oros_kernel as oros
from kernels.bits import state_hash
from kernels.oros.oros_kernel import MOUNTAIN_LEVEL as MOUNTAIN
from solver.search.goal_codes import CLAUSE_WORDS, GOAL_HEADER, LAND_AT_LEAST, LEVEL_AT, MOUNTAIN_AT, MOUNTAINS_AT_LEAST

# control words
NODES, NODE_LIMIT = 0, 1
CONTROL_LEN = 2
CHECK_EVERY = 1023  # look at the stop flag and the node limit every 1024 nodes

NONE, STOPPED = 0, -1


@njit(cache=True, inline="always")
def _ceil_div(a, b):
    return (a + b - 1) // b


@njit(cache=True)
def high_tiles(state, cells, big):
    """The number of land tiles of level `big` (4, or 3 with mountain3) or more."""
    count = np.int64(0)
    for cell in range(cells):
        level = oros.cell_level(state, cell)
        if big <= level < MOUNTAIN:
            count += 1
    return count


@njit(cache=True)
def goal_bound(state, goal):
    """A lower bound on the actions needed to reach the goal from `state`; 0 exactly when the
    goal is met. Each clause gives one bound, the goal the largest (docs/oros_puzzles.md):
    levelL@cell: 0 when met, else 1;
    mountains>=N with m mountains: no action removes a mountain and only a tectonic move makes
    them, at most one per moving tile (3), and each from two tiles of level 4 (3 with
    mountain3): with h such tiles the next action makes at most k = min(3, h // 2), so
    1 + ceil((N - m - k) / 3) (at least ceil((N - m) / 3));
    mountain@cell: 1, or 2 when the next action can neither form a mountain (fewer than two such
    tiles) nor drift one there (no mountain, or no mountain ability);
    land>=N with total t: ceil((N - t) / (4 + hotspots)): only lava (at most 4 levels) and
    hotspot refills (one level each) add land.
    The per-action steps come in the goal array (oros_goals.encode_goal)."""
    cells, big, drifts = goal[1], goal[2], goal[3]
    high = np.int64(-1)  # counted only when a clause needs it
    bound = np.int64(0)
    for i in range(goal[0]):
        at = GOAL_HEADER + CLAUSE_WORDS * i
        kind, a, b = goal[at], goal[at + 1], goal[at + 2]
        need = np.int64(0)
        if kind == MOUNTAIN_AT:
            if oros.cell_level(state, a) != MOUNTAIN:
                need = 1
                if drifts == 0 or oros.mountain_count(state) == 0:
                    if high < 0:
                        high = high_tiles(state, cells, big)
                    if high < 2:
                        need = 2
        elif kind == LEVEL_AT:
            if oros.cell_level(state, a) != b:
                need = 1
        elif kind == MOUNTAINS_AT_LEAST:
            have = oros.mountain_count(state)
            if have < a:
                if high < 0:
                    high = high_tiles(state, cells, big)
                # The next action makes at most `first` mountains: each takes two high tiles.
                first = min(b, high // 2)
                need = 1 + _ceil_div(max(a - have - first, 0), b)
        elif kind == LAND_AT_LEAST:
            have = oros.land_total(state)
            if have < a:
                need = _ceil_div(a - have, b)
        if need > bound:
            bound = need
    return bound


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


@njit(cache=True)
def search(root, goal, limit, keys, proven, path, control, stop):
    """Depth-first search for a plan of at most `limit` actions from `root` (whose goal is not
    met). Returns the plan's length n >= 1 with the plan in path[:n], NONE (0: proven, no plan
    within `limit`) or STOPPED (-1: stop flag or node limit, nothing proven)."""
    n_words = root.shape[0]
    states = np.empty((limit + 1, n_words), dtype=root.dtype)
    moves = np.empty((limit + 1, oros.MAX_MOVES), dtype=np.int64)
    counts = np.zeros(limit + 1, dtype=np.int64)
    next_move = np.zeros(limit + 1, dtype=np.int64)
    hashes = np.zeros(limit + 1, dtype=np.uint64)
    states[0, :] = root
    hashes[0] = state_hash(root)
    counts[0] = oros.legal_moves(states[0], moves[0])
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
        oros.apply(states[depth], move, child)
        child[oros.ACTIONS] = root[oros.ACTIONS]  # the same position, however reached: one hash
        path[depth] = move
        control[NODES] += 1
        if control[NODES] & CHECK_EVERY == 0 and (stop[0] != 0 or control[NODES] >= control[NODE_LIMIT]):
            return STOPPED
        left = limit - depth - 1
        bound = goal_bound(child, goal)
        if bound == 0:
            return depth + 1
        if bound > left:
            continue
        key = state_hash(child)
        if probe(keys, proven, key) >= left:
            continue
        depth += 1
        hashes[depth] = key
        counts[depth] = oros.legal_moves(child, moves[depth])
        next_move[depth] = 0
    return NONE
