"""MCTS (UCT) kernels written once for every game: a preallocated struct-of-arrays tree, run in chunks.

The tree lives in plain numpy arrays, one entry per node (index 0 is the root):

    move_of[i]      int64    the move that leads from the parent to node i (-1 at the root)
    parent[i]       int32    index of the parent (-1 at the root)
    first_child[i]  int32    index of the first child; the children of a node are one
                             contiguous block, allocated all at once at expansion
    child_count[i]  int32    number of children; UNEXPANDED (-1) before expansion, 0 at the
                             end of the game
    visits[i]       int64    simulations that passed through node i
    reward[i]       float64  total result of the player who made move_of[i] (1 win, 0.5 draw; the
                             kernel's search_values where it has them)
    mover[i]        int8     that player (-1 at the root)
    kind[i]         int8     CHANCE when the position at node i is a chance node (a dice roll):
                             its children are the outcomes, in the order the kernel lists them,
                             and selection samples them by probability instead of using UCT

`meta` (int64, META_LEN words) holds the counters: nodes in use, the tree-full flag, the depth of
the deepest node and the simulations run. `root_report` (float64, one row per root child, in the
root's child order) sums what a report of each root move needs beside the backed-up reward: the
mover's win share (terminal_values, which differs from the reward where the kernel has
search_values), its score margin over the best other seat (where the kernel has scores), the
square of its reward and the square of its margin, from which the search gives each root move a
confidence interval of each (the spread of its returns). Only the root's children keep squares: no other node is reported, and a
ninth word per node would cost every tree memory.
Nodes do not store positions: every simulation replays the moves from the root. Nothing is allocated per simulation; one call allocates its position
and move buffers once and then runs up to `budget` simulations, so Python can call it in chunks,
check the clock in between, and stop it at once through a shared `stop` array.

The game's operations come from the kernel module named by the first argument of
`run_simulations`, a literal string resolved at compile time (kernels/dispatch.py), never from
jitted functions passed as arguments, which would defeat the on-disk cache.
"""

import numba
import numpy as np
from numba import njit

from kernels import dispatch
from kernels.bits import fill
from kernels.rng import random_below, random_index

DECISION, CHANCE = 0, 1  # node kinds
UNEXPANDED = -1
NO_NODE = -1
NO_PLAYER = -1
# Words of the `meta` array.
NODES, FULL, MAX_DEPTH, SIMULATIONS = 0, 1, 2, 3
META_LEN = 4
# (name, dtype) of each per-node array, in the order the kernels take them.
NODE_ARRAYS = (
    ("move_of", np.int64),
    ("parent", np.int32),
    ("first_child", np.int32),
    ("child_count", np.int32),
    ("visits", np.int64),
    ("reward", np.float64),
    ("mover", np.int8),
    ("kind", np.int8),
)
BYTES_PER_NODE = sum(np.dtype(dtype).itemsize for _, dtype in NODE_ARRAYS)


@njit(cache=True, nogil=True)
def reset_tree(move_of, parent, first_child, child_count, visits, reward, mover, kind, meta):
    """Make the tree a lone, unexpanded root."""
    move_of[0] = -1
    parent[0] = NO_NODE
    first_child[0] = NO_NODE
    child_count[0] = UNEXPANDED
    visits[0] = 0
    reward[0] = 0.0
    mover[0] = NO_PLAYER
    kind[0] = DECISION
    fill(meta, 0)
    meta[NODES] = 1


@njit(cache=True, nogil=True, inline="always")
def select_child(node, exploration, first_child, child_count, visits, reward):
    """The child of `node` with the highest UCT score; the first unvisited child if there is one."""
    first = np.int64(first_child[node])
    count = np.int64(child_count[node])
    scale = exploration * np.sqrt(np.log(np.float64(visits[node])))
    best = first
    best_score = -np.inf
    for child in range(first, first + count):
        n = visits[child]
        if n == 0:
            return child
        inverse = 1.0 / n
        score = reward[child] * inverse + scale * np.sqrt(inverse)
        if score > best_score:
            best_score = score
            best = child
    return best


