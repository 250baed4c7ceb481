"""Penguins bitboard kernel: move generation, apply and status on one flat uint64 array.

Must agree move for move with the reference rules in solver/games/penguins/penguins_rules.py (rulings P-1..P-23);
tests/penguins/test_penguins_differential.py checks that on thousands of random games, with and without tiles.

State layout: one 64-bit word per layer (bit index = r * W + q, P-1), then counters, then the
barrier and terrain words of the tiles (P-11..P-23) and the TILES flag. A position without tiles
(TILES = 0) takes the plain fast path of P-1..P-8; the tile rules run only where TILES = 1.
Move layout (int64, docs/notation.md section 6): bits 0-5 space, 6-8 direction, 9-11 action, and
from bit 12 the choices of P-9 (hole jump, storm throw, river order and branches, seagull, krill,
emperor penguin, seal, blazing removal); a move without tiles keeps bits 12 and up 0.

Moves of a tile position can be very many (seagull x krill x emperor x seal choices multiply):
legal_moves writes at most len(out) of them and returns the true number, so a caller sees that
its buffer was too small. MAX_MOVES (4096) sizes the search buffers; perft grows its own.
"""

import numpy as np
from numba import njit

from kernels.bits import ONE, ZERO, bit, board_mask, lowest_square, popcount
from kernels.rng import random_below, random_unit

# Layers: word index, plus the side (0 = A, 1 = B) where a layer belongs to a side.
EGGS = 0
PENGUINS = 2  # assistant penguins
STARS = 4
ICEBERGS = 6
# Counters.
SUPPLY = 7  # + side: eggs in hand
UNUSED_ASSISTANTS = 9  # + side
UNUSED_STARS = 11  # + side
TURN = 13
PHASE = 14  # SETUP_PHASE or PLAY_PHASE
PLY = 15
PLY_CAP = 16
WIDTH = 17
HEIGHT = 18
# Barriers beyond icebergs (P-11..P-14): one each at most; they move (tent, river, own steps).
SEAGULL, EMPEROR, NEST, SEAL = 19, 20, 21, 22
# Terrain (P-15..P-23): flat tiles fixed for the whole game.
STORM, TENT_CW, TENT_CCW, HOLES, FREEZING, RADIATION, SEAWEED, BLAZING, KRILL, RIVER = range(23, 33)
RIVER_ARROWS = 33  # + direction: the river tiles with an arrow that way (P-19)
TILES = 39  # 1 when the position has a barrier other than icebergs or any terrain
STATE_LEN = 40
FIRST_TILE_WORD = SEAGULL  # words SEAGULL .. TILES - 1 hold the tiles
PLAIN_LEN = SEAGULL  # the words a position without tiles uses

SETUP_PHASE, PLAY_PHASE = 0, 1
RIVAL_EGG, LAND, HATCH, SLIDE, ORBIT = 0, 1, 2, 3, 4
ONGOING, WIN_A, WIN_B, DRAW = 0, 1, 2, 3
# Timing of the emperor penguin (P-12) and the seal (P-14) in a move.
BEFORE, AFTER = 1, 2
# Room for the moves of one position in the search buffers; a tile position can have more (then
# legal_moves returns the true number and writes only MAX_MOVES). Without tiles: < 256.
MAX_MOVES = 4096
PLAIN_MOVES = 256  # landing on every space + hatching every egg + 6 slides of 9 penguins < 256
# Bit fields of the move integer (docs/notation.md section 6); squares and directions stored + 1
# where 0 means "none".
HOLE_JUMP = 12
STORM_THROW = 13
RIVER_FIRST = 16
RIVER_PRIORITY = 17
BRANCHES = 18
SEAGULL_TARGET = 20
KRILL_1, KRILL_2 = 27, 34
EMPEROR_TIMING, EMPEROR_DIRECTION = 41, 43
SEAL_TIMING, SEAL_DIRECTION = 46, 48
BLAZING_EGG = 51
ORBIT_STEPS = 5  # P-13
PATH_ROOM = 72  # spaces an exploration can enter: every space once, plus a storm's throw
DIRECTION_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))  # P-1: E W SE NW NE SW
RING = (0, 2, 5, 1, 3, 4)  # the neighbours clockwise on the board picture: E SE SW W NW NE
MIN_SIZE, MAX_SIZE = 4, 8
# Every layer a piece or barrier can be on, for effects that move whatever stands on a space.
PIECE_LAYERS = np.array([EGGS, EGGS + 1, PENGUINS, PENGUINS + 1, STARS, STARS + 1, ICEBERGS,
                         SEAGULL, EMPEROR, NEST, SEAL], dtype=np.int64)


def _neighbour_table():
    """NEIGHBOUR[size_id, direction, space]: the wrapped neighbour for every board size (P-1)."""
    span = MAX_SIZE - MIN_SIZE + 1
    table = np.zeros((span * span, 6, 64), dtype=np.int8)
    for width in range(MIN_SIZE, MAX_SIZE + 1):
        for height in range(MIN_SIZE, MAX_SIZE + 1):
            size_id = (width - MIN_SIZE) * span + (height - MIN_SIZE)
            for d, (dq, dr) in enumerate(DIRECTION_STEPS):
                for square in range(width * height):
                    q, r = square % width, square // width
                    table[size_id, d, square] = ((r + dr) % height) * width + (q + dq) % width
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


