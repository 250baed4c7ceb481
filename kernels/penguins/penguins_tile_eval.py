"""The penguins evaluation of a tile position (P-9..P-23): the plain evaluation's features
(kernels/penguins/penguins_eval.py), each slide followed by the tile rules.

The plain features trace a slide by P-6 alone (`trace`): the seagull, emperor penguin, nest and
seal are passed over, storms, holes, seaweed and frozen eggs are not seen, krill eggs and orbits
do not count. Here every exploration is walked as the move generator walks it (`walk` in
kernels/penguins/penguins_tiles.py), and what a move gains counts the eggs the tile rules give:
the storm's egg when it throws the penguin on (P-15), the seaweed's space (P-21), one egg per
krill tile entered (P-23), and the emperor penguin's egg for a win at once (P-12). The weights
are the plain evaluation's (EVAL_WEIGHTS, the same eight features); docs/tuning.md has the runs.

The full kernel (kernels/penguins/penguins_kernel.py) calls `evaluate` here, which sends a
position without tiles to the plain evaluation unchanged; the plain kernel
(kernels/penguins/penguins_plain.py) never compiles this module.
"""

import numpy as np
from numba import njit

from kernels.bits import ONE, ZERO, bit, lowest_square, popcount
from kernels.penguins.penguins_eval import (
    OPENING_PENGUINS,
    W_BEST_SLIDE,
    W_HATCH_SLIDE,
    W_HATCH_SLIDES,
    W_PENGUINS,
    W_SLIDES,
    W_SUPPLY,
    W_THREAT,
    W_WIN_NOW,
)
from kernels.penguins.penguins_eval import evaluate as plain_evaluate
from kernels.penguins.penguins_layout import (
    EGGS,
    EMPEROR,
    HOLES,
    KRILL,
    ORBIT,
    ORBITERS,
    PATH_ROOM,
    PENGUINS,
    PHASE,
    PLAY_PHASE,
    SLIDE,
    STARS,
    SUPPLY,
    TILES,
    TURN,
)
from kernels.penguins.penguins_moves import hatchling_stock
from kernels.penguins.penguins_tiles import entered_mask, hatchable, step_targets, storm_throws, walk


@njit(cache=True)
def exploration_value(state, side, square, path, k, stop, captured, thawed, storm):
    """(eggs the exploration walked into `path` lets `side` lay, before its supply runs out;
    rival eggs it sends back less own eggs): the start and every space entered but the stop
    (P-7), the seaweed's space too (P-21), the storm's when it throws the penguin on (P-15), and
    one per krill tile entered (P-23)."""
    laid = k if stop < 0 or (storm and storm_throws(state, side, square, path, k, stop) != 0) else k - 1
    eggs = 1 + laid + popcount(entered_mask(path, k) & state[KRILL])
    back = popcount(captured)
    if thawed >= 0:  # P-17: the frozen egg that stopped it goes back to its owner
        back += 1 if state[EGGS + 1 - side] & bit(thawed) else -1
    return eggs, back


@njit(cache=True)
def tile_reach(state, side, bits, path):
    """(best gain of one exploration, most eggs one exploration lays, number of legal
    explorations) of `side`, as if it were to move, for explorations starting on the spaces of
    `bits`: slides with and without a hole jump (P-20), and orbits of the penguins that may
    orbit the nest (P-13). A gain is the eggs laid (at most the supply) plus the rival eggs sent
    back, as in the plain `slide_gain`."""
    supply = np.int64(state[SUPPLY + side])
    jumps = 2 if popcount(state[HOLES]) == 2 else 1
    best = np.int64(0)
    most = np.int64(0)
    count = np.int64(0)
    while bits:
        square = lowest_square(bits)
        bits &= bits - ONE
        orbits = 2 if state[ORBITERS] & bit(square) else 0
        for way in range(6 * jumps + orbits):
            if way < 6 * jumps:
                k, stop, captured, thawed, storm = walk(state, side, square, SLIDE, way % 6, way // 6, path)
            else:
                k, stop, captured, thawed, storm = walk(state, side, square, ORBIT, way - 6 * jumps, 0, path)
            if k < 0:
                continue
            count += 1
            eggs, back = exploration_value(state, side, square, path, k, stop, captured, thawed, storm)
            best = max(best, min(eggs, supply) + back)
            most = max(most, eggs)
    return best, most, count


@njit(cache=True, inline="always")
def emperor_egg(state, side):
    """1 when the emperor penguin could step now and leave one of `side`'s supply eggs (P-12)."""
    if state[EMPEROR] == ZERO or state[SUPPLY + side] == ZERO or step_targets(state, EMPEROR) == 0:
        return np.int64(0)
    return np.int64(1)


@njit(cache=True, inline="always")
def can_win_at_once(state, side, most):
    """True if `side`, on move, could empty its supply with one move: an exploration laying
    enough eggs with its krill eggs, or a landing, each with the emperor's egg where it can step."""
    supply = np.int64(state[SUPPLY + side])
    extra = emperor_egg(state, side)
    return most + extra >= supply or 1 + extra >= supply


@njit(cache=True)
def tile_evaluate(state, weights):
    """The plain evaluation's score (penguins_eval.evaluate) of a tile position, its slides
    walked by the tile rules; the opening's hatch features read only the eggs that may hatch
    (P-17, P-18)."""
    path = np.empty(PATH_ROOM, dtype=np.int64)
    me = np.int64(state[TURN])
    rival = 1 - me
    my_penguins_bits = state[PENGUINS + me] | state[STARS + me]
    rival_penguins_bits = state[PENGUINS + rival] | state[STARS + rival]
    my_best, my_most, my_slides = tile_reach(state, me, my_penguins_bits, path)
    rival_best, rival_most, rival_slides = tile_reach(state, rival, rival_penguins_bits, path)
    my_penguins = popcount(my_penguins_bits)
    rival_penguins = popcount(rival_penguins_bits)
    score = weights[W_SUPPLY] * (np.int64(state[SUPPLY + rival]) - np.int64(state[SUPPLY + me]))
    score += weights[W_BEST_SLIDE] * (my_best - rival_best)
    score += weights[W_SLIDES] * (my_slides - rival_slides)
    score += weights[W_PENGUINS] * (my_penguins - rival_penguins)
    if my_penguins + rival_penguins <= OPENING_PENGUINS:
        for side, sign in ((me, 1), (rival, -1)):
            if hatchling_stock(state, side) != 0:
                best, _, count = tile_reach(state, side, hatchable(state, side), path)
                score += sign * (weights[W_HATCH_SLIDE] * best + weights[W_HATCH_SLIDES] * count)
    if state[PHASE] == PLAY_PHASE and can_win_at_once(state, me, my_most):
        score += weights[W_WIN_NOW]
    if can_win_at_once(state, rival, rival_most):
        score -= weights[W_THREAT]
    return score


@njit(cache=True)
def evaluate(state, weights):
    """Heuristic score for the side to move (higher is better), in hundredths of an egg: a
    position without tiles by the plain evaluation, one with tiles by `tile_evaluate`."""
    if state[TILES] == ZERO:
        return plain_evaluate(state, weights)
    return tile_evaluate(state, weights)
