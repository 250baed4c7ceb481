"""The penguins evaluation and light playout policy, on the kernel's uint64 words.

Both read the plain slide rules (P-6) only: a tile position is scored by
kernels/penguins/penguins_tile_eval.py and played out by kernels/penguins/penguins_playout.py,
with the same weights. Weights are tuned by self-play (docs/tuning.md).
"""

import numpy as np
from numba import njit

from kernels.bits import ONE, lowest_square, popcount
from kernels.penguins.penguins_layout import EGGS, LAND, PENGUINS, PHASE, PLAY_PHASE, SLIDE, STARS, SUPPLY, TURN
from kernels.penguins.penguins_moves import hatchling_stock, trace
from kernels.rng import random_below, random_unit


# Evaluation weights, indices into the weights array (tuned by self-play: docs/strength.md).
W_SUPPLY, W_BEST_SLIDE, W_SLIDES, W_PENGUINS, W_WIN_NOW, W_THREAT, W_HATCH_SLIDE, W_HATCH_SLIDES = range(8)
EVAL_WEIGHTS = np.array([100, 40, 5, 30, 5000, 3000, 20, 3], dtype=np.int64)
# The eggs are counted in the opening only, while both sides together have at most this many
# penguins out: later features 1-3 read enough real slides, and skipping the eggs keeps the
# middle game's evaluation as fast as before (docs/PERFORMANCE.md). Both sides or neither, so
# the hatch that ends the opening does not favour one side.
OPENING_PENGUINS = 2


@njit(cache=True, inline="always")
def slide_gain(state, side, n, captured):
    """What a slide entering `n` spaces and capturing `captured` is worth to `side`: eggs laid
    plus rival eggs captured."""
    return min(n, np.int64(state[SUPPLY + side])) + popcount(captured)


@njit(cache=True)
def slide_reach(state, side, bits):
    """(best gain of one slide, most spaces one slide enters, number of legal slides) of `side`,
    as if it were to move, for slides starting on the spaces of `bits`."""
    best = np.int64(0)
    longest = np.int64(0)
    count = np.int64(0)
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


@njit(cache=True)
def hatch_reach(state, side):
    """(best gain, number) of the slides a penguin hatched from one of `side`'s eggs could make
    at once (P-5 then P-6; its other eggs still stop it); (0, 0) when `side` has no penguin
    left to hatch."""
    if hatchling_stock(state, side) == 0:
        return np.int64(0), np.int64(0)
    best, _, count = slide_reach(state, side, state[EGGS + side])
    return best, count


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
    whether a side can empty its supply with one move (a win now, or a threat), and the best
    slide and the number of slides a penguin hatched from an egg could make (what the eggs on
    the board are worth before they hatch: the opening's features).
    """
    me = np.int64(state[TURN])
    rival = 1 - me
    my_best, my_longest, my_slides = slide_reach(state, me, state[PENGUINS + me] | state[STARS + me])
    rival_best, rival_longest, rival_slides = slide_reach(state, rival, state[PENGUINS + rival] | state[STARS + rival])
    my_penguins = popcount(state[PENGUINS + me] | state[STARS + me])
    rival_penguins = popcount(state[PENGUINS + rival] | state[STARS + rival])
    score = weights[W_SUPPLY] * (np.int64(state[SUPPLY + rival]) - np.int64(state[SUPPLY + me]))
    score += weights[W_BEST_SLIDE] * (my_best - rival_best)
    score += weights[W_SLIDES] * (my_slides - rival_slides)
    score += weights[W_PENGUINS] * (my_penguins - rival_penguins)
    if my_penguins + rival_penguins <= OPENING_PENGUINS:
        my_hatch_best, my_hatch_slides = hatch_reach(state, me)
        rival_hatch_best, rival_hatch_slides = hatch_reach(state, rival)
        score += weights[W_HATCH_SLIDE] * (my_hatch_best - rival_hatch_best)
        score += weights[W_HATCH_SLIDES] * (my_hatch_slides - rival_hatch_slides)
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