def _edge_table():
    """EDGE[size_id, direction, space]: the neighbour without wrapping, -1 off the board (P-15, P-19)."""
    span = MAX_SIZE - MIN_SIZE + 1
    table = np.full((span * span, 6, 64), -1, dtype=np.int8)
    for width in range(MIN_SIZE, MAX_SIZE + 1):
        for height in range(MIN_SIZE, MAX_SIZE + 1):
            size_id = (width - MIN_SIZE) * span + (height - MIN_SIZE)
            for d, (dq, dr) in enumerate(DIRECTION_STEPS):
                for square in range(width * height):
                    q, r = square % width + dq, square // width + dr
                    if 0 <= q < width and 0 <= r < height:
                        table[size_id, d, square] = r * width + q
    return table


def _around_table(steps):
    """Mask of the six neighbours of every space, from a neighbour table (-1 entries skipped)."""
    table = np.zeros((steps.shape[0], 64), dtype=np.uint64)
    for size_id in range(steps.shape[0]):
        for square in range(64):
            for d in range(6):
                if steps[size_id, d, square] >= 0:
                    table[size_id, square] |= np.uint64(1) << np.uint64(steps[size_id, d, square])
    return table


NEIGHBOUR = _neighbour_table()
LINE = _line_table(NEIGHBOUR)
EDGE = _edge_table()
NEAR = _around_table(NEIGHBOUR)  # wrapping: tent ring, freezing, radiation, blazing
EDGE_NEAR = _around_table(EDGE)  # not across the edge: the seagull's watch (FAQ Q6)
SIZE_SPAN = MAX_SIZE - MIN_SIZE + 1


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


@njit(cache=True)
def legal_moves(state, out):
    """Write the legal moves into `out` (at most len(out) of them) and return their number (0 once
    the game is over)."""
    if game_over(state):
        return 0
    # The plain generator writes without checking for room; the tile one checks, and also plays
    # positions without tiles (the same rules with every tile word 0).
    if state[TILES] == ZERO and out.shape[0] >= PLAIN_MOVES:
        return actions(state, out)
    return tile_moves(state, out)


@njit(cache=True)
def status(state):
    """ONGOING, WIN_A, WIN_B or DRAW, checked in P-8's order."""
    me = np.int64(state[TURN])
    just_moved = 1 - me
    if state[SUPPLY + just_moved] == ZERO:
        return WIN_A + just_moved
    if state[SUPPLY + me] == ZERO:
        return WIN_A + me
    if state[PLY] >= state[PLY_CAP]:
        return DRAW
    if board_mask(spaces(state)) & ~all_occupied(state):
        return ONGOING  # an empty space: landing (or a setup egg) is always possible
    if state[TILES] == ZERO:
        count = actions(state, np.empty(PLAIN_MOVES, dtype=np.int64))
    else:
        count = tile_moves(state, np.empty(1, dtype=np.int64))  # only the number matters
    if count == 0:
        return WIN_A + (1 - me)
    return ONGOING


@njit(cache=True)
def apply(state, move, out):
    """Write into `out` the position after the legal `move` (legality is not checked)."""
    if state[TILES] != ZERO:
        tile_apply(state, move, out)
        return
    out[PLAIN_LEN:] = state[PLAIN_LEN:]
    plain_apply(state, move, out)


@njit(cache=True)
def plain_apply(state, move, out):
    """apply for a position without tiles, writing only the words such a move can change: the
    tile words of `out` must already be the state's (perft keeps them so, and saves the copy)."""
    out[:PLAIN_LEN] = state[:PLAIN_LEN]
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


# ------------------------------------------------------------------------------ tiles (P-9..P-23)
# The functions below run only for positions with TILES = 1. They follow the stages of the
# reference's move (solver/games/penguins/penguins_rules.py `_variants`): emperor then seal before the action, the
# action, tent and river, seagull, krill, emperor then seal after, blazing. A side's supply
# reaching 0 is the win (P-8): every later stage then does nothing.


@njit(cache=True, inline="always")
def barriers(state):
    """Mask of every barrier: icebergs, seagull, emperor penguin, nest, seal (P-10..P-14)."""
    return state[ICEBERGS] | state[SEAGULL] | state[EMPEROR] | state[NEST] | state[SEAL]


@njit(cache=True, inline="always")
def all_occupied(state):
    """Mask of every space holding a piece or any barrier."""
    return occupied(state) | state[SEAGULL] | state[EMPEROR] | state[NEST] | state[SEAL]


@njit(cache=True, inline="always")
def has_tiles(state):
    """1 when any tile word is set (the value of the TILES word)."""
    any_word = ZERO
    for word in range(FIRST_TILE_WORD, TILES):
        any_word |= state[word]
    return ONE if any_word != ZERO else ZERO


@njit(cache=True, inline="always")
def highest_square(x):
    """Index of the highest set bit of a non-zero uint64 word."""
    square = lowest_square(x)
    x &= x - ONE
    while x:
        square = lowest_square(x)
        x &= x - ONE
    return square


@njit(cache=True, inline="always")
def near(state, tiles):
    """Mask of the spaces next to any space of `tiles` (wrapping)."""
    size = size_id(state)
    out = ZERO
    while tiles:
        out |= NEAR[size, lowest_square(tiles)]
        tiles &= tiles - ONE
    return out


