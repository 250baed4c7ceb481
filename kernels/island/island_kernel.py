"""Island Project bitboard kernel: move generation, chance outcomes, apply and scoring on one
flat uint64 array.

Must agree move for move with the reference rules in solver/games/island/island_rules.py (rulings I-1..I-8,
docs/rules/island.md); tests/island/test_island_differential.py checks that on thousands of random
games. Move integers are the reference's (kind << 8 | argument, see its docstring).

The state layout (word indices, phases, move kinds) is kernels/island/island_layout.py's; this
module defines the operations every search calls (kernels/dispatch.py).
"""

import numpy as np
from numba import njit

from kernels.bits import ONE, ZERO, bit, copy_words, fill, lowest_square, popcount
from kernels.island.island_layout import *  # noqa: F403  (word indices, phases, move kinds)
from kernels.rng import random_below, random_unit

FULL = np.uint64((1 << TILES) - 1)
STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))  # up, right, down, left (the death-cross scan order)


def _tables():
    """NEIGHBOUR[tile, direction], CROSS[tile], and per shift id: LINE_TILES (counting order),
    LINE_MASK and the two shift amounts that rotate the line one step (I-3)."""
    neighbour = np.zeros((TILES, 4), dtype=np.int64)
    cross = np.zeros(TILES, dtype=np.uint64)
    for t in range(TILES):
        r, c = divmod(t, SIZE)
        mask = 1 << t
        for d, (dr, dc) in enumerate(STEPS):
            n = ((r + dr) % SIZE) * SIZE + (c + dc) % SIZE
            neighbour[t, d] = n
            mask |= 1 << n
        cross[t] = mask
    line_tiles = np.zeros((20, SIZE), dtype=np.int64)
    line_mask = np.zeros(20, dtype=np.uint64)
    left = np.zeros(20, dtype=np.uint64)
    right = np.zeros(20, dtype=np.uint64)
    for s in range(20):
        axis, rest = divmod(s, 10)
        line, sense = divmod(rest, 2)
        cells = [line * SIZE + i if axis == 0 else i * SIZE + line for i in range(SIZE)]
        if sense == 1:
            cells.reverse()
        line_tiles[s] = cells
        line_mask[s] = sum(1 << t for t in cells)
        # East: (r, c) <- (r, c - 1), so bits move up by 1 and column e wraps down by 4; west the
        # reverse; south moves up a row (5) and row 5 wraps down by 20; north the reverse.
        step, span = (1, 4) if axis == 0 else (5, 20)
        left[s], right[s] = (step, span) if sense == 0 else (span, step)
    return neighbour, cross, line_tiles, line_mask, left, right


NEIGHBOUR, CROSS, LINE_TILES, LINE_MASK, SHIFT_LEFT, SHIFT_RIGHT = _tables()
# The 21 unordered rolls (low * 6 + high) and their probabilities in 36ths (I-4).
ROLL_CODES = np.array([lo * FACES + hi for lo in range(FACES) for hi in range(lo, FACES)], dtype=np.int64)
ROLL_PROBS = np.array([(1.0 if lo == hi else 2.0) / 36.0 for lo in range(FACES) for hi in range(lo, FACES)])


@njit(cache=True, inline="always")
def encode(kind, argument):
    """The integer of a move."""
    return (np.int64(kind) << 8) | np.int64(argument)


@njit(cache=True, inline="always")
def occupied(state, seat):
    """Tiles holding at least one person of `seat`."""
    p = PEOPLE + PLANES * seat
    return state[p] | state[p + 1] | state[p + 2]


@njit(cache=True, inline="always")
def count_in(state, seat, mask):
    """People of `seat` on the tiles of `mask`."""
    p = PEOPLE + PLANES * seat
    return popcount(state[p] & mask) + 2 * popcount(state[p + 1] & mask) + 4 * popcount(state[p + 2] & mask)


@njit(cache=True, inline="always")
def count_at(state, seat, tile):
    """People of `seat` on one tile."""
    p = PEOPLE + PLANES * seat
    s = np.uint64(tile)
    return np.int64(((state[p] >> s) & ONE) | (((state[p + 1] >> s) & ONE) << ONE)
                    | (((state[p + 2] >> s) & ONE) << np.uint64(2)))


