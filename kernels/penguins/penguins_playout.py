"""The MCTS playout step of a tile position (P-9..P-23) without listing every combined move.

A tile move multiplies its parts (seagull x krill x emperor x seal ...: docs/rules/penguins.md
section 11), so listing them all at every playout ply made MCTS on the scenarios more than ten
times slower (docs/PERFORMANCE.md). Here the policy first chooses the action (a landing, a
hatching, or a slide with its hole jump and a storm throw drawn at random), judged by the
position after it, and only then lists that one action's follow-ups with the generator's own
`follow_up_moves` and draws one of them: a move the generator lists too, so it is legal. The
playout plays no emperor or seal step before the action and no orbit (optional parts of a move).

Like the plain policy (kernels/penguins/penguins_eval.py `playout_move`) it prefers what lays
eggs: a slide's gain counts the krill eggs it may lay (P-23), a slide whose krill eggs empty the
supply is a win at once, and among the chosen action's follow-ups it draws one of those laying
the most eggs (krill eggs, the emperor penguin's egg: P-12).
"""

import numpy as np
from numba import njit

from kernels.bits import ZERO, board_mask, copy_words, lowest_square, popcount
from kernels.penguins.penguins_layout import (
    BARRIER_STEPS,
    HOLE_JUMP,
    HOLES,
    KRILL,
    LAND,
    HATCH,
    PATH_ROOM,
    PENGUINS,
    PHASE,
    PLAY_PHASE,
    RIVAL_EGG,
    SLIDE,
    STARS,
    STATE_LEN,
    STEPS_SEAL_FIRST,
    STORM_THROW,
    SUPPLY,
    TURN,
)
from kernels.penguins.penguins_moves import all_occupied, encode_move, game_over, hatchling_stock, spaces
from kernels.penguins.penguins_tiles import (
    NO,
    SCRATCH,
    entered_mask,
    explore,
    follow_up_moves,
    hatch,
    hatchable,
    krill_spaces,
    lay,
    storm_throws,
    tile_moves,
    walk,
)
from kernels.rng import random_below, random_unit


@njit(cache=True, inline="always")
def nth_square(bits, i):
    """The space of the `i`-th set bit of `bits` (lowest first)."""
    for _ in range(i):
        bits &= bits - np.uint64(1)
    return lowest_square(bits)


@njit(cache=True, inline="always")
def slide_part(code):
    """(square, direction, hole jump, storm throw or -1) of a slide move's integer."""
    return code & 63, (code >> 6) & 7, (code >> HOLE_JUMP) & 1, ((code >> STORM_THROW) & 7) - 1


@njit(cache=True)
def thrown_slide(state, me, code, after, path):
    """Write into `after` the position after the slide of `code` (with its jump and throw);
    return (spaces entered or -1 when illegal, final space or -1 for seaweed, rival eggs
    captured)."""
    square, direction, jump, throw = slide_part(code)
    k, stop, captured, thawed, storm = walk(state, me, square, SLIDE, direction, jump, path)
    if k < 0:
        return -1, -1, ZERO
    entered, final = explore(state, after, me, square, path, k, stop, captured, thawed, throw)
    return entered, final, captured


@njit(cache=True)
def thrown(state, me, square, path, k, stop, captured, thawed, storm, after, rng):
    """Write into `after` the position after the slide walked into `path`, with a storm throw
    drawn among the legal ones when a storm stopped it (P-15); return (spaces entered or -1 when
    no throw is legal, final space or -1 for seaweed, the throw or -1)."""
    throws = storm_throws(state, me, square, path, k, stop) if storm else 0
    if throws == 0:
        entered, final = explore(state, after, me, square, path, k, stop, captured, thawed, -1)
        return entered, final, -1
    first = random_below(rng, 6)
    for i in range(6):
        throw = (first + i) % 6
        if (throws >> throw) & 1:
            entered, final = explore(state, after, me, square, path, k, stop, captured, thawed, throw)
            if entered >= 0:  # not back onto its own path
                return entered, final, throw
    return -1, -1, -1


@njit(cache=True, inline="always")
def krill_eggs(after, me, entered):
    """The krill eggs the mover may still lay after an exploration that entered `entered`, on
    `after` (P-23: one per krill tile entered, each from its supply onto an empty space)."""
    empty = board_mask(spaces(after)) & ~all_occupied(after)
    return min(popcount(entered & after[KRILL]), np.int64(after[SUPPLY + me]), popcount(empty))


@njit(cache=True, inline="always")
def follow_up_eggs(move):
    """The eggs the follow-ups of `move` lay beyond its action: its krill eggs (P-23) and the
    emperor penguin's egg when it steps (P-12)."""
    steps = (move >> BARRIER_STEPS) & 255
    emperor = 1 if steps >= STEPS_SEAL_FIRST or steps // 13 != 0 else 0
    return popcount(krill_spaces(move)) + emperor