@njit(cache=True, inline="always")
def lay(state, side, square):
    """Put one egg of `side`'s supply on `square`."""
    state[EGGS + side] |= bit(square)
    state[SUPPLY + side] -= ONE


@njit(cache=True, inline="always")
def send_back(state, square):
    """The egg on `square` goes back to its owner's supply."""
    mask = bit(square)
    side = 0 if state[EGGS] & mask else 1
    state[EGGS + side] &= ~mask
    state[SUPPLY + side] += ONE


@njit(cache=True, inline="always")
def won(state, me):
    """True once the mover's supply is empty: the rest of the move does not happen (P-7, P-8)."""
    return state[SUPPLY + me] == ZERO


@njit(cache=True)
def step_targets(state, layer):
    """Directions (bit d) in which the emperor (P-12: to an empty space) or the seal (P-14: to an
    empty space or an egg) on `layer` may step, wrapping."""
    size = size_id(state)
    square = lowest_square(state[layer])
    free = ~all_occupied(state)
    if layer == SEAL:
        free |= state[EGGS] | state[EGGS + 1]
    out = 0
    for d in range(6):
        if free & bit(np.int64(NEIGHBOUR[size, d, square])):
            out |= 1 << d
    return out


@njit(cache=True)
def step_barrier(state, layer, direction, me):
    """Step the emperor (leaving an egg of `me` on the space it left) or the seal (sending back the
    egg it steps on)."""
    square = lowest_square(state[layer])
    target = np.int64(NEIGHBOUR[size_id(state), direction, square])
    if (state[EGGS] | state[EGGS + 1]) & bit(target):
        send_back(state, target)
    state[layer] = bit(target)
    if layer == EMPEROR:
        lay(state, me, square)


@njit(cache=True)
def barrier_step_part(state, buf, row, layer, direction, me, code, timing, timing_shift, direction_shift):
    """One emperor or seal part of a move (P-12, P-14): with direction -1 the barrier stays
    (`state` and `code` unchanged); else `buf[row]` becomes the position after its step and the
    code gains the part's timing and direction."""
    if direction < 0:
        return state, code
    buf[row, :] = state
    step_barrier(buf[row], layer, direction, me)
    return buf[row], code | (np.int64(timing) << timing_shift) | (np.int64(direction) << direction_shift)


@njit(cache=True)
def walk(state, me, square, action, direction, jump, path):
    """Follow an exploration (P-6, P-13, P-15, P-17, P-20, P-21) on `state` without changing it.

    Writes the spaces entered into `path` and returns (number entered, stop, rival eggs captured,
    thawed frozen egg or -1, stopped by a storm); the number is -1 when the exploration is illegal,
    the stop -1 when seaweed takes the penguin off the board.
    """
    size = size_id(state)
    rival = 1 - me
    eggs = state[EGGS] | state[EGGS + 1]
    frozen = near(state, state[FREEZING]) & eggs
    stoppers = barriers(state) | state[EGGS + me] | state[PENGUINS + me] | state[STARS + me] | frozen
    rival_penguins = state[PENGUINS + rival] | state[STARS + rival]
    holes = state[HOLES]
    can_jump = jump and action == SLIDE and popcount(holes) == 2
    if jump and not can_jump:
        return -1, -1, ZERO, -1, False
    nest = -1
    position = 0
    if action == ORBIT:
        if state[NEST] == ZERO:
            return -1, -1, ZERO, -1, False
        nest = lowest_square(state[NEST])
        position = -1
        for i in range(6):
            if NEIGHBOUR[size, RING[i], nest] == square:
                position = i
        if position < 0:
            return -1, -1, ZERO, -1, False
    current = square
    visited = bit(square)
    n = 0
    captured = ZERO
    thawed = -1
    storm = False
    jump_next = False
    jumped = False
    while True:
        if action == ORBIT:
            if n == ORBIT_STEPS:
                break
            position = (position + (1 if direction == 0 else 5)) % 6
            ahead = np.int64(NEIGHBOUR[size, RING[position], nest])
        elif jump_next:
            # P-20: right after entering a hole, the other hole counts as the next space.
            ahead = lowest_square(holes & ~bit(current))
            jump_next = False
            jumped = True
        else:
            ahead = np.int64(NEIGHBOUR[size, direction, current])
        mask = bit(ahead)
        if visited & mask:
            return -1, -1, ZERO, -1, False  # back onto its own path: it would never stop
        if stoppers & mask:
            if frozen & mask:
                thawed = ahead  # P-17: the frozen egg that stops it goes back to its owner
            break
        if rival_penguins & mask:
            return -1, -1, ZERO, -1, False
        captured |= mask & state[EGGS + rival]
        path[n] = ahead
        n += 1
        visited |= mask
        current = ahead
        if state[STORM] & mask:
            storm = True
            break
        if state[SEAWEED] & mask:
            if can_jump and not jumped:
                return -1, -1, ZERO, -1, False
            return n, -1, captured, thawed, False
        if can_jump and not jumped and holes & mask:
            jump_next = True
    if n == 0 or (can_jump and not jumped):
        return -1, -1, ZERO, -1, False
    return n, current, captured, thawed, storm


