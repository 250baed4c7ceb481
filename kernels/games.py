"""One entry point per kernel operation for every game, dispatched on a plain integer game id.

The generic searches in solver/search/ call these, so they are compiled once per game without
passing jitted functions around (that pattern defeats numba's on-disk cache: NUMBA.md).
"""

import numpy as np
from numba import njit

from kernels.island import island_kernel as island
from kernels.penguins import penguins_kernel as penguins

PENGUINS = 0
ISLAND = 1
GAME_IDS = {"penguins": PENGUINS, "island": ISLAND}
# Games alpha-beta can search: two players, no dice (the others need MCTS or expectimax).
TWO_PLAYER_DETERMINISTIC = frozenset({PENGUINS})
# Room for the legal moves of a position of any game. A penguins position with tiles can have
# more (P-9 combinations, see kernels/penguins/penguins_kernel.py): the searches then see the first MAX_MOVES.
MAX_MOVES = max(penguins.MAX_MOVES, island.MAX_MOVES)


@njit(cache=True)
def legal_moves(game, state, out):
    """Write the legal moves into `out`, return their number (0 when the game is over); never more
    than `out` holds."""
    if game == PENGUINS:
        return min(penguins.legal_moves(state, out), out.shape[0])
    elif game == ISLAND:
        return island.legal_moves(state, out)
    return 0


@njit(cache=True)
def move_count(game, state, out):
    """The true number of legal moves, which can exceed what `out` holds (penguins tiles, P-9);
    `out` is scratch room for the moves that fit."""
    if game == PENGUINS:
        return penguins.legal_moves(state, out)
    return legal_moves(game, state, out)


@njit(cache=True)
def apply(game, state, move, out):
    """Write into `out` the state after the legal `move`."""
    if game == PENGUINS:
        penguins.apply(state, move, out)
    elif game == ISLAND:
        island.apply(state, move, out)


@njit(cache=True)
def is_over(game, state):
    """True when the game has ended (cheaper than generating the moves)."""
    if game == PENGUINS:
        return penguins.status(state) != penguins.ONGOING
    elif game == ISLAND:
        return island.is_over(state)
    return True


@njit(cache=True)
def num_players(game):
    """Number of players (seats that score separately); for Island Project the most seats a
    game can have (4): seats beyond a position's players score 0."""
    if game == PENGUINS:
        return 2
    elif game == ISLAND:
        return island.MAX_SEATS
    return 2


@njit(cache=True)
def to_move(game, state):
    """The player to move."""
    if game == PENGUINS:
        return np.int64(state[penguins.TURN])
    elif game == ISLAND:
        return np.int64(state[island.TO_MOVE])
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
    elif game == ISLAND:
        island.terminal_values(state, values)


@njit(cache=True)
def evaluate(game, state, weights):
    """Heuristic score of a position for the player to move (hundredths of an egg for penguins,
    of a food for Island Project)."""
    if game == PENGUINS:
        return penguins.evaluate(state, weights)
    elif game == ISLAND:
        return island.evaluate(state, weights)
    return np.int64(0)


@njit(cache=True)
def playout_move(game, state, moves, n, rng):
    """The move a playout plays among the `n` legal `moves` (the game's light policy)."""
    if game == PENGUINS:
        return penguins.playout_move(state, moves, n, rng)
    elif game == ISLAND:
        return island.playout_move(state, moves, n, rng)
    return moves[0]


@njit(cache=True)
def is_chance(game, state):
    """True when the next move is chosen by chance (dice), not by a player."""
    if game == PENGUINS:
        return False
    elif game == ISLAND:
        return island.is_chance(state)
    return False


@njit(cache=True)
def chance_outcomes(game, state, out_moves, out_probs):
    """At a chance node write the outcomes (moves) and their probabilities; return their number
    (0 where the position is not a chance node)."""
    if game == PENGUINS:
        return 0
    elif game == ISLAND:
        return island.chance_outcomes(state, out_moves, out_probs)
    return 0


def default_weights(game: int) -> np.ndarray:
    """The tuned evaluation weights of a game (a copy: callers may change it)."""
    return {PENGUINS: penguins.EVAL_WEIGHTS, ISLAND: island.EVAL_WEIGHTS}[game].copy()
