"""Penguins tile rules (P-9..P-23) on the kernel's uint64 words: barriers (seagull, emperor
penguin, nest, seal) and terrain (storm, tent, river, hole, freezing, radiation, seaweed,
blazing, krill), every legal combination of a move's parts, and apply.

These run only for positions with TILES = 1. They follow the stages of the reference's move
(solver/games/penguins/penguins_rules.py `_variants`): emperor then seal before the action, the
action, tent and river, seagull and krill (either first, P-9a; or either or both of them before
the tent and river, early_moves), emperor then seal after, blazing.
A side's supply reaching 0 is the win (P-8): every later stage then does nothing.

Moves of a tile position can be very many (seagull x krill x emperor x seal choices multiply):
tile_moves writes at most len(out) of them and returns the true number.
"""

import numpy as np
from numba import njit

from kernels.bits import ONE, ZERO, bit, board_mask, copy_words, lowest_square, popcount, put
from kernels.penguins.penguins_layout import *  # noqa: F403  (word indices, codes, sizes)
from kernels.penguins.penguins_moves import (
    EDGE,
    EDGE_NEAR,
    NEAR,
    NEIGHBOUR,
    all_occupied,
    encode_move,
    hatchling_stock,
    occupied,
    size_id,
    spaces,
)

WAYS_ROOM = 32  # tent/river orders x confluence choices x fork choices: 2 x 4 x 4 ways at most
SCRATCH = 8 + WAYS_ROOM  # the buffer row after the ways' rows, for a comparison (seal_first)
KRILL_OPTIONS = 1 + 64 + 64 * 63 // 2  # no egg, one egg per space, two eggs on any pair of spaces
# P-9a: the orders with the seagull (G) and/or the krill eggs (K) before the stop effects (S: tent
# and river), listed in this order after the stop effects first (the reference's EARLY_ORDERS):
# each order's stages, and the move bits that name it.
GULL_STAGE, STOP_STAGE, KRILL_STAGE = 0, 1, 2
EARLY_STAGES = np.array([[GULL_STAGE, STOP_STAGE, KRILL_STAGE], [KRILL_STAGE, STOP_STAGE, GULL_STAGE],
                         [GULL_STAGE, KRILL_STAGE, STOP_STAGE], [KRILL_STAGE, GULL_STAGE, STOP_STAGE]], dtype=np.int64)
# P-9a: when a krill egg is laid (2 bits per egg at KRILL_ORDER; the reference's KRILL_SLOTS).
KRILL_LAST, KRILL_BEFORE_GULL, KRILL_BETWEEN_STOPS, KRILL_BEFORE_STOPS = 0, 1, 2, 3
EARLY_GULL = np.array([1, 0, 1, 1], dtype=np.int64)  # each early order: the seagull before the stop effects
EARLY_SLOT = np.array([KRILL_LAST, KRILL_BEFORE_STOPS, KRILL_BEFORE_STOPS, KRILL_BEFORE_GULL], dtype=np.int64)
# The phases of a move's follow-ups in time order, by SEAGULL_EARLY (the seagull last, before the
# tent and river, between them): 0..3 lay the krill eggs of that slot; GULL_PHASE; FIRST_STOP and
# SECOND_STOP, the tent and the river in the move's order.
GULL_PHASE, FIRST_STOP, SECOND_STOP, EGG_PHASE = 4, 5, 6, 7
PHASES = np.array([[KRILL_BEFORE_STOPS, FIRST_STOP, KRILL_BETWEEN_STOPS, SECOND_STOP, KRILL_BEFORE_GULL, GULL_PHASE,
                    KRILL_LAST],
                   [KRILL_BEFORE_GULL, GULL_PHASE, KRILL_BEFORE_STOPS, FIRST_STOP, KRILL_BETWEEN_STOPS, SECOND_STOP,
                    KRILL_LAST],
                   [KRILL_BEFORE_STOPS, FIRST_STOP, KRILL_BEFORE_GULL, GULL_PHASE, KRILL_BETWEEN_STOPS, SECOND_STOP,
                    KRILL_LAST]], dtype=np.int64)
NO_GULL_MOVE, GULL_LEAVES = -1, -2  # seagull options besides a target space
STOP_WAYS = 32  # tent/river order x confluence choices x fork choices (bits 4, 2-3, 0-1 of a way)
# Every layer a piece or barrier can be on, for effects that move whatever stands on a space.
# Flags and counts handed down the move-part chain as numpy scalars, never Python literals: numba
# compiles a jitted callee once per literal argument (True, False, 0, -1 each make another copy of
# action_moves .. finish_moves), which tripled the tile kernel's first compile.
YES = np.bool_(True)
NO = np.bool_(False)
NO_STOP = np.int64(-1)
# What listed_moves lists: every legal move, or the action parts (ACTION_FIELDS) of the legal moves,
# each once; any other value (>= 0) is an action part, whose legal moves it lists.
ALL_MOVES = np.int64(-1)
ACTION_PARTS = np.int64(-2)
EXPLORATIONS = (6 * 2 + 2) * 6  # of one penguin: slides with and without a hole jump, orbits, each with its throws
SEEN_WORDS = (64 * 10 * 2 * 7 + 63) // 64  # part_key's bits: space x kind x hole jump x storm throw
PIECE_LAYERS = np.array([EGGS, EGGS + 1, PENGUINS, PENGUINS + 1, STARS, STARS + 1, ICEBERGS,
                         SEAGULL, EMPEROR, NEST, SEAL], dtype=np.int64)


@njit(cache=True, inline="always")
def barriers(state):
    """Mask of every barrier: icebergs, seagull, emperor penguin, nest, seal (P-10..P-14)."""
    return state[ICEBERGS] | state[SEAGULL] | state[EMPEROR] | state[NEST] | state[SEAL]