@njit(cache=True)
def storm_throws(state, me, square, path, n, stop):
    """Directions (bit d) a storm on `stop` may throw the penguin (P-15, FAQ Q7): a neighbour not
    across the edge, not the space it came from, empty (its start counts as empty) or holding a
    rival egg."""
    size = size_id(state)
    came_from = path[n - 2] if n > 1 else square
    occupied_now = all_occupied(state) & ~bit(square)
    open_eggs = state[EGGS + 1 - me]
    out = 0
    for d in range(6):
        target = np.int64(EDGE[size, d, stop])
        if target < 0 or target == came_from:
            continue
        mask = bit(target)
        if occupied_now & mask == ZERO or open_eggs & mask:
            out |= 1 << d
    return out


@njit(cache=True)
def explore(state, out, me, square, path, n, stop, captured, thawed, throw):
    """Write into `out` the position after an exploration walked by `walk`, thrown by the storm in
    direction `throw` (-1: none); returns (spaces entered, final space or -1 for seaweed), the
    number -1 when the throw lands on the penguin's own path (illegal)."""
    rival = 1 - me
    start = bit(square)
    out[:] = state
    layer = PENGUINS + me if state[PENGUINS + me] & start else STARS + me
    out[layer] &= ~start
    out[EGGS + rival] &= ~captured
    out[SUPPLY + rival] += np.uint64(popcount(captured))
    if thawed >= 0:
        send_back(out, thawed)
    if throw >= 0:
        target = np.int64(EDGE[size_id(state), throw, stop])
        if target == square:
            return -1, -1
        for i in range(n):
            if path[i] == target:
                return -1, -1
        if (out[EGGS] | out[EGGS + 1]) & bit(target):
            send_back(out, target)  # a rival egg: back to its owner (P-15)
        path[n] = target
        n += 1
        stop = target
    if stop < 0:
        # P-21: seaweed sends the penguin back to its owner's unused penguins.
        if layer == PENGUINS + me:
            out[UNUSED_ASSISTANTS + me] += ONE
        else:
            out[UNUSED_STARS + me] += ONE
        laid = n
    else:
        out[layer] |= bit(stop)
        laid = n - 1
    # P-7: eggs on the start, then the spaces entered in order (not the stop), until none is left.
    if out[SUPPLY + me] > ZERO:
        lay(out, me, square)
    for i in range(laid):
        if out[SUPPLY + me] == ZERO:
            break
        lay(out, me, path[i])
    return n, stop


@njit(cache=True, inline="always")
def entered_mask(path, n):
    """Mask of the first `n` spaces of `path`."""
    mask = ZERO
    for i in range(n):
        mask |= bit(path[i])
    return mask


@njit(cache=True)
def tent_square(state):
    """The tent's space, or -1 (P-16)."""
    tent = state[TENT_CW] | state[TENT_CCW]
    return lowest_square(tent) if tent else -1


@njit(cache=True)
def turn_tent(state, tent):
    """P-16: every piece on the tent's ring moves one step round it in the tent's sense, at once."""
    size = size_id(state)
    step = 1 if state[TENT_CW] else 5
    ring = NEAR[size, tent]
    for k in range(PIECE_LAYERS.shape[0]):
        layer = PIECE_LAYERS[k]
        word = state[layer]
        if word & ring == ZERO:
            continue
        moved = word & ~ring
        for i in range(6):
            if word & bit(np.int64(NEIGHBOUR[size, RING[i], tent])):
                moved |= bit(np.int64(NEIGHBOUR[size, RING[(i + step) % 6], tent]))
        state[layer] = moved


@njit(cache=True)
def river_targets(state, square):
    """Mask of the river tiles the arrows of `square` point to (arrows never wrap, P-19)."""
    size = size_id(state)
    out = ZERO
    for d in range(6):
        if state[RIVER_ARROWS + d] & bit(square):
            target = np.int64(EDGE[size, d, square])
            if target >= 0:
                out |= bit(target)
    return out


@njit(cache=True)
def river_network(state, square):
    """Mask of the river tiles connected to `square` by arrows, either way."""
    network = bit(square)
    grown = True
    while grown:
        grown = False
        tiles = state[RIVER]
        while tiles:
            s = lowest_square(tiles)
            tiles &= tiles - ONE
            targets = river_targets(state, s)
            if network & bit(s):
                if targets & ~network:
                    network |= targets
                    grown = True
            elif targets & network:
                network |= bit(s)
                grown = True
    return network


@njit(cache=True)
def has_confluence(state, network):
    """True when two arrows of the network point to the same river tile (FAQ exp Q2)."""
    seen = ZERO
    tiles = network
    while tiles:
        targets = river_targets(state, lowest_square(tiles))
        tiles &= tiles - ONE
        if targets & seen:
            return True
        seen |= targets
    return False


