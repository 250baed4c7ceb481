"""The exact solver's numba core, written once for every game whose kernel can enumerate its
positions: a breadth-first enumeration of every position reachable from a root into an explicit
graph, then value iteration over that graph, turn by turn (the driver is solver/engines/exact/exact_search.py).

The kernel (named by the literal first argument, kernels/dispatch.py) supplies, besides the
usual operations, `solve_key(state, key)` (the SOLVE_KEY_LEN words that tell positions apart,
the turn clock left out), `solve_state(root, key, out)` (the position of a key: the root's fixed
words, turn 0, no turn cap) and `turn_clock(state)` (turns played).

The graph, in flat arrays (node i is the i-th position found; node 0 the root):

    keys[i]              the node's key
    kind[i]              DECISION, CHANCE or TERMINAL
    mover[i]             the seat to move at a decision
    first[i]..first[i+1] its edges; edge e leads to node target[e] >> 1, and target[e] & 1 is
                         set when the move ends a turn (the turn clock goes up)
    probability[e]       the chance of the outcome at a chance node (0 at a decision)

Value iteration counts turns: after k sweeps, values[i] is the value of node i with k turns
left. Within a sweep the nodes are visited in `order`, every node after the nodes its
same-turn edges lead to (a turn's moves form no cycle: each luck re-roll spends a tile, each
roll of Pig adds to the turn total), so a same-turn edge reads this sweep's value and an edge
that ends a turn reads the last sweep's. A game without a turn cap is solved in place instead
(Gauss-Seidel: an edge that ends a turn reads the newest value, so the sweeps no longer count
turns; Pig to 100 converges in 140 of them, docs/PERFORMANCE.md).
Values are each seat's expected result (1 win, 0 loss,
1/k of a win shared by k seats), the mover maximising its own; a game still running when the
turns run out is a draw shared by all seats. With one seat the value is instead the expected
number of turns to the end, which the mover minimises (a turn's edge costs one turn; a game
still running when the turns run out counts the penalty the driver starts the values from,
solver/engines/exact/exact_search.py `start_values`).
"""

import numba
import numpy as np
from numba import njit

from kernels import dispatch

DECISION, CHANCE, TERMINAL = 0, 1, 2
EMPTY = -1
# The `counts` array of an enumeration: nodes found, edges written, next node to expand, status.
NODES, EDGES, NEXT, STATUS = 0, 1, 2, 3
DONE, NEED_NODES, NEED_EDGES = 0, 1, 2
# Depth-first colours of the ordering.
WHITE, GREY, BLACK = 0, 1, 2


@njit(cache=True, inline="always")
def _slot(table, keys, key):
    """The table slot holding `key`, or the empty slot where it belongs (open addressing)."""
    h = np.uint64(0x9E3779B97F4A7C15)
    for w in range(key.shape[0]):
        h = (h ^ key[w]) * np.uint64(0xBF58476D1CE4E5B9)
        h ^= h >> np.uint64(31)
    mask = np.uint64(table.shape[0] - 1)
    slot = np.int64(h & mask)
    while True:
        node = table[slot]
        if node == EMPTY:
            return slot
        same = True
        for w in range(key.shape[0]):
            if keys[node, w] != key[w]:
                same = False
                break
        if same:
            return slot
        slot = (slot + 1) & np.int64(mask)


@njit(cache=True, nogil=True)
def find(table, keys, key):
    """The node of `key`, or -1 if the enumeration did not reach it."""
    return table[_slot(table, keys, key)]


@njit(cache=True, nogil=True)
def rehash(table, keys, nodes):
    """Fill the empty `table` with the first `nodes` keys (after the arrays grew)."""
    for node in range(nodes):
        table[_slot(table, keys, keys[node])] = node


@njit(cache=True, nogil=True)
def enumerate_graph(kernel, root, keys, table, kind, mover, first, target, probability, values, players, counts, stop):
    """Expand nodes from counts[NEXT] on, finding their successors (breadth first) until every
    node is expanded (status DONE) or the arrays are full (NEED_NODES / NEED_EDGES: the driver
    grows them and calls again). Terminal nodes get their results in `values` (0 turns to go
    with one seat). Stops early when stop[0] != 0."""
    numba.literally(kernel)
    width = dispatch.max_moves(kernel)
    moves = np.empty(width, dtype=np.int64)
    chances = np.empty(width, dtype=np.float64)
    state = root.copy()
    after = root.copy()
    key = np.empty(keys.shape[1], dtype=np.uint64)
    results = np.zeros(dispatch.seats(kernel), dtype=np.float64)
    if counts[NODES] == 0:
        dispatch.solve_key(kernel, root, key)
        for w in range(key.shape[0]):
            keys[0, w] = key[w]
        table[_slot(table, keys, key)] = 0
        first[0] = 0
        counts[NODES] = 1
    while counts[NEXT] < counts[NODES]:
        if stop[0] != 0:
            break
        node = counts[NEXT]
        dispatch.solve_state(kernel, root, keys[node], state)
        edges = counts[EDGES]
        if dispatch.is_over(kernel, state):
            kind[node] = TERMINAL
            dispatch.terminal_values(kernel, state, results)
            for s in range(players):
                values[node, s] = results[s] if players > 1 else 0.0
            n = 0
        else:
            chance = dispatch.is_chance(kernel, state)
            if chance:
                n = dispatch.chance_outcomes(kernel, state, moves, chances)
                kind[node] = CHANCE
            else:
                n = dispatch.legal_moves(kernel, state, moves)
                kind[node] = DECISION
                mover[node] = dispatch.to_move(kernel, state)
            if counts[NODES] + n > keys.shape[0]:
                counts[STATUS] = NEED_NODES
                return
            if edges + n > target.shape[0]:
                counts[STATUS] = NEED_EDGES
                return
            clock = dispatch.turn_clock(kernel, state)
            for i in range(n):
                dispatch.apply(kernel, state, moves[i], after)
                dispatch.solve_key(kernel, after, key)
                slot = _slot(table, keys, key)
                found = table[slot]
                if found == EMPTY:
                    found = counts[NODES]
                    for w in range(key.shape[0]):
                        keys[found, w] = key[w]
                    table[slot] = found
                    counts[NODES] = found + 1
                ends_turn = 1 if dispatch.turn_clock(kernel, after) > clock else 0
                target[edges + i] = np.int32(found * 2 + ends_turn)
                probability[edges + i] = chances[i] if chance else 0.0
        counts[EDGES] = edges + n
        first[node + 1] = edges + n
        counts[NEXT] = node + 1
    counts[STATUS] = DONE