@njit(cache=True, inline="always")
def has_tiles(state):
    """1 when any tile word is set (the value of the TILES word)."""
    any_word = ZERO
    for word in range(FIRST_TILE_WORD, TILES):
        any_word |= state[word]
    return ONE if any_word != ZERO else ZERO


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
def barrier_step_part(state, buf, row, layer, direction, me, code, timing):
    """One emperor or seal part of a move (P-12, P-14): with direction -1 the barrier stays
    (`state` and `code` unchanged); else `buf[row]` becomes the position after its step and the
    code gains the part's timing and direction (BARRIER_STEPS: 13 x the emperor's step + the seal's)."""
    if direction < 0:
        return state, code
    copy_words(state, buf[row])
    step_barrier(buf[row], layer, direction, me)
    step = np.int64(1 + 6 * (timing - 1) + direction) * (13 if layer == EMPEROR else 1)
    return buf[row], code + (step << BARRIER_STEPS)


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
    copy_words(state, out)
    layer = PENGUINS + me if state[PENGUINS + me] & start else STARS + me
    out[layer] &= ~start
    out[ORBITERS] &= ~start
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
        # P-21: a penguin entering seaweed leaves the board, and the throw moves it onto that space.
        stop = -1 if state[SEAWEED] & bit(target) else target
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
        if state[NEST] and NEAR[size_id(state), lowest_square(state[NEST])] & bit(stop):
            out[ORBITERS] |= bit(stop)  # P-13: its own exploration ended next to the nest
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
    state[ORBITERS] &= ~ring  # P-13: a penguin carried by a tent may not orbit


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
def piece_layer(state, mask):
    """The layer of the piece or barrier on the space `mask`, or -1 when it is empty."""
    layer = -1
    for k in range(PIECE_LAYERS.shape[0]):
        if state[PIECE_LAYERS[k]] & mask:
            layer = PIECE_LAYERS[k]
    return layer


@njit(cache=True)
def flow(state, network, priority, branches):
    """P-19: every piece on the river moves one tile downstream, downstream tiles first (ties by
    the lower space); returns (fork choices used, contested confluences).

    A tile holds at its turn the piece it held before the flow (only upstream tiles, whose turn
    comes later, fill it), so the forks' arrows are fixed first: the k-th fork holding a piece
    takes bit k of `branches` (FAQ exp Q1). A confluence empty at its turn with two pieces heading
    into it is contested: at the k-th, bit k of `priority` lets the higher space move first
    instead of the lower (FAQ exp Q2); the other piece stays.
    """
    size = size_id(state)
    order = np.empty(64, dtype=np.int64)
    count = 0
    done = ZERO
    while done != network:
        ready = ZERO
        tiles = network & ~done
        while tiles:
            s = lowest_square(tiles)
            tiles &= tiles - ONE
            if river_targets(state, s) & ~done == ZERO:
                ready |= bit(s)
        order[count] = lowest_square(ready)
        done |= bit(order[count])
        count += 1
    heading = np.full(64, -2, dtype=np.int64)  # where the piece on a tile heads: a space, -1 off the board, -2 none
    used = 0
    occupied_before = all_occupied(state)
    for i in range(count):
        square = order[i]
        mask = bit(square)
        if occupied_before & mask == ZERO:
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
        heading[square] = np.int64(EDGE[size, arrow, square])
    contests = 0
    first_in = np.full(64, -1, dtype=np.int64)  # contested confluence -> the tile whose piece moves into it
    for i in range(count):
        square = order[i]
        mask = bit(square)
        layer = piece_layer(state, mask)
        target = heading[square]
        if layer >= 0 and (target < 0 or first_in[target] < 0 or first_in[target] == square):
            if target < 0:
                state[layer] &= ~mask  # off the board: the piece leaves the game
                state[ORBITERS] &= ~mask
            elif all_occupied(state) & bit(target) == ZERO:
                state[layer] = (state[layer] & ~mask) | bit(target)
                state[ORBITERS] &= ~mask  # P-13: a penguin carried by a river may not orbit
        if all_occupied(state) & mask == ZERO:
            low = -1
            high = -1
            feeders = 0
            for j in range(count):
                if heading[order[j]] == square:
                    feeders += 1
                    if low < 0 or order[j] < low:
                        low = order[j]
                    if order[j] > high:
                        high = order[j]
            if feeders >= 2:
                first_in[square] = high if contests < 2 and (priority >> contests) & 1 else low
                contests += 1
    return used, contests


@njit(cache=True)
def stop_effects(state, me, stop, river_first, priority, branches):
    """Carry out the tent (P-16) and river (P-19) after an exploration ending on `stop` (-1: none),
    in the chosen order (FAQ Q3); returns (fork choices used, contested confluences), -1 and 0 when
    neither applies."""
    if stop < 0 or won(state, me):
        return -1, 0
    tent = tent_square(state)
    tent_turns = tent >= 0 and NEAR[size_id(state), tent] & bit(stop) != ZERO
    river_flows = state[RIVER] & bit(stop) != ZERO
    if not tent_turns and not river_flows:
        return -1, 0
    used = 0
    contests = 0
    if tent_turns and not river_first:
        turn_tent(state, tent)
    if river_flows:
        used, contests = flow(state, river_network(state, stop), priority, branches)
    if tent_turns and river_first:
        turn_tent(state, tent)
    return used, contests


@njit(cache=True, inline="always")
def same_words(a, b):
    """True when two positions are equal word for word."""
    for i in range(a.shape[0]):
        if a[i] != b[i]:
            return False
    return True


@njit(cache=True)
def emperor_ways(state, me, timing, moved):
    """Directions (bit d) the emperor penguin may step in at `timing` (P-12): once a turn, in play,
    with a supply egg to leave behind; before the action one more, so that the action still happens."""
    need = np.uint64(2 if timing == BEFORE else 1)
    if state[PHASE] != PLAY_PHASE or moved or state[EMPEROR] == ZERO or state[SUPPLY + me] < need:
        return 0
    return step_targets(state, EMPEROR)


@njit(cache=True)
def seal_ways(state, me, moved):
    """Directions (bit d) the seal may step in (P-14): once a turn, in play, not after a win."""
    if state[PHASE] != PLAY_PHASE or moved or state[SEAL] == ZERO or won(state, me):
        return 0
    return step_targets(state, SEAL)


@njit(cache=True)
def seal_first(state, me, timing, emperor_moved, seal_moved, l, e, buf, row):
    """P-9a: write into buf[row] the position after the seal steps `l` and then the emperor `e` at
    `timing`; False when that order is illegal or gives the position the emperor first gives."""
    if not (seal_ways(state, me, seal_moved) >> l) & 1:
        return False
    copy_words(state, buf[row])
    step_barrier(buf[row], SEAL, l, me)
    if not (emperor_ways(buf[row], me, timing, emperor_moved) >> e) & 1:
        return False
    step_barrier(buf[row], EMPEROR, e, me)
    other = buf[SCRATCH]
    if (emperor_ways(state, me, timing, emperor_moved) >> e) & 1:
        copy_words(state, other)
        step_barrier(other, EMPEROR, e, me)
        if (seal_ways(other, me, seal_moved) >> l) & 1:
            step_barrier(other, SEAL, l, me)
            if same_words(other, buf[row]):
                return False
    return True


@njit(cache=True, inline="always")
def both_steps(timing, e, l):
    """The move bits of the emperor stepping `e` and the seal `l`, both at `timing`, the seal first."""
    return np.int64(STEPS_SEAL_FIRST + 36 * (timing - 1) + 6 * e + l) << BARRIER_STEPS


