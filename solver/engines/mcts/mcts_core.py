"""MCTS (UCT or PUCT) kernels written once for every game: a preallocated struct-of-arrays tree, run in chunks.

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
                             and selection samples them by probability instead of using UCT;
                             PART when move_of[i] is a part of a move, not yet a whole one
                             (below)
    prior[i]        float32  the prior probability of move_of[i] among its siblings (PUCT, below;
                             1 / siblings where no prior is used)

Priors: with `priors` on, a decision's children get priors from the kernel's move-ordering score
(dispatch.move_scores: the game's scripted player's judgement), and selection is PUCT as in
AlphaZero (Silver et al., "A general reinforcement learning algorithm that masters chess, shogi
and Go through self-play", Science 362 (2018), and its Methods: a = argmax Q(s,a) + U(s,a),
U(s,a) = c_puct P(s,a) sqrt(N(s)) / (1 + N(s,a))), so a few hundred simulations go to the moves
the score likes instead of visiting each of hundreds of moves once as UCT does. A move not yet
visited takes its siblings' mean reward as its Q ("first-play urgency" as Leela Zero's and
KataGo's parent value, without their reduction). The priors come from the score's ranks, not its
scale: the moves of the best score share a mass of 1/2, those of the next distinct score 1/4, and
so on (prior_from_scores), which holds for any kernel's units. Without `priors`, selection is
UCT (UCB1, Kocsis and Szepesvari 2006) with the first unvisited child first.

Playouts: the kernel's light policy (playout_move), or with `scripted` its scripted player's ply
(dispatch.scripted_move, the heuristic engine's choice); with `cut` > 0 a playout stops after that
many plies and backs up the kernel's search_values of the unfinished position (the oros game: each
seat's knowledge so far, as at the end).

Parts: where the game's record declares the kernel's moves made of parts (Kernel.parts, its
part_moves) and the search is asked to use them, the children of a decision below the root are the
kernel's part_moves: a whole move is applied on the way down as any move; a part (a PART node) is a
choice of the same mover that leaves the position as it is, and its own children are the parts that
extend it. So a wide combined move is chosen a part at a time, and a leaf lists a few parts instead
of every combined move. The root's children stay whole moves (what the analysis reports), depths
count whole moves, and a simulation that stops at a part completes it with parts drawn at random
before its playout.

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

DECISION, CHANCE, PART = 0, 1, 2  # node kinds
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
    ("prior", np.float32),
)
PRIOR_DECAY = 0.5  # the mass of each distinct score's moves against the better one's (prior_from_scores)
BYTES_PER_NODE = sum(np.dtype(dtype).itemsize for _, dtype in NODE_ARRAYS)


@njit(cache=True, nogil=True)
def reset_tree(move_of, parent, first_child, child_count, visits, reward, mover, kind, prior, meta):
    """Make the tree a lone, unexpanded root."""
    move_of[0] = -1
    parent[0] = NO_NODE
    first_child[0] = NO_NODE
    child_count[0] = UNEXPANDED
    visits[0] = 0
    reward[0] = 0.0
    mover[0] = NO_PLAYER
    kind[0] = DECISION
    prior[0] = 1.0
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
def puct_child(node, cpuct, first_child, child_count, visits, reward, prior):
    """The child of `node` with the highest PUCT score Q + cpuct P sqrt(N) / (1 + n) (AlphaZero);
    an unvisited child's Q is the mean reward of its visited siblings (0.5 when none is)."""
    first = np.int64(first_child[node])
    count = np.int64(child_count[node])
    seen = np.int64(0)
    total = 0.0
    for child in range(first, first + count):
        seen += visits[child]
        total += reward[child]
    urgency = total / seen if seen > 0 else 0.5
    scale = cpuct * np.sqrt(np.float64(max(visits[node], 1)))
    best = first
    best_score = -np.inf
    for child in range(first, first + count):
        n = visits[child]
        q = reward[child] / n if n > 0 else urgency
        score = q + scale * prior[child] / (1.0 + n)
        if score > best_score:
            best_score = score
            best = child
    return best


@njit(cache=True, nogil=True)
def prior_from_scores(scores, n, out):
    """Priors of n moves from their move-ordering scores (higher is better) into out[:n]: the moves
    of the best score share PRIOR_DECAY's complement of the mass, each lower distinct score's moves
    PRIOR_DECAY times the mass of the score above, normalised to sum to 1; return the index of the
    first move of the best score."""
    order = np.argsort(-scores[:n], kind="mergesort")
    mass = 1.0
    total = 0.0
    i = 0
    while i < n:
        j = i
        while j < n and scores[order[j]] == scores[order[i]]:
            j += 1
        share = mass / (j - i)
        for k in range(i, j):
            out[order[k]] = share
        total += mass
        mass *= PRIOR_DECAY
        i = j
    for k in range(n):
        out[k] /= total
    return order[0]


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
def complete_part(kernel, state, scratch, prefix, moves, whole, rng):
    """Complete the move begun with part `prefix` with parts drawn uniformly at random and apply it;
    return (state, scratch) after it, swapped as the caller's are (as they were where the kernel
    offers no part: a broken part tree then plays out from the position)."""
    while True:
        n = dispatch.part_moves(kernel, state, prefix, moves, whole)
        if n == 0:
            return state, scratch
        pick = random_below(rng, n)
        if whole[pick] != 0:
            dispatch.apply(kernel, state, moves[pick], scratch)
            return scratch, state
        prefix = moves[pick]