@njit(cache=True)
def flow(state, network, priority, branches):
    """P-19: every piece on the river moves one tile downstream, downstream tiles first (ties by
    lower space, or higher with `priority`); returns the branch choices used at forks."""
    size = size_id(state)
    used = 0
    done = ZERO
    left = network
    while left:
        ready = ZERO
        tiles = left
        while tiles:
            s = lowest_square(tiles)
            tiles &= tiles - ONE
            if river_targets(state, s) & ~done == ZERO:
                ready |= bit(s)
        square = highest_square(ready) if priority else lowest_square(ready)
        done |= bit(square)
        left &= ~bit(square)
        mask = bit(square)
        layer = -1
        for k in range(PIECE_LAYERS.shape[0]):
            if state[PIECE_LAYERS[k]] & mask:
                layer = PIECE_LAYERS[k]
        if layer < 0:
            continue
        first = -1
        second = -1
        for d in range(6):
            if state[RIVER_ARROWS + d] & mask:
                if first < 0:
                    first = d
                else:
                    second = d
        arrow = first
        if second >= 0:
            # FAQ exp Q1: at a fork the mover chooses; arrows in direction-index order.
            if used < 2 and (branches >> used) & 1:
                arrow = second
            used += 1
        target = np.int64(EDGE[size, arrow, square])
        if target < 0:
            state[layer] &= ~mask  # off the board: the piece leaves the game
        elif all_occupied(state) & bit(target) == ZERO:
            state[layer] = (state[layer] & ~mask) | bit(target)
    return used


@njit(cache=True)
def stop_effects(state, me, stop, river_first, priority, branches):
    """Carry out the tent (P-16) and river (P-19) after an exploration ending on `stop` (-1: none),
    in the chosen order (FAQ Q3); returns the branch choices used, -1 when none applies."""
    if stop < 0 or won(state, me):
        return -1
    tent = tent_square(state)
    tent_turns = tent >= 0 and NEAR[size_id(state), tent] & bit(stop) != ZERO
    river_flows = state[RIVER] & bit(stop) != ZERO
    if not tent_turns and not river_flows:
        return -1
    used = 0
    if tent_turns and not river_first:
        turn_tent(state, tent)
    if river_flows:
        used = flow(state, river_network(state, stop), priority, branches)
    if tent_turns and river_first:
        turn_tent(state, tent)
    return used


@njit(cache=True, inline="always")
def put(out, n, code):
    """Write move `code` at `out[n]` if there is room; return the new count."""
    if n < out.shape[0]:
        out[n] = code
    return n + 1


@njit(cache=True)
def finish_moves(state, me, code, emperor_moved, seal_moved, out, n, buf):
    """The emperor and seal after the action (P-12, P-14) and the blazing removal (P-22)."""
    play = state[PHASE] == PLAY_PHASE
    burning = near(state, state[BLAZING])
    emperor_ways = 0
    if play and not emperor_moved and state[EMPEROR] != ZERO and not won(state, me):
        emperor_ways = step_targets(state, EMPEROR)
    for e in range(-1, 6):
        if e >= 0 and not (emperor_ways >> e) & 1:
            continue
        after_emperor, e_code = barrier_step_part(state, buf, 6, EMPEROR, e, me, code, AFTER, EMPEROR_TIMING,
                                                  EMPEROR_DIRECTION)
        seal_ways = 0
        if play and not seal_moved and after_emperor[SEAL] != ZERO and not won(after_emperor, me):
            seal_ways = step_targets(after_emperor, SEAL)
        for l in range(-1, 6):
            if l >= 0 and not (seal_ways >> l) & 1:
                continue
            last, l_code = barrier_step_part(after_emperor, buf, 7, SEAL, l, me, e_code, AFTER, SEAL_TIMING,
                                             SEAL_DIRECTION)
            hot = ZERO
            if play and not won(last, me):
                hot = burning & (last[EGGS] | last[EGGS + 1])
            if hot == ZERO:
                n = put(out, n, l_code)
            while hot:
                square = lowest_square(hot)
                hot &= hot - ONE
                n = put(out, n, l_code | (np.int64(square + 1) << BLAZING_EGG))
    return n


@njit(cache=True)
def krill_moves(state, me, code, entered, emperor_moved, seal_moved, out, n, buf):
    """P-23: no extra egg, or one per krill tile entered, each on an empty space (ascending)."""
    n = finish_moves(state, me, code, emperor_moved, seal_moved, out, n, buf)
    krill = popcount(entered & state[KRILL])
    supply = state[SUPPLY + me]
    if krill == 0 or supply == ZERO:
        return n
    empty = board_mask(spaces(state)) & ~all_occupied(state)
    first = empty
    while first:
        a = lowest_square(first)
        first &= first - ONE
        buf[5, :] = state
        lay(buf[5], me, a)
        n = finish_moves(buf[5], me, code | (np.int64(a + 1) << KRILL_1), emperor_moved, seal_moved, out, n, buf)
    if krill < 2 or supply < np.uint64(2):
        return n
    first = empty
    while first:
        a = lowest_square(first)
        first &= first - ONE
        second = first
        while second:
            b = lowest_square(second)
            second &= second - ONE
            buf[5, :] = state
            lay(buf[5], me, a)
            lay(buf[5], me, b)
            pair = (np.int64(a + 1) << KRILL_1) | (np.int64(b + 1) << KRILL_2)
            n = finish_moves(buf[5], me, code | pair, emperor_moved, seal_moved, out, n, buf)
    return n