@njit(cache=True)
def blazing_moves(state, me, code, out, n):
    """P-22: the move as it is, or once per egg next to a blazing tile that it must send back."""
    hot = ZERO
    if state[PHASE] == PLAY_PHASE and not won(state, me):
        hot = near(state, state[BLAZING]) & (state[EGGS] | state[EGGS + 1])
    if hot == ZERO:
        return put(out, n, code)
    while hot:
        square = lowest_square(hot)
        hot &= hot - ONE
        n = put(out, n, code | (np.int64(square + 1) << BLAZING_EGG))
    return n


@njit(cache=True)
def finish_moves(state, me, code, emperor_moved, seal_moved, out, n, buf):
    """The emperor and seal after the action (P-12, P-14; the seal first where that differs, P-9a)
    and the blazing removal (P-22)."""
    emperor_after = emperor_ways(state, me, AFTER, emperor_moved)
    for e in range(-1, 6):
        if e >= 0 and not (emperor_after >> e) & 1:
            continue
        after_emperor, e_code = barrier_step_part(state, buf, 6, EMPEROR, e, me, code, AFTER)
        seal_after = seal_ways(after_emperor, me, seal_moved)
        for l in range(-1, 6):
            if l >= 0 and not (seal_after >> l) & 1:
                continue
            last, l_code = barrier_step_part(after_emperor, buf, 7, SEAL, l, me, e_code, AFTER)
            n = blazing_moves(last, me, l_code, out, n)
    for l in range(6):
        for e in range(6):
            if seal_first(state, me, AFTER, emperor_moved, seal_moved, l, e, buf, 7):
                n = blazing_moves(buf[7], me, code | both_steps(AFTER, e, l), out, n)
    return n


@njit(cache=True)
def krill_laid_moves(state, me, code, seagull_waits, emperor_moved, seal_moved, out, n, buf):
    """The rest of a move once its krill eggs are on `state`; with the seagull still to move (krill
    first, P-9a) only where that differs from the seagull first: a winning egg leaves the seagull
    where it is, and with no empty space left it leaves the game."""
    if seagull_waits and not won(state, me):
        if board_mask(spaces(state)) & ~all_occupied(state):
            return n  # it would move to an empty space: the position the seagull first gives
        state[SEAGULL] = ZERO
    return finish_moves(state, me, code, emperor_moved, seal_moved, out, n, buf)


@njit(cache=True)
def krill_options(state, me, entered, options):
    """P-23: write into `options` the krill eggs the mover may lay on `state`, as move bits: none (0),
    then one egg per empty space (ascending), then (two krill tiles entered, two supply eggs) every
    pair of empty spaces in board order; return how many."""
    options[0] = 0
    count = 1
    krill = popcount(entered & state[KRILL])
    supply = state[SUPPLY + me]
    if krill == 0 or supply == ZERO:
        return count
    empty = board_mask(spaces(state)) & ~all_occupied(state)
    first = empty
    while first:
        options[count] = np.int64(lowest_square(first) + 1) << KRILL_1
        first &= first - ONE
        count += 1
    if krill < 2 or supply < np.uint64(2):
        return count
    first = empty
    while first:
        a = lowest_square(first)
        first &= first - ONE
        second = first
        while second:
            options[count] = (np.int64(a + 1) << KRILL_1) | (np.int64(lowest_square(second) + 1) << KRILL_2)
            second &= second - ONE
            count += 1
    return count


@njit(cache=True)
def krill_moves(state, me, code, entered, seagull_waits, emperor_moved, seal_moved, out, n, buf):
    """P-23: no extra egg, or one per krill tile entered, each on an empty space (krill_options); with
    `seagull_waits` the eggs come before the seagull (P-9a), so laying none is no move of its own."""
    options = np.empty(KRILL_OPTIONS, dtype=np.int64)
    for i in range(krill_options(state, me, entered, options)):
        if i == 0:
            if not seagull_waits:
                n = finish_moves(state, me, code, emperor_moved, seal_moved, out, n, buf)
            continue
        copy_words(state, buf[5])
        lay_krill(buf[5], options[i], me)
        krill = options[i] | (same_time(options[i], KRILL_BEFORE_GULL) if seagull_waits else np.int64(0))
        n = krill_laid_moves(buf[5], me, code | krill, seagull_waits, emperor_moved, seal_moved, out, n, buf)
    return n


@njit(cache=True)
def seagull_must_move(before, state, me, entered):
    """P-11, FAQ Q6: the exploration entered a space next to where the seagull stood before the move
    (not across the edge), the move is not won and the seagull is still on the board (a river may
    have carried it off)."""
    gull = before[SEAGULL]
    if gull == ZERO or won(state, me) or state[SEAGULL] == ZERO:
        return False
    return entered & EDGE_NEAR[size_id(state), lowest_square(gull)] != ZERO


@njit(cache=True)
def seagull_moves(before, state, me, code, entered, emperor_moved, seal_moved, out, n, buf):
    """P-11: an exploration that entered a space next to the seagull (where it stood before the
    move, not across the edge) moves it to any empty space; with none it leaves the game. Then the
    krill eggs first, where that gives another position (P-9a)."""
    if not seagull_must_move(before, state, me, entered):
        return krill_moves(state, me, code, entered, NO, emperor_moved, seal_moved, out, n, buf)
    empty = board_mask(spaces(state)) & ~all_occupied(state)
    if empty == ZERO:
        copy_words(state, buf[4])
        buf[4, SEAGULL] = ZERO
        return krill_moves(buf[4], me, code, entered, NO, emperor_moved, seal_moved, out, n, buf)
    while empty:
        target = lowest_square(empty)
        empty &= empty - ONE
        copy_words(state, buf[4])
        buf[4, SEAGULL] = bit(target)
        n = krill_moves(buf[4], me, code | (np.int64(target + 1) << SEAGULL_TARGET), entered, NO,
                        emperor_moved, seal_moved, out, n, buf)
    return krill_moves(state, me, code, entered, YES, emperor_moved, seal_moved, out, n, buf)


@njit(cache=True)
def stop_region(state, me, stop):
    """The spaces the stop effects of an exploration ending on `stop` act on: the tent's ring if the
    tent turns (P-16), the river's network if it flows (P-19); 0 when neither acts."""
    if stop < 0 or won(state, me):
        return ZERO
    region = ZERO
    tent = tent_square(state)
    if tent >= 0 and NEAR[size_id(state), tent] & bit(stop):
        region = NEAR[size_id(state), tent]
    if state[RIVER] & bit(stop):
        region |= river_network(state, stop)
    return region


