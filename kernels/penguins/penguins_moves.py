"""Penguins move generation without tiles (P-1..P-8) on the kernel's uint64 words: neighbour
tables, slides, the plain move list, apply and the end checks.

Must agree move for move with the reference rules (solver/games/penguins/penguins_rules.py);
tests/penguins/test_penguins_differential.py checks that on thousands of random games. The tile
rules (kernels/penguins/penguins_tiles.py) build on these pieces. Word indices and codes come
from kernels/penguins/penguins_layout.py, the one definition the binding reads too.
"""

import numpy as np
from numba import njit

from kernels.bits import ONE, ZERO, bit, board_mask, copy_words, fill, lowest_square, popcount
from kernels.penguins.penguins_layout import *  # noqa: F403  (word indices, codes, sizes)

UNSETTLED = -1  # settled_status: only counting the moves can tell


def _step_table(wrap):
    """[size_id, direction, space] -> the neighbour for every board size (P-1): wrapping round the
    edges, or without wrapping (-1 off the board: P-15, P-19). Spaces beyond a board's size hold
    0 (wrapping) or -1. Built with whole-array numpy steps: it runs at every import of the kernel
    (a warm `caldera perft` pays for it)."""
    table = np.full((SIZE_SPAN * SIZE_SPAN, 6, 64), 0 if wrap else -1, dtype=np.int8)
    steps = np.array(DIRECTION_STEPS)
    for width in range(MIN_SIZE, MAX_SIZE + 1):
        for height in range(MIN_SIZE, MAX_SIZE + 1):
            size_id = (width - MIN_SIZE) * SIZE_SPAN + (height - MIN_SIZE)
            square = np.arange(width * height)
            q = square[None, :] % width + steps[:, :1]
            r = square[None, :] // width + steps[:, 1:]
            if wrap:
                table[size_id, :, :width * height] = (r % height) * width + q % width
            else:
                on_board = (0 <= q) & (q < width) & (0 <= r) & (r < height)
                table[size_id, :, :width * height] = np.where(on_board, r * width + q, -1)
    return table


def _line_table(neighbour):
    """LINE[size_id, direction, space]: mask of every space on the wrapped line that a slide
    from `space` in `direction` runs along (the whole cycle, the space itself included)."""
    rows = np.arange(neighbour.shape[0])[:, None, None]
    directions = np.arange(6)[None, :, None]
    current = np.broadcast_to(np.arange(64), neighbour.shape).astype(np.int64)
    lines = np.zeros(neighbour.shape, dtype=np.uint64)
    for _ in range(64):  # no cycle is longer than the 64 spaces of a board
        lines |= np.left_shift(np.uint64(1), current.astype(np.uint64))
        current = neighbour[rows, directions, current].astype(np.int64)
    return lines


def _around_table(steps):
    """Mask of the six neighbours of every space, from a neighbour table (-1 entries skipped)."""
    bits = np.where(steps >= 0, np.left_shift(np.uint64(1), np.maximum(steps, 0).astype(np.uint64)), np.uint64(0))
    return np.bitwise_or.reduce(bits, axis=1)


NEIGHBOUR = _step_table(wrap=True)
LINE = _line_table(NEIGHBOUR)
EDGE = _step_table(wrap=False)
NEAR = _around_table(NEIGHBOUR)  # wrapping: tent ring, freezing, radiation, blazing
EDGE_NEAR = _around_table(EDGE)  # not across the edge: the seagull's watch (FAQ Q6)


@njit(cache=True, inline="always")
def encode_move(action, square, direction):
    """The integer of a move."""
    return np.int64(square) | (np.int64(direction) << 6) | (np.int64(action) << 9)


@njit(cache=True, inline="always")
def size_id(state):
    """Row of NEIGHBOUR for this board size."""
    return (np.int64(state[WIDTH]) - MIN_SIZE) * SIZE_SPAN + (np.int64(state[HEIGHT]) - MIN_SIZE)


@njit(cache=True, inline="always")
def spaces(state):
    """Number of spaces on the board."""
    return np.int64(state[WIDTH]) * np.int64(state[HEIGHT])


@njit(cache=True, inline="always")
def occupied(state):
    """Mask of every space holding a piece or iceberg (all_occupied adds the other barriers)."""
    return (
        state[EGGS] | state[EGGS + 1] | state[PENGUINS] | state[PENGUINS + 1]
        | state[STARS] | state[STARS + 1] | state[ICEBERGS]
    )


@njit(cache=True, inline="always")
def trace(state, me, start, direction):
    """Follow a slide of side `me` (P-6) without changing anything.

    Returns (spaces entered, mask of the rival eggs captured); the count is -1 when the slide is
    illegal (endless, onto a rival penguin, or no move). The spaces entered are the start's
    next neighbours in `direction`, so the count alone says where the slide stops.
    """
    rival = 1 - me
    start_bit = bit(start)
    # The start space is empty while the penguin slides (P-6), so it never stops it.
    stoppers = (state[ICEBERGS] | state[EGGS + me] | state[PENGUINS + me] | state[STARS + me]) & ~start_bit
    rival_penguins = state[PENGUINS + rival] | state[STARS + rival]
    size = size_id(state)
    if LINE[size, direction, start] & (stoppers | rival_penguins) == ZERO:
        return -1, ZERO  # nothing on the whole line stops it: the endless loop, not walked
    table = NEIGHBOUR[size, direction]
    current = start
    n = 0
    travelled = ZERO
    while True:
        current = np.int64(table[current])
        mask = bit(current)
        if stoppers & mask:
            break
        if rival_penguins & mask:
            return -1, ZERO
        travelled |= mask
        n += 1
    if n == 0:
        return -1, ZERO
    return n, travelled & state[EGGS + rival]


