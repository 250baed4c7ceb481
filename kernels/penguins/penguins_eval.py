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


# A side's terms of the evaluation (side_terms), in this order; the evaluation weighs the
# difference of the two sides' (SIDE_WEIGHTS: the weight of each), a hint names the terms that
# change most (solver/games/penguins/penguins_why.py).
T_SUPPLY, T_BEST_SLIDE, T_SLIDES, T_PENGUINS, T_HATCH_SLIDE, T_HATCH_SLIDES, T_WIN_NOW = range(7)
SIDE_TERMS = 7
SIDE_WEIGHTS = (W_SUPPLY, W_BEST_SLIDE, W_SLIDES, W_PENGUINS, W_HATCH_SLIDE, W_HATCH_SLIDES, W_WIN_NOW)


@njit(cache=True, inline="always")
def is_opening(state):
    """True while both sides together have at most OPENING_PENGUINS penguins out: the hatch terms count."""
    penguins = state[PENGUINS] | state[STARS] | state[PENGUINS + 1] | state[STARS + 1]
    return popcount(penguins) <= OPENING_PENGUINS


@njit(cache=True, inline="always")
def side_terms(state, side, opening):
    """The evaluation's terms of one side (T_* order): eggs still to place, the best slide, the
    number of slides, penguins on the board, the best slide and number of slides of a penguin
    hatched from its eggs (`opening` only, else 0), and 1 when it could empty its supply with one
    move (a win now, or a threat)."""
    bits = state[PENGUINS + side] | state[STARS + side]
    best, longest, slides = slide_reach(state, side, bits)
    hatch_best, hatch_slides = hatch_reach(state, side) if opening else (np.int64(0), np.int64(0))
    win = np.int64(1) if can_win_now(state, side, longest) else np.int64(0)
    return (np.int64(state[SUPPLY + side]), best, slides, popcount(bits), hatch_best, hatch_slides, win)


@njit(cache=True, inline="always")
def weigh_terms(state, mine, theirs, weights):
    """The evaluation from the two sides' terms: each term's difference weighed, the mover's win
    now (in the play phase only: a placement cannot empty the supply) and the rival's threat."""
    score = weights[W_SUPPLY] * (theirs[T_SUPPLY] - mine[T_SUPPLY])
    score += weights[W_BEST_SLIDE] * (mine[T_BEST_SLIDE] - theirs[T_BEST_SLIDE])
    score += weights[W_SLIDES] * (mine[T_SLIDES] - theirs[T_SLIDES])
    score += weights[W_PENGUINS] * (mine[T_PENGUINS] - theirs[T_PENGUINS])
    score += weights[W_HATCH_SLIDE] * (mine[T_HATCH_SLIDE] - theirs[T_HATCH_SLIDE])
    score += weights[W_HATCH_SLIDES] * (mine[T_HATCH_SLIDES] - theirs[T_HATCH_SLIDES])
    if state[PHASE] == PLAY_PHASE:
        score += weights[W_WIN_NOW] * mine[T_WIN_NOW]
    return score - weights[W_THREAT] * theirs[T_WIN_NOW]


@njit(cache=True)
def evaluate(state, weights):
    """Heuristic score for the side to move (higher is better), in hundredths of an egg: the two
    sides' terms (side_terms) weighed (weigh_terms)."""
    me = np.int64(state[TURN])
    opening = is_opening(state)
    return weigh_terms(state, side_terms(state, me, opening), side_terms(state, 1 - me, opening), weights)


@njit(cache=True, inline="always")
def term_rows(a_terms, b_terms):
    """Two sides' terms (tuples in T_* order) as the rows of an array: A's, then B's."""
    out = np.zeros((2, SIDE_TERMS), dtype=np.int64)
    for t in range(SIDE_TERMS):
        out[0, t] = a_terms[t]
        out[1, t] = b_terms[t]
    return out


@njit(cache=True)
def evaluation_terms(state):
    """Both sides' evaluation terms (rows A and B, columns in T_* order), for a hint's reasons:
    the same side_terms the evaluation weighs."""
    opening = is_opening(state)
    return term_rows(side_terms(state, 0, opening), side_terms(state, 1, opening))


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