@njit(cache=True)
def stage_options(stage, before, state, me, entered, options):
    """Write into `options` the choices of one stage of a move's follow-ups (P-9a) on `state`: the
    seagull's (a target space, NO_GULL_MOVE or GULL_LEAVES), the krill eggs' (krill_options) or
    the stop effects' (the STOP_WAYS ways, checked when carried out); return how many."""
    if stage == KRILL_STAGE:
        return krill_options(state, me, entered, options)
    if stage == STOP_STAGE:
        for i in range(STOP_WAYS):
            options[i] = i
        return STOP_WAYS
    if not seagull_must_move(before, state, me, entered):
        options[0] = NO_GULL_MOVE
        return 1
    empty = board_mask(spaces(state)) & ~all_occupied(state)
    options[0] = GULL_LEAVES  # no empty space: it leaves the game
    count = 1 if empty == ZERO else 0
    while empty:
        options[count] = lowest_square(empty)
        empty &= empty - ONE
        count += 1
    return count


@njit(cache=True)
def carry_out_stage(stage, option, source, target, me, stop, both):
    """Write into `target` the position after one stage choice (stage_options) on `source`; return its
    move bits, or -1 when a stop way is not there (a fork or confluence choice it does not have, or
    river first where only one of tent and river acts: `both` says whether both do)."""
    copy_words(source, target)
    if stage == KRILL_STAGE:
        lay_krill(target, option, me)
        return option
    if stage == GULL_STAGE:
        if option == NO_GULL_MOVE:
            return np.int64(0)
        target[SEAGULL] = ZERO if option == GULL_LEAVES else bit(option)
        return np.int64(option + 1) << SEAGULL_TARGET if option >= 0 else np.int64(0)
    first, priority, branches = option >> 4, (option >> 2) & 3, option & 3
    if first and not both:
        return np.int64(-1)
    used, contests = stop_effects(target, me, stop, first, priority, branches)
    if branches >= 1 << max(used, 0) or priority >= 1 << contests:
        return np.int64(-1)
    return (np.int64(first) << RIVER_FIRST) | (np.int64(priority) << CONFLUENCES) | (np.int64(branches) << BRANCHES)


@njit(cache=True)
def early_part_matters(stage, source, target, me, region):
    """Whether a seagull or krill part carried out before the stop effects (`source` to `target`) can
    change what they do (P-9a): the seagull stood or lands on a space they act on, or had no empty
    space; a krill egg lands on one, or wins (they then do not happen). Elsewhere the part and the
    stop effects act on different spaces and commute: the stop effects first give the position too."""
    if stage == GULL_STAGE:
        return (source[SEAGULL] | target[SEAGULL]) & region != ZERO or target[SEAGULL] == ZERO
    if stage == KRILL_STAGE:
        return won(target, me) or target[EGGS + me] & ~source[EGGS + me] & region != ZERO
    return False


@njit(cache=True)
def gull_and_krill(state, before, me, entered, gull_part, target, krill, krill_first):
    """With `gull_part`, move the seagull to `target` (where it must move: P-11; with no empty space
    it leaves the game), and lay the krill eggs `krill` (move bits, P-23), in the order `krill_first`
    gives (P-9a); False when the target or an egg's space is not empty at its turn."""
    for part in range(2):
        if (part == 0) == krill_first:
            laid = krill_spaces(krill)
            if all_occupied(state) & laid:
                return False
            lay_krill(state, krill, me)
        elif gull_part and seagull_must_move(before, state, me, entered):
            empty = board_mask(spaces(state)) & ~all_occupied(state)
            if empty != ZERO and target & empty == ZERO:
                return False
            state[SEAGULL] = target if empty != ZERO else ZERO
    return True


@njit(cache=True)
def stops_first_give(position, before, me, entered, ways, kept, replay):
    """P-9a: whether the stop effects first (one of the `kept` ways, then the seagull and the krill
    eggs in either order) give `position`. Such a move can only put the seagull and the krill eggs
    where `position` has them, so each way is carried on with those two choices, seagull first and
    krill first, and compared."""
    for k in range(kept):
        way = ways[k]
        if way[EGGS + me] & ~position[EGGS + me]:
            continue
        laid = position[EGGS + me] & ~way[EGGS + me]
        eggs = popcount(laid)
        if eggs > popcount(entered & way[KRILL]) or np.uint64(eggs) > way[SUPPLY + me]:
            continue
        krill = np.int64(0)
        shift = KRILL_1
        while laid:
            krill |= np.int64(lowest_square(laid) + 1) << shift
            laid &= laid - ONE
            shift = KRILL_2
        for krill_first in (NO, YES):
            copy_words(way, replay)
            if gull_and_krill(replay, before, me, entered, YES, position[SEAGULL], krill, krill_first) \
                    and same_words(replay, position):
                return True
    return False


@njit(cache=True)
def is_listed(position, listed, count):
    """Whether `position` is one of the first `count` rows of `listed`."""
    for k in range(count):
        if same_words(listed[k], position):
            return True
    return False


@njit(cache=True)
def enlist(position, listed, count):
    """`listed` with `position` as row `count` (grown when full)."""
    if count == listed.shape[0]:
        grown = np.empty((2 * count, STATE_LEN), dtype=np.uint64)
        grown[:count] = listed
        listed = grown
    copy_words(position, listed[count])
    return listed


