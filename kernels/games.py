"""One entry point per kernel operation for every game, dispatched on a plain integer game id.

The generic searches in solver/search/ call these, so they are compiled once per game without
passing jitted functions around (that pattern defeats numba's on-disk cache: NUMBA.md).
"""

import numpy as np
from numba import njit

from kernels import penguins

PENGUINS = 0
GAME_IDS = {"penguins": PENGUINS}
# Room for the legal moves of a position of any game.
MAX_MOVES = penguins.MAX_MOVES


@njit(cache=True)
def legal_moves(game, state, out):
    """Write the legal moves into `out`, return their number (0 when the game is over)."""
    if game == PENGUINS:
        return penguins.legal_moves(state, out)
    return 0


@njit(cache=True)
def apply(game, state, move, out):
    """Write into `out` the state after the legal `move`."""
    if game == PENGUINS:
        penguins.apply(state, move, out)


@njit(cache=True)
def is_over(game, state):
    """True when the game has ended (cheaper than generating the moves)."""
    if game == PENGUINS:
        return penguins.status(state) != penguins.ONGOING
    return True


@njit(cache=True)
def num_players(game):
    """Number of players (seats that score separately)."""
    return 2


@njit(cache=True)
def to_move(game, state):
    """The player to move."""
    if game == PENGUINS:
        return np.int64(state[penguins.TURN])
    return 0


@njit(cache=True)
def terminal_values(game, state, values):
    """For a finished game write each player's result into `values` (1 win, 0 loss, 0.5 draw)."""
    if game == PENGUINS:
        outcome = penguins.status(state)
        values[:] = 0.5
        if outcome == penguins.WIN_A:
            values[0], values[1] = 1.0, 0.0
        elif outcome == penguins.WIN_B:
            values[0], values[1] = 0.0, 1.0


@njit(cache=True)
def evaluate(game, state, weights):
    """Heuristic score of a position for the player to move (hundredths of an egg for penguins)."""
    if game == PENGUINS:
        return penguins.evaluate(state, weights)
    return np.int64(0)


@njit(cache=True)
def playout_move(game, state, moves, n, rng):
    """The move a playout plays among the `n` legal `moves` (the game's light policy)."""
    if game == PENGUINS:
        return penguins.playout_move(state, moves, n, rng)
    return moves[0]


def default_weights(game: int) -> np.ndarray:
    """The tuned evaluation weights of a game (a copy: callers may change it)."""
    return {PENGUINS: penguins.EVAL_WEIGHTS}[game].copy()
