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
from kernels.penguins.penguins_eval import is_opening, term_rows, weigh_terms
from kernels.penguins.penguins_eval import evaluate as plain_evaluate
from kernels.penguins.penguins_eval import evaluation_terms as plain_terms
from kernels.penguins.penguins_layout import (
    EGGS,
    EMPEROR,
    HOLES,
    KRILL,
    ORBIT,
    ORBITERS,
    PATH_ROOM,
    PENGUINS,
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


@njit(cache=True, inline="always")
def tile_side_terms(state, side, opening, path):
    """One side's terms of the evaluation (penguins_eval's T_* order) in a tile position: its
    explorations walked by the tile rules, the hatch terms reading only the eggs that may hatch
    (P-17, P-18)."""
    bits = state[PENGUINS + side] | state[STARS + side]
    best, most, count = tile_reach(state, side, bits, path)
    hatch_best, hatch_count = np.int64(0), np.int64(0)
    if opening and hatchling_stock(state, side) != 0:
        hatch_best, _, hatch_count = tile_reach(state, side, hatchable(state, side), path)
    win = np.int64(1) if can_win_at_once(state, side, most) else np.int64(0)
    return (np.int64(state[SUPPLY + side]), best, count, popcount(bits), hatch_best, hatch_count, win)


@njit(cache=True)
def tile_evaluate(state, weights):
    """The plain evaluation's score (penguins_eval.evaluate) of a tile position: the same terms,
    weighed the same way, each read by the tile rules (tile_side_terms)."""
    path = np.empty(PATH_ROOM, dtype=np.int64)
    me = np.int64(state[TURN])
    opening = is_opening(state)
    return weigh_terms(state, tile_side_terms(state, me, opening, path),
                       tile_side_terms(state, 1 - me, opening, path), weights)


@njit(cache=True)
def evaluate(state, weights):
    """Heuristic score for the side to move (higher is better), in hundredths of an egg: a
    position without tiles by the plain evaluation, one with tiles by `tile_evaluate`."""
    if state[TILES] == ZERO:
        return plain_evaluate(state, weights)
    return tile_evaluate(state, weights)


@njit(cache=True)
def evaluation_terms(state):
    """Both sides' evaluation terms (rows A and B, penguins_eval's T_* columns), for a hint's
    reasons: those `evaluate` weighs, a position without tiles by the plain evaluation's."""
    if state[TILES] == ZERO:
        return plain_terms(state)
    path = np.empty(PATH_ROOM, dtype=np.int64)
    opening = is_opening(state)
    return term_rows(tile_side_terms(state, 0, opening, path), tile_side_terms(state, 1, opening, path))
