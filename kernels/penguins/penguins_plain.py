"""The penguins kernel for positions without tiles (TILES = 0, P-1..P-8): the operations every
search calls (kernels/dispatch.py), on the plain move generator alone.

A position without tiles never gains one, so a search that starts on such a position compiles
this variant and none of the tile code (kernels/penguins/penguins_kernel.py plays the rest).
"""

import numpy as np
from numba import njit

from kernels.no_chance import chance_outcomes, is_chance  # noqa: F401  (operations: no dice)
from kernels.penguins.penguins_eval import EVAL_WEIGHTS, evaluate, playout_move  # noqa: F401  (operations)
from kernels.penguins.penguins_layout import HAS_CHANCE, ONGOING, PLAIN_MOVES, SEATS, STATE_LEN, TURN  # noqa: F401
from kernels.penguins.penguins_moves import (
    UNSETTLED,
    actions,
    game_over,
    outcome_values,
    plain_apply as apply,  # noqa: F401  (operation; the tile words of `out` stay as they are: 0)
    settled_status,
    stuck_status,
)

MAX_MOVES = PLAIN_MOVES


@njit(cache=True)
def legal_moves(state, out):
    """Write the legal moves into `out` (room for MAX_MOVES) and return their number (0 once the
    game is over)."""
    if game_over(state):
        return 0
    return actions(state, out)


@njit(cache=True)
def status(state):
    """ONGOING, WIN_A, WIN_B or DRAW, checked in P-8's order."""
    outcome = settled_status(state)
    if outcome != UNSETTLED:
        return outcome
    return stuck_status(state, actions(state, np.empty(PLAIN_MOVES, dtype=np.int64)))


@njit(cache=True)
def is_over(state):
    """True when the game has ended."""
    return status(state) != ONGOING


@njit(cache=True, inline="always")
def to_move(state):
    """The side to move (0 = A)."""
    return np.int64(state[TURN])


@njit(cache=True)
def terminal_values(state, values):
    """Each side's result of a finished game: 1 win, 0 loss, 0.5 draw."""
    outcome_values(status(state), values)