@njit(cache=True, inline="always")
def set_count(state, seat, tile, count):
    """Write the count of `seat`'s people on one tile."""
    p = PEOPLE + PLANES * seat
    mask = bit(tile)
    c = np.uint64(count)
    s = np.uint64(tile)
    for k in range(PLANES):
        state[p + k] = (state[p + k] & ~mask) | (((c >> np.uint64(k)) & ONE) << s)


@njit(cache=True, inline="always")
def full_tiles(state):
    """Tiles holding CAPACITY (2) or more people of any colours."""
    once = ZERO
    twice = ZERO
    for seat in range(np.int64(state[PLAYERS])):
        p = PEOPLE + PLANES * seat
        twice |= state[p + 1] | state[p + 2]
        occ = state[p]
        twice |= once & occ
        once |= occ
    return twice


@njit(cache=True, inline="always")
def terrain_of(state, tile):
    """0 ocean, 1 native island, 2 new land, 3 plateau (the reference's codes)."""
    mask = bit(tile)
    if state[NATIVE] & mask:
        return 1
    if state[NEWLAND] & mask:
        return 2
    if state[PLATEAU] & mask:
        return 3
    return 0


@njit(cache=True)
def plateau_people(state):
    """People of every colour on plateaus."""
    total = np.int64(0)
    for seat in range(np.int64(state[PLAYERS])):
        total += count_in(state, seat, state[PLATEAU])
    return total


@njit(cache=True, inline="always")
def is_chance(state):
    """True at the roll: the next move is chosen by the dice (I-4)."""
    return state[PHASE] == ROLLING


@njit(cache=True, inline="always")
def is_over(state):
    """True once the game has ended."""
    return state[PHASE] == OVER


@njit(cache=True, inline="always")
def to_move(state):
    """The seat to move."""
    return np.int64(state[TO_MOVE])


@njit(cache=True, nogil=True)
def chance_outcomes(state, out_moves, out_probs):
    """Write the 21 roll outcomes and their probabilities; return 21 at the roll, else 0."""
    if state[PHASE] != ROLLING:
        return 0
    for i in range(CHANCE_OUTCOMES):
        out_moves[i] = encode(ROLL, ROLL_CODES[i])
        out_probs[i] = ROLL_PROBS[i]
    return CHANCE_OUTCOMES


@njit(cache=True)
def people_actions(state, out, n):
    """Append the mover's dispatches (native islands in tile order) and steps (source tile, then
    direction up, right, down, left) to out[n:], as the reference lists them (I-7); return n."""
    me = np.int64(state[TO_MOVE])
    if state[RESERVE + me] > ZERO:
        bits = state[NATIVE]
        while bits:
            t = lowest_square(bits)
            bits &= bits - ONE
            out[n] = encode(DISPATCH, t)
            n += 1
    sources = occupied(state, me)
    if sources == ZERO:
        return n
    newland = state[NEWLAND]
    plateau = state[PLATEAU]
    full = full_tiles(state)
    # Targets from ocean or a native island: anything but plateaus and full new land; from new
    # land: new land or plateau that is not full; from a plateau: nothing.
    from_low = FULL & ~plateau & ~(newland & full)
    from_newland = (newland | plateau) & ~full
    sources &= ~plateau
    while sources:
        t = lowest_square(sources)
        sources &= sources - ONE
        allowed = from_newland if newland & bit(t) else from_low
        for d in range(4):
            if allowed & bit(NEIGHBOUR[t, d]):
                out[n] = encode(STEP, t * 4 + d)
                n += 1
    return n