@njit(cache=True)
def early_moves(before, state, me, code, entered, stop, ways, kept, listed, emperor_moved, seal_moved, out, n, buf):
    """P-9a: the versions with the seagull and/or the krill eggs before the stop effects, in
    EARLY_STAGES order, each choice of a stage in the order of stage_options; a version only where an
    early part can matter (early_part_matters) and its position is neither one the stop effects
    first give (stops_first_give) nor one listed before. Returns n, `listed` with the positions of
    the versions listed, and their count."""
    count = 0
    moving = seagull_must_move(before, state, me, entered)
    if not moving and (popcount(entered & state[KRILL]) == 0 or state[SUPPLY + me] == ZERO):
        return n, listed, count  # neither a seagull nor a krill egg to move first
    region = stop_region(state, me, stop)
    if region == ZERO:
        return n, listed, count
    tent = tent_square(state)
    both = tent >= 0 and NEAR[size_id(state), tent] & bit(stop) != ZERO and state[RIVER] & bit(stop) != ZERO
    options = np.empty((3, KRILL_OPTIONS), dtype=np.int64)
    rows = np.empty((4, STATE_LEN), dtype=np.uint64)  # after each of the three stages, and a replay
    for order in range(EARLY_STAGES.shape[0]):
        stages = EARLY_STAGES[order]
        if not moving and (stages[0] == GULL_STAGE or stages[1] == GULL_STAGE and stages[2] == STOP_STAGE):
            continue  # no seagull move to make early
        for i0 in range(stage_options(stages[0], before, state, me, entered, options[0])):
            c0 = carry_out_stage(stages[0], options[0, i0], state, rows[0], me, stop, both)
            if stages[0] == KRILL_STAGE and c0 == 0:
                continue  # no krill egg: nothing comes early
            matters0 = early_part_matters(stages[0], state, rows[0], me, region)
            if stages[1] == STOP_STAGE and not matters0:
                continue
            for i1 in range(stage_options(stages[1], before, rows[0], me, entered, options[1])):
                c1 = carry_out_stage(stages[1], options[1, i1], rows[0], rows[1], me, stop, both)
                if c1 < 0 or stages[2] == STOP_STAGE and stages[1] == KRILL_STAGE and c1 == 0:
                    continue
                matters1 = matters0 or (stages[2] == STOP_STAGE
                                        and early_part_matters(stages[1], rows[0], rows[1], me, region))
                if stages[2] == STOP_STAGE and not matters1:
                    continue
                for i2 in range(stage_options(stages[2], before, rows[1], me, entered, options[2])):
                    c2 = carry_out_stage(stages[2], options[2, i2], rows[1], rows[2], me, stop, both)
                    if c2 < 0 or stops_first_give(rows[2], before, me, entered, ways, kept, rows[3]) \
                            or is_listed(rows[2], listed, count):
                        continue
                    listed = enlist(rows[2], listed, count)
                    count += 1
                    krill = c0 if stages[0] == KRILL_STAGE else c1 if stages[1] == KRILL_STAGE else c2
                    flags = (EARLY_GULL[order] << SEAGULL_EARLY) | same_time(krill, EARLY_SLOT[order])
                    n = finish_moves(rows[2], me, code | flags | c0 | c1 | c2, emperor_moved, seal_moved, out, n, buf)
    return n, listed, count


@njit(cache=True)
def same_time(krill, slot):
    """The KRILL_ORDER bits of the krill eggs `krill` (move bits) all laid at `slot` (P-9a)."""
    eggs = (1 if field(krill, KRILL_1, 7) else 0) + (1 if field(krill, KRILL_2, 7) else 0)
    return np.int64(slot * (5 if eggs == 2 else eggs)) << KRILL_ORDER


@njit(cache=True)
def stop_part(state, me, stop, way, k):
    """Carry out the k-th stop effect (tent P-16, river P-19) of an exploration ending on `stop`, in the
    order and with the choices of `way` (bits 4, 2-3, 0-1: river first, confluences, forks); nothing
    once the move is won. False when `way` has a choice the river does not (a win: none)."""
    tent = tent_square(state)
    tent_turns = tent >= 0 and NEAR[size_id(state), tent] & bit(stop) != ZERO
    river_flows = state[RIVER] & bit(stop) != ZERO
    first, priority, branches = way >> 4, (way >> 2) & 3, way & 3
    river = river_flows and (k == 1) == (first == 0 and tent_turns)
    if not river:
        if not won(state, me):
            turn_tent(state, tent)
        return True
    used, contests = 0, 0
    if not won(state, me):
        used, contests = flow(state, river_network(state, stop), priority, branches)
    return branches < 1 << max(used, 0) and priority < 1 << contests


@njit(cache=True)
def apart_slots(eggs, has, early, combos):
    """Write into `combos` the slots of the krill eggs laid apart (P-9a; the reference's _apart_slots),
    one row per version in the order they are tried, each row the slots in the order the eggs are
    laid (-1: no second egg); `has[slot]` says which slots the move has, `early` when the seagull
    moves (SEAGULL_EARLY). Return how many rows."""
    timeline = PHASES[early][PHASES[early] < GULL_PHASE]
    count = 0
    if has[KRILL_BETWEEN_STOPS]:
        combos[0, 0], combos[0, 1] = KRILL_BETWEEN_STOPS, -1
        count = 1
    if eggs < 2:
        return count
    for group in range(3):  # pairs away from the stop effects, both between them, one between them
        if group == 1:
            if has[KRILL_BETWEEN_STOPS]:
                combos[count, 0], combos[count, 1] = KRILL_BETWEEN_STOPS, KRILL_BETWEEN_STOPS
                count += 1
            continue
        for i in range(4):
            for j in range(i + 1, 4):
                a, b = timeline[i], timeline[j]
                between = a == KRILL_BETWEEN_STOPS or b == KRILL_BETWEEN_STOPS
                if has[a] and has[b] and between == (group == 2) and (between or early != 2):
                    combos[count, 0], combos[count, 1] = a, b
                    count += 1
    return count