@njit(cache=True, nogil=True)
def run_simulations(
    kernel, root, move_of, parent, first_child, child_count, visits, reward, mover, kind, prior, meta,
    seat_totals, root_report, rng, exploration, parts, priors, scripted, cut, budget, stop,
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

    `parts`: choose moves below the root part by part where the kernel has parts (see above).
    `priors`: PUCT with the kernel's move scores as priors and `exploration` as c_puct, else UCT;
    `scripted`: play out with the kernel's scripted player; `cut` > 0: stop a playout after that
    many plies (see above).
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
    whole = np.empty(dispatch.max_moves(kernel), dtype=np.uint8)
    judged = np.empty(dispatch.max_moves(kernel), dtype=np.int64)
    chances = np.empty(dispatch.max_moves(kernel), dtype=np.float64)
    by_parts = dispatch.has_parts(kernel) and parts  # a constant False for a kernel without parts
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
                if priors:
                    node = puct_child(node, exploration, first_child, child_count, visits, reward, prior)
                else:
                    node = select_child(node, exploration, first_child, child_count, visits, reward)
                if by_parts and kind[node] == PART:
                    continue  # the same position: the mover has chosen a part of its move
            dispatch.apply(kernel, state, move_of[node], scratch)
            state, scratch = scratch, state
            depth += 1
        # Expansion: all children of the leaf at once, then step into the first (they are
        # shuffled, so "the first unvisited child" is a random one). A full tree grows no more,
        # so its leaves skip listing their moves (on a tile board the dearest part of a simulation).
        if child_count[node] == UNEXPANDED and meta[FULL] == 0:
            chance = dispatch.is_chance(kernel, state)
            listed_parts = by_parts and not chance and node != 0
            if chance:
                n = dispatch.chance_outcomes(kernel, state, moves, probabilities)
            elif listed_parts:
                prefix = move_of[node] if kind[node] == PART else dispatch.NO_PREFIX
                n = dispatch.part_moves(kernel, state, prefix, moves, whole)
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
                        if listed_parts:
                            whole[i], whole[j] = whole[j], whole[i]
                    player = dispatch.to_move(kernel, state)
                    if priors and not listed_parts:
                        dispatch.move_scores(kernel, state, moves, n, judged)
                        entered = prior_from_scores(judged, n, chances)  # the best first
                first = meta[NODES]
                uniform = not priors or chance or listed_parts
                for i in range(n):
                    child = first + i
                    move_of[child] = moves[i]
                    parent[child] = node
                    first_child[child] = NO_NODE
                    child_count[child] = UNEXPANDED
                    visits[child] = 0
                    reward[child] = 0.0
                    mover[child] = player
                    kind[child] = PART if listed_parts and whole[i] == 0 else DECISION
                    prior[child] = 1.0 / n if uniform else chances[i]
                meta[NODES] = first + n
                first_child[node] = first
                child_count[node] = n
                node = first + entered
                if kind[node] != PART:
                    depth += 1
                    if depth > meta[MAX_DEPTH]:
                        meta[MAX_DEPTH] = depth
                    dispatch.apply(kernel, state, moves[entered], scratch)
                    state, scratch = scratch, state
            else:
                meta[FULL] = 1  # keep simulating from this leaf without growing
        if by_parts and kind[node] == PART:
            state, scratch = complete_part(kernel, state, scratch, move_of[node], moves, whole, rng)
        # Playout with the game's light policy or scripted player (the dice at chance nodes) until
        # no move is left or `cut` plies are played.
        played = np.int64(0)
        while cut <= 0 or played < cut:
            played += 1
            if dispatch.is_chance(kernel, state):
                n = dispatch.chance_outcomes(kernel, state, moves, probabilities)
                dispatch.apply(kernel, state, moves[random_index(probabilities, n, rng)], scratch)
                state, scratch = scratch, state
                continue
            if scripted:
                n = dispatch.legal_moves(kernel, state, moves)
                if n == 0:
                    break
                move = dispatch.scripted_move(kernel, state, moves, n, rng)
            elif dispatch.has_playout_step(kernel):
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
def principal_variation(move_of, first_child, child_count, visits, kind, node, out):
    """Write the moves from `node` down its most visited children (the move into `node` first),
    whole moves only (a move chosen by parts is written once, as the whole move its parts reach);
    return their number (at most len(out))."""
    length = 0
    limit = out.shape[0]
    n_nodes = move_of.shape[0]
    while length < limit:
        if kind[node] != PART:
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