@njit(cache=True, nogil=True, inline="always")
def outcome_child(node, outcome, index, move_of, first_child, child_count):
    """The child of chance node `node` reached by `outcome`, the `index`-th outcome of this
    simulation's position; NO_NODE when the tree lacks it (a determinization where other
    outcomes were possible when the node was expanded)."""
    first = np.int64(first_child[node])
    count = np.int64(child_count[node])
    if index < count and move_of[first + index] == outcome:
        return first + index  # the outcomes are the ones the node was expanded with
    for child in range(first, first + count):
        if move_of[child] == outcome:
            return child
    return NO_NODE


@njit(cache=True, nogil=True)
def run_simulations(
    kernel, root, move_of, parent, first_child, child_count, visits, reward, mover, kind, meta,
    seat_totals, root_report, rng, exploration, budget, stop,
):
    """Run up to `budget` more simulations on the tree of position `root`; return how many ran.

    Stops early when stop[0] != 0 (checked before every simulation). When the tree has no room
    for the children of a leaf, the simulation plays out from that leaf without growing the tree
    and meta[FULL] is set: from then on the tree stops growing, and it never holds more nodes
    than its arrays. `kernel` names the
    kernel module (a literal: kernels/dispatch.py). Each seat's result is added to
    seat_totals[seat]; root_report[i] gains (win share, score margin, squared reward, squared margin) of the
    mover of the root's i-th child for every simulation through it.

    Hidden information: every simulation starts from a determinization of `root` for the seat
    to move there (the kernel's `determinize`: what that seat cannot see drawn again; a plain
    copy for a game that hides nothing), so the search never reads what that seat cannot see.
    The tree is shared by every determinization: a decision's legal moves must not depend on
    the hidden parts; a chance outcome missing from the tree ends the selection there.
    """
    numba.literally(kernel)
    capacity = move_of.shape[0]
    n_players = dispatch.seats(kernel)
    values = np.zeros(n_players, dtype=np.float64)
    wins = np.zeros(n_players, dtype=np.float64)
    margins = np.zeros(n_players, dtype=np.float64)
    state = root.copy()  # apply may leave the words no move changes as they are
    scratch = root.copy()
    moves = np.empty(dispatch.max_moves(kernel), dtype=np.int64)
    probabilities = np.empty(dispatch.max_moves(kernel), dtype=np.float64)
    viewer = dispatch.to_move(kernel, root)
    done = np.int64(0)
    while done < budget:
        if stop[0] != 0:
            break
        dispatch.determinize(kernel, root, viewer, rng, state)
        node = np.int64(0)
        depth = np.int64(0)
        # Selection: follow UCT while the node is expanded and the game goes on; at a chance
        # node the dice choose the child.
        while child_count[node] > 0:
            if kind[node] == CHANCE:
                n = dispatch.chance_outcomes(kernel, state, moves, probabilities)
                pick = random_index(probabilities, n, rng)
                child = outcome_child(node, moves[pick], pick, move_of, first_child, child_count)
                if child == NO_NODE:
                    break  # play out from this chance node without growing the tree
                node = child
            else:
                node = select_child(node, exploration, first_child, child_count, visits, reward)
            dispatch.apply(kernel, state, move_of[node], scratch)
            state, scratch = scratch, state
            depth += 1
        # Expansion: all children of the leaf at once, then step into the first (they are
        # shuffled, so "the first unvisited child" is a random one). A full tree grows no more,
        # so its leaves skip listing their moves (on a tile board the dearest part of a simulation).
        if child_count[node] == UNEXPANDED and meta[FULL] == 0:
            chance = dispatch.is_chance(kernel, state)
            if chance:
                n = dispatch.chance_outcomes(kernel, state, moves, probabilities)
            else:
                n = dispatch.legal_moves(kernel, state, moves)
            if n == 0:
                child_count[node] = 0
            elif meta[NODES] + n <= capacity:
                entered = np.int64(0)
                if chance:
                    entered = random_index(probabilities, n, rng)
                    player = NO_PLAYER  # nobody chose the outcome: no reward to keep
                    kind[node] = CHANCE
                else:
                    for i in range(n - 1, 0, -1):
                        j = random_below(rng, i + 1)
                        moves[i], moves[j] = moves[j], moves[i]
                    player = dispatch.to_move(kernel, state)
                first = meta[NODES]
                for i in range(n):
                    child = first + i
                    move_of[child] = moves[i]
                    parent[child] = node
                    first_child[child] = NO_NODE
                    child_count[child] = UNEXPANDED
                    visits[child] = 0
                    reward[child] = 0.0
                    mover[child] = player
                    kind[child] = DECISION
                meta[NODES] = first + n
                first_child[node] = first
                child_count[node] = n
                depth += 1
                if depth > meta[MAX_DEPTH]:
                    meta[MAX_DEPTH] = depth
                node = first + entered
                dispatch.apply(kernel, state, moves[entered], scratch)
                state, scratch = scratch, state
            else:
                meta[FULL] = 1  # keep simulating from this leaf without growing
        # Playout with the game's light policy (the dice at chance nodes) until no move is left.
        while True:
            if dispatch.is_chance(kernel, state):
                n = dispatch.chance_outcomes(kernel, state, moves, probabilities)
                dispatch.apply(kernel, state, moves[random_index(probabilities, n, rng)], scratch)
                state, scratch = scratch, state
                continue
            if dispatch.has_playout_step(kernel):
                move = dispatch.playout_step(kernel, state, moves, rng)
                if move < 0:
                    break
            else:
                n = dispatch.legal_moves(kernel, state, moves)
                if n == 0:
                    break
                move = dispatch.playout_move(kernel, state, moves, n, rng)
            dispatch.apply(kernel, state, move, scratch)
            state, scratch = scratch, state
        dispatch.search_values(kernel, state, values)
        dispatch.outcome_report(kernel, state, values, wins, margins)
        for seat in range(n_players):
            seat_totals[seat] += values[seat]
        # Backpropagation: each node gains the result of the player who moved into it.
        while node != NO_NODE:
            visits[node] += 1
            player = mover[node]
            if player >= 0:
                reward[node] += values[player]
                if parent[node] == 0:
                    child = node - first_child[0]
                    root_report[child, 0] += wins[player]
                    root_report[child, 1] += margins[player]
                    root_report[child, 2] += values[player] * values[player]
                    root_report[child, 3] += margins[player] * margins[player]
            node = parent[node]
        done += 1
    meta[SIMULATIONS] += done
    return done