@njit(cache=True)
def seagull_moves(before, state, me, code, entered, emperor_moved, seal_moved, out, n, buf):
    """P-11: an exploration that entered a space next to the seagull (where it stood before the
    move, not across the edge) moves it to any empty space; with none it leaves the game."""
    gull = before[SEAGULL]
    if gull == ZERO or won(state, me) or entered & EDGE_NEAR[size_id(state), lowest_square(gull)] == ZERO:
        return krill_moves(state, me, code, entered, emperor_moved, seal_moved, out, n, buf)
    if state[SEAGULL] == ZERO:  # the river carried it off the board
        return krill_moves(state, me, code, entered, emperor_moved, seal_moved, out, n, buf)
    empty = board_mask(spaces(state)) & ~all_occupied(state)
    if empty == ZERO:
        buf[4, :] = state
        buf[4, SEAGULL] = ZERO
        return krill_moves(buf[4], me, code, entered, emperor_moved, seal_moved, out, n, buf)
    while empty:
        target = lowest_square(empty)
        empty &= empty - ONE
        buf[4, :] = state
        buf[4, SEAGULL] = bit(target)
        n = krill_moves(buf[4], me, code | (np.int64(target + 1) << SEAGULL_TARGET), entered,
                        emperor_moved, seal_moved, out, n, buf)
    return n


@njit(cache=True)
def follow_up_moves(before, state, me, code, entered, stop, emperor_moved, seal_moved, out, n, buf):
    """Every choice after the action: tent and river order, branches, then seagull onwards."""
    if stop < 0 or won(state, me):
        return seagull_moves(before, state, me, code, entered, emperor_moved, seal_moved, out, n, buf)
    tent = tent_square(state)
    tent_turns = tent >= 0 and NEAR[size_id(state), tent] & bit(stop) != ZERO
    river_flows = state[RIVER] & bit(stop) != ZERO
    if not tent_turns and not river_flows:
        return seagull_moves(before, state, me, code, entered, emperor_moved, seal_moved, out, n, buf)
    firsts = 2 if tent_turns and river_flows else 1
    priorities = 1
    if river_flows and has_confluence(state, river_network(state, stop)):
        priorities = 2
    for first in range(firsts):
        for priority in range(priorities):
            for branches in range(4 if river_flows else 1):
                buf[3, :] = state
                used = stop_effects(buf[3], me, stop, first, priority, branches)
                if branches >= 1 << max(used, 0):
                    continue
                choice = (np.int64(first) << RIVER_FIRST) | (np.int64(priority) << RIVER_PRIORITY)
                choice |= np.int64(branches) << BRANCHES
                n = seagull_moves(before, buf[3], me, code | choice, entered, emperor_moved, seal_moved, out, n, buf)
    return n


@njit(cache=True)
def hatchable(state, me):
    """Eggs the mover may hatch (P-5, P-17, P-18): its own away from radiation, the rival's next to
    radiation, none frozen."""
    irradiated = near(state, state[RADIATION])
    frozen = near(state, state[FREEZING])
    return ((state[EGGS + me] & ~irradiated) | (state[EGGS + 1 - me] & irradiated)) & ~frozen


@njit(cache=True)
def hatch(state, me, square):
    """Take the egg on `square` off (back to its owner, P-18) and put the mover's next penguin there."""
    send_back(state, square)
    if hatchling_stock(state, me) == 1:
        state[PENGUINS + me] |= bit(square)
        state[UNUSED_ASSISTANTS + me] -= ONE
    else:
        state[STARS + me] |= bit(square)
        state[UNUSED_STARS + me] -= ONE


@njit(cache=True)
def action_moves(before, state, me, code, emperor_moved, seal_moved, out, n, buf, path):
    """Every action after the pre-effects (on `state`) with all its choices."""
    empty = board_mask(spaces(state)) & ~all_occupied(state)
    if state[PHASE] == SETUP_PHASE:
        while empty:
            n = put(out, n, code | encode_move(RIVAL_EGG, lowest_square(empty), 0))
            empty &= empty - ONE
        return n
    after = buf[2]
    while empty:
        square = lowest_square(empty)
        empty &= empty - ONE
        after[:] = state
        lay(after, me, square)
        n = follow_up_moves(before, after, me, code | encode_move(LAND, square, 0), ZERO, -1,
                            emperor_moved, seal_moved, out, n, buf)
    if hatchling_stock(state, me) != 0:
        eggs = hatchable(state, me)
        while eggs:
            square = lowest_square(eggs)
            eggs &= eggs - ONE
            after[:] = state
            hatch(after, me, square)
            n = follow_up_moves(before, after, me, code | encode_move(HATCH, square, 0), ZERO, -1,
                                emperor_moved, seal_moved, out, n, buf)
    orbiters = NEAR[size_id(state), lowest_square(state[NEST])] if state[NEST] else ZERO
    jumps = 2 if popcount(state[HOLES]) == 2 else 1
    penguins = state[PENGUINS + me] | state[STARS + me]
    while penguins:
        square = lowest_square(penguins)
        penguins &= penguins - ONE
        for action in (SLIDE, ORBIT):
            if action == ORBIT and orbiters & bit(square) == ZERO:
                continue
            for direction in range(6 if action == SLIDE else 2):
                for jump in range(jumps if action == SLIDE else 1):
                    k, stop, captured, thawed, storm = walk(state, me, square, action, direction, jump, path)
                    if k < 0:
                        continue
                    throws = storm_throws(state, me, square, path, k, stop) if storm else 0
                    for throw in range(-1, 6):
                        if (throw < 0 and throws != 0) or (throw >= 0 and not (throws >> throw) & 1):
                            continue
                        entered, final = explore(state, after, me, square, path, k, stop, captured, thawed, throw)
                        if entered < 0:
                            continue
                        move = code | encode_move(action, square, direction) | (np.int64(jump) << HOLE_JUMP)
                        move |= np.int64(throw + 1) << STORM_THROW
                        n = follow_up_moves(before, after, me, move, entered_mask(path, entered), final,
                                            emperor_moved, seal_moved, out, n, buf)
    return n