@njit(cache=True)
def most_eggs(moves, n, rng):
    """One of the first `n` moves whose follow-ups lay the most eggs, drawn uniformly."""
    most = np.int64(-1)
    ties = 0
    for i in range(n):
        eggs = follow_up_eggs(moves[i])
        if eggs > most:
            most, ties = eggs, 0
        if eggs == most:
            ties += 1
    pick = random_below(rng, ties)
    for i in range(n):
        if follow_up_eggs(moves[i]) == most:
            if pick == 0:
                return moves[i]
            pick -= 1
    return np.int64(-1)


@njit(cache=True)
def tile_slides(state, me, heads, after, path, rng):
    """Write the mover's slides, each with its hole jump and a storm throw drawn where one is due
    (no follow-ups yet), into `heads`; return (their number, index of one that empties the supply
    or -1, index of the one that gains most or -1). A slide's gain is the eggs it lays, its krill
    eggs included, plus the rival eggs it sends back."""
    n = 0
    winner = -1
    best = -1
    best_gain = np.int64(0)
    jumps = 2 if popcount(state[HOLES]) == 2 else 1
    rival = 1 - me
    penguins = state[PENGUINS + me] | state[STARS + me]
    while penguins:
        square = lowest_square(penguins)
        penguins &= penguins - np.uint64(1)
        for direction in range(6):
            for jump in range(jumps):
                k, stop, captured, thawed, storm = walk(state, me, square, SLIDE, direction, jump, path)
                if k < 0:
                    continue
                entered, final, throw = thrown(state, me, square, path, k, stop, captured, thawed, storm, after, rng)
                if entered < 0 or n >= heads.shape[0]:
                    continue
                heads[n] = (encode_move(SLIDE, square, direction) | (np.int64(jump) << HOLE_JUMP)
                            | (np.int64(throw + 1) << STORM_THROW))
                left = np.int64(after[SUPPLY + me]) - krill_eggs(after, me, entered_mask(path, entered))
                if left == 0 and winner < 0:
                    winner = n
                gain = (np.int64(state[SUPPLY + me]) - left
                        + np.int64(after[SUPPLY + rival]) - np.int64(state[SUPPLY + rival]))
                if gain > best_gain:
                    best_gain = gain
                    best = n
                n += 1
    return n, winner, best


@njit(cache=True)
def tile_playout_step(state, moves, rng):
    """The light playout policy's legal move in a tile position, -1 once the game is over: a
    landing or slide that empties the supply at once, else half the time the slide that gains
    most, else a uniformly drawn action; then one of that action's follow-ups laying the most eggs,
    drawn uniformly (`most_eggs`)."""
    if game_over(state):
        return np.int64(-1)
    me = np.int64(state[TURN])
    empty = board_mask(spaces(state)) & ~all_occupied(state)
    landings = popcount(empty)
    if state[PHASE] != PLAY_PHASE:
        return encode_move(RIVAL_EGG, nth_square(empty, random_below(rng, landings)), 0) if landings else np.int64(-1)
    buf = np.empty((SCRATCH + 1, STATE_LEN), dtype=np.uint64)  # the rows the generator's follow-ups use
    listed = np.empty((8, STATE_LEN), dtype=np.uint64)  # and room for the positions of its other orders (P-9a)
    path = np.empty(PATH_ROOM, dtype=np.int64)
    after = buf[2]  # the row the generator's action stage uses; its follow-ups use rows 3-7
    eggs = hatchable(state, me) if hatchling_stock(state, me) != 0 else ZERO
    hatchings = popcount(eggs)
    heads = moves  # the slides' codes, until the chosen action's follow-ups take their place
    slides, winner, best = tile_slides(state, me, heads, after, path, rng)
    total = landings + hatchings + slides
    if total == 0:
        # A full board: what is left needs a part this policy never plays (the seal stepping
        # onto an egg first, an orbit), or nothing is left (P-8); the generator tells which.
        n = tile_moves(state, moves)
        return moves[random_below(rng, min(n, moves.shape[0]))] if n else np.int64(-1)
    if landings and state[SUPPLY + me] == np.uint64(1):
        pick = random_below(rng, landings)  # the last egg: any landing wins
    elif winner >= 0:
        pick = landings + hatchings + winner
    elif best >= 0 and random_unit(rng) < 0.5:
        pick = landings + hatchings + best
    else:
        pick = random_below(rng, total)
    copy_words(state, after)
    entered = ZERO
    final = np.int64(-1)
    if pick < landings:
        code = encode_move(LAND, nth_square(empty, pick), 0)
        lay(after, me, code & 63)
    elif pick < landings + hatchings:
        code = encode_move(HATCH, nth_square(eggs, pick - landings), 0)
        hatch(after, me, code & 63)
    else:
        code = heads[pick - landings - hatchings]
        k, final, captured = thrown_slide(state, me, code, after, path)
        entered = entered_mask(path, k)
    n = follow_up_moves(state, after, me, code, entered, final, NO, NO, moves, np.int64(0), buf, listed)
    return most_eggs(moves, min(n, moves.shape[0]), rng)
