"""Moves chosen part by part (kernels/dispatch.py part_moves): the prefix that asks for a move's
first parts, and the parts of a listed set of moves grouped by nested bit masks, for a kernel
that has no cheaper way to list them (kernels/grouped/penguins_grouped.py: a slow reference).

A grouped part of level k is the bits of `masks[k - 1]` its moves share, tagged with k above
LEVEL_SHIFT; a move alone in its group is written as the whole move at once (so a list can mix
parts and whole moves), and below the last mask every move is whole.
"""

import numpy as np
from numba import njit

NO_PREFIX = -1  # part_moves' prefix for the first parts of a move
LEVEL_SHIFT = 24  # a grouped part's level sits above its bits: masks use bits 0-23 only
BITS = (1 << LEVEL_SHIFT) - 1


@njit(cache=True, inline="always")
def put_part(out, whole, written, code, complete):
    """Write one part (a whole move where `complete`) at `written` if there is room; return the count after it."""
    if written < out.shape[0]:
        out[written] = code
        whole[written] = 1 if complete else 0
    return written + 1


@njit(cache=True)
def grouped_parts(moves, n, prefix, masks, out, whole):
    """The parts of the `n` whole `moves` that extend `prefix` (NO_PREFIX: the first parts),
    grouped by the nested `masks` (each one's bits a superset of the one before); writes at most
    len(out) of them into `out` and `whole` (part_moves' contract), returns their true number."""
    level = np.int64(0) if prefix == NO_PREFIX else np.int64(prefix >> LEVEL_SHIFT)
    fixed = np.int64(0) if level == 0 else masks[level - 1]
    want = np.int64(0) if level == 0 else np.int64(prefix & BITS)
    inside = np.empty(n, dtype=np.int64)  # the moves that extend the prefix
    m = 0
    for i in range(n):
        if moves[i] & fixed == want:
            inside[m] = moves[i]
            m += 1
    written = np.int64(0)
    if level == masks.shape[0]:  # below the last mask: every move is whole
        for i in range(m):
            written = put_part(out, whole, written, inside[i], True)
        return written
    keys = inside[:m] & masks[level]
    order = np.argsort(keys, kind="mergesort")  # each group together, its moves in listed order
    i = 0
    while i < m:
        end = i + 1
        while end < m and keys[order[end]] == keys[order[i]]:
            end += 1
        if end - i > 1:
            written = put_part(out, whole, written, keys[order[i]] | ((level + 1) << LEVEL_SHIFT), False)
        else:
            written = put_part(out, whole, written, inside[order[i]], True)
        i = end
    return written