@njit(cache=True, nogil=True)
def legal_moves(state, out):
    """Write the legal moves (at the roll: the 21 chance outcomes) in the reference's order into
    `out`; return their number (0 once the game is over)."""
    phase = state[PHASE]
    n = 0
    if phase == SHIFTING:
        previous = np.int64(state[PREVIOUS_SHIFT])
        forbidden = previous ^ 1 if previous != NONE else -1
        for s in range(20):
            if s != forbidden:
                out[n] = encode(SHIFT_MOVE, s)
                n += 1
        return n
    if phase == ROLLING:
        for i in range(CHANCE_OUTCOMES):
            out[i] = encode(ROLL, ROLL_CODES[i])
        return CHANCE_OUTCOMES
    if phase == CHOOSING:
        dice = np.int64(state[DICE])
        low = dice // FACES
        high = dice % FACES
        if low != V_FACE:
            out[n] = encode(NUMBER, low + 1)
            n += 1
        if high != low and high != V_FACE:
            out[n] = encode(NUMBER, high + 1)
            n += 1
        if high == V_FACE:
            free = FULL & ~state[MARKERS] & ~state[PLATEAU]
            if state[MARKER_SUPPLY] > ZERO and free != ZERO:
                while free:
                    t = lowest_square(free)
                    free &= free - ONE
                    out[n] = encode(VOLCANO, t)
                    n += 1
            else:
                out[n] = encode(VOLCANO_NONE, 0)
                n += 1
        return n
    if phase == ACTION1:
        n = people_actions(state, out, 0)
        if n == 0:
            out[0] = encode(PASS, 0)
            n = 1
        return n
    if phase == ACTION2:
        n = people_actions(state, out, 0)
        out[n] = encode(END, 0)
        return n + 1
    return 0


@njit(cache=True, inline="always")
def rotate(x, mask, left, right):
    """Rotate the bits of `x` under the line `mask` one step (I-3)."""
    m = x & mask
    return (x & ~mask) | (((m << left) | (m >> right)) & mask)


@njit(cache=True)
def shift_board(out, s):
    """Rotate line `s` of every board in `out`: terrain, markers and people (I-3)."""
    mask = LINE_MASK[s]
    left = SHIFT_LEFT[s]
    right = SHIFT_RIGHT[s]
    for w in range(MARKERS + 1):
        out[w] = rotate(out[w], mask, left, right)
    for w in range(PEOPLE, PEOPLE + PLANES * np.int64(out[PLAYERS])):
        out[w] = rotate(out[w], mask, left, right)


@njit(cache=True)
def terrain_step(state, out, kind, argument):
    """Marker placement or the eruption chain of the chosen die (I-4, I-5, I-6), on `out`."""
    formed = False
    if kind == VOLCANO:
        out[MARKERS] |= bit(argument)
        out[MARKER_SUPPLY] -= ONE
    elif kind == NUMBER:
        selected = LINE_TILES[np.int64(state[SHIFT]), argument - 1]
        sel_mask = bit(selected)
        if out[PLATEAU] & sel_mask:
            pass
        elif out[MARKERS] & sel_mask == ZERO:
            if out[MARKER_SUPPLY] > ZERO:
                out[MARKERS] |= sel_mask
                out[MARKER_SUPPLY] -= ONE
        else:
            players = np.int64(out[PLAYERS])
            queue = np.empty(TILES, dtype=np.int64)
            queue[0] = selected
            head = 0
            tail = 1
            erupted = sel_mask
            while head < tail:
                volcano = queue[head]
                head += 1
                v_mask = bit(volcano)
                # People in the cross die (back to the supply) except on plateaus (I-5).
                kill = CROSS[volcano] & ~out[PLATEAU]
                for seat in range(players):
                    p = PEOPLE + PLANES * seat
                    if (out[p] | out[p + 1] | out[p + 2]) & kill:
                        out[RESERVE + seat] += np.uint64(count_in(out, seat, kill))
                        out[p] &= ~kill
                        out[p + 1] &= ~kill
                        out[p + 2] &= ~kill
                # Markers in the cross that have not erupted: queued up, right, down, left.
                waiting = CROSS[volcano] & out[MARKERS] & ~erupted
                if waiting:
                    for d in range(4):
                        t = NEIGHBOUR[volcano, d]
                        if waiting & bit(t):
                            erupted |= bit(t)
                            queue[tail] = t
                            tail += 1
                # Uplift (I-6).
                is_newland = out[NEWLAND] & v_mask
                is_ocean = (out[NATIVE] | out[NEWLAND] | out[PLATEAU]) & v_mask == ZERO
                if not (is_ocean and volcano == selected):
                    out[MARKERS] &= ~v_mask
                    out[MARKER_SUPPLY] += ONE
                if is_ocean:
                    if out[NEWLAND_SUPPLY] > ZERO:
                        out[NEWLAND] |= v_mask
                        out[NEWLAND_SUPPLY] -= ONE
                        formed = True
                elif is_newland:
                    if out[PLATEAU_SUPPLY] > ZERO:
                        out[NEWLAND] &= ~v_mask
                        out[PLATEAU] |= v_mask
                        out[PLATEAU_SUPPLY] -= ONE
                        formed = True
    if formed and out[FED] == ZERO:
        out[FOOD + np.int64(state[TO_MOVE])] += ONE
        out[FED] = ONE


