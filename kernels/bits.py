"""Bit helpers shared by every kernel: population count, lowest set bit, single-bit masks; word
copies and the move-list writer `put`.

All bit work is on np.uint64 with explicit casts (docs/adding-a-game.md: mixed signed and
unsigned operands silently become int64 and go wrong at bit 63).
"""

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic

ONE = np.uint64(1)
ZERO = np.uint64(0)


@intrinsic
def _ctpop(typingctx, x):
    """LLVM's population count of a uint64."""
    sig = types.uint64(types.uint64)

    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])

    return sig, codegen


@intrinsic
def _cttz(typingctx, x):
    """LLVM's count of trailing zeros of a uint64 (64 for zero)."""
    sig = types.uint64(types.uint64)

    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))

    return sig, codegen


# Array copies and fills are written as loops: a slice assignment (`out[:] = state`) pulls numpy's
# broadcasting machinery into the first compile of every process, about 2-4 s (measured).


@njit(cache=True, inline="always")
def copy_words(source, target, start=0, stop=-1):
    """target[i] = source[i] for start <= i < stop (stop -1: to the end)."""
    end = source.shape[0] if stop < 0 else stop
    for i in range(start, end):
        target[i] = source[i]


@njit(cache=True, inline="always")
def fill_rows(rows, row):
    """Every row of the 2-D array `rows` becomes a copy of `row`."""
    for r in range(rows.shape[0]):
        for i in range(row.shape[0]):
            rows[r, i] = row[i]


@njit(cache=True, inline="always")
def fill(array, value):
    """Every element of the 1-D `array` becomes `value`."""
    for i in range(array.shape[0]):
        array[i] = value


@njit(cache=True, inline="always")
def put(out, n, move):
    """Write `move` at out[n] when there is room; return n + 1 (a move list's true count goes on
    past a full buffer)."""
    if n < out.shape[0]:
        out[n] = move
    return n + 1


@njit(cache=True, inline="always")
def popcount(x):
    """Number of set bits of a uint64 word."""
    return np.int64(_ctpop(np.uint64(x)))


@njit(cache=True, inline="always")
def lowest_square(x):
    """Index of the lowest set bit of a non-zero uint64 word."""
    return np.int64(_cttz(np.uint64(x)))


@njit(cache=True, inline="always")
def bit(square):
    """The one-bit mask of a space index."""
    return ONE << np.uint64(square)


@njit(cache=True, inline="always")
def board_mask(spaces):
    """The mask of the first `spaces` bits (all 64 when spaces == 64)."""
    if spaces >= 64:
        return ~ZERO
    return (ONE << np.uint64(spaces)) - ONE


@njit(cache=True, inline="always")
def hash_words(state, skip):
    """A 64-bit hash of a state array, word `skip` left out (-1: none): multiply-xorshift per
    word, then a final mix."""
    h = np.uint64(0x9E3779B97F4A7C15)
    for i in range(state.shape[0]):
        if i != skip:
            h = (h ^ np.uint64(state[i])) * np.uint64(0xBF58476D1CE4E5B9)
            h ^= h >> np.uint64(29)
    h = (h ^ (h >> np.uint64(32))) * np.uint64(0x94D049BB133111EB)
    return h ^ (h >> np.uint64(29))


@njit(cache=True)
def state_hash(state):
    """A 64-bit hash of a whole state array."""
    return hash_words(state, -1)