@njit(cache=True)
def apart_moves(before, state, me, code, entered, stop, ways, kept, listed, count, emperor_moved, seal_moved, out, n,
                buf):
    """P-9a, each krill egg its own effect: the versions with the krill eggs apart (apart_slots order),
    each effect's choices in the order they happen, as in the reference's _apart_ways (which says
    where such a version can give a new position, the only ones tried); a version only where its
    position is not one the stop effects first give, nor one listed by early_moves or before."""
    krill = popcount(entered & state[KRILL])
    supply = state[SUPPLY + me]
    if krill == 0 or supply == ZERO or won(state, me):
        return n
    tent = tent_square(state)
    tent_turns = stop >= 0 and tent >= 0 and NEAR[size_id(state), tent] & bit(stop) != ZERO
    river_flows = stop >= 0 and state[RIVER] & bit(stop) != ZERO
    stops = (1 if tent_turns else 0) + (1 if river_flows else 0)
    moving = seagull_must_move(before, state, me, entered)
    region = stop_region(state, me, stop)
    has = np.zeros(4, dtype=np.bool_)
    has[KRILL_LAST] = True
    has[KRILL_BEFORE_GULL] = moving
    has[KRILL_BEFORE_STOPS] = region != ZERO
    has[KRILL_BETWEEN_STOPS] = stops == 2
    eggs = 2 if krill >= 2 and supply >= np.uint64(2) else 1
    if stops < 2 and (eggs < 2 or not moving and stops == 0):
        return n  # no time between the tent and the river, and one egg or one time to lay two at
    combos = np.empty((12, 2), dtype=np.int64)
    tokens = np.empty(5, dtype=np.int64)
    options = np.empty((5, 64), dtype=np.int64)
    counts = np.zeros(5, dtype=np.int64)
    index = np.zeros(5, dtype=np.int64)
    rows = np.empty((6, STATE_LEN), dtype=np.uint64)
    replay = np.empty(STATE_LEN, dtype=np.uint64)
    bits = np.zeros(5, dtype=np.int64)  # each token's move bits: the way, the seagull's target
    laid = np.zeros(5, dtype=np.int64)  # an egg token's space
    vacated = np.zeros(6, dtype=np.uint64)  # where the seagull stood before it moved, as of each row
    for early in range(3):
        if early == 1 and not (moving and region != ZERO) or early == 2 and not (moving and stops == 2):
            continue
        for c in range(apart_slots(eggs, has, early, combos)):
            slots = combos[c]
            apart = slots[1] >= 0 and slots[0] != slots[1]
            # The tokens in time order: PHASES with each stop effect and the seagull where the move has them.
            size = 0
            e = 0
            for phase in PHASES[early]:
                if phase == GULL_PHASE:
                    if moving:
                        tokens[size] = GULL_PHASE
                        size += 1
                elif phase == FIRST_STOP or phase == SECOND_STOP:
                    if stops > phase - FIRST_STOP:
                        tokens[size] = phase
                        size += 1
                else:
                    while e < 2 and slots[e] == phase:
                        tokens[size] = EGG_PHASE
                        size += 1
                        e += 1
            copy_words(state, rows[0])
            vacated[0] = ZERO
            d = 0
            counts[0] = -1
            while d >= 0:
                if d == size:  # every effect carried out: a version
                    egg_code = np.int64(0)
                    egg_order = np.int64(0)
                    low = 0
                    k = 0
                    for t in range(size):
                        if tokens[t] == EGG_PHASE:
                            k += 1
                    if k == 2:
                        first_egg, second_egg = -1, -1
                        for t in range(size):
                            if tokens[t] == EGG_PHASE:
                                if first_egg < 0:
                                    first_egg = t
                                else:
                                    second_egg = t
                        low = 0 if laid[first_egg] <= laid[second_egg] else 1  # the same space: as laid
                        squares = (laid[first_egg], laid[second_egg])
                        egg_code = (np.int64(squares[low] + 1) << KRILL_1) | (np.int64(squares[1 - low] + 1) << KRILL_2)
                        egg_order = slots[low] | (slots[1 - low] << 2)
                    else:
                        for t in range(size):
                            if tokens[t] == EGG_PHASE:
                                egg_code = np.int64(laid[t] + 1) << KRILL_1
                        egg_order = slots[0]
                    move = code | egg_code | (egg_order << KRILL_ORDER) | (np.int64(early) << SEAGULL_EARLY)
                    for t in range(size):
                        move |= bits[t]
                    position = rows[size]
                    if not (stops_first_give(position, before, me, entered, ways, kept, replay)
                            or is_listed(position, listed, count)):
                        listed = enlist(position, listed, count)
                        count += 1
                        n = finish_moves(position, me, move, emperor_moved, seal_moved, out, n, buf)
                    d -= 1
                    continue
                token = tokens[d]
                source = rows[d]
                if counts[d] < 0:  # entering this token: list its options
                    if token == GULL_PHASE:
                        counts[d] = stage_options(GULL_STAGE, before, source, me, entered, options[d])
                    elif token == FIRST_STOP:
                        counts[d] = 0
                        for way in range(STOP_WAYS):
                            if (way >> 4 == 0 or stops == 2) and (way & 15 == 0 or river_flows):
                                options[d, counts[d]] = way
                                counts[d] += 1
                    elif token == SECOND_STOP:
                        for t in range(d):
                            if tokens[t] == FIRST_STOP:
                                options[d, 0] = options[t, index[t] - 1]
                        counts[d] = 1
                    else:
                        counts[d] = 0
                        if not won(source, me):
                            empty = board_mask(spaces(source)) & ~all_occupied(source)
                            while empty:
                                options[d, counts[d]] = lowest_square(empty)
                                empty &= empty - ONE
                                counts[d] += 1
                    index[d] = 0
                if index[d] == counts[d]:
                    counts[d] = -1
                    d -= 1
                    continue
                option = options[d, index[d]]
                index[d] += 1
                target = rows[d + 1]
                vacated[d + 1] = vacated[d]
                bits[d] = 0
                if token == GULL_PHASE:
                    vacated[d + 1] = source[SEAGULL]
                    bits[d] = carry_out_stage(GULL_STAGE, option, source, target, me, stop, stops == 2)
                elif token == FIRST_STOP or token == SECOND_STOP:
                    copy_words(source, target)
                    if not stop_part(target, me, stop, option, token - FIRST_STOP):
                        continue
                    if token == FIRST_STOP:
                        bits[d] = (np.int64(option >> 4) << RIVER_FIRST) | (np.int64((option >> 2) & 3) << CONFLUENCES)
                        bits[d] |= np.int64(option & 3) << BRANCHES
                else:
                    copy_words(source, target)
                    lay(target, me, option)
                    laid[d] = option
                    k = 0
                    for t in range(d):
                        if tokens[t] == EGG_PHASE:
                            k += 1
                    last_between = slots[k] == KRILL_BETWEEN_STOPS and not (k == 0 and slots[1] == KRILL_BETWEEN_STOPS)
                    if last_between and not won(target, me):
                        continue
                    if apart:
                        square = bit(option)
                        full = board_mask(spaces(target)) & ~all_occupied(target) == ZERO
                        if k == 0 and not (square & region != ZERO or full):
                            continue
                        if k == 1 and not (square & region != ZERO or won(target, me) or square & vacated[d] != ZERO):
                            continue
                d += 1
                if d < size:
                    counts[d] = -1
    return n