@njit(cache=True, inline="always")
def hatchling_stock(state, side):
    """ASSISTANT (1) or star (2) for the next hatch of `side` (P-5), 0 if no penguin is unused."""
    if state[UNUSED_ASSISTANTS + side] > ZERO:
        return 1
    if state[UNUSED_STARS + side] > ZERO:
        return 2
    return 0


@njit(cache=True)
def game_over(state):
    """True when a supply is empty (P-8) or the ply cap is reached: no move may follow."""
    return state[SUPPLY] == ZERO or state[SUPPLY + 1] == ZERO or state[PLY] >= state[PLY_CAP]


@njit(cache=True)
def actions(state, out):
    """Write the legal actions into `out`, ignoring whether the game is over; return their number."""
    n = 0
    n_spaces = spaces(state)
    empty = board_mask(n_spaces) & ~occupied(state)
    if state[PHASE] == SETUP_PHASE:
        action = RIVAL_EGG
    else:
        action = LAND
    bits = empty
    while bits:
        square = lowest_square(bits)
        bits &= bits - ONE
        out[n] = encode_move(action, square, 0)
        n += 1
    if action == RIVAL_EGG:
        return n
    me = np.int64(state[TURN])
    if hatchling_stock(state, me) != 0:
        bits = state[EGGS + me]
        while bits:
            square = lowest_square(bits)
            bits &= bits - ONE
            out[n] = encode_move(HATCH, square, 0)
            n += 1
    bits = state[PENGUINS + me] | state[STARS + me]
    # Slides in space order then direction order, matching the reference's listing order.
    while bits:
        square = lowest_square(bits)
        bits &= bits - ONE
        for direction in range(6):
            if trace(state, me, square, direction)[0] > 0:
                out[n] = encode_move(SLIDE, square, direction)
                n += 1
    return n


@njit(cache=True, inline="always")
def all_occupied(state):
    """Mask of every space holding a piece or any barrier."""
    return occupied(state) | state[SEAGULL] | state[EMPEROR] | state[NEST] | state[SEAL]


@njit(cache=True)
def settled_status(state):
    """What P-8 says without generating moves, checked in its order: a win by an empty supply
    (the side that just moved first), the ply cap's draw, ONGOING while a space is empty (landing
    or a setup egg is always possible); UNSETTLED when only the number of moves can tell."""
    me = np.int64(state[TURN])
    just_moved = 1 - me
    if state[SUPPLY + just_moved] == ZERO:
        return WIN_A + just_moved
    if state[SUPPLY + me] == ZERO:
        return WIN_A + me
    if state[PLY] >= state[PLY_CAP]:
        return DRAW
    if board_mask(spaces(state)) & ~all_occupied(state):
        return ONGOING
    return UNSETTLED


@njit(cache=True, inline="always")
def stuck_status(state, count):
    """The status of a full board whose mover has `count` legal moves: none loses (P-8)."""
    if count == 0:
        return WIN_A + (1 - np.int64(state[TURN]))
    return ONGOING


@njit(cache=True)
def outcome_values(outcome, values):
    """Each side's result of a finished game's status: 1 win, 0 loss, 0.5 draw."""
    fill(values, 0.5)
    if outcome == WIN_A:
        values[0], values[1] = 1.0, 0.0
    elif outcome == WIN_B:
        values[0], values[1] = 0.0, 1.0


@njit(cache=True)
def plain_apply(state, move, out):
    """apply for a position without tiles, writing only the words such a move can change: the
    tile words of `out` must already be the state's (perft keeps them so, and saves the copy)."""
    copy_words(state, out, 0, PLAIN_LEN)
    square = move & 63
    direction = (move >> 6) & 7
    action = (move >> 9) & 7
    me = np.int64(state[TURN])
    rival = 1 - me
    mask = bit(square)
    out[TURN] = np.uint64(rival)
    out[PLY] = state[PLY] + ONE
    if action == RIVAL_EGG:
        # P-4: the egg comes from the opponent's supply; after B's placement A plays first.
        out[EGGS + rival] |= mask
        out[SUPPLY + rival] -= ONE
        if me == 1:
            out[PHASE] = np.uint64(PLAY_PHASE)
            out[TURN] = ZERO
    elif action == LAND:
        out[EGGS + me] |= mask
        out[SUPPLY + me] -= ONE
    elif action == HATCH:
        out[EGGS + me] &= ~mask
        out[SUPPLY + me] += ONE
        if hatchling_stock(state, me) == 1:
            out[PENGUINS + me] |= mask
            out[UNUSED_ASSISTANTS + me] -= ONE
        else:
            out[STARS + me] |= mask
            out[UNUSED_STARS + me] -= ONE
    else:
        n, captured = trace(state, me, square, direction)
        out[EGGS + rival] &= ~captured
        out[SUPPLY + rival] += np.uint64(popcount(captured))
        table = NEIGHBOUR[size_id(state), direction]
        stop = square
        for i in range(n):
            stop = np.int64(table[stop])
        layer = PENGUINS + me if state[PENGUINS + me] & mask else STARS + me
        out[layer] = (out[layer] & ~mask) | bit(stop)
        # P-7: eggs on the start space, then the passed spaces in order, until the supply is empty.
        supply = out[SUPPLY + me]
        lay = square
        for i in range(n):
            if supply == ZERO:
                break
            out[EGGS + me] |= bit(lay)
            supply -= ONE
            lay = np.int64(table[lay])
        out[SUPPLY + me] = supply
