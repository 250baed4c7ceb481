"""The penguins kernel for every position, tiles or not (P-1..P-23): the operations every search
calls (kernels/dispatch.py).

A position without tiles (TILES = 0) takes the plain fast path of P-1..P-8
(kernels/penguins/penguins_moves.py); the tile rules (kernels/penguins/penguins_tiles.py) run
only where TILES = 1. Searches on a position without tiles use kernels/penguins/penguins_plain.py
instead, which compiles no tile code at all.

Must agree move for move with the reference rules in solver/games/penguins/penguins_rules.py;
tests/penguins/test_penguins_differential.py checks that on thousands of random games, with and
without tiles.

Moves of a tile position can be very many (seagull x krill x emperor x seal choices multiply):
legal_moves writes at most len(out) of them and returns the true number, so a caller sees that
its buffer was too small. MAX_MOVES (4096) sizes the search buffers; perft grows its own.
A search can instead choose a tile move by its parts (part_moves): the action first, from a list
that costs the actions' walks alone, then one of the moves having that action.
"""

import numpy as np
from numba import njit

from kernels.bits import ZERO, copy_words
from kernels.move_parts import NO_PREFIX  # part_moves' prefix for the first parts of a move
from kernels.penguins.penguins_eval import EVAL_WEIGHTS, playout_move  # noqa: F401  (operations)
from kernels.penguins.penguins_layout import HAS_CHANCE, MAX_MOVES, ONGOING, PHASE, PLAIN_LEN, PLAIN_MOVES, PLAY_PHASE, SEATS, STATE_LEN, TILES  # noqa: F401
from kernels.penguins.penguins_moves import (
    UNSETTLED,
    actions,
    game_over,
    outcome_values,
    plain_apply,
    settled_status,
    stuck_status,
)
from kernels.penguins.penguins_plain import chance_outcomes, is_chance, to_move  # noqa: F401  (operations)
from kernels.penguins.penguins_plain import status as plain_status
from kernels.penguins.penguins_playout import tile_playout_step
from kernels.penguins.penguins_tile_eval import evaluate  # noqa: F401  (operation: tiles walked by their rules)
from kernels.penguins.penguins_tiles import (
    ACTION_PARTS,
    has_legal_move,
    listed_moves,
    one_move_per_action,
    tile_apply,
    tile_moves,
)


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
def part_moves(state, prefix, out, whole):
    """The parts of the legal moves (kernels/dispatch.py): with prefix NO_PREFIX the action parts
    of a tile position in play (a move's ACTION_FIELDS, whole 0), with one of them its legal moves
    (whole 1). Explorations from one space that give the same position after the action are one
    part, the first listed (P-9a: a slide and its hole jump, an orbit step a slide takes too), so
    the parts reach every position of the legal moves but not every move. Where each action is one
    whole move (no tiles, the setup, no tile that adds a choice to an action), NO_PREFIX lists the
    legal moves. `whole` is a uint8 array; writes at most len(out), returns the true number."""
    if prefix == NO_PREFIX and (state[TILES] == ZERO or state[PHASE] != PLAY_PHASE or one_move_per_action(state)):
        n = legal_moves(state, out)
        part = False
    elif game_over(state):
        return 0
    else:
        part = prefix == NO_PREFIX
        n = listed_moves(state, out, ACTION_PARTS if part else np.int64(prefix))
    for i in range(min(n, out.shape[0])):
        whole[i] = 0 if part else 1
    return n


@njit(cache=True)
def status(state):
    """ONGOING, WIN_A, WIN_B or DRAW, checked in P-8's order."""
    if state[TILES] == ZERO:
        return plain_status(state)
    outcome = settled_status(state)
    return outcome if outcome != UNSETTLED else stuck_status(state, 1 if has_legal_move(state) else 0)


@njit(cache=True)
def apply(state, move, out):
    """Write into `out` the position after the legal `move` (legality is not checked)."""
    if state[TILES] != ZERO:
        tile_apply(state, move, out)
        return
    copy_words(state, out, PLAIN_LEN)
    plain_apply(state, move, out)


@njit(cache=True)
def is_over(state):
    """True when the game has ended."""
    return status(state) != ONGOING


@njit(cache=True)
def terminal_values(state, values):
    """Each side's result of a finished game: 1 win, 0 loss, 0.5 draw."""
    outcome_values(status(state), values)


# MCTS on a tile board: PUCT with one ply of the evaluation as priors (kernels/penguins/penguins_judge.py),
# the light policy's playouts cut after MCTS_CUT plies and valued by the evaluation (search_values):
# docs/strength.md "Penguins tile boards: MCTS with priors and cut playouts".
SCRIPTED_PLAYER = "penguins.penguins_judge"
MCTS_PLAYOUT = "policy"  # one ply of the evaluation per playout move would cost a move listing each ply
MCTS_CUT = 4
EVAL_SCALE = 200.0  # hundredths of an egg for odds of e:1 (search_values of a playout cut short)


@njit(cache=True)
def search_values(state, values):
    """Each side's chance of winning from `state` as MCTS backs it up: its result once the game is
    over, else the evaluation made a probability (logistic: a lead of EVAL_SCALE is odds of e:1)."""
    if is_over(state):
        terminal_values(state, values)
        return
    mover = to_move(state)
    chance = 1.0 / (1.0 + np.exp(-evaluate(state, EVAL_WEIGHTS) / EVAL_SCALE))
    values[mover] = chance
    values[1 - mover] = 1.0 - chance


@njit(cache=True)
def playout_step(state, moves, rng):
    """The light playout policy's move, -1 once the game is over; a tile position's without
    listing every combined move (kernels/penguins/penguins_playout.py)."""
    if state[TILES] != ZERO:
        return tile_playout_step(state, moves, rng)
    n = legal_moves(state, moves)
    return playout_move(state, moves, n, rng) if n > 0 else np.int64(-1)