@njit(cache=True)
def follow_up_moves(before, state, me, code, entered, stop, emperor_moved, seal_moved, out, n, buf, listed):
    """Every choice after the action: tent and river order, branches, then seagull onwards; then the
    seagull or krill eggs before the tent and river (early_moves) and the krill eggs apart (apart_moves);
    `listed` is room for the positions of those versions (tile_moves makes it once)."""
    tent = tent_square(state)
    tent_turns = stop >= 0 and not won(state, me) and tent >= 0 and NEAR[size_id(state), tent] & bit(stop) != ZERO
    river_flows = stop >= 0 and not won(state, me) and state[RIVER] & bit(stop) != ZERO
    if not tent_turns and not river_flows:
        n = seagull_moves(before, state, me, code, entered, emperor_moved, seal_moved, out, n, buf)
        if entered & state[KRILL] == ZERO:
            return n
        copy_words(state, buf[8])  # the one way: no stop effect
        return apart_moves(before, state, me, code, entered, stop, buf[8:9], np.int64(1), listed, np.int64(0),
                           emperor_moved, seal_moved, out, n, buf)
    firsts = 2 if tent_turns and river_flows else 1
    kept = 0  # the positions of the ways listed so far, in buf[8:]: a way giving one of them again is the same move (P-9a)
    for first in range(firsts):
        for priority in range(4 if river_flows else 1):
            for branches in range(4 if river_flows else 1):
                way = buf[8 + kept]
                copy_words(state, way)
                used, contests = stop_effects(way, me, stop, first, priority, branches)
                if branches >= 1 << max(used, 0) or priority >= 1 << contests:
                    continue
                repeated = False
                for k in range(kept):
                    if same_words(buf[8 + k], way):
                        repeated = True
                if repeated:
                    continue
                kept += 1
                choice = (np.int64(first) << RIVER_FIRST) | (np.int64(priority) << CONFLUENCES)
                choice |= np.int64(branches) << BRANCHES
                n = seagull_moves(before, way, me, code | choice, entered, emperor_moved, seal_moved, out, n, buf)
    n, listed, count = early_moves(before, state, me, code, entered, stop, buf[8:8 + kept], np.int64(kept), listed,
                                   emperor_moved, seal_moved, out, n, buf)
    return apart_moves(before, state, me, code, entered, stop, buf[8:8 + kept], np.int64(kept), listed, count,
                       emperor_moved, seal_moved, out, n, buf)


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
def explored_before(after, entered, stop, me, records, count):
    """ACTION_PARTS: whether an earlier exploration from the same space (after the same pre-effects)
    gave the position `after` with the same spaces entered and the same stop, so the same
    follow-ups (after a win: the position alone, there are none). Such explorations give the same
    positions (a slide whose other hole is the next space anyway, an orbit step a slide takes too,
    throws onto the same space, into seaweed), so only the first is an action part (P-9a). Else the
    exploration is kept as row `count` of `records` (the position, then the two words compared with
    it). Returns (whether it is, the records' count)."""
    done = won(after, me)
    spaces_entered = ZERO if done else entered
    stop_word = ZERO if done else np.uint64(stop + 2)
    for r in range(count):
        if records[r, STATE_LEN] == spaces_entered and records[r, STATE_LEN + 1] == stop_word \
                and same_words(records[r, :STATE_LEN], after):
            return True, count
    if count == records.shape[0]:
        return False, count
    copy_words(after, records[count])
    records[count, STATE_LEN] = spaces_entered
    records[count, STATE_LEN + 1] = stop_word
    return False, count + 1


@njit(cache=True, inline="always")
def part_key(action, square, direction, jump, throw):
    """The bit of an action part in the `seen` words of action_moves: its space, its kind (a slide's
    direction 0-5, an orbit's 6-7, a landing 8, a hatching 9), hole jump and storm throw."""
    kind = direction if action == SLIDE else 6 + direction if action == ORBIT else 8 if action == LAND else 9
    return ((np.int64(square) * 10 + kind) * 2 + jump) * 7 + throw + 1


@njit(cache=True)
def action_part(move, out, n, seen):
    """ACTION_PARTS: `move` (an action part) added to `out` unless another pre-effect already gave it."""
    key = part_key((move >> 9) & 7, move & 63, (move >> 6) & 7, (move >> HOLE_JUMP) & 1, ((move >> STORM_THROW) & 7) - 1)
    if seen[key >> 6] & bit(key & 63):
        return n
    seen[key >> 6] |= bit(key & 63)
    return put(out, n, move)


@njit(cache=True)
def action_moves(before, state, me, code, emperor_moved, seal_moved, out, n, buf, path, listed, want, seen, records):
    """Every action after the pre-effects (on `state`) with all its choices; only the actions whose
    part (ACTION_FIELDS of the move) is `want` unless it is ALL_MOVES, and with ACTION_PARTS the
    parts alone, each once (`seen`: the parts listed so far, by part_key), and of the explorations
    from a space that give the same position only the first (explored_before, kept in `records`)."""
    empty = board_mask(spaces(state)) & ~all_occupied(state)
    if state[PHASE] == SETUP_PHASE:
        while empty:
            n = put(out, n, code | encode_move(RIVAL_EGG, lowest_square(empty), 0))
            empty &= empty - ONE
        return n
    after = buf[2]
    eggs = hatchable(state, me) if hatchling_stock(state, me) != 0 else ZERO
    for action in (LAND, HATCH):  # lay an egg on an empty space, then hatch one of the eggs
        squares = empty if action == LAND else eggs
        if want >= 0:
            squares &= bit(want & 63) if want == encode_move(action, want & 63, 0) else ZERO
        while squares:
            square = lowest_square(squares)
            squares &= squares - ONE
            if want == ACTION_PARTS:
                n = action_part(encode_move(action, square, 0), out, n, seen)
                continue
            copy_words(state, after)
            if action == LAND:
                lay(after, me, square)
            else:
                hatch(after, me, square)
            n = follow_up_moves(before, after, me, code | encode_move(action, square, 0), ZERO, NO_STOP,
                                emperor_moved, seal_moved, out, n, buf, listed)
    orbiters = state[ORBITERS]
    jumps = 2 if popcount(state[HOLES]) == 2 else 1
    penguins = state[PENGUINS + me] | state[STARS + me]
    if want >= 0:
        penguins &= bit(want & 63)
    while penguins:
        square = lowest_square(penguins)
        penguins &= penguins - ONE
        kept = 0  # the explorations from this space in `records`
        for action in (SLIDE, ORBIT):
            if action == ORBIT and orbiters & bit(square) == ZERO:
                continue
            for direction in range(6 if action == SLIDE else 2):
                for jump in range(jumps if action == SLIDE else 1):
                    part = encode_move(action, square, direction) | (np.int64(jump) << HOLE_JUMP)
                    if want >= 0 and part != want & ~(np.int64(7) << STORM_THROW):
                        continue
                    k, stop, captured, thawed, storm = walk(state, me, square, action, direction, jump, path)
                    if k < 0:
                        continue
                    throws = storm_throws(state, me, square, path, k, stop) if storm else 0
                    for throw in range(-1, 6):
                        if (throw < 0 and throws != 0) or (throw >= 0 and not (throws >> throw) & 1):
                            continue
                        move = part | (np.int64(throw + 1) << STORM_THROW)
                        if want >= 0 and move != want:
                            continue
                        entered, final = explore(state, after, me, square, path, k, stop, captured, thawed, throw)
                        if entered < 0:
                            continue
                        if want == ACTION_PARTS:
                            same, kept = explored_before(after, entered_mask(path, entered), final, me, records, kept)
                            if not same:
                                n = action_part(move, out, n, seen)
                            continue
                        n = follow_up_moves(before, after, me, code | move, entered_mask(path, entered), final,
                                            emperor_moved, seal_moved, out, n, buf, listed)
    return n