@njit(cache=True)
def tile_moves(state, out):
    """Every legal move of a position with tiles (P-9): writes at most len(out), returns the number."""
    me = np.int64(state[TURN])
    play = state[PHASE] == PLAY_PHASE
    buf = np.empty((8, STATE_LEN), dtype=np.uint64)
    path = np.empty(PATH_ROOM, dtype=np.int64)
    n = 0
    emperor_ways = 0
    # Before the action the emperor needs two supply eggs, so that the action still happens.
    if play and state[EMPEROR] != ZERO and state[SUPPLY + me] >= np.uint64(2):
        emperor_ways = step_targets(state, EMPEROR)
    for e in range(-1, 6):
        if e >= 0 and not (emperor_ways >> e) & 1:
            continue
        after_emperor, e_code = barrier_step_part(state, buf, 0, EMPEROR, e, me, np.int64(0), BEFORE,
                                                  EMPEROR_TIMING, EMPEROR_DIRECTION)
        seal_ways = step_targets(after_emperor, SEAL) if play and after_emperor[SEAL] != ZERO else 0
        for l in range(-1, 6):
            if l >= 0 and not (seal_ways >> l) & 1:
                continue
            first, l_code = barrier_step_part(after_emperor, buf, 1, SEAL, l, me, e_code, BEFORE, SEAL_TIMING,
                                              SEAL_DIRECTION)
            n = action_moves(state, first, me, l_code, e >= 0, l >= 0, out, n, buf, path)
    return n


@njit(cache=True)
def field(move, shift, width):
    """The value of a bit field of a move integer."""
    return np.int64((move >> shift) & ((1 << width) - 1))


@njit(cache=True)
def tile_apply(state, move, out):
    """Write into `out` the position after the legal `move` of a position with tiles."""
    out[:] = state
    square = move & 63
    direction = (move >> 6) & 7
    action = (move >> 9) & 7
    me = np.int64(state[TURN])
    rival = 1 - me
    if field(move, EMPEROR_TIMING, 2) == BEFORE:
        step_barrier(out, EMPEROR, field(move, EMPEROR_DIRECTION, 3), me)
    if field(move, SEAL_TIMING, 2) == BEFORE:
        step_barrier(out, SEAL, field(move, SEAL_DIRECTION, 3), me)
    entered = ZERO
    if action == RIVAL_EGG:
        lay(out, rival, square)
    elif action == LAND:
        lay(out, me, square)
    elif action == HATCH:
        hatch(out, me, square)
    else:
        path = np.empty(PATH_ROOM, dtype=np.int64)
        middle = out.copy()
        k, stop, captured, thawed, storm = walk(middle, me, square, action, direction, field(move, HOLE_JUMP, 1), path)
        k, stop = explore(middle, out, me, square, path, k, stop, captured, thawed, field(move, STORM_THROW, 3) - 1)
        entered = entered_mask(path, k)
        stop_effects(out, me, stop, field(move, RIVER_FIRST, 1), field(move, RIVER_PRIORITY, 1), field(move, BRANCHES, 2))
    gull = state[SEAGULL]
    if gull and not won(out, me) and out[SEAGULL] and entered & EDGE_NEAR[size_id(state), lowest_square(gull)]:
        target = field(move, SEAGULL_TARGET, 7) - 1
        out[SEAGULL] = bit(target) if target >= 0 else ZERO  # -1: no empty space, it leaves the game
    for shift in (KRILL_1, KRILL_2):
        krill = field(move, shift, 7) - 1
        if krill >= 0:
            lay(out, me, krill)
    if field(move, EMPEROR_TIMING, 2) == AFTER:
        step_barrier(out, EMPEROR, field(move, EMPEROR_DIRECTION, 3), me)
    if field(move, SEAL_TIMING, 2) == AFTER:
        step_barrier(out, SEAL, field(move, SEAL_DIRECTION, 3), me)
    burnt = field(move, BLAZING_EGG, 7) - 1
    if burnt >= 0:
        send_back(out, burnt)
    out[TURN] = np.uint64(rival)
    out[PLY] = state[PLY] + ONE
    if action == RIVAL_EGG and me == 1:
        out[PHASE] = np.uint64(PLAY_PHASE)
        out[TURN] = ZERO
    out[TILES] = has_tiles(out)


@njit(cache=True)
def wider(moves, width):
    """A copy of the move buffers `moves` with rows `width` long."""
    out = np.empty((moves.shape[0], width), dtype=np.int64)
    out[:, : moves.shape[1]] = moves
    return out


