"""Perft written once for every game, in numba: the number of move sequences of a given depth.

Depth counts decisions (ruling P-8a); a chance outcome (a dice roll) does not use up depth, so
each outcome path counts, as the reference rules' `perft` of each game does. The last decision
ply is counted in bulk (the number of legal moves of each position one ply above the leaves,
without applying them), as chess perft programs do. The move buffers grow when a position has
more legal moves than its kernel's MAX_MOVES (penguins tiles, P-9).

An explicit stack instead of recursion keeps the buffers preallocated; the stop flag is read
every 1024 positions, so Ctrl-C ends even a long count within a moment (the count so far is
then incomplete and the caller says so).
"""

import numba
import numpy as np
from numba import njit
from numba.extending import overload

from kernels import dispatch
from kernels.bits import fill_rows

CHECK_EVERY = 1023


@njit(cache=True, nogil=True)
def perft(kernel, root, depth, stop):
    """Move sequences of exactly `depth` decision plies from `root` with the kernel named `kernel`
    (a literal); stops early, with the count so far, when stop[0] != 0."""
    numba.literally(kernel)
    if depth <= 0:
        return np.int64(1)
    width = np.int64(dispatch.max_moves(kernel))
    while True:
        total, needed = count_for(kernel, root, np.int64(depth), width, stop)
        if needed == 0:
            return total
        width = needed  # a position had more moves than the buffers: count again with room


def count_for(kernel, root, depth, width, stop):
    """`count` or, for a kernel with chance moves, `count_through_chance` (chosen while numba
    types the caller, so only the one the kernel needs is compiled)."""
    raise TypeError("count_for runs inside jitted code")


@overload(count_for, jit_options={"cache": True}, inline="always")
def _count_for(kernel, root, depth, width, stop):
    if dispatch.kernel_constant(kernel, "HAS_CHANCE"):
        return lambda kernel, root, depth, width, stop: count_through_chance(kernel, root, depth, width, stop)
    return lambda kernel, root, depth, width, stop: count(kernel, root, depth, width, stop)


@njit(cache=True, nogil=True)
def count(kernel, root, depth, width, stop):
    """(perft, 0) of a game without chance, with move buffers `width` long; (0, moves needed) as
    soon as a position has more legal moves than that (nothing was counted then)."""
    states = np.empty((depth, root.shape[0]), dtype=root.dtype)
    fill_rows(states, root)  # apply may leave the words no move changes as they are (kernels/dispatch.py)
    moves = np.empty((depth, width), dtype=np.int64)
    n_moves = np.zeros(depth, dtype=np.int64)
    next_move = np.zeros(depth, dtype=np.int64)
    n_moves[0] = dispatch.move_count(kernel, root, moves[0])
    if depth == 1 or n_moves[0] > width:
        return (n_moves[0], np.int64(0)) if depth == 1 else (np.int64(0), n_moves[0])
    total = np.int64(0)
    visited = np.int64(0)
    level = 0
    while level >= 0:
        if next_move[level] == n_moves[level]:
            level -= 1
            continue
        visited += 1
        if visited & CHECK_EVERY == 0 and stop[0] != 0:
            break
        move = moves[level, next_move[level]]
        next_move[level] += 1
        dispatch.apply(kernel, states[level], move, states[level + 1])
        n = dispatch.move_count(kernel, states[level + 1], moves[level + 1])
        if level + 2 == depth:
            total += n  # the last ply, counted in bulk
        else:
            if n > width:
                return np.int64(0), n
            level += 1
            n_moves[level] = n
            next_move[level] = 0
    return total, np.int64(0)


@njit(cache=True, nogil=True)
def count_through_chance(kernel, root, depth, width, stop):
    """count for a game with chance moves: each outcome of a roll is expanded without using up
    depth."""
    # Rolls can follow one another (meerkats: every player's tile draw and friend reveal at the
    # start), so no bound on the levels follows from `depth`: the stack grows when it is full.
    levels = 2 * depth + 2
    states = np.empty((levels, root.shape[0]), dtype=root.dtype)
    fill_rows(states, root)
    moves = np.empty((levels, width), dtype=np.int64)
    probabilities = np.empty(width, dtype=np.float64)
    n_moves = np.zeros(levels, dtype=np.int64)
    next_move = np.zeros(levels, dtype=np.int64)
    remaining = np.zeros(levels, dtype=np.int64)  # decision plies still to count below each level
    chance = np.zeros(levels, dtype=np.bool_)
    total = np.int64(0)
    visited = np.int64(0)
    level = -1
    left = depth
    while True:
        # states[level + 1] is new: list its moves (the outcomes at a roll), or count them when
        # one decision is left.
        child = states[level + 1]
        roll = dispatch.is_chance(kernel, child)
        if roll:
            n = dispatch.chance_outcomes(kernel, child, moves[level + 1], probabilities)
        else:
            n = dispatch.move_count(kernel, child, moves[level + 1])
            if n > width:
                return np.int64(0), n
        if roll or left > 1:
            level += 1
            if level + 1 == levels:  # the next apply writes states[level + 1]: double the stack
                levels *= 2
                states = more_rows(states, levels, root)
                moves = more_rows(moves, levels, moves[0])
                n_moves, next_move, remaining = longer(n_moves, levels), longer(next_move, levels), longer(remaining, levels)
                chance = longer(chance, levels)
            n_moves[level], next_move[level], remaining[level], chance[level] = n, 0, left, roll
        else:
            total += n
        while level >= 0 and next_move[level] == n_moves[level]:
            level -= 1
        if level < 0:
            return total, np.int64(0)
        visited += 1
        if visited & CHECK_EVERY == 0 and stop[0] != 0:
            return total, np.int64(0)
        move = moves[level, next_move[level]]
        next_move[level] += 1
        dispatch.apply(kernel, states[level], move, states[level + 1])
        left = remaining[level] if chance[level] else remaining[level] - 1


@njit(cache=True, nogil=True)
def more_rows(rows, count, filler):
    """`rows` with `count` rows in all: the old ones, then copies of `filler`."""
    out = np.empty((count, rows.shape[1]), dtype=rows.dtype)
    fill_rows(out, filler)
    for r in range(rows.shape[0]):  # loops, not slices: a slice assignment costs seconds of compile
        for i in range(rows.shape[1]):
            out[r, i] = rows[r, i]
    return out


@njit(cache=True, nogil=True)
def longer(values, count):
    """`values` with `count` entries in all, the new ones zero."""
    out = np.zeros(count, dtype=values.dtype)
    for i in range(values.shape[0]):
        out[i] = values[i]
    return out