@njit(cache=True, nogil=True)
def root_children(move_of, first_child, child_count, visits, reward, out_moves, out_visits, out_rewards):
    """Write the root's children (move, visits, total reward of the root player), return their
    number (0 while the root is unexpanded or the game is over)."""
    count = np.int64(child_count[0])
    if count <= 0:
        return 0
    first = np.int64(first_child[0])
    for i in range(count):
        out_moves[i] = move_of[first + i]
        out_visits[i] = visits[first + i]
        out_rewards[i] = reward[first + i]
    return count


@njit(cache=True, nogil=True)
def child_means(first_child, child_count, visits, reward, node, out_means):
    """Mean reward of the mover of each child of `node` (0.5 for unvisited children); return
    the number of children."""
    count = np.int64(child_count[node])
    if count <= 0:
        return 0
    first = np.int64(first_child[node])
    for i in range(count):
        n = visits[first + i]
        out_means[i] = reward[first + i] / n if n > 0 else 0.5
    return count


@njit(cache=True, nogil=True)
def principal_variation(move_of, first_child, child_count, visits, node, out):
    """Write the moves from `node` down its most visited children (the move into `node` first);
    return their number (at most len(out))."""
    length = 0
    limit = out.shape[0]
    n_nodes = move_of.shape[0]
    while length < limit:
        out[length] = move_of[node]
        length += 1
        count = np.int64(child_count[node])
        first = np.int64(first_child[node])
        if count <= 0 or first < 0 or first + count > n_nodes:
            break
        best = NO_NODE
        best_visits = np.int64(0)
        for child in range(first, first + count):
            if visits[child] > best_visits:
                best_visits = visits[child]
                best = child
        if best == NO_NODE:
            break
        node = best
    return length


@njit(cache=True, nogil=True)
def tree_depth(meta):
    """Depth of the deepest node (the root's children are at depth 1)."""
    return meta[MAX_DEPTH]