@njit(cache=True)
def one_move_per_action(state):
    """True when no tile adds a choice to an action (P-9: no emperor penguin, seal, seagull, krill,
    tent, river or blazing tile), so that each action part of a legal move is that whole move."""
    choices = state[EMPEROR] | state[SEAL] | state[SEAGULL] | state[KRILL] | state[TENT_CW] | state[TENT_CCW]
    return choices | state[RIVER] | state[BLAZING] == ZERO


@njit(cache=True)
def tile_moves(state, out):
    """Every legal move of a position with tiles (P-9): writes at most len(out), returns the number."""
    return listed_moves(state, out, ALL_MOVES)


@njit(cache=True)
def listed_moves(state, out, want):
    """The legal moves of a position with tiles (P-9) whose action part is `want` (all of them with
    ALL_MOVES), or with ACTION_PARTS the action parts of the legal moves, each once: writes at most
    len(out), returns the number."""
    me = np.int64(state[TURN])
    buf = np.empty((SCRATCH + 1, STATE_LEN), dtype=np.uint64)
    path = np.empty(PATH_ROOM, dtype=np.int64)
    listed = np.empty((8, STATE_LEN), dtype=np.uint64)  # the positions of a move's versions in another order (P-9a)
    seen = np.zeros(SEEN_WORDS if want == ACTION_PARTS else 0, dtype=np.uint64)
    records = np.empty((EXPLORATIONS if want == ACTION_PARTS else 0, STATE_LEN + 2), dtype=np.uint64)
    n = np.int64(0)
    emperor_before = emperor_ways(state, me, BEFORE, NO)
    for e in range(-1, 6):
        if e >= 0 and not (emperor_before >> e) & 1:
            continue
        after_emperor, e_code = barrier_step_part(state, buf, 0, EMPEROR, e, me, np.int64(0), BEFORE)
        seal_before = seal_ways(after_emperor, me, NO)
        for l in range(-1, 6):
            if l >= 0 and not (seal_before >> l) & 1:
                continue
            first, l_code = barrier_step_part(after_emperor, buf, 1, SEAL, l, me, e_code, BEFORE)
            n = action_moves(state, first, me, l_code, e >= 0, l >= 0, out, n, buf, path, listed, want, seen, records)
    for l in range(6):
        for e in range(6):
            if seal_first(state, me, BEFORE, NO, NO, l, e, buf, 1):
                n = action_moves(state, buf[1], me, both_steps(BEFORE, e, l), YES, YES, out, n, buf, path, listed,
                                 want, seen, records)
    return n


@njit(cache=True)
def field(move, shift, width):
    """The value of a bit field of a move integer."""
    return np.int64((move >> shift) & ((1 << width) - 1))


@njit(cache=True)
def barrier_steps(state, move, timing, me):
    """The emperor's and the seal's steps of `move` at `timing`, in the move's order (P-9a)."""
    steps = field(move, BARRIER_STEPS, 8)
    if steps >= STEPS_SEAL_FIRST:
        steps -= STEPS_SEAL_FIRST
        if 1 + steps // 36 == timing:
            step_barrier(state, SEAL, steps % 6, me)
            step_barrier(state, EMPEROR, (steps % 36) // 6, me)
        return
    for k in range(2):
        step = steps // 13 if k == 0 else steps % 13
        if step and 1 + (step - 1) // 6 == timing:
            step_barrier(state, EMPEROR if k == 0 else SEAL, (step - 1) % 6, me)


@njit(cache=True)
def krill_spaces(move):
    """Mask of the spaces of the krill eggs of `move` (P-23)."""
    mask = ZERO
    for shift in (KRILL_1, KRILL_2):
        krill = field(move, shift, 7) - 1
        if krill >= 0:
            mask |= bit(krill)
    return mask


@njit(cache=True)
def lay_krill(state, move, me):
    """Lay the krill eggs of `move` (P-23)."""
    laid = krill_spaces(move)
    while laid:
        lay(state, me, lowest_square(laid))
        laid &= laid - ONE


@njit(cache=True)
def follow_ups(out, before, move, me, entered, stop):
    """The tent and river, the seagull and the krill eggs of the exploration `move` (P-11, P-16, P-19,
    P-23), in the move's order (P-9a: PHASES, each krill egg at its own slot)."""
    order = field(move, KRILL_ORDER, 4)
    way = (field(move, RIVER_FIRST, 1) << 4) | (field(move, CONFLUENCES, 2) << 2) | field(move, BRANCHES, 2)
    target = field(move, SEAGULL_TARGET, 7) - 1
    tent = tent_square(out)
    stops = 0
    if stop >= 0:
        stops = (1 if tent >= 0 and NEAR[size_id(out), tent] & bit(stop) != ZERO else 0) + \
            (1 if out[RIVER] & bit(stop) != ZERO else 0)
    for phase in PHASES[field(move, SEAGULL_EARLY, 2)]:
        if phase == GULL_PHASE:
            gull_and_krill(out, before, me, entered, YES, bit(target) if target >= 0 else ZERO, np.int64(0), NO)
        elif phase == FIRST_STOP or phase == SECOND_STOP:
            if stops > phase - FIRST_STOP:
                stop_part(out, me, stop, way, phase - FIRST_STOP)
        else:
            for k in range(2):
                square = field(move, KRILL_1 if k == 0 else KRILL_2, 7) - 1
                if square >= 0 and (order >> 2 * k) & 3 == phase:
                    lay(out, me, square)


@njit(cache=True)
def tile_apply(state, move, out):
    """Write into `out` the position after the legal `move` of a position with tiles."""
    copy_words(state, out)
    square = move & 63
    direction = (move >> 6) & 7
    action = (move >> 9) & 7
    me = np.int64(state[TURN])
    rival = 1 - me
    barrier_steps(out, move, BEFORE, me)
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
        follow_ups(out, state, move, me, entered_mask(path, k), stop)
    barrier_steps(out, move, AFTER, me)
    burnt = field(move, BLAZING_EGG, 7) - 1
    if burnt >= 0:
        send_back(out, burnt)
    # P-13: only penguins still next to the nest (it may have moved) keep their orbit.
    if out[NEST]:
        out[ORBITERS] &= NEAR[size_id(out), lowest_square(out[NEST])] & (out[PENGUINS] | out[PENGUINS + 1] | out[STARS] | out[STARS + 1])
    else:
        out[ORBITERS] = ZERO
    out[TURN] = np.uint64(rival)
    out[PLY] = state[PLY] + ONE
    if action == RIVAL_EGG and me == 1:
        out[PHASE] = np.uint64(PLAY_PHASE)
        out[TURN] = ZERO
    out[TILES] = has_tiles(out)