@njit(cache=True)
def game_over(out):
    """Final scoring (I-8): every person on the board adds one food; the phase becomes OVER."""
    for seat in range(np.int64(out[PLAYERS])):
        out[FOOD + seat] += np.uint64(count_in(out, seat, FULL))
    out[PHASE] = np.uint64(OVER)


@njit(cache=True)
def end_turn(out):
    """Pass the turn on, or end the game (five people on plateaus, or the turn cap; I-8)."""
    if plateau_people(out) >= PLATEAU_PEOPLE_TO_END or out[TURN] + ONE >= out[TURN_CAP]:
        game_over(out)
        return
    out[TO_MOVE] = (out[TO_MOVE] + ONE) % out[PLAYERS]
    out[PHASE] = np.uint64(SHIFTING)
    out[PREVIOUS_SHIFT] = out[SHIFT]
    out[SHIFT] = np.uint64(NONE)
    out[DICE] = np.uint64(NONE)
    out[FED] = ZERO
    out[TURN] += ONE


@njit(cache=True, nogil=True)
def apply(state, move, out):
    """Write into `out` the position after the legal `move` (legality is not checked)."""
    copy_words(state, out)
    kind = (move >> 8) & 15
    argument = move & 255
    if kind == SHIFT_MOVE:
        shift_board(out, argument)
        out[SHIFT] = np.uint64(argument)
        out[PHASE] = np.uint64(ROLLING)
    elif kind == ROLL:
        out[DICE] = np.uint64(argument)
        out[PHASE] = np.uint64(CHOOSING)
    elif kind == NUMBER or kind == VOLCANO or kind == VOLCANO_NONE:
        terrain_step(state, out, kind, argument)
        if out[NEWLAND_SUPPLY] == ZERO and out[PLATEAU_SUPPLY] == ZERO:
            game_over(out)  # I-8: right after the terrain step
        else:
            out[PHASE] = np.uint64(ACTION1)
    elif kind == DISPATCH or kind == STEP:
        me = np.int64(state[TO_MOVE])
        if kind == DISPATCH:
            set_count(out, me, argument, count_at(out, me, argument) + 1)
            out[RESERVE + me] -= ONE
        else:
            source = argument >> 2
            target = NEIGHBOUR[source, argument & 3]
            set_count(out, me, source, count_at(out, me, source) - 1)
            set_count(out, me, target, count_at(out, me, target) + 1)
            there = terrain_of(state, target)
            if there >= 2 and terrain_of(state, source) != there:
                out[FOOD + me] += np.uint64(2)
        if state[PHASE] == ACTION1:
            out[PHASE] = np.uint64(ACTION2)
        else:
            end_turn(out)
    else:  # END or PASS
        end_turn(out)


@njit(cache=True, nogil=True)
def terminal_values(state, values):
    """Each seat's share of the win of a finished game (the reference's `results`): most food,
    then most people on plateaus; tied winners share 1. Seats beyond the players get 0."""
    fill(values, 0.0)
    players = min(np.int64(state[PLAYERS]), values.shape[0])
    best_food = np.int64(-1)
    best_plateau = np.int64(-1)
    for seat in range(players):
        food = np.int64(state[FOOD + seat])
        high = count_in(state, seat, state[PLATEAU])
        if food > best_food or (food == best_food and high > best_plateau):
            best_food = food
            best_plateau = high
    winners = 0
    for seat in range(players):
        if np.int64(state[FOOD + seat]) == best_food and count_in(state, seat, state[PLATEAU]) == best_plateau:
            values[seat] = 1.0
            winners += 1
    for seat in range(players):
        values[seat] /= winners