@njit(cache=True, nogil=True)
def perft(root, depth):
    """Number of move sequences of exactly `depth` plies (P-8a), counting the last ply in bulk.

    The move buffers grow when a position has more than MAX_MOVES moves (tiles, P-9)."""
    if depth == 0:
        return np.int64(1)
    states = np.empty((depth, STATE_LEN), dtype=np.uint64)
    moves = np.empty((depth, MAX_MOVES), dtype=np.int64)
    n_moves = np.zeros(depth, dtype=np.int64)
    next_move = np.zeros(depth, dtype=np.int64)
    states[:, :] = root  # every row starts with the root's tile words
    plain = root[TILES] == ZERO
    n_moves[0] = legal_moves(states[0], moves[0])
    if depth == 1:
        return n_moves[0]
    if n_moves[0] > moves.shape[1]:
        moves = wider(moves, n_moves[0])
        legal_moves(states[0], moves[0])
    total = np.int64(0)
    level = 0
    while level >= 0:
        if next_move[level] == n_moves[level]:
            level -= 1
            continue
        move = moves[level, next_move[level]]
        next_move[level] += 1
        if plain:
            plain_apply(states[level], move, states[level + 1])
        else:
            apply(states[level], move, states[level + 1])
        n = legal_moves(states[level + 1], moves[level + 1])
        if level + 2 == depth:
            total += n
        else:
            if n > moves.shape[1]:
                moves = wider(moves, n)
                legal_moves(states[level + 1], moves[level + 1])
            level += 1
            n_moves[level] = n
            next_move[level] = 0
    return total


@njit(cache=True, nogil=True)
def perft_divide(root, moves, depth, counts):
    """counts[i] = perft after moves[i] to depth - 1; runs without the GIL, for thread pools."""
    child = np.empty(STATE_LEN, dtype=np.uint64)
    for i in range(moves.shape[0]):
        apply(root, moves[i], child)
        counts[i] = perft(child, depth - 1)


# Evaluation weights, indices into the weights array (tuned by self-play: docs/strength.md).
W_SUPPLY, W_BEST_SLIDE, W_SLIDES, W_PENGUINS, W_WIN_NOW, W_THREAT = 0, 1, 2, 3, 4, 5
EVAL_WEIGHTS = np.array([100, 40, 5, 30, 5000, 3000], dtype=np.int64)
N_WEIGHTS = 6


@njit(cache=True, inline="always")
def slide_gain(state, side, n, captured):
    """What a slide entering `n` spaces and capturing `captured` is worth to `side`: eggs laid
    plus rival eggs captured."""
    return min(n, np.int64(state[SUPPLY + side])) + popcount(captured)


@njit(cache=True)
def slide_reach(state, side):
    """(best gain of one slide, most spaces one slide enters, number of legal slides) of `side`,
    as if it were to move."""
    best = np.int64(0)
    longest = np.int64(0)
    count = np.int64(0)
    bits = state[PENGUINS + side] | state[STARS + side]
    while bits:
        square = lowest_square(bits)
        bits &= bits - ONE
        for direction in range(6):
            n, captured = trace(state, side, square, direction)
            if n > 0:
                count += 1
                best = max(best, slide_gain(state, side, n, captured))
                longest = max(longest, n)
    return best, longest, count


@njit(cache=True, inline="always")
def can_win_now(state, side, longest):
    """True if `side`, on move, could empty its supply at once: a slide laying enough eggs
    (a slide of n spaces lays n eggs), or a landing when one egg is left."""
    supply = np.int64(state[SUPPLY + side])
    return longest >= supply or supply == 1


@njit(cache=True)
def evaluate(state, weights):
    """Heuristic score for the side to move (higher is better), in hundredths of an egg.

    Eggs still to place, the best slide each side has, slide mobility, penguins on the board,
    and whether a side can empty its supply with one move (a win now, or a threat).
    """
    me = np.int64(state[TURN])
    rival = 1 - me
    my_best, my_longest, my_slides = slide_reach(state, me)
    rival_best, rival_longest, rival_slides = slide_reach(state, rival)
    my_penguins = popcount(state[PENGUINS + me] | state[STARS + me])
    rival_penguins = popcount(state[PENGUINS + rival] | state[STARS + rival])
    score = weights[W_SUPPLY] * (np.int64(state[SUPPLY + rival]) - np.int64(state[SUPPLY + me]))
    score += weights[W_BEST_SLIDE] * (my_best - rival_best)
    score += weights[W_SLIDES] * (my_slides - rival_slides)
    score += weights[W_PENGUINS] * (my_penguins - rival_penguins)
    if state[PHASE] == PLAY_PHASE and can_win_now(state, me, my_longest):
        score += weights[W_WIN_NOW]
    if can_win_now(state, rival, rival_longest):
        score -= weights[W_THREAT]
    return score


@njit(cache=True)
def playout_move(state, moves, n, rng):
    """The light playout policy: a move that wins at once if there is one, else half the time
    the slide that gains most, else a uniformly random move."""
    me = np.int64(state[TURN])
    supply = np.int64(state[SUPPLY + me])
    best_move = np.int64(-1)
    best_gain = np.int64(0)
    for i in range(n):
        move = moves[i]
        action = (move >> 9) & 7
        if action == LAND and supply == 1:
            return move
        if action != SLIDE:
            continue
        steps, captured = trace(state, me, move & 63, (move >> 6) & 7)
        if steps >= supply:
            return move
        gain = slide_gain(state, me, steps, captured)
        if gain > best_gain:
            best_gain = gain
            best_move = move
    if best_move >= 0 and random_unit(rng) < 0.5:
        return best_move
    return moves[random_below(rng, n)]
