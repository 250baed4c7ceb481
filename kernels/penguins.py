"""Penguins bitboard kernel: move generation, apply and status on one flat uint64 array.

Must agree move for move with the reference rules in solver/games/penguins.py (rulings P-1..P-10);
tests/test_penguins_differential.py checks that on thousands of random games.

State layout: one 64-bit word per layer (bit index = r * W + q, P-1), then counters.
Move layout (int64): bits 0-5 space, bits 6-8 direction, bits 9-11 action; bits 12 and up are
kept for the optional and follow-up effects of later rulings (P-9).
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
STATE_LEN = 19

SETUP_PHASE, PLAY_PHASE = 0, 1
RIVAL_EGG, LAND, HATCH, SLIDE = 0, 1, 2, 3
ONGOING, WIN_A, WIN_B, DRAW = 0, 1, 2, 3
# Landing or setup on every space (64) + hatching every egg + 6 slides of every penguin: < 256.
MAX_MOVES = 256
DIRECTION_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))  # P-1: E W SE NW NE SW
MIN_SIZE, MAX_SIZE = 4, 8


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


NEIGHBOUR = _neighbour_table()
LINE = _line_table(NEIGHBOUR)
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
    """Mask of every space holding a piece or barrier."""
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
    """Write the legal moves into `out` and return their number (0 once the game is over)."""
    if game_over(state):
        return 0
    return actions(state, out)


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
    if board_mask(spaces(state)) & ~occupied(state):
        return ONGOING  # an empty space: landing (or a setup egg) is always possible
    buffer = np.empty(MAX_MOVES, dtype=np.int64)
    if actions(state, buffer) == 0:
        return WIN_A + (1 - me)
    return ONGOING


@njit(cache=True)
def apply(state, move, out):
    """Write into `out` the position after the legal `move` (legality is not checked)."""
    out[:] = state
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


@njit(cache=True, nogil=True)
def perft(root, depth):
    """Number of move sequences of exactly `depth` plies (P-8a), counting the last ply in bulk."""
    if depth == 0:
        return np.int64(1)
    states = np.empty((depth, STATE_LEN), dtype=np.uint64)
    moves = np.empty((depth, MAX_MOVES), dtype=np.int64)
    n_moves = np.zeros(depth, dtype=np.int64)
    next_move = np.zeros(depth, dtype=np.int64)
    states[0, :] = root
    n_moves[0] = legal_moves(states[0], moves[0])
    if depth == 1:
        return n_moves[0]
    total = np.int64(0)
    level = 0
    while level >= 0:
        if next_move[level] == n_moves[level]:
            level -= 1
            continue
        move = moves[level, next_move[level]]
        next_move[level] += 1
        apply(states[level], move, states[level + 1])
        n = legal_moves(states[level + 1], moves[level + 1])
        if level + 2 == depth:
            total += n
        else:
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
