"""The full Oros game kernel with the playouts of before the strength work of issue 14: uniform
plies, and the win alone backed up (no search_values). Only bench/oros_strength.py uses it, as
the baseline its MCTS speed is measured against."""

from numba import njit

from kernels.oros.oros_game_kernel import (  # noqa: F401  (the operations, less search_values)
    HAS_CHANCE,
    MAX_MOVES,
    SEATS,
    STATE_LEN,
    apply,
    chance_outcomes,
    is_chance,
    is_over,
    legal_moves,
    terminal_values,
    to_move,
)
from kernels.rng import random_below


@njit(cache=True, inline="always")
def playout_move(state, moves, n, rng):
    """The uniform playout: a uniformly random one of the n legal plies."""
    return moves[random_below(rng, n)]