@njit(cache=True, nogil=True)
def turn_order(nodes, first, target, order):
    """Write into `order` every node after the nodes its same-turn edges lead to (depth first,
    post-order); returns -1, or a node on a cycle of same-turn edges (the values would be
    undefined)."""
    colour = np.zeros(nodes, dtype=np.int8)
    stack = np.empty(nodes, dtype=np.int64)
    edge_at = np.empty(nodes, dtype=np.int64)
    written = 0
    # Nodes found last first (nearer the end of the game): the same number of sweeps, but in an
    # order that reads memory better; Pig to 100 iterated in 12.5 s instead of 29 s.
    for start in range(nodes - 1, -1, -1):
        if colour[start] != WHITE:
            continue
        depth = 0
        stack[0] = start
        edge_at[0] = first[start]
        colour[start] = GREY
        while depth >= 0:
            node = stack[depth]
            e = edge_at[depth]
            if e == first[node + 1]:
                colour[node] = BLACK
                order[written] = node
                written += 1
                depth -= 1
                continue
            edge_at[depth] = e + 1
            if target[e] & 1:
                continue  # ends the turn: read from the last sweep
            child = np.int64(target[e] >> 1)
            if colour[child] == GREY:
                return child
            if colour[child] == WHITE:
                colour[child] = GREY
                depth += 1
                stack[depth] = child
                edge_at[depth] = first[child]
    return -1


@njit(cache=True, nogil=True, inline="always")
def _edge_value(e, s, target, old, new, players):
    """Seat s's value through edge e: this sweep's for a same-turn edge, else the last sweep's
    (with one seat, plus the turn the edge ends)."""
    t = target[e]
    if t & 1:
        return old[t >> 1, s] + (1.0 if players == 1 else 0.0)
    return new[t >> 1, s]


@njit(cache=True, nogil=True, inline="always")
def best_edge(node, first, target, mover, old, new, players):
    """The decision's edge with the best value for its mover (the first of equals): the highest
    expected result, or with one seat the fewest expected turns."""
    best = first[node]
    seat = 0 if players == 1 else np.int64(mover[node])
    sign = -1.0 if players == 1 else 1.0
    best_value = sign * _edge_value(best, seat, target, old, new, players)
    for e in range(first[node] + 1, first[node + 1]):
        value = sign * _edge_value(e, seat, target, old, new, players)
        if value > best_value:
            best, best_value = e, value
    return best


@njit(cache=True, nogil=True)
def sweep(order, kind, mover, first, target, probability, old, new, players):
    """One sweep: `new` from `old` (one more turn left); returns the largest change of a value.
    With `new` the same array as `old` the sweep works in place (Gauss-Seidel): an edge that
    ends a turn then reads the newest value there is."""
    change = 0.0
    row = np.empty(players, dtype=np.float64)  # the node's values, written once all are known
    for i in range(order.shape[0]):
        node = order[i]
        if kind[node] == TERMINAL:
            continue
        if kind[node] == CHANCE:
            for s in range(players):
                total = 0.0
                for e in range(first[node], first[node + 1]):
                    total += probability[e] * _edge_value(e, s, target, old, new, players)
                row[s] = total
        else:
            e = best_edge(node, first, target, mover, old, new, players)
            for s in range(players):
                row[s] = _edge_value(e, s, target, old, new, players)
        for s in range(players):
            change = max(change, abs(row[s] - old[node, s]))
            new[node, s] = row[s]
    return change


@njit(cache=True, nogil=True)
def edge_value(e, s, target, old, new, players):
    """`_edge_value` for Python (the driver's reports)."""
    return _edge_value(e, s, target, old, new, players)


@njit(cache=True, nogil=True)
def decision_edge(node, first, target, mover, old, new, players):
    """`best_edge` for Python (the driver's principal variations)."""
    return best_edge(node, first, target, mover, old, new, players)


@njit(cache=True, nogil=True)
def iterate(order, kind, mover, first, target, probability, a, b, players, sweeps, tolerance, stop):
    """Up to `sweeps` sweeps alternating between `a` and `b` (`a` holds the values to start
    from); stops once a sweep changes no value by more than `tolerance`, or when stop[0] != 0.
    Returns (sweeps done, the last change); the newest values are in `b` after an odd number of
    sweeps, else in `a`."""
    change = np.inf
    done = 0
    while done < sweeps and change > tolerance and stop[0] == 0:
        if done % 2 == 0:
            change = sweep(order, kind, mover, first, target, probability, a, b, players)
        else:
            change = sweep(order, kind, mover, first, target, probability, b, a, players)
        done += 1
    return done, change