# Evaluation weights, indices into the weights array.
W_FOOD, W_BOARD, W_NEWLAND, W_PLATEAU = 0, 1, 2, 3
EVAL_WEIGHTS = np.array([100, 60, 20, 40], dtype=np.int64)
N_WEIGHTS = 4


@njit(cache=True, inline="always")
def seat_terms(state, seat):
    """What a seat has, the evaluation's terms in W_* order: food, people on the board (each one
    food at the end), people on new land and on plateaus."""
    return (np.int64(state[FOOD + seat]), np.int64(count_in(state, seat, FULL)),
            np.int64(count_in(state, seat, state[NEWLAND])), np.int64(count_in(state, seat, state[PLATEAU])))


@njit(cache=True)
def seat_score(state, seat, weights):
    """A seat's terms (seat_terms) weighed."""
    food, board, newland, plateau = seat_terms(state, seat)
    return weights[W_FOOD] * food + weights[W_BOARD] * board + weights[W_NEWLAND] * newland + weights[W_PLATEAU] * plateau


@njit(cache=True)
def evaluation_terms(state):
    """Every seat's evaluation terms (a row per seat, columns in W_* order), for a hint's reasons:
    the same seat_terms the evaluation weighs."""
    out = np.zeros((MAX_SEATS, N_WEIGHTS), dtype=np.int64)
    for seat in range(np.int64(state[PLAYERS])):
        terms = seat_terms(state, seat)
        for t in range(N_WEIGHTS):
            out[seat, t] = terms[t]
    return out


@njit(cache=True, nogil=True)
def evaluate(state, weights):
    """Heuristic score for the seat to move (hundredths of a food): its score less the best
    rival's."""
    me = np.int64(state[TO_MOVE])
    best_rival = np.int64(-(1 << 62))
    for seat in range(np.int64(state[PLAYERS])):
        if seat != me:
            best_rival = max(best_rival, seat_score(state, seat, weights))
    return seat_score(state, me, weights) - best_rival


@njit(cache=True, inline="always")
def roll_dice(rng):
    """A roll sampled from the dice (two independent faces, sorted): its move integer."""
    a = random_below(rng, FACES)
    b = random_below(rng, FACES)
    if a > b:
        a, b = b, a
    return encode(ROLL, a * FACES + b)


@njit(cache=True, inline="always")
def gains_food(state, move):
    """True for a step onto new land or a plateau from other terrain (+2 food, I-7)."""
    if (move >> 8) != STEP:
        return False
    argument = move & 255
    source = argument >> 2
    target = NEIGHBOUR[source, argument & 3]
    there = terrain_of(state, target)
    return there >= 2 and terrain_of(state, source) != there


@njit(cache=True)
def playout_move(state, moves, n, rng):
    """The light playout policy: at the roll the dice (by their probabilities); otherwise half
    the time a step that gains food if there is one, else a uniformly random move."""
    if state[PHASE] == ROLLING:
        return roll_dice(rng)
    if state[PHASE] == ACTION1 or state[PHASE] == ACTION2:
        gaining = 0
        for i in range(n):
            if gains_food(state, moves[i]):
                gaining += 1
        if gaining > 0 and random_unit(rng) < 0.5:
            pick = random_below(rng, gaining)
            for i in range(n):
                if gains_food(state, moves[i]):
                    if pick == 0:
                        return moves[i]
                    pick -= 1
    return moves[random_below(rng, n)]


@njit(cache=True, nogil=True)
def random_playouts(root, count, rng):
    """Play `count` games from `root`: dice by their probabilities, decisions uniformly at
    random; return the plies played in all (the benchmark's loop)."""
    moves = np.empty(MAX_MOVES, dtype=np.int64)
    state = np.empty_like(root)
    scratch = np.empty_like(root)
    plies = np.int64(0)
    for _ in range(count):
        copy_words(root, state)
        while True:
            n = legal_moves(state, moves)
            if n == 0:
                break
            if state[PHASE] == ROLLING:
                move = roll_dice(rng)
            else:
                move = moves[random_below(rng, n)]
            apply(state, move, scratch)
            state, scratch = scratch, state
            plies += 1
    return plies
